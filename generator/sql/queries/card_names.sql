-- Every deck card's name, its faces (two-faced cards only), whether it is legendary and its edhrec_rank: what
-- generator/names.py needs to find a card by a name typed loosely. Ordered by name so ties break the same
-- way on every run.
SELECT c.oracle_id, c.name,
       CASE WHEN count(*) > 1 THEN list(f.face_name ORDER BY f.face_index) ELSE [] END AS faces,
       c.is_legendary AS legend, c.edhrec_rank AS rank
FROM cards c
JOIN faces f USING (oracle_id)
GROUP BY c.oracle_id, c.name, c.is_legendary, c.edhrec_rank
ORDER BY c.name, c.oracle_id;
