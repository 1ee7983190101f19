-- Every reason a card may not be played in a format, one row each, except the legendary rule (which needs
-- to know the leaders first: see 090_legality.sql). evidence says what in the data triggered it. The
-- computed categories are found on every card once; a format applies those its banlist.yml switches on.
CREATE TABLE card_bans AS
WITH base_pool AS (
    -- A format's base pool: the cards whose Scryfall legality in one format is one of the allowed values.
    -- Coalition's is Vintage's pool, banned cards included (real paper cards: digital-only and joke cards
    -- are not_legal there). Legality comes from `legalities`, never from the chosen printing's border,
    -- frame or `games` (a gold-bordered World Championship printing lists no paper game).
    SELECT f.format,
           s.value ->> '$.legality' AS legality,
           list_transform(json_extract(s.value, '$.allowed')::VARCHAR[], lambda v: trim(v, '"')) AS allowed,
           s.value ->> '$.reason' AS reason,
           s.value ->> '$.banned_reason' AS banned_reason   -- a banned card's own code, when the format gives one
    FROM formats f JOIN format_settings s ON s.format = f.format AND s.key = 'base_pool'
),
outside_pool AS (
    SELECT b.format, c.oracle_id,
           CASE WHEN c.legalities[b.legality] = 'banned' AND b.banned_reason IS NOT NULL THEN b.banned_reason
                ELSE b.reason END AS reason,
           b.legality || ': ' || coalesce(c.legalities[b.legality], 'missing') AS evidence
    FROM cards c, base_pool b
    WHERE NOT list_contains(b.allowed, coalesce(c.legalities[b.legality], 'missing'))
),
reserved AS (
    SELECT oracle_id, 'reserved_list', 'reserved: true' FROM cards WHERE reserved
),
conspiracy AS (
    SELECT DISTINCT oracle_id, 'conspiracy', 'card type Conspiracy' FROM faces WHERE list_contains(card_types, 'Conspiracy')
),
ante AS (
    SELECT DISTINCT oracle_id, 'ante', 'mentions ante' FROM faces WHERE regexp_matches(oracle_text, '\bante\b')
),
sticker_attraction AS (
    -- Cards that bring an Attraction or a sticker into the game: an Attraction itself, a card that opens one
    -- (CR 701.51), or one that puts or distributes stickers or has sticker kicker (CR 123, 702.33h). A card
    -- that only mentions them stays legal: Black Hole counts visited Attractions, "Whenever you put a
    -- sticker…" reacts to other cards' stickers, and ticket counters {TK} alone bring no sticker.
    -- Reminder text and the card's own name are left out (Fatal Attraction is an ordinary Aura).
    SELECT oracle_id, 'sticker_attraction', min(evidence)
    FROM (
        SELECT oracle_id,
               CASE WHEN list_contains(subtypes, 'Attraction') THEN 'an Attraction'
                    WHEN regexp_matches(own_text, '\b[Oo]pen (?:an?|one|two|three|X) Attractions?\b') THEN 'opens an Attraction'
                    WHEN regexp_matches(regexp_replace(own_text, '[Ww]henever you (?:put|place) [^.]*', '', 'g'),
                                        '\b(?:[Pp]ut|[Dd]istribute)s? [^.]*\bstickers?\b') THEN 'puts a sticker'
                    WHEN regexp_matches(own_text, '\b[Ss]ticker kicker\b') THEN 'sticker kicker'
               END AS evidence
        FROM (SELECT oracle_id, subtypes,
                     regexp_replace(replace(oracle_text, face_name, '~'), '\([^()]*\)', ' ', 'g') AS own_text
              FROM faces)
    )
    WHERE evidence IS NOT NULL
    GROUP BY oracle_id
),
named AS (
    SELECT b.format, c.oracle_id, b.category, b.source_line
    FROM banlist_names b JOIN cards c ON lower(b.card) IN (lower(c.name), lower(c.front_name))
),
computed(oracle_id, reason, evidence) AS (
    SELECT * FROM reserved
    UNION ALL SELECT * FROM conspiracy
    UNION ALL SELECT * FROM ante
    UNION ALL SELECT * FROM sticker_attraction
),
every_reason AS (
    SELECT * FROM outside_pool
    UNION ALL
    SELECT k.format, r.* FROM computed r JOIN banlist_categories k ON k.category = r.reason
    UNION ALL SELECT * FROM named
),
excepted AS (
    SELECT e.format, c.oracle_id, unnest(e.allows) AS reason, e.reason AS why
    FROM exceptions e JOIN cards c ON lower(e.card) IN (lower(c.name), lower(c.front_name))
)
SELECT r.format, r.oracle_id, r.reason, r.evidence
FROM every_reason r
WHERE NOT EXISTS (SELECT 1 FROM excepted x WHERE x.format = r.format AND x.oracle_id = r.oracle_id AND x.reason = r.reason)
ORDER BY r.format, r.oracle_id, r.reason, r.evidence;
