-- data/formats/<format>/banlist.yml `watchlist`: under discussion, not banned.
CREATE TABLE watchlist (format VARCHAR, card VARCHAR, reason VARCHAR, source_line VARCHAR);
