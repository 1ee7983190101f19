"""The shape of every format's format.yml, as pydantic models (generator/yamlfile.py turns their errors into
`file:line: key: what`), and the base models every data file's schema is built on. The banlists (each format's
banlist.yml, data/cards/banned_everywhere.yml) are generator/banlistschema.py's; the other files of data/cards/,
what every format shares, are generator/cardschema.py's."""

from __future__ import annotations

import re
from typing import Annotated, Literal, Optional

from pydantic import (
    BaseModel, ConfigDict, Field, StrictBool, StrictInt, ValidationInfo, field_validator, model_serializer,
    model_validator,
)

# Bounds a real format stays far inside; they catch a typo (10^29, -60, 0) rather than define the game.
DeckSize = Annotated[StrictInt, Field(ge=1, le=1000)]
SideboardSize = Annotated[StrictInt, Field(ge=0, le=1000)]
Life = Annotated[StrictInt, Field(ge=1, le=10000)]
Count = Annotated[StrictInt, Field(ge=1, le=1000)]
Text = Annotated[str, Field(min_length=1)]
CardName = Annotated[str, Field(min_length=1, max_length=200)]

# The deck check kinds the interpreters (generator/deckrules.py and its modules, their twins in docs/assets/js/) know.
CHECK_KINDS = ("main_size", "sideboard_size", "copies", "banned", "legendary", "leader", "typal_identity",
               "commander", "color_identity", "mechanics")
# A {placeholder} of a format's message: the load checks them (generator/formatdata.py), the checks fill them
# (generator/deckfacts.py fill, deckfacts.js its twin). Here, with the schema, so the load needs no later stage.
PLACEHOLDER = re.compile(r"\{(\w+)\}")
# The {placeholders} each check message is filled with, by kind and message key, as both interpreters fill
# them (generator/deck*.py and their twins in docs/assets/js/); a `<key>_one` (a key filled with {count}) gets its
# key's. The load refuses a message naming any other placeholder, which would be printed as written, and a key not
# here, which no code would ever say (generator/formatdata.py).
MESSAGE_VALUES = {
    "main_size": {"wrong": {"count", "limit"}},
    "sideboard_size": {"too_many": {"count", "limit"}, "wrong": {"count", "limit"}},
    "copies": {"too_many": {"card", "count", "why"}, "own_text": {"limit"}, "once": {"what", "limit"},
               "times": {"what", "limit"}},
    "banned": {"banned": {"card", "reasons", "where"}, "where_commander": set(), "where_main": set(),
               "where_side": set()},
    "leader": {"several": {"count", "cards"}, "in_main": {"card"}, "none": set(), "copies": {"card", "count"}},
    "legendary": {"other": {"card"}, "drop": {"card", "keeper", "why"}, "why_fits": {"types"},
                  "why_cheapest": set(), "why_none": set(), "as_well": {"card"}},
    "typal_identity": {"not_a_type": {"type"}, "not_a_type_near": {"type", "types"}, "excluded": {"type"},
                       "not_led": {"leader", "type", "types"}, "misfit": {"count", "type", "cards"},
                       "misfits": {"count", "type", "cards"}, "no_fit": {"leader", "options"},
                       "option": {"types", "cut", "cards"}, "cannot_lead": {"leader", "excluded"},
                       "no_affiliation": {"leader", "excluded"}},
    "commander": {"none": set(), "count": {"count", "variant", "wanted"}, "not_commander": {"card"},
                  "banned_as": {"card", "variant"}, "pair": {"colors", "shared", "cards"}},
    "color_identity": {"bad_identity": {"identity", "accepted", "Accepted"},
                       "bad_identity_near": {"identity", "name", "accepted", "Accepted"},
                       "commander": {"found", "identity"}, "size": {"identity", "count", "variant", "wanted"},
                       "outside": {"count", "identity", "cards"}},
    "mechanics": {"forbidden": {"card", "mechanics", "variant"}},
}
COLOR_LETTERS = "WUBRG"


class Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class CopyLimits(Strict):
    creature: Optional[Count]
    nonbasic_land: Optional[Count]
    other: Optional[Count]
    basic_land: Optional[Count]


class BasePool(Strict):
    """The cards a format starts from: those whose Scryfall legality in `legality` is one of `allowed`."""

    legality: Text
    allowed: list[Literal["legal", "restricted", "banned", "not_legal"]] = Field(min_length=1)
    reason: Text      # the reason code a card outside the pool gets (its words are in texts.reasons)
    # The code a card gets instead when its legality there is "banned" (Mazerunner follows Commander's
    # banlist: 2e-ii); without it, a banned card gets `reason` like any other card outside the pool.
    banned_reason: Optional[Annotated[str, Field(pattern=r"^[a-z_]+$")]] = None


class Leader(Strict):
    zone: Literal["sideboard", "main"]
    word: Text        # what the format calls it: leader, hero, commander


class Check(Strict):
    """One deck rule: which interpreter check runs, the rule it cites, and its message templates."""

    id: Annotated[str, Field(pattern=r"^[a-z_]+$")]
    kind: Literal[CHECK_KINDS]
    rule: Text
    group: Optional[Literal["creature", "land", "other"]] = None   # copies: which copy limit
    what: Optional[Text] = None                                     # copies: "a creature may be included"
    messages: dict[str, Text]

    @field_validator("rule", mode="before")
    @classmethod
    def rule_is_in_the_text(cls, value: object, info: ValidationInfo) -> object:
        return rule_in_the_text(value, info)


def rule_in_the_text(value: object, info: ValidationInfo) -> object:
    """A rule number (YAML may read one as a float) that the format's rules text defines."""
    value = str(value) if isinstance(value, (int, float)) else value
    numbers = (info.context or {}).get("rule_numbers")
    if isinstance(value, str) and numbers is not None and value not in numbers:
        raise ValueError(f"rule '{value}' is not in the format's rules text")
    return value


class RuleLink(Strict):
    """A rule whose words point at a page of this site ("A ban list is maintained in this repository"): the
    rules page links that page after the rule, whose own words stay as the format's authors wrote them."""

    rule: Text
    page: Annotated[str, Field(pattern=r"^([a-z0-9-]+/)+$")]   # under the format's home: "banlist/"
    words: Text                                                 # the link's words: "the banlist"

    @field_validator("rule", mode="before")
    @classmethod
    def rule_is_in_the_text(cls, value: object, info: ValidationInfo) -> object:
        return rule_in_the_text(value, info)


class Variant(Strict):
    """A season variant of an identity format: colors per player, commanders per deck, and for a partner
    variant the colors of each commander and how many they share; mechanics it lets back in."""

    colors: Annotated[StrictInt, Field(ge=1, le=len(COLOR_LETTERS))]
    commanders: Annotated[StrictInt, Field(ge=1, le=2)]
    commander_colors: Optional[Annotated[StrictInt, Field(ge=1, le=len(COLOR_LETTERS))]] = None
    shared_colors: Optional[Annotated[StrictInt, Field(ge=0, le=len(COLOR_LETTERS))]] = None
    banned_as_commander: list[CardName] = []
    allows: list[Text] = []


class Words(Strict):
    """What a format calls its pieces, on its pages and in its tools (the lookup reads them from format.json):
    the leader's own word is `leader.word`."""

    leaders: Text = "leaders"
    type: Text = "type"               # the type a deck shares: "coalition type", "shared type"
    types: Text = "types"
    group: Text = "deck"              # what a leader and its type make together: "a Goblin coalition"
    groups: Text = "decks"
    identity: Text = "affiliations"   # what a card's creature types make it: "typal identity"
    # What both validators (the page's summary, `coalition validate`'s report) say after the leader's word when
    # the list names no leader: "Commander: none".
    no_leader: Text = "none"
    # What both validators say after "types that work:" when no type holds every card: "types that work: none".
    no_types: Text = "none"
    # The cards of no type, which every deck may play, as the home page counts them: "cards with no typal identity".
    unaffiliated: Text = "unaffiliated cards"
    # One card's identity, in the singular: "its only affiliation is Human", "any affiliation at all".
    identity_one: Text = "affiliation"
    # That a card's identity holds a type, as a predicate: {is} is "is", "are" or "be" (one card, several, after
    # "must"), {has} "has" or "have", {its} "its" or "their" (generator/site/markup.py affiliated, lookup's twin).
    affiliated: Text = "{is} affiliated with {type}"
    # The same after a noun, whatever its number: "4 cards affiliated with Goblin".
    affiliated_card: Text = "affiliated with {type}"
    # The same as a noun, one card: "every affiliated card".
    affiliated_noun: Text = "affiliated card"
    # Where a card's identity is defined, before the types that make it: "A card is affiliated with every ...".
    identity_rule: Text = "A card is affiliated with"
    # After "must be affiliated with it, or": a deck's other cards.
    unaffiliated_or: Text = "with no creature type at all"
    # A card of no type, as `affiliated`'s predicate is said: "the card is unaffiliated" (the lookup, `coalition card`).
    unaffiliated_one: Text = "{is} unaffiliated"
    # The pool of those cards in a sentence (its page's heading too; its address and nav label stay).
    unaffiliated_pool: Text = "unaffiliated pool"
    # A type whose name ends in the group's word, before that word ({type}: its name): "an Army-type army",
    # not "an Army army" (generator/site/context.py type_before_group).
    namesake: Text = "{type}-type"

    @field_validator("namesake", "affiliated", "affiliated_card")
    @classmethod
    def _names_the_type(cls, value: str) -> str:
        if "{type}" not in value:
            raise ValueError("must hold {type}, where the type's name goes")
        return value


# The grammar of a format's `affiliated` words by number: one card, several, or after "must".
AFFILIATED_FORMS = {"one": {"is": "is", "has": "has", "its": "its"},
                    "many": {"is": "are", "has": "have", "its": "their"},
                    "be": {"is": "be", "has": "have", "its": "its"}}


def affiliated(words: str, type_name: str, number: str = "one") -> str:
    """A format's words for a card's identity holding `type_name` ("is affiliated with Goblin", "have Goblin
    in their typal identity"); `number` picks the verb's form (AFFILIATED_FORMS). The twin: cards.js C.affiliated."""
    said = {**AFFILIATED_FORMS[number], "type": str(type_name)}
    return re.sub(r"\{(is|has|its|type)\}", lambda match: said[match.group(1)], words)


# The words of an identity format's answer to "can this card be a commander?" (texts.commander), which the
# lookup page and `coalition card` both fill in: one key per case, each a template with {placeholders}.
COMMANDER_TEXTS = ("can", "one_of", "cannot", "not_legal", "not_shaped", "colors", "mechanics", "banned_as")
# What each is filled with (generator/commander_words.py, lookup-identity.js `commanderSeasons`), checked as
# MESSAGE_VALUES is.
COMMANDER_VALUES = {"can": {"leader", "seasons"}, "one_of": {"variant", "count"}, "cannot": {"leader", "why"},
                    "not_legal": {"format"}, "not_shaped": {"leader"}, "colors": {"variant", "leader", "wanted", "count"},
                    "mechanics": {"variant", "mechanics"}, "banned_as": {"variant", "leader"}}


HERO_LIVES = Literal["end_of_that_turn", "end_of_your_turn"]
NEGATED_TYPES = Literal["ignored", "affiliated"]
# Readings of card text that every format shares (the tables they change have no `format` column): the default
# format's value holds for all; another format may set one only to state what its own rules say, and the load
# refuses a default whose value contradicts it (generator/formatdata.py, card_level_readings_agree).
CARD_LEVEL_READINGS = ("flip_cards", "negated_types")


class ReadingWords(Strict):
    """format.yml `texts.readings`: what the pages and the table tools say for each value of a reading (one
    sentence in one place: the templates read it from the format's settings, the tracker from format.json)."""

    hero_lives: dict[HERO_LIVES, Text] = {}   # when the last of a hero's lives loses ("at the end of ...")
    negated_types: dict[NEGATED_TYPES, Text] = {}   # what a type after "non-" does for a card (the rules' summary)


# The ways a game may end that the table tools explain beside their buttons (texts.table): when each applies, in
# the format's words (the Coalition tracker reads them from format.json, under the same keys as its cites).
TABLE_TEXTS = ("game_draw", "no_winner")


class Texts(Strict):
    words: Words = Words()
    readings: ReadingWords = ReadingWords()
    table: dict[Literal[TABLE_TEXTS], Text] = {}   # see TABLE_TEXTS
    reasons: dict[str, Text] = {}
    reason_labels: dict[str, Text] = {}   # labels of reason codes the shared vocabulary (vocabulary.yml) lacks
    commander: dict[Literal[COMMANDER_TEXTS], Text] = {}   # an identity format's: see COMMANDER_TEXTS


class Readings(Strict):
    """format.yml `readings`: where a rule's words leave room, the reading in force, one switch each (the rules
    page states it). A format sets the ones its rules need; an unknown switch or value is refused."""

    # How a flip card is read (010_cards.sql): card-level, so the default format's holds for every format.
    flip_cards: Optional[Literal["legal", "legendary"]] = None
    # Whether a creature type named after "non-" ("target non-Human creature") affiliates the card with it
    # (050_affiliations.sql, 055_ignored_words.sql): "ignored" names no type, "affiliated" reads it as printed.
    # Card-level, as flip_cards: the default format's holds for every format.
    negated_types: Optional[NEGATED_TYPES] = None
    # Which turn's end the last of a hero's lives loses at, once the hero may resolve on another player's turn:
    # the end of that turn, or the end of its owner's own turn (read by the Heroic tracker from format.json).
    hero_lives: Optional[HERO_LIVES] = None
    # Whether sideboard_max is a limit ("at_most", as Magic's own sideboards are) or the sideboard's exact size
    # ("exactly"), where a format's words give only a number ("8 card sideboard"): the deck checks read it.
    sideboard: Optional[Literal["at_most", "exactly"]] = None

    @model_serializer(mode="wrap")
    def switches_set(self, handler) -> dict:
        return {key: value for key, value in handler(self).items() if value is not None}


class FormatFile(Strict):
    """data/formats/<format>/format.yml."""

    name: Text
    default: StrictBool = False
    identity: Literal["typal", "color"]
    rules_text: Text
    rule_titles: Optional[Text] = None
    deck_size: DeckSize
    sideboard_max: SideboardSize
    starting_life: Life
    victory_points: Optional[Count] = None
    games_per_match: Optional[Count] = None
    excluded_type: Optional[Text] = None
    leader: Leader
    base_pool: BasePool
    copy_limits: CopyLimits
    checks: list[Check] = Field(min_length=1)
    texts: Texts = Texts()
    table: dict = {}
    readings: Readings = Readings()
    cites: dict[str, Text] = {}      # other rules (or glossary terms) the site's pages cite (affiliation, ...)
    rule_links: list[RuleLink] = []  # rules whose words point at a page of this site, linked after them
    mechanics: list[Text] = []       # the `mechanics` check: keywords no deck may hold unless its variant allows
    default_variant: Optional[Text] = None
    variants: dict[Text, Variant] = {}

    @model_validator(mode="after")
    def variants_are_consistent(self) -> "FormatFile":
        if self.variants and self.default_variant not in self.variants:
            raise ValueError(f"default_variant '{self.default_variant}' is not one of the variants")
        if self.default_variant and not self.variants:
            raise ValueError("default_variant without variants")
        missing = [key for key in COMMANDER_TEXTS if key not in self.texts.commander]
        if self.variants and missing:
            raise ValueError(f"texts.commander lacks '{missing[0]}': a format with variants says who can be a commander")
        for switch, value in self.readings.model_dump(exclude_none=True).items():
            said = getattr(self.texts.readings, switch, None)
            if said is not None and value not in said:
                raise ValueError(f"texts.readings.{switch} lacks '{value}': the pages say the reading in force")
        sideboard_check = next((check for check in self.checks if check.kind == "sideboard_size"), None)
        if self.readings.sideboard == "exactly" and sideboard_check and "wrong" not in sideboard_check.messages:
            raise ValueError("the sideboard_size check lacks a 'wrong' message, which readings: sideboard: exactly says")
        for name, variant in self.variants.items():
            unknown = sorted(set(variant.allows) - set(self.mechanics))
            if unknown:
                raise ValueError(f"variant {name} allows '{unknown[0]}', which is not in mechanics")
        return self

    @field_validator("cites", mode="before")
    @classmethod
    def cited_rules_are_in_the_text(cls, value: object, info: ValidationInfo) -> object:
        if not isinstance(value, dict):
            return value
        cites = {key: str(number) if isinstance(number, (int, float)) else number for key, number in value.items()}
        numbers = (info.context or {}).get("citable")
        missing = [n for n in cites.values() if numbers is not None and isinstance(n, str) and n not in numbers]
        if missing:
            raise ValueError(f"cited rule '{missing[0]}' is not in the format's rules text")
        return cites
