"""Helpers for the rules tests."""
from __future__ import annotations

from game.core.rng import Dice


class LoadedDice(Dice):
    """Dice that show preset faces, in order (each roll still logged as an event)."""

    def __init__(self, faces, on_roll):
        super().__init__(0, on_roll)
        self.faces = list(faces)

    def roll(self, n=1, sides=6, purpose=""):
        if len(self.faces) < n:
            raise AssertionError(f"test dice ran out: wanted {n} for {purpose!r}")
        values, self.faces = tuple(self.faces[:n]), self.faces[n:]
        if self.on_roll:
            self.on_roll(purpose, values)
        return values


def load(game, *faces):
    """Make ``game`` roll ``faces`` next."""
    game.dice = LoadedDice(faces, game._on_roll)
    return game


def kinds(events):
    return [e.kind for e in events]
