-- The sticker/Attraction ban covers cards that bring an Attraction or a sticker into the game, nothing that
-- merely mentions them. Every Attraction is banned, and every other card banned in the category shows in
-- its own text (reminder text aside) what its evidence says: it opens an Attraction, puts or distributes a
-- sticker outside a "Whenever you put…" trigger, or has sticker kicker.
WITH card_text AS (
    SELECT oracle_id, string_agg(regexp_replace(oracle_text, '\([^()]*\)', ' ', 'g'), chr(10) ORDER BY face_index) AS text,
           bool_or(list_contains(subtypes, 'Attraction')) AS is_attraction
    FROM faces GROUP BY oracle_id
),
bans AS (
    SELECT b.oracle_id, b.evidence, t.text, t.is_attraction
    FROM card_bans b JOIN card_text t USING (oracle_id)
    WHERE b.reason = 'sticker_attraction'
)
SELECT c.name || ': banned as "' || b.evidence || '" but its text does not show it' AS problem
FROM bans b JOIN cards c USING (oracle_id)
WHERE NOT CASE b.evidence
    WHEN 'an Attraction' THEN b.is_attraction
    WHEN 'opens an Attraction' THEN regexp_matches(b.text, '\b[Oo]pen [^.\n]*\bAttractions?\b')
    WHEN 'puts a sticker' THEN regexp_matches(regexp_replace(b.text, '[Ww]henever you (?:put|place) [^.\n]*', '', 'g'),
                                              '\b(?:[Pp]ut|[Dd]istribute)s? [^.\n]*\bstickers?\b')
    WHEN 'sticker kicker' THEN regexp_matches(b.text, '\b[Ss]ticker kicker\b')
    ELSE false END
UNION ALL
-- (in every format whose banlist switches the category on)
SELECT c.name || ': an Attraction that is not banned'
FROM card_text t JOIN cards c USING (oracle_id) JOIN banlist_categories k ON k.category = 'sticker_attraction'
WHERE t.is_attraction
  AND NOT EXISTS (SELECT 1 FROM card_bans b
                  WHERE b.format = k.format AND b.oracle_id = t.oracle_id AND b.reason = 'sticker_attraction')
  AND NOT EXISTS (SELECT 1 FROM exceptions e
                  WHERE e.format = k.format AND lower(e.card) IN (lower(c.name), lower(c.front_name)))
ORDER BY problem;
