-- Every leader (can_lead or not) with what its page and the leaders index show.
SELECT c.oracle_id, c.name, c.front_name, c.layout, c.mana_cost, c.cmc, c.type_line, c.oracle_text,
       CASE WHEN len(coalesce(c.colors, [])) > 0 THEN c.colors ELSE coalesce(c.color_identity, []) END AS colors,
       c.scryfall_uri, c.image_normal, c.image_small, c.set_code, c.released_at,
       l.reason, l.coalition_types, l.can_lead,
       ca.is_changeling, ca.types AS affiliations
FROM leaders l
JOIN cards c USING (oracle_id)
JOIN card_affiliation ca USING (oracle_id)
WHERE l.format = $format
ORDER BY c.name, c.oracle_id;
