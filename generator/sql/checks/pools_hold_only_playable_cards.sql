-- The `banned` and `legendary` checks: no pool holds a card its format bans, nor a legendary card where the format bans them.
SELECT c.name || ' is in the ' || p.format || ' ' || p.type || ' pool but is ' ||
       CASE WHEN l.leader_only THEN 'legendary' ELSE 'not legal (' || array_to_string(l.reasons, ', ') || ')' END AS problem
FROM pools p JOIN cards c USING (oracle_id) JOIN legality l ON l.format = p.format AND l.oracle_id = p.oracle_id
WHERE l.leader_only OR NOT l.legal
UNION ALL
SELECT c.name || ' is in the ' || s.format || ' shared pool but is not playable'
FROM shared_pool s JOIN cards c USING (oracle_id) JOIN legality l ON l.format = s.format AND l.oracle_id = s.oracle_id
WHERE l.leader_only OR NOT l.legal;
