-- A name `coalition type` did not find as a type of the format: the creature type it names (singular or plural,
-- any case), or else up to three creature types spelled like it (Jaro-Winkler at least 0.85, closest first, ties
-- by name): "gobblin" suggests Goblin.
WITH named AS (
    SELECT f.type FROM type_forms f
    WHERE lower(f.form) = lower(replace($name, '’', ''''))
    ORDER BY f.kind = 'singular' DESC, f.type
    LIMIT 1
), near AS (
    SELECT t.type, jaro_winkler_similarity(lower(t.type), lower($name)) AS likeness
    FROM creature_types t
    WHERE NOT EXISTS (SELECT 1 FROM named)
)
SELECT type, true AS exact FROM named
UNION ALL
SELECT type, false FROM (SELECT type FROM near WHERE likeness >= 0.85 ORDER BY likeness DESC, type LIMIT 3)
