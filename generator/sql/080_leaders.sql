-- Per format: the leader-shaped cards (076_leader_shapes.sql) no ban of that format touches. In a typal
-- format its coalition types are its affiliations minus the excluded type (906.5e); with none left it
-- cannot lead a legal deck; a card that only says it "can be your commander" is no leader there. An identity
-- format's leaders lead no type (coalition_types is empty): one can lead when its color identity has as many
-- colors as some variant gives a player or a commander (Mazerunner: 2 or 3, format.yml `variants`; without
-- variants, any).
CREATE TABLE leaders AS
WITH excluded AS (
    SELECT format, value ->> '$' AS type FROM format_settings WHERE key = 'excluded_type'
),
identity_sizes AS (
    SELECT format,
           list_distinct(list_concat(coalesce(json_extract(value, '$.*.colors')::INTEGER[], []),
                                     coalesce(json_extract(value, '$.*.commander_colors')::INTEGER[], []))) AS sizes
    FROM format_settings WHERE key = 'variants'
),
typed AS (
    SELECT f.format, f.identity, s.oracle_id, s.reason, len(c.color_identity) AS colors, z.sizes,
           CASE WHEN f.identity = 'typal'
                THEN list_filter(a.types, lambda t: t IS DISTINCT FROM x.type)
                ELSE []::VARCHAR[] END AS coalition_types
    FROM formats f
    CROSS JOIN leader_shapes s
    JOIN cards c ON c.oracle_id = s.oracle_id
    JOIN card_affiliation a ON a.oracle_id = s.oracle_id
    LEFT JOIN excluded x ON x.format = f.format
    LEFT JOIN identity_sizes z ON z.format = f.format
    WHERE NOT EXISTS (SELECT 1 FROM card_bans b WHERE b.format = f.format AND b.oracle_id = s.oracle_id)
      AND (f.identity = 'color' OR s.reason <> 'commander_text')
)
SELECT format, oracle_id, reason, coalition_types,
       CASE WHEN identity = 'typal' THEN len(coalition_types) > 0
            ELSE sizes IS NULL OR len(sizes) = 0 OR list_contains(sizes, colors) END AS can_lead   -- no variants: any
FROM typed
ORDER BY format, oracle_id;
