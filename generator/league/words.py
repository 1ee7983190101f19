"""Names listed in words, as the league pages, `coalition league standings` and the pod tracker say them."""

from __future__ import annotations


def names_said(names: list[str]) -> str:
    """"Ana", "Ana and Ben", "Ana, Ben and Cy" (namesSaid in docs/assets/js/play/mazerunner-pod.js)."""
    return " and ".join(names) if len(names) < 3 else ", ".join(names[:-1]) + " and " + names[-1]
