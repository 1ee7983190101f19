-- data/cards/vocabulary.yml `card_groups`: code, heading, display order.
CREATE TABLE card_groups (card_group VARCHAR PRIMARY KEY, title VARCHAR, position INTEGER);
