-- The Oracle text of every face as 050_affiliations.sql reads it, and every stretch set aside before
-- reading, with why, so a card's page can say which words were not read (055_ignored_words.sql). In order:
--   reminder_text   "(…)": never counts (format.yml cites: reminder_text)
--   ability_word    text before " — " at the start of a line: an ability word or flavor word, which has no
--                   rules meaning (CR 207.2c). A type named after the dash still counts.
--   mode_label      the same after a mode's bullet "• "
--   faction_choice  a mode label that is one of the two words of "choose A or B." on the same face, and
--                   those words ("choose Khans or Dragons"). Set aside only when data/readings.yml says
--                   `faction_choices: ignored`; with `affiliated` they are read like any other word.
--   own_name        the card's name and its faces' names
--   short_name      a legend's name before the comma or " of " ("Kaalia" of Kaalia of the Vast). A short
--                   name that is also a type ("Rhino") stays in the text: 048_text_words.sql tells
--                   "Whenever Rhino attacks" (the card itself) from "a green Rhino creature" (the type).
--   card_reference  other cards it names ("named …", "named A and B", "named A or B", "Partner with …",
--                   "Melds with …", "meld them into …")
--   named_thing     a keyword's or a token's name that names no creature (data/readings.yml: names_not_types,
--                   "More Than Meets the Eye", "Young Hero Role"), cut where it stands as whole words
-- A label is short and is not a clause: text before " — " holding ", " and a lower-case word is a sentence.
CREATE TABLE face_text AS
WITH face_names AS (
    SELECT DISTINCT oracle_id, replace(name, '’', '''') AS name
    FROM (SELECT oracle_id, face_name AS name FROM faces
          UNION SELECT oracle_id, name FROM cards
          UNION SELECT oracle_id, front_name FROM cards)
    WHERE name IS NOT NULL AND name <> ''
),
short_names AS (
    -- Newer Oracle text calls a legend by the start of its name ("Whenever Kaalia attacks").
    SELECT DISTINCT f.oracle_id, trim(regexp_extract(f.name, '^(.+?)(?:,| of )', 1)) AS name
    FROM face_names f JOIN cards c USING (oracle_id)
    WHERE c.is_legendary AND regexp_matches(f.name, '^(.+?)(?:,| of )')
),
own_names AS (
    SELECT oracle_id, list(name ORDER BY length(name) DESC, name) AS own_names FROM face_names GROUP BY oracle_id
),
short_lists AS (
    -- Short names that are no type form are blanked like names; those that are ("Rhino") go to 048.
    SELECT s.oracle_id,
           list(s.name ORDER BY length(s.name) DESC, s.name)
               FILTER (WHERE length(s.name) >= 3 AND f.form IS NULL AND n.name IS NULL) AS short_text_names,
           list(s.name ORDER BY s.name) FILTER (WHERE f.form IS NOT NULL) AS short_type_names
    FROM short_names s
    LEFT JOIN (SELECT DISTINCT form FROM type_forms) f ON f.form = s.name
    LEFT JOIN face_names n ON n.oracle_id = s.oracle_id AND n.name = s.name
    GROUP BY s.oracle_id
),
names_per_card AS (
    SELECT c.oracle_id, coalesce(o.own_names, []) AS own_names,
           coalesce(l.short_text_names, []) AS short_text_names, coalesce(l.short_type_names, []) AS short_type_names
    FROM cards c LEFT JOIN own_names o USING (oracle_id) LEFT JOIN short_lists l USING (oracle_id)
),
-- A card's name, as "named" introduces it: capitalised words joined by short lower-case words, each a whole
-- word ("Sphinx of the Guildpact"; the "a" of "and" is no joining word), and more names after "and" / "or"
-- ("creatures named Mine Worker and Power Plant Worker", "a card named Dragonstorm Globe or Boulderborn
-- Dragon", and so "Sword of Fire and Ice" whole).
name_pattern AS (
    SELECT '[A-Z0-9"][^\s,.;:]*(?:,? (?:(?:of|the|to|from|in|with|a|an|de|on|at|for)\b|[A-Z0-9][^\s,.;:]*))*' AS one
),
reference_patterns AS (
    SELECT 'named ' || one || '(?:,? (?:and|or) ' || one || ')*' AS named FROM name_pattern
),
named_things AS (
    SELECT coalesce(list(name ORDER BY length(name) DESC, name), []) AS names FROM names_not_types
),
faction_reading AS (
    SELECT coalesce((SELECT value FROM card_readings WHERE key = 'faction_choices'), 'ignored') = 'ignored' AS set_aside
),
reminders_out AS (
    SELECT f.oracle_id, f.face_index, f.card_types, f.subtypes,
           regexp_extract_all(replace(f.oracle_text, '’', ''''), '\([^()]*\)') AS reminder_segments,
           chr(10) || regexp_replace(replace(f.oracle_text, '’', ''''), '\([^()]*\)', ' ', 'g') AS text1
    FROM faces f
),
labelled AS (
    SELECT *,
        list_filter(regexp_extract_all(text1, '\n([^•—\n][^—\n]{0,59}?) — ', 1),
                    lambda l: NOT regexp_matches(l, ', [a-z]')) AS ability_labels,
        list_filter(regexp_extract_all(text1, '\n• ([^—\n]{1,60}?) — ', 1),
                    lambda l: NOT regexp_matches(l, ', [a-z]')) AS mode_labels,
        regexp_extract_all(text1, '[Cc]hoose [A-Z][A-Za-z'']* or [A-Z][A-Za-z'']*\.') AS choices
    FROM reminders_out
),
factions AS (
    -- Mode labels named by a "choose A or B." of the same face, and those choice sentences.
    SELECT l.*,
           list_filter(l.mode_labels, lambda m: len(list_filter(l.choices,
               lambda c: contains(c, ' ' || m || ' ') OR contains(c, ' ' || m || '.'))) > 0) AS faction_candidates
    FROM labelled l
),
faction_parts AS (
    SELECT f.*,
           list_filter(f.mode_labels, lambda m: NOT list_contains(f.faction_candidates, m)) AS plain_modes,
           CASE WHEN r.set_aside THEN f.faction_candidates ELSE [] END AS faction_labels,
           CASE WHEN r.set_aside THEN list_filter(f.choices, lambda c: len(list_filter(f.faction_candidates,
                    lambda m: contains(c, ' ' || m || ' ') OR contains(c, ' ' || m || '.'))) > 0)
                ELSE [] END AS faction_choices
    FROM factions f, faction_reading r
),
labels_out AS (
    SELECT *,
        list_reduce(list_prepend(text1, list_concat(
                        list_transform(ability_labels, lambda l: chr(10) || l || ' — '),
                        list_transform(list_concat(plain_modes, faction_labels), lambda l: chr(10) || '• ' || l || ' — '))),
                    lambda acc, l: replace(acc, l, CASE WHEN l[2] = '•' THEN chr(10) || '• ~ — ' ELSE chr(10) || '~ — ' END))
            AS text2a
    FROM faction_parts
),
labels_out2 AS (
    SELECT *,
        list_reduce(list_prepend(text2a, faction_choices), lambda acc, c: replace(acc, c, 'choose ~ or ~.')) AS text2b
    FROM labels_out
),
names_out AS (
    SELECT l.*, n.own_names, n.short_text_names, n.short_type_names,
        list_filter(t.names, lambda name: regexp_matches(l.text2b, '\b' || regexp_escape(name) || '\b')) AS things_named,
        list_reduce(list_prepend(l.text2b, list_concat(n.own_names, n.short_text_names)),
                    lambda acc, name: replace(acc, name, '~')) AS text3a
    FROM labels_out2 l JOIN names_per_card n USING (oracle_id), named_things t
),
things_out AS (
    SELECT *,
        list_reduce(list_prepend(text3a, things_named),
                    lambda acc, name: regexp_replace(acc, '\b' || regexp_escape(name) || '\b', '~', 'g')) AS text3
    FROM names_out
),
references_out AS (
    SELECT *,
        list_concat(
            regexp_extract_all(text3, p.named),
            regexp_extract_all(text3, 'Partner with [^\n(]*'),
            regexp_extract_all(text3, '[Mm]elds with [^\n(.]*'),
            regexp_extract_all(text3, '[Mm]eld them into [^\n(.]*')) AS reference_segments,
        regexp_replace(regexp_replace(regexp_replace(regexp_replace(text3,
            p.named, 'named ~', 'g'),
            'Partner with [^\n(]*', 'Partner with ~', 'g'),
            '[Mm]elds with [^\n(.]*', 'Melds with ~', 'g'),
            '[Mm]eld them into [^\n(.]*', 'meld them into ~', 'g') AS text4
    FROM things_out, reference_patterns p
)
SELECT
    oracle_id, face_index, card_types, subtypes, short_type_names,
    substr(text4, 2) AS clean_text,
    list_concat(
        list_transform(reminder_segments, lambda s: {'reason': 'reminder_text', 'segment': s}),
        list_transform(ability_labels, lambda s: {'reason': 'ability_word', 'segment': s || ' —'}),
        list_transform(plain_modes, lambda s: {'reason': 'mode_label', 'segment': '• ' || s || ' —'}),
        list_transform(faction_labels, lambda s: {'reason': 'faction_choice', 'segment': '• ' || s || ' —'}),
        list_transform(faction_choices, lambda s: {'reason': 'faction_choice', 'segment': s}),
        list_transform(list_filter(own_names, lambda s: contains(text2b, s)), lambda s: {'reason': 'own_name', 'segment': s}),
        list_transform(list_filter(short_text_names, lambda s: contains(text2b, s)), lambda s: {'reason': 'short_name', 'segment': s}),
        list_transform(reference_segments, lambda s: {'reason': 'card_reference', 'segment': s}),
        list_transform(things_named, lambda s: {'reason': 'named_thing', 'segment': s})
    ) AS set_aside
FROM references_out
ORDER BY oracle_id, face_index;
