-- Every word set aside from affiliation says why in the shared vocabulary (054_ignore_reasons.sql).
SELECT DISTINCT 'ignored word ' || i.word || ' has the unknown reason ' || i.reason AS problem
FROM ignored_words i ANTI JOIN ignore_reasons r USING (reason)
ORDER BY problem;
