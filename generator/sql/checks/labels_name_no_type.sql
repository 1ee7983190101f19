-- CR 207.2c: an ability word, flavor word or mode label ("Mystic Arcanum —", "• Hero Worship —") has no
-- rules meaning, so no affiliation may come from one alone: each word read from the text must still be
-- there once reminder text and every "<label> —" opening a line or a mode are cut away. Under
-- data/readings.yml `faction_choices: ignored` the "choose Khans or Dragons." sentences are cut too.
WITH reading AS (
    SELECT value = 'ignored' AS cut_choices FROM card_readings WHERE key = 'faction_choices'
),
cut AS (
    SELECT f.oracle_id, f.face_index,
           regexp_replace(
               regexp_replace(regexp_replace(replace(f.oracle_text, '’', ''''), '\([^()]*\)', ' ', 'g'),
                              '(?m)^(?:• )?[^—\n,]{1,60}? — ', '', 'g'),
               CASE WHEN r.cut_choices THEN '[Cc]hoose [A-Z][A-Za-z'']* or [A-Z][A-Za-z'']*\.' ELSE '$^' END, '', 'g') AS text
    FROM faces f, reading r
    WHERE EXISTS (SELECT 1 FROM affiliations a
                  WHERE a.oracle_id = f.oracle_id AND a.face_index = f.face_index AND a.source = 'oracle_text')
)
SELECT c.name || ': ' || a.type || ' is read from "' || a.evidence || '", which stands only in a label or reminder text' AS problem
FROM affiliations a JOIN cut t USING (oracle_id, face_index) JOIN cards c USING (oracle_id)
WHERE a.source = 'oracle_text' AND NOT contains(t.text, a.evidence)
ORDER BY problem;
