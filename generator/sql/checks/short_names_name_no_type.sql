-- A legend's short name means the card itself ("Whenever Rhino attacks" is Rhino, Barreling Brute, not a
-- Rhino): no affiliation of a legend may come from its short name unless the word is also used as a type
-- somewhere in the text, i.e. still appears once every "<short name> <verb>", "<short name>'s" and
-- "on / Exile / Regenerate <short name>" is cut.
WITH short_names AS (
    SELECT DISTINCT c.oracle_id, c.name, trim(regexp_extract(f.face_name, '^(.+?)(?:,| of )', 1)) AS short_name
    FROM cards c JOIN faces f USING (oracle_id)
    WHERE c.is_legendary AND regexp_matches(f.face_name, '^(.+?)(?:,| of )')
),
self_uses_cut AS (
    SELECT s.*, f.face_index,
           regexp_replace(replace(f.oracle_text, f.face_name, '~'),
               '(?:\b(?:on|Exile|Regenerate|untap|tap) )?\b' || s.short_name
                   || '(?:''s\b| (?:attacks|attacked|enters|dies|deals|dealt|gets|has|can''t|can|is|would|becomes|blocks|leaves|gains|loses|and|or)\b|[.,])',
               '~', 'g') AS text
    FROM short_names s JOIN faces f USING (oracle_id)
    WHERE regexp_matches(s.short_name, '^[A-Za-z'' -]+$')
      AND EXISTS (SELECT 1 FROM affiliations a WHERE a.oracle_id = s.oracle_id AND a.face_index = f.face_index
                  AND a.source = 'oracle_text' AND a.evidence = s.short_name)
)
SELECT u.name || ': ' || a.type || ' is read from its own short name "' || u.short_name || '"' AS problem
FROM affiliations a JOIN self_uses_cut u ON u.oracle_id = a.oracle_id AND u.face_index = a.face_index
WHERE a.source = 'oracle_text' AND a.evidence = u.short_name
  AND NOT regexp_matches(u.text, '\b' || u.short_name || '\b')
ORDER BY problem;
