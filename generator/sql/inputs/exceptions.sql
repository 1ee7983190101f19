-- data/banlist.yml `exceptions`: cards allowed despite the listed reasons.
CREATE TABLE exceptions (card VARCHAR, allows VARCHAR[], reason VARCHAR, source_line VARCHAR);
