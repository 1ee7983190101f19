-- The `remove` half of data/affiliation_overrides.yml: types taken away from a card, with the reason, so a
-- card can say what was removed and why (050_affiliations.sql drops these rows of every source).
CREATE TABLE affiliation_removals AS
SELECT c.oracle_id, unnest(o.remove_types) AS type, o.reason, o.source_line
FROM affiliation_overrides o JOIN cards c ON lower(o.card) IN (lower(c.name), lower(c.front_name));
