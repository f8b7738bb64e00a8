"""The one seeded source of chance in a game. Every draw is reported."""
from __future__ import annotations

import random
from typing import Callable, Sequence


class Dice:
    """Seeded dice. ``on_roll`` is called with (purpose, values) for every roll,
    so the owning game can log each roll as an event."""

    __slots__ = ("_r", "on_roll", "_state")

    def __init__(self, seed: int, on_roll: Callable[[str, tuple[int, ...]], None] | None = None):
        self._r = random.Random(seed)
        self.on_roll = on_roll
        self._state = None          # getstate() of the generator, kept until the next draw

    def copy(self, on_roll: Callable[[str, tuple[int, ...]], None] | None = None) -> "Dice":
        """Dice in the same state, reporting to ``on_roll`` (cheaper than seeding new dice)."""
        d = Dice.__new__(Dice)
        d._r = random.Random.__new__(random.Random)
        d._state = self.getstate()
        d._r.setstate(d._state)
        d.on_roll = on_roll
        return d

    def roll(self, n: int = 1, sides: int = 6, purpose: str = "") -> tuple[int, ...]:
        self._state = None
        r = self._r.randrange
        values = tuple(r(1, sides + 1) for _ in range(n))
        if self.on_roll is not None:
            self.on_roll(purpose, values)
        return values

    def shuffle(self, items: Sequence, purpose: str = "") -> list:
        out = list(items)
        self._state = None
        self._r.shuffle(out)
        if self.on_roll is not None:
            self.on_roll(purpose or "shuffle", ())
        return out

    def getstate(self):
        if self._state is None:
            self._state = self._r.getstate()
        return self._state

    def setstate(self, state) -> None:
        self._r.setstate(state)
        self._state = state

    def forget(self) -> None:
        """Drop the kept state (benchmarks measure the cost of taking it)."""
        self._state = None
