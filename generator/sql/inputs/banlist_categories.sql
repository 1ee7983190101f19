-- data/banlist.yml `categories`: the bans computed from card data, with our wording.
CREATE TABLE banlist_categories (category VARCHAR PRIMARY KEY, title VARCHAR, reason VARCHAR);
