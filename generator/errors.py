"""The one exception the CLI turns into a one-line message and a non-zero exit."""


class BuildError(Exception):
    """Bad input or a failed check. The message names the file and the line or card."""

    exit_code = 1


class UsageError(BuildError):
    """Input the command cannot read at all (exit 2)."""

    exit_code = 2
