"""`coalition card`: what the last build says about one or more cards."""

from __future__ import annotations

import argparse
import json
from typing import NamedTuple

from generator.export.formatjson import format_export, type_forms
from generator.formatschema import Words, affiliated
from generator.identitywords import identity_word
from generator.names import NameIndex, Reading, key
from generator.commands.options import add_format, add_project_options, database_of
from generator.queries import (EvidenceWords, card_report, check_format, find_cards, leader_word, name_index,
                               open_database)
from generator.terminal import offered, quoted


def register(subparsers: argparse._SubParsersAction) -> None:
    parser = subparsers.add_parser(
        "card",
        help="show a card's affiliations, legality, copy limit and coalition types",
        description="Look cards up in the last build. Names match without case, accents or punctuation "
        "(`fire/ice`, `ezuri renegade leader`); a two-faced card matches its full name or any face, and a "
        "legend its short name (`krenko`); a name that is not the card's own is said to be read as a face, a short "
        "name (the other legends so named offered) or a typo's one nearest name. A name not found gets suggestions "
        "(typos forgiven), and the creature type it spells, if any (`goblins`); exit 1.",
    )
    parser.add_argument("names", nargs="+", metavar="NAME", help="card names (quote names with spaces)")
    parser.add_argument("--json", action="store_true", help="print a JSON list, one object per name, in order")
    add_format(parser)
    add_project_options(parser)
    parser.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    with open_database(database_of(args)) as con:
        fmt = check_format(con, args.format)
        found = forgiving_find(con, args.names, fmt)
        reports = [card_report(con, asked, oracle_id, fmt) for asked, oracle_id, _reading in found]
        suggest_missing(con, reports, fmt)
        for report, (asked, _id, reading) in zip(reports, found):
            if report["found"]:
                note_reading(report, asked, reading)
        leader = leader_word(con, fmt)
        words = card_words(con, fmt)
        evidence = EvidenceWords.of(con)
        fmt_doc = add_reason_words(con, fmt, reports)
    if args.json:
        print(json.dumps(reports, ensure_ascii=False, indent=2))
    else:
        # the command a type's words point to asks the same format as this one did
        option = f" --format {args.format}" if args.format else ""
        print("\n\n".join(format_card(report, leader, fmt_doc, evidence, option, words) for report in reports))
    return 0 if all(report["found"] for report in reports) else 1


def card_words(con, fmt: str) -> dict[str, str]:
    """The format's words for a card's types (format.yml texts.words, the schema's defaults where it says
    nothing): its lookup page says the same from format.json."""
    row = con.execute("SELECT value FROM format_settings WHERE format = ? AND key = 'texts'", [fmt]).fetchone()
    texts = json.loads(row[0]) if row and row[0] else {}
    return Words.model_validate(texts.get("words") or {}).model_dump()


def add_reason_words(con, fmt: str, reports: list[dict]) -> dict | None:
    """Every found card's `illegal_reason_words`, a line per code of `illegal_reasons` in the format's words, as
    the lookup and the banlist page say them (a named ban's own reason); the format.json they come from, when
    some card needs it (an identity format's text says what its lookup page says, from the same file)."""
    found = [r for r in reports if r["found"]]
    needed = any("color_identity" in r or not r["legal"] for r in found)
    fmt_doc = format_export(con, fmt) if needed else None
    for report in found:
        report["illegal_reason_words"] = reason_lines(report, fmt_doc) if fmt_doc else []
    return fmt_doc


class Read(NamedTuple):
    """How a name found its card: names.py read_as's `how` (name, face, words, short_name), or `nearest` for a typo's
    one nearest name; `others`: the other legends of the short name, the typo's other suggestions."""
    how: str
    others: list[str]


def forgiving_find(con, names: list[str], fmt: str | None = None) -> list[tuple[str, str | None, Read | None]]:
    """(asked, oracle_id, how it was read): exact names and front faces first (SQL: None, the report's name
    tells which); the rest through the name matcher (short legend names, back faces, then, unless the words
    spell a type of the format, the one nearest name of a typo, as the lookup page)."""
    found = find_cards(con, names)
    if all(oracle_id for _asked, oracle_id in found):
        return [(asked, oracle_id, None) for asked, oracle_id in found]
    index, oracle_ids = name_index(con)
    return [(asked, oracle_id, None) if oracle_id else
            matched(index, oracle_ids, asked, fmt is not None and type_spelled(con, fmt, asked) is not None)
            for asked, oracle_id in found]


def type_spelled(con, fmt: str, asked: str) -> str | None:
    """The coalition type of the format the words spell in any of its forms (`goblins`: Goblin; format.json
    type_forms, keyed as names are, as the lookup page's typeNamed reads them), else None."""
    forms = {key(form): type_name for form, type_name in type_forms(con).items()}
    named = forms.get(key(asked))
    known = named is not None and con.execute(
        "SELECT 1 FROM type_summary WHERE format = ? AND type = ?", [fmt, named]).fetchone()
    return named if known else None


def matched(index: NameIndex, oracle_ids: list[str], asked: str,
            spells_type: bool = False) -> tuple[str, str | None, Read | None]:
    """A name SQL did not find, as the name matcher reads it: resolved, else (words that spell a type are
    answered with it: `suggest_missing`) a typo's one nearest name."""
    position = index.resolve(asked)
    if position is not None:
        reading = index.read_as(asked, position) or Reading("name", [])
        return asked, oracle_ids[position], Read(reading.how, [index.entries[i].name for i in reading.others])
    nearest = None if spells_type else index.nearest(asked)
    if nearest is None:
        return asked, None, None
    others = [index.entries[i].name for i in index.suggest(asked) if i != nearest]
    return asked, oracle_ids[nearest], Read("nearest", others)


def note_reading(report: dict, asked: str, read: Read | None) -> None:
    """What was asked and how it was read (`asked`, `read_as`); a short name's other legends and a typo's other
    names as `suggestions`, a typo also as `nearest_to`. SQL found the full name or the front face."""
    if read is None:
        read = Read("name" if key(asked) == key(report["name"]) else "face", [])
    report["asked"], report["read_as"] = asked, read.how
    if read.how == "nearest":
        report["nearest_to"] = asked
    if read.how in ("nearest", "short_name"):
        report["suggestions"] = read.others


def suggest_missing(con, reports: list[dict], fmt: str | None = None) -> None:
    """A name not found: its suggestions, and the coalition type it spells (`creature_type`), if any."""
    missing = [report for report in reports if not report["found"]]
    if missing:
        index, _ids = name_index(con)
        for report in missing:
            report["suggestions"] = [index.entries[i].name for i in index.suggest(report["name"])]
            named = type_spelled(con, fmt, report["name"]) if fmt else None
            if named:
                report["creature_type"] = named


def format_card(report: dict, leader: str = "leader", fmt_doc: dict | None = None,
                evidence: EvidenceWords | None = None, format_option: str = "", words: dict | None = None) -> str:
    words = words or Words().model_dump()
    if report["found"] and "color_identity" in report and fmt_doc:
        return identity_card(report, fmt_doc)
    if not report["found"]:
        named = report.get("creature_type")
        said = [f"{quoted(report['name'])} names a creature type: `coalition type {named}{format_option}` answers it."] if named else []
        return "\n".join(said + offered(f"No card is named {quoted(report['name'])}.", report["suggestions"], "Did you mean:"))
    heading = reading_lines(report)
    affiliations = affiliation_words(report, evidence or EvidenceWords({}, frozenset()), words)
    # The reasons follow as lines in their labels' words (illegal_reason_words), as on the lookup page.
    where = fits_where(report, words)
    legal = (f"legal: {where}" if where else "legal") if report["legal"] else \
        f"not legal in {fmt_doc['name']}" if fmt_doc else "not legal: " + ", ".join(report["illegal_reasons"])
    if report.get("melded_from"):
        legal += f" ({report['notes'][0]})"
    if report["legal"] and report["leader_only"]:
        legal = f"legal as a {leader} only"
    if report.get("fits_no_deck"):
        legal = f"legal, but it fits no deck: no {leader} leads its types"
    rows = [
        ("Card", report["name"]),
        ("Type", report["type_line"]),
        (words["identity"].capitalize(), affiliations),
        *[("Removed", f"{r['type']} (override: {r['reason']})") for r in report["removed_affiliations"]],
        *[("Not read", ignored_line(row)) for row in report["ignored_words"]],
        ("Legality", legal),
        *[("", f"- {line}") for line in report.get("illegal_reason_words", [])],
        *([("Exception", report["exception"])] if report.get("exception") else []),
        *([("Watchlist", report["watchlist"])] if report.get("watchlist") else []),
        ("Copies", copies_words(report, leader)),
        *identity_rows(report, leader),
    ]
    width = max(len(label) for label, _ in rows)
    return "\n".join(heading + [f"{label:<{width}}  {value}" for label, value in rows])


def affiliation_words(report: dict, evidence: EvidenceWords, words: dict) -> str:
    """The card's types with where each was read; an unaffiliated card fits every deck only when some deck may
    play it (legal, not a leader alone, in some pool): a banned one does not (the lookup: "No deck may play it")."""
    if report.get("melded_from"):
        return "- (not a deck card)"
    if report["changeling"]:
        return "every creature type (changeling)"
    read = ", ".join(f"{t} ({read_from(report, t, evidence)})" for t in report["affiliations"])
    if read:
        return read
    playable = report["legal"] and not report["leader_only"] and not report.get("fits_no_deck")
    return f"none: the card {affiliated(words['unaffiliated_one'], '')}" + (", so it fits every deck" if playable else "")


def fits_where(report: dict, words: dict) -> str:
    """Which decks may play a legal card, said with its verdict (a player who reads "legal" alone puts Beast
    Within in an Elf deck): "in Beast or Elf coalitions only", the format's group words; "in every coalition"
    for a changeling or an unaffiliated card; "" when no pool holds it. The lookup's twin: fitsWhere in
    docs/assets/js/lookup-card.js."""
    if report["changeling"] or not report["affiliations"]:
        return f"in every {words['group']}"
    types = report.get("pool_types") or []
    if not types:
        return ""
    from generator.site.context import type_before_group   # the one place that names a namesake type's group

    *others, last = types
    listed = f"{', '.join(others)} or " if others else ""
    return f"in {listed}{type_before_group(last, words)} {words['groups']} only"


def copies_words(report: dict, leader: str) -> str:
    """What the lookup page says a deck may hold (`deck_copies`); the copy rule's reason beside a number."""
    if report.get("fits_no_deck"):
        return "none (it fits no deck)"
    if report["deck_copies"] == 0:
        return "none (not legal)"
    if report["leader_zone"]:
        zone = " (in the sideboard)" if report["leader_zone"] == "sideboard" else ""
        return f"one, as the deck's {leader}{zone}"
    copies = "unlimited" if report["deck_copies"] is None else str(report["deck_copies"])
    return f"{copies} ({report['copy_limit_reason']})"


def reading_lines(report: dict) -> list[str]:
    """Words that are not the card's own name say what they were read as, in the lookup page's words: a face,
    a legend's short name (the other legends so named offered), a typo's nearest name (the others offered)."""
    asked, name, others = quoted(report.get("asked", "")), report["name"], report.get("suggestions") or []
    if report.get("read_as") == "face":
        return [f"{asked} is a face of {name}."]
    if report.get("read_as") == "words":
        return [f"{asked} is {name}, its words in another order."]
    if report.get("read_as") == "short_name":
        shortest = f", the shortest of the {len(others) + 1} legends so named." if others else "."
        return offered(f"{asked} is short for {name}{shortest}", others)
    if report.get("read_as") == "nearest":
        if key(report.get("asked", "")) in key(name):   # words of the name, not a typo: the lookup's words
            return offered(f"No card is named {asked}; of the cards with {asked} in their name, {name} comes first.", others)
        return offered(f"No card is named {asked}: the nearest name is {name}.", others)
    return []


def identity_card(report: dict, fmt_doc: dict) -> str:
    """An identity format's card as its lookup page gives it: no creature type (the format reads none), the
    verdict with a line per reason in the format's words, copies, color identity, mechanics and whether it
    can be a commander (`as_commander`)."""
    leader = fmt_doc["leader"]["word"]
    verdict = (f"legal only as a {leader}" if report["leader_only"] else f"legal in {fmt_doc['name']}") \
        if report["legal"] else f"not legal in {fmt_doc['name']}"
    rows = [
        ("Card", report["name"]),
        ("Type", report["type_line"]),
        ("Legality", verdict),
        *[("", f"- {line}") for line in report.get("illegal_reason_words", [])],
        *([("Watchlist", report["watchlist"])] if report.get("watchlist") else []),
        ("Copies", copies_words(report, leader)),
        ("Color identity", identity_word(report["color_identity"], fmt_doc.get("identity_words"))),
        *([("Mechanics", ", ".join(report["mechanics"]))] if report["mechanics"] else []),
        (f"As {leader}", report["as_commander"] or ("yes" if report["leader"] else "no")),
    ]
    width = max(len(label) for label, _ in rows)
    return "\n".join(reading_lines(report) + [f"{label:<{width}}  {value}" for label, value in rows])


def reason_lines(report: dict, fmt_doc: dict) -> list[str]:
    """Why the card is not legal, a line per reason code as the lookup words it: the label ("Banned") and the
    banlist's own words for a named ban, else the format's words for the code (format.json)."""
    named = {ban["name"].lower(): ban["reason"] for ban in fmt_doc["banlist"]}
    lines = []
    for code in report["illegal_reasons"]:
        text = (named.get(report["name"].lower()) if code == "banned" else None) or fmt_doc["reason_texts"].get(code, code)
        label = fmt_doc["reason_labels"].get(code)
        lines.append(f"{label}: {text}" if label else text)
    return lines


def identity_rows(report: dict, leader: str) -> list[tuple[str, str]]:
    """An identity format's color identity, mechanics and whether the card can be a commander; else the
    coalition types it leads."""
    if "color_identity" not in report:
        return [("Leads", ", ".join(report["coalition_types"]) if report["leader"] else "-")]
    return [("Color identity", identity_word(report["color_identity"])),
            *([("Mechanics", ", ".join(report["mechanics"]))] if report["mechanics"] else []),
            (leader.capitalize(), season_words(report["seasons"]) if report["leader"] else "no")]


def season_words(seasons: list[str]) -> str:
    """`yes, in a two-color or three-color-partner season`; without variants, `yes`."""
    return f"yes, in a {' or '.join(seasons)} season" if seasons else "yes"


def read_from(report: dict, type_name: str, evidence: EvidenceWords) -> str:
    """Where a type was read, each source once in the order of vocabulary.yml's evidence_words (the lookup's
    order too: docs/assets/js/lookup-card.js evidenceText) with its words: `rules text: “Goblin”, “Goblins”; type line`."""
    order = list(evidence.names)
    sources = sorted(report["affiliation_sources"][type_name],
                     key=lambda s: (order.index(s) if s in order else len(order), s))
    return "; ".join(evidence.said(source, sorted({row["evidence"] for row in report["affiliation_evidence"]
                                                   if row["type"] == type_name and row["source"] == source and row["evidence"]}))
                     for source in sources)


def ignored_line(row: dict) -> str:
    """One type word the card prints but is not affiliated through, with where it stands and why."""
    also = f"; {row['type']} is read elsewhere on the card" if row["read_elsewhere"] else ""
    rule = f" ({row['rule']})" if row.get("rule") else ""
    return f"{row['word']} in \"{row['evidence']}\" ({row['explanation']}{rule}{also})"
