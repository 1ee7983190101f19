-- Every capitalised word of the text affiliation reads (face_text.clean_text), with what surrounds it:
--   negated       a leading "non-" ("non-Zombie"); whether it still names the type is a reading, the default
--                 format's `readings: negated_types` (050_affiliations.sql): only that occurrence is concerned
--   used_as_type  a determiner or colour before it ("another Rhino", "a green Lizard") or a noun after it
--                 ("Rhino creature", "Rhino you control"): the word is a type, even when it is a short name
--   is_short_name the legend's own short name used for itself ("Whenever Rhino attacks"): not a type
--   word          the word read: possessive dropped ("Rhino's" -> Rhino) and "<Type>cycling" read as the type
--                 it searches for ("Wizardcycling" -> Wizard, CR 702.29e)
CREATE TABLE text_words AS
WITH phrases AS (
    SELECT oracle_id, face_index, short_type_names,
           unnest(regexp_extract_all(clean_text,
               '(?:\b(?:a|an|another|other|target|each|all|white|blue|black|red|green|colorless|legendary|nonlegendary) )?'
               || '(?:[Nn]on-)?[A-Z][A-Za-z''\-]*'
               || '(?: (?:creatures?|tokens?|cards?|spells?|permanents?|you control))?')) AS phrase
    FROM face_text
),
parsed AS (
    SELECT *,
           regexp_extract(phrase, '(?:[Nn]on-)?[A-Z][A-Za-z''\-]*') AS printed,
           regexp_matches(phrase, '^[a-z]')
               OR regexp_matches(phrase, ' (?:creatures?|tokens?|cards?|spells?|permanents?|you control)$') AS used_as_type
    FROM phrases
),
words AS (
    SELECT *,
           regexp_matches(printed, '^[Nn]on-') AS negated,
           regexp_replace(regexp_replace(regexp_replace(printed, '^[Nn]on-', ''), '''s?$', ''), '^([A-Z][A-Za-z''\-]*?)cycling$', '\1')
               AS word
    FROM parsed
)
SELECT oracle_id, face_index, printed, word, negated, used_as_type,
       list_contains(short_type_names, word) AND NOT used_as_type AS is_short_name
FROM words;
