-- data/cards/vocabulary.yml `reason_labels`: every reason code's label, the one word for it on every page.
CREATE TABLE reason_labels (reason VARCHAR PRIMARY KEY, label VARCHAR);
