-- Every coalition type with its counts (type_summary) and its leaders' names for the index.
SELECT s.*
FROM type_summary s
ORDER BY s.type;
