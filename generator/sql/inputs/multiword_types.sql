-- data/cards/creature_types.yml `multiword_types`.
CREATE TABLE multiword_types (type VARCHAR PRIMARY KEY);
