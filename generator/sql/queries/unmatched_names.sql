-- Names in data/ (every format's banlist.yml, data/cards/affiliation_overrides.yml) that match no card, with the closest real name and the evidence that the name is a
-- real card all the same (known_card_names: the previous build, Scryfall's catalog). A name known to be a
-- real card is absent from this data (the build warns: "Balance" is not a typo of "Lance" because a source
-- lacks Balance). A name close to a card here and known nowhere is a typo (the build stops). Anything else
-- is taken for a card newer than the data in hand (the build warns).
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
),
evidence AS (
    SELECT lower(name) AS lowered, string_agg(DISTINCT source, ' and ' ORDER BY source) AS known_from
    FROM known_card_names GROUP BY lower(name)
)
SELECT c.list, c.card, c.source_line, c.closest_name, c.distance, e.known_from,
       e.known_from IS NULL AND c.distance <= 2 AND length(c.card) > 4 AS near_miss
FROM closest c LEFT JOIN evidence e ON e.lowered = lower(c.card)
ORDER BY c.source_line;
