"""Balance of Power, solo Magic run by a procedure: the procedure's data (procedure.py), the seeded shuffle
(shuffle.py) and the deal and refill (table.py). docs/assets/js/play/solo-engine.js is the browser's twin;
tests/vectors/solo-deals.yml holds the cases both must answer identically."""
