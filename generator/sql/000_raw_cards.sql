-- Every object of the bulk file, with the columns the engine uses. The schema is pinned here rather than
-- sampled, so a field Scryfall drops or renames shows up as NULLs caught by the load checks, not as a
-- silently different table. Parameters: $source (path), $compression ('gzip' or 'none').
CREATE TABLE raw_cards AS
SELECT
    row_number() OVER () AS source_record,
    *
FROM read_json(
    $source,
    format = 'auto',
    compression = $compression,
    maximum_object_size = 16777216,
    columns = {
        'object': 'VARCHAR',
        'id': 'VARCHAR',
        'oracle_id': 'VARCHAR',
        'name': 'VARCHAR',
        'lang': 'VARCHAR',
        'released_at': 'VARCHAR',
        'layout': 'VARCHAR',
        'mana_cost': 'VARCHAR',
        'cmc': 'DOUBLE',
        'type_line': 'VARCHAR',
        'oracle_text': 'VARCHAR',
        'power': 'VARCHAR',
        'toughness': 'VARCHAR',
        'loyalty': 'VARCHAR',
        'colors': 'VARCHAR[]',
        'color_identity': 'VARCHAR[]',
        'keywords': 'VARCHAR[]',
        'legalities': 'MAP(VARCHAR, VARCHAR)',
        'games': 'VARCHAR[]',
        'reserved': 'BOOLEAN',
        'digital': 'BOOLEAN',
        'set': 'VARCHAR',
        'set_name': 'VARCHAR',
        'set_type': 'VARCHAR',
        'collector_number': 'VARCHAR',
        'rarity': 'VARCHAR',
        'border_color': 'VARCHAR',
        'security_stamp': 'VARCHAR',
        'scryfall_uri': 'VARCHAR',
        'edhrec_rank': 'BIGINT',
        'image_uris': 'STRUCT(small VARCHAR, normal VARCHAR, large VARCHAR, art_crop VARCHAR)',
        'card_faces': 'STRUCT(oracle_id VARCHAR, name VARCHAR, mana_cost VARCHAR, cmc DOUBLE, colors VARCHAR[], type_line VARCHAR, oracle_text VARCHAR, image_uris STRUCT(small VARCHAR, normal VARCHAR, large VARCHAR, art_crop VARCHAR))[]',
        'all_parts': 'STRUCT(component VARCHAR, name VARCHAR, type_line VARCHAR)[]'
    }
);
