-- Every deck card's facts with one format's verdicts ($format), one row each, in name order: what
-- <format>/data/cards.json holds (generator/export/files.py makes each row an entry).
-- The lists are aggregated once per card and joined, not asked per row: the correlated subqueries held
-- ~30 MB more in a format worker and took 0.5 s more CPU at today's scale.
-- Affiliation rows are de-duplicated because a two-faced card can carry the same type on both faces;
-- changelings list none (they have every type). DISTINCT lists have no order: the export sorts them.
WITH face_names AS (
    SELECT oracle_id, list(face_name ORDER BY face_index) AS face_names
    FROM faces GROUP BY oracle_id
), affiliation_rows AS (
    SELECT oracle_id, list(DISTINCT [type, source, evidence]) AS affiliation_rows
    FROM affiliations WHERE source <> 'changeling' GROUP BY oracle_id
), mechanics AS (
    SELECT oracle_id, list(mechanic ORDER BY mechanic) AS mechanics
    FROM card_mechanics WHERE format = $format GROUP BY oracle_id
), ignored AS (
    SELECT oracle_id, list(DISTINCT [word, reason]) AS ignored_rows
    FROM ignored_words GROUP BY oracle_id
)
SELECT c.name, c.layout, c.mana_cost, c.type_line, c.card_group, ca.is_changeling, c.is_legendary,
       l.legal, l.leader_only, l.reasons, cl.max_copies, ld.coalition_types AS leads, ld.seasons,
       c.image_normal, c.scryfall_uri, fn.face_names, ar.affiliation_rows, ig.ignored_rows, c.color_identity,
       m.mechanics
FROM cards c
JOIN card_affiliation ca USING (oracle_id)
JOIN legality l ON l.format = $format AND l.oracle_id = c.oracle_id
JOIN copy_limits cl ON cl.format = $format AND cl.oracle_id = c.oracle_id
LEFT JOIN leaders ld ON ld.format = $format AND ld.oracle_id = c.oracle_id
LEFT JOIN face_names fn ON fn.oracle_id = c.oracle_id
LEFT JOIN affiliation_rows ar ON ar.oracle_id = c.oracle_id
LEFT JOIN mechanics m ON m.oracle_id = c.oracle_id
LEFT JOIN ignored ig ON ig.oracle_id = c.oracle_id
ORDER BY c.name, c.oracle_id;
