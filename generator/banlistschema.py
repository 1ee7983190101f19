"""The shape of the banlists, as pydantic models on generator/formatschema.py's base models: each format's
data/formats/<format>/banlist.yml, and the bans every format shares (data/cards/banned_everywhere.yml)."""

from __future__ import annotations

import datetime as dt
import re
from typing import Annotated, Literal, Optional

from pydantic import Field, field_validator

from generator.formatschema import CardName, Strict, Text

# The computed ban categories a banlist may switch on (generator/sql/070_card_bans.sql finds their cards). The
# categories every format bans by name (data/cards/banned_everywhere.yml) are not among them: no format redefines one.
COMPUTED_CATEGORIES = ("reserved_list", "conspiracy", "ante", "sticker_attraction", "legendary")
ALLOWABLE_REASONS = ("not_paper", "reserved_list", "conspiracy", "ante", "sticker_attraction", "legendary")
BAN_DATE = re.compile(r"^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$")


class Category(Strict):
    title: Text
    reason: Text


def ban_date(value: object) -> object:
    """A ban's date as written, YYYY-MM or YYYY-MM-DD (YAML reads a full date as a date)."""
    if isinstance(value, dt.date):
        return value.isoformat()
    if not isinstance(value, str) or not BAN_DATE.match(value):
        raise ValueError(f"'{value}' is not a date (YYYY-MM or YYYY-MM-DD)")
    return value


class Ban(Strict):
    card: CardName
    date: Optional[str] = None   # when the format banned it; left out when the format's documents give none
    reason: Optional[Text] = None
    category: Optional[Text] = None

    check_date = field_validator("date", mode="before")(ban_date)


class EverywhereBan(Strict):
    """How one format takes a category of data/cards/banned_everywhere.yml: the date its own documents give
    (none: they give none), and words of its own after the category's reason (the rule of its that bans them)."""

    date: Optional[str] = None
    note: Optional[Text] = None

    check_date = field_validator("date", mode="before")(ban_date)


class Watch(Strict):
    card: CardName
    reason: Text


class Exception_(Strict):
    card: CardName
    allows: list[Literal[ALLOWABLE_REASONS]] = Field(min_length=1)
    reason: Text


class BanlistFile(Strict):
    """data/formats/<format>/banlist.yml. A named ban needs a reason unless its category gives one."""

    categories: dict[Literal[COMPUTED_CATEGORIES], Category] = {}
    # data/cards/banned_everywhere.yml's categories apply to every format; here only what is this format's own.
    everywhere: dict[Text, EverywhereBan] = {}
    banned: list[Ban] = []
    watchlist: list[Watch] = []
    exceptions: list[Exception_] = []


class EverywhereCategory(Strict):
    """One category of data/cards/banned_everywhere.yml: its words and the cards it names, once for every format."""

    title: Text
    reason: Text
    cards: list[CardName] = Field(min_length=1)


class BannedEverywhereFile(Strict):
    """data/cards/banned_everywhere.yml: the cards banned in every format that the card data does not mark."""

    categories: dict[Annotated[str, Field(pattern=r"^[a-z_]+$")], EverywhereCategory] = Field(min_length=1)

    @field_validator("categories")
    @classmethod
    def not_a_computed_category(cls, value: dict) -> dict:
        clash = [code for code in value if code in COMPUTED_CATEGORIES or code == "banned"]
        if clash:
            raise ValueError(f"'{clash[0]}' is already a category a format's banlist.yml computes or names")
        return value
