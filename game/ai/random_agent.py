"""Chooses uniformly among the legal actions, from its own seeded RNG."""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.game import Game


class RandomAgent:
    name = "random"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Game) -> Action:
        legal = game.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        return legal[self.rng.randrange(len(legal))]
