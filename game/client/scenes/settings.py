"""The Settings scene, from the title (S, the pad's Y, the menu): the settings panel
(game/client/settings_panel.py) over the menus' backdrop; Esc / B goes back."""
from __future__ import annotations

import pygame

from ..input import Intent
from ..navigator import SETTINGS, TITLE, go, route
from ..settings_panel import SettingsPanel
from .base import Scene, hex_backdrop


@route(SETTINGS)
class SettingsScene(Scene):
    """The settings from the title screen; Esc / B goes back to it."""

    music = "music_menu"
    name = "settings"

    def __init__(self, app, back=None):
        super().__init__(app)
        self.panel = SettingsPanel(app)
        self.back = back                    # a callable that makes the scene to go back to

    def handle(self, it: Intent) -> None:
        self.panel.handle(it)
        if self.panel.done:
            if self.back is not None:
                self.app.switch(self.back())
            else:
                go(self.app, TITLE)

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        self.panel.draw(surf, self.assets)
