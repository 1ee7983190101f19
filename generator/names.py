"""One way to find a card by the name someone typed, for every tool: `coalition card`, deck lists, and (in
its JavaScript twin, docs/assets/js/names-keys.js with names.js) the card lookup, the site's search and the
validator page.

The spec both sides follow (the vectors of tests/fixtures/names/vectors.json run against both):

1. A name's *key* ignores case, accents (`Lim-Dûl` = `Lim-Dul`, `Æther` = `Aether`), apostrophes, quotes,
   commas, full stops, `!` and `?` (`ezuri renegade leader` = `Ezuri, Renegade Leader`), and treats every other
   run of punctuation or space as one space (`Fire/Ice` = `Fire // Ice` = `fire - ice`). A name that is
   one name twice, split by `//` or `/` (a reversible printing: `Sol Ring // Sol Ring`), is that one name.
2. `lookup` finds the card whose full name or front face has the key; nothing else (what a deck list needs).
3. `resolve` adds what a person means by a short name: a legend named `Krenko, …` answers `Krenko` before
   `Krenko's Command` (shortest name, then alphabetical, when several legends share it), then any face, then
   the one card with a name or face whose key has the query's words in another order (`bolt lightning` is
   Lightning Bolt, `mob boss krenko` Krenko, Mob Boss); when the words are those of several cards (`stacy gwen
   ghost spider`: Ghost-Spider, Gwen Stacy and Gwen Stacy // Ghost-Spider) it finds none, nor does `nearest`.
4. `suggest` ranks: exact, legend short name, the cards of the query's words in another order (rule 3, shortest
   first), the names holding the query as whole words (`bolt`: Lightning Bolt, Bolt of Keranos; not Boltwing
   Marauder) most played first (Scryfall's `edhrec_rank`, cards.json's `rk`: lower first, none last; among
   names without one, the name or face whose last words the query is first (`bolt`: Lightning Bolt before
   Bolt Bend), then shorter, then alphabetical), names starting with the query, names with a word starting
   with it, names containing it, then typos: an edit distance (insert, delete, substitute, swap two
   neighbours) of at most 1 from 4 characters, 2 from 8, 3 from 13, over every face and every legend's short
   name (`krenco` is a slip of `Krenko`, as `Lightning Blot` is of a whole name); last, names sharing most
   three-letter pieces (words misspelt and in another order: `elfs llanowar`; whole names and faces only), of
   names sharing as many the one fewer edits away (in half edits, as below, however many: `Lanowar Elfs`,
   three edits from Llanowar Elves and four from Llanowar Elite, past the limit of both, is Elves first).
   Ties: shorter name, then alphabetical. A swap of two neighbours counts half an edit (the commonest slip),
   so `Lightning Blot` is Lightning Bolt before Lightning Blow.
5. `nearest`, when `resolve` finds nothing, is the name a whole word means: the first of rule 4's names
   holding the query as whole words (`bolt` is Lightning Bolt, not Jolt, one letter away), from 4 characters
   as typos (`orb` gives nothing); else the card a typo surely means: the one name nearer by typos (rule 4's
   edit distance) than every other; `Lightning Blot` is Lightning Bolt (half an edit) before Lightning
   Blow (one edit), while `Krenko Boss` or a tie of two names gives nothing. A legend's short name is one
   name, meaning what rule 3 reads it as: `krenco` is Krenko, Mob Boss (not a tie of the Krenko legends),
   `nikol bolas` the card named Nicol Bolas. The lookup and `coalition card` open it, saying so, and
   still offer the other suggestions.
6. `read_as` says how a typed name named the card it found, so a tool can say so: `name` (its own name,
   rule 1's key), `face` (one face of a two-faced card: `Ice` for Fire // Ice), `words` (its name's or a
   face's words in another order: `bolt lightning`), `short_name` (a legend's
   short name, with the other legends so named, shortest first: `Krenko` is Krenko, Mob Boss, or Krenko, Tin
   Street Kingpin); anything else (a typo's nearest name, a suggestion picked) is None: the tool says that.
"""

from __future__ import annotations

import re
import unicodedata
from typing import NamedTuple

SUGGESTIONS = 3
MIN_SIMILARITY = 0.45
DROPPED = re.compile(r"['’‘`´\"“”,.!?]")
SEPARATORS = re.compile(r"[\W_]+")
HALVES = re.compile(r"/+")


def key(name: str) -> str:
    """How names are compared (rule 1 of the module's spec)."""
    halves = HALVES.split(name)
    if len(halves) == 2 and _plain_key(halves[0]) == _plain_key(halves[1]):
        return _plain_key(halves[0])
    return _plain_key(name)


def _plain_key(name: str) -> str:
    decomposed = unicodedata.normalize("NFKD", name.replace("æ", "ae").replace("Æ", "Ae"))
    text = "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()
    return SEPARATORS.sub(" ", DROPPED.sub("", text)).strip()


def word_key(name_key: str) -> str:
    """A key's words in one order, whatever order they were typed in (rule 3)."""
    return " ".join(sorted(name_key.split(" ")))


def typo_limit(length: int) -> int:
    """Edits forgiven in a query of this many characters, in half edits: none below 4, so short names stay
    exact."""
    return 0 if length < 4 else 2 if length < 8 else 4 if length < 13 else 6


def distance(a: str, b: str, limit: int) -> int:
    """Edit distance in half edits (insert, delete, substitute: 2; swap two neighbours: 1), as the optimal
    string alignment; limit + 1 once it is surely over."""
    if 2 * abs(len(a) - len(b)) > limit:
        return limit + 1
    before, row = None, [2 * j for j in range(len(b) + 1)]
    for i in range(1, len(a) + 1):
        current = [2 * i] + [0] * len(b)
        for j in range(1, len(b) + 1):
            cost = 0 if a[i - 1] == b[j - 1] else 2
            current[j] = min(row[j] + 2, current[j - 1] + 2, row[j - 1] + cost)
            if before is not None and i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, row = row, current
    return min(row[-1], limit + 1)


def full_distance(a: str, b: str) -> int:
    """The edit distance in half edits however far: never more than two per character of the longer."""
    return distance(a, b, 2 * max(len(a), len(b)))


def trigrams(text: str) -> set[str]:
    padded = f"  {text} "
    return {padded[i:i + 3] for i in range(len(padded) - 2)}


class Name(NamedTuple):
    name: str
    faces: tuple[str, ...]
    legend: bool
    rank: int | None = None   # how much it is played: Scryfall's edhrec_rank, lower first (rule 4)


class Reading(NamedTuple):
    """How a typed name named a card (rule 6): `how` is name, face or short_name; `others` the positions of
    the other legends that share the short name."""
    how: str
    others: list[int]


class NameIndex:
    """Cards by name: `entries` are Name tuples; answers are positions in that list."""

    def __init__(self, entries: list[Name]):
        self.entries = entries
        self.by_key: dict[str, int] = {}
        self.keys = [key(entry.name) for entry in entries]
        for i, entry_key in enumerate(self.keys):
            self.by_key.setdefault(entry_key, i)
        for i, entry in enumerate(entries):
            if entry.faces:
                self.by_key.setdefault(key(entry.faces[0]), i)
        self._faces: list[tuple[str, int]] | None = None
        self._typo_slots: list[tuple[str, int]] | None = None
        self._legends_by_short: dict[str, list[int]] | None = None
        self._grams: dict[str, list[int]] | None = None
        self._by_words: dict[str, list[int]] | None = None

    @classmethod
    def from_cards(cls, cards: list[dict]) -> "NameIndex":
        """From data/cards.json's compact cards (`n`, `f`, `lg`: legendary, as `cards.is_legendary`, and `rk`: the
        card's edhrec_rank, when it has one)."""
        return cls([Name(c["n"], tuple(c.get("f") or ()), bool(c.get("lg")), c.get("rk")) for c in cards])

    def _order(self, i: int) -> tuple[int, str]:
        return len(self.entries[i].name), self.entries[i].name

    def lookup(self, query: str) -> int | None:
        return self.by_key.get(key(query))

    def _holders(self, wanted: str) -> list[int]:
        """The cards whose name or a face holds the query as whole words, most played first (rule 4). Without
        ranks (today's shaped file has none), a name ending with the words is likelier meant than one starting
        with them (`bolt`: Lightning Bolt, the spell, before Bolt Bend), then shorter, then alphabetical."""
        padded, last = f" {wanted} ", {}
        for face_key, i in self._face_keys():
            if padded in f" {face_key} ":
                last[i] = last.get(i, False) or f" {face_key}".endswith(padded[:-1])
        def played(i: int) -> tuple:
            rank = self.entries[i].rank
            return rank is None, rank or 0, not last[i], *self._order(i)
        return sorted(last, key=played)

    def _short_key(self, i: int) -> str | None:
        """The key of a legend's short name (`krenko` for Krenko, Mob Boss), else None."""
        entry = self.entries[i]
        return key(entry.name.split(",")[0]) if entry.legend and "," in entry.name else None

    def _short_legends(self, wanted: str) -> list[int]:
        """The legends whose short name has this key, shortest name first (rule 3)."""
        if self._legends_by_short is None:
            self._legends_by_short = {}
            for i in sorted(range(len(self.entries)), key=self._order):
                short = self._short_key(i)
                if short is not None:
                    self._legends_by_short.setdefault(short, []).append(i)
        return list(self._legends_by_short.get(wanted, ()))

    def resolve(self, query: str) -> int | None:
        wanted = key(query)
        if not wanted:
            return None
        exact = self.by_key.get(wanted)
        if exact is not None:
            return exact
        legends = self._short_legends(wanted)
        if legends:
            return legends[0]
        faces = [i for face_key, i in self._face_keys() if face_key == wanted]
        if faces:
            return faces[0]
        same = self._same_words(wanted)
        return same[0] if len(same) == 1 else None

    def _same_words(self, wanted: str) -> list[int]:
        """The cards with a name or face of these words in any order (rule 3), shortest name first."""
        if self._by_words is None:
            self._by_words = {}
            for face_key, i in sorted(self._face_keys(), key=lambda pair: self._order(pair[1])):
                cards = self._by_words.setdefault(word_key(face_key), [])
                if i not in cards:
                    cards.append(i)
        return list(self._by_words.get(word_key(wanted), ()))

    def read_as(self, query: str, position: int) -> Reading | None:
        """How `query` names the card at `position` (rule 6), else None."""
        wanted = key(query)
        if wanted == self.keys[position]:
            return Reading("name", [])
        if any(key(face) == wanted for face in self.entries[position].faces):
            return Reading("face", [])
        if position in self._same_words(wanted):
            return Reading("words", [])
        legends = self._short_legends(wanted)
        if position in legends:
            return Reading("short_name", [i for i in legends if i != position])
        return None

    def _face_keys(self) -> list[tuple[str, int]]:
        if self._faces is None:
            self._faces = [(k, i) for i, k in enumerate(self.keys)]
            self._faces += [(key(face), i) for i, e in enumerate(self.entries) for face in e.faces]
        return self._faces

    def _typo_keys(self) -> list[tuple[str, int]]:
        """What a typo is measured against (rule 4): every face, then every legend's short name. The
        trigram index holds these slots; likenesses read only the faces, the first slots."""
        if self._typo_slots is None:
            shorts = [(self._short_key(i), i) for i in range(len(self.entries))]
            self._typo_slots = self._face_keys() + [(k, i) for k, i in shorts if k is not None]
        return self._typo_slots

    def suggest(self, query: str, limit: int = SUGGESTIONS) -> list[int]:
        wanted = key(query)
        if not wanted:
            return []
        ranked = self._textual(wanted)
        if len(ranked) < limit:
            shared = self._shared(wanted)
            for tier in (self._typos(wanted, shared), self._similar(wanted, shared)):
                ranked += [i for i in tier if i not in ranked]
                if len(ranked) >= limit:
                    break
        return ranked[:limit]

    def nearest(self, query: str) -> int | None:
        """The card a whole word means, else the one a typo surely means (rule 5): alone at the smallest typo
        distance, else None."""
        wanted = key(query)
        if not wanted or self.resolve(query) is not None or self._same_words(wanted):
            return None
        holders = self._holders(wanted) if typo_limit(len(wanted)) else []
        if holders:
            return holders[0]
        distances = self._slot_distances(wanted, self._shared(wanted))
        if not distances:
            return None
        best = min(distances.values())
        meant = {self._meant_by(slot) for slot, found in distances.items() if found == best}
        return meant.pop() if len(meant) == 1 else None

    def _meant_by(self, slot: int) -> int:
        """The card a typo slot stands for: its own, or for a legend's short name the card `resolve` reads
        that name as (rule 5: the legends of one short name are one answer; `nikol bolas` is the card
        named Nicol Bolas, not a tie with Nicol Bolas, Dragon-God)."""
        slot_key, i = self._typo_keys()[slot]
        return i if slot < len(self._face_keys()) else self.resolve(slot_key)

    def _textual(self, wanted: str) -> list[int]:
        """Exact, legend short name, same words, names holding the words, then starts with / a word starts with /
        contains (rule 4)."""
        exact = [] if wanted not in self.by_key else [self.by_key[wanted]]
        buckets: list[list[int]] = [[], [], []]
        padded = " " + wanted
        for face_key, i in self._face_keys():
            if face_key.startswith(wanted):
                buckets[0].append(i)
            elif (" " + face_key).find(padded) >= 0:
                buckets[1].append(i)
            elif wanted in face_key:
                buckets[2].append(i)
        ordered = exact + self._short_legends(wanted) + self._same_words(wanted) + self._holders(wanted)
        for bucket in buckets:
            ordered += sorted(set(bucket), key=self._order)
        return list(dict.fromkeys(ordered))

    def _typos(self, wanted: str, shared: dict[int, int]) -> list[int]:
        """Within typo_limit of a face. Each edit (two half edits) changes at most four of the query's
        three-letter pieces, so only names sharing enough of them are measured."""
        best = self._typo_distances(wanted, shared)
        return sorted(best, key=lambda i: (best[i], *self._order(i)))

    def _typo_distances(self, wanted: str, shared: dict[int, int]) -> dict[int, int]:
        """Each card within typo_limit of the query, with its distance in half edits (its nearest slot)."""
        best: dict[int, int] = {}
        slots = self._typo_keys()
        for slot, found in self._slot_distances(wanted, shared).items():
            i = slots[slot][1]
            if found < best.get(i, found + 1):
                best[i] = found
        return best

    def _slot_distances(self, wanted: str, shared: dict[int, int]) -> dict[int, int]:
        """Each typo slot within typo_limit of the query, with its distance in half edits."""
        allowed = typo_limit(len(wanted))
        if not allowed:
            return {}
        needed = len(trigrams(wanted)) - 2 * allowed
        slots = self._typo_keys()
        found = {slot: distance(wanted, slots[slot][0], allowed) for slot, count in shared.items() if count >= needed}
        return {slot: value for slot, value in found.items() if value <= allowed}

    def _shared(self, wanted: str) -> dict[int, int]:
        """How many three-letter pieces each typo slot (`_typo_keys`) shares with the query (slots sharing
        none are left out)."""
        if self._grams is None:
            self._grams = {}
            for slot, (slot_key, _i) in enumerate(self._typo_keys()):
                for gram in trigrams(slot_key):
                    self._grams.setdefault(gram, []).append(slot)
        shared: dict[int, int] = {}
        for gram in trigrams(wanted):
            for slot in self._grams.get(gram, ()):
                shared[slot] = shared.get(slot, 0) + 1
        return shared

    def _similar(self, wanted: str, shared: dict[int, int]) -> list[int]:
        """Names sharing most three-letter pieces (Dice coefficient): the same words in another order; of names
        sharing as many, the fewer edits away (rule 4: pieces alone tie Llanowar Elite with Llanowar Elves)."""
        size = len(trigrams(wanted))
        best: dict[int, tuple[float, int]] = {}   # each card's (-score, edits), its likest face
        faces = self._face_keys()
        for slot, count in shared.items():
            if slot >= len(faces):   # a legend's short name: for typos only
                continue
            face_key, i = faces[slot]
            score = 2 * count / (size + len(trigrams(face_key)))
            if score >= MIN_SIMILARITY and -score <= best.get(i, (0.0, 0))[0]:
                found = (-score, full_distance(wanted, face_key))
                best[i] = min(found, best.get(i, found))
        return sorted(best, key=lambda i: (*best[i], *self._order(i)))


class CardIndex:
    """The deck tools' view of data/cards.json: positions by exact name, and suggested names."""

    def __init__(self, cards: list[dict]):
        self.cards = cards
        self.names = NameIndex.from_cards(cards)

    def lookup(self, name: str) -> int | None:
        return self.names.lookup(name)

    def suggest(self, name: str, limit: int = SUGGESTIONS) -> list[str]:
        return [self.cards[i]["n"] for i in self.names.suggest(name, limit)]
