-- Meld results are no deck cards, but a lookup or a decklist may name one: cards.json lists them, never
-- legal, with the cards that meld into them.
SELECT name, type_line, parts, image_normal, scryfall_uri FROM meld_results ORDER BY name, oracle_id;
