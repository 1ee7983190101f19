-- Per format: the label of every reason code (the lookup's and the banlist's "Banned:", "Reserved List:").
-- The shared vocabulary's (data/cards/vocabulary.yml `reason_labels`) for every format, plus a format's own
-- labels (format.yml `texts.reason_labels`) for codes only it has; the vocabulary's word wins, so a shared
-- code is labelled alike everywhere.
CREATE TABLE format_reason_labels AS
WITH own AS (
    SELECT s.format, k.reason, s.value -> '$.reason_labels' ->> k.reason AS label
    FROM format_settings s, unnest(json_keys(s.value, '$.reason_labels')) AS k(reason)
    WHERE s.key = 'texts'
)
SELECT f.format, l.reason, l.label FROM formats f CROSS JOIN reason_labels l
UNION ALL
SELECT o.format, o.reason, o.label FROM own o ANTI JOIN reason_labels l USING (reason)
ORDER BY format, reason;
