-- data/creature_types.yml `irregular_plurals`.
CREATE TABLE type_spellings (type VARCHAR, plural VARCHAR);
