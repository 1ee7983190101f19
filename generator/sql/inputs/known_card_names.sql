-- Names known to be real cards though this build's data may lack them: the previous build's cards and, when
-- a caller passes it, Scryfall's /catalog/card-names. Evidence for generator/sql/queries/unmatched_names.sql.
CREATE TABLE known_card_names (name VARCHAR, source VARCHAR);
