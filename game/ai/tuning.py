"""Hard's own weights: the heuristic's evaluation constants, tuned by self-play.

Every heuristic (``game/ai/<id>.py``, its spec's ``agent``) keeps the weights of
its evaluation and of its choices as module constants (``W_BASE = 30.0`` ...),
and names the ones a tuning may change in ``TUNABLE``. Normal plays them as
written. Hard plays with a set tuned for it by ``tools/tune_ai.py`` (matches of
the heuristic with a candidate set against the heuristic as written), kept in
the same module as ``TUNED`` with the figures that chose it: its lead candidate,
its playouts and its leaf evaluation all read the tuned values. A set may be for
both sides (``weights``) or for one (``sides``): a weight that helps one side's
play can hurt the other's, and the two are tuned apart.

:func:`overlay` puts a set in place for the length of a ``with`` block (one
decision) and restores the written values after it, so agents of both kinds can
share a process (a match, the kiosk). It changes module globals: a process decides
one thing at a time (the AI worker serves its requests in turn), never two at once
on threads. Only the names listed in the module's ``TUNABLE``
are ever changed: weights read when a choice is made, never ones folded into a
cache or a default argument.
"""
from __future__ import annotations

import importlib
from contextlib import contextmanager
from typing import Any, Iterator


def _spec(game_id: str) -> Any:
    from game import rulesets
    return rulesets.spec(game_id)


def _module_of(path: str) -> Any:
    return importlib.import_module(path.partition(":")[0])


def heuristic_module(game_id: str) -> Any:
    """The game's heuristic's module (its spec's ``agent``): its weights, ``TUNABLE`` and ``TUNED``."""
    spec = _spec(game_id)
    if not spec.agent:
        raise KeyError(f"{game_id!r} has no heuristic agent")
    return _module_of(spec.agent)


def tunable(game_id: str) -> tuple[str, ...]:
    """The constants of the game's heuristic a tuning may change (its module's ``TUNABLE``)."""
    names = getattr(heuristic_module(game_id), "TUNABLE", None)
    if not names:
        raise KeyError(f"{game_id!r} has no tunable weights")
    return tuple(names)


def tunable_games() -> list[str]:
    """The games whose heuristic lists tunable weights, in catalogue order."""
    from game import rulesets
    return [s.id for s in rulesets.specs() if s.ready and s.agent
            and getattr(_module_of(s.agent), "TUNABLE", None)]


def tuned_set(game_id: str) -> dict[str, Any]:
    """The game's tuned set as its heuristic's module keeps it (``TUNED``: ``weights``,
    ``sides``, ``why``, ``measured``; {} where none was kept)."""
    return getattr(heuristic_module(game_id), "TUNED", None) or {}


_checked: dict[Any, Any] = {}       # (game, side) -> its checked set; "from": the sets they came from


def tuned(game_id: str, side: str | None = None) -> dict[str, Any]:
    """The weights hard plays in ``game_id`` on ``side`` (only those that differ from the
    written ones): the set's ``weights`` for both sides, updated by its ``sides[side]``;
    {} where none were tuned."""
    entry = tuned_set(game_id)
    key = (game_id, side)
    got = _checked.get(key)
    if got is None or got[0] is not entry:      # checked once, not at every decision
        w = dict(entry.get("weights") or {})
        if side is not None:
            w.update((entry.get("sides") or {}).get(side) or {})
        check(game_id, w)
        got = _checked[key] = (entry, w)
    return dict(got[1])


def written(game_id: str) -> dict[str, Any]:
    """The weights as the heuristic's module writes them (the tunable ones)."""
    mod = heuristic_module(game_id)
    return {k: _copy(getattr(mod, k)) for k in tunable(game_id)}


def check(game_id: str, weights: dict[str, Any]) -> None:
    if not weights:
        return
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
    mods = [heuristic_module(game_id)]
    adapter = _spec(game_id).adapter
    if adapter:
        mods.append(_module_of(adapter))
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


__all__ = ["check", "heuristic_module", "overlay", "tunable", "tunable_games", "tuned", "tuned_heuristic",
           "tuned_set", "written"]
