"""The deal and the refill of Balance of Power (docs/balance-of-power/index.md), on card names and the type
facts of data/cards.json. Pure functions over a plain dict, so the state is what `coalition solo deal --json`
prints and what the browser keeps: piles (each bottom to top), land_pile, world_pile, library (top first),
graveyard (oldest first)."""

from __future__ import annotations

from collections.abc import Callable

from generator.solo.procedure import Procedure
from generator.solo.shuffle import shuffled

TypeOf = Callable[[str], str]      # card name -> its type line ("t" of data/cards.json)


def type_words(type_line: str) -> set[str]:
    """The words before the dash of the front face: a card in the library has only its front face."""
    front = type_line.split(" // ")[0]
    return set(front.split("—")[0].split())


def rule_for(type_line: str, procedure: Procedure):
    words = type_words(type_line)
    return next(rule for rule in procedure.reveal if set(rule.types) <= words)


def empty_table(procedure: Procedure, library: list[str], seed: int | None = None) -> dict:
    return {"seed": seed, "piles": [[] for _ in range(procedure.piles)], "land_pile": [], "world_pile": [],
            "library": list(library), "graveyard": [], "outcome": "playing", "message": None}


def _reveal_into(state: dict, pile: int, procedure: Procedure, type_of: TypeOf) -> bool:
    """Reveal cards for `pile` until one ends it; False when the library runs out first."""
    while state["library"]:
        name = state["library"].pop(0)
        rule = rule_for(type_of(name), procedure)
        destination = state["piles"][pile] if rule.to == "pile" else state[rule.to]
        destination.append(name)
        if rule.ends_pile:
            return True
    return False


def _lose(state: dict, message: str) -> dict:
    state["outcome"], state["message"] = "lost", message
    return state


def deal(deck: list[str], seed: int, procedure: Procedure, type_of: TypeOf) -> dict:
    """Shuffle `deck` with `seed` and deal the set-up."""
    return deal_library(shuffled(deck, seed), procedure, type_of, seed)


def deal_library(library: list[str], procedure: Procedure, type_of: TypeOf, seed: int | None = None) -> dict:
    """Deal the set-up from a library in this order (top first): each pile in turn gets cards until a
    creature ends it; lands and World enchantments go to their own piles."""
    state = empty_table(procedure, library, seed)
    for pile in range(procedure.piles):
        if not _reveal_into(state, pile, procedure, type_of):
            piles = f"{pile} of {procedure.piles} piles {'has' if pile == 1 else 'have'}"
            return _lose(state, f"The library ran out during set-up: {piles} a creature, and the game is lost.")
    return state


def refill(state: dict, pile: int, procedure: Procedure, type_of: TypeOf) -> dict:
    """A new state: pile `pile`'s creatures have all left, so all its cards go to the graveyard (bottom card
    first) and cards are revealed for it until a creature ends it, or the library runs out (a loss)."""
    state = copy_state(state)
    state["graveyard"].extend(state["piles"][pile])
    state["piles"][pile] = []
    if not _reveal_into(state, pile, procedure, type_of):
        return _lose(state, f"No card to reveal while refilling pile {pile + 1}: the game is lost.")
    return state


def copy_state(state: dict) -> dict:
    return {key: [list(p) for p in value] if key == "piles" else (list(value) if isinstance(value, list) else value)
            for key, value in state.items()}
