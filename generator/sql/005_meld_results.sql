-- Meld results (CR 712.1, 712.14c): the combined back of two meld cards. They exist only on the battlefield,
-- so no deck lists them, but players look them up by name. One row per result whose object is in the data,
-- with the cards that meld into it. A result is known from Scryfall's `all_parts` (component meld_result)
-- or, where a file carries no parts, from the text of its parts ("meld them into <result>." on one part,
-- "Melds with <that part>." on the other).
CREATE TABLE meld_results AS
WITH texts AS (
    SELECT name, coalesce(oracle_text, '') AS text FROM raw_cards
    UNION ALL
    SELECT r.name, coalesce(f.face.oracle_text, '') FROM raw_cards r, unnest(r.card_faces) AS f(face)
),
named_in_text AS (
    SELECT trim(regexp_extract(text, '[Mm]eld them into ([^.\n(]+)', 1)) AS result, name AS part
    FROM texts WHERE regexp_matches(text, '[Mm]eld them into [^.\n(]+')
),
partners AS (
    SELECT n.result, t.name AS part
    FROM named_in_text n JOIN texts t ON contains(t.text, 'Melds with ' || n.part)
),
from_parts AS (
    SELECT p.part.name AS result, r.name AS part
    FROM raw_cards r, unnest(r.all_parts) AS p(part)
    WHERE p.part.component = 'meld_result' AND r.name <> p.part.name
),
links AS (
    SELECT * FROM named_in_text UNION SELECT * FROM partners UNION SELECT * FROM from_parts
),
by_result AS (
    SELECT result, list(DISTINCT part ORDER BY part) AS parts FROM links GROUP BY result
),
result_objects AS (
    -- The first object of each result name in the file (ties broken by position, so builds repeat).
    SELECT * FROM (
        SELECT r.*, row_number() OVER (PARTITION BY r.name ORDER BY r.source_record) AS copy
        FROM raw_cards r JOIN by_result b ON b.result = r.name
        WHERE coalesce(r.object, 'card') = 'card'
    ) WHERE copy = 1
)
SELECT coalesce(o.oracle_id, o.id) AS oracle_id, o.name, coalesce(o.type_line, '') AS type_line,
       coalesce(o.oracle_text, '') AS oracle_text, b.parts,
       -- Only plain https URLs, as in 010_cards.sql: they become links and images.
       CASE WHEN regexp_full_match(o.scryfall_uri, 'https://[^\s"''<>\\`]+')
            THEN regexp_replace(o.scryfall_uri, '\?.*$', '') END AS scryfall_uri,
       CASE WHEN regexp_full_match(o.image_uris.normal, 'https://[^\s"''<>\\`]+')
            THEN o.image_uris.normal END AS image_normal
FROM result_objects o JOIN by_result b ON b.result = o.name
ORDER BY o.name;
