-- data/formats/<format>/banlist.yml `exceptions`: cards allowed despite the listed reasons.
CREATE TABLE exceptions (format VARCHAR, card VARCHAR, allows VARCHAR[], reason VARCHAR, source_line VARCHAR);
