-- The release date `coalition league check` compares with a season's first game day (rule 2g), for the
-- cards of one deck: $names (as written) -> the card's name and Oracle printing date. A two-faced card
-- matches its full or front name, any case; a name no card has is left out; ties broken by name.
SELECT c.name, c.released_at
FROM (SELECT unnest($names) AS asked) n
JOIN cards c ON lower(n.asked) IN (lower(c.name), lower(c.front_name))
QUALIFY row_number() OVER (PARTITION BY n.asked ORDER BY c.name) = 1
ORDER BY c.name;
