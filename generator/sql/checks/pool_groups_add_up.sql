-- The one grouping of pool counts (creatures, other spells, lands) covers each pool exactly once.
SELECT format || ' ' || type || ': ' || creatures || ' creatures + ' || other_spells || ' other spells + ' || lands
       || ' lands is not its pool of ' || pool_size AS problem
FROM type_summary
WHERE creatures + other_spells + lands <> pool_size
ORDER BY format, type;
