-- Every leader is a legendary card (076_leader_shapes.sql), in every format.
SELECT c.name || ' is a leader but not legendary' AS problem
FROM leaders l JOIN cards c USING (oracle_id)
WHERE NOT c.is_legendary;
