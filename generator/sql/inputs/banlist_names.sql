-- data/formats/<format>/banlist.yml `banned`: bans by name. category is 'banned' unless the entry names one.
CREATE TABLE banlist_names (format VARCHAR, card VARCHAR, category VARCHAR, reason VARCHAR, date VARCHAR, source_line VARCHAR);
