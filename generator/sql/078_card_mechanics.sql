-- Per format: which of the format's `mechanics` (format.yml; Mazerunner 2c: Companion, Choose a Background,
-- every Partner kind) each card has. A card has one when Scryfall's keywords list it (any case), or when a
-- line of its Oracle text starts with it, followed by the line's end, a space, "(", "—" or "-" (older data
-- has no keywords). "Partner with" is its own mechanic: "Partner" alone does not match a "Partner with" line.
CREATE TABLE card_mechanics AS
WITH mechanics AS (
    SELECT s.format, m.value ->> '$' AS mechanic
    FROM format_settings s, json_each(s.value) m
    WHERE s.key = 'mechanics'
),
lines AS (
    SELECT oracle_id, unnest(string_split(coalesce(oracle_text, ''), chr(10))) AS line, keywords FROM cards
),
matched AS (
    SELECT m.format, l.oracle_id, m.mechanic
    FROM mechanics m JOIN lines l
      ON list_contains(list_transform(l.keywords, lambda k: lower(k)), lower(m.mechanic))
      OR (starts_with(lower(l.line), lower(m.mechanic))
          AND (length(l.line) = length(m.mechanic)
               OR substr(l.line, length(m.mechanic) + 1, 1) IN (' ', '(', '—', '-'))
          AND NOT (lower(m.mechanic) = 'partner' AND starts_with(lower(l.line), 'partner with')))
)
SELECT DISTINCT format, oracle_id, mechanic FROM matched
ORDER BY format, oracle_id, mechanic;
