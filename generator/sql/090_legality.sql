-- Per format, the verdict per card. legal: some deck may hold it; leader_only: only as that deck's leader
-- (the `legendary` check); reasons: why not (empty when legal). A legendary card is legal only as a leader that can lead
-- (in a typal format, one that has a coalition type), in a format whose banlist switches on the
-- `legendary` category; elsewhere legendary cards are ordinary cards. A leader that cannot lead says why:
-- `no_affiliation` when it has no creature type at all (a Shrine, a Background: nothing to choose from),
-- `no_coalition_type` when its only affiliation is the excluded type.
CREATE TABLE legality AS
WITH bans AS (
    SELECT format, oracle_id, list(DISTINCT reason ORDER BY reason) AS reasons
    FROM card_bans GROUP BY format, oracle_id
),
legend_rule AS (
    SELECT format FROM banlist_categories WHERE category = 'legendary'
),
-- `legendary` is for a legend of no leader's shape. One shaped as this format's leader (080_leaders.sql: in a
-- typal format, not by "can be your commander" alone) that a ban keeps out of `leaders` (Frankie Peanuts,
-- outside Heroic's Vintage pool) could lead were it allowed: its ban is the reason, not the legend rule.
legendary_reasons AS (
    SELECT f.format, c.oracle_id,
           CASE WHEN l.oracle_id IS NULL AND s.oracle_id IS NULL THEN ['legendary']
                WHEN l.oracle_id IS NULL THEN []::VARCHAR[]
                WHEN NOT l.can_lead AND a.is_unaffiliated THEN ['no_affiliation']
                WHEN NOT l.can_lead THEN ['no_coalition_type']
                ELSE []::VARCHAR[] END AS reasons
    FROM legend_rule f JOIN formats m ON m.format = f.format CROSS JOIN cards c
    LEFT JOIN leaders l ON l.format = f.format AND l.oracle_id = c.oracle_id
    LEFT JOIN leader_shapes s ON s.oracle_id = c.oracle_id AND (m.identity = 'color' OR s.reason <> 'commander_text')
    JOIN card_affiliation a ON a.oracle_id = c.oracle_id
    WHERE c.is_legendary
),
applied_exceptions AS (
    SELECT e.format, c.oracle_id, list('exception: ' || e.reason ORDER BY e.reason) AS notes
    FROM exceptions e JOIN cards c ON lower(e.card) IN (lower(c.name), lower(c.front_name))
    GROUP BY e.format, c.oracle_id
),
combined AS (
    SELECT f.format, c.oracle_id, c.is_legendary AND f.format IN (SELECT format FROM legend_rule) AS is_legendary,
           list_concat(coalesce(b.reasons, []::VARCHAR[]), coalesce(g.reasons, []::VARCHAR[])) AS reasons,
           coalesce(x.notes, []::VARCHAR[]) AS notes
    FROM formats f CROSS JOIN cards c
    LEFT JOIN bans b ON b.format = f.format AND b.oracle_id = c.oracle_id
    LEFT JOIN legendary_reasons g ON g.format = f.format AND g.oracle_id = c.oracle_id
    LEFT JOIN applied_exceptions x ON x.format = f.format AND x.oracle_id = c.oracle_id
)
SELECT format, oracle_id,
       len(reasons) = 0 AS legal,
       is_legendary AND len(reasons) = 0 AS leader_only,
       reasons,
       notes
FROM combined
ORDER BY format, oracle_id;
