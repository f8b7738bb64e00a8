"""One package per game. ``get(game_id)`` returns its Game class."""
from __future__ import annotations

import importlib
from typing import Any

from game.core.game import Game

# game id -> (module, class name, English title, original title, seats)
CATALOGUE: dict[str, dict[str, Any]] = {
    "nomonhan": {"module": "game.rulesets.nomonhan", "cls": "Nomonhan",
                 "title": "Battle of Nomonhan", "local": "ノモンハンの戦い", "year": "1939",
                 "seats": ("JP", "SOV"), "ready": True},
    "across_suez": {"module": "game.rulesets.across_suez", "cls": "AcrossSuez",
                    "title": "Across Suez", "local": "スエズを渡れ", "year": "1973",
                    "seats": ("ISR", "EGY"), "ready": True},
    "sino_japanese": {"title": "Sino-Japanese War", "local": "日清戰爭 旭日與斜陽", "year": "1894–95",
                      "seats": ("JP", "QING"), "ready": False},
    "yoshitsune": {"module": "game.rulesets.yoshitsune", "cls": "Yoshitsune",
                   "title": "Yoshitsune", "local": "義經", "year": "1180–85",
                   "seats": ("MINAMOTO", "TAIRA"), "ready": True},
    "central_plains": {"title": "Central Plains War", "local": "中原大戰", "year": "1930",
                       "seats": ("CHIANG", "YAN", "FENG", "LI", "WANG"), "ready": False},
}


def available() -> list[str]:
    return [k for k, v in CATALOGUE.items() if v.get("ready")]


def get(game_id: str) -> type[Game]:
    entry = CATALOGUE.get(game_id)
    if entry is None or not entry.get("ready"):
        ready = ", ".join(available())
        raise KeyError(f"unknown or unfinished game {game_id!r}; playable games: {ready}")
    return getattr(importlib.import_module(entry["module"]), entry["cls"])


def new_game(game_id: str, seed: int = 0, options: dict[str, Any] | None = None) -> Game:
    return get(game_id)(seed=seed, options=options)
