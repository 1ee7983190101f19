-- Rule 906.4: a card is affiliated with every creature type it is and every creature type printed in its
-- Oracle text, on every face (906.4c), reminder text aside (906.4b). One row per (card, type, source,
-- evidence) so every affiliation can say why it exists.
--   type_line:   a creature subtype on a Creature or Kindred face
--   oracle_text: a type named in the text, singular or plural; evidence is the word as printed
--   changeling:  Changeling, or "<this card> is every creature type": every type (906.4a)
--   override:    data/affiliation_overrides.yml `add`; `remove` deletes rows of every source
-- Names are not types: the card's own name, its faces' names, a legend's short name, and the cards it
-- refers to ("named …", "Partner with …", "Melds with …", "meld them into …") are blanked before reading.
CREATE TABLE affiliations AS
WITH face_names AS (
    SELECT oracle_id, face_name AS name FROM faces
    UNION SELECT oracle_id, name FROM cards
    UNION SELECT oracle_id, front_name FROM cards
),
short_names AS (
    -- Newer Oracle text calls a legend by the start of its name ("Whenever Kaalia attacks").
    SELECT f.oracle_id, trim(regexp_extract(f.name, '^(.+?)(?:,| of )', 1)) AS name
    FROM face_names f JOIN cards c USING (oracle_id)
    WHERE c.is_legendary AND regexp_matches(f.name, '^(.+?)(?:,| of )')
),
own_names AS (
    SELECT oracle_id, list(name ORDER BY length(name) DESC) AS names
    FROM (
        SELECT oracle_id, name FROM face_names
        UNION
        SELECT oracle_id, name FROM short_names
        WHERE length(name) >= 3 AND name NOT IN (SELECT form FROM type_forms)
    )
    GROUP BY oracle_id
),
without_reminders AS (
    SELECT f.oracle_id, f.face_index, f.card_types, f.subtypes,
           regexp_replace(f.oracle_text, '\([^()]*\)', ' ', 'g') AS text
    FROM faces f
),
without_own_names AS (
    SELECT w.*, list_reduce(list_prepend(w.text, n.names), lambda acc, name: replace(acc, name, '~')) AS named_text
    FROM without_reminders w JOIN own_names n USING (oracle_id)
),
without_card_references AS (
    SELECT *,
        replace(
            regexp_replace(regexp_replace(regexp_replace(regexp_replace(named_text,
                'named (?:[A-Z0-9"][^\s,.;:]*(?:,? (?:of|the|to|from|in|with|a|an|de|on|at|for|[A-Z0-9][^\s,.;:]*))*)', 'named ~', 'g'),
                'Partner with [^\n(]*', 'Partner with ~', 'g'),
                '[Mm]elds with [^\n(.]*', 'Melds with ~', 'g'),
                '[Mm]eld them into [^\n(.]*', 'meld them into ~', 'g'),
            '’', '''') AS clean_text
    FROM without_own_names
),
capitalised_words AS (
    -- Types are capitalised in Oracle text; a leading "non-" is kept so the negation can be seen.
    SELECT oracle_id, face_index,
           unnest(regexp_extract_all(clean_text, '(?:[Nn]on-)?[A-Z][A-Za-z''\-]*')) AS printed
    FROM without_card_references
),
tokens AS (
    -- "non-Zombie" names no type; only that occurrence is dropped. Possessives read as the bare word.
    SELECT oracle_id, face_index,
           regexp_matches(printed, '^[Nn]on-') AS negated,
           regexp_replace(regexp_replace(printed, '^[Nn]on-', ''), '''s?$', '') AS word
    FROM capitalised_words
),
multiword_forms AS (
    SELECT type, form FROM type_forms WHERE contains(form, ' ')
),
text_types AS (
    SELECT t.oracle_id, f.type, 'oracle_text' AS source, t.face_index, t.word AS evidence
    FROM tokens t JOIN type_forms f ON f.form = t.word
    WHERE NOT t.negated
    UNION
    -- Multi-word types ("Time Lord") cannot be single tokens: look for the whole form, not after "non-".
    SELECT w.oracle_id, m.type, 'oracle_text', w.face_index, m.form
    FROM without_card_references w JOIN multiword_forms m ON contains(w.clean_text, m.form)
    WHERE regexp_matches(w.clean_text, '(?:^|[^-])\b' || m.form || '\b')
),
type_line_types AS (
    SELECT w.oracle_id, replace(s.subtype, '’', '''') AS type, 'type_line' AS source, w.face_index,
           replace(s.subtype, '’', '''') AS evidence
    FROM without_reminders w, unnest(w.subtypes) AS s(subtype)
    WHERE list_has_any(w.card_types, ['Creature', 'Kindred', 'Tribal'])
      AND replace(s.subtype, '’', '''') IN (SELECT type FROM creature_types)
),
changeling_faces AS (
    SELECT oracle_id, face_index,
           CASE WHEN regexp_matches(clean_text, '(?m)^\s*(?:[A-Z][a-z]+(?: [a-z]+)*, )*[Cc]hangeling\s*(?:,[^\n]*)?$')
                THEN 'Changeling' ELSE 'is every creature type' END AS evidence
    FROM without_card_references
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
