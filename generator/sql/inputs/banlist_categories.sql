-- data/formats/<format>/banlist.yml `categories`: the bans computed from card data that the format uses.
CREATE TABLE banlist_categories (format VARCHAR, category VARCHAR, title VARCHAR, reason VARCHAR, PRIMARY KEY (format, category));
