-- The default format's format.yml `readings: flip_cards` (a card-level reading, for every format). legal: a flip card is legendary only when its upper half is (the
-- flipped half exists only on the battlefield, CR 710.1b). legendary: it is legendary when either half is.
WITH reading AS (
    SELECT s.value ->> '$.flip_cards' AS flip_cards
    FROM format_settings s JOIN formats f USING (format)
    WHERE s.key = 'readings' AND f.is_default
)
SELECT c.name || ': a flip card read as ' || CASE WHEN c.is_legendary THEN 'legendary' ELSE 'not legendary' END
       || ' under flip_cards: ' || r.flip_cards AS problem
FROM cards c, reading r
WHERE c.layout = 'flip'
  AND c.is_legendary <> CASE WHEN r.flip_cards = 'legal' THEN regexp_matches(c.front_type_line, '\bLegendary\b')
                             ELSE regexp_matches(c.type_line, '\bLegendary\b') END
ORDER BY problem;
