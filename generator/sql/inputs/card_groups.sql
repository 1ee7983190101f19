-- data/cards/vocabulary.yml `card_groups`: code, heading, display order, one card of it ("1 other card").
CREATE TABLE card_groups (card_group VARCHAR PRIMARY KEY, title VARCHAR, position INTEGER, one VARCHAR);
