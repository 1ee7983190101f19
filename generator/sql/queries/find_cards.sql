-- Cards by name, case-insensitively and with straight or curly apostrophes: the full name or, for a
-- two-faced card, its front face's name. $names is a list; position says which name each row answers.
WITH wanted AS (
    SELECT unnest($names) AS asked, generate_subscripts($names, 1) AS position
),
normalised AS (
    SELECT asked, position, lower(replace(asked, '’', '''')) AS key FROM wanted
)
SELECT n.position, n.asked, c.oracle_id, c.name
FROM normalised n
LEFT JOIN cards c
       ON n.key IN (lower(replace(c.name, '’', '''')), lower(replace(c.front_name, '’', '''')))
ORDER BY n.position, c.name;
