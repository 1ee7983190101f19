-- "<Type>cycling" (Wizardcycling, Slivercycling) searches for a card of that type: it names the type, so the
-- card is affiliated with it (unless data/affiliation_overrides.yml removes it).
WITH cycling AS (
    SELECT f.oracle_id, unnest(regexp_extract_all(f.oracle_text, '\b([A-Z][A-Za-z'']*)cycling\b', 1)) AS form
    FROM faces f
)
SELECT DISTINCT c.name || ': ' || t.form || 'cycling names ' || t.type || ' but the card is not affiliated with it' AS problem
FROM cycling y JOIN type_forms t USING (form) JOIN cards c USING (oracle_id)
WHERE NOT EXISTS (SELECT 1 FROM affiliations a WHERE a.oracle_id = y.oracle_id AND a.type = t.type)
  AND NOT EXISTS (SELECT 1 FROM affiliation_removals r WHERE r.oracle_id = y.oracle_id AND r.type = t.type)
ORDER BY problem;
