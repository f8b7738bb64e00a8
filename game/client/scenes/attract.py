"""The attract loop on screen: the title card of each game, the end-of-game
summary, a short pause after a fault, the "press to play" prompt, and the
presenter through which :class:`game.client.kiosk.Attract` drives them (and
the demo board)."""
from __future__ import annotations

import pygame

from game import rulesets

from ..widgets import ACCENT, BAD, BORDER, DIM, TEXT, blit_center, fit_text, panel
from .base import Scene, footer, hex_backdrop
from .select import map_thumbnail

THUMB = (600, 430)


def side_rows(game) -> list[tuple[str, tuple[int, int, int]]]:
    """(name, colour) of each seat of ``game``, from its data where it has them."""
    spec = rulesets.spec(game.game_id)
    sides = getattr(game, "data", {}).get("sides", {}) if isinstance(getattr(game, "data", None), dict) else {}
    out = []
    for seat in game.seats:
        d = sides.get(seat, {}) if isinstance(sides, dict) else {}
        name = d.get("name") or spec.side_name(seat)
        colour = tuple(d.get("colour", (200, 200, 200)))[:3]
        out.append((name, colour))
    return out


def progress(surf: pygame.Surface, frac: float, colour=ACCENT) -> None:
    """A thin bar along the bottom edge: how long until the next screen."""
    w, h = surf.get_size()
    pygame.draw.rect(surf, (40, 44, 56), (0, h - 6, w, 6))
    pygame.draw.rect(surf, colour, (0, h - 6, int(w * max(0.0, min(1.0, frac))), 6))


class AttractScene(Scene):
    """A screen of the attract loop (input goes to the app, not here)."""
    demo = True
    music = "music_menu"

    def hints(self, surf: pygame.Surface) -> None:
        text = self.app.demo_hints()
        if text:
            w, h = surf.get_size()
            band = pygame.Surface((w, 52), pygame.SRCALPHA)
            band.fill((8, 10, 14, 235))
            surf.blit(band, (0, h - 52))
            footer(surf, self.assets, text)


class TitleCardScene(AttractScene):
    """The game about to be played: its names, year, one line of history, its map."""
    name = "title_card"

    def __init__(self, app, run, attract):
        super().__init__(app)
        self.run = run
        self.spec = run.spec
        self.sides = side_rows(run.game)
        self.number = run.number
        self.attract = attract

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        pic = pygame.Rect(56, 96, *THUMB)
        panel(surf, pic.inflate(24, 24), colour=(14, 16, 22), border=ACCENT, radius=14, width=4, alpha=235)
        thumb = map_thumbnail(self.app, self.spec.id, pic.size)
        if thumb is not None:
            surf.blit(thumb, pic)
        else:
            blit_center(surf, self.assets.text("?", 120, (60, 66, 80), bold=True), pic.center)
        x0, x1 = pic.right + 44, w - 48
        tw = x1 - x0
        lines = self._lines(tw)
        height = sum(img.get_height() + gap for img, gap in lines) + 20 + self._sides_height(tw)
        band = pygame.Surface((tw + 40, height + 40), pygame.SRCALPHA)
        band.fill((8, 10, 14, 200))
        top = max(40, pic.centery - (height + 40) // 2)
        surf.blit(band, (x0 - 20, top))
        y = top + 20
        for img, gap in lines:
            surf.blit(img, (x0, y))
            y += img.get_height() + gap
        self._draw_sides(surf, x0, y, tw)
        c = self.attract.config.card_seconds
        progress(surf, self.attract.t / c if c else 1.0)
        self.hints(surf)


    def _lines(self, tw: int) -> list:
        """The card's text, top to bottom: (image, gap after it)."""
        a, sp = self.assets, self.spec
        out = [(a.text("NOW PLAYING  ·  AI AGAINST AI", 20, DIM, bold=True), 12),
               (fit_text(a, sp.title, 50, tw, TEXT, bold=True), 2)]
        if sp.local and sp.local != sp.title:
            out.append((fit_text(a, sp.local, 54, tw, ACCENT, bold=True), 4))
        out.append((a.text(sp.year, 40, ACCENT), 14))
        rule = pygame.Surface((80, 4))
        rule.fill(ACCENT)
        out.append((rule, 18))
        if sp.blurb:
            out.append((a.text(sp.blurb, 26, TEXT, wrap=tw), 22))
        return out

    def _side_chips(self) -> list:
        """Each side as a coloured chip and its name, with "vs" between two sides."""
        out = []
        for i, (name, colour) in enumerate(self.sides):
            if i and len(self.sides) == 2:
                out.append((None, self.assets.text("vs", 24, DIM)))
            out.append((colour, self.assets.text(name, 28, TEXT, bold=True)))
        return out

    def _flow(self, tw: int) -> list[list]:
        rows, row, width = [], [], 0
        for colour, img in self._side_chips():
            need = img.get_width() + (24 if colour is not None else 0) + 22
            if row and width + need > tw:
                rows.append(row)
                row, width = [], 0
            row.append((colour, img))
            width += need
        if row:
            rows.append(row)
        return rows

    def _sides_height(self, tw: int) -> int:
        return 42 * len(self._flow(tw))

    def _draw_sides(self, surf, x0: int, y: int, tw: int) -> None:
        for row in self._flow(tw):
            x = x0
            for colour, img in row:
                if colour is not None:
                    pygame.draw.rect(surf, colour, (x, y + 6, 14, 26), border_radius=4)
                    x += 24
                surf.blit(img, (x, y + (0 if colour is not None else 4)))
                x += img.get_width() + 22
            y += 42


class SummaryScene(AttractScene):
    """The end of a demo game: who won, why, in how many turns, and what comes next."""
    name = "summary"

    def __init__(self, app, summary, background: pygame.Surface | None, attract):
        super().__init__(app)
        self.summary = summary
        self.bg = background
        self.attract = attract
        self._veiled = None
        self.colour = ACCENT

    def set_colour(self, colour) -> None:
        self.colour = tuple(min(255, int(c * 1.25)) for c in colour[:3])

    def draw(self, surf: pygame.Surface) -> None:
        w, h = surf.get_size()
        if self.bg is not None:
            if self._veiled is None:
                self._veiled = pygame.transform.scale(self.bg, (w, h)) if self.bg.get_size() != (w, h) \
                    else self.bg.copy()
                veil = pygame.Surface((w, h), pygame.SRCALPHA)
                veil.fill((6, 8, 12, 200))
                self._veiled.blit(veil, (0, 0))
            surf.blit(self._veiled, (0, 0))
        else:
            hex_backdrop(surf, self.time)
        s = self.summary
        r = pygame.Rect(w // 2 - 430, 86, 860, 470)
        panel(surf, r, colour=(14, 16, 22), border=self.colour, alpha=235, width=4)
        y = r.y + 30
        title = f"{s.title}  ·  {s.local}" if s.local and s.local != s.title else s.title
        blit_center(surf, fit_text(self.assets, title, 30, r.width - 60, DIM, bold=True), (r.centerx, y))
        y += 70
        blit_center(surf, fit_text(self.assets, s.headline, 76, r.width - 60, self.colour, bold=True), (r.centerx, y))
        y += 70
        if s.reason:
            img = self.assets.text(s.reason, 30, TEXT, wrap=r.width - 80)
            blit_center(surf, img, (r.centerx, y + img.get_height() // 2))
            y += img.get_height() + 26
        blit_center(surf, self.assets.text(s.line, 30, ACCENT, bold=True), (r.centerx, y + 14))
        y += 56
        if s.scores:
            score = "    ".join(f"{name} {v}" for name, v in s.scores)
            blit_center(surf, fit_text(self.assets, score, 26, r.width - 60, TEXT), (r.centerx, y + 12))
            y += 44
        if s.next_title:
            pygame.draw.line(surf, BORDER, (r.x + 60, r.bottom - 70), (r.right - 60, r.bottom - 70), 2)
            blit_center(surf, fit_text(self.assets, f"Next: {s.next_title}", 26, r.width - 60, DIM, bold=True),
                        (r.centerx, r.bottom - 38))
        c = self.attract.config.summary_seconds
        progress(surf, self.attract.t / c if c else 1.0, self.colour)
        self.hints(surf)


class PauseScene(AttractScene):
    """A moment between games after a fault (what went wrong is in the log)."""
    name = "attract_pause"

    def __init__(self, app, message: str = ""):
        super().__init__(app)
        self.message = message

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        blit_center(surf, self.assets.text("SANDTABLE", 96, ACCENT, bold=True), (w // 2, h // 2 - 60))
        blit_center(surf, self.assets.text("The next battle is being set up…", 30, TEXT), (w // 2, h // 2 + 30))
        self.hints(surf)


def draw_play_prompt(surf: pygame.Surface, assets, title: str, local: str, left: float) -> None:
    """"Press to play": shown over the attract loop after the first touch."""
    w, h = surf.get_size()
    veil = pygame.Surface((w, h), pygame.SRCALPHA)
    veil.fill((6, 8, 12, 150))
    surf.blit(veil, (0, 0))
    r = pygame.Rect(0, 0, 820, 330)
    r.center = (w // 2, h // 2)
    panel(surf, r, colour=(16, 18, 26), border=ACCENT, alpha=245, width=5, radius=18)
    blit_center(surf, assets.text("WANT TO PLAY?", 30, DIM, bold=True), (r.centerx, r.y + 42))
    name = f"{title}  ·  {local}" if local and local != title else title
    blit_center(surf, fit_text(assets, name, 44, r.width - 60, ACCENT, bold=True), (r.centerx, r.y + 104))
    blit_center(surf, assets.text("▶  PRESS ANY KEY, CLICK OR (A) TO PLAY", 34, TEXT, bold=True),
                (r.centerx, r.y + 176))
    blit_center(surf, assets.text("you choose the sides next; the AI plays the others", 22, DIM),
                (r.centerx, r.y + 222))
    blit_center(surf, assets.text(f"Esc / (B): keep watching   ·   this goes away in {max(0, int(left + 0.99))} s",
                                  20, DIM), (r.centerx, r.bottom - 36))


def draw_idle_warning(surf: pygame.Surface, assets, left: float) -> None:
    """A person's game left alone: the demo comes back in ``left`` seconds."""
    w, h = surf.get_size()
    img = assets.text(f"Still there? Press any key — the demo resumes in {max(0, int(left + 0.99))} s",
                      24, (20, 16, 10), bold=True)
    r = img.get_rect(midbottom=(w // 2, h - 64)).inflate(30, 14)
    pygame.draw.rect(surf, ACCENT, r, border_radius=10)
    blit_center(surf, img, r.center)


def draw_exit_hold(surf: pygame.Surface, frac: float) -> None:
    """The exit combination being held: a red bar fills along the top."""
    if frac > 0:
        pygame.draw.rect(surf, BAD, (0, 0, int(surf.get_width() * min(1.0, frac)), 8))


class AttractPresenter:
    """What :class:`~game.client.kiosk.Attract` shows through the app's scenes."""

    def __init__(self, app):
        self.app = app

    def show_card(self, run, attract) -> None:
        self.app.switch(TitleCardScene(self.app, run, attract))

    def show_play(self, run) -> None:
        from .board import BoardScene
        self.app.audio.music(None)
        self.app.switch(BoardScene(self.app, run.session, demo=True))

    def board(self):
        sc = self.app.scene
        return sc if getattr(sc, "name", "") == "board" and getattr(sc, "demo", False) else None

    def ready(self) -> bool:
        b = self.board()
        return b is None or b.demo_ready()

    def show_events(self, events: list) -> None:
        b = self.board()
        if b is not None:
            b.show_demo_events(events)

    def show_summary(self, run, summary) -> None:
        b = self.board()
        bg = None
        if b is not None:
            try:
                b.draw(self.app.screen)
                bg = self.app.screen.copy()
            except Exception:
                bg = None
        sc = SummaryScene(self.app, summary, bg, self.app.attract)
        if summary.winner is not None:
            for name, colour in side_rows(run.game):
                if name == summary.winner_name:
                    sc.set_colour(colour)
        self.app.switch(sc)
        ev = next((e for e in reversed(run.game.events) if e.kind == "GameOver"), None)
        if ev is not None:
            self.app.audio.event(ev)

    def show_pause(self, message: str) -> None:
        self.app.switch(PauseScene(self.app, message))
