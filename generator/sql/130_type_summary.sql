-- Per format, one row per coalition type: how many leaders can lead it and how deep its pool is, by card group.
-- creatures / other_spells / lands is the one grouping every page and `coalition type` show (a card's front
-- face decides its group, 010_cards.sql); the finer counts by card group stay for the JSON.
CREATE TABLE type_summary AS
WITH leader_counts AS (
    SELECT format, type, count(*) AS leaders FROM leader_types GROUP BY format, type
),
pool_counts AS (
    SELECT p.format, p.type,
           count(*) AS pool_size,
           count(*) FILTER (WHERE ca.is_changeling) AS changelings,
           count(*) FILTER (WHERE c.card_group = 'creature') AS creatures,
           count(*) FILTER (WHERE c.card_group = 'instant') AS instants,
           count(*) FILTER (WHERE c.card_group = 'sorcery') AS sorceries,
           count(*) FILTER (WHERE c.card_group = 'artifact') AS artifacts,
           count(*) FILTER (WHERE c.card_group = 'enchantment') AS enchantments,
           count(*) FILTER (WHERE c.card_group = 'battle') AS battles,
           count(*) FILTER (WHERE c.card_group = 'planeswalker') AS planeswalkers,
           count(*) FILTER (WHERE c.card_group = 'land') AS lands,
           count(*) FILTER (WHERE c.card_group = 'other') AS others,
           count(*) FILTER (WHERE c.card_group NOT IN ('creature', 'land')) AS other_spells
    FROM pools p JOIN cards c USING (oracle_id) JOIN card_affiliation ca USING (oracle_id)
    GROUP BY p.format, p.type
)
SELECT l.format, l.type, l.leaders,
       coalesce(p.pool_size, 0) AS pool_size,
       coalesce(p.changelings, 0) AS changelings,
       coalesce(p.creatures, 0) AS creatures, coalesce(p.instants, 0) AS instants,
       coalesce(p.sorceries, 0) AS sorceries, coalesce(p.artifacts, 0) AS artifacts,
       coalesce(p.enchantments, 0) AS enchantments, coalesce(p.battles, 0) AS battles,
       coalesce(p.planeswalkers, 0) AS planeswalkers, coalesce(p.lands, 0) AS lands,
       coalesce(p.others, 0) AS others,
       coalesce(p.other_spells, 0) AS other_spells
FROM leader_counts l LEFT JOIN pool_counts p USING (format, type)
ORDER BY l.format, l.type;
