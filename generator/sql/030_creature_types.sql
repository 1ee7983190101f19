-- Every creature type: Scryfall's catalog (fetched by an online build; data/cards/scryfall-creature-types.json
-- otherwise) together with every subtype printed on a Creature or Kindred (Tribal) type line of a deck card
-- (010_cards.sql), so a new set's types appear without a code change. Tokens and other game pieces are left
-- out: an old token's printing can keep a retired type (Mowu's token, "Token Legendary Creature — Hound",
-- in the 2019 cards the shaped 2025 file carries), and the catalog holds every type a token has today.
-- Apostrophes are kept straight ("C'tan"), the catalog's spelling. Silver-bordered and acorn cards are
-- jokes ("Creature — Lady of Proper Etiquette"): their type lines do not introduce types.
CREATE TABLE creature_types AS
WITH printed_objects AS (
    SELECT r.type_line, r.card_faces FROM raw_cards r JOIN cards c USING (source_record)
    WHERE coalesce(r.border_color, '') <> 'silver' AND coalesce(r.security_stamp, '') <> 'acorn'
),
type_lines AS (
    SELECT type_line FROM printed_objects WHERE card_faces IS NULL
    UNION ALL
    SELECT unnest(list_transform(card_faces, lambda f: f.type_line)) FROM printed_objects WHERE card_faces IS NOT NULL
),
creature_lines AS (
    SELECT DISTINCT ' ' || trim(replace(split_part(type_line, '—', 2), '’', '''')) || ' ' AS subtype_text
    FROM type_lines
    WHERE regexp_matches(split_part(type_line, '—', 1), '\b(Creature|Kindred|Tribal)\b')
),
multiword_found AS (
    SELECT l.subtype_text, m.type
    FROM creature_lines l JOIN multiword_types m ON contains(l.subtype_text, ' ' || m.type || ' ')
),
single_words AS (
    SELECT DISTINCT unnest(string_split(trim(
        CASE WHEN m.type IS NULL THEN l.subtype_text ELSE replace(l.subtype_text, ' ' || m.type || ' ', ' ') END
    ), ' ')) AS type
    FROM creature_lines l LEFT JOIN multiword_found m USING (subtype_text)
),
typed_lines AS (
    SELECT type FROM single_words
    WHERE type NOT IN (SELECT type FROM not_creature_types)
      AND regexp_matches(type, '^[A-Z][A-Za-z'']*(-[A-Z][A-Za-z'']*)?$')
    UNION
    SELECT type FROM multiword_found
),
from_catalog AS (
    SELECT DISTINCT replace(type, '’', '''') AS type FROM catalog_types
)
SELECT
    type,
    CASE
        WHEN type IN (SELECT type FROM from_catalog) AND type IN (SELECT type FROM typed_lines) THEN 'catalog+type_line'
        WHEN type IN (SELECT type FROM from_catalog) THEN 'catalog'
        ELSE 'type_line'
    END AS source
FROM (SELECT type FROM typed_lines UNION SELECT type FROM from_catalog)
ORDER BY type;
