"""The one shuffle of Balance of Power, specified on docs/balance-of-power/index.md#the-shuffle and
implemented again, bit for bit, in docs/assets/js/play/solo-engine.js.

mulberry32 (a 32-bit generator small enough to write identically in any language) drives a Fisher-Yates
shuffle: for i from the last position down to 1, j = floor(next() * (i + 1) / 2**32) and positions i and j
swap. Every product stays below 2**53, so JavaScript's doubles compute the same j as Python's integers."""

from __future__ import annotations

from collections.abc import Iterator

MASK = 0xFFFFFFFF
SEED_MAX = MASK


def mulberry32(seed: int) -> Iterator[int]:
    """Unsigned 32-bit numbers; the same sequence as the JavaScript function of the same name."""
    state = seed & MASK
    while True:
        state = (state + 0x6D2B79F5) & MASK
        t = ((state ^ (state >> 15)) * (state | 1)) & MASK
        t = ((t + (((t ^ (t >> 7)) * (t | 61)) & MASK)) & MASK) ^ t
        yield (t ^ (t >> 14)) & MASK


def shuffled(items: list, seed: int) -> list:
    """A new list: `items` in the order the seed gives (the first item is the top of the library)."""
    if not 0 <= seed <= SEED_MAX:
        raise ValueError(f"a seed is a whole number from 0 to {SEED_MAX}, not {seed}")
    order = list(items)
    numbers = mulberry32(seed)
    for i in range(len(order) - 1, 0, -1):
        j = (next(numbers) * (i + 1)) >> 32
        order[i], order[j] = order[j], order[i]
    return order
