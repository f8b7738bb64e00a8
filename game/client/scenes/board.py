"""The board scene: one game on screen, composed of its parts (game/client/board/):

================  ==============================================================
``input``         what a key, click or pad button does (BoardInput.handle)
``pacing``        AI turns, the kiosk's pacing, submitting a person's action
``beats``         the game's events as animation beats
``dice``          the dice panel
``threats``       the threat view (T)
``drawing``       the map: still picture, dirty rectangles, lit cells, overlays
``panel``         the side panel: turn, decision, buttons, details, odds, log
``style``         sizes and colours
================  ==============================================================

This module keeps the scene's life: making it, laying it out, each frame's
update, undo, save and load, leaving it, and who may see what (hotseat).

State only changes through ``Session.submit`` (a human's action, taken from
the legal actions through the game plugin), ``Session.poll_ai`` (an AI seat's
action, decided in the AI worker) or ``Session.machine_step`` (the replay).
Events returned by the game become animation beats; what the map shows (the
plugin's display model) follows the beats, so a counter slides before it is
shown in its new hex.

The AI never holds up a frame: its decision is asked for as soon as it is its
turn (while the last move still animates, or a menu is open) and applied when
it has come and the pacing timer has run out; meanwhile the turn panel shows
a spinner ("Soviet Union is thinking…") and every key works.
"""
from __future__ import annotations

from pathlib import Path

import pygame

from ..anim import Sequencer
from ..board.beats import Beats
from ..board.dice import DicePanel
from ..board.drawing import MapDrawing, merge_rects  # noqa: F401  (merge_rects: tests)
from ..board.input import BoardInput
from ..board.pacing import Pacing
from ..board.panel import SidePanel
from ..board.style import DEMO_SPEED, LOG_COLOURS, MAP_FRACTION, PANEL_BG, PANEL_MIN_W  # noqa: F401  (PANEL_MIN_W: tests)
from ..board.threats import ThreatView
from ..board_view import BoardView
from ..dialogs import SaveWarning
from ..gameflow import ask_leave, open_save
from ..games import plugin_for
from ..i18n import _
from ..navigator import BOARD, GAMEOVER, SAVES, TITLE, go, route
from ..padfocus import PanelFocus
from ..session import Session
from ..thumbnails import Thumbnailer
from ..widgets import BAD, DIM, GOOD, TEXT, Banner, Button, LogView, PassDevice, fit_scale
from .base import Scene


@route(BOARD)
class BoardScene(BoardInput, Pacing, Beats, DicePanel, ThreatView, MapDrawing, SidePanel, Scene):
    name = "board"
    music = None

    def __init__(self, app, session: Session, *, demo: bool = False):
        super().__init__(app)
        self.session = session
        self.game = session.game
        self.demo = demo
        self.demo_pill: pygame.Rect | None = None     # where the demo's "which game" pill was drawn
        self.replay = session.replay is not None
        self.ui = plugin_for(self.game, app.assets)
        self.music = app.audio.theme_for(self.game.game_id)    # the game's theme (Scene.enter plays it)
        self.view = BoardView(self.game.board, app.assets, pygame.Rect(0, 0, 100, 100),
                              decorate=self.ui.decorate_static)
        self.log = LogView(pygame.Rect(0, 0, 100, 100), backdrop=PANEL_BG)
        self._layout()
        self.ui.start_view(self.view)
        self.seq = Sequencer()
        self.seq.time_scale = app.time_scale * (DEMO_SPEED if demo else 1.0)
        self.banner: Banner | None = None
        self.modal = None
        self.hover_hex: str | None = None
        self.cursor_hex: str | None = None
        self.show_cursor = False
        self.zoc = False
        self.explain = False                # E: draw the AI's last decision and its alternatives
        self.ai_timer = 0.6
        self.last_seat: str | None = None
        self.dice: dict | None = None       # the dice panel being shown (a combat's stays: see _dice_done)
        self.threat_on = False              # T: the threat view
        self.threat_map: dict = {}          # cell -> Threat, for the position in threat_key
        self.threat_key = None
        self.threat_seat: str | None = None
        self.over_timer = 0.0
        self.paused = False                 # replay pause
        self.drag_from = None
        self.dragged = False
        self.buttons: list[Button] = []
        self.pad_focus = PanelFocus(self)   # pad / keys: the side buttons and the game's panels (Y, F)
        self._buttons_key = None
        self._panel_cache: dict = {}
        self._replaced = False
        self.demo_result_timer = 0.0
        self.privacy_seat: str | None = None  # hotseat: the seat whose secrets may show now
        self.seen_at: dict[str, int] = {}     # hotseat: each seat's place in the events when it last looked
        self.ui.viewer = self.viewer()
        self.ui.single_viewer = len(self.session.human_seats) <= 1
        self.spinner_frames = 0             # frames that drew the thinking spinner
        self.inputs = 0                     # intents handled (a key of the lit-hexes cache)
        self._lit_memo: tuple = (None, None, None)
        self.acts = 0                       # intents handled but the pointer moving (a key of the frame)
        self._frame: tuple = (None, None)   # (what the last frame showed, the app's frame it was drawn in)
        self._drawn: dict | None = None     # where the last frame's moving things were (dirty rectangles)
        self._spun = False                  # the last frame drew the spinner
        if session.executor is None:
            session.executor = app.ai
        session.prepare_ai()
        self.quiet = 0.0                    # input that acts is ignored this long after a question closes
        self.save_warning = SaveWarning(self)
        if session.autosave and session.replay is None and not demo:
            session.on_saved = Thumbnailer(app.assets)      # each save's picture, beside it
            if session.last_save is not None:
                try:
                    session.on_saved(session.last_save, self.game)
                except Exception:           # (a missing picture is drawn as a placeholder)
                    pass
        for ev in self.game.events[-30:]:
            self.log.add(self.ui.log_text(ev), LOG_COLOURS.get(ev.kind, TEXT))
        self.ui.sync()
        self.ui.auto_select()

    def _layout(self) -> None:
        """The map on the left, the side panel on the right, relative to ``app.size``;
        the side panel keeps at least PANEL_MIN_W so its text stays readable."""
        w, h = self.app.size
        self.map_w = min(int(w * MAP_FRACTION), w - PANEL_MIN_W)
        self.view.set_area(pygame.Rect(0, 0, self.map_w, h))
        self.px = self.map_w + 8
        self.pw = w - self.px - 8
        k = fit_scale(self.app.size)        # (a taller log, in larger type, on a large window)
        log_h = round(168 * k) if k > 1.0 else max(120, min(168, h // 4))
        self.log.rect = pygame.Rect(self.px, h - log_h - 8, self.pw, log_h)
        self.log.size = max(17, round(17 * k))

    def relayout(self) -> None:
        self._layout()
        self.ui.start_view(self.view)
        self._buttons_key = self._top_key = self._info_key = None
        super().relayout()                  # (the question or menu open over the board)

    def restyle(self) -> None:
        self.view.forget_pictures()
        for cache in ("_counter_cache", "_blocks", "_pieces"):
            c = getattr(self.ui, cache, None)
            if isinstance(c, dict):
                c.clear()
        self.ui.__dict__.pop("_rows", None)         # (rows of blocks made of those)
        self._buttons_key = self._top_key = self._info_key = None

    def leave(self) -> None:
        self.session.cancel_ai()

    def undo(self) -> bool:
        if not self.session.undo():
            self.app.audio.play("error")
            self.app.toast(_("Nothing to undo (undo stops at the last dice roll)"))
            return False
        self.seq.clear()
        self.dice = None
        self.ui.sync()
        self.ui.selected = None
        self.ui.auto_select()
        self.log.add(_("— undone —"), DIM)
        self.app.audio.play("click")
        self._buttons_key = None
        return True

    def save(self) -> Path | None:
        p = self.session.save()
        if p:
            self.app.toast(_("Saved {name}").format(name=p.name), GOOD)
        return p                            # (a failure: the save warning band says so)

    def load_from(self, path: Path) -> str:
        """Load a save (this game autosaved first); returns an error line ('' when it worked)."""
        self.session.autosave_now()
        err = open_save(self.app, path, self)
        if err:
            self.app.toast(err, BAD)
        return err

    def open_load(self) -> None:
        """The Load screen (Esc there comes back to this board)."""
        go(self.app, SAVES, back=self)

    def quit_to_title(self) -> None:
        """Asks first for a person's unfinished game, and autosaves it."""
        def leave() -> None:
            self.session.close()
            go(self.app, TITLE)
        if not ask_leave(self, leave, "title"):
            leave()

    def ask_quit(self) -> bool:
        """The window's close button or Ctrl+Q (App.request_quit): True when it asked."""
        return ask_leave(self, lambda: self.app.quit(0), "quit")

    def update(self, dt: float) -> None:
        super().update(dt)
        if not self.demo:
            self.seq.speed = self.app.settings["anim_speed"]     # (the player's: changed in settings at once)
        if self.banner:
            self.banner.update(self.seq.scaled(dt))
            if self.banner.done:
                self.banner = None
        was_busy = self.seq.busy
        self.seq.update(dt)
        self._animate_current()
        if was_busy and not self.seq.busy:
            self.ui.sync()
            self.ui.auto_select()
            self._buttons_key = None
        self._ai_status(dt)
        self.save_warning.update(dt)
        self.quiet = max(0.0, self.quiet - dt)
        d = self.dice
        if d is not None and d.get("held") and d.get("until") is not None and self.time >= d["until"]:
            self.dice = None
        self.refresh_threats()
        if self.session.hint_pending:
            self.session.poll_hint()
        if self.modal is not None:
            self.modal.update(dt)
            if self.modal.done:
                self.modal = None
        if self.modal is not None or self.app.scene is not self:
            return
        if self.seq.busy:
            return
        g = self.game
        if g.is_over():
            self._game_over(dt)
            return
        if self.session.machine_to_move():
            if self.demo:                       # the kiosk's loop applies the action when ready
                self.ai_timer -= dt * self.seq.time_scale
                return
            if not self.replay:
                self._ai_step(dt)
                return
            if self.paused:
                return
            self.ai_timer -= dt * self.seq.time_scale
            if self.ai_timer <= 0:
                self.ai_timer = self.pace
                self.machine_step()
            return
        self.ai_timer = min(self.ai_timer, self.pace) if self.ai_timer > 0 else self.pace
        seat = self.session.to_move()
        hotseat_secret = len(self.session.human_seats) > 1 and getattr(g, "hidden_information", False)
        if hotseat_secret:
            if self.ui.private_decision():
                if self.privacy_seat != seat:       # hide everything until the right player is there
                    self.privacy_seat = None
                    self._set_viewer()
                    since = self.seen_at.get(seat)
                    recap = self.ui.recap_lines(self.game.events[since:]) if since is not None else []
                    self.modal = PassDevice(self.ui.side_name(seat), self.ui.side_colour(seat),
                                            on_done=lambda s=seat: self._reveal_to(s), recap=recap)
                    self.last_seat = seat
                    return
            elif self.privacy_seat is not None:
                self.privacy_seat = None
                self._set_viewer()
        if seat != self.last_seat:
            if len(self.session.human_seats) > 1 and self.last_seat is not None:
                if hotseat_secret:
                    self.banner = Banner(f"{self.ui.side_name(seat).upper()}", self.ui.side_colour(seat), 1.1)
                else:
                    self.banner = Banner(_("{side_name}'S TURN").format(side_name=self.ui.side_name(seat).upper()), self.ui.side_colour(seat), 1.1)
            self.last_seat = seat
            self.ui.auto_select()

    def viewer(self) -> str | None:
        """The seat whose secrets the screen may show: the only human seat; in
        hotseat only the seat that took the device for a secret choice; else nobody."""
        if self.demo or self.replay:
            return None
        humans = self.session.human_seats
        if len(humans) == 1:
            return humans[0]
        return self.privacy_seat if len(humans) > 1 else None

    def _set_viewer(self) -> None:
        v = self.viewer()
        if v != self.ui.viewer:
            self.ui.viewer = v
            self.ui.sync()
            self._buttons_key = None
            self._top_key = None
            self._info_key = None

    def _reveal_to(self, seat: str) -> None:
        self.privacy_seat = seat
        self.seen_at[seat] = len(self.game.events)
        self._set_viewer()

    def _game_over(self, dt: float) -> None:
        self.over_timer += dt * self.app.time_scale
        if self.demo:                           # the kiosk's loop shows the summary
            return
        if self.over_timer >= 1.0:
            bg = self.app.screen.copy()
            go(self.app, GAMEOVER, session=self.session, background=bg, from_replay=self.replay,
               original=getattr(self, "original", None))

