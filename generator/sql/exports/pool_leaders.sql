-- Every type's leaders of one format ($format), listed after its pool in the pool files.
SELECT t.type, c.name, c.layout, c.front_name
FROM leader_types t JOIN leaders l USING (oracle_id) JOIN cards c USING (oracle_id)
WHERE l.can_lead AND l.format = $format AND t.format = $format
ORDER BY t.type, c.name, c.oracle_id;
