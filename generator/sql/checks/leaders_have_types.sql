-- A leader that can lead has at least one coalition type, and each type of a leader has a row in type_summary.
SELECT c.name || ' can lead but has no coalition type' AS problem
FROM leaders l JOIN cards c USING (oracle_id)
WHERE l.can_lead AND len(l.coalition_types) = 0
UNION ALL
SELECT 'type ' || t.type || ' has a leader but no summary'
FROM (SELECT DISTINCT type FROM leader_types) t ANTI JOIN type_summary USING (type);
