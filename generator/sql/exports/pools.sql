-- Every type's pool of one format ($format) in one query: a query per type costs seconds over 300 types.
SELECT p.type, c.name, c.layout, c.front_name, p.via, p.evidence
FROM pools p JOIN cards c USING (oracle_id)
WHERE p.format = $format
ORDER BY p.type, c.name, c.oracle_id;
