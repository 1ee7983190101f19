-- data/cards/vocabulary.yml `affiliation_sources`: why a card is affiliated, rank 0 the strongest evidence.
CREATE TABLE affiliation_sources (source VARCHAR PRIMARY KEY, words VARCHAR, rank INTEGER);
