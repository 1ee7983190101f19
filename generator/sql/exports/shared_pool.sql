-- The unaffiliated (shared) pool of one format ($format). Its page draws the table from shared.json alone,
-- so each card carries what a row shows, under cards.json's keys (parsing the whole card index first made
-- the page slow on a phone).
SELECT c.name, c.layout, c.front_name, c.mana_cost, c.type_line, c.card_group, c.image_normal, c.scryfall_uri,
       cl.max_copies
FROM shared_pool s
JOIN cards c USING (oracle_id)
JOIN copy_limits cl ON cl.oracle_id = s.oracle_id AND cl.format = s.format
WHERE s.format = $format
ORDER BY c.name, c.oracle_id;
