-- The leaders of one coalition type, by name.
SELECT c.name, c.mana_cost, c.type_line
FROM leader_types t JOIN cards c USING (oracle_id)
WHERE t.type = $type
ORDER BY c.name;
