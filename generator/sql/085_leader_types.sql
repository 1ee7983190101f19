-- One row per (leader, coalition type) it can lead.
CREATE TABLE leader_types AS
SELECT oracle_id, unnest(coalition_types) AS type
FROM leaders;
