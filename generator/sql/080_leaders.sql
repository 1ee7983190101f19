-- Leaders (906.3, 906.3a): a card no ban touches whose front face is a legendary creature, or a legendary
-- card that is a creature outside the battlefield by its own ability (Grist, the Hunger Tide). Its coalition
-- types are its affiliations minus the excluded type (906.5e); with none left it cannot lead a legal deck.
CREATE TABLE leaders AS
WITH excluded AS (
    SELECT value ->> '$' AS type FROM format_settings WHERE key = 'excluded_type'
),
creature_outside AS (
    SELECT DISTINCT f.oracle_id
    FROM faces f JOIN cards c USING (oracle_id)
    WHERE f.face_index = 0 AND c.is_legendary
      AND regexp_matches(f.oracle_text, 'As long as [^.\n]* isn''t on the battlefield, it''s an? [^.\n]*\bcreature\b')
),
candidates AS (
    SELECT oracle_id, 'legendary_creature_front' AS reason FROM cards WHERE front_legendary_creature
    UNION ALL
    SELECT oracle_id, 'creature_outside_battlefield' FROM creature_outside
    WHERE oracle_id NOT IN (SELECT oracle_id FROM cards WHERE front_legendary_creature)
),
typed AS (
    SELECT c.oracle_id, c.reason,
           list_filter(a.types, lambda t: t <> x.type) AS coalition_types
    FROM candidates c JOIN card_affiliation a USING (oracle_id), excluded x
    WHERE c.oracle_id NOT IN (SELECT oracle_id FROM card_bans)
)
SELECT oracle_id, reason, coalition_types, len(coalition_types) > 0 AS can_lead
FROM typed;
