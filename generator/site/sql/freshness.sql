-- The figures the home page shows about the data behind this build.
SELECT
    (SELECT max(value) FILTER (WHERE key = 'scryfall_updated_at') FROM build_info) AS scryfall_updated_at,
    (SELECT max(value) FILTER (WHERE key = 'built_at') FROM build_info) AS built_at,
    (SELECT max(value) FILTER (WHERE key = 'source') FROM build_info) AS source,
    (SELECT count(*) FROM cards) AS cards,
    (SELECT max(released_at) FROM cards) AS newest_release,
    (SELECT count(*) FROM leaders WHERE format = $format AND can_lead) AS leaders,
    (SELECT count(*) FROM type_summary WHERE format = $format) AS types,
    (SELECT count(*) FROM legality WHERE format = $format AND legal) AS legal_cards,
    (SELECT count(*) FROM legality WHERE format = $format AND legal AND NOT leader_only) AS deck_cards,
    (SELECT count(*) FROM shared_pool WHERE format = $format) AS shared_pool;
