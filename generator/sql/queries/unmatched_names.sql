-- Names in data/*.yml that match no card, with the closest real name. A close match is taken for a typo
-- (the build stops); anything else is a card newer than the data in hand (the build warns).
WITH named_entries AS (
    SELECT 'banlist' AS list, card, source_line FROM banlist_names
    UNION ALL SELECT 'watchlist', card, source_line FROM watchlist
    UNION ALL SELECT 'exceptions', card, source_line FROM exceptions
    UNION ALL SELECT 'overrides', card, source_line FROM affiliation_overrides
),
known_names AS (
    SELECT DISTINCT lower(name) AS lowered, name FROM cards
    UNION SELECT DISTINCT lower(front_name), front_name FROM cards
),
unmatched AS (
    SELECT * FROM named_entries WHERE lower(card) NOT IN (SELECT lowered FROM known_names)
),
closest AS (
    SELECT u.list, u.card, u.source_line,
           arg_min(k.name, levenshtein(lower(u.card), k.lowered)) AS closest_name,
           min(levenshtein(lower(u.card), k.lowered)) AS distance
    FROM unmatched u CROSS JOIN known_names k
    GROUP BY u.list, u.card, u.source_line
)
SELECT list, card, source_line, closest_name, distance,
       distance <= 2 AND length(card) > 4 AS near_miss
FROM closest
ORDER BY source_line;
