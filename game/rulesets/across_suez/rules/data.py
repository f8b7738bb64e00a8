"""Across Suez's sides and its data sheet (game/rulesets/across_suez/data.json)."""
from __future__ import annotations

from typing import Any

from game.core.data import load_json
from game.paths import ROOT

SIDES = ("ISR", "EGY")
DATA_PATH = ROOT / "game" / "rulesets" / "across_suez" / "data.json"


def other(side: str) -> str:
    return "EGY" if side == "ISR" else "ISR"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)
