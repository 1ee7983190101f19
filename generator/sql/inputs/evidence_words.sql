-- data/cards/vocabulary.yml `evidence_words`: a source of an affiliation as the card lookup and `coalition card`
-- name it before the words read there, listed by position; `quoted`: its words follow, quoted (`quoted_evidence`).
CREATE TABLE evidence_words (source VARCHAR PRIMARY KEY, words VARCHAR, position INTEGER, quoted BOOLEAN);
