-- The leaders of one coalition type of format $format, by name.
SELECT c.name, c.mana_cost, c.type_line
FROM leader_types t JOIN cards c USING (oracle_id)
WHERE t.format = $format AND t.type = $type
ORDER BY c.name;
