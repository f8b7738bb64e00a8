"""Seats: who plays each side (Human / AI easy / AI normal / AI hard, with a line about the
focused seat's choice), then start.

A game whose seats come from its options (中原大戰: ``players`` 2–5 and the
``split`` of the commanders among them) gets two more rows on top: the number
of players and, for that number, which commanders each player holds. The seat
rows below follow them.

A take-over from a replay (scenes/replay.py) comes here with the replayed game's
seats (``seat_names``: no option rows), what START does (``on_start``) and what
Back does (``on_back``), and a line under the title (``note``).
"""
from __future__ import annotations

from typing import Callable

import pygame

from game import rulesets

from ..gameflow import ask_new_game, start_new_game
from ..input import Intent
from ..navigator import SEATS, SELECT, go, route
from ..seat_kinds import OPTION_INFO, OPTIONS
from ..session import HUMAN, default_seats, seat_kind
from ..widgets import ACCENT, BORDER, DIM, FOCUS, PANEL, TEXT, Button, blit_center, fit_text
from .base import Scene, fit_scale, footer, hex_backdrop
from ..i18n import N_, _

SIDE_INFO = {"JP": (N_("Japan"), "日本軍", (214, 180, 92)), "SOV": (N_("Soviet Union"), "ソ連軍", (178, 60, 52))}


@route(SEATS)
class SeatsScene(Scene):
    music = "music_menu"
    name = "seats"

    def __init__(self, app, game_id: str, seats: dict[str, str] | None = None, *,
                 seat_names: list[str] | None = None, on_start: Callable[[dict[str, str]], None] | None = None,
                 on_back: Callable[[], None] | None = None, note: str = ""):
        super().__init__(app)
        self.game_id = game_id
        self.fixed_seats = list(seat_names) if seat_names is not None else None    # (no option rows then)
        self.on_start = on_start            # START: on_start(seats) instead of a new game
        self.on_back = on_back              # Back: on_back() instead of the game select
        self.note = note                    # a line under the title
        self.entry = rulesets.spec(game_id)
        self.cls = rulesets.get(game_id) if self.entry.ready else None
        po, so = self.entry.option("players"), self.entry.option("split")
        self.player_choices = tuple(po.choices) if po is not None and po.choices and self.fixed_seats is None else ()
        self.split_choices = tuple(so.choices) if so is not None and so.choices else ()
        self.players = len(self.entry.seats)
        self.split = None
        self.side_info = dict(SIDE_INFO)
        self.seats: dict[str, str] = {}
        self._plugin = None
        try:  # names and colours from the game's own data when it has them, else from its UI plugin
            g = rulesets.new_game(game_id, 0)
            for seat, d in getattr(g, "data", {}).get("sides", {}).items():
                self.side_info[seat] = (d.get("name", seat), d.get("name_local", ""), tuple(d.get("colour", (200, 200, 200))))
            if not getattr(g, "data", {}).get("sides"):
                from ..games import plugin_for
                self._plugin = plugin_for(g, app.assets)
        except Exception:
            pass
        self.option_rows = 2 if self.player_choices else 0
        self.row = 0
        self.modal = None                   # the question before a new game when one is unfinished
        self._layout(seats)

    def place(self) -> None:
        self._layout()                      # (the seats chosen are kept)

    # -- options and seats ----------------------------------------------------------------------------
    def options(self) -> dict:
        if not self.player_choices:
            return {}
        out = {"players": self.players}
        if self.split:
            out["split"] = self.split
        return out

    def splits(self) -> list[str]:
        """The splits for the chosen number of players (each a seat per '/')."""
        return [s for s in self.split_choices if s.count("/") + 1 == self.players]

    def seat_list(self) -> list[str]:
        if self.fixed_seats is not None:
            return list(self.fixed_seats)
        if self.cls is not None and self.player_choices:
            return list(self.cls.seats_for(self.cls.check_options(self.options())))
        return list(self.entry.seats)

    def _layout(self, seats: dict[str, str] | None = None) -> None:
        self.seat_names = self.seat_list()
        old = {s: seat_kind(k) for s, k in (seats or self.seats or default_seats(self.game_id)).items()}
        self.seats = {s: old.get(s, HUMAN if i == 0 else "normal") for i, s in enumerate(self.seat_names)}
        w, h = self.app.size
        sc = self.s = fit_scale((w, h))
        q = lambda v: round(v * sc)  # noqa: E731
        top = q(244) if self.option_rows else q(150)
        n = len(self.seat_names)
        # below the rows: START, the focused seat's one-line description, the keys' footer
        below = q(140)
        rh = min(q(110), max(q(56), (h - top - below) // max(1, n) - 8))
        self.row_h = rh
        rw = min(q(1040), w - 2 * q(16))
        self.row_rects = [pygame.Rect(w // 2 - rw // 2, top + i * (rh + 8), rw, rh) for i in range(n)]
        by = min(top + n * (rh + 8) + 6, h - below + q(12))
        self.start = Button(_("START ▶"), pygame.Rect(w // 2 - q(170), by, q(340), q(58)), "start", primary=True,
                            size=q(30))
        self.back = Button(_("◀ Back"), pygame.Rect(q(30), q(20), q(150), q(50)), "back", size=q(22))
        self.opt_rects: dict[tuple[int, int], pygame.Rect] = {}
        bh = min(q(64), rh - 12)
        left = round(rw * 380 / 1040)               # the seat's name, then its choices
        step = min(q(216), (rw - left - 12) // len(OPTIONS))
        for i, r in enumerate(self.row_rects):
            for j in range(len(OPTIONS)):
                self.opt_rects[(i, j)] = pygame.Rect(r.x + left + j * step, r.y + (rh - bh) // 2, step - 12, bh)
        self.player_rects = [pygame.Rect(w // 2 - q(200) + k * q(110), q(122), q(100), q(52))
                             for k in range(len(self.player_choices))]
        self.split_rect = pygame.Rect(w // 2 - min(q(420), w // 2 - q(16)), q(182), min(q(840), w - 2 * q(16)), q(52))

    def choice_line_centre(self) -> tuple[int, int]:
        """Where the focused seat's one line (its choice and what it means) is centred: under
        START, above the keys' footer."""
        w, h = self.app.size
        return w // 2, min(self.start.rect.bottom + round(24 * self.s), h - round(54 * self.s))

    def choose_options(self, options: dict) -> None:
        """Take a number of players and a split given from outside (the screenshot command):
        checked by the game's own options first, so a bad one raises OptionError."""
        if self.cls is None or not self.player_choices or not options:
            return
        opts = self.cls.check_options(options)
        self.set_players(int(opts["players"]))
        if opts.get("split") and opts["split"] != self.split:
            self.split = opts["split"]
            self._layout(self.seats)

    def set_players(self, n: int) -> None:
        if n != self.players and n in self.player_choices:
            self.players = n
            self.split = None
            self._layout()
            self.app.audio.play("click")

    def next_split(self, step: int = 1) -> None:
        opts = self.splits()
        if not opts:
            return
        cur = self.split or "/".join(self.seat_names)         # a seat is named by its group of the split
        i = opts.index(cur) if cur in opts else 0
        self.split = opts[(i + step) % len(opts)]
        self._layout()
        self.app.audio.play("click")

    def seat_label(self, seat: str) -> tuple[str, str, tuple]:
        if seat in self.side_info:
            return self.side_info[seat]
        if self._plugin is not None:
            return self._plugin.side_name(seat), seat, self._plugin.side_colour(seat)
        return seat, "", (200, 200, 200)

    # -- acting ---------------------------------------------------------------------------------------
    def start_game(self) -> None:
        """Start (asking first when an unfinished game of this game is saved: game/client/gameflow.py)."""
        self.app.audio.play("click")
        if self.on_start is not None:
            self.on_start(dict(self.seats))
            return
        start = lambda: start_new_game(self.app, self.game_id, self.seats, self.options())   # noqa: E731
        self.modal = ask_new_game(self, self.game_id, start)
        if self.modal is None:
            start()

    def set_option(self, i: int, j: int) -> None:
        self.seats[self.seat_names[i]] = OPTIONS[j][0]
        self.app.audio.play("click")

    def option_index(self, i: int) -> int:
        """Seat ``i``'s choice among OPTIONS (a kind not offered, e.g. "random", counts as the first)."""
        kind = seat_kind(self.seats[self.seat_names[i]])
        keys = [k for k, _ in OPTIONS]
        return keys.index(kind) if kind in keys else 0

    def go_back(self) -> None:
        self.app.audio.play("click")
        if self.on_back is not None:
            self.on_back()
        else:
            go(self.app, SELECT)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.modal is not None:
            self.modal.update(dt)

    def handle(self, it: Intent) -> None:
        if self.handle_modal(it):
            return
        n = len(self.seat_names)
        rows = self.option_rows + n + 1          # options, seats, the start row
        seat_row = self.row - self.option_rows
        if it.name == "back":
            self.go_back()
        elif it.name == "cursor":
            if it.dy:
                self.row = (self.row + it.dy) % rows
            elif it.dx and self.row == 0 and self.option_rows:
                k = self.player_choices.index(self.players)
                self.set_players(self.player_choices[(k + it.dx) % len(self.player_choices)])
            elif it.dx and self.row == 1 and self.option_rows:
                self.next_split(it.dx)
            elif it.dx and 0 <= seat_row < n:
                cur = self.option_index(seat_row)
                self.set_option(seat_row, (cur + it.dx) % len(OPTIONS))
        elif it.name == "confirm":          # Enter starts with the seats as shown
            self.start_game()
        elif it.name == "click_cursor":
            if seat_row >= n:
                self.start_game()
            elif self.row == 1 and self.option_rows:
                self.next_split(1)
            elif self.row == 0 and self.option_rows:
                k = self.player_choices.index(self.players)
                self.set_players(self.player_choices[(k + 1) % len(self.player_choices)])
            else:
                cur = self.option_index(seat_row)
                self.set_option(seat_row, (cur + 1) % len(OPTIONS))
        elif it.name == "context":
            self.start_game()
        elif it.name == "press" and it.button == 1 and it.pos:
            if self.start.hit(it.pos):
                self.start_game()
                return
            if self.back.hit(it.pos):
                self.go_back()
                return
            if self.option_rows:
                for k, r in enumerate(self.player_rects):
                    if r.collidepoint(it.pos):
                        self.row = 0
                        self.set_players(self.player_choices[k])
                        return
                if self.split_rect.collidepoint(it.pos):
                    self.row = 1
                    self.next_split(-1 if it.pos[0] < self.split_rect.x + 60 else 1)
                    return
            for (i, j), r in self.opt_rects.items():
                if r.collidepoint(it.pos):
                    self.row = i + self.option_rows
                    self.set_option(i, j)
        elif it.name == "point" and it.pos:
            for i, r in enumerate(self.row_rects):
                if r.collidepoint(it.pos):
                    self.row = i + self.option_rows
            if self.start.rect.collidepoint(it.pos):
                self.row = self.option_rows + n

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        sc = self.s
        q = lambda v: round(v * sc)  # noqa: E731
        room = w - 2 * (self.back.rect.right + q(12))     # the title: between the Back button and its mirror
        blit_center(surf, fit_text(self.assets, f"{self.entry.title}  ·  {self.entry.local}", q(44), room, ACCENT,
                                   bold=True, min_size=20), (w // 2, q(48)))
        ask = _("How many players, who holds which commanders, and who plays each seat?") if self.option_rows \
            else _("Who commands each side?")
        blit_center(surf, fit_text(self.assets, ask, q(24) if self.option_rows else q(28), w - q(40), TEXT),
                    (w // 2, q(94) if self.option_rows else q(118)))
        if self.option_rows:
            surf.blit(self.assets.text(_("Players"), q(26), TEXT if self.row == 0 else DIM, bold=True),
                      (self.player_rects[0].x - q(130), q(132)))
            for k, r in enumerate(self.player_rects):
                b = Button(str(self.player_choices[k]), r, k, size=q(28), primary=self.player_choices[k] == self.players)
                b.draw(surf, self.assets, focused=self.row == 0 and self.player_choices[k] == self.players)
            r = self.split_rect
            pygame.draw.rect(surf, PANEL, r, border_radius=12)
            pygame.draw.rect(surf, FOCUS if self.row == 1 else BORDER, r, 4 if self.row == 1 else 2, border_radius=12)
            text = "   |   ".join(self.seat_label(s)[0] for s in self.seat_names)
            blit_center(surf, fit_text(self.assets, f"◀  {text}  ▶", q(24), r.width - 20, TEXT, bold=True), r.center)
        for i, (seat, r) in enumerate(zip(self.seat_names, self.row_rects)):
            name, local, colour = self.seat_label(seat)
            focused = i + self.option_rows == self.row
            pygame.draw.rect(surf, PANEL, r, border_radius=14)
            pygame.draw.rect(surf, FOCUS if focused else BORDER, r, 4 if focused else 2, border_radius=14)
            pygame.draw.rect(surf, colour, (r.x + 14, r.y + 12, 20, r.height - 24), border_radius=6)
            big = q(32) if self.row_h >= q(96) else q(26)
            ty = r.y + q(10) if self.row_h >= q(80) else r.centery - big * 0.7
            name_w = self.opt_rects[(i, 0)].x - r.x - 60
            surf.blit(fit_text(self.assets, _(name), big, name_w, TEXT, bold=True), (r.x + 50, ty))
            if self.row_h >= q(80):
                surf.blit(fit_text(self.assets, f"{seat}  {local}" if local != seat else seat, q(20), name_w, DIM),
                          (r.x + 50, r.y + q(14) + big + 6))
            for j, (key, label) in enumerate(OPTIONS):
                b = Button(_(label), self.opt_rects[(i, j)], key, size=q(24), primary=self.seats[seat] == key)
                b.draw(surf, self.assets, focused=False)
        if 0 <= self.row - self.option_rows < len(self.seat_names):    # what the focused seat's choice means
            seat = self.seat_names[self.row - self.option_rows]
            kind = seat_kind(self.seats[seat])
            line = _("{side}: {choice} — {meaning}").format(side=_(self.seat_label(seat)[0]), choice=_(dict(OPTIONS).get(kind, kind)),
                                                            meaning=_(OPTION_INFO.get(kind, '')))
            blit_center(surf, fit_text(self.assets, line, q(22), w - 80, DIM), self.choice_line_centre())
        self.start.draw(surf, self.assets, focused=self.row == self.option_rows + len(self.seat_names))
        self.back.draw(surf, self.assets)
        keys = _("↑/↓ row    ←/→ or click: Human / AI easy / normal / hard    Enter / Space / X: start    Esc / B: back")
        footer(surf, self.assets, keys)
        if self.note:
            blit_center(surf, self.assets.text(self.note, 20, ACCENT, bold=True), (w // 2, 90))
        if self.modal is not None:
            self.modal.draw(surf, self.assets)
