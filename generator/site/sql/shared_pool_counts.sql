-- The unaffiliated pool by card group, for the summary above its (browser-rendered) table.
SELECT c.card_group, count(*) AS cards
FROM shared_pool s
JOIN cards c USING (oracle_id)
WHERE s.format = $format
GROUP BY c.card_group
ORDER BY c.card_group;
