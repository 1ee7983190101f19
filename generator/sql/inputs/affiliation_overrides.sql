-- data/cards/affiliation_overrides.yml: types added to or removed from one card, with why.
CREATE TABLE affiliation_overrides (card VARCHAR, add_types VARCHAR[], remove_types VARCHAR[], reason VARCHAR, source_line VARCHAR);
