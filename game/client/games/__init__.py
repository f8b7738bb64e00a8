"""Per-game UI plugins. ``plugin_for(game)`` returns the GameUI for a game;
games without their own plugin get the generic one (units from
public_state(), no special markers)."""
from __future__ import annotations

from .base import GameUI


def plugin_for(game, assets) -> GameUI:
    """The game's UI plugin, its side colours in the assets' palette (game.client.palette)."""
    ui = _plugin(game, assets)
    own = ui.side_colour
    gid = getattr(game, "game_id", "")
    ui.side_colour = lambda seat: assets.palette.side_colour(gid, seat, own(seat))
    return ui


def _plugin(game, assets) -> GameUI:
    if getattr(game, "game_id", "") == "nomonhan":
        from .nomonhan import NomonhanUI
        return NomonhanUI(game, assets)
    if getattr(game, "game_id", "") == "yoshitsune":
        from .yoshitsune import YoshitsuneUI
        return YoshitsuneUI(game, assets)
    if getattr(game, "game_id", "") == "sino_japanese":
        from .sino_japanese import SinoJapaneseUI
        return SinoJapaneseUI(game, assets)
    if getattr(game, "game_id", "") == "central_plains":
        from .central_plains import CentralPlainsUI
        return CentralPlainsUI(game, assets)
    if getattr(game, "game_id", "") == "across_suez":
        from .across_suez import AcrossSuezUI
        return AcrossSuezUI(game, assets)
    return GameUI(game, assets)
