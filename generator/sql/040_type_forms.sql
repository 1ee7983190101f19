-- How each creature type can be written in Oracle text: its singular, its regular English plural, and the
-- irregular plurals of data/creature_types.yml (Elves, Mice, Oxen, Fungi…). The regular plural stays beside
-- an irregular one: old text says "Djinns and Efreets".
CREATE TABLE type_forms AS
WITH irregular AS (
    SELECT type, plural FROM type_spellings
),
regular AS (
    SELECT
        type,
        CASE
            WHEN regexp_matches(type, '[^aeiou]y$') THEN regexp_replace(type, 'y$', 'ies')
            WHEN regexp_matches(type, '(s|x|z|ch|sh)$') THEN type || 'es'
            ELSE type || 's'
        END AS plural
    FROM creature_types
)
SELECT type, type AS form, 'singular' AS kind FROM creature_types
UNION
SELECT type, plural, 'plural' FROM regular
UNION
SELECT i.type, i.plural, 'irregular' FROM irregular i JOIN creature_types USING (type)
WHERE i.plural <> i.type;
