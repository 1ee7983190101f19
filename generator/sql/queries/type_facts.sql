-- One coalition type of format $format: its summary row, found case-insensitively by singular or plural ("goblins" works).
SELECT s.* EXCLUDE (format)
FROM type_summary s
WHERE s.format = $format AND s.type = (
    SELECT f.type FROM type_forms f
    WHERE lower(f.form) = lower(replace($type, '’', ''''))
    ORDER BY f.kind = 'singular' DESC
    LIMIT 1
);
