"""The export stage: the one place data leaves the database for browsers, other tools and `coalition
validate` (format.json, cards.json, pool lists). It runs after derive and before render, and imports
neither the site nor the commands."""
