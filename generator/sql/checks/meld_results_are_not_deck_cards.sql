-- A meld result is the melded back of two cards (CR 712.1): it is found by name, never a deck card, and
-- names the cards that meld into it.
SELECT m.name || ' is a meld result but is listed as a deck card' AS problem
FROM meld_results m JOIN cards c ON c.name = m.name
UNION ALL
SELECT m.name || ' is a meld result with no card that melds into it'
FROM meld_results m
WHERE len(m.parts) = 0
ORDER BY problem;
