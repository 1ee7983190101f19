"""The exit status the commands share (README: errors are one line; exit 1 is kept for an answer):

- 0 (`ANSWERED`): the command answered.
- 1 (`WRONG`): an answer that says something is wrong (an illegal deck, a penalty owed). Only a command that
  has such an answer ever exits 1; one that has none (`league score`, `pair`, `standings`) never does.
- 2 (`CANNOT_TAKE`, `UsageError`): the input cannot be taken: a file not there, not valid YAML, or refused by
  its shape or rules, and a request refused (a week that cannot be paired). One line naming the file and line.

A refusal raised as a plain `BuildError` (exit 1, a build's failure) becomes exit 2 inside `input_refused`."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from generator.errors import BuildError, UsageError

ANSWERED = 0
WRONG = 1
CANNOT_TAKE = UsageError.exit_code


@contextmanager
def input_refused() -> Iterator[None]:
    """Every `BuildError` raised inside is input the command cannot take (exit 2, same one line): the loaders
    and the league's code raise `BuildError` for a file they refuse, which the CLI would report as exit 1, the
    status a script reads as an answer that something is wrong."""
    try:
        yield
    except UsageError:
        raise
    except BuildError as error:
        raise UsageError(str(error)) from error
