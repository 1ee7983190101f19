-- 906.5g, 906.5h: no pool holds a banned card or a legendary card.
SELECT c.name || ' is in the ' || p.type || ' pool but is ' ||
       CASE WHEN c.is_legendary THEN 'legendary' ELSE 'not legal (' || array_to_string(l.reasons, ', ') || ')' END AS problem
FROM pools p JOIN cards c USING (oracle_id) JOIN legality l USING (oracle_id)
WHERE c.is_legendary OR NOT l.legal
UNION ALL
SELECT c.name || ' is in the shared pool but is not playable'
FROM shared_pool s JOIN cards c USING (oracle_id) JOIN legality l USING (oracle_id)
WHERE c.is_legendary OR NOT l.legal;
