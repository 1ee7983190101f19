-- One meld result (005_meld_results.sql): what `coalition card` says about a name that is no deck card.
SELECT oracle_id, name, type_line, oracle_text, parts, scryfall_uri
FROM meld_results
WHERE oracle_id = $oracle_id;
