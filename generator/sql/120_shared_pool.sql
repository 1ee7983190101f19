-- Per format: the playable cards with no affiliation: every deck of a typal format may use them (the `typal_identity` check).
CREATE TABLE shared_pool AS
SELECT l.format, l.oracle_id
FROM legality l JOIN card_affiliation a USING (oracle_id)
WHERE l.legal AND NOT l.leader_only AND a.is_unaffiliated
ORDER BY l.format, l.oracle_id;
