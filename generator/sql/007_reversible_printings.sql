-- Reversible printings: one card printed on both sides of the card stock (Scryfall's layout reversible_card,
-- as Secret Lair's "Zndrsplt, Eye of Wisdom // Zndrsplt, Eye of Wisdom"). Such an object is named "X // X",
-- has no Oracle id of its own, and each face carries the Oracle id of the card it repeats; a shaped file may
-- call it modal_dfc or transform and give it an Oracle id of its own. Either way it is the card X for every
-- format. One row per such object: `card_name` (X) and `kept`: true for the one object that becomes card X
-- when no other object of the file is X (the first such object, by position), false for every object that
-- 010_cards.sql drops because card X is already there.
CREATE TABLE reversible_printings AS
WITH deck_like AS (
    -- Art series and double-faced tokens also repeat a name on both faces; they are no deck cards at all.
    SELECT * FROM raw_cards
    WHERE coalesce(object, 'card') = 'card'
      AND layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series')
),
repeated AS (
    SELECT source_record, name, card_faces[1].name AS card_name,
           coalesce(card_faces[1].oracle_id, oracle_id) AS oracle_id
    FROM deck_like
    WHERE len(card_faces) >= 2
      AND len(list_distinct(list_transform(card_faces, lambda f: f.name))) = 1
),
present AS (
    SELECT DISTINCT name FROM deck_like WHERE name IN (SELECT card_name FROM repeated)
)
SELECT r.source_record, r.name, r.card_name, r.oracle_id,
       p.name IS NULL AND row_number() OVER (PARTITION BY r.card_name ORDER BY r.source_record) = 1 AS kept
FROM repeated r LEFT JOIN present p ON p.name = r.card_name
ORDER BY r.source_record;
