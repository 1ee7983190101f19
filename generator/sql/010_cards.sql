-- One row per Oracle card that can go in a deck. Tokens, emblems, art cards, schemes, planes, vanguards,
-- dungeons and meld results (005_meld_results.sql) are game pieces or halves of other cards, not cards a deck
-- lists. A reversible printing (007_reversible_printings.sql) is its one card: dropped when that card is in the
-- data already, else read as that card, single-faced, from its first face. is_legendary follows the flip-card reading of the default format's format.yml (`readings: flip_cards`): `legal` reads
-- a flip card by its upper half alone, the only half it has outside the battlefield (CR 710.1b, 710.2);
-- `legendary` reads it as legendary when either half is.
CREATE TABLE cards AS
WITH flip_reading AS (
    SELECT CASE
        WHEN v IN ('legal', 'legendary') THEN v
        ELSE error('data/formats/<default>/format.yml: readings: flip_cards must be ''legal'' or ''legendary'', not ' || coalesce(v, 'missing'))
    END AS flip_cards
    -- A card-level reading: the default format's format.yml states it for every format.
    FROM (SELECT (SELECT s.value ->> '$.flip_cards' FROM format_settings s JOIN formats f USING (format)
                  WHERE s.key = 'readings' AND f.is_default) AS v)
),
reversible AS (
    SELECT source_record, kept FROM reversible_printings
),
deck_objects AS (
    SELECT r.* REPLACE (
        CASE WHEN v.kept THEN r.card_faces[1].name ELSE r.name END AS name,
        CASE WHEN v.kept THEN 'normal' ELSE r.layout END AS layout,
        CASE WHEN v.kept THEN coalesce(r.card_faces[1].oracle_id, r.oracle_id) ELSE r.oracle_id END AS oracle_id,
        CASE WHEN v.kept THEN coalesce(r.card_faces[1].type_line, r.type_line) ELSE r.type_line END AS type_line,
        CASE WHEN v.kept THEN coalesce(r.card_faces[1].oracle_text, '') ELSE r.oracle_text END AS oracle_text,
        CASE WHEN v.kept THEN coalesce(r.card_faces[1].mana_cost, '') ELSE r.mana_cost END AS mana_cost,
        CASE WHEN v.kept THEN coalesce(r.card_faces[1].cmc, r.cmc) ELSE r.cmc END AS cmc,
        CASE WHEN v.kept THEN coalesce(r.card_faces[1].colors, r.colors) ELSE r.colors END AS colors,
        CASE WHEN v.kept THEN r.card_faces[1:1] ELSE r.card_faces END AS card_faces)
    FROM raw_cards r LEFT JOIN reversible v USING (source_record)
    WHERE coalesce(v.kept, true)
      AND coalesce(object, 'card') = 'card'
      AND layout NOT IN ('token', 'double_faced_token', 'emblem', 'art_series', 'scheme', 'planar', 'vanguard')
      AND NOT regexp_matches(coalesce(type_line, ''), '^(Dungeon|Stickers|Card)\b')
      AND name NOT IN (SELECT name FROM meld_results)
),
with_front AS (
    SELECT
        *,
        coalesce(card_faces[1].type_line, type_line) AS front_type_line,
        coalesce(oracle_id, card_faces[1].oracle_id) AS card_oracle_id,
        coalesce(type_line, array_to_string(list_transform(card_faces, lambda f: f.type_line), ' // ')) AS full_type_line
    FROM deck_objects
)
SELECT
    card_oracle_id AS oracle_id,
    name,
    coalesce(card_faces[1].name, name) AS front_name,
    layout,
    full_type_line AS type_line,
    front_type_line,
    coalesce(oracle_text, array_to_string(list_transform(card_faces, lambda f: coalesce(f.oracle_text, '')), chr(10) || '//' || chr(10))) AS oracle_text,
    coalesce(mana_cost, array_to_string(list_filter(list_transform(card_faces, lambda f: f.mana_cost), lambda m: m <> ''), ' // ')) AS mana_cost,
    coalesce(cmc, 0) AS cmc,
    coalesce(colors, []) AS colors,
    coalesce(color_identity, []) AS color_identity,
    CASE
        WHEN front_type_line LIKE '%Creature%' THEN 'creature'
        WHEN front_type_line LIKE '%Planeswalker%' THEN 'planeswalker'
        WHEN front_type_line LIKE '%Battle%' THEN 'battle'
        WHEN front_type_line LIKE '%Land%' THEN 'land'
        WHEN front_type_line LIKE '%Instant%' THEN 'instant'
        WHEN front_type_line LIKE '%Sorcery%' THEN 'sorcery'
        WHEN front_type_line LIKE '%Artifact%' THEN 'artifact'
        WHEN front_type_line LIKE '%Enchantment%' THEN 'enchantment'
        ELSE 'other'
    END AS card_group,
    CASE WHEN layout = 'flip' AND (SELECT flip_cards FROM flip_reading) = 'legal'
         THEN regexp_matches(front_type_line, '\bLegendary\b')
         ELSE regexp_matches(full_type_line, '\bLegendary\b') END AS is_legendary,
    regexp_matches(front_type_line, '^[^—]*\bLegendary\b[^—]*\bCreature\b') AS front_legendary_creature,
    coalesce(reserved, false) AS reserved,
    coalesce(legalities['vintage'], 'missing') AS vintage_legality,
    coalesce(legalities, MAP {}) AS legalities,   -- every format's base pool reads its own key
    rarity,
    "set" AS set_code,
    collector_number,
    released_at,
    border_color,
    security_stamp,
    -- URLs from the card data become links and images on every page and in the exports: only plain https
    -- addresses are kept (a `javascript:` or `data:` one is dropped here, once, for every reader).
    CASE WHEN regexp_full_match(scryfall_uri, 'https://[^\s"''<>\\`]+')
         THEN regexp_replace(scryfall_uri, '\?.*$', '') END AS scryfall_uri,
    CASE WHEN regexp_full_match(coalesce(image_uris.small, card_faces[1].image_uris.small), 'https://[^\s"''<>\\`]+')
         THEN coalesce(image_uris.small, card_faces[1].image_uris.small) END AS image_small,
    CASE WHEN regexp_full_match(coalesce(image_uris.normal, card_faces[1].image_uris.normal), 'https://[^\s"''<>\\`]+')
         THEN coalesce(image_uris.normal, card_faces[1].image_uris.normal) END AS image_normal,
    coalesce(keywords, []) AS keywords,
    edhrec_rank,
    source_record
FROM with_front;
