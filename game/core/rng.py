"""The one seeded source of chance in a game. Every draw is reported."""
from __future__ import annotations

import random
from typing import Callable, Sequence


class Dice:
    """Seeded dice. ``on_roll`` is called with (purpose, values) for every roll,
    so the owning game can log each roll as an event."""

    __slots__ = ("_r", "on_roll")

    def __init__(self, seed: int, on_roll: Callable[[str, tuple[int, ...]], None] | None = None):
        self._r = random.Random(seed)
        self.on_roll = on_roll

    def roll(self, n: int = 1, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        r = self._r.randrange
        values = tuple(r(1, sides + 1) for _ in range(n))
        if self.on_roll is not None:
            self.on_roll(purpose, values)
        return values

    def shuffle(self, items: Sequence, purpose: str = "") -> list:
        out = list(items)
        self._r.shuffle(out)
        if self.on_roll is not None:
            self.on_roll(purpose or "shuffle", ())
        return out

    def getstate(self):
        return self._r.getstate()

    def setstate(self, state) -> None:
        self._r.setstate(state)
