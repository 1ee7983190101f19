-- The first bulk object whose Oracle id an earlier object already has: (record, name, oracle_id, the
-- first record and name with it, how many share it). The oracle_cards file has one object per Oracle id;
-- a repeated one would multiply every derived row. A reversible printing (both faces one name) is left out:
-- its faces carry the Oracle id of the card they repeat, and 007_reversible_printings.sql folds it into it.
WITH ids AS (
    SELECT source_record, name, coalesce(oracle_id, card_faces[1].oracle_id) AS oracle_id FROM raw_cards
    -- coalesce: a card of one face has no card_faces, and NOT (NULL AND ...) would drop it from the check.
    WHERE NOT coalesce(len(card_faces) >= 2
                       AND len(list_distinct(list_transform(card_faces, lambda f: f.name))) = 1, false)
),
numbered AS (
    SELECT *, row_number() OVER (PARTITION BY oracle_id ORDER BY source_record) AS nth,
           first(source_record) OVER (PARTITION BY oracle_id ORDER BY source_record) AS first_record,
           first(name) OVER (PARTITION BY oracle_id ORDER BY source_record) AS first_name,
           count(*) OVER (PARTITION BY oracle_id) AS times
    FROM ids
)
SELECT source_record, name, oracle_id, first_record, first_name, times
FROM numbered
WHERE nth = 2
ORDER BY source_record
LIMIT 1
