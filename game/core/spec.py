"""What each game declares about itself, once: its spec.

A ruleset package (``game/rulesets/<id>/__init__.py``) builds one
:class:`GameSpec` and passes it to :func:`register`. The spec names the rules
class, the heuristic agent, the AI levels' adapter and the client's UI plugin by
*module path* ("package.module:Class"), so the kernel never imports a layer above
it: the catalogue (``game.rulesets``), saves, the agent lookup (``game.ai``), the
levels (``game.ai.adapter``, ``game.ai.tuning``) and the client (its plugin and
everything per game it shows: ``game.client.games``) all read the spec and import
what it names. Nothing outside a game's own modules names the game.

Options are declared here too, each with a type and, where it is limited, the
values it may take; :meth:`GameSpec.check_options` refuses anything else with
one line that names the game, the option and the problem.
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from typing import Any

from .errors import OptionError


@dataclass(frozen=True)
class Option:
    """One game option. ``default`` None means "the data sheet's value"."""
    name: str
    type: type | tuple[type, ...]
    default: Any = None
    help: str = ""
    choices: tuple[Any, ...] = ()

    def check(self, game_id: str, value: Any) -> Any:
        if value is None and self.default is None:
            return None
        types = self.type if isinstance(self.type, tuple) else (self.type,)
        # a bool is an int to Python; an int option must not take True
        ok = isinstance(value, types) and not (isinstance(value, bool) and bool not in types)
        if not ok:
            names = " or ".join(t.__name__ for t in types)
            raise OptionError(f"{game_id}: option {self.name!r} must be {names}, not {value!r}")
        if self.choices and value not in self.choices:
            allowed = ", ".join(map(repr, self.choices))
            raise OptionError(f"{game_id}: option {self.name!r} = {value!r} is not allowed (choose {allowed})")
        return value


@dataclass(frozen=True)
class GameSpec:
    id: str
    title: str                      # English
    local: str                      # the original script
    year: str
    rules: str = ""                 # "game.rulesets.nomonhan.rules:Nomonhan"
    agent: str = ""                 # the heuristic agent, "module:Class" (its module keeps the tunable weights)
    adapter: str = ""               # what the AI levels need to know of the game, "module:NAME" (game.ai.adapter)
    ui: str = ""                    # the client plugin, "module:Class" (its module keeps the client's facts)
    observation: str = ""           # the TypedDict of what a seat sees, "module:Name"
    options: tuple[Option, ...] = ()
    seats: tuple[str, ...] = ()     # the seats with the default options
    side_names: tuple[tuple[str, str], ...] = ()   # side or camp -> its name for people
    hidden_information: bool = False
    blurb: str = ""                 # one line of history (title cards, the select screen)
    ready: bool = True              # False: shown as "coming", cannot be started
    order: int = 100                # place in the catalogue (the select screen, the demo)
    extra: dict[str, Any] = field(default_factory=dict)

    def option(self, name: str) -> Option | None:
        for o in self.options:
            if o.name == name:
                return o
        return None

    def check_options(self, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in; an unknown option or a wrong value
        raises OptionError (one line)."""
        if options is not None and not isinstance(options, dict):
            raise OptionError(f"{self.id}: options must be a mapping, not {type(options).__name__}")
        given = dict(options or {})
        unknown = sorted(set(given) - {o.name for o in self.options})
        if unknown:
            known = ", ".join(o.name for o in self.options) or "none"
            raise OptionError(f"{self.id}: unknown option {unknown[0]!r} (options: {known})")
        out: dict[str, Any] = {}
        for o in self.options:
            if o.name in given:
                out[o.name] = o.check(self.id, given[o.name])
            elif o.default is not None:
                out[o.name] = o.default
        return out

    def game_class(self) -> type:
        if not self.ready or not self.rules:
            raise KeyError(f"{self.id} is not playable yet")
        return load_object(self.rules)

    def side_name(self, side: str | None) -> str:
        for s, n in self.side_names:
            if s == side:
                return n
        return side or "nobody"


_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    old = _SPECS.get(spec.id)
    if old is not None and old != spec:
        raise ValueError(f"game {spec.id!r} registered twice with different specs")
    _SPECS[spec.id] = spec
    return spec


def lookup(game_id: str) -> GameSpec | None:
    return _SPECS.get(game_id)


def registered() -> dict[str, GameSpec]:
    return dict(_SPECS)


def load_object(path: str) -> Any:
    """Import "package.module:Name" and return Name."""
    mod, _, name = path.partition(":")
    if not mod or not name:
        raise ValueError(f"not a 'module:Name' path: {path!r}")
    return getattr(importlib.import_module(mod), name)
