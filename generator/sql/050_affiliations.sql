-- A card is affiliated with every creature type it is and every creature type printed in its Oracle text,
-- on every face, reminder text aside (the rules format.yml cites as affiliation, faces, reminder_text). One row per (card, type, source,
-- evidence) so every affiliation can say why it exists.
--   type_line:   a creature subtype on a Creature or Kindred face
--   oracle_text: a type named in the text, singular or plural; evidence is the word as printed
--   changeling:  Changeling, or "<this card> is every creature type": every type (format.yml cites: changeling)
--   override:    data/affiliation_overrides.yml `add`; `remove` deletes rows of every source
-- The text is read as 046_face_text.sql leaves it (reminder text, ability words, mode labels, names and
-- card references set aside) and word by word as 048_text_words.sql splits it; what was not read, and why,
-- is 055_ignored_words.sql. A type after "non-" ("non-Zombie") counts only under the reading
-- `readings: negated_types: affiliated` of the default format's format.yml (card-level: for every format);
-- under `ignored` it names no type, and that occurrence alone is dropped.
CREATE TABLE affiliations AS
WITH negation AS (
    SELECT (SELECT s.value ->> '$.negated_types' FROM format_settings s JOIN formats f USING (format)
            WHERE s.key = 'readings' AND f.is_default) = 'affiliated' AS counts
),
multiword_forms AS (
    SELECT type, form FROM type_forms WHERE contains(form, ' ')
),
text_types AS (
    SELECT w.oracle_id, f.type, 'oracle_text' AS source, w.face_index,
           CASE WHEN w.printed LIKE '%cycling' OR w.negated THEN w.printed ELSE w.word END AS evidence
    FROM text_words w JOIN type_forms f ON f.form = w.word
    WHERE (NOT w.negated OR (SELECT counts FROM negation)) AND NOT w.is_short_name
    UNION
    -- Multi-word types ("Time Lord") cannot be single tokens: look for the whole form, after "non-" only
    -- when negated types count.
    SELECT t.oracle_id, m.type, 'oracle_text', t.face_index, m.form
    FROM face_text t JOIN multiword_forms m ON contains(t.clean_text, m.form)
    WHERE regexp_matches(t.clean_text, '(?:^|[^-])\b' || m.form || '\b')
       OR ((SELECT counts FROM negation) AND regexp_matches(t.clean_text, '\b' || m.form || '\b'))
),
type_line_types AS (
    SELECT w.oracle_id, replace(s.subtype, '’', '''') AS type, 'type_line' AS source, w.face_index,
           replace(s.subtype, '’', '''') AS evidence
    FROM face_text w, unnest(w.subtypes) AS s(subtype)
    WHERE list_has_any(w.card_types, ['Creature', 'Kindred', 'Tribal'])
      AND replace(s.subtype, '’', '''') IN (SELECT type FROM creature_types)
),
changeling_faces AS (
    SELECT oracle_id, face_index,
           CASE WHEN regexp_matches(clean_text, '(?m)^\s*(?:[A-Z][a-z]+(?: [a-z]+)*, )*[Cc]hangeling\s*(?:,[^\n]*)?$')
                THEN 'Changeling' ELSE 'is every creature type' END AS evidence
    FROM face_text
    WHERE regexp_matches(clean_text, '(?m)^\s*(?:[A-Z][a-z]+(?: [a-z]+)*, )*[Cc]hangeling\s*(?:,[^\n]*)?$')
       OR regexp_matches(clean_text, '(?:~|[Tt]his (?:creature|card|permanent)) is every creature type')
),
changeling_types AS (
    SELECT c.oracle_id, t.type, 'changeling' AS source, c.face_index, c.evidence
    FROM changeling_faces c, creature_types t
),
override_cards AS (
    SELECT c.oracle_id, o.add_types, o.remove_types, o.reason
    FROM affiliation_overrides o JOIN cards c ON lower(o.card) IN (lower(c.name), lower(c.front_name))
),
added_by_override AS (
    SELECT oracle_id, unnest(add_types) AS type, 'override' AS source, NULL::INTEGER AS face_index, reason AS evidence
    FROM override_cards
),
removed_by_override AS (
    SELECT oracle_id, type FROM affiliation_removals
),
every_source AS (
    SELECT * FROM type_line_types
    UNION SELECT * FROM text_types
    UNION SELECT * FROM changeling_types
    UNION SELECT * FROM added_by_override
)
SELECT DISTINCT e.oracle_id, e.type, e.source, e.face_index, e.evidence
FROM every_source e
WHERE NOT EXISTS (SELECT 1 FROM removed_by_override r WHERE r.oracle_id = e.oracle_id AND r.type = e.type)
ORDER BY e.oracle_id, e.type, e.source, e.face_index;
