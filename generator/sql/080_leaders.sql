-- Per format: the leader-shaped cards (076_leader_shapes.sql) no ban of that format touches. In a typal
-- format its coalition types are its affiliations minus the excluded type (906.5e); with none left it
-- cannot lead a legal deck. An identity format's leaders lead no type (coalition_types is empty).
CREATE TABLE leaders AS
WITH excluded AS (
    SELECT format, value ->> '$' AS type FROM format_settings WHERE key = 'excluded_type'
),
typed AS (
    SELECT f.format, f.identity, s.oracle_id, s.reason,
           CASE WHEN f.identity = 'typal'
                THEN list_filter(a.types, lambda t: t IS DISTINCT FROM x.type)
                ELSE []::VARCHAR[] END AS coalition_types
    FROM formats f
    CROSS JOIN leader_shapes s
    JOIN card_affiliation a ON a.oracle_id = s.oracle_id
    LEFT JOIN excluded x ON x.format = f.format
    WHERE NOT EXISTS (SELECT 1 FROM card_bans b WHERE b.format = f.format AND b.oracle_id = s.oracle_id)
)
SELECT format, oracle_id, reason, coalition_types,
       CASE WHEN identity = 'typal' THEN len(coalition_types) > 0 ELSE true END AS can_lead
FROM typed
ORDER BY format, oracle_id;
