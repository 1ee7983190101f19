-- Per format: how many copies a deck may hold (the `copies` checks), main deck and sideboard together. The front face decides
-- creature or land. Oracle text wins: "any number of cards named" is unlimited; "up to seven" is 7.
CREATE TABLE copy_limits AS
WITH limits AS (
    SELECT format,
           (value ->> '$.creature')::INTEGER AS creature,
           (value ->> '$.nonbasic_land')::INTEGER AS nonbasic_land,
           (value ->> '$.other')::INTEGER AS other,
           (value ->> '$.basic_land')::INTEGER AS basic_land
    FROM format_settings WHERE key = 'copy_limits'
),
number_words AS (
    SELECT * FROM (VALUES ('two', 2), ('three', 3), ('four', 4), ('five', 5), ('six', 6), ('seven', 7),
                          ('eight', 8), ('nine', 9), ('ten', 10), ('eleven', 11), ('twelve', 12)) AS w(word, n)
),
front AS (
    SELECT f.oracle_id, f.supertypes, f.card_types, f.oracle_text
    FROM faces f WHERE f.face_index = 0
),
oracle_rule AS (
    SELECT oracle_id,
           regexp_matches(oracle_text, 'A deck can have any number of cards named') AS any_number,
           regexp_extract(oracle_text, 'A deck can have up to (\w+) cards named', 1) AS up_to_word
    FROM front
)
SELECT
    l.format,
    f.oracle_id,
    CASE
        WHEN o.any_number THEN NULL
        WHEN w.n IS NOT NULL THEN w.n
        WHEN list_contains(f.card_types, 'Land') AND list_contains(f.supertypes, 'Basic') THEN l.basic_land
        WHEN list_contains(f.card_types, 'Creature') THEN l.creature
        WHEN list_contains(f.card_types, 'Land') THEN l.nonbasic_land
        ELSE l.other
    END AS max_copies,
    CASE
        WHEN o.any_number THEN 'oracle_any_number'
        WHEN w.n IS NOT NULL THEN 'oracle_up_to'
        WHEN list_contains(f.card_types, 'Land') AND list_contains(f.supertypes, 'Basic') THEN 'basic_land'
        WHEN list_contains(f.card_types, 'Creature') THEN 'creature'
        WHEN list_contains(f.card_types, 'Land') THEN 'nonbasic_land'
        ELSE 'singleton'
    END AS reason
FROM front f
JOIN oracle_rule o USING (oracle_id)
LEFT JOIN number_words w ON w.word = lower(o.up_to_word)
CROSS JOIN limits l
ORDER BY l.format, f.oracle_id;
