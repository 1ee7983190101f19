-- Type words printed on a leader that were not read as affiliations, with why (055_ignored_words.sql).
SELECT i.oracle_id, i.word, i.type, i.reason, r.explanation, i.face_index, i.evidence, i.read_elsewhere
FROM ignored_words i
JOIN ignore_reasons r ON r.reason = i.reason
WHERE i.oracle_id IN (SELECT oracle_id FROM leaders WHERE format = $format)
ORDER BY i.oracle_id, i.face_index, i.word, i.reason, i.evidence;
