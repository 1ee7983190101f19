-- Per format: the leader-shaped cards (076_leader_shapes.sql) no ban of that format touches. In a typal
-- format its coalition types are its affiliations minus the excluded type (format.yml excluded_type); with none left it
-- cannot lead a legal deck; a card that only says it "can be your commander" is no leader there. An identity
-- format's leaders lead no type (coalition_types is empty): one can lead when its color identity has as many
-- colors as some variant gives a player or a commander (Mazerunner: 2 or 3, format.yml `variants`; without
-- variants, any). `seasons` names the variants in which it really can be a commander (rule 5, with 2c): its
-- identity has the variant's `commander_colors` (two commanders) or else `colors`; each of the format's
-- `mechanics` it has (078_card_mechanics.sql) is one the variant `allows`; the variant does not name it in
-- `banned_as_commander`. NULL for a typal format or one without variants. (The deck checks apply the same
-- rules one by one, so that a deck's problems each cite their rule; this column is what pages and the CLI say.)
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
variants AS (
    SELECT s.format, v.key AS variant,
           coalesce((v.value ->> '$.commander_colors')::INTEGER, (v.value ->> '$.colors')::INTEGER) AS colors,
           coalesce((v.value -> '$.allows')::VARCHAR[], []) AS allows,
           coalesce((v.value -> '$.banned_as_commander')::VARCHAR[], []) AS banned
    FROM format_settings s, json_each(s.value) v
    WHERE s.key = 'variants'
),
seasons AS (
    SELECT v.format, c.oracle_id, list(v.variant ORDER BY v.variant) AS seasons
    FROM variants v
    JOIN cards c ON len(c.color_identity) = v.colors AND NOT list_contains(v.banned, c.name)
    WHERE NOT EXISTS (SELECT 1 FROM card_mechanics m WHERE m.format = v.format AND m.oracle_id = c.oracle_id
                                                        AND NOT list_contains(v.allows, m.mechanic))
    GROUP BY v.format, c.oracle_id
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
SELECT t.format, t.oracle_id, t.reason, t.coalition_types,
       CASE WHEN t.identity = 'typal' THEN len(t.coalition_types) > 0
            ELSE t.sizes IS NULL OR len(t.sizes) = 0 OR list_contains(t.sizes, t.colors) END AS can_lead,  -- no variants: any
       CASE WHEN t.identity = 'color' AND len(coalesce(t.sizes, [])) > 0
            THEN coalesce(z.seasons, []::VARCHAR[]) END AS seasons
FROM typed t
LEFT JOIN seasons z ON z.format = t.format AND z.oracle_id = t.oracle_id
ORDER BY t.format, t.oracle_id;
