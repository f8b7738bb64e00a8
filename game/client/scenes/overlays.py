"""Modal overlays on the board: pause menu, load list, help / rules."""
from __future__ import annotations

from pathlib import Path

import pygame

from ..input import Intent
from ..session import list_saves
from ..widgets import ACCENT, BAD, DIM, TEXT, Button, Menu, blit_center, column, fit_column, fit_text, panel
from .base import fit_scale
from ..i18n import N_, _

CONTROLS = [
    (N_("Click / A / Enter"), N_("select a unit, then a lit hex (move, attack, retreat, advance)")),
    (N_("Space / X"), N_("main button: end movement, resolve attacks, stop advancing")),
    (N_("Arrows / D-pad / stick"), N_("move the hex cursor      Shift+arrows / right stick: pan")),
    (N_("F / Y"), N_("focus the buttons and cards, then Enter / A")),
    (N_("Tab / LB RB"), N_("cycle your units that can act")),
    (N_("Wheel / PgUp PgDn / LT RT"), N_("zoom      right or middle drag: pan")),
    (N_("Z / L3"), N_("enemy zone-of-control overlay")),
    ("E", N_("explain: the AI's last decision and its best alternatives, lit on the map (toggle)")),
    ("I", N_("hint: what the normal AI would do in your place, shown the same way")),
    (N_("U / Ctrl+Z"), N_("undo (back to the last dice roll)")),
    (N_("Ctrl+S / Ctrl+L"), N_("save / load")),
    ("M, + / -", N_("mute, volume")),
    (N_("F11 / Alt+Enter"), N_("fullscreen")),
    (N_("Esc / Start / B"), N_("menu, back, cancel")),
    (N_("F1 / Back"), N_("this help")),
]


class Overlay:
    done = False

    def handle(self, it: Intent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def draw(self, surf: pygame.Surface, assets) -> None:
        pass


def _dim(surf: pygame.Surface, alpha: int = 170) -> None:
    veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    veil.fill((6, 8, 12, alpha))
    surf.blit(veil, (0, 0))


class HelpOverlay(Overlay):
    def __init__(self, rules: list[str] | None = None, title: str = N_("Controls")):
        self.rules = rules or []
        self.title = title

    def handle(self, it: Intent) -> None:
        if it.name in ("back", "help", "confirm", "press", "menu", "any", "context", "click_cursor"):
            self.done = True

    def draw(self, surf: pygame.Surface, assets) -> None:
        _dim(surf)
        w, h = surf.get_size()
        r = pygame.Rect(60, 30, w - 120, h - 60)
        panel(surf, r, alpha=245)
        surf.blit(assets.text(_(self.title), 36, ACCENT, bold=True), (r.x + 28, r.y + 18))
        y = r.y + 74
        compact = y + 30 * len(CONTROLS) + 46 + 22 * len(self.rules) > r.bottom - 40
        if compact:                 # long rules: the controls in two columns, smaller
            half = (len(CONTROLS) + 1) // 2
            col_w = (r.width - 56) // 2
            for i, (key, what) in enumerate(CONTROLS):
                x = r.x + 28 + (i // half) * col_w
                yy = y + (i % half) * 24
                surf.blit(fit_text(assets, _(key), 16, 210, ACCENT, bold=True), (x, yy))
                surf.blit(fit_text(assets, _(what), 16, col_w - 230, TEXT), (x + 220, yy))
            y += half * 24
        else:
            for key, what in CONTROLS:
                surf.blit(fit_text(assets, _(key), 20, 250, ACCENT, bold=True), (r.x + 28, y))
                surf.blit(fit_text(assets, _(what), 20, r.right - r.x - 320, TEXT), (r.x + 290, y))
                y += 30
        if self.rules:
            x = r.x + 28
            y += 10
            surf.blit(assets.text(_("Rules in brief"), 26, ACCENT, bold=True), (x, y))
            y += 36
            # two columns if needed
            for line in self.rules:
                surf.blit(assets.text(line, 17, TEXT), (x, y))
                y += 22
        blit_center(surf, assets.text(_("Esc / any key: close"), 18, DIM), (r.centerx, r.bottom - 20))


class LoadOverlay(Overlay):
    """Pick a save. Errors (damaged saves) are shown here; nothing is written."""

    def __init__(self, scene, on_load):
        self.scene = scene
        self.on_load = on_load
        self.error = ""
        self.saves = list_saves(8)
        w, _h = scene.app.size
        labels = [(p.name, p) for p in self.saves] + [(_("◀ Back"), None)]
        self.menu = Menu(column(labels, w // 2, 150, w=640, h=52, gap=10, size=22), self._choose)

    def _choose(self, b: Button) -> None:
        if b.value is None:
            self.done = True
            return
        err = self.on_load(Path(b.value))
        if err:
            self.error = err
            self.scene.app.audio.play("error")
        else:
            self.done = True

    def handle(self, it: Intent) -> None:
        if it.name == "back":
            self.done = True
            return
        self.menu.handle(it)

    def draw(self, surf: pygame.Surface, assets) -> None:
        _dim(surf)
        w, h = surf.get_size()
        panel(surf, pygame.Rect(w // 2 - 360, 60, 720, h - 120), alpha=245)
        blit_center(surf, assets.text(_("Load a saved game"), 36, ACCENT, bold=True), (w // 2, 105))
        if not self.saves:
            blit_center(surf, assets.text(_("No saves yet"), 24, DIM), (w // 2, 250))
        self.menu.draw(surf, assets)
        if self.error:
            blit_center(surf, assets.text(self.error, 18, BAD, wrap=660), (w // 2, h - 110))


class PauseOverlay(Overlay):
    def __init__(self, scene):
        self.scene = scene
        self.app = scene.app
        self.sub: Overlay | None = None
        self.message = ""
        self._build()

    def _build(self) -> None:
        w, _h = self.app.size
        s = self.scene.session
        vol = "muted" if self.app.settings["muted"] else f"{int(round(self.app.settings['volume'] * 100))}%"
        items = [(_("Resume"), "resume"), (_("Save game"), "save"), (_("Load game"), "load"),
                 (_("Undo"), "undo"), (_("Rules & controls"), "help"), (_("Volume: {vol}  (←/→)").format(vol=vol), "volume"),
                 (_("Unmute") if self.app.settings["muted"] else _("Mute"), "mute"), (_("Quit to title"), "quit")]
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
            self.message = _("Saved: {name}").format(name=p.name) if p else self.scene.session.save_error
        elif v == "load":
            self.sub = LoadOverlay(self.scene, self.scene.load_from)
        elif v == "undo":
            if self.scene.undo():
                self.done = True
        elif v == "help":
            self.sub = HelpOverlay(self.scene.ui.rules_text(), _("Rules & controls"))
        elif v == "volume":
            vol = app.settings["volume"]
            app.audio.set_volume(0.0 if vol >= 0.99 else min(1.0, vol + 0.1))
            app.audio.play("click")
        elif v == "mute":
            app.audio.toggle_mute()
        elif v == "quit":
            self.done = True
            self.scene.quit_to_title()
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
        _dim(surf)
        w, h = surf.get_size()
        k = fit_scale((w, h))
        panel(surf, pygame.Rect(w // 2 - round(270 * k), round(40 * k), round(540 * k), h - round(80 * k)), alpha=245)
        blit_center(surf, assets.text(_("PAUSED"), round(44 * k), ACCENT, bold=True), (w // 2, round(88 * k)))
        self.menu.draw(surf, assets)
        if self.message:
            blit_center(surf, assets.text(self.message, 18, TEXT, wrap=500), (w // 2, h - 70))
        if self.sub is not None:
            self.sub.draw(surf, assets)
