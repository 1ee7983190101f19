-- One coalition type: its summary row, found case-insensitively by singular or plural ("goblins" works).
SELECT s.*
FROM type_summary s
WHERE s.type = (
    SELECT f.type FROM type_forms f
    WHERE lower(f.form) = lower(replace($type, '’', ''''))
    ORDER BY f.kind = 'singular' DESC
    LIMIT 1
);
