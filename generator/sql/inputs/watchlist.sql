-- data/banlist.yml `watchlist`: under discussion, not banned.
CREATE TABLE watchlist (card VARCHAR, reason VARCHAR, source_line VARCHAR);
