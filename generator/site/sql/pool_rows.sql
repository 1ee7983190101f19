-- Every (type, card) of the pools with what a pool table shows, and the words that put the card in:
-- the evidence of the strongest source (pools.via), from its earliest face; on one face, the first evidence
-- alphabetically (a face may name the type twice: "Zombie", "Zombies"), so every build picks the same words.
WITH evidence AS (
    SELECT p.type, p.oracle_id,
           arg_min(a.evidence, (a.face_index, a.evidence)) AS evidence,  -- a tie: the first alphabetically
           min(a.face_index) AS face_index
    FROM pools p
    JOIN affiliations a ON a.oracle_id = p.oracle_id AND a.type = p.type AND a.source = p.via
    WHERE p.format = $format
    GROUP BY p.type, p.oracle_id
)
SELECT p.type, p.via, e.evidence, e.face_index,
       c.oracle_id, c.name, c.mana_cost, c.cmc, c.type_line, c.card_group,
       c.scryfall_uri, c.image_normal,
       ca.is_changeling, cl.max_copies, cl.reason AS copy_reason
FROM pools p
JOIN cards c USING (oracle_id)
JOIN card_affiliation ca USING (oracle_id)
JOIN copy_limits cl ON cl.format = p.format AND cl.oracle_id = p.oracle_id
LEFT JOIN evidence e ON e.type = p.type AND e.oracle_id = p.oracle_id
WHERE p.format = $format
ORDER BY p.type, c.cmc, c.name, c.oracle_id;
