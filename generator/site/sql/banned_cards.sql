-- Every card a banlist category or a legality reason keeps out of decks, one row per (reason, card):
-- card_bans for the categories and named bans, legality.reasons for the rest (legendary, not_paper, ...).
WITH reasons AS (
    SELECT oracle_id, reason FROM card_bans
    UNION
    SELECT oracle_id, unnest(reasons) AS reason FROM legality
)
SELECT r.reason, c.oracle_id, c.name, c.scryfall_uri, c.image_normal
FROM reasons r
JOIN cards c USING (oracle_id)
ORDER BY r.reason, c.name, c.oracle_id;
