-- Cards by name, ignoring case, accents ("Lim-Dul" finds Lim-Dûl) and straight or curly apostrophes: the
-- full name or, for a two-faced card, its front face's name. Meld results are found too (so a player hears
-- why they are no deck card); a deck card of the same name comes first. $names is a list; position says
-- which name each row answers.
WITH wanted AS (
    SELECT unnest($names) AS asked, generate_subscripts($names, 1) AS position
),
normalised AS (
    SELECT asked, position, strip_accents(lower(replace(asked, '’', ''''))) AS key FROM wanted
),
named AS (
    SELECT oracle_id, name, front_name, 0 AS rank FROM cards
    UNION ALL
    SELECT oracle_id, name, name, 1 FROM meld_results
)
SELECT n.position, n.asked, c.oracle_id, c.name
FROM normalised n
LEFT JOIN named c
       ON n.key IN (strip_accents(lower(replace(c.name, '’', ''''))), strip_accents(lower(replace(c.front_name, '’', ''''))))
ORDER BY n.position, c.rank, c.name;
