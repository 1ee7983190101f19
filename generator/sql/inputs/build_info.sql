-- Where this build's data came from and when; filled by generator/database.py.
CREATE TABLE build_info (key VARCHAR PRIMARY KEY, value VARCHAR);
