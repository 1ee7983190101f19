-- For every coalition type (a type some leader can lead): the playable cards affiliated with it, each with
-- the strongest reason it is in (its type line before its text, its text before changeling).
CREATE TABLE pools AS
WITH coalition_types AS (
    SELECT DISTINCT type FROM leader_types
),
playable AS (
    SELECT oracle_id FROM legality WHERE legal AND NOT leader_only
),
ranked AS (
    SELECT a.type, a.oracle_id, a.source, a.evidence,
           row_number() OVER (
               PARTITION BY a.type, a.oracle_id
               ORDER BY CASE a.source WHEN 'override' THEN 0 WHEN 'type_line' THEN 1 WHEN 'oracle_text' THEN 2 ELSE 3 END,
                        a.face_index, a.evidence
           ) AS rank
    FROM affiliations a
    JOIN playable USING (oracle_id)
    JOIN coalition_types USING (type)
)
SELECT type, oracle_id, source AS via, evidence
FROM ranked
WHERE rank = 1
ORDER BY type, oracle_id;
