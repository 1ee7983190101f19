-- Scryfall's /catalog/creature-types when the build is online (empty otherwise).
CREATE TABLE catalog_types (type VARCHAR PRIMARY KEY);
