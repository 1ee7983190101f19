-- data/cards/creature_types.yml `irregular_plurals`, with the line each is written on.
CREATE TABLE type_spellings (type VARCHAR, plural VARCHAR, source_line VARCHAR);
