-- Cards shaped like a leader, whatever the format: the front face is a legendary creature,
-- or the card is legendary and a creature outside the battlefield by its own ability (Grist, the Hunger
-- Tide). Card-level: each format's leaders table (080_leaders.sql) picks from these. A legendary card whose
-- text says it "can be your commander" (commander_text) leads only in identity formats.
CREATE TABLE leader_shapes AS
WITH creature_outside AS (
    SELECT DISTINCT f.oracle_id
    FROM faces f JOIN cards c USING (oracle_id)
    WHERE f.face_index = 0 AND c.is_legendary
      AND regexp_matches(f.oracle_text, 'As long as [^.\n]* isn''t on the battlefield, it''s an? [^.\n]*\bcreature\b')
)
SELECT oracle_id, 'legendary_creature_front' AS reason FROM cards WHERE front_legendary_creature
UNION ALL
SELECT oracle_id, 'creature_outside_battlefield' FROM creature_outside
WHERE oracle_id NOT IN (SELECT oracle_id FROM cards WHERE front_legendary_creature)
UNION ALL
SELECT oracle_id, 'commander_text' FROM cards
WHERE is_legendary AND regexp_matches(oracle_text, '\bcan be your commander\b')
  AND NOT front_legendary_creature AND oracle_id NOT IN (SELECT oracle_id FROM creature_outside)
ORDER BY oracle_id;
