-- data/formats/*/format.yml: one row per format. position 0 is the default format (the CLI's default, the
-- site's root); site_prefix is where its pages and exports live ('' or '<format>/').
CREATE TABLE formats (format VARCHAR PRIMARY KEY, name VARCHAR, identity VARCHAR, is_default BOOLEAN, position INTEGER, site_prefix VARCHAR);
