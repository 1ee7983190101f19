"""Change detection, the change log and its feed, and the type dashboard (issue 5).

Each build writes a small versioned summary of its results (summary.py), compares it with the previous
published build's (diff.py), keeps the entries in a history (history.py) and renders the pages and the
Atom feed (pages.py, feed.py, dashboard.py). `write_change_pages` is the one entry point.
"""

from generator.changes.pages import write_change_pages

__all__ = ["write_change_pages"]
