"""Per-game UI plugins, found through the games' specs.

``plugin_for(game)`` returns the game's GameUI (its spec's ``ui=``, "module:Class");
games without one get the generic plugin (units from public_state(), no special
markers). ``client_facts(game_id)`` gives what the client's shared screens need to know
of a game (its palette, its rules reference's tables, its word for a turn ...): the
``CLIENT`` of the module its spec's ``ui=`` names. Nothing else in the client names a game.
"""
from __future__ import annotations

import importlib
from types import ModuleType

from game.core.spec import load_object, lookup

from .base import ClientFacts, GameUI

_FACTS: dict[str, ClientFacts] = {}
_NONE = ClientFacts()


def plugin_for(game, assets) -> GameUI:
    """The game's UI plugin, its side colours in the assets' palette (game.client.palette)."""
    ui = _plugin(game, assets)
    own = ui.side_colour
    gid = getattr(game, "game_id", "")
    ui.side_colour = lambda seat: assets.palette.side_colour(gid, seat, own(seat))
    return ui


def _ui_path(game_id: str) -> str:
    import game.rulesets  # noqa: F401  (registers the games' specs)
    spec = lookup(game_id)
    return spec.ui if spec is not None else ""


def _plugin(game, assets) -> GameUI:
    path = _ui_path(getattr(game, "game_id", ""))
    return load_object(path)(game, assets) if path else GameUI(game, assets)


def ui_module(game_id: str) -> ModuleType | None:
    """The module of the game's UI plugin (None: the game has none)."""
    path = _ui_path(game_id)
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


__all__ = ["ClientFacts", "GameUI", "client_facts", "plugin_for", "tutorial_label", "tutorials", "ui_module"]
