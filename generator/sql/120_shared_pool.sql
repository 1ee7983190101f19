-- The playable cards with no affiliation: every deck may use them (906.5e).
CREATE TABLE shared_pool AS
SELECT l.oracle_id
FROM legality l JOIN card_affiliation a USING (oracle_id)
WHERE l.legal AND NOT l.leader_only AND a.is_unaffiliated
ORDER BY l.oracle_id;
