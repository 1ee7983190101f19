-- data/readings.yml: one row per reading switch (generator/readings.py checks the values).
CREATE TABLE card_readings (key VARCHAR PRIMARY KEY, value VARCHAR);
