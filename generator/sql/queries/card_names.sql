-- Every deck card's name, its faces (two-faced cards only) and whether it is legendary: what
-- generator/names.py needs to find a card by a name typed loosely. Ordered by name so ties break the same
-- way on every run.
SELECT c.oracle_id, c.name,
       CASE WHEN count(*) > 1 THEN list(f.face_name ORDER BY f.face_index) ELSE [] END AS faces,
       c.is_legendary AS legend
FROM cards c
JOIN faces f USING (oracle_id)
GROUP BY c.oracle_id, c.name, c.is_legendary
ORDER BY c.name, c.oracle_id;
