"""Reads data/: what every format shares (data/cards/) and every format folder (data/formats/<format>/),
checks each file against its schema (generator/formatschema.py, generator/cardschema.py) and gives the rows
of the input tables.

A format is any folder under data/formats/ holding a format.yml; nothing in the code names one. The one with
`default: true` is the CLI's default and sits at the site's root; every other one lives under `<format>/`.
Problems that need the card data (a name that matches no card, a type that does not exist, an override
removing a type the card never had) are data checks run after the derive stage (generator/sql/checks/)."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

import pydantic

from generator.errors import BuildError
from generator.cardschema import (
    CatalogFile, ColorIdentitiesFile, CreatureTypesFile, ManaSymbolsFile, OverridesFile, VocabularyFile,
)
from generator.banlistschema import BanlistFile, BannedEverywhereFile
from generator.formatschema import CARD_LEVEL_READINGS, COMMANDER_VALUES, MESSAGE_VALUES, PLACEHOLDER, FormatFile
from generator.slugs import RULE_NUMBER as RULE_NUMBER_PATTERN
from generator.slugs import TERM
from generator.yamlfile import Lines, line_of, load_yaml, read_text, validate

FORMAT_FILE = "format.yml"
BANLIST_FILE = "banlist.yml"
EVERYWHERE_FILE = "banned_everywhere.yml"   # under data/cards/: the bans every format shares, named once
RULE_NUMBER = re.compile(rf"^\s*({RULE_NUMBER_PATTERN})\.?\s+(\S.*)$")
GLOSSARY_TERM = re.compile(rf"^({TERM}):\s+\S")


@dataclass(frozen=True)
class Entry:
    """One named entry of a data file, with where it was written."""

    card: str
    file: str
    line: int
    fields: dict = field(default_factory=dict)

    @property
    def where(self) -> str:
        return f"{self.file}:{self.line}"


@dataclass(frozen=True)
class Format:
    """One format folder, checked."""

    id: str
    folder: Path
    settings: FormatFile
    banlist: BanlistFile
    banned: list[Entry]
    watchlist: list[Entry]
    exceptions: list[Entry]
    rule_numbers: tuple[str, ...] = ()   # every rule number its rules text defines
    rule_texts: dict[str, str] = field(default_factory=dict, compare=False)   # each number's own words
    lines: Lines = field(default_factory=dict, compare=False)   # format.yml's keys -> their lines

    def where(self, *loc: object) -> str:
        """`data/formats/<format>/format.yml:<line>`: where a key of its format.yml is written."""
        return f"{self.folder / FORMAT_FILE}:{line_of(self.lines, loc)}"

    @property
    def site_prefix(self) -> str:
        """Where its pages and exports live, relative to the site root: '' or '<format>/'."""
        return "" if self.settings.default else f"{self.id}/"

    def rules(self) -> dict[str, str]:
        """Check id -> the rule it cites (format.json's `rules`)."""
        return {check.id: check.rule for check in self.settings.checks}

    def settings_rows(self) -> dict:
        """The format_settings values: format.yml as written plus the derived `rules` map, `rule_numbers` and
        `rule_texts` (format.json shortens them)."""
        values = {k: v for k, v in self.settings.model_dump(mode="json").items() if v is not None}
        values["rules"] = self.rules()
        values["rule_numbers"] = sorted(self.rule_numbers)
        values["rule_texts"] = dict(sorted(self.rule_texts.items()))
        return values


@dataclass(frozen=True)
class Everywhere:
    """data/cards/banned_everywhere.yml: the categories every format bans by name, each card with its line."""

    file: BannedEverywhereFile
    cards: dict[str, list[Entry]]   # category -> its cards

    def category_of(self, card: str) -> str | None:
        lowered = card.strip().lower()
        return next((code for code, entries in self.cards.items() for e in entries if e.card.lower() == lowered), None)


@dataclass(frozen=True)
class CardData:
    """data/cards/: facts about cards every format shares."""

    overrides: list[Entry]
    types: CreatureTypesFile
    type_lines: Lines
    types_file: str
    vocabulary: VocabularyFile
    everywhere: Everywhere


@dataclass(frozen=True)
class FormatData:
    cards: CardData
    formats: list[Format]     # the default format first, then by folder name

    @property
    def default(self) -> Format:
        return self.formats[0]


def rule_texts(text: str) -> dict[str, str]:
    """Every rule number a rules text defines ("12.5e", "3.1a"), read from the start of its lines, with the
    words after it on that line (a section's number: its heading's title); the first line of a number counts."""
    texts: dict[str, str] = {}
    for line in text.splitlines():
        if match := RULE_NUMBER.match(line):
            texts.setdefault(match.group(1), match.group(2).strip())
    return texts


def rule_numbers(text: str) -> set[str]:
    """Every rule number a rules text defines: the numbers of `rule_texts`, one parse for both."""
    return set(rule_texts(text))


def rule_terms(text: str) -> set[str]:
    """Every term the glossary opening a rules text defines ("Sideboard: ..."), up to its first rule."""
    terms = set()
    for line in text.splitlines():
        if RULE_NUMBER.match(line):
            break
        if match := GLOSSARY_TERM.match(line.strip()):
            terms.add(match.group(1))
    return terms


def _entries(items: list[pydantic.BaseModel], path: Path, lines: Lines, key: str) -> list[Entry]:
    entries = []
    seen: dict[str, int] = {}
    for index, item in enumerate(items):
        line = lines.get((key, index), 1)
        lowered = item.card.strip().lower()
        if key != "watchlist" and lowered in seen:
            raise BuildError(f"{path}:{line}: {key}[{index}].card: '{item.card}' is listed twice (first on line {seen[lowered]})")
        seen[lowered] = line
        fields = item.model_dump(exclude={"card"}, exclude_none=True)
        entries.append(Entry(card=item.card.strip(), file=str(path), line=line, fields=fields))
    return entries


def _check_banlist(banlist: BanlistFile, path: Path, lines: Lines, everywhere: Everywhere | None) -> None:
    for index, ban in enumerate(banlist.banned):
        where = f"{path}:{lines.get(('banned', index), 1)}: banned[{index}]"
        if ban.category is None and ban.reason is None:
            raise BuildError(f"{where}: a named ban needs a 'reason'")
        if ban.category is not None and ban.category not in banlist.categories:
            raise BuildError(f"{where}.category: unknown category '{ban.category}'")
        # A second copy of a ban every format shares would be a second definition, free to drift from the first.
        if everywhere is not None and (shared := everywhere.category_of(ban.card)):
            raise BuildError(f"{where}.card: '{ban.card}' is banned in every format ({shared}): "
                             f"data/cards/{EVERYWHERE_FILE} names it, not a format's banlist")
    known = everywhere.file.categories if everywhere is not None else {}
    for code in banlist.everywhere:
        if everywhere is not None and code not in known:
            line = lines.get(("everywhere", code), 1)
            raise BuildError(f"{path}:{line}: everywhere.{code}: not a category of data/cards/{EVERYWHERE_FILE}")


def _known_message_keys(kind: str) -> list[str]:
    """The message keys a check of `kind` may hold: those its code asks for, and `<key>_one` for those filled
    with a {count} (only a count of one picks it: generator/deckfacts.py counted, deckfacts.js its twin)."""
    keys = MESSAGE_VALUES[kind]
    return sorted(keys) + sorted(f"{key}_one" for key, values in keys.items() if "count" in values)


def _check_message_keys(settings: FormatFile, path: Path, lines: Lines) -> None:
    """Every key of a check's messages is one its code asks for: a misspelt one (`misfts`) would never be
    said, and the player would get the code's fallback or nothing, silently."""
    for index, check in enumerate(settings.checks):
        known = _known_message_keys(check.kind)
        unknown = [key for key in check.messages if key not in known]
        if unknown:
            loc = ("checks", index, "messages", unknown[0])
            raise BuildError(f"{path}:{line_of(lines, loc)}: checks[{index}].messages.{unknown[0]}: unknown message "
                             f"key for a {check.kind} check (its keys: {', '.join(known)})")


def _check_placeholders(settings: FormatFile, path: Path, lines: Lines) -> None:
    """Every {placeholder} of a check's message (and of texts.commander) is one its code fills: the fill leaves
    any other as written, so a misspelt one would reach the player as "{cardd}". The keys themselves are
    checked first (_check_message_keys)."""
    templates = [(("checks", index, "messages", key), f"checks[{index}].messages.{key}", text,
                  MESSAGE_VALUES[check.kind][key.removesuffix("_one")])
                 for index, check in enumerate(settings.checks) for key, text in check.messages.items()]
    templates += [(("texts", "commander", key), f"texts.commander.{key}", text, COMMANDER_VALUES[key])
                  for key, text in settings.texts.commander.items()]
    for loc, where, text, known in templates:
        unknown = [name for name in PLACEHOLDER.findall(text) if name not in known]
        if unknown:
            offered = ", ".join("{%s}" % name for name in sorted(known)) or "none"
            raise BuildError(f"{path}:{line_of(lines, loc)}: {where}: unknown placeholder {{{unknown[0]}}} "
                             f"(this message is filled with: {offered})")


def load_format(folder: Path, everywhere: Everywhere | None = None) -> Format:
    """One format folder: format.yml checked against its rules text, banlist.yml (against the bans every
    format shares, when given)."""
    format_path = folder / FORMAT_FILE
    raw, _ = load_yaml(format_path)
    rules_file = raw.get("rules_text") if isinstance(raw, dict) else None
    numbers, texts = None, {}
    if isinstance(rules_file, str):
        text = read_text(folder / rules_file)
        texts = rule_texts(text)
        numbers = set(texts)
    # `cites:` may name a rule or a term of the text's glossary
    citable = None if numbers is None else numbers | rule_terms(text)
    settings, setting_lines = validate(FormatFile, format_path, context={"rule_numbers": numbers, "citable": citable})
    _check_message_keys(settings, format_path, setting_lines)
    _check_placeholders(settings, format_path, setting_lines)
    banlist_path = folder / BANLIST_FILE
    banlist, lines = validate(BanlistFile, banlist_path)
    _check_banlist(banlist, banlist_path, lines, everywhere)
    return Format(
        id=folder.name, folder=folder, settings=settings, banlist=banlist,
        banned=_entries(banlist.banned, banlist_path, lines, "banned"),
        watchlist=_entries(banlist.watchlist, banlist_path, lines, "watchlist"),
        exceptions=_entries(banlist.exceptions, banlist_path, lines, "exceptions"),
        rule_numbers=tuple(sorted(numbers or ())), rule_texts=texts, lines=setting_lines,
    )


def format_folders(data_dir: Path) -> list[Path]:
    return sorted(p.parent for p in (data_dir / "formats").glob(f"*/{FORMAT_FILE}"))


def load_formats(data_dir: Path, everywhere: Everywhere | None = None) -> list[Format]:
    """Every format folder, the default one first; exactly one must say `default: true`."""
    formats = [load_format(folder, everywhere) for folder in format_folders(data_dir)]
    defaults = [f for f in formats if f.settings.default]
    if len(defaults) != 1:
        where = data_dir / "formats"
        raise BuildError(f"{where}: exactly one format.yml must say 'default: true' (found {len(defaults)})")
    ordered = defaults + [f for f in formats if not f.settings.default]
    card_level_readings_agree(ordered)
    return ordered


def card_level_readings_agree(formats: list[Format]) -> None:
    """A card-level reading (flip cards, "non-" types) is read once, by the default format's switch, which it
    must set. Another format sets one only where its own rules state it (Heroic's 2.2 on "non-"): a default
    that reads otherwise would silently overrule those rules, so the load refuses it."""
    default = formats[0]
    for switch in CARD_LEVEL_READINGS:
        in_force = getattr(default.settings.readings, switch)
        if in_force is None:
            raise BuildError(f"{default.where('readings')}: readings.{switch}: the default format sets every "
                             f"card-level reading ({', '.join(CARD_LEVEL_READINGS)}): it holds for every format")
        for fmt in formats[1:]:
            stated = getattr(fmt.settings.readings, switch)
            if stated is not None and stated != in_force:
                raise BuildError(f"{default.where('readings', switch)}: readings.{switch}: '{in_force}' contradicts "
                                 f"{fmt.where('readings', switch)}, whose rules state '{stated}'; the default format's "
                                 f"reading holds for every format's cards")


def load_catalog(path: Path) -> list[str]:
    """The shipped snapshot of Scryfall's creature type catalog."""
    try:
        document = json.loads(read_text(path))
    except json.JSONDecodeError as error:
        raise BuildError(f"{path}:{error.lineno}: not valid JSON: {error.msg}") from None
    try:
        return CatalogFile.model_validate(document).data
    except pydantic.ValidationError as error:
        first = error.errors()[0]
        raise BuildError(f"{path}:1: {'.'.join(map(str, first['loc'])) or 'catalog'}: {first['msg']}") from None


def load_card_data(data_dir: Path) -> CardData:
    cards_dir = data_dir / "cards"
    overrides, lines = validate(OverridesFile, cards_dir / "affiliation_overrides.yml")
    for index, override in enumerate(overrides.overrides):
        if not override.add and not override.remove:
            line = lines.get(("overrides", index), 1)
            raise BuildError(f"{cards_dir / 'affiliation_overrides.yml'}:{line}: overrides[{index}]: an override needs 'add' or 'remove'")
    types, type_lines = validate(CreatureTypesFile, cards_dir / "creature_types.yml")
    vocabulary, _ = validate(VocabularyFile, cards_dir / "vocabulary.yml")
    validate(ManaSymbolsFile, cards_dir / "mana_symbols.yml")   # read by manawords.py and, in the site, mana.js
    validate(ColorIdentitiesFile, cards_dir / "color_identities.yml")   # read by identitywords.py and format.json
    return CardData(
        overrides=_entries(overrides.overrides, cards_dir / "affiliation_overrides.yml", lines, "overrides"),
        types=types, type_lines=type_lines, types_file=str(cards_dir / "creature_types.yml"), vocabulary=vocabulary,
        everywhere=load_everywhere(cards_dir / EVERYWHERE_FILE),
    )


def load_everywhere(path: Path) -> Everywhere:
    """data/cards/banned_everywhere.yml, each card with its own line (a data check names it there)."""
    shared, lines = validate(BannedEverywhereFile, path)
    seen: dict[str, int] = {}
    cards: dict[str, list[Entry]] = {}
    for code, category in shared.categories.items():
        for index, card in enumerate(category.cards):
            line = lines.get(("categories", code, "cards", index), 1)
            if card.strip().lower() in seen:
                raise BuildError(f"{path}:{line}: categories.{code}.cards[{index}]: '{card}' is listed twice "
                                 f"(first on line {seen[card.strip().lower()]})")
            seen[card.strip().lower()] = line
            cards.setdefault(code, []).append(Entry(card=card.strip(), file=str(path), line=line))
    return Everywhere(file=shared, cards=cards)


def load_format_data(data_dir: Path) -> FormatData:
    """Read and check every data file under data_dir."""
    cards = load_card_data(data_dir)
    return FormatData(cards=cards, formats=load_formats(data_dir, cards.everywhere))


def _everywhere_rows(fmt: Format, everywhere: Everywhere) -> dict[str, list[tuple]]:
    """The bans every format shares, as this format's rows: the shared title and reason (the format's note
    after it) and the shared names, with the format's own date; source_line is the shared file's."""
    categories, names = [], []
    for code, category in everywhere.file.categories.items():
        own = fmt.banlist.everywhere.get(code)
        reason = f"{category.reason} {own.note}" if own and own.note else category.reason
        categories.append((fmt.id, code, category.title, reason))
        names += [(fmt.id, e.card, code, None, own.date if own else None, e.where) for e in everywhere.cards[code]]
    return {"banlist_categories": categories, "banlist_names": names}


def _format_rows(fmt: Format, position: int, everywhere: Everywhere) -> dict[str, list[tuple]]:
    categories = fmt.banlist.categories
    shared = _everywhere_rows(fmt, everywhere)
    return {
        "formats": [(fmt.id, fmt.settings.name, fmt.settings.identity, fmt.settings.default, position, fmt.site_prefix)],
        "format_settings": [(fmt.id, key, json.dumps(value)) for key, value in fmt.settings_rows().items()],
        # every format's shared categories first, then its own
        "banlist_categories": shared["banlist_categories"]
        + [(fmt.id, name, c.title, c.reason) for name, c in categories.items()],
        "banlist_names": [
            (fmt.id, e.card, e.fields.get("category", "banned"), e.fields.get("reason"), e.fields.get("date"), e.where)
            for e in fmt.banned
        ] + shared["banlist_names"],
        "watchlist": [(fmt.id, e.card, e.fields["reason"], e.where) for e in fmt.watchlist],
        "exceptions": [(fmt.id, e.card, e.fields["allows"], e.fields["reason"], e.where) for e in fmt.exceptions],
    }


def _card_rows(cards: CardData) -> dict[str, list[tuple]]:
    plurals = cards.types.irregular_plurals
    return {
        "affiliation_overrides": [
            (e.card, e.fields.get("add") or [], e.fields.get("remove") or [], e.fields["reason"], e.where)
            for e in cards.overrides
        ],
        "type_spellings": [
            (t, p, f"{cards.types_file}:{cards.type_lines.get(('irregular_plurals', t), 1)}") for t, p in plurals.items()
        ],
        "not_creature_types": [(t,) for t in cards.types.not_creature_types],
        "multiword_types": [(t,) for t in cards.types.multiword_types],
        "card_groups": [(code, group.title, n, group.one)
                        for n, (code, group) in enumerate(cards.vocabulary.card_groups.items())],
        "affiliation_sources": [
            (code, words, n) for n, (code, words) in enumerate(cards.vocabulary.affiliation_sources.items())
        ],
        "evidence_words": [(code, words, n, code in cards.vocabulary.quoted_evidence)
                           for n, (code, words) in enumerate(cards.vocabulary.evidence_words.items())],
        "reason_labels": list(cards.vocabulary.reason_labels.items()),
    }


def input_rows(data: FormatData) -> dict[str, list[tuple]]:
    """The rows of each input table (generator/sql/inputs/<table>.sql), in column order."""
    rows = _card_rows(data.cards)
    for position, fmt in enumerate(data.formats):
        for table, table_rows in _format_rows(fmt, position, data.cards.everywhere).items():
            rows.setdefault(table, []).extend(table_rows)
    return rows
