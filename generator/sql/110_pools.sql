-- Per format: for every coalition type (a type some leader of the format can lead), the playable cards
-- affiliated with it, each with the strongest reason it is in (data/cards/vocabulary.yml ranks the sources:
-- an override, then the type line, then the text, then changeling), ties broken by face and evidence.
CREATE TABLE pools AS
WITH coalition_types AS (
    SELECT DISTINCT format, type FROM leader_types
),
playable AS (
    SELECT format, oracle_id FROM legality WHERE legal AND NOT leader_only
),
ranked AS (
    SELECT t.format, a.type, a.oracle_id, a.source, a.evidence,
           row_number() OVER (
               PARTITION BY t.format, a.type, a.oracle_id
               ORDER BY coalesce(s.rank, 1000), a.face_index, a.evidence
           ) AS rank
    FROM affiliations a
    JOIN coalition_types t ON t.type = a.type
    JOIN playable p ON p.format = t.format AND p.oracle_id = a.oracle_id
    LEFT JOIN affiliation_sources s ON s.source = a.source
)
SELECT format, type, oracle_id, source AS via, evidence
FROM ranked
WHERE rank = 1
ORDER BY format, type, oracle_id;
