-- One row per card: its affiliations as a sorted list (every type for changelings) and whether it has none.
CREATE TABLE card_affiliation AS
WITH per_card AS (
    SELECT oracle_id,
           bool_or(source = 'changeling') AS is_changeling,
           list(DISTINCT type ORDER BY type) AS types
    FROM affiliations
    GROUP BY oracle_id
)
SELECT
    c.oracle_id,
    coalesce(p.is_changeling, false) AS is_changeling,
    coalesce(p.types, []::VARCHAR[]) AS types,
    p.oracle_id IS NULL AS is_unaffiliated
FROM cards c LEFT JOIN per_card p USING (oracle_id);
