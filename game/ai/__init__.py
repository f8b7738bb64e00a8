"""Agents. Every agent has ``choose(game) -> Action`` for the seat to move.

Agents read the game through ``game.view_for(seat)``: a perfect-information
game shows itself; a hidden-information game gives a determinized copy that
agrees with the seat's observation, so an agent cannot see hidden cards.
"""
from __future__ import annotations

from typing import Protocol

from game.core.actions import Action
from game.core.game import Game


class Agent(Protocol):
    name: str

    def choose(self, game: Game) -> Action: ...


def get_agent(name: str, game_id: str, seed: int = 0) -> Agent:
    """``name``: "random" or "heuristic"."""
    from .random_agent import RandomAgent
    if name == "random":
        return RandomAgent(seed)
    if name == "heuristic":
        if game_id == "nomonhan":
            from .nomonhan import NomonhanAgent
            return NomonhanAgent(seed)
        if game_id == "yoshitsune":
            from .yoshitsune import YoshitsuneAgent
            return YoshitsuneAgent(seed)
        if game_id == "across_suez":
            from .across_suez import AcrossSuezAgent
            return AcrossSuezAgent(seed)
        raise KeyError(f"no heuristic agent for {game_id!r}")
    raise KeyError(f"unknown agent {name!r}; choose random or heuristic")


AGENTS = ("random", "heuristic")
