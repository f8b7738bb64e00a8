"""The attract loop on screen: the title card of each game, the end-of-game
summary, a short pause after a fault, the "press to play" prompt, and the
presenter through which :class:`game.client.kiosk.Attract` drives them (and
the demo board)."""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from game import rulesets

from ..games import plugin_for
from ..navigator import BOARD, go
from ..thumbnails import map_thumbnail
from ..widgets import ACCENT, BAD, BORDER, DIM, TEXT, blit_center, fit_text, panel
from .base import Scene, fit_scale, footer, hex_backdrop
from ..i18n import _, tr

THUMB = (600, 430)


@dataclass(frozen=True)
class SideRow:
    """A side of a game as the attract screens show it: its name and colour (the
    game's UI plugin's), and the seats that play it when there are several."""
    side: str
    name: str
    colour: tuple[int, int, int]
    members: tuple[tuple[str, tuple[int, int, int]], ...] = ()


def side_rows(game, assets) -> list[SideRow]:
    """Each side of ``game`` in seat order: a seat's own name and colour when it
    plays the side alone, else the side's name with its seats as members
    (中原大戰's commanders in their two camps)."""
    spec = rulesets.spec(game.game_id)
    ui = plugin_for(game, assets)
    by_side: dict[str, list[str]] = {}
    for seat in game.seats:
        by_side.setdefault(game.seat_side(seat) or seat, []).append(seat)
    out = []
    for side, seats in by_side.items():
        colour = tuple(ui.side_colour(seats[0]))[:3]
        if len(seats) == 1:
            out.append(SideRow(side, ui.side_name(seats[0]), colour))
        else:
            out.append(SideRow(side, spec.side_name(side), colour,
                               tuple((ui.side_name(s), tuple(ui.side_colour(s))[:3]) for s in seats)))
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
        self.sides = side_rows(run.game, app.assets)
        self.number = run.number
        self.attract = attract
        self.music = app.audio.theme_for(self.spec.id)     # the theme of the game on show

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        k = self.k = fit_scale((w, h))          # (laid out for 1280×720, scaled to the window)
        pic = pygame.Rect(round(56 * k), round(96 * k), round(THUMB[0] * k), round(THUMB[1] * k))
        panel(surf, pic.inflate(24, 24), colour=(14, 16, 22), border=ACCENT, radius=14, width=4, alpha=235)
        thumb = map_thumbnail(self.app, self.spec.id, pic.size)
        if thumb is not None:
            surf.blit(thumb, pic)
        else:
            blit_center(surf, self.assets.text("?", 120, (60, 66, 80), bold=True), pic.center)
        x0, x1 = pic.right + round(44 * k), w - round(48 * k)
        tw = x1 - x0
        lines = self._lines(tw)
        height = sum(img.get_height() + gap for img, gap in lines) + 20 + self._sides_height(tw)
        band = pygame.Surface((tw + 40, height + 40), pygame.SRCALPHA)
        band.fill((8, 10, 14, 200))
        top = max(round(40 * k), pic.centery - (height + 40) // 2)
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
        q = self._q
        out = [(a.text(_("NOW PLAYING  ·  AI AGAINST AI"), q(20), DIM, bold=True), q(12)),
               (fit_text(a, sp.title, q(50), tw, TEXT, bold=True), 2)]
        if sp.local and sp.local != sp.title:
            out.append((fit_text(a, sp.local, q(54), tw, ACCENT, bold=True), 4))
        out.append((a.text(sp.year, q(40), ACCENT), q(14)))
        rule = pygame.Surface((q(80), 4))
        rule.fill(ACCENT)
        out.append((rule, q(18)))
        if sp.blurb:
            out.append((a.text(sp.blurb, q(26), TEXT, wrap=tw), q(22)))
        return out

    def _q(self, v: float) -> int:
        return round(v * getattr(self, "k", 1.0))

    def _side_lines(self, tw: int) -> list[list]:
        """The sides as lines of (colour or None, image): chips with "vs" between two
        sides; a side played by several seats gets a line of its seats under it."""
        a, q = self.assets, self._q
        vs = a.text(_("vs"), q(24), DIM)
        if not any(r.members for r in self.sides):
            chips = []
            for i, r in enumerate(self.sides):
                if i and len(self.sides) == 2:
                    chips.append((None, vs))
                chips.append((r.colour, a.text(r.name, q(28), TEXT, bold=True)))
            return self._flow(chips, tw)
        lines = []
        for i, r in enumerate(self.sides):
            head = [(None, vs)] if i and len(self.sides) == 2 else []
            lines += self._flow(head + [(r.colour, fit_text(a, r.name, q(26), tw - 80, TEXT, bold=True))], tw)
            lines += self._flow([(c, a.text(n, q(20), DIM)) for n, c in r.members], tw)
        return lines

    @staticmethod
    def _flow(chips: list, tw: int) -> list[list]:
        rows, row, width = [], [], 0
        for colour, img in chips:
            need = img.get_width() + (24 if colour is not None else 0) + 22
            if row and width + need > tw:
                rows.append(row)
                row, width = [], 0
            row.append((colour, img))
            width += need
        if row:
            rows.append(row)
        return rows

    @staticmethod
    def _line_height(row: list) -> int:
        return max(img.get_height() for _, img in row) + 6

    def _sides_height(self, tw: int) -> int:
        return sum(self._line_height(row) for row in self._side_lines(tw))

    def _draw_sides(self, surf, x0: int, y: int, tw: int) -> None:
        for row in self._side_lines(tw):
            x, lh = x0, self._line_height(row)
            for colour, img in row:
                ih = img.get_height()
                if colour is not None:
                    ch = max(10, ih - 12)
                    pygame.draw.rect(surf, colour, (x, y + (ih - ch) // 2, 14, ch), border_radius=4)
                    x += 24
                surf.blit(img, (x, y + (lh - 6 - ih) // 2))
                x += img.get_width() + 22
            y += lh


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
        k = fit_scale((w, h))                   # (laid out for 1280×720, scaled to the window)
        q = lambda v: round(v * k)  # noqa: E731
        r = pygame.Rect(w // 2 - q(430), q(86), q(860), q(470))
        panel(surf, r, colour=(14, 16, 22), border=self.colour, alpha=235, width=4)
        y = r.y + q(30)
        title = f"{s.title}  ·  {s.local}" if s.local and s.local != s.title else s.title
        blit_center(surf, fit_text(self.assets, title, q(30), r.width - 60, DIM, bold=True), (r.centerx, y))
        y += q(70)
        blit_center(surf, fit_text(self.assets, s.headline, q(76), r.width - 60, self.colour, bold=True),
                    (r.centerx, y))
        y += q(70)
        if s.reason:
            img = self.assets.text(tr(s.reason), q(30), TEXT, wrap=r.width - 80, centre=True)
            blit_center(surf, img, (r.centerx, y + img.get_height() // 2))
            y += img.get_height() + q(26)
        blit_center(surf, fit_text(self.assets, s.line, q(30), r.width - 60, ACCENT, bold=True), (r.centerx, y + q(14)))
        y += q(56)
        if s.scores:
            score = "    ".join(f"{name} {v}" for name, v in s.scores)
            blit_center(surf, fit_text(self.assets, score, q(26), r.width - 60, TEXT), (r.centerx, y + q(12)))
            y += q(44)
        if s.next_title:
            pygame.draw.line(surf, BORDER, (r.x + 60, r.bottom - q(70)), (r.right - 60, r.bottom - q(70)), 2)
            blit_center(surf, fit_text(self.assets, _("Next: {next_title}").format(next_title=s.next_title), q(26),
                                       r.width - 60, DIM, bold=True), (r.centerx, r.bottom - q(38)))
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
        blit_center(surf, self.assets.text(_("SANDTABLE"), 96, ACCENT, bold=True), (w // 2, h // 2 - 60))
        blit_center(surf, self.assets.text(_("The next battle is being set up…"), 30, TEXT), (w // 2, h // 2 + 30))
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
    blit_center(surf, assets.text(_("WANT TO PLAY?"), 30, DIM, bold=True), (r.centerx, r.y + 42))
    name = f"{title}  ·  {local}" if local and local != title else title
    blit_center(surf, fit_text(assets, name, 44, r.width - 60, ACCENT, bold=True), (r.centerx, r.y + 104))
    blit_center(surf, assets.text(_("▶  PRESS ANY KEY, CLICK OR (A) TO PLAY"), 34, TEXT, bold=True),
                (r.centerx, r.y + 176))
    blit_center(surf, assets.text(_("you choose the sides next; the AI plays the others"), 22, DIM),
                (r.centerx, r.y + 222))
    blit_center(surf, assets.text(_("Esc / (B): keep watching   ·   this goes away in {max} s").format(max=max(0, int(left + 0.99))),
                                  20, DIM), (r.centerx, r.bottom - 36))


def draw_idle_warning(surf: pygame.Surface, assets, left: float) -> None:
    """A person's game left alone: the demo comes back in ``left`` seconds."""
    w, h = surf.get_size()
    img = assets.text(_("Still there? Press any key — the demo resumes in {max} s").format(max=max(0, int(left + 0.99))),
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
        go(self.app, BOARD, session=run.session, demo=True)     # (it plays the game's theme)

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
            for r in side_rows(run.game, self.app.assets):
                if r.side == summary.winner:
                    sc.set_colour(r.colour)
        self.app.switch(sc)
        ev = next((e for e in reversed(run.game.events) if e.kind == "GameOver"), None)
        if ev is not None:
            self.app.audio.event(ev)

    def show_pause(self, message: str) -> None:
        self.app.switch(PauseScene(self.app, message))
