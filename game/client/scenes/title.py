"""Title: the name, menu music and the menu: Continue (the last unfinished game, with a
picture of its board, its turn, date and seats) when there is one, New game, Load game,
Replays (R), Settings (S), Quit (which asks). Idle for 120 s starts the demo."""
from __future__ import annotations

import pygame

from game import rulesets

from ..dialogs import Confirm
from ..gameflow import continue_game
from ..i18n import _
from ..input import Intent
from ..navigator import REPLAYS, SAVES, SELECT, SETTINGS, TITLE, go, route
from ..savelist import seats_line, turn_line, when_line
from ..session import last_unfinished
from ..thumbnails import draw_thumbnail
from ..widgets import ACCENT, BAD, DIM, TEXT, Menu, blit_center, column, fit_text, panel
from .base import Scene, footer, hex_backdrop

IDLE_DEMO_SECONDS = 120.0


def band_rect(h: int) -> tuple[int, int]:
    """The title band's top and height for a window ``h`` pixels high."""
    return int(h * 0.06), int(h * 0.28)


@route(TITLE)
class TitleScene(Scene):
    music = "music_menu"
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.idle = 0.0
        self.modal = None
        self.last = last_unfinished()           # what Continue brings back (None: no such game)
        self.place()

    def place(self) -> None:
        w, h = self.app.size
        items = ([(_("▶ Continue"), "continue")] if self.last is not None else []) + [
            (_("New game"), "new"), (_("Load game"), "load"), (_("Replays"), "replays"), (_("Settings"), "settings"), (_("Quit"), "quit")]
        bh = max(44, min(58, h // 13))
        band_top, band_h = band_rect(h)
        top = band_top + band_h + int(h * (0.08 if self.last is not None else 0.12))
        top = min(top, h - 50 - len(items) * (bh + 10))
        x = w // 2 if self.last is None else int(w * 0.27)
        focus = self.menu.focus if getattr(self, "menu", None) else 0
        self.menu = Menu(column(items, x, top, w=min(380, w // 3), h=bh, gap=10, size=26), self._choose)
        self.menu.focus = focus
        self.card = pygame.Rect(int(w * 0.47), top - 6, int(w * 0.47), len(items) * (bh + 10) + 2) \
            if self.last is not None else None

    def choose(self, value: str) -> None:
        """What the menu's items do (tests call it too)."""
        self.app.audio.play("click")
        if value == "continue" and self.last is not None:
            err = continue_game(self.app, self.last)
            if err:
                self.app.audio.play("error")
                self.app.toast(err, BAD, ttl=8.0)
                self.last = last_unfinished()
                self.place()
        elif value == "new":
            go(self.app, SELECT)
        elif value == "load":
            go(self.app, SAVES)
        elif value == "replays":
            go(self.app, REPLAYS)
        elif value == "settings":
            go(self.app, SETTINGS)
        elif value == "quit":
            self.ask_quit_title()

    def _choose(self, b) -> None:
        self.choose(b.value)

    def replays_button(self) -> pygame.Rect:
        """The menu's Replays item (R on the keys)."""
        return next(b.rect for b in self.menu.buttons if b.value == "replays")

    def ask_quit_title(self) -> None:
        self.modal = Confirm(self.app, _("Quit Sandtable?"),
                             [_("Every game is saved: Continue or Load brings it back next time.")],
                             [(_("Quit"), "quit"), (_("Stay"), None)],
                             lambda v: self.app.quit() if v == "quit" else None, default=0, cancel=None)

    def handle(self, it: Intent) -> None:
        if it.name in ("point", "drag", "release", "pad_added", "pad_removed", "confirm_up"):
            if it.name == "point":
                self.idle = 0.0
                if self.modal is None:
                    self.menu.handle(it)
                elif hasattr(self.modal, "handle"):
                    self.modal.handle(it)
            return
        self.idle = 0.0
        if self.handle_modal(it):
            return
        if it.name == "back":
            if self.app.kiosk is not None:
                self.app.back_to_attract()      # a kiosk's title never quits
            else:
                self.ask_quit_title()
            return
        if it.name == "press" and it.button == 1 and it.pos and self.card is not None \
                and self.card.collidepoint(it.pos):
            self.choose("continue")
            return
        if it.name == "any" and (it.char or "").lower() == "r":
            self.choose("replays")              # R: the replays
            return
        if ((it.name == "any" and (it.char or "").lower() == "s") or (it.name == "panel" and it.source == "pad")) \
                and not self.app.locked:                                # S, the pad's Y
            self.choose("settings")             # S: the settings
            return
        if it.name == "context":
            it = Intent("confirm")
        self.menu.handle(it)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.modal is not None:
            self.modal.update(dt)
        self.idle += dt
        if self.idle >= IDLE_DEMO_SECONDS and self.app.mode == "play" and self.modal is None:
            self.idle = 0.0
            self.app.start_demo(from_play=True)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        hex_backdrop(surf, self.time)
        top, band_h = band_rect(h)
        band = pygame.Surface((w, band_h), pygame.SRCALPHA)
        band.fill((8, 10, 14, 200))
        surf.blit(band, (0, top))
        pygame.draw.rect(surf, ACCENT, (0, top, w, 6))
        pygame.draw.rect(surf, ACCENT, (0, top + band_h - 6, w, 6))
        big = max(56, min(120, int(band_h * 0.5)))
        blit_center(surf, self.assets.text(_("SANDTABLE"), big, ACCENT, bold=True), (w // 2, top + band_h * 0.40))
        blit_center(surf, fit_text(self.assets, _("Historical board wargames on one screen  ·  歴史ウォーゲーム"),
                                   26, w - 40, TEXT), (w // 2, top + band_h * 0.80))
        self.menu.draw(surf, self.assets)
        if self.card is not None:
            self._draw_continue(surf, self.card)
        esc = _("Esc: back to the demo") if self.app.kiosk is not None else _("Esc: quit")
        footer(surf, self.assets, _("↑/↓ choose    Enter / A / click: go    S / Y: settings    F11: fullscreen    M: mute    {esc}")
               .format(esc=esc))
        if self.modal is not None:
            self.modal.draw(surf, self.assets)

    def _draw_continue(self, surf, r: pygame.Rect) -> None:
        """The card of the game Continue brings back."""
        info = self.last
        focused = self.menu.buttons[self.menu.focus].value == "continue"
        panel(surf, r, colour=(26, 30, 40), border=ACCENT if focused else (96, 108, 132), alpha=235,
              width=4 if focused else 2)
        ph = r.height - 52
        pic = pygame.Rect(r.x + 12, r.y + 12, min(ph * 16 // 9, r.width // 2), ph)
        pic.height = min(ph, pic.width * 9 // 16)
        draw_thumbnail(surf, self.app, info, pic)
        x = pic.right + 14
        tw = r.right - x - 12
        y = r.y + 10
        try:
            spec = rulesets.spec(info.game_id)
            names = (spec.title, spec.local if spec.local != spec.title else "")
        except KeyError:
            names = (info.game_id, "")
        for text, size, colour, bold in ((names[0], 24, TEXT, True), (names[1], 22, ACCENT, True),
                                         (turn_line(info), 20, TEXT, False), (when_line(info), 18, DIM, False)):
            if not text:
                continue
            img = fit_text(self.assets, text, size, tw, colour, bold=bold)
            surf.blit(img, (x, y))
            y += img.get_height() + 6
        seats = self.assets.text(seats_line(info), 17, DIM, wrap=r.width - 24)
        sy = max(pic.bottom, y) + 4
        if sy + seats.get_height() <= r.bottom - 4:
            surf.blit(seats, (r.x + 12, sy))
