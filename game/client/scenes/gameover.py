"""Game over: winner, reason, score; replay, new game, title."""
from __future__ import annotations

import pygame

from ..i18n import _, tr
from ..input import Intent
from ..navigator import GAMEOVER, REPLAY, SEATS, TITLE, go, route
from ..session import Session
from ..widgets import ACCENT, DIM, TEXT, Menu, blit_center, fit_column, fit_text, panel
from .base import Scene, fit_scale
from ..i18n import _


@route(GAMEOVER)
class GameOverScene(Scene):
    name = "gameover"
    music = "music_menu"

    def __init__(self, app, session: Session, background: pygame.Surface | None = None, *,
                 from_replay: bool = False, original: Session | None = None):
        super().__init__(app)
        # after a replay, keep offering the original game's replay
        self.session = original if (from_replay and original is not None) else session
        if from_replay and original is not None and session is not original:
            session.close()
        self.bg = background
        self.result = self.session.game.result()
        self.menu = None
        self.place()
        self.played = False

    def place(self) -> None:
        size = self.app.size
        focus = self.menu.focus if self.menu is not None else 0
        self.menu = Menu(fit_column([(_("▶ Watch replay"), "replay"), (_("New game"), "new"), (_("Title"), "title")],
                                    size[0] // 2, size, top=350, bottom=80, w=360, h=60, gap=14, size=28), self._choose)
        self.menu.focus = focus

    def enter(self) -> None:
        super().enter()
        if not self.played:
            self.played = True
            ev = next((e for e in reversed(self.session.game.events) if e.kind == "GameOver"), None)
            if ev is not None:
                self.app.audio.event(ev, self.session.human_seats)

    def _choose(self, b) -> None:
        self.app.audio.play("click")
        if b.value == "replay":
            go(self.app, REPLAY, what=self.session, back=lambda: self.app.switch(self), taken_over=self.session.close)
        elif b.value == "new":
            gid, seats = self.session.game_id, self.session.seats
            self.session.close()
            go(self.app, SEATS, game_id=gid, seats=seats)
        else:
            self.session.close()
            go(self.app, TITLE)

    def handle(self, it: Intent) -> None:
        if it.name == "back":
            self._choose(type("B", (), {"value": "title"})())
            return
        self.menu.handle(it)

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        if self.bg is not None:
            if getattr(self, "_veiled", None) is None or self._veiled.get_size() != (w, h):
                self._veiled = pygame.transform.scale(self.bg, (w, h)) if self.bg.get_size() != (w, h) \
                    else self.bg.copy()
                veil = pygame.Surface((w, h), pygame.SRCALPHA)
                veil.fill((6, 8, 12, 190))
                self._veiled.blit(veil, (0, 0))         # the veiled board, made once
            surf.blit(self._veiled, (0, 0))
        else:
            surf.fill((16, 19, 26))
        k = fit_scale((w, h))
        q = lambda v: round(v * k)  # noqa: E731
        r = pygame.Rect(w // 2 - min(q(420), w // 2 - 16), q(60), min(q(840), w - 32), h - q(120))
        panel(surf, r, alpha=230)
        res = self.result
        seats_data = getattr(self.session.game, "data", {}).get("sides", {})
        if res is None:
            title, colour = _("Game over"), ACCENT
        elif res.winner is None:
            title, colour = _("DRAW"), ACCENT
        else:
            side = seats_data.get(res.winner, {})
            if not side:                    # a camp (中原大戰): its name from the spec
                from game import rulesets
                name = rulesets.spec(self.session.game_id).side_name(res.winner)
                side = {"name": name, "colour": ACCENT}
            title = _("{side} WINS").format(side=_(side.get('name', res.winner)).upper())
            colour = tuple(side.get("colour", ACCENT))
            colour = tuple(min(255, int(c * 1.25)) for c in colour)
        room = r.width - q(40)
        blit_center(surf, fit_text(self.assets, title, q(72), room, colour, bold=True, min_size=24), (w // 2, q(140)))
        if res is not None:
            blit_center(surf, fit_text(self.assets, tr(res.reason), q(28), room, TEXT), (w // 2, q(210)))
            score = "   ".join(f"{_(seats_data.get(s, {}).get('name', s))} {v}" for s, v in res.scores)
            blit_center(surf, fit_text(self.assets, score, q(40), room, ACCENT, bold=True), (w // 2, q(270)))
        if getattr(self, "_turns", None) is None:
            self._turns = sum(1 for e in self.session.game.events if e.kind == "TurnStarted")
        turns = self._turns
        blit_center(surf, self.assets.text(_("{n} decisions · {turns} turns").format(n=len(self.session.game.history),
                                                                                    turns=turns), q(20), DIM),
                    (w // 2, q(318)))
        self.menu.draw(surf, self.assets)
