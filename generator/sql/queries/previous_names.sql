-- The card names of a finished build (read from the previous database before it is replaced).
SELECT DISTINCT name FROM (SELECT name FROM cards UNION ALL SELECT front_name FROM cards) ORDER BY name;
