-- Every affiliation, and every type an override names, is a known creature type.
SELECT c.name || ': affiliation ' || a.type || ' (' || a.source || ') is not a creature type' AS problem
FROM affiliations a JOIN cards c USING (oracle_id)
WHERE a.type NOT IN (SELECT type FROM creature_types)
UNION ALL
SELECT o.source_line || ': ' || o.card || ': ''' || t.type || ''' is not a creature type'
FROM affiliation_overrides o, unnest(list_concat(o.add_types, o.remove_types)) AS t(type)
WHERE t.type NOT IN (SELECT type FROM creature_types);
