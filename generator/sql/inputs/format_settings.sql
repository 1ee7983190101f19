-- data/format.yml, one row per key; value is JSON so lists and nulls survive.
CREATE TABLE format_settings (key VARCHAR PRIMARY KEY, value JSON);
