"""What the client's shared screens need to know of each game, found through its spec.

A game's UI module (its spec's ``ui=``, "module:Class") keeps, beside its plugin class,
its :class:`ClientFacts` as ``CLIENT``: the palette's colours and glyphs for its sides,
the sprite names that show a side, its word for a turn, the rules reference's tables,
its tutorial. :func:`client_facts` finds them; nothing else in the client names a game.
This module imports no game and no pygame (the palette, the save list and the rules
reference ask it without importing the plugins' package).
"""
from __future__ import annotations

import importlib
from dataclasses import dataclass, field
from types import ModuleType

from game.core.spec import lookup

from .i18n import N_


@dataclass(frozen=True)
class ClientFacts:
    """What the client's shared screens need to know of one game. The game's UI module keeps
    it as ``CLIENT``; :func:`client_facts` finds it through the spec's ``ui=``.
    Nothing else in the client names a game."""
    #: identity (seat, commander) -> (the standard colour its counters are drawn in, the
    #: colour-blind palette's colour, its glyph): game/client/palette.py. Standard colours are
    #: the sprites' (tools/gen_sprites.py: the game's data)
    sides: dict[str, tuple[tuple, tuple, str]] = field(default_factory=dict)
    #: identity -> the colour-blind colour the UI uses for it where it is not its counters'
    #: (the panels' chips, prompts, banners)
    ui_colours: dict[str, tuple] = field(default_factory=dict)
    #: a group of pieces drawn in its own colour (a clan) -> (its colour-blind colour, its glyph)
    groups: dict[str, tuple[tuple, str]] = field(default_factory=dict)
    #: the sprites that show a side: (file-name pattern, identity (may use the pattern's
    #: groups, r"\1"), the badge's kind: "counter", "piece" or "marker"), first match wins
    sprites: tuple[tuple[str, str, str], ...] = ()
    #: the turn as the save list says it (a msgid with {turn})
    turn_word: str = N_("Turn {turn}")
    #: the decision at which the game shows cards to point at (the screenshot's "hover" scene)
    hover_decision: str = ""
    #: the rules reference's tables (game/client/rules_ref.py): "module:NAME" of a dict
    #: table name -> builder(game, data) -> Table; a reference file names them "<game id>.<name>"
    rules_tables: str = ""
    #: the guided tutorial on this game: its steps' file in games/rules/ (without ".json"), and
    #: the select screen's button for it (a msgid)
    tutorial: str = ""
    tutorial_label: str = ""


_FACTS: dict[str, ClientFacts] = {}
_NONE = ClientFacts()


def ui_path(game_id: str) -> str:
    """The game's spec's ``ui=`` ("" for none, or for no such game)."""
    import game.rulesets  # noqa: F401  (registers the games' specs)
    spec = lookup(game_id)
    return spec.ui if spec is not None else ""


def ui_module(game_id: str) -> ModuleType | None:
    """The module of the game's UI plugin (None: the game has none)."""
    path = ui_path(game_id)
    return importlib.import_module(path.partition(":")[0]) if path else None


def client_facts(game_id: str) -> ClientFacts:
    """What the client's shared screens need to know of ``game_id`` (its UI module's
    ``CLIENT``; the defaults for a game without one, or for no game)."""
    got = _FACTS.get(game_id)
    if got is None:
        mod = ui_module(game_id) if game_id else None
        got = _FACTS[game_id] = getattr(mod, "CLIENT", None) or _NONE
    return got


def tutorials() -> list[tuple[str, str]]:
    """(game id, tutorial name) of every game with a guided tutorial, in catalogue order."""
    from game import rulesets
    return [(s.id, f.tutorial) for s in rulesets.specs() if s.ready and (f := client_facts(s.id)).tutorial]


def tutorial_label() -> str:
    """The select screen's button for the tutorial it offers (the first of :func:`tutorials`),
    as its game's facts word it (a msgid: translate it)."""
    found = tutorials()
    return client_facts(found[0][0]).tutorial_label if found else ""


__all__ = ["ClientFacts", "client_facts", "tutorial_label", "tutorials", "ui_module", "ui_path"]
