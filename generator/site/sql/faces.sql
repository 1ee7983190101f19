-- Faces of the leaders, for two-faced leaders' pages (their back face may add affiliations: format.yml cites: faces).
SELECT f.oracle_id, f.face_index, f.face_name, f.type_line, f.oracle_text, f.mana_cost
FROM faces f
JOIN leaders l USING (oracle_id)
WHERE l.format = $format
ORDER BY f.oracle_id, f.face_index;
