"""Game select: a card per game in the catalogue, with a picture of its map.
Unfinished games are shown as "coming soon" and cannot be chosen."""
from __future__ import annotations

import pygame

from game import rulesets

from ..board_view import BoardView
from ..games import plugin_for
from ..input import Intent
from ..widgets import ACCENT, BORDER, DIM, FOCUS, PANEL, TEXT, Button, blit_center, fit_text
from .base import Scene, footer, hex_backdrop
from ..i18n import _

CARD_W, CARD_H = 232, 430


def map_thumbnail(app, game_id: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The board of a playable game drawn small (cached on the app)."""
    key = (game_id, size)
    cache = app.cache.setdefault("thumbs", {})
    if key in cache:
        return cache[key]
    surf = None
    try:
        g = rulesets.new_game(game_id, 0)
        try:
            ui = plugin_for(g, app.assets)
            surf = pygame.Surface(size, pygame.SRCALPHA)
            view = BoardView(g.board, app.assets, surf.get_rect(), decorate=ui.decorate_static)
            view.picture = True             # the map and the pieces only (GameUI.thumbnail)
            view.draw_static(surf)
            ui.draw(surf, view, 0.0)
        finally:
            g.close()
    except Exception:
        surf = None
    cache[key] = surf
    return surf


class SelectScene(Scene):
    music = "music_menu"
    name = "select"

    def __init__(self, app):
        super().__init__(app)
        self.ids = [s.id for s in rulesets.specs()]
        ready = rulesets.available()
        self.focus = self.ids.index(ready[0]) if ready else 0
        w = app.size[0]
        total = len(self.ids) * CARD_W + (len(self.ids) - 1) * 16
        x0 = (w - total) // 2
        self.cards = [pygame.Rect(x0 + i * (CARD_W + 16), 140, CARD_W, CARD_H) for i in range(len(self.ids))]
        self.back = Button(_("◀ Back"), pygame.Rect(40, app.size[1] - 100, 180, 56), "back", size=24)
        self.hover = None

    def ready(self, i: int) -> bool:
        return rulesets.spec(self.ids[i]).ready

    def choose(self, i: int) -> None:
        if not self.ready(i):
            self.app.audio.play("error")
            self.app.toast(_("Coming soon: that game is not playable yet"))
            return
        self.app.audio.play("click")
        from .seats import SeatsScene
        self.app.switch(SeatsScene(self.app, self.ids[i]))

    def go_back(self) -> None:
        self.app.audio.play("click")
        from .title import TitleScene
        self.app.switch(TitleScene(self.app))

    def handle(self, it: Intent) -> None:
        if it.name == "back":
            self.go_back()
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
            for i, r in enumerate(self.cards):
                if r.collidepoint(it.pos):
                    self.focus = i
                    self.choose(i)

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        blit_center(surf, self.assets.text(_("CHOOSE A BATTLE"), 56, ACCENT, bold=True), (w // 2, 70))
        for i, (gid, r) in enumerate(zip(self.ids, self.cards)):
            entry = rulesets.spec(gid)
            ready = self.ready(i)
            focused = i == self.focus
            rr = r.move(0, -10) if focused else r
            pygame.draw.rect(surf, (0, 0, 0), rr.move(0, 6), border_radius=16)
            pygame.draw.rect(surf, PANEL if ready else (30, 32, 38), rr, border_radius=16)
            pygame.draw.rect(surf, FOCUS if focused else BORDER, rr, 5 if focused else 3, border_radius=16)
            pic = pygame.Rect(rr.x + 12, rr.y + 12, rr.width - 24, 190)
            thumb = map_thumbnail(self.app, gid, pic.size) if ready else None
            pygame.draw.rect(surf, (20, 24, 30), pic, border_radius=8)
            if thumb is not None:
                surf.blit(thumb, pic)
            else:
                blit_center(surf, self.assets.text("?", 90, (60, 66, 80), bold=True), pic.center)
            y = pic.bottom + 18
            col = TEXT if ready else DIM
            t = fit_text(self.assets, entry.title, 26, rr.width - 20, col, bold=True)
            blit_center(surf, t, (rr.centerx, y + 14))
            loc = fit_text(self.assets, entry.local if entry.local != entry.title else "", 30, rr.width - 20, ACCENT if ready else DIM, bold=True)
            blit_center(surf, loc, (rr.centerx, y + 58))
            blit_center(surf, self.assets.text(entry.year, 24, col), (rr.centerx, y + 100))
            seats = " · ".join(entry.seats)
            blit_center(surf, fit_text(self.assets, seats, 16, rr.width - 20, DIM), (rr.centerx, y + 134))
            if not ready:
                tag = pygame.Rect(0, 0, rr.width - 30, 46)
                tag.center = (rr.centerx, pic.centery)
                pygame.draw.rect(surf, (120, 40, 36), tag, border_radius=10)
                blit_center(surf, self.assets.text(_("COMING SOON"), 24, TEXT, bold=True), tag.center)
            else:
                blit_center(surf, self.assets.text(_("PLAY ▶"), 26, ACCENT if focused else TEXT, bold=True),
                            (rr.centerx, rr.bottom - 30))
        self.back.draw(surf, self.assets)
        footer(surf, self.assets, _("←/→ choose    Enter / A / click: play    Esc / B: back"))
