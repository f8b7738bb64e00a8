"""Seats: who plays each side (Human / AI easy / AI normal / AI hard), then start."""
from __future__ import annotations

import pygame

from game import rulesets
from game.ai.levels import DESCRIPTIONS

from ..input import Intent
from ..session import HUMAN, Session, default_seats, seat_kind
from ..widgets import ACCENT, BORDER, DIM, FOCUS, PANEL, TEXT, Button, blit_center
from .base import Scene, footer, hex_backdrop

OPTIONS = ((HUMAN, "Human"), ("easy", "AI easy"), ("normal", "AI normal"), ("hard", "AI hard"))
#: one line for each choice, shown for the seat in focus ("random" is for tests and the command line)
OPTION_INFO = {HUMAN: "You play this side.", **{k: v for k, v in DESCRIPTIONS.items()}}
SIDE_INFO = {"JP": ("Japan", "日本軍", (214, 180, 92)), "SOV": ("Soviet Union", "ソ連軍", (178, 60, 52))}


class SeatsScene(Scene):
    music = "music_menu"
    name = "seats"

    def __init__(self, app, game_id: str, seats: dict[str, str] | None = None):
        super().__init__(app)
        self.game_id = game_id
        self.entry = rulesets.spec(game_id)
        self.seat_names = list(self.entry.seats)
        self.seats = {k: seat_kind(v) for k, v in (seats or default_seats(game_id)).items()}
        self.side_info = dict(SIDE_INFO)
        try:  # names and colours from the game's own data when it has them
            g = rulesets.new_game(game_id, 0)
            for seat, d in getattr(g, "data", {}).get("sides", {}).items():
                self.side_info[seat] = (d.get("name", seat), d.get("name_local", ""), tuple(d.get("colour", (200, 200, 200))))
            g.close()
        except Exception:
            pass
        self.row = 0                       # rows: seats..., then the start row
        w, h = app.size
        self.row_rects = [pygame.Rect(w // 2 - 520, 170 + i * 120, 1040, 100) for i in range(len(self.seat_names))]
        by = 170 + len(self.seat_names) * 120 + 30
        self.start = Button("START ▶", pygame.Rect(w // 2 - 170, by, 340, 76), "start", primary=True, size=34)
        self.back = Button("◀ Back", pygame.Rect(40, h - 100, 180, 56), "back", size=24)
        self.opt_rects: dict[tuple[int, int], pygame.Rect] = {}
        step = min(216, (1040 - 392) // len(OPTIONS))
        for i, r in enumerate(self.row_rects):
            for j in range(len(OPTIONS)):
                self.opt_rects[(i, j)] = pygame.Rect(r.x + 380 + j * step, r.y + 18, step - 12, 64)

    def start_game(self) -> None:
        self.app.audio.play("click")
        seed = self.app.next_seed()
        game = rulesets.new_game(self.game_id, seed)
        from .board import BoardScene
        self.app.switch(BoardScene(self.app, Session(game, self.seats)))

    def set_option(self, i: int, j: int) -> None:
        self.seats[self.seat_names[i]] = OPTIONS[j][0]
        self.app.audio.play("click")

    def option_index(self, row: int) -> int:
        """The seat's choice among OPTIONS (a kind not offered, e.g. "random", counts as the first)."""
        kind = seat_kind(self.seats[self.seat_names[row]])
        keys = [k for k, _ in OPTIONS]
        return keys.index(kind) if kind in keys else 0

    def go_back(self) -> None:
        self.app.audio.play("click")
        from .select import SelectScene
        self.app.switch(SelectScene(self.app))

    def handle(self, it: Intent) -> None:
        n = len(self.seat_names)
        if it.name == "back":
            self.go_back()
        elif it.name == "cursor":
            if it.dy:
                self.row = (self.row + it.dy) % (n + 1)
            elif it.dx and self.row < n:
                cur = self.option_index(self.row)
                self.set_option(self.row, (cur + it.dx) % len(OPTIONS))
        elif it.name == "confirm":          # Enter starts with the seats as shown
            self.start_game()
        elif it.name == "click_cursor":
            if self.row >= n:
                self.start_game()
            else:
                cur = self.option_index(self.row)
                self.set_option(self.row, (cur + 1) % len(OPTIONS))
        elif it.name == "context":
            self.start_game()
        elif it.name == "press" and it.button == 1 and it.pos:
            if self.start.hit(it.pos):
                self.start_game()
            elif self.back.hit(it.pos):
                self.go_back()
            for (i, j), r in self.opt_rects.items():
                if r.collidepoint(it.pos):
                    self.row = i
                    self.set_option(i, j)
        elif it.name == "point" and it.pos:
            for i, r in enumerate(self.row_rects):
                if r.collidepoint(it.pos):
                    self.row = i
            if self.start.rect.collidepoint(it.pos):
                self.row = n

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        blit_center(surf, self.assets.text(f"{self.entry.title}  ·  {self.entry.local}", 44, ACCENT, bold=True),
                    (w // 2, 64))
        blit_center(surf, self.assets.text("Who commands each side?", 28, TEXT), (w // 2, 118))
        for i, (seat, r) in enumerate(zip(self.seat_names, self.row_rects)):
            name, local, colour = self.side_info.get(seat, (seat, "", (200, 200, 200)))
            focused = i == self.row
            pygame.draw.rect(surf, PANEL, r, border_radius=14)
            pygame.draw.rect(surf, FOCUS if focused else BORDER, r, 4 if focused else 2, border_radius=14)
            pygame.draw.rect(surf, colour, (r.x + 14, r.y + 14, 20, r.height - 28), border_radius=6)
            surf.blit(self.assets.text(name, 32, TEXT, bold=True), (r.x + 50, r.y + 14))
            surf.blit(self.assets.text(f"{seat}  {local}", 24, DIM), (r.x + 50, r.y + 56))
            for j, (key, label) in enumerate(OPTIONS):
                b = Button(label, self.opt_rects[(i, j)], key, size=24, primary=self.seats[seat] == key)
                b.draw(surf, self.assets, focused=False)
        if self.row < len(self.seat_names):    # what the focused seat's choice means
            seat = self.seat_names[self.row]
            kind = seat_kind(self.seats[seat])
            label = dict(OPTIONS).get(kind, kind)
            info = OPTION_INFO.get(kind, "")
            name = self.side_info.get(seat, (seat,))[0]
            blit_center(surf, self.assets.text(f"{name}: {label} — {info}", 22, DIM), (w // 2, h - 84))
        self.start.draw(surf, self.assets, focused=self.row == len(self.seat_names))
        self.back.draw(surf, self.assets)
        footer(surf, self.assets, "↑/↓ side    ←/→ or click: Human / AI easy / normal / hard    Enter / Space / X: start    Esc / B: back")
