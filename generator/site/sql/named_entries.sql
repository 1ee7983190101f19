-- The entries of format $format's banlist.yml that name cards, each with the card when this data holds it (a name may
-- be newer than the data: the page then links to a Scryfall search instead). A name two cards answer to (one
-- card's front name is another's full name) takes the smallest oracle_id, the same one every build.
-- legal: the card's verdict in the format today (legality), NULL when this data lacks it: a watched card may be
-- legal (and could be banned) or banned (and could be unbanned).
WITH entries AS (
    SELECT 'banned' AS list, card, category, reason, date, NULL::VARCHAR[] AS allows FROM banlist_names WHERE format = $format
    UNION ALL SELECT 'watchlist', card, NULL, reason, NULL, NULL FROM watchlist WHERE format = $format
    UNION ALL SELECT 'exceptions', card, NULL, reason, NULL, allows FROM exceptions WHERE format = $format
),
named AS (
    SELECT lower(name) AS key, oracle_id, name, scryfall_uri, image_normal, mana_cost, type_line FROM cards
    UNION ALL
    SELECT lower(front_name), oracle_id, name, scryfall_uri, image_normal, mana_cost, type_line FROM cards
    WHERE front_name <> name
),
matched AS (
    SELECT e.list, e.card AS name, e.category, e.reason, e.date, e.allows,
           min(n.oracle_id) AS oracle_id, arg_min(n.scryfall_uri, n.oracle_id) AS scryfall_uri,
           arg_min(n.image_normal, n.oracle_id) AS image_normal, arg_min(n.mana_cost, n.oracle_id) AS mana_cost,
           arg_min(n.type_line, n.oracle_id) AS type_line
    FROM entries e
    LEFT JOIN named n ON n.key = lower(e.card)
    GROUP BY ALL
)
SELECT m.*, l.legal
FROM matched m
LEFT JOIN legality l ON l.format = $format AND l.oracle_id = m.oracle_id
ORDER BY m.list, m.name;
