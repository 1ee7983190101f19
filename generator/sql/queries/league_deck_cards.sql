-- The release date `coalition league check` compares with a season's first game day (rule 2g), for the
-- cards of one deck: $names (as written) -> the card's name and Oracle printing date. A two-faced card
-- matches its full or front name, any case; a name no card has is left out; ties broken by name.
-- An equality join on the lowered names (a hash join): comparing every name with every card, as an IN
-- of two names did, took ~0.7 s a deck at today's scale, and the season page checks every deck.
WITH asked AS (
    SELECT DISTINCT lower(unnest($names)) AS key
), named AS (
    SELECT name, released_at, lower(name) AS key FROM cards
    UNION ALL
    SELECT name, released_at, lower(front_name) FROM cards WHERE front_name <> name
)
SELECT c.name, c.released_at
FROM asked a
JOIN named c USING (key)
QUALIFY row_number() OVER (PARTITION BY a.key ORDER BY c.name) = 1
ORDER BY c.name;
