-- Each format's excluded type (format.yml `excluded_type`) really is a creature type.
SELECT 'data/formats/' || format || '/format.yml: excluded_type ''' || (value ->> '$') || ''' is not a creature type' AS problem
FROM format_settings
WHERE key = 'excluded_type' AND (value ->> '$') NOT IN (SELECT type FROM creature_types)
ORDER BY format;
