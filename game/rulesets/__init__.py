"""The catalogue: one package per game, each declaring its spec once.

Every subpackage of ``game.rulesets`` registers a :class:`~game.core.spec.GameSpec`
in its ``__init__.py`` (id, titles, options, and its rules, agent and UI
classes by module path). This module finds them all; nothing else keeps a
list of games. ``get(game_id)`` returns the rules class of a playable game.
"""
from __future__ import annotations

import importlib
import pkgutil
from typing import Any

from game.core.game import Game
from game.core.spec import GameSpec, lookup, registered


def _discover() -> None:
    for m in pkgutil.iter_modules(__path__):
        if m.ispkg:
            importlib.import_module(f"{__name__}.{m.name}")


_discover()


def specs() -> list[GameSpec]:
    """Every game's spec, in catalogue order (playable or not)."""
    return sorted(registered().values(), key=lambda s: (s.order, s.id))


def spec(game_id: str) -> GameSpec:
    s = lookup(game_id)
    if s is None:
        raise KeyError(f"unknown game {game_id!r}; games: {', '.join(x.id for x in specs())}")
    return s


def available() -> list[str]:
    return [s.id for s in specs() if s.ready]


def get(game_id: str) -> type[Game]:
    s = lookup(game_id)
    if s is None or not s.ready:
        ready = ", ".join(available())
        raise KeyError(f"unknown or unfinished game {game_id!r}; playable games: {ready}")
    return s.game_class()


def new_game(game_id: str, seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    return get(game_id)(seed=seed, options=options)
