"""Per-game UI plugins, found through the games' specs.

``plugin_for(game)`` returns the game's GameUI (its spec's ``ui=``, "module:Class");
games without one get the generic plugin (units from public_state(), no special
markers). What the shared screens need to know of a game besides its plugin (its
palette, its rules reference's tables, its word for a turn ...) is the ``CLIENT`` of
the same module: game/client/facts.py. Nothing else in the client names a game.
"""
from __future__ import annotations

from game.core.spec import load_object

from ..facts import ClientFacts, client_facts, ui_path
from .base import GameUI


def plugin_for(game, assets) -> GameUI:
    """The game's UI plugin, its side colours in the assets' palette (game.client.palette)."""
    ui = _plugin(game, assets)
    own = ui.side_colour
    gid = getattr(game, "game_id", "")
    ui.side_colour = lambda seat: assets.palette.side_colour(gid, seat, own(seat))
    return ui


def _plugin(game, assets) -> GameUI:
    path = ui_path(getattr(game, "game_id", ""))
    return load_object(path)(game, assets) if path else GameUI(game, assets)


__all__ = ["ClientFacts", "GameUI", "client_facts", "plugin_for"]
