-- 906.5e: the excluded type (Human) is never a coalition type and has no pool.
SELECT 'the excluded type ' || t.type || ' appears as a coalition type of ' || coalesce(c.name, t.oracle_id) AS problem
FROM leader_types t
JOIN format_settings s ON s.key = 'excluded_type' AND t.type = s.value ->> '$'
LEFT JOIN cards c USING (oracle_id)
UNION ALL
SELECT 'the excluded type ' || p.type || ' has a pool'
FROM pools p JOIN format_settings s ON s.key = 'excluded_type' AND p.type = s.value ->> '$';
