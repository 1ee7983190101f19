-- Every coalition type with its counts (type_summary) and its leaders' names for the index.
SELECT s.* EXCLUDE (format)
FROM type_summary s
WHERE s.format = $format
ORDER BY s.type;
