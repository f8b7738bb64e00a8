"""Hard's own weights: the heuristic's evaluation constants, tuned by self-play.

Every heuristic (``game/ai/<id>.py``) keeps the weights of its evaluation and of
its choices as module constants (``W_BASE = 30.0`` ...). Normal plays them as
written. Hard plays with a set tuned for it by ``tools/tune_ai.py`` (matches of
the heuristic with a candidate set against the heuristic as written), kept in
``game/ai/tuned.json`` with the figures that chose it: its lead candidate, its
playouts and its leaf evaluation all read the tuned values. A set may be for
both sides (``weights``) or for one (``sides``): a weight that helps one side's
play can hurt the other's, and the two are tuned apart.

:func:`overlay` puts a set in place for the length of a ``with`` block (one
decision) and restores the written values after it, so agents of both kinds can
share a process (a match, the kiosk). It changes module globals: a process decides
one thing at a time (the AI worker serves its requests in turn), never two at once
on threads. Only the names listed in :data:`TUNABLE`
are ever changed: weights read when a choice is made, never ones folded into a
cache or a default argument.
"""
from __future__ import annotations

import importlib
import json
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

#: the heuristic's module of each game, and the constants a tuning may change
TUNABLE: dict[str, tuple[str, tuple[str, ...]]] = {
    "nomonhan": ("game.ai.nomonhan", (
        "W_POINT", "W_TANK_ALIVE", "W_TANK_STEP", "W_ART", "W_ART_DIST", "W_EXCHANGE", "W_HILL",
        "W_THREAT", "W_LATER", "W_TRAP")),
    "across_suez": ("game.ai.across_suez", (
        "W_GUARD", "W_LOC_ZOC", "W_LOC_NEAR", "W_ATTACK", "W_END", "W_CROSS", "K_DIST", "W_EXPEL",
        "W_GUARD_FP", "W_CROSS_FP", "W_ESCORT", "W_GUARD2")),
    "sino_japanese": ("game.ai.sino_japanese", (
        "K_DIST", "W_TAKE", "W_CAPTURE", "W_PYONGYANG", "W_FLEET", "W_LAST_BASE", "W_FIRST_BASE",
        "W_SUPPLY", "W_DANGER", "W_SIEGE", "CLAIMED", "W_KILL", "SHANDONG_EARLY", "SHIP_COST",
        "LAND_COST", "DECLARE_MIN", "MOVE_MIN", "AMMO_VALUE")),
    "yoshitsune": ("game.ai.yoshitsune", (
        "W_BASE", "W_BASE3", "W_AREA", "W_RET", "W_FIRE", "W_GEN", "W_LEADER", "W_SUDDEN", "W_DIST",
        "W_COURT")),
    "central_plains": ("game.ai.central_plains", (
        "W_HQ_RISK", "W_PRESS", "W_DIST", "W_CONTACT", "W_TROOP", "W_PIECE", "DISCARD_WEIGHT")),
}

TUNED_FILE = Path(__file__).with_name("tuned.json")
_loaded: dict[str, dict[str, Any]] | None = None
_checked: dict[Any, Any] = {}       # (game, side) -> its checked set; "from": the sets they came from


def tuned(game_id: str, side: str | None = None) -> dict[str, Any]:
    """The weights hard plays in ``game_id`` on ``side`` (only those that differ from the
    written ones): the entry's ``weights`` for both sides, updated by its ``sides[side]``;
    {} where none were tuned."""
    global _loaded
    if _loaded is None:
        _loaded = json.loads(TUNED_FILE.read_text(encoding="utf-8")) if TUNED_FILE.exists() else {}
    if _checked.get("from") is not _loaded:       # the file's sets were (re)loaded
        _checked.clear()
        _checked["from"] = _loaded
    key = (game_id, side)
    w = _checked.get(key)
    if w is None:                   # checked once, not at every decision
        entry = _loaded.get(game_id) or {}
        w = dict(entry.get("weights") or {})
        if side is not None:
            w.update((entry.get("sides") or {}).get(side) or {})
        check(game_id, w)
        _checked[key] = w
    return dict(w)


def written(game_id: str) -> dict[str, Any]:
    """The weights as the heuristic's module writes them (the tunable ones)."""
    mod_name, names = TUNABLE[game_id]
    mod = importlib.import_module(mod_name)
    return {k: _copy(getattr(mod, k)) for k in names}


def check(game_id: str, weights: dict[str, Any]) -> None:
    if not weights:
        return
    if game_id not in TUNABLE:
        raise KeyError(f"{game_id!r} has no tunable weights")
    base = written(game_id)
    for k, v in weights.items():
        if k not in base:
            raise KeyError(f"{game_id}: {k} is not a tunable weight ({', '.join(base)})")
        if isinstance(base[k], dict) != isinstance(v, dict) or (isinstance(v, dict) and set(v) != set(base[k])):
            raise ValueError(f"{game_id}: {k} must have the shape of {base[k]!r}, not {v!r}")


def _copy(v: Any) -> Any:
    return dict(v) if isinstance(v, dict) else v


def _modules(game_id: str) -> list[Any]:
    """The heuristic's module, and the adapter's where it imported a weight by value."""
    mod_name, _ = TUNABLE[game_id]
    mods = [importlib.import_module(mod_name)]
    try:
        mods.append(importlib.import_module(f"game.ai.adapters.{game_id}"))
    except ImportError:
        pass
    return mods


@contextmanager
def overlay(game_id: str, weights: dict[str, Any]) -> Iterator[None]:
    """``weights`` in place of the written values while the block runs."""
    if not weights:
        yield
        return
    saved: list[tuple[Any, str, Any]] = []
    try:
        for mod in _modules(game_id):
            for k, v in weights.items():
                if hasattr(mod, k):
                    saved.append((mod, k, getattr(mod, k)))
                    setattr(mod, k, _copy(v))
        yield
    finally:
        for mod, k, v in reversed(saved):
            setattr(mod, k, v)


def tuned_heuristic(game_id: str, weights: dict[str, Any], base: type) -> type:
    """``base`` (the game's heuristic agent) playing ``weights``."""
    check(game_id, weights)
    frozen = {k: _copy(v) for k, v in weights.items()}

    def choose(self, game):
        with overlay(game_id, frozen):
            return base.choose(self, game)

    return type(f"Tuned{base.__name__}", (base,), {"choose": choose, "weights": frozen,
                                                    "__module__": __name__})


__all__ = ["TUNABLE", "check", "overlay", "tuned", "tuned_heuristic", "written"]
