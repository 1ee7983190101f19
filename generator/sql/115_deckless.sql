-- Per format: the legal cards, no leader, that no deck may hold all the same: affiliated only with types no
-- leader of the format leads (Human alone, never a coalition type), so in no type's pool and not unaffiliated.
-- `coalition card` (fits_no_deck) and cards.json ("nd": the lookup, the search box, "What can I build?") read
-- it. A format whose leaders lead no type (an identity format) reads no affiliation: none there.
CREATE TABLE deckless AS
SELECT l.format, l.oracle_id
FROM legality l
JOIN card_affiliation ca USING (oracle_id)
WHERE l.legal AND NOT l.leader_only AND NOT ca.is_changeling AND len(ca.types) > 0
  AND EXISTS (SELECT 1 FROM leader_types lt WHERE lt.format = l.format)
  AND NOT EXISTS (SELECT 1 FROM pools p WHERE p.format = l.format AND p.oracle_id = l.oracle_id)
ORDER BY l.format, l.oracle_id;
