"""The replay viewer: any save or finished game, step by step.

The map is drawn as the board scene draws it (the BoardView and the game's UI
plugin); the position comes from a :class:`game.client.replay.Replay`. Beside
it: the turn, what the step did (its log lines), and the steps before; under
it: the timeline with a mark per turn, and the controls.

Controls: ←/→ (pad D-pad) step back and forth; ↑/↓, PgUp/PgDn (pad D-pad
up/down) the start of the turn before / after; click on the timeline: that
position; G (pad Start): the list of turns; Space, Enter (pad A): play and
pause; +/− and Tab (pad LB/RB): speed 1, 2, 4, 8 steps/s; V (pad X): whose
secrets show; T (pad Y): take over from here; F1 (pad Back): the controls;
wheel and right drag: zoom and pan; Esc (pad B): back.

Hidden information. A finished game is shown with its secrets (it is after
the fact): the view follows the side that acts (the cards it holds, its secret
choices), and V shows the public view or any one side's instead. An unfinished
game with hidden information (義經, 中原大戰) is shown with public information
only — opened mid-game in hotseat it would show each player the other's
cards — except that a game against the AI with one human seat may show that
seat's own view. Taking over from such a position starts a live game whose
board scene guards the secrets as usual.

Taking over (T) starts a live game at the position shown, with the save's
seats or others chosen on the seats screen; it is saved at once to a NEW file
(``<game>-takeover-<time>.json``) and autosaves there, never to the file
being replayed.

``go(app, REPLAY, what=path_or_game, back=None)`` (game/client/navigator.py)
opens the viewer on a save (a path), a Session or a Game; ``back`` is what Esc
does (default: the list of replays). :class:`ReplaysScene` (``REPLAYS``) is the
list of saves the title's "Replays" opens.
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Callable

import pygame

from game.core.errors import SaveError
from game.core.save import default_save_dir, read_save

from ..anim import along
from ..board_view import BoardView
from ..games import plugin_for
from ..i18n import N_, _, tr
from ..input import Intent
from ..replay import SPEEDS, Replay
from ..session import HUMAN, Session, list_saves
from ..widgets import (ACCENT, BAD, BORDER, DIM, FOCUS, GOOD, PANEL, TEXT, Button, Menu, blit_center, column,
                       fit_text, panel)
from ..dialogs import Overlay, dim
from ..navigator import BOARD, REPLAY, REPLAYS, SEATS, TITLE, go, route
from ..seat_kinds import OPTIONS
from .base import Scene, footer, hex_backdrop

MAP_FRACTION = 0.72
STEP_COLOUR = (255, 214, 90)            # the cells the step's action was about
SLIDE_SECONDS = 0.35                    # a counter's slide on a single step forward (shorter when faster)
REPLAY_LIST = 60                        # the newest saves the list offers
INFO_W = 150                            # the turn and step, right of the timeline
AUTO = "auto"                           # the view follows the side that acts
CONTROLS = (
    (N_("← / → · D-pad"), N_("step back / forward")),
    (N_("↑ ↓ · PgUp PgDn · D-pad"), N_("start of the turn before / after")),
    (N_("Click the timeline"), N_("go to that step")),
    (N_("G · Start"), N_("the list of turns")),
    (N_("Space · Enter · A"), N_("play / pause")),
    (N_("+ / − · Tab · LB RB"), N_("speed: 1, 2, 4, 8 steps a second")),
    (N_("V · X"), N_("whose cards and secret choices show")),
    (N_("T · Y"), N_("take over: play on from here (a new save)")),
    (N_("Wheel · right drag · Shift+arrows"), N_("zoom and pan the map")),
    (N_("F1 · Back"), N_("these controls")),
    (N_("Esc · B"), N_("back")),
)


@route(REPLAY)
def replay_scene(app, what, back: Callable[[], None] | None = None,
                 taken_over: Callable[[], None] | None = None) -> "ReplayScene | None":
    """The replay viewer on ``what``: a save's path, a Session or a Game (a game just
    finished). ``back``: what Esc does (default: the list of replays); ``taken_over``:
    called when the viewer is left for a game taken over instead (the game-over screen
    closes its session then). A bad save is said in a toast and None is returned."""
    try:
        if isinstance(what, (str, Path)):
            rp = Replay.from_save(what)
        elif isinstance(what, Session):
            rp = Replay.from_game(what.game, what.seats)
        else:
            rp = Replay.from_game(what)
    except SaveError as e:
        app.audio.play("error")
        app.toast(str(e), BAD, ttl=8.0)
        return None
    scene = ReplayScene(app, rp, back=back)
    scene.taken_over = taken_over
    return scene


def take_over_path(game_id: str) -> Path:
    """A save file that does not exist yet, for a game taken over from a replay."""
    d = default_save_dir()
    stem = f"{game_id}-takeover-{time.strftime('%Y%m%d-%H%M%S')}"
    p, n = d / f"{stem}.json", 2
    while p.exists():
        p, n = d / f"{stem}-{n}.json", n + 1
    return p


class TakeOverSession(Session):
    """A game taken over from a replay: it saves (and autosaves) to its own new file."""

    def __init__(self, game, seats, path: Path, **kw):
        self.path = Path(path)
        super().__init__(game, seats, **kw)

    def autosave_path(self) -> Path:
        return self.path


class ReplayScene(Scene):
    name = "replay"
    music = None
    own_intents = ("volume",)           # +/- is the speed here, not the volume (App.route)

    def __init__(self, app, replay: Replay, back: Callable[[], None] | None = None, start: int = 0):
        super().__init__(app)
        self.replay = replay
        self.game = replay.game
        self.back_to = back
        self.taken_over: Callable[[], None] | None = None     # see replay_scene
        self.ui = plugin_for(self.game, app.assets)
        self.ui.single_viewer = True
        self.playing = False
        self.speed_i = 1                    # 2 steps a second
        self.acc = 0.0
        self.modal: Overlay | None = None
        self.slide: tuple[float, float, list] | None = None     # (elapsed, duration, [(unit, points)])
        self.hover_pos = (-1, -1)
        self.drag_from = None
        self.views = self.allowed_views()
        self.view_i = 0
        self.view = None
        self.place()
        self.ui.start_view(self.view)
        self.replay.goto(start)
        self._shown()

    # -- layout ------------------------------------------------------------------------
    def place(self) -> None:
        w, h = self.app.size
        self.bar_h = max(88, min(124, int(h * 0.145)))
        self.map_w = int(w * MAP_FRACTION)
        area = pygame.Rect(0, 0, self.map_w, h - self.bar_h)
        if self.view is None:
            self.view = BoardView(self.game.board, self.assets, area, decorate=self.ui.decorate_static)
        else:
            self.view.set_area(area)
        top = h - self.bar_h
        self.timeline = pygame.Rect(16, top + 22, w - 32 - INFO_W, 16)
        by = top + 46
        bh = h - by - 8
        keys = [("prev_turn", N_("◀◀ Turn")), ("back1", N_("◀ Step")), ("play", N_("▶ Play")),
                ("fwd1", N_("Step ▶")), ("next_turn", N_("Turn ▶▶")), ("speed", N_("Speed")),
                ("turns", N_("Turns…")), ("view", N_("View")), ("takeover", N_("Take over")), ("back", N_("Back"))]
        gap = 8
        bw = (w - 32 - gap * (len(keys) - 1)) // len(keys)
        self.buttons = [Button(label, pygame.Rect(16 + i * (bw + gap), by, bw, bh), value, size=min(22, bh // 2))
                        for i, (value, label) in enumerate(keys)]

    def allowed_views(self) -> list:
        """The views this replay may show: AUTO (the acting side's secrets), None (public) or a seat."""
        g = self.game
        if not getattr(g, "hidden_information", False):
            return [None]
        if self.replay.finished:
            return [AUTO, None, *g.seats]
        humans = [s for s, k in self.replay.seats.items() if k == HUMAN and s in g.seats]
        return [None, humans[0]] if len(humans) == 1 else [None]

    @property
    def speed(self) -> int:
        return SPEEDS[self.speed_i]

    def viewer(self) -> str | None:
        """The seat whose secrets show at this position (None: only public information)."""
        v = self.views[self.view_i]
        if v == AUTO:
            step = self.replay.step_at()
            seat = step.seat if step is not None else self.game.to_move()
            return seat if seat in self.game.seats else None
        return v

    # -- moving ---------------------------------------------------------------------------
    def _shown(self, slide: bool = False) -> None:
        """The position has changed: what the plugin shows follows it."""
        self.ui.viewer = self.viewer()
        self.ui.selected = None
        self.ui.sync()
        self.slide = None
        if slide:
            moves = [m for m in (self.ui.slide_for(e) for e in self.replay.events_at()) if m and len(m[1]) > 1]
            if moves:
                self.slide = (0.0, min(SLIDE_SECONDS, 0.8 / self.speed), moves)
                self._animate()
        self._panel_key = None

    def goto(self, pos: int) -> None:
        before = self.replay.pos
        self.replay.goto(pos)
        if self.replay.pos != before:
            self._shown(slide=self.replay.pos == before + 1)

    def step(self, by: int) -> None:
        if (by < 0 and self.replay.pos == 0) or (by > 0 and self.replay.at_end):
            self.app.audio.play("error")
            return
        self.goto(self.replay.pos + by)

    def jump_turn(self, by: int) -> None:
        before = self.replay.pos
        (self.replay.next_turn if by > 0 else self.replay.prev_turn)()
        if self.replay.pos != before:
            self._shown()
        else:
            self.app.audio.play("error")

    def toggle_play(self) -> None:
        if not self.playing and self.replay.at_end:
            self.goto(0)                    # played to the end: again from the start
        self.playing = not self.playing
        self.acc = 0.0
        self.app.audio.play("click")

    def change_speed(self, by: int) -> None:
        self.speed_i = max(0, min(len(SPEEDS) - 1, self.speed_i + by))
        self.app.audio.play("click")
        self.app.toast(_("Speed: {n} steps a second").format(n=self.speed), ttl=1.2)

    def cycle_view(self) -> None:
        if len(self.views) < 2:
            self.app.audio.play("error")
            self.app.toast(self.view_note(), ttl=3.0)
            return
        self.view_i = (self.view_i + 1) % len(self.views)
        self._shown()
        self.app.audio.play("click")
        self.app.toast(self.view_label(), ttl=1.5)

    def view_label(self) -> str:
        v = self.views[self.view_i]
        if v == AUTO:
            return _("View: the side that acts (its cards show)")
        if v is None:
            return _("View: public information")
        return _("View: {side}'s cards show").format(side=self.ui.side_name(v))

    def view_note(self) -> str:
        if not getattr(self.game, "hidden_information", False):
            return _("Everything on this map is public")
        if not self.replay.finished:
            return _("Unfinished game: only public information is shown")
        return ""

    def go_back(self) -> None:
        self.app.audio.play("click")
        self.close()
        if self.back_to is not None:
            self.back_to()
        else:
            go(self.app, REPLAYS)

    def close(self) -> None:
        self.playing = False
        self.replay.close()

    # -- taking over ------------------------------------------------------------------------
    def seats(self) -> dict[str, str]:
        """The seats a take-over keeps: the replayed game's (a missing seat: human)."""
        return {s: self.replay.seats.get(s, HUMAN) for s in self.game.seats}

    def ask_take_over(self) -> None:
        if self.game.is_over():
            self.app.audio.play("error")
            self.app.toast(_("The game is over here: step back to take over"), BAD)
            return
        self.playing = False
        self.app.audio.play("click")
        self.modal = TakeOverOverlay(self)

    def choose_seats(self) -> None:
        """The seats screen for a take-over: the game and its options are the replay's;
        START takes over, Back returns to the replay where it was."""
        rp = self.replay
        go(self.app, SEATS, game_id=rp.game_id, seats=self.seats(), seat_names=list(self.game.seats),
           on_start=self.start_take_over, on_back=lambda: self.app.switch(self),
           note=_("Take over at step {pos} of {n}").format(pos=rp.pos, n=rp.length))

    def start_take_over(self, seats: dict[str, str]) -> None:
        """A live game at the position shown, saved at once to a new file."""
        game = self.replay.take_over()
        path = take_over_path(self.replay.game_id)
        session = TakeOverSession(game, seats, path)
        saved = session.save(path)
        self.close()
        if self.taken_over is not None:
            self.taken_over()
        go(self.app, BOARD, session=session)
        if saved is not None:
            self.app.toast(_("Taking over: saved as {name}").format(name=saved.name), GOOD, ttl=4.0)
        else:
            self.app.toast(session.save_error, BAD, ttl=8.0)

    # -- input ------------------------------------------------------------------------------
    def handle(self, it: Intent) -> None:
        if self.handle_modal(it):
            return
        n = it.name
        ch = it.char.lower() if it.char else ""
        if n == "back":
            self.go_back()
        elif n == "cursor" and it.dx:
            self.playing = False
            self.step(it.dx)
        elif n == "cursor" and it.dy:
            self.playing = False
            self.jump_turn(it.dy)
        elif n == "zoom" and it.source != "mouse":          # PgUp / PgDn
            self.playing = False
            self.jump_turn(-it.dy)
        elif n == "zoom":
            self.view.zoom(it.dy, it.pos)
        elif n == "context" and it.source == "pad":        # the pad's X
            self.cycle_view()
        elif n in ("context", "confirm", "click_cursor"):   # Space, Enter, the pad's A
            self.toggle_play()
        elif n == "volume" or n == "cycle":
            self.change_speed(it.dx)
        elif (n == "panel" and it.source == "pad") or ch == "t":     # the pad's Y, T
            self.ask_take_over()
        elif n == "menu" or ch == "g":
            self.playing = False
            self.modal = TurnList(self)
        elif ch == "v":
            self.cycle_view()
        elif n == "help":
            self.modal = ControlsOverlay()
        elif n == "pan":
            self.view.pan(-it.dx * 80, -it.dy * 80)
        elif n == "point" and it.pos:
            self.hover_pos = it.pos
        elif n == "press" and it.button in (2, 3):
            self.drag_from = it.pos
        elif n == "release" and it.button in (2, 3):
            self.drag_from = None
        elif n == "drag" and self.drag_from is not None:
            self.view.pan(it.dx, it.dy)
        elif n == "press" and it.button == 1 and it.pos:
            self.click(it.pos)

    def click(self, pos) -> None:
        if self.timeline.inflate(0, 24).collidepoint(pos):
            self.playing = False
            frac = (pos[0] - self.timeline.x) / max(1, self.timeline.width)
            self.goto(round(frac * self.replay.length))
            return
        for b in self.buttons:
            if b.hit(pos):
                self.press(b.value)
                return

    def press(self, value: str) -> None:
        if value in ("back1", "fwd1"):
            self.playing = False
            self.step(-1 if value == "back1" else 1)
        elif value in ("prev_turn", "next_turn"):
            self.playing = False
            self.jump_turn(-1 if value == "prev_turn" else 1)
        elif value == "play":
            self.toggle_play()
        elif value == "speed":
            self.speed_i = (self.speed_i + 1) % len(SPEEDS)
            self.change_speed(0)
        elif value == "turns":
            self.playing = False
            self.modal = TurnList(self)
        elif value == "view":
            self.cycle_view()
        elif value == "takeover":
            self.ask_take_over()
        elif value == "back":
            self.go_back()

    # -- update ------------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        super().update(dt)
        if self.slide is not None:
            t, dur, moves = self.slide
            self.slide = (t + dt, dur, moves) if t + dt < dur else None
            self._animate()
        if self.modal is not None:
            self.modal.update(dt)
            return
        if not self.playing:
            return
        self.acc += dt * self.speed
        while self.acc >= 1.0 - 1e-9 and self.app.scene is self:
            self.acc -= 1.0
            if self.replay.at_end:
                break
            self.goto(self.replay.pos + 1)
        if self.replay.at_end:
            self.playing = False
            self.acc = 0.0

    def _animate(self) -> None:
        self.ui.moving.clear()
        if self.slide is not None:
            t, dur, moves = self.slide
            for unit, pts in moves:
                self.ui.moving[unit] = along(pts, min(1.0, t / dur))

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        surf.fill((18, 22, 30))
        clip = surf.get_clip()
        surf.set_clip(self.view.area)
        self.view.draw_static(surf)
        self.ui.draw_under(surf, self.view, self.time)
        self._draw_step_cells(surf)
        self.ui.draw(surf, self.view, self.time)
        self._draw_arrows(surf)
        surf.set_clip(clip)
        self._draw_pill(surf)
        self._draw_panel(surf)
        self._draw_bar(surf)
        if self.modal is not None:
            self.modal.draw(surf, self.assets)

    def _draw_step_cells(self, surf) -> None:
        step = self.replay.step_at()
        if step is None:
            return
        cells = self.ui.action_cells(step.action)
        for c in cells[:6]:
            self.view.draw_hex(surf, c, STEP_COLOUR[:3] + (70,))
            self.view.draw_hex(surf, c, STEP_COLOUR[:3] + (235,), width=3)

    def _draw_arrows(self, surf) -> None:
        cells = self.game.board.cells
        for e in self.replay.events_at():
            a, b = e.data.get("frm"), e.data.get("to")
            if e.kind in ("UnitMoved", "UnitRetreated", "UnitAdvanced") and a in cells and b in cells and a != b:
                self.view.draw_arrow(surf, a, b, colour=STEP_COLOUR)

    def _draw_pill(self, surf) -> None:
        text = _("REPLAY  ·  ▶ {n} steps/s").format(n=self.speed) if self.playing else _("REPLAY  ·  paused")
        left = self.ui.top_left
        img = fit_text(self.assets, text, 16, self.map_w - left - 40, (20, 16, 10), bold=True)
        r = img.get_rect(midtop=((left + self.map_w) // 2, 4 + self.ui.top_band)).inflate(18, 6)
        pygame.draw.rect(surf, ACCENT, r, border_radius=8)
        blit_center(surf, img, r.center)

    def _draw_panel(self, surf) -> None:
        w, h = surf.get_size()
        rect = pygame.Rect(self.map_w, 0, w - self.map_w, h - self.bar_h)
        key = (self.replay.pos, self.view_i, rect.size)
        if self._panel_key != key:
            self._panel_key = key
            s = pygame.Surface(rect.size)
            s.fill((18, 22, 30))
            self._render_panel(s)
            self._panel_surf = s.convert() if pygame.display.get_surface() else s
        surf.blit(self._panel_surf, rect.topleft)
        pygame.draw.line(surf, BORDER, (self.map_w, 0), (self.map_w, rect.bottom), 3)

    def _render_panel(self, s: pygame.Surface) -> None:
        rp, a = self.replay, self.assets
        w, h = s.get_size()
        x, pw = 12, w - 20
        spec = self.game.spec()
        title = f"{spec.title}  {spec.local}" if spec.local and spec.local != spec.title else spec.title
        s.blit(fit_text(a, title, 24, pw, ACCENT, bold=True), (x, 10))
        src = rp.source.name if rp.source is not None else _("the game just played")
        s.blit(fit_text(a, _("Replay of {what}").format(what=src), 15, pw, DIM), (x, 40))
        box = pygame.Rect(x - 4, 62, pw + 8, 8)
        y = box.y + 8
        st = dict(self.ui.status())         # (its keys name the values, as the board reads them)
        lines = [_("TURN {turn}").format(turn=st["Turn"]) if st.get("Turn") else "", st.get("Phase", ""),
                 _("★ {init}  cycle {cycle}").format(init=st["Initiative"], cycle=st.get("Cycle", ""))
                 if st.get("Initiative") else "", st.get("Score", "")]
        lines = [t for t in lines if t]
        size = 17 if h >= 520 else 15
        imgs = [fit_text(a, t, size + 2 if i == 0 else size, pw - 12, TEXT, bold=i == 0) for i, t in enumerate(lines)]
        box.height = sum(i.get_height() + 3 for i in imgs) + 14
        panel(s, box, width=2)
        for img in imgs:
            s.blit(img, (x + 4, y))
            y += img.get_height() + 3
        y = box.bottom + 8
        res = self.game.result() if self.game.is_over() else None
        if res is not None:
            t = _("Draw") if res.winner is None else _("{side} wins").format(side=self.ui.side_name(res.winner))
            s.blit(fit_text(a, f"{t} — {tr(res.reason)}", 18, pw, ACCENT, bold=True), (x, y))
            y += 26
        note = self.view_label() if len(self.views) > 1 else self.view_note()
        if note:
            if len(self.views) > 1:
                note = _("{view}  ·  V: change").format(view=note)
            s.blit(fit_text(a, note, 15, pw, DIM), (x, y))
            y += 22
        # what this step did, then the steps before it, going back in time
        first = True
        for pos in range(rp.pos, max(-1, rp.pos - 40), -1):
            step = rp.step_at(pos)
            if step is None and pos > 0:
                continue
            if step is None:
                head, colour = _("Set-up"), DIM
            else:
                head = _("Step {pos} · {side}").format(pos=pos, side=self.ui.side_name(step.seat) if step.seat else "")
                colour = tuple(self.ui.side_colour(step.seat))[:3] if step.seat else DIM
            if not first:
                colour = tuple(int(c * 0.7) for c in colour)
            img = fit_text(a, head, 17 if first else 15, pw, colour, bold=True)
            if y + img.get_height() > h - 6:
                break
            s.blit(img, (x, y))
            y += img.get_height() + 2
            texts = [self.ui.log_text(e) for e in rp.events_at(pos) if first or e.kind != "DiceRolled"]
            texts = [t for t in texts if t]
            if not texts and step is not None:
                texts = [tr(step.action.label())]
            for t in texts:
                img = a.text(t, 16 if first else 14, TEXT if first else DIM, wrap=pw - 10)
                if y + img.get_height() > h - 6:
                    return
                s.blit(img, (x + 10, y))
                y += img.get_height() + 2
            y += 8 if first else 4
            first = False

    def _draw_bar(self, surf) -> None:
        w, h = surf.get_size()
        top = h - self.bar_h
        pygame.draw.rect(surf, (14, 17, 24), (0, top, w, self.bar_h))
        pygame.draw.line(surf, BORDER, (0, top), (w, top), 3)
        rp, tl = self.replay, self.timeline
        n = max(1, rp.length)
        pygame.draw.rect(surf, (40, 44, 56), tl, border_radius=6)
        done = tl.copy()
        done.width = int(tl.width * rp.pos / n)
        if done.width:
            pygame.draw.rect(surf, (120, 96, 40), done, border_radius=6)
        last_label = -999
        cur = rp.turn_index()
        for i, t in enumerate(rp.turns):
            tx = tl.x + int(tl.width * t.pos / n)
            pygame.draw.line(surf, ACCENT if i == cur else (170, 176, 190), (tx, tl.y - 2), (tx, tl.bottom + 2),
                             3 if i == cur else 1)
            lab = self.assets.text(str(t.number), 13, ACCENT if i == cur else DIM, bold=i == cur)
            first = i == 0 or rp.turns[i - 1].number != t.number     # (中原大戰: a round's first turn)
            if (first and tx - last_label >= lab.get_width() + 6) or i == cur:
                surf.blit(lab, lab.get_rect(midbottom=(tx, tl.y - 3)))
                last_label = tx
        px = tl.x + int(tl.width * rp.pos / n)
        pygame.draw.polygon(surf, TEXT, [(px, tl.bottom + 1), (px - 7, tl.bottom + 9), (px + 7, tl.bottom + 9)])
        pygame.draw.rect(surf, TEXT, (px - 2, tl.y - 3, 4, tl.height + 6))
        turn = rp.turn()
        info = _("Turn {turn}").format(turn=turn.number) if turn is not None else _("Set-up")
        surf.blit(fit_text(self.assets, info, 16, INFO_W - 14, ACCENT, bold=True), (tl.right + 14, top + 6))
        surf.blit(fit_text(self.assets, _("step {pos}/{n}").format(pos=rp.pos, n=rp.length), 14, INFO_W - 14, TEXT),
                  (tl.right + 14, top + 26))
        for b in self.buttons:
            label = _(b.label)
            if b.value == "play":
                label = _("Pause") if self.playing else _("▶ Play")
            elif b.value == "speed":
                label = _("Speed {n}×").format(n=self.speed)
            enabled = not ((b.value == "takeover" and self.game.is_over()) or (b.value == "view" and len(self.views) < 2))
            shown = Button(label, b.rect, b.value, size=b.size, primary=b.value == "play", enabled=enabled)
            shown.draw(surf, self.assets, hovered=b.rect.collidepoint(self.hover_pos))


class ScrollList:
    """A column of rows that scrolls to keep the focused one in sight (keys, pad, wheel, clicks)."""

    def __init__(self, rows: list[tuple[str, object]], rect: pygame.Rect, row_h: int = 44, focus: int = 0):
        self.rows = rows
        self.rect = rect
        self.row_h = row_h
        self.focus = max(0, min(len(rows) - 1, focus))
        self.top = 0
        self._scroll_to_focus()

    def place(self, rect: pygame.Rect) -> None:
        """Now at ``rect`` (the window changed): the focused row stays in sight."""
        self.rect = rect
        self.top = max(0, min(self.top, len(self.rows) - self.visible))
        self._scroll_to_focus()

    @property
    def visible(self) -> int:
        return max(1, self.rect.height // self.row_h)

    def _scroll_to_focus(self) -> None:
        if self.focus < self.top:
            self.top = self.focus
        elif self.focus >= self.top + self.visible:
            self.top = self.focus - self.visible + 1

    def handle(self, it: Intent):
        """The value of the row chosen now, else None."""
        if not self.rows:
            return None
        if it.name == "cursor" and it.dy:
            self.focus = (self.focus + it.dy) % len(self.rows)
        elif it.name == "zoom" and it.source == "mouse":
            self.top = max(0, min(len(self.rows) - self.visible, self.top - it.dy))
            return None
        elif it.name == "zoom":                              # PgUp / PgDn: a page
            self.focus = max(0, min(len(self.rows) - 1, self.focus - it.dy * self.visible))
        elif it.name in ("confirm", "click_cursor", "context"):
            return self.rows[self.focus][1]
        elif it.name == "point" and it.pos:
            i = self._row_at(it.pos)
            if i is not None:
                self.focus = i
            return None
        elif it.name == "press" and it.button == 1 and it.pos:
            i = self._row_at(it.pos)
            if i is not None:
                self.focus = i
                return self.rows[i][1]
            return None
        self._scroll_to_focus()
        return None

    def _row_at(self, pos) -> int | None:
        if not self.rect.collidepoint(pos):
            return None
        i = self.top + (pos[1] - self.rect.y) // self.row_h
        return i if 0 <= i < len(self.rows) else None

    def draw(self, surf: pygame.Surface, assets, size: int = 20) -> None:
        for k in range(self.visible):
            i = self.top + k
            if i >= len(self.rows):
                break
            r = pygame.Rect(self.rect.x, self.rect.y + k * self.row_h, self.rect.width, self.row_h - 6)
            focused = i == self.focus
            pygame.draw.rect(surf, (64, 76, 98) if focused else PANEL, r, border_radius=10)
            pygame.draw.rect(surf, FOCUS if focused else BORDER, r, 3 if focused else 1, border_radius=10)
            img = fit_text(assets, self.rows[i][0], size, r.width - 24, TEXT, bold=focused)
            surf.blit(img, img.get_rect(midleft=(r.x + 12, r.centery)))
        if self.top > 0:
            blit_center(surf, assets.text("▲", 16, DIM), (self.rect.right - 14, self.rect.y - 10))
        if self.top + self.visible < len(self.rows):
            blit_center(surf, assets.text("▼", 16, DIM), (self.rect.right - 14, self.rect.bottom + 4))


class TurnList(Overlay):
    """The turns of the replay; choosing one goes to its first step."""

    def __init__(self, scene: ReplayScene):
        self.scene = scene
        rp = scene.replay
        rows = [(_("Set-up"), 0)] + [(tr(t.label), t.pos) for t in rp.turns] + [(_("The end"), rp.length)]
        self.list = ScrollList(rows, self._rects(scene.app.size), row_h=42, focus=rp.turn_index() + 1)

    def _rects(self, size) -> pygame.Rect:
        """The panel's rect (``self.rect``) for the layout ``size``, and its list's."""
        w, h = size
        self.rect = pygame.Rect(w // 2 - min(360, w // 2 - 40), 70, 2 * min(360, w // 2 - 40), h - 140)
        return pygame.Rect(self.rect.x + 20, self.rect.y + 64, self.rect.width - 40, self.rect.height - 100)

    def relayout(self, size) -> None:
        self.list.place(self._rects(size))

    def handle(self, it: Intent) -> None:
        if it.name in ("back", "menu") or (it.char or "").lower() == "g":
            self.done = True
            return
        pos = self.list.handle(it)
        if pos is not None:
            self.scene.goto(pos)
            self.done = True

    def draw(self, surf, assets) -> None:
        dim(surf)
        panel(surf, self.rect, alpha=245)
        blit_center(surf, assets.text(_("Go to a turn"), 30, ACCENT, bold=True), (self.rect.centerx, self.rect.y + 32))
        self.list.draw(surf, assets, 18)
        blit_center(surf, assets.text(_("↑/↓ choose   Enter / A / click: go   Esc / B: close"), 15, DIM),
                    (self.rect.centerx, self.rect.bottom - 16))


class ControlsOverlay(Overlay):
    """The replay's controls (F1, the pad's Back); any key closes it."""

    def handle(self, it: Intent) -> None:
        if it.name not in ("point", "drag", "release", "confirm_up", "pad_added", "pad_removed"):
            self.done = True

    def draw(self, surf, assets) -> None:
        dim(surf)
        w, h = surf.get_size()
        row = max(24, min(34, (h - 170) // len(CONTROLS)))
        r = pygame.Rect(0, 0, min(w - 60, 900), row * len(CONTROLS) + 120)
        r.center = (w // 2, h // 2)
        panel(surf, r, alpha=245)
        surf.blit(assets.text(_("Replay controls"), 30, ACCENT, bold=True), (r.x + 28, r.y + 18))
        y = r.y + 70
        kw = int(r.width * 0.38)
        for keys, what in CONTROLS:
            surf.blit(fit_text(assets, _(keys), 18, kw - 10, ACCENT, bold=True), (r.x + 28, y))
            surf.blit(fit_text(assets, _(what), 18, r.width - kw - 56, TEXT), (r.x + 28 + kw, y))
            y += row
        blit_center(surf, assets.text(_("Esc / any key: close"), 16, DIM), (r.centerx, r.bottom - 20))


class TakeOverOverlay(Overlay):
    """Take over from here: with the replayed game's seats, or chosen on the seats screen."""

    def __init__(self, scene: ReplayScene):
        self.scene = scene
        seats = scene.seats()
        kinds = dict(OPTIONS)
        who = "  ·  ".join(f"{scene.ui.side_name(s)}: {_(kinds[k]) if k in kinds else k}" for s, k in seats.items())
        self.who = who
        self.menu = None
        self.relayout(scene.app.size)

    def relayout(self, size) -> None:
        w, h = size
        self.rect = pygame.Rect(w // 2 - min(420, w // 2 - 30), h // 2 - 190, 2 * min(420, w // 2 - 30), 380)
        items = [(_("Keep the seats"), "keep"), (_("Choose the seats…"), "choose"), (_("Cancel"), "cancel")]
        focus = self.menu.focus if self.menu is not None else 0
        self.menu = Menu(column(items, w // 2, self.rect.y + 150, w=min(440, self.rect.width - 40), h=54, gap=12,
                                size=24), self._choose)
        self.menu.focus = focus

    def _choose(self, b: Button) -> None:
        sc = self.scene
        sc.app.audio.play("click")
        self.done = True
        if b.value == "keep":
            sc.start_take_over(sc.seats())
        elif b.value == "choose":
            sc.modal = None
            sc.choose_seats()

    def handle(self, it: Intent) -> None:
        if it.name == "back":
            self.done = True
            return
        self.menu.handle(it)

    def draw(self, surf, assets) -> None:
        dim(surf)
        panel(surf, self.rect, alpha=245)
        sc, r = self.scene, self.rect
        blit_center(surf, assets.text(_("Take over from here"), 32, ACCENT, bold=True), (r.centerx, r.y + 36))
        turn = sc.replay.turn()
        where = _("Step {pos} of {n}").format(pos=sc.replay.pos, n=sc.replay.length)
        if turn is not None:
            where = f"{where}  ·  {tr(turn.label)}"
        blit_center(surf, fit_text(assets, where, 18, r.width - 40, TEXT), (r.centerx, r.y + 76))
        blit_center(surf, fit_text(assets, self.who, 17, r.width - 40, DIM), (r.centerx, r.y + 106))
        self.menu.draw(surf, assets)
        blit_center(surf, fit_text(assets, _("A new game, saved to a new file; the replayed save is not changed."),
                                   15, r.width - 40, DIM), (r.centerx, r.bottom - 22))


@route(REPLAYS)
class ReplaysScene(Scene):
    """The saves, newest first: choose one to watch it."""
    music = "music_menu"
    name = "replays"

    def __init__(self, app):
        super().__init__(app)
        self.error = ""
        rows = []
        for p in list_saves(REPLAY_LIST):
            rows.append((self._describe(p), p))
        self.rows = rows
        self.list = ScrollList(rows, self._list_rect(), row_h=48)
        self.back = Button(_("◀ Back"), pygame.Rect(30, 20, 150, 50), "back", size=22)

    def _list_rect(self) -> pygame.Rect:
        w, h = self.app.size
        return pygame.Rect(w // 2 - min(480, w // 2 - 40), 120, 2 * min(480, w // 2 - 40), h - 230)

    def place(self) -> None:
        self.list.place(self._list_rect())

    @staticmethod
    def _describe(p: Path) -> str:
        try:
            d = read_save(p)
        except SaveError:
            return _("{name} (damaged)").format(name=p.name)
        from game import rulesets
        try:
            title = rulesets.spec(d["game"]).title
        except KeyError:
            title = d["game"]
        when = str(d.get("meta", {}).get("saved_at", "")).replace("T", " ")[:16]
        return _("{game}  ·  {n} actions  ·  {when}  ·  {name}").format(game=title, n=len(d["actions"]), when=when,
                                                                      name=p.name)

    def go_back(self) -> None:
        self.app.audio.play("click")
        go(self.app, TITLE)

    def handle(self, it: Intent) -> None:
        if it.name == "back" or (it.name == "press" and it.button == 1 and it.pos and self.back.hit(it.pos)):
            self.go_back()
            return
        path = self.list.handle(it)
        if path is not None:
            self.app.audio.play("click")
            if go(self.app, REPLAY, what=path, back=lambda: go(self.app, REPLAYS)) is None:
                self.error = self.app.toasts[-1][0] if self.app.toasts else _("That save cannot be replayed")

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        blit_center(surf, self.assets.text(_("REPLAYS"), 48, ACCENT, bold=True), (w // 2, 60))
        if not self.rows:
            blit_center(surf, self.assets.text(_("No saves yet: play a game first"), 26, DIM), (w // 2, h // 2))
        self.list.draw(surf, self.assets)
        self.back.draw(surf, self.assets)
        if self.error:
            blit_center(surf, fit_text(self.assets, self.error, 17, w - 60, BAD), (w // 2, h - 70))
        footer(surf, self.assets, _("↑/↓ choose    Enter / A / click: watch    Esc / B: back"))
