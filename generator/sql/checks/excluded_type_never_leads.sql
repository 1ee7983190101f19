-- A format's excluded type (format.yml excluded_type, e.g. Human) is never one of its coalition types and has no pool there.
SELECT 'the excluded type ' || t.type || ' appears as a ' || t.format || ' coalition type of ' || coalesce(c.name, t.oracle_id) AS problem
FROM leader_types t
JOIN format_settings s ON s.format = t.format AND s.key = 'excluded_type' AND t.type = s.value ->> '$'
LEFT JOIN cards c USING (oracle_id)
UNION ALL
SELECT 'the excluded type ' || p.type || ' has a ' || p.format || ' pool'
FROM pools p JOIN format_settings s ON s.format = p.format AND s.key = 'excluded_type' AND p.type = s.value ->> '$';
