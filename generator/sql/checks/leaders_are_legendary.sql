-- 906.3: every leader is a legendary card.
SELECT c.name || ' is a leader but not legendary' AS problem
FROM leaders l JOIN cards c USING (oracle_id)
WHERE NOT c.is_legendary;
