"""The shape of the files of data/cards/ that every format shares (vocabulary, creature types, affiliation
overrides, mana symbols' names, color identities' names, Scryfall's catalog), as pydantic models on
generator/formatschema.py's base models; generator/yamlfile.py turns their errors into `file:line: key: what`."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationInfo, field_validator

from generator.formatschema import CardName, Strict, Text


class Override(Strict):
    card: CardName
    reason: Text
    add: list[Text] = []
    remove: list[Text] = []


class OverridesFile(Strict):
    """data/cards/affiliation_overrides.yml."""

    overrides: list[Override] = []


class CreatureTypesFile(Strict):
    """data/cards/creature_types.yml."""

    irregular_plurals: dict[Text, Text]
    not_creature_types: list[Text]
    multiword_types: list[Text]


class CardGroup(Strict):
    """One card group of data/cards/vocabulary.yml: its heading, and the word for one card of it in a count."""

    title: Text
    one: Text


class VocabularyFile(Strict):
    """data/cards/vocabulary.yml: words every format and every page share."""

    card_groups: dict[Text, CardGroup]            # code -> heading and singular, in display order
    affiliation_sources: dict[Text, Text]         # code -> words, strongest evidence first
    evidence_words: dict[Text, Text]              # code -> its name before the words read, in the order listed
    quoted_evidence: list[Text]                   # the codes whose words are quoted after that name
    reason_labels: dict[Text, Text]               # reason code -> its label ("Banned", "Reserved List")

    @field_validator("quoted_evidence")
    @classmethod
    def quoted_sources_are_named(cls, value: list[str], info: ValidationInfo) -> list[str]:
        named = info.data.get("evidence_words") or {}
        unknown = [source for source in value if source not in named]
        if unknown:
            raise ValueError(f"'{unknown[0]}' is not a source of evidence_words")
        return value


class ManaJoiningWords(Strict):
    """data/cards/mana_symbols.yml `words`: the patterns that join a symbol's parts ({placeholders} filled in by
    generator/site/manawords.py and docs/assets/js/mana.js alike)."""

    coloured: Text
    generic: Text
    hybrid_half_colourless: Text
    hybrid_half_generic: Text
    hybrid: Text
    phyrexian: Text
    half: Text


class ManaSymbolsFile(Strict):
    """data/cards/mana_symbols.yml: what a screen reader says for each card symbol."""

    colours: dict[Literal["W", "U", "B", "R", "G"], Text]
    numbers: dict[Annotated[str, Field(pattern=r"^[0-9]+$")], Text]
    symbols: dict[Text, Text]
    words: ManaJoiningWords


class ColorIdentitiesFile(Strict):
    """data/cards/color_identities.yml: how players name a color identity (generator/identitywords.py)."""

    colors: dict[Text, Literal["W", "U", "B", "R", "G"]]
    colorless: list[Text] = Field(min_length=1)
    unknown: Text                                 # an identity the validators cannot tell (identity_word of None)
    names: dict[Annotated[str, Field(pattern=r"^[WUBRG]+$")], Text]
    accepted: Text                                # what a refusal says is accepted ({accepted} in a message)


class CatalogFile(BaseModel):
    """data/cards/scryfall-creature-types.json, Scryfall's catalog object."""

    model_config = ConfigDict(extra="allow")
    object: Literal["catalog"]
    data: list[Text] = Field(min_length=1)
