-- Everything the CLI and the site say about one card in format $format.
SELECT
    c.oracle_id, c.name, c.type_line, c.mana_cost, c.card_group, c.scryfall_uri,
    ca.is_changeling, ca.types AS affiliations,
    (SELECT list(struct_pack(type := a.type, source := a.source, face_index := a.face_index, evidence := a.evidence)
                 ORDER BY a.type, a.source, a.face_index)
     FROM affiliations a WHERE a.oracle_id = c.oracle_id) AS affiliation_rows,
    (SELECT list(struct_pack(type := r.type, reason := r.reason) ORDER BY r.type)
     FROM affiliation_removals r WHERE r.oracle_id = c.oracle_id) AS removal_rows,
    (SELECT list(struct_pack(word := i.word, type := i.type, reason := i.reason, explanation := r.explanation,
                             face_index := i.face_index, evidence := i.evidence, read_elsewhere := i.read_elsewhere)
                 ORDER BY i.face_index, i.word, i.reason, i.evidence)
     FROM ignored_words i JOIN ignore_reasons r USING (reason) WHERE i.oracle_id = c.oracle_id) AS ignored_rows,
    l.legal, l.leader_only, l.reasons, l.notes,
    EXISTS (SELECT 1 FROM deckless d WHERE d.format = $format AND d.oracle_id = c.oracle_id) AS fits_no_deck,
    (SELECT list(p.type ORDER BY p.type) FROM pools p
     WHERE p.format = $format AND p.oracle_id = c.oracle_id) AS pool_types,
    cl.max_copies, cl.reason AS copy_reason,
    coalesce(ld.can_lead, false) AND (ld.seasons IS NULL OR len(ld.seasons) > 0) AS leader,
    ld.seasons,
    coalesce(ld.coalition_types, []::VARCHAR[]) AS coalition_types,
    fo.identity AS format_identity, c.color_identity,
    (SELECT s.value ->> '$.zone' FROM format_settings s WHERE s.format = $format AND s.key = 'leader') AS leader_zone,
    (SELECT list(m.mechanic ORDER BY m.mechanic) FROM card_mechanics m
     WHERE m.format = $format AND m.oracle_id = c.oracle_id) AS mechanics
FROM cards c
JOIN formats fo ON fo.format = $format
JOIN card_affiliation ca USING (oracle_id)
JOIN legality l ON l.format = $format AND l.oracle_id = c.oracle_id
JOIN copy_limits cl ON cl.format = $format AND cl.oracle_id = c.oracle_id
LEFT JOIN leaders ld ON ld.format = $format AND ld.oracle_id = c.oracle_id
WHERE c.oracle_id = $oracle_id;
