-- Every deck card's cards.json entry with one format's verdicts ($format), in name order: (name, entry),
-- the entry already compact JSON text (generator/export/files.py writes it as it is, and parses it only for
-- the commands that read the facts). Built here because making 30,000 rows Python objects, then dicts, then
-- JSON again took a format worker ~2 s of its ~9 s at today's scale; DuckDB writes the same bytes in a
-- fraction of that. The entry's keys, in order (optional ones are left out, not written empty):
--   n name; f face names (two or more faces); s 1 when import lists name it in full ($full_name_layouts);
--   m mana cost; t type line; g card group; c 1 for a changeling; a affiliation rows [type, source, evidence]
--   (none for a changeling, which has every type, nor in an identity format); l 1 when legal; r reasons;
--   lo 1 when leader-only; nd 1 when legal yet no deck may hold it (deckless); lg 1 for a legend (the name
--   matcher's short names); rk its edhrec_rank (how much it is played, lower first: the name matcher's order
--   of the names holding a typed word; left out without one); x copies allowed; L the types it leads; i type
--   words not read [word, reason] (typal formats); ci, k, v an identity format's color identity in
--   $color_order, mechanics and season variants (each left out when none); img the image without its
--   cache-busting query; u its Scryfall page.
-- The lists are aggregated once per card and joined, not asked per row: the correlated subqueries held
-- ~30 MB more in a format worker and took 0.5 s more CPU at today's scale.
-- Affiliation rows are de-duplicated because a two-faced card can carry the same type on both faces;
-- changelings list none (they have every type). DISTINCT lists have no order: list_sort orders them as Python
-- orders lists of strings (code point order, element by element).
WITH face_names AS (
    SELECT oracle_id, list(face_name ORDER BY face_index) AS face_names
    FROM faces GROUP BY oracle_id
), affiliation_rows AS (
    SELECT oracle_id, list_sort(list(DISTINCT [type, source, evidence])) AS affiliation_rows
    FROM affiliations WHERE source <> 'changeling' GROUP BY oracle_id
), mechanics AS (
    SELECT oracle_id, list(mechanic ORDER BY mechanic) AS mechanics
    FROM card_mechanics WHERE format = $format GROUP BY oracle_id
), ignored AS (
    -- A type a correction took away (data/cards/affiliation_overrides.yml) comes with its own reason, third.
    SELECT oracle_id, list_sort(list(DISTINCT ignored_row)) AS ignored_rows
    FROM (SELECT oracle_id, [word, reason] AS ignored_row FROM ignored_words
          UNION ALL
          SELECT oracle_id, [type, 'override', reason] FROM affiliation_removals)
    GROUP BY oracle_id
), facts AS (
    SELECT c.name, c.oracle_id, c.layout, c.mana_cost, c.type_line, c.card_group, ca.is_changeling,
           c.is_legendary, c.edhrec_rank, l.legal, l.leader_only, d.oracle_id IS NOT NULL AS deckless, l.reasons, cl.max_copies, ld.coalition_types AS leads,
           ld.seasons, c.image_normal, c.scryfall_uri, fn.face_names, ar.affiliation_rows, ig.ignored_rows,
           array_to_string(list_filter(string_split($color_order, ''), lambda color: list_contains(c.color_identity, color)), '') AS colors,
           m.mechanics, coalesce(f.identity = 'color', false) AS by_identity
    FROM cards c
    JOIN card_affiliation ca USING (oracle_id)
    JOIN legality l ON l.format = $format AND l.oracle_id = c.oracle_id
    JOIN copy_limits cl ON cl.format = $format AND cl.oracle_id = c.oracle_id
    LEFT JOIN formats f ON f.format = $format
    LEFT JOIN leaders ld ON ld.format = $format AND ld.oracle_id = c.oracle_id
    LEFT JOIN deckless d ON d.format = $format AND d.oracle_id = c.oracle_id
    LEFT JOIN face_names fn ON fn.oracle_id = c.oracle_id
    LEFT JOIN affiliation_rows ar ON ar.oracle_id = c.oracle_id
    LEFT JOIN mechanics m ON m.oracle_id = c.oracle_id
    LEFT JOIN ignored ig ON ig.oracle_id = c.oracle_id
)
SELECT name,
       concat(
           '{"n":', to_json(name),
           CASE WHEN len(face_names) > 1 THEN concat(',"f":', to_json(face_names),
               CASE WHEN list_contains($full_name_layouts, layout) THEN ',"s":1' END) END,
           ',"m":', to_json(coalesce(mana_cost, '')), ',"t":', to_json(coalesce(type_line, '')),
           ',"g":', coalesce(to_json(card_group), 'null'),
           CASE WHEN is_changeling THEN ',"c":1' END,
           ',"a":', CASE WHEN is_changeling OR by_identity THEN '[]' ELSE coalesce(to_json(affiliation_rows), '[]') END,
           ',"l":', CASE WHEN legal THEN '1' ELSE '0' END,
           ',"r":', coalesce(to_json(reasons), '[]'),
           CASE WHEN leader_only THEN ',"lo":1' END,
           CASE WHEN deckless THEN ',"nd":1' END,
           CASE WHEN is_legendary THEN ',"lg":1' END,
           CASE WHEN edhrec_rank IS NOT NULL THEN concat(',"rk":', edhrec_rank) END,
           ',"x":', coalesce(to_json(max_copies), 'null'),
           CASE WHEN leads IS NOT NULL THEN concat(',"L":', to_json(leads)) END,
           CASE WHEN len(ignored_rows) > 0 AND NOT by_identity THEN concat(',"i":', to_json(ignored_rows)) END,
           CASE WHEN by_identity AND colors <> '' THEN concat(',"ci":', to_json(colors)) END,
           CASE WHEN by_identity AND len(mechanics) > 0 THEN concat(',"k":', to_json(mechanics)) END,
           CASE WHEN by_identity AND len(seasons) > 0 THEN concat(',"v":', to_json(seasons)) END,
           ',"img":', CASE WHEN image_normal <> '' THEN to_json(split_part(image_normal, '?', 1)) ELSE 'null' END,
           ',"u":', coalesce(to_json(scryfall_uri), 'null'),
           '}') AS entry
FROM facts
ORDER BY name, oracle_id;
