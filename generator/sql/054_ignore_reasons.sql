-- Why a type word printed on a card was not read as an affiliation: the vocabulary of
-- ignored_words.reason, with the words the CLI and the site show for each (defined here, once). The rule a
-- format cites for a reason is its data's (format.yml `cites:` under the reason's code, e.g. reminder_text):
-- the pages, the lookup and the CLI add it; these words name no format's rule, and no file (players read them;
-- the rules page says which switch in data/readings.yml sets each reading).
CREATE TABLE ignore_reasons AS
SELECT * FROM (VALUES
    ('reminder_text', 'reminder text, which never counts'),
    ('ability_word', 'an ability or flavor word before a dash, which has no rules meaning (CR 207.2c)'),
    ('mode_label', 'the label of a mode, which has no rules meaning (CR 207.2c)'),
    ('faction_choice', 'a faction to choose, not a creature type'),
    ('own_name', 'part of the card''s own name'),
    ('short_name', 'the legend''s short name, which means the card itself'),
    ('card_reference', 'part of the name of a card it refers to'),
    ('named_thing', 'the name of a keyword or a token, not a creature type'),
    -- A type data/cards/affiliation_overrides.yml takes away: the lookup adds the correction's own reason.
    ('override', 'taken away by a correction'),
    -- Given only under the reading `readings: negated_types: ignored` (055_ignored_words.sql).
    ('negated', 'negated with "non-", which names no type')
) AS r(reason, explanation);
