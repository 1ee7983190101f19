-- An identity format's legal cards with their color identity (WUBRG letters, in any order), and whether the
-- card can be a commander there in some season (the leaders table's can_lead and seasons), and in which
-- seasons: the identity pages count pools and list
-- commanders from these rows. Ties broken by name, then oracle_id.
SELECT c.oracle_id, c.name, c.mana_cost, c.type_line, c.scryfall_uri, c.image_normal,
       array_to_string(list_sort(coalesce(c.color_identity, [])), '') AS identity,
       coalesce(ld.can_lead, false) AND (ld.seasons IS NULL OR len(ld.seasons) > 0) AS can_lead, ld.seasons,
       (SELECT list(m.mechanic ORDER BY m.mechanic) FROM card_mechanics m
        WHERE m.format = $format AND m.oracle_id = c.oracle_id) AS mechanics
FROM legality l
JOIN cards c USING (oracle_id)
LEFT JOIN leaders ld ON ld.format = l.format AND ld.oracle_id = l.oracle_id
WHERE l.format = $format AND l.legal
ORDER BY c.name, c.oracle_id;
