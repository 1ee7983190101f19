-- data/cards/creature_types.yml: every irregular plural belongs to a creature type that exists.
SELECT source_line || ': irregular_plurals.' || type || ': ''' || type || ''' is not a creature type' AS problem
FROM type_spellings
WHERE type NOT IN (SELECT type FROM creature_types)
ORDER BY source_line;
