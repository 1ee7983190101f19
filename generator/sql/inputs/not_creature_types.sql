-- data/cards/creature_types.yml `not_creature_types`: subtypes that share Kindred type lines with creature types.
CREATE TABLE not_creature_types (type VARCHAR PRIMARY KEY);
