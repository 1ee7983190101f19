-- The `typal_identity` check: the shared pool holds only cards with no affiliation, and no card is in both.
SELECT c.name || ' is in the shared pool but affiliated with ' || a.type AS problem
FROM shared_pool s JOIN affiliations a USING (oracle_id) JOIN cards c USING (oracle_id);
