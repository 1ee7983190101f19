-- Per format: one row per (leader, coalition type) it can lead.
CREATE TABLE leader_types AS
SELECT format, oracle_id, unnest(coalition_types) AS type
FROM leaders
ORDER BY format, oracle_id, type;
