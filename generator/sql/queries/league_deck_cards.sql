-- The facts `coalition league check` needs about the cards of one deck: $names (as written) -> the card.
-- A two-faced card matches its full or front name, any case; ties broken by name.
SELECT n.asked, c.name, c.color_identity, c.reserved, c.legalities[$legality] AS legality,
       coalesce(c.keywords, []) AS keywords, c.released_at, c.type_line, c.front_type_line, c.oracle_text,
       c.front_legendary_creature, (c.oracle_text ILIKE '%can be your commander%') AS can_command
FROM (SELECT unnest($names) AS asked) n
LEFT JOIN cards c ON lower(n.asked) IN (lower(c.name), lower(c.front_name))
QUALIFY row_number() OVER (PARTITION BY n.asked ORDER BY c.name) = 1
