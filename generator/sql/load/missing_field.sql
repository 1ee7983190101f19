-- The first bulk object without a field every card needs: (record, name, the missing field). Reversible
-- cards keep their Oracle id and type line on their faces.
SELECT source_record, name,
       CASE WHEN name IS NULL THEN 'name'
            WHEN layout IS NULL THEN 'layout'
            WHEN oracle_id IS NULL AND (card_faces IS NULL OR card_faces[1].oracle_id IS NULL) THEN 'oracle_id'
            ELSE 'type_line' END AS missing
FROM raw_cards
WHERE name IS NULL OR layout IS NULL
   OR (oracle_id IS NULL AND (card_faces IS NULL OR card_faces[1].oracle_id IS NULL))
   OR (type_line IS NULL AND (card_faces IS NULL OR len(list_filter(card_faces, lambda f: f.type_line IS NULL)) > 0))
ORDER BY source_record
LIMIT 1
