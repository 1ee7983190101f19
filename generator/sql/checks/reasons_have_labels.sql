-- Every reason a format keeps a card out for, or lets an exception through, has a label (095_format_reason_labels.sql:
-- the shared vocabulary's, or the format's own for a code only it has): the lookup and the banlist label every reason.
SELECT DISTINCT 'the reason ' || r.reason || ' (' || r.format || ') has no label: add it to data/cards/vocabulary.yml reason_labels, or to the format''s texts.reason_labels' AS problem
FROM (SELECT format, unnest(reasons) AS reason FROM legality
      UNION ALL SELECT format, unnest(allows) FROM exceptions
      UNION ALL SELECT format, category FROM banlist_categories) r
ANTI JOIN format_reason_labels l USING (format, reason)
ORDER BY problem;
