-- Type words printed on a card that were not read as affiliations, one row per (card, face, word, reason),
-- with the evidence: the stretch of text set aside (046_face_text.sql) or the word as printed
-- (048_text_words.sql). A card page shows these beside its affiliations. The same type may still be an
-- affiliation through other words (read_elsewhere).
CREATE TABLE ignored_words AS
WITH set_aside AS (
    SELECT oracle_id, face_index, unnest(set_aside) AS part FROM face_text
),
segment_words AS (
    SELECT oracle_id, face_index, part.reason AS reason, part.segment AS evidence,
           unnest(regexp_extract_all(part.segment, '[A-Z][A-Za-z''\-]*')) AS printed
    FROM set_aside
),
from_segments AS (
    SELECT w.oracle_id, w.face_index, f.form AS word, f.type, w.reason, w.evidence
    FROM segment_words w JOIN type_forms f ON f.form = regexp_replace(w.printed, '''s?$', '')
    UNION
    SELECT s.oracle_id, s.face_index, f.form, f.type, s.part.reason, s.part.segment
    FROM set_aside s JOIN type_forms f ON contains(f.form, ' ') AND contains(s.part.segment, f.form)
),
-- A negated word is set aside only under `readings: negated_types: ignored` (the default format's, as
-- 050_affiliations.sql reads it); under `affiliated` it is read like any other.
negation_ignored AS (
    SELECT (SELECT s.value ->> '$.negated_types' FROM format_settings s JOIN formats f USING (format)
            WHERE s.key = 'readings' AND f.is_default) = 'ignored' AS dropped
),
from_words AS (
    SELECT w.oracle_id, w.face_index, w.word, f.type,
           CASE WHEN w.negated AND (SELECT dropped FROM negation_ignored) THEN 'negated' ELSE 'short_name' END AS reason,
           w.printed AS evidence
    FROM text_words w JOIN type_forms f ON f.form = w.word
    WHERE (w.negated AND (SELECT dropped FROM negation_ignored)) OR w.is_short_name
),
every_word AS (
    SELECT * FROM from_segments UNION SELECT * FROM from_words
)
SELECT e.oracle_id, e.face_index, e.word, e.type, e.reason, e.evidence,
       EXISTS (SELECT 1 FROM affiliations a WHERE a.oracle_id = e.oracle_id AND a.type = e.type) AS read_elsewhere
FROM every_word e
ORDER BY e.oracle_id, e.face_index, e.word, e.reason, e.evidence;
