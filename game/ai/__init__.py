"""Agents, and the one way they are asked to decide.

An agent has ``choose(view) -> Action``. It is never handed the true game:
:func:`decide` gives it ``game.view_for(seat, seed)``, a copy built for its
seat, with a seed and dice of its own (a hidden-information game deals what
the seat cannot see again). The agent may search the view as it likes; the
action it returns must be one of the view's legal actions, which are the true
game's legal actions for that seat.

An agent that needs only the list of legal actions (random play) sets
``blind = True`` and gets just that list through ``choose_among``.
"""
from __future__ import annotations

import hashlib
import random
from typing import Any, Callable, Protocol

from game.core.actions import Action
from game.core.game import Game
from game.core.spec import load_object


class Agent(Protocol):
    name: str

    def choose(self, view: Game) -> Action: ...


class PerLayout:
    """An agent's facts derived from a game's static layout (its data and map),
    built once and rebuilt only when a game of another layout comes: call it with
    the game (or a view of it). ``build(game)`` makes the facts."""

    def __init__(self, build: Callable[[Game], Any]):
        self.build = build
        self._key: int | None = None
        self._value: Any = None

    def __call__(self, g: Game) -> Any:
        key = id(g.data)
        if key != self._key:
            self._value, self._key = self.build(g), key
        return self._value


def mix_seed(*parts: Any) -> int:
    """A seed from these parts that does not reveal them: an agent that knows its
    own seed cannot work out the game's seed (and so the game's dice) from it."""
    h = hashlib.sha256(repr(parts).encode()).digest()
    return int.from_bytes(h[:6], "big")


class ViewSeeds:
    """The seeds of the views a seat's agent is given, one per decision."""

    def __init__(self, view_seed: int):
        self._rng = random.Random(view_seed)

    def next_view_seed(self) -> int:
        return self._rng.randrange(1 << 40)


class Seat(ViewSeeds):
    """An agent in a seat, with the seeds of the views it is given."""

    def __init__(self, agent: Any, view_seed: int):
        super().__init__(view_seed)
        self.agent = agent
        self.blind = bool(getattr(agent, "blind", False))

    def decide(self, game: Game, seat: str) -> Action:
        if self.blind:
            return self.agent.choose_among(game.legal_actions())
        return decide(game, seat, self.agent, self.next_view_seed())


def decide(game: Game, seat: str, agent: Any, view_seed: int) -> Action:
    """Ask ``agent`` for ``seat``'s action in ``game``: it sees the seat's view only."""
    if getattr(agent, "blind", False):
        return agent.choose_among(game.legal_actions())
    view = game.view_for(seat, view_seed)
    try:
        return agent.choose(view)
    finally:
        view.close()


def ask(game: Game, agent: Any, view_seed: int = 0) -> Action:
    """The action ``agent`` chooses for the seat to move now (tests and tools)."""
    seat = game.to_move()
    if seat is None:
        raise ValueError(f"{game.game_id}: the game is over; nobody is to move")
    return decide(game, seat, agent, view_seed)


def require_view(view: Game) -> None:
    """Agents call this first: they are given a seat's view, never the game."""
    if view.viewer is None:
        raise ValueError(f"{view.game_id}: an agent was handed the game itself; agents get "
                         "game.view_for(seat, seed) through game.ai.decide")


def agent_class(name: str, game_id: str) -> type:
    """``name``: a level ("easy", "normal", "hard", each optionally with its own
    per-decision budget in seconds, "hard@0.5"; see :mod:`game.ai.levels`),
    "random", "heuristic" (the game's own agent, named in its spec), or an import
    path "package.module:Class" (test agents, experiments)."""
    if name == "random":
        from .random_agent import RandomAgent
        return RandomAgent
    if name == "heuristic":
        from game import rulesets
        spec = rulesets.spec(game_id)
        if not spec.agent:
            raise KeyError(f"no heuristic agent for {game_id!r}")
        return load_object(spec.agent)
    if ":" in name:
        try:
            return load_object(name)
        except (ImportError, AttributeError) as e:
            raise KeyError(f"no agent at {name!r}: {e}") from None
    from .levels import level_class
    cls = level_class(name, game_id)
    if cls is not None:
        return cls
    raise KeyError(f"unknown agent {name!r}; choose easy, normal, hard, random or heuristic")


def get_agent(name: str, game_id: str, seed: int = 0) -> Agent:
    """A new agent (see :func:`agent_class` for the names), seeded with ``seed``."""
    return agent_class(name, game_id)(seed)


AGENTS = ("easy", "normal", "hard", "random", "heuristic")
