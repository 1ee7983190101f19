-- In a typal format a leader that can lead has at least one coalition type, and each type of a leader has a
-- row in that format's type_summary.
SELECT c.name || ' can lead in ' || l.format || ' but has no coalition type' AS problem
FROM leaders l JOIN cards c USING (oracle_id) JOIN formats f ON f.format = l.format AND f.identity = 'typal'
WHERE l.can_lead AND len(l.coalition_types) = 0
UNION ALL
SELECT 'type ' || t.type || ' has a leader but no summary in ' || t.format
FROM (SELECT DISTINCT format, type FROM leader_types) t ANTI JOIN type_summary USING (format, type);
