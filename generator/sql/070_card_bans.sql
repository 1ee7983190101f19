-- Every reason a card may not be played, one row each, except the legendary rule (which needs to know the
-- leaders first: see 090_legality.sql). evidence says what in the data triggered it.
CREATE TABLE card_bans AS
WITH not_paper AS (
    -- The base pool: real paper cards, which is what Vintage's card pool is (digital-only and joke cards
    -- are not_legal there). Legality comes from `legalities`, never from the chosen printing's border,
    -- frame or `games` (a gold-bordered World Championship printing lists no paper game).
    SELECT oracle_id, 'not_paper' AS reason, 'vintage: ' || vintage_legality AS evidence
    FROM cards
    WHERE vintage_legality IN ('not_legal', 'missing')
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
    SELECT c.oracle_id, b.category, b.source_line
    FROM banlist_names b JOIN cards c ON lower(b.card) IN (lower(c.name), lower(c.front_name))
),
every_reason AS (
    SELECT * FROM not_paper
    UNION ALL SELECT * FROM reserved
    UNION ALL SELECT * FROM conspiracy
    UNION ALL SELECT * FROM ante
    UNION ALL SELECT * FROM sticker_attraction
    UNION ALL SELECT * FROM named
),
excepted AS (
    SELECT c.oracle_id, unnest(e.allows) AS reason, e.reason AS why
    FROM exceptions e JOIN cards c ON lower(e.card) IN (lower(c.name), lower(c.front_name))
)
SELECT r.oracle_id, r.reason, r.evidence
FROM every_reason r
WHERE NOT EXISTS (SELECT 1 FROM excepted x WHERE x.oracle_id = r.oracle_id AND x.reason = r.reason);
