"""Actions and pending decisions.

Every change of state is an :class:`Action`: a frozen dataclass chosen from
``game.legal_actions()`` for the seat that must decide now. Each ruleset
declares its action types with :func:`action`, which gives them a stable
``kind`` name used in saves.
"""
from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any, ClassVar

_REGISTRY: dict[str, type["Action"]] = {}


@dataclass(frozen=True, slots=True)
class Action:
    kind: ClassVar[str] = "action"
    #: a side giving up (a concession): legal like any other action, but random play
    #: (the random agent, random walks in tools and tests) never picks it unless it is
    #: the only one, so random games are played out (see :func:`playable`)
    resigns: ClassVar[bool] = False

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"kind": self.kind}
        for f in fields(self):
            v = getattr(self, f.name)
            out[f.name] = list(v) if isinstance(v, tuple) else v
        return out

    def label(self) -> str:
        """Short human text (menus, logs)."""
        args = ", ".join(str(getattr(self, f.name)) for f in fields(self))
        return f"{self.kind}({args})" if args else self.kind


def playable(legal: list[Action]) -> list[Action]:
    """The legal actions random play chooses among: all but resignations (unless
    nothing else is legal)."""
    rest = [a for a in legal if not a.resigns]
    return rest if rest and len(rest) < len(legal) else legal


def action(kind: str):
    """Class decorator: register an action type under ``kind`` (unique across games)."""

    def wrap(cls: type[Action]) -> type[Action]:
        if kind in _REGISTRY and _REGISTRY[kind] is not cls:
            raise ValueError(f"action kind {kind!r} registered twice")
        cls.kind = kind
        _REGISTRY[kind] = cls
        return cls

    return wrap


_SCALARS = (str, int, float, bool, type(None))


def short_repr(value: Any, limit: int = 60) -> str:
    """``repr(value)`` cut to ``limit`` characters: an error message stays one short line."""
    r = repr(value)
    return r if len(r) <= limit else r[:limit - 1] + "…"


def _field_value(kind: str, name: str, v: Any, depth: int = 0) -> Any:
    """A saved field value as the action holds it: scalars as they are, lists as
    tuples (hashable, like the listed actions); anything else is a damaged save."""
    if isinstance(v, _SCALARS):
        return v
    if isinstance(v, list) and depth < 4:
        return tuple(_field_value(kind, name, x, depth + 1) for x in v)
    what = "nested too deeply" if isinstance(v, list) else f"a {type(v).__name__} is not a field value"
    raise ValueError(f"action {kind!r} field {name!r}: {what}")


def action_from_json(data: dict[str, Any]) -> Action:
    """Rebuild an action from its saved form. Raises ValueError with the reason."""
    if not isinstance(data, dict) or not isinstance(data.get("kind"), str):
        raise ValueError(f"not an action: {short_repr(data)}")
    cls = _REGISTRY.get(data["kind"])
    if cls is None:
        raise ValueError(f"unknown action kind {short_repr(data['kind'])}")
    kwargs = {}
    for f in fields(cls):
        if f.name not in data:
            raise ValueError(f"action {data['kind']!r} lacks field {f.name!r}")
        kwargs[f.name] = _field_value(data["kind"], f.name, data[f.name])
    extra = set(data) - {f.name for f in fields(cls)} - {"kind"}
    if extra:
        raise ValueError(f"action {data['kind']!r} has unknown fields {sorted(extra)}")
    return cls(**kwargs)


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must decide what now. ``kind`` names the decision (e.g. "move",
    "declare", "loss", "retreat", "advance"); ``prompt`` is for people."""

    seat: str
    kind: str
    prompt: str
    context: tuple[tuple[str, Any], ...] = ()

    def get(self, key: str, default: Any = None) -> Any:
        for k, v in self.context:
            if k == key:
                return v
        return default
