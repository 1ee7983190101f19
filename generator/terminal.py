"""What the CLI prints passes through here: control characters and bidirectional-text controls (U+202E
turns the rest of a terminal line around) that a deck list or a card name may carry are shown as `\\uXXXX`.

The same escape is valid JSON inside a string, so `--json` output stays equivalent JSON; newlines, tabs and
carriage returns (the progress bar's) pass unchanged.
"""

from __future__ import annotations

import contextlib
import re
import sys
from typing import Iterator, TextIO

UNSAFE = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def terminal_safe(text: str) -> str:
    return UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


class SafeWriter:
    """A text stream that escapes what terminal_safe escapes; everything else goes to the wrapped stream."""

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def write(self, text: str) -> int:
        return self._stream.write(terminal_safe(text))

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name: str):
        return getattr(self._stream, name)


@contextlib.contextmanager
def safe_output() -> Iterator[None]:
    """sys.stdout and sys.stderr escaped for the duration of one command."""
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = SafeWriter(sys.stdout), SafeWriter(sys.stderr)
    try:
        yield
    finally:
        sys.stdout, sys.stderr = saved


# Names in a sentence: card names hold commas ("Ezuri, Claw of Progress"), so a run of them joined by commas and
# "or" cannot be split back; each is quoted in one line, or stands on a line of its own after the sentence.

def quoted(name: str) -> str:
    return f'"{name.strip()}"'


def either(names: list[str]) -> str:
    """`"A", "B" or "C"`: the names one line can offer."""
    marked = [quoted(name) for name in names]
    return " or ".join([", ".join(marked[:-1]), marked[-1]] if len(marked) > 1 else marked)


def unknown_card_line(unknown: dict) -> str:
    """What the command line says of a deck line naming no card (one of deckrules `check`'s `unknown_cards`), in
    `coalition validate` and `coalition league check` alike: its line, the name and the names suggested. Here,
    not in deckrules.py: the page says it in its own way, and the interpreter's words are the browser's too."""
    hint = f" (did you mean {either(unknown['suggestions'])}?)" if unknown["suggestions"] else ""
    return f"line {unknown['line']}: unknown card \"{unknown['name']}\"{hint}"


def offered(sentence: str, names: list[str], ask: str = "Or did you mean:") -> list[str]:
    """The sentence, then the names it offers a line each (the lookup page's list), after `ask`."""
    return [f"{sentence} {ask}", *[f"  {name}" for name in names]] if names else [sentence]
