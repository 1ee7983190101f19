-- data/cards/affiliation_overrides.yml: a `remove` names a type the card would otherwise have, i.e. one its
-- type line or rules text names in some spelling (or any type, for a changeling). Removing a type the card
-- never had is a mistake in the file: most likely the wrong card or a misspelt type.
WITH removals AS (
    SELECT o.source_line, c.oracle_id, c.name, unnest(o.remove_types) AS type
    FROM affiliation_overrides o JOIN cards c ON lower(o.card) IN (lower(c.name), lower(c.front_name))
),
named_somewhere AS (
    SELECT DISTINCT r.source_line, r.type
    FROM removals r
    JOIN faces f ON f.oracle_id = r.oracle_id
    JOIN type_forms t ON t.type = r.type
    WHERE list_contains(f.subtypes, r.type)
       OR regexp_matches(f.oracle_text, '\b' || regexp_escape(t.form) || '\b')
       OR regexp_matches(f.oracle_text, '[Cc]hangeling|is every creature type')
)
SELECT r.source_line || ': ' || r.name || ': removes ''' || r.type || ''', which the card does not have' AS problem
FROM removals r ANTI JOIN named_somewhere n USING (source_line, type)
WHERE r.type IN (SELECT type FROM creature_types)
ORDER BY r.source_line, r.type;
