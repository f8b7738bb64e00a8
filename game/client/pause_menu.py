"""The pause menu over the board (Esc, the pad's Start): resume, save, load, undo, the
rules and controls (game/client/rules_ref.py), the volume, the settings
(game/client/settings_panel.py) and quit to the title. Loading and quitting are the
board scene's (``scene.open_load()``, ``scene.quit_to_title()``)."""
from __future__ import annotations

import pygame

from .dialogs import Overlay, dim
from .i18n import _
from .input import Intent
from .rules_ref import RulesOverlay
from .settings_panel import SettingsPanel
from .widgets import ACCENT, TEXT, Button, Menu, blit_center, fit_column, fit_scale, panel


class PauseOverlay(Overlay):
    """The board's in-game menu (Esc, the pad's Start); ``scene``: the board scene."""

    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.sub: Overlay | None = None
        self.message = ""
        self._build()

    def relayout(self, size) -> None:
        self._build()
        if self.sub is not None and hasattr(self.sub, "relayout"):
            self.sub.relayout(size)

    def _build(self) -> None:
        w, _h = self.app.size
        s = self.scene.session
        vol = "muted" if self.app.settings["muted"] else f"{int(round(self.app.settings['volume'] * 100))}%"
        items = [(_("Resume"), "resume"), (_("Save game"), "save"), (_("Load game"), "load"),
                 (_("Undo"), "undo"), (_("Rules & controls"), "help"), (_("Volume: {vol}  (←/→)").format(vol=vol), "volume"),
                 (_("Settings"), "settings"), (_("Quit to title"), "quit")]
        buttons = fit_column(items, w // 2, self.app.size, top=130, bottom=90, w=440, h=56, gap=12, size=26)
        for b in buttons:
            if b.value == "undo":
                b.enabled = s.can_undo()
            if b.value in ("save",) and s.replay is not None:
                b.enabled = False
        focus = getattr(self, "menu", None).focus if getattr(self, "menu", None) else 0
        self.menu = Menu(buttons, self._choose)
        self.menu.focus = focus

    def _choose(self, b: Button) -> None:
        app = self.app
        app.audio.play("click")
        v = b.value
        if v == "resume":
            self.done = True
        elif v == "save":
            p = self.scene.save()
            self.message = _("Saved: {name}").format(name=p.name) if p else _("Could not save: {why}").format(
                why=self.scene.session.save_error)
        elif v == "load":
            self.done = True
            self.scene.open_load()
            return
        elif v == "undo":
            if self.scene.undo():
                self.done = True
        elif v == "help":
            self.sub = RulesOverlay(self.scene.game, self.scene.ui)
        elif v == "volume":
            vol = app.settings["volume"]
            app.audio.set_volume(0.0 if vol >= 0.99 else min(1.0, vol + 0.1))
            app.audio.play("click")
        elif v == "mute":
            app.audio.toggle_mute()
        elif v == "settings":
            self.sub = SettingsPanel(app)
        elif v == "quit":
            self.done = True
            self.scene.quit_to_title()
            return
        self._build()

    def handle(self, it: Intent) -> None:
        if self.sub is not None:
            self.sub.handle(it)
            if self.sub.done:
                self.sub = None
                if getattr(self.scene, "_replaced", False):
                    self.done = True
                self._build()
            return
        if it.name in ("back", "menu"):
            self.done = True
            return
        b = self.menu.buttons[self.menu.focus]
        if it.name == "cursor" and it.dx and b.value == "volume":
            self.app.audio.change_volume(0.1 * it.dx)
            self.app.audio.play("click")
            self._build()
            return
        self.menu.handle(it)

    def draw(self, surf: pygame.Surface, assets) -> None:
        dim(surf)
        w, h = surf.get_size()
        k = fit_scale((w, h))
        panel(surf, pygame.Rect(w // 2 - round(270 * k), round(40 * k), round(540 * k), h - round(80 * k)), alpha=245)
        blit_center(surf, assets.text(_("PAUSED"), round(44 * k), ACCENT, bold=True), (w // 2, round(88 * k)))
        self.menu.draw(surf, assets)
        if self.message:
            blit_center(surf, assets.text(self.message, 18, TEXT, wrap=500), (w // 2, h - 70))
        if self.sub is not None:
            self.sub.draw(surf, assets)
