-- The verdict per card. legal: some deck may hold it; leader_only: only as that deck's leader (906.5h);
-- reasons: why not (empty when legal). A legendary card is legal only as a leader that has a coalition type.
CREATE TABLE legality AS
WITH bans AS (
    SELECT oracle_id, list(DISTINCT reason ORDER BY reason) AS reasons
    FROM card_bans GROUP BY oracle_id
),
legendary_reasons AS (
    SELECT c.oracle_id,
           CASE WHEN l.oracle_id IS NULL THEN ['legendary']
                WHEN NOT l.can_lead THEN ['no_coalition_type']
                ELSE []::VARCHAR[] END AS reasons
    FROM cards c LEFT JOIN leaders l USING (oracle_id)
    WHERE c.is_legendary
),
applied_exceptions AS (
    SELECT c.oracle_id, list('exception: ' || e.reason) AS notes
    FROM exceptions e JOIN cards c ON lower(e.card) IN (lower(c.name), lower(c.front_name))
    GROUP BY c.oracle_id
),
combined AS (
    SELECT c.oracle_id, c.is_legendary,
           list_concat(coalesce(b.reasons, []::VARCHAR[]), coalesce(g.reasons, []::VARCHAR[])) AS reasons,
           coalesce(x.notes, []::VARCHAR[]) AS notes
    FROM cards c
    LEFT JOIN bans b USING (oracle_id)
    LEFT JOIN legendary_reasons g USING (oracle_id)
    LEFT JOIN applied_exceptions x USING (oracle_id)
)
SELECT oracle_id,
       len(reasons) = 0 AS legal,
       is_legendary AND len(reasons) = 0 AS leader_only,
       reasons,
       notes
FROM combined;
