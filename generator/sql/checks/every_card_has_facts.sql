-- Each Oracle card appears once in cards and has a verdict, a copy limit and an affiliation summary.
SELECT name || ' appears ' || count(*) || ' times in cards' AS problem
FROM cards GROUP BY oracle_id, name HAVING count(*) > 1
UNION ALL
SELECT c.name || ' has no legality' FROM cards c ANTI JOIN legality USING (oracle_id)
UNION ALL
SELECT c.name || ' has no copy limit' FROM cards c ANTI JOIN copy_limits USING (oracle_id)
UNION ALL
SELECT c.name || ' has no affiliation summary' FROM cards c ANTI JOIN card_affiliation USING (oracle_id);
