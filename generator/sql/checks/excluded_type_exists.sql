-- data/format.yml names an excluded type that really is a creature type.
SELECT 'data/format.yml: excluded_type ''' || (value ->> '$') || ''' is not a creature type' AS problem
FROM format_settings
WHERE key = 'excluded_type' AND (value ->> '$') NOT IN (SELECT type FROM creature_types);
