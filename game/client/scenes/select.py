"""Game select: a card per game in the catalogue, with a picture of its map.
Unfinished games are shown as "coming soon" and cannot be chosen."""
from __future__ import annotations

import pygame

from game import rulesets

from ..facts import tutorial_label
from ..games import plugin_for
from ..i18n import _
from ..input import Intent
from ..navigator import SEATS, SELECT, TITLE, TUTORIAL, go, route
from ..thumbnails import map_thumbnail
from ..widgets import ACCENT, BORDER, DIM, FOCUS, PANEL, TEXT, Button, blit_center, fit_text
from .base import Scene, fit_scale, footer, hex_backdrop
from ..i18n import _

CARD_W, CARD_H = 232, 430


@route(SELECT)
class SelectScene(Scene):
    music = "music_menu"
    name = "select"

    def __init__(self, app):
        super().__init__(app)
        self.ids = [s.id for s in rulesets.specs()]
        ready = rulesets.available()
        self.focus = self.ids.index(ready[0]) if ready else 0
        self.hover = None
        self.rules = None           # F1: the focused game's rules reference, over the cards
        self._rules_game = None
        self.place()

    def place(self) -> None:
        w, h = self.app.size
        s = self.s = fit_scale((w, h))
        n = len(self.ids)
        gap = round(16 * s)
        cw = min(round(CARD_W * s), (w - 2 * gap - (n - 1) * gap) // n)
        top = round(140 * s)
        ch = min(round(CARD_H * s), h - top - round(100 * s))
        x0 = (w - (n * cw + (n - 1) * gap)) // 2
        self.cards = [pygame.Rect(x0 + i * (cw + gap), top, cw, ch) for i in range(n)]
        bh = round(56 * s)
        self.back = Button(_("◀ Back"), pygame.Rect(round(40 * s), h - bh - round(44 * s), round(180 * s), bh), "back",
                           size=round(24 * s))
        tw = min(round(340 * s), w // 3)
        self.tutorial = Button(_(tutorial_label()), pygame.Rect(w - round(40 * s) - tw, h - bh - round(44 * s), tw, bh),
                               "tutorial", hint="T / Y", size=round(22 * s))

    def open_rules(self) -> None:
        """F1 / H / pad Back: read the focused game's rules before playing it."""
        if not self.ready(self.focus):
            self.app.audio.play("error")
            return
        from ..rules_ref import RulesOverlay
        g = rulesets.new_game(self.ids[self.focus], 0)
        self._rules_game = g
        self.rules = RulesOverlay(g, plugin_for(g, self.app.assets))
        self.app.audio.play("click")

    def _close_rules(self) -> None:
        self.rules = None
        if self._rules_game is not None:
            self._rules_game.close()
            self._rules_game = None

    def ready(self, i: int) -> bool:
        return rulesets.spec(self.ids[i]).ready

    def choose(self, i: int) -> None:
        if not self.ready(i):
            self.app.audio.play("error")
            self.app.toast(_("Coming soon: that game is not playable yet"))
            return
        self.app.audio.play("click")
        go(self.app, SEATS, game_id=self.ids[i])

    def start_tutorial(self) -> None:
        """The guided first turn (game/client/tutorial.py)."""
        self.app.audio.play("click")
        go(self.app, TUTORIAL)

    def go_back(self) -> None:
        self.app.audio.play("click")
        go(self.app, TITLE)

    def handle(self, it: Intent) -> None:
        if self.rules is not None:
            self.rules.handle(it)
            if self.rules.done:
                self._close_rules()
            return
        if it.name == "back":
            self.go_back()
        elif it.name == "help":
            self.open_rules()
        elif (it.name == "panel" and it.source == "pad") or it.name == "threat" or \
                (it.name == "any" and it.char.lower() == "t"):                  # Y, T (the threat key on a board)
            self.start_tutorial()
        elif it.name == "cursor" and it.dx:
            self.focus = (self.focus + it.dx) % len(self.ids)
            self.app.audio.play("click")
        elif it.name == "cycle":
            self.focus = (self.focus + it.dx) % len(self.ids)
        elif it.name in ("confirm", "click_cursor", "context"):
            self.choose(self.focus)
        elif it.name == "point" and it.pos:
            self.hover = None
            for i, r in enumerate(self.cards):
                if r.collidepoint(it.pos):
                    self.hover = self.focus = i
        elif it.name == "press" and it.button == 1 and it.pos:
            if self.back.hit(it.pos):
                self.go_back()
                return
            if self.tutorial.hit(it.pos):
                self.start_tutorial()
                return
            for i, r in enumerate(self.cards):
                if r.collidepoint(it.pos):
                    self.focus = i
                    self.choose(i)

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        s = self.s
        blit_center(surf, self.assets.text(_("CHOOSE A BATTLE"), round(56 * s), ACCENT, bold=True), (w // 2, round(70 * s)))
        for i, (gid, r) in enumerate(zip(self.ids, self.cards)):
            entry = rulesets.spec(gid)
            ready = self.ready(i)
            focused = i == self.focus
            k = min(r.width / CARD_W, r.height / CARD_H)      # the card's own scale
            q = lambda v: round(v * k)  # noqa: E731
            rr = r.move(0, -q(10)) if focused else r
            pygame.draw.rect(surf, (0, 0, 0), rr.move(0, q(6)), border_radius=q(16))
            pygame.draw.rect(surf, PANEL if ready else (30, 32, 38), rr, border_radius=q(16))
            pygame.draw.rect(surf, FOCUS if focused else BORDER, rr, 5 if focused else 3, border_radius=q(16))
            pic = pygame.Rect(rr.x + q(12), rr.y + q(12), rr.width - 2 * q(12), q(190))
            thumb = map_thumbnail(self.app, gid, pic.size) if ready else None
            pygame.draw.rect(surf, (20, 24, 30), pic, border_radius=8)
            if thumb is not None:
                surf.blit(thumb, pic)
            else:
                blit_center(surf, self.assets.text("?", 90, (60, 66, 80), bold=True), pic.center)
            y = pic.bottom + q(18)
            col = TEXT if ready else DIM
            t = fit_text(self.assets, entry.title, q(26), rr.width - q(20), col, bold=True)
            blit_center(surf, t, (rr.centerx, y + q(14)))
            loc = fit_text(self.assets, entry.local if entry.local != entry.title else "", q(30), rr.width - q(20),
                           ACCENT if ready else DIM, bold=True)
            blit_center(surf, loc, (rr.centerx, y + q(58)))
            blit_center(surf, self.assets.text(entry.year, q(24), col), (rr.centerx, y + q(100)))
            seats = " · ".join(entry.seats)
            blit_center(surf, fit_text(self.assets, seats, max(13, q(16)), rr.width - q(20), DIM, min_size=13),
                        (rr.centerx, y + q(134)))
            if not ready:
                tag = pygame.Rect(0, 0, rr.width - q(30), q(46))
                tag.center = (rr.centerx, pic.centery)
                pygame.draw.rect(surf, (120, 40, 36), tag, border_radius=q(10))
                blit_center(surf, self.assets.text(_("COMING SOON"), q(24), TEXT, bold=True), tag.center)
            else:
                blit_center(surf, self.assets.text(_("PLAY ▶"), q(26), ACCENT if focused else TEXT, bold=True),
                            (rr.centerx, rr.bottom - q(30)))
        self.back.draw(surf, self.assets)
        self.tutorial.draw(surf, self.assets)
        footer(surf, self.assets, _("←/→ choose    Enter / A / click: play    F1: rules    T / Y: tutorial    Esc / B: back"))
        if self.rules is not None:
            self.rules.draw(surf, self.assets)
