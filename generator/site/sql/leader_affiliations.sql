-- The evidence behind every leader's affiliations, changelings folded into one row (they have every type).
-- Ordered down to the evidence: a type named twice ("Zombie", "Zombies") must list the same way every build.
SELECT a.oracle_id, a.type, a.source, a.face_index, a.evidence
FROM affiliations a
JOIN leaders l USING (oracle_id)
WHERE l.format = $format AND a.source <> 'changeling'
UNION ALL
SELECT a.oracle_id, NULL AS type, 'changeling' AS source, min(a.face_index) AS face_index,
       min(a.evidence) AS evidence
FROM affiliations a
JOIN leaders l USING (oracle_id)
WHERE l.format = $format AND a.source = 'changeling'
GROUP BY a.oracle_id
ORDER BY oracle_id, type NULLS FIRST, source, face_index, evidence;
