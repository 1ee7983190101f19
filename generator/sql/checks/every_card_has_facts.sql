-- Each Oracle card appears once in cards, has an affiliation summary, and in every format a verdict and a
-- copy limit.
SELECT name || ' appears ' || count(*) || ' times in cards' AS problem
FROM cards GROUP BY oracle_id, name HAVING count(*) > 1
UNION ALL
SELECT c.name || ' has no legality in ' || f.format
FROM formats f CROSS JOIN cards c ANTI JOIN legality l ON l.format = f.format AND l.oracle_id = c.oracle_id
UNION ALL
SELECT c.name || ' has no copy limit in ' || f.format
FROM formats f CROSS JOIN cards c ANTI JOIN copy_limits l ON l.format = f.format AND l.oracle_id = c.oracle_id
UNION ALL
SELECT c.name || ' has no affiliation summary' FROM cards c ANTI JOIN card_affiliation USING (oracle_id);
