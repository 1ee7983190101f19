-- data/cards/creature_types.yml: every irregular plural belongs to a creature type that exists. Judged only
-- when the build has Scryfall's catalog (every build does: online, or the snapshot in data/cards/); from a
-- handful of cards alone most types are simply not printed.
SELECT source_line || ': irregular_plurals.' || type || ': ''' || type || ''' is not a creature type' AS problem
FROM type_spellings
WHERE type NOT IN (SELECT type FROM creature_types)
  AND EXISTS (SELECT 1 FROM catalog_types)
ORDER BY source_line;
