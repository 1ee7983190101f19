"""`coalition validate DECKFILE`: is this deck legal, and if not, which rule does each card break?

Exit 0 for a legal deck, 1 for an illegal one (bad lines and unknown names included), 2 for input that
cannot be read at all (no file, binary, far too large, no card line) or no database to check against."""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import dataclass
from pathlib import Path

from generator import deckcolors
from generator.commands.exits import input_refused
from generator.commands.options import add_format, add_project_options, database_of
from generator.decklist import MAX_INPUT_CHARS, parse
from generator.deckfacts import type_list
from generator.deckrules import Facts, check, deck_text
from generator.decktypes import TYPES_NAMED, cut_words, option_groups, plural
from generator.errors import UsageError
from generator.export.files import cards_export
from generator.export.formatjson import format_export
from generator.formatschema import Words as FormatWords
from generator.identitywords import identity_word
from generator.queries import check_format, open_database
from generator.terminal import quoted, unknown_card_line

# UTF-8 needs at most four bytes a character: more than this cannot be a list parse() accepts.
MAX_INPUT_BYTES = MAX_INPUT_CHARS * 4


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "validate",
        help="check a deck list against a format's deck rules (default: the format marked `default: true`)",
        description="Check a deck list (Moxfield, Arena, MTGO or plain `4 Name` lines) against the last build. "
        "Every problem names its card(s) and rule. Exits 0 when the deck is legal, 1 when it is not, 2 when "
        "the input cannot be read, an argument is bad (an --identity that is no color identity, an unknown "
        "--variant) or there is no database.",
    )
    parser.add_argument("deckfile", metavar="DECKFILE", help="the deck list; `-` reads standard input")
    parser.add_argument("--type", dest="coalition_type", metavar="TYPE",
                        help="the coalition type to check (default: a `Coalition type:` line, else every type that works)")
    parser.add_argument("--identity", metavar="COLORS",
                        help="an identity format's assigned color identity, e.g. WU, {W}{U}, 'white blue' or Azorius "
                             "(default: the commander's)")
    parser.add_argument("--variant", metavar="VARIANT",
                        help="an identity format's season variant, e.g. three-color (default: the format's default)")
    parser.add_argument("--json", action="store_true", help="print the verdict as JSON")
    parser.add_argument("--export", choices=["arena", "mtgo"], help="print the recognised deck as Arena or MTGO import text")
    add_format(parser)
    add_project_options(parser)
    parser.set_defaults(run=run)


def read_bytes(deckfile: str) -> bytes:
    try:
        if deckfile == "-":
            return sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        with open(deckfile, "rb") as handle:
            return handle.read(MAX_INPUT_BYTES + 1)
    except OSError as error:
        raise UsageError(f"{deckfile}: cannot read it ({error.strerror or error})") from error


def decode(raw: bytes, label: str) -> str:
    """Text in UTF-8 (with or without a byte order mark), UTF-16 with a mark, or Windows-1252 as MTGO
    may save it; anything else is not a deck list."""
    if len(raw) > MAX_INPUT_BYTES:
        raise UsageError(f"{label}: more than {MAX_INPUT_BYTES} bytes; a deck list may be at most {MAX_INPUT_CHARS} characters")
    if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
        encodings = ["utf-16"]
    elif b"\x00" in raw:
        raise UsageError(f"{label}: the input holds NUL bytes: it looks like a binary file, not a deck list")
    else:
        encodings = ["utf-8-sig", "cp1252"]
    for encoding in encodings:
        try:
            return raw.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise UsageError(f"{label}: not a text file (neither UTF-8 nor Windows-1252)")


def load_facts(db: Path, fmt: str | None = None) -> Facts:
    """The same records the build exports to <format>/data/cards.json and format.json."""
    with input_refused():   # no database is not an illegal deck: exit 2, not 1
        with open_database(db) as con:
            fmt = check_format(con, fmt)
            return Facts.from_exports(cards_export(con, fmt), format_export(con, fmt))


def run(args: argparse.Namespace) -> int:
    label = "standard input" if args.deckfile == "-" else args.deckfile
    try:
        text = decode(read_bytes(args.deckfile), label)
    except UsageError as error:
        return fail(args, str(error))
    parsed = parse(text)
    if parsed.fatal:
        return fail(args, f"{label}: {parsed.fatal}", parsed.errors)
    facts = load_facts(database_of(args), args.format)
    problem = option_problem(args, facts)
    if problem:
        return fail(args, problem)
    result = check(parsed, facts, args.coalition_type, identity=args.identity, variant=args.variant)
    if args.export:
        sys.stdout.write(deck_text(result, args.export))
        report_dropped(result)
    elif args.json:
        print(json.dumps(result, ensure_ascii=False, indent=2))
    else:
        print(report_text(result, Words.of(facts.fmt)))
    return 0 if result["legal"] else 1


def report_dropped(result: dict) -> None:
    """The export holds recognised cards only: name on stderr what it left out, so nothing goes missing
    without a word."""
    for unknown in result["unknown_cards"]:
        print(f"coalition: line {unknown['line']}: left out of the export: unknown card \"{unknown['name']}\"",
              file=sys.stderr)
    for error in result["line_errors"]:
        print(f"coalition: line {error['line']}: left out of the export: {error['message']}: {error['text']}",
              file=sys.stderr)


def option_problem(args: argparse.Namespace, facts: Facts) -> str | None:
    """An option the format has no use for is refused rather than ignored: a player who typed it expects it
    to change the verdict. A value that is none (an identity not of WUBRG, an unknown variant) is a bad
    argument, not a broken rule."""
    fmt = facts.fmt
    color_identity = fmt.get("identity") == "color"
    if args.identity and not color_identity:
        return f"--identity {args.identity}: {fmt['name']} decks share a creature type, not a color identity (use --type)"
    if args.coalition_type and color_identity:
        return f"--type {args.coalition_type}: {fmt['name']} decks have a color identity, not a shared type (use --identity)"
    bad_identity = deckcolors.identity_error(facts, args.identity) if color_identity else None
    if bad_identity:
        return f"--identity {bad_identity}"
    variants = fmt.get("variants") or {}
    if args.variant and args.variant not in variants:
        if not variants:
            return f"--variant {args.variant}: {fmt['name']} has no variants"
        return f"--variant {args.variant}: not a variant of {fmt['name']} (one of {', '.join(sorted(variants))})"
    return None


def fail(args: argparse.Namespace, message: str, errors: list[dict] | None = None) -> int:
    """Unreadable input: the JSON verdict says why; the text form is one line on standard error."""
    if args.json:
        print(json.dumps({"legal": False, "error": message, "leader": None, "coalition_types": [], "violations": [],
                          "unknown_cards": [], "line_errors": errors or []}, ensure_ascii=False, indent=2))
    raise UsageError(message)


@dataclass(frozen=True)
class Words:
    """What the format calls its leader, its leaders and its shared type (format.json `leader.word`,
    `texts.words.leaders`, `type` and `types`), what it says for no leader and for no type that works
    (`texts.words.no_leader`, `no_types`: the page's words too),
    and its words for the empty color identity and for one it cannot tell (`identity_words`)."""

    leader: str
    types: str
    leaders: str
    colorless: str
    no_leader: str
    unknown: str
    no_types: str
    type: str

    @classmethod
    def of(cls, fmt: dict) -> "Words":
        """The words of a format.json. The export writes every word (formatschema's Words); a word it lacks (a
        database built before that word existed, or a format.yml read raw) is the schema's default, read through
        that model: the one place a default is written, so none is spelt here. `leader.word` has no default:
        the schema requires it, so its absence is a KeyError, not a guess."""
        words = FormatWords.model_validate((fmt.get("texts") or {}).get("words") or {})
        table = fmt.get("identity_words")
        return cls(fmt["leader"]["word"], words.types, words.leaders, identity_word("", table),
                   words.no_leader, identity_word(None, table), words.no_types, words.type)


def report_text(result: dict, words: Words) -> str:
    several = len(result.get("commanders") or []) > 1   # an identity format's partner season: two commanders
    partly = unchecked(result)
    lines = [
        f"NOT CHECKED YET: {partly}" if partly else "LEGAL" if result["legal"] else "NOT LEGAL",
        f"{(words.leaders if several else words.leader).capitalize()}: {result['leader'] or words.no_leader}",
        *([f"Declared type: {result['declared_type']}"] if result["declared_type"] else []),
        *identity_lines(result, words),
    ]
    lines += [f"Note: {note}" for note in result["notes"]]
    # An unknown name comes first: it is often the cause of what follows (a misspelled commander).
    lines += [unknown_card_line(unknown) for unknown in result["unknown_cards"]]
    lines += [f"{v['rule']}  {v['message']}  [{v['link']}]" for v in result["violations"]]
    for group in option_groups(result["type_options"]):
        lines.append(f"  {type_list(group['types'], TYPES_NAMED)}: cut {cut_words(group)} "
                     f"({', '.join(map(quoted, group['misfits'])) or 'nothing'})")
    lines += [f"line {e['line']}: {e['message']}: {e['text']}" for e in result["line_errors"]]
    return "\n".join(lines)


def unchecked(result: dict) -> str | None:
    """What a check of a list naming cards the data lacks, or with lines it cannot read, left out, and what the
    recognised cards broke: "34 names not recognised (fix them below); 1 problem among the recognised cards",
    after "NOT CHECKED YET:" (a player read "Not legal: 1 problem" over 34 unknown names). None for a whole
    check. The validator page's twin: unchecked in docs/assets/js/validator.js."""
    names, lines, broken = len(result["unknown_cards"]), len(result["line_errors"]), len(result["violations"])
    if not names + lines:
        return None
    parts = [*([f"{plural(names, 'name')} not recognised"] if names else []),
             *([f"{plural(lines, 'line')} not read"] if lines else [])]
    among = f"; {plural(broken, 'problem')} among the recognised cards" if broken else ""
    return f"{' and '.join(parts)} (fix them below){among}"


def identity_lines(result: dict, words: Words) -> list[str]:
    """An identity format's color identity and variant, else the types that work; then the counts."""
    counts = result["counts"]
    if result.get("variant"):
        included = words.leaders if len(result.get("commanders") or []) > 1 else words.leader
        shown = words.unknown if result["identity"] is None else result["identity"] or words.colorless
        return [f"Color identity: {shown}; variant: {result['variant']}",
                f"Main deck: {plural(counts['main'], 'card')} ({included} included); "
                f"sideboard: {plural(counts['side'], 'card')}"]
    only = " (recognised cards only)" if unchecked(result) else ""
    return [f"{words.types.capitalize()} that work{only}: {', '.join(result['coalition_types']) or words.no_types}",
            *candidate_lines(result, words),
            f"Main deck: {plural(counts['main'], 'card')}; sideboard: {plural(counts['side'], 'card')} ({words.leader} included)"]


def candidate_lines(result: dict, words: Words) -> list[str]:
    """With more than one legend in the sideboard: what each would allow as the leader, the others dropped."""
    lines = []
    for candidate in result.get("leader_candidates", []):
        works = ", ".join(candidate["coalition_types"]) or f"no {words.type} works"
        closest = candidate["type_options"][:1]
        if closest:
            works += f" (closest: {closest[0]['type']}, cut {cut_words(closest[0])})"
        keep = "  <- keep this one" if candidate["name"] == result["suggested_leader"] else ""
        lines.append(f"  as the {words.leader}, {candidate['name']}: {works}{keep}")
    return lines
