-- One row per face of a deck card (face 0 for single-faced cards), with its type line split into
-- supertypes, card types and subtypes. A reversible printing kept as its card (007_reversible_printings.sql)
-- has its first face only: the other is the same card. Multi-word creature types ("Time Lord") are kept whole.
CREATE TABLE faces AS
WITH face_rows AS (
    SELECT c.oracle_id, 0 AS face_index, r.name AS face_name,
           r.type_line, r.oracle_text, r.mana_cost
    FROM raw_cards r JOIN cards c USING (source_record)
    WHERE r.card_faces IS NULL OR len(r.card_faces) = 0
    UNION ALL
    SELECT c.oracle_id, f.i - 1, r.card_faces[f.i].name,
           r.card_faces[f.i].type_line, r.card_faces[f.i].oracle_text, r.card_faces[f.i].mana_cost
    FROM raw_cards r JOIN cards c USING (source_record), generate_series(1, CASE WHEN source_record IN (SELECT source_record FROM reversible_printings WHERE kept)
                                                   THEN 1 ELSE len(r.card_faces) END) AS f(i)
),
split_lines AS (
    SELECT
        *,
        trim(split_part(coalesce(type_line, ''), '—', 1)) AS left_part,
        trim(split_part(coalesce(type_line, ''), '—', 2)) AS subtype_text
    FROM face_rows
),
multiword AS (
    SELECT coalesce(list(type), []) AS types FROM multiword_types
),
with_multiword AS (
    SELECT s.*,
           list_filter(m.types, lambda t: contains(' ' || s.subtype_text || ' ', ' ' || t || ' ')) AS multiword_found
    FROM split_lines s, multiword m
)
SELECT
    oracle_id,
    face_index,
    face_name,
    coalesce(type_line, '') AS type_line,
    coalesce(oracle_text, '') AS oracle_text,
    coalesce(mana_cost, '') AS mana_cost,
    list_filter(string_split(left_part, ' '), lambda w: w IN ('Legendary', 'Basic', 'Snow', 'World', 'Ongoing', 'Host', 'Elite')) AS supertypes,
    list_filter(string_split(left_part, ' '), lambda w: w <> '' AND w NOT IN ('Legendary', 'Basic', 'Snow', 'World', 'Ongoing', 'Host', 'Elite')) AS card_types,
    list_concat(
        multiword_found,
        list_filter(
            string_split(list_reduce(list_prepend(subtype_text, multiword_found), lambda acc, t: replace(acc, t, '')), ' '),
            lambda w: w <> ''
        )
    ) AS subtypes
FROM with_multiword;
