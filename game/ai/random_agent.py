"""Chooses uniformly among the legal actions, from its own seeded RNG. It needs
nothing but the list of legal actions, so it is ``blind``: :func:`game.ai.decide`
hands it that list and no copy of the game. It never resigns (a concession is a
legal action but not a random one: :func:`game.core.actions.playable`)."""
from __future__ import annotations

import random
from typing import Sequence

from game.core.actions import Action, playable
from game.core.game import Game


class RandomAgent:
    name = "random"
    blind = True

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose_among(self, legal: Sequence[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action: the game is over")
        legal = playable(list(legal))
        return legal[self.rng.randrange(len(legal))]

    def choose(self, view: Game) -> Action:
        return self.choose_among(view.legal_actions())
