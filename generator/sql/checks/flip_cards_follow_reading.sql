-- data/format.yml `readings: flip_cards`. legal: a flip card is legendary only when its upper half is (the
-- flipped half exists only on the battlefield, CR 710.1b). legendary: it is legendary when either half is.
WITH reading AS (
    SELECT value ->> '$.flip_cards' AS flip_cards FROM format_settings WHERE key = 'readings'
)
SELECT c.name || ': a flip card read as ' || CASE WHEN c.is_legendary THEN 'legendary' ELSE 'not legendary' END
       || ' under flip_cards: ' || r.flip_cards AS problem
FROM cards c, reading r
WHERE c.layout = 'flip'
  AND c.is_legendary <> CASE WHEN r.flip_cards = 'legal' THEN regexp_matches(c.front_type_line, '\bLegendary\b')
                             ELSE regexp_matches(c.type_line, '\bLegendary\b') END
ORDER BY problem;
