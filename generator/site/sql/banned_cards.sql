-- Every card a banlist category or a legality reason keeps out of decks, one row per (reason, card):
-- in format $format: card_bans for the categories and named bans, legality.reasons for the rest (legendary, not_paper, ...).
WITH reasons AS (
    SELECT oracle_id, reason FROM card_bans WHERE format = $format
    UNION
    SELECT oracle_id, unnest(reasons) AS reason FROM legality WHERE format = $format
)
-- pool_status: the card's status in the format's base pool legality (Vintage's "banned", "not_legal", ...).
SELECT r.reason, c.oracle_id, c.name, c.scryfall_uri, c.image_normal, c.mana_cost, c.type_line,
       c.legalities[(SELECT value ->> '$.legality' FROM format_settings
                     WHERE format = $format AND key = 'base_pool')] AS pool_status
FROM reasons r
JOIN cards c USING (oracle_id)
ORDER BY r.reason, c.name, c.oracle_id;
