-- Every type an override names, and every affiliation, is a known creature type. Override mistakes are
-- reported first, with the file and line to fix.
SELECT problem FROM (
    SELECT 0 AS priority, o.source_line || ': ' || o.card || ': ''' || t.type || ''' is not a creature type' AS problem
    FROM affiliation_overrides o, unnest(list_concat(o.add_types, o.remove_types)) AS t(type)
    WHERE t.type NOT IN (SELECT type FROM creature_types)
    UNION ALL
    SELECT 1, c.name || ': affiliation ' || a.type || ' (' || a.source || ') is not a creature type'
    FROM affiliations a JOIN cards c USING (oracle_id)
    WHERE a.type NOT IN (SELECT type FROM creature_types) AND a.source <> 'override'
)
ORDER BY priority, problem;
