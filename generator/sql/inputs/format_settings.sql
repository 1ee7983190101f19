-- data/formats/<format>/format.yml, one row per key (plus `rules`: check id -> rule number); value is JSON.
CREATE TABLE format_settings (format VARCHAR, key VARCHAR, value JSON, PRIMARY KEY (format, key));
