"""The board scene: the map, the side panel, animations, input and AI pacing.

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

import math
import random
import time
from pathlib import Path

import pygame

from game.core.errors import IllegalActionError

from ..anim import Beat, Sequencer, along, ease_out_cubic
from ..audio import effect_for
from ..board_view import BoardView
from ..dialogs import QUIET, Confirm, SaveWarning
from ..gameflow import ask_leave, open_save
from ..games import plugin_for
from ..games.base import GameUI
from ..input import Intent
from ..i18n import _
from ..navigator import BOARD, GAMEOVER, SAVES, TITLE, go, route
from ..padfocus import PanelFocus
from ..pause_menu import PauseOverlay
from ..rules_ref import RulesOverlay as HelpOverlay
from ..session import Session
from ..thumbnails import Thumbnailer
from ..threat import draw_threats, draw_threats_under, summary as threat_summary
from ..settings import AI_PACE_SECONDS
from ..widgets import (ACCENT, BAD, BORDER, DIM, GOOD, TEXT, Banner, Button, LogView, PassDevice,
                       blit_center, fit_scale, fit_text, panel, panel_image)
from .base import Scene

from ..i18n import N_, _, language, tr

#: the AI levels as the board names them (who is to move)
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}

MAP_FRACTION = 0.72
PANEL_BG = (18, 22, 30)             # the side panel's colour
PANEL_MIN_W = 330                   # the side panel is never narrower (a 1024-wide window: the map shrinks)
DEMO_SPEED = 1.3                    # the demo's animations run this much faster than a person's game
DEMO_HINT_H = 66                    # the demo's hint box in the side panel
TARGET_COLOURS = {"move": (80, 220, 120, 110), "select": (255, 230, 110, 70), "attack": (240, 60, 50, 120),
                  "retreat": (90, 170, 255, 120), "advance": (80, 220, 120, 120), "resolve": (255, 140, 40, 120)}
ZOC_COLOUR = (200, 40, 200, 70)
EXPLAIN_COLOUR = (255, 190, 60)     # the AI's last decision and its alternatives (E)
HINT_COLOUR = (90, 220, 255)        # a hint: what the normal AI would do (I)
CURSOR_COLOUR = (255, 255, 255, 230)
HOVER_COLOUR = (255, 255, 255, 160)
#: draw only what changed from one frame to the next (False: every frame in full)
DIRTY_RECTS = True
#: the dice panels that stay on screen once rolled (a combat's result), until the next action,
#: a click or a key (or the settings' dice_popup seconds)
HELD_DICE = frozenset({"CombatResolved", "BattleResolved", "BombardmentResolved", "Fire", "LeaderFate"})
#: intents that do not close a held result panel (the pointer moving, the wheel, a pad coming)
PASSIVE_INTENTS = frozenset({"point", "drag", "release", "zoom", "pad_added", "pad_removed", "confirm_up",
                             "log_scroll", "log_newest", "end"})
LOG_COLOURS = {"CombatResolved": ACCENT, "StepLost": BAD, "UnitEliminated": BAD, "GameOver": ACCENT,
               "TurnStarted": (140, 200, 255), "InitiativeChanged": (140, 200, 255), "BridgeBlown": BAD,
               "EndRoll": ACCENT}


@route(BOARD)
class BoardScene(Scene):
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

    # -- layout ----------------------------------------------------------------
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

    # -- pacing ---------------------------------------------------------------
    @property
    def pace(self) -> float:
        """The least time an AI (or replay) move stays on show after its animation: the
        player's AI pace setting (the demo has its own)."""
        if self.demo:
            return 0.45
        return AI_PACE_SECONDS.get(self.app.settings["ai_pace"], 0.6)

    def busy(self) -> bool:
        return self.seq.busy

    def can_act(self) -> bool:
        return (self.modal is None and not self.seq.busy and self.session.human_to_move()
                and not self.demo and not (self.banner and self.banner.elapsed < 0.35)
                and not self.awaiting_pass())

    def awaiting_pass(self) -> bool:
        """Hotseat: a secret decision whose player has not taken the device yet (the
        pass screen comes at the next update; nothing may be done before it)."""
        return (len(self.session.human_seats) > 1 and getattr(self.game, "hidden_information", False)
                and self.ui.private_decision() and self.privacy_seat != self.session.to_move())

    # -- acting ------------------------------------------------------------------
    def submit(self, action) -> bool:
        """Submit a human's action through the session (must be legal now)."""
        if not self.can_act() and not (self.modal is None and self.session.human_to_move()):
            return False
        seat = self.session.to_move()
        try:
            events = self.session.submit(action)
        except IllegalActionError as e:
            self.app.audio.play("error")
            self.app.toast(str(e), BAD)
            return False
        if (getattr(self.game, "hidden_information", False) and len(self.session.human_seats) > 1
                and self.session.to_move() != seat):
            self.session.undo_stack.clear()     # hotseat: no undo back into another player's secrets
        self.app.audio.play("click")
        self.ui.selected = None
        self.dismiss_dice()                     # (the next action closes a combat's result)
        self.play_events(events)
        return True

    def machine_step(self) -> None:
        """The replay's next action (AI seats go through :meth:`_ai_step`)."""
        events = self.session.machine_step()
        self.play_events(events)

    def leave(self) -> None:
        self.session.cancel_ai()

    def thinking(self) -> str | None:
        """The AI seat whose decision the board is waiting for (the spinner shows), or None."""
        s = self.session
        if self.replay or self.seq.busy or s.ai_error or not s.machine_to_move():
            return None
        return s.to_move()

    def _ai_step(self, dt: float) -> None:
        """Apply the AI's action once it has come and the pacing timer has run out."""
        self.ai_timer -= dt * self.seq.time_scale
        if self.ai_timer <= 0:
            # an AI's secret choice (its cards ...) is never explained: its alternatives would tell
            secret = getattr(self.game, "hidden_information", False) and self.ui.private_decision()
            events = self.session.poll_ai()
            if events is not None and secret:
                self.session.explanation = None
            if events is not None:
                self.ai_timer = self.pace
                self.play_events(events)

    def _ai_status(self, dt: float) -> None:
        """Ask for the AI's decision as soon as it is its turn; say when it fails."""
        s = self.session
        if not self.replay and s.machine_to_move():
            s.start_ai()
        if s.load_notice:
            self.app.toast(s.load_notice, ttl=6.0)
            self.log.add(s.load_notice)
            s.load_notice = ""
        if s.ai_notice:
            self.app.toast(s.ai_notice, BAD, ttl=5.0)
            self.log.add(_("AI: {ai_notice}").format(ai_notice=s.ai_notice), BAD)
            s.ai_notice = ""
        if s.ai_error and not self.demo and getattr(self, "_shown_error", "") != s.ai_error:
            self._shown_error = s.ai_error
            self.app.toast(s.ai_error, BAD, ttl=8.0)
            self.log.add(_("AI: {ai_error}").format(ai_error=s.ai_error), BAD)

    def waiting_for_person(self) -> bool:
        """A person could act now (the kiosk's idle timeout counts only then)."""
        if self.game.is_over() or self.modal is not None:
            return True
        return self.session.human_to_move() and not self.seq.busy

    # -- the kiosk's demo (game.client.kiosk.Attract applies the AI's actions) ---------------
    def demo_ready(self) -> bool:
        """The last moves have been shown and the pacing time has run out."""
        return not self.seq.busy and (self.ai_timer <= 0 or self.game.is_over())

    def show_demo_events(self, events: list) -> None:
        self.ai_timer = self.pace
        self.play_events(events)

    def ask_hint(self) -> None:
        """I: what the normal AI would do for the human seat to move (lit like an explanation)."""
        if self.demo or self.replay or not self.session.human_to_move():
            self.app.audio.play("error")
            self.app.toast(_("A hint is for your own decision"))
            return
        if self.session.request_hint():
            self.app.audio.play("click")
            if self.session.current_hint() is None:
                self.app.toast(_("Hint: thinking…"))
        else:
            self.app.audio.play("error")
            self.app.toast(_("No hint for this game yet"))

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

    # -- events -> beats ---------------------------------------------------------------
    def play_events(self, events: list) -> None:
        for ev in events:
            for b in self.beats_for(ev):
                self.seq.add(b)
        self._buttons_key = None

    def _announce(self, ev):
        def start(b: Beat) -> None:
            self.log.add(self.ui.log_text(ev), LOG_COLOURS.get(ev.kind, TEXT))
            if ev.kind not in ("DiceRolled", "CombatResolved"):
                self.app.audio.event(ev, self.session.human_seats)
        return start

    def beats_for(self, ev) -> list[Beat]:
        k, d = ev.kind, ev.data
        ann = self._announce(ev)
        ui = self.ui
        panel_ = ui.dice_for(ev)
        if panel_ is not None:          # a game's own roll (fire, fate table, tribute ...) on the dice panel
            def dstart(b, panel_=panel_):
                ann(b)
                self.dice = dict(panel_, t=0.0, landed=False, ev=ev)
                self.app.audio.play("dice")

            return [Beat("dice", panel_.get("duration", 1.6), {}, on_start=dstart, on_end=self._dice_done)]
        slide = ui.slide_for(ev)
        if slide is not None:
            unit, pts = slide

            def start(b, pts=pts, unit=unit):
                ann(b)
                if pts:
                    ui.moving[unit] = pts[0]

            def end(b, unit=unit):
                ui.moving.pop(unit, None)
                ui.event_shown(ev)

            return [Beat("slide", 0.2 * max(1, len(pts) - 1) + 0.08, {"unit": unit, "points": pts},
                         on_start=start, on_end=end)]
        if k == "ReinforcementArrived":
            def start(b):
                ann(b)
                ui.event_shown(ev)
            return [Beat("flash", 0.45, {"unit": d.get("unit")}, on_start=start,
                         on_end=lambda b: ui.flash.pop(d.get("unit"), None))]
        if k in ("StepLost", "UnitEliminated"):
            unit = d.get("unit")

            def end(b, unit=unit):
                ui.flash.pop(unit, None)
                ui.event_shown(ev)
            return [Beat("flash", 0.6 if k == "StepLost" else 0.8, {"unit": unit}, on_start=ann, on_end=end)]
        if k == "CombatStarted":
            def start(b):
                ann(b)
                self.dice = {"attack_dice": d.get("attack_dice", 0), "defense_dice": d.get("defense_dice", 0),
                             "attack_hits_on": d.get("attack_hits_on", ()), "defense_hits_on": d.get("defense_hits_on", ()),
                             "attackers": d.get("attackers", ()), "defender": d.get("defender"),
                             "modifiers": d.get("modifiers", []), "attack_rolls": None, "defense_rolls": None,
                             "t": 0.0, "landed": False, "result": ""}
            return [Beat("combat", 0.35, dict(d), on_start=start)]
        if k == "DiceRolled":
            return [Beat("log", 0.0, on_start=ann)]
        if k == "CombatResolved":
            def start(b):
                ann(b)
                if self.dice is None:
                    self.dice = {"attack_hits_on": (5, 6), "defense_hits_on": (5, 6), "attackers": d.get("attackers", ()),
                                 "defender": d.get("defender"), "modifiers": []}
                self.dice.update(attack_rolls=tuple(d.get("attack_rolls", ())),
                                 defense_rolls=tuple(d.get("defense_rolls", ())), landed=False, t=0.0,
                                 result=tr(ev.text), ev=ev)
                self.app.audio.play("dice")
            return [Beat("dice", 1.9, dict(d), on_start=start, on_end=self._dice_done)]
        if k == "EndRoll":
            def start(b):
                ann(b)
                self.dice = {"attack_rolls": (d.get("roll", 1),), "defense_rolls": (), "attack_hits_on": (),
                             "defense_hits_on": (), "attackers": (), "defender": None, "modifiers": [],
                             "landed": False, "t": 0.0, "result": tr(ev.text), "title": _("End-of-turn roll"), "ev": None}
                self.app.audio.play("dice")
            return [Beat("dice", 1.6, dict(d), on_start=start, on_end=self._dice_done)]
        if k == "BridgeBlown":
            return [Beat("bridge", 0.7, dict(d), on_start=ann, on_end=lambda b: ui.event_shown(ev))]
        if k == "TurnStarted":
            def start(b):
                ann(b)
                init = d.get("initiative", "")
                self.banner = Banner(_("TURN {turn}").format(turn=d.get('turn', '')), ui.side_colour(init) if init else ACCENT, 1.3,
                                     sub=_("{side_name} holds the initiative").format(side_name=ui.side_name(init)) if init else "")
            return [Beat("banner", 0.9, on_start=start)]
        if k == "GameOver":
            return [Beat("log", 0.6, on_start=ann)]
        if k in ("InitiativeChanged", "InitiativeLost"):
            return [Beat("log", 0.35, on_start=ann)]
        return [Beat("log", 0.0, on_start=ann)]

    # -- the dice panel: a combat's result stays on screen ------------------------------
    def dice_popup_seconds(self) -> float:
        """How long a combat's result stays once the dice have landed (the settings'
        ``dice_popup``, seconds); 0: until the next action, click or key."""
        try:
            v = float(self.app.settings.values.get("dice_popup", 0) or 0)
        except (TypeError, ValueError, AttributeError):
            return 0.0
        return v if 0 < v < 1e6 else 0.0

    def _holds(self, d: dict) -> bool:
        """Does this panel stay after its beat (a combat's result, for a person to read)?"""
        ev = d.get("ev")
        return (not self.demo and not self.replay and ev is not None and ev.kind in HELD_DICE)

    def _dice_done(self, b: Beat | None = None) -> None:
        """A dice beat has ended: its result goes to the log as one line; a combat's panel
        stays (``held``) until the next action, a click or a key (or the settings'
        duration), the others close."""
        d = self.dice
        if d is None or d.get("held"):
            return
        line = self._dice_line(d)
        if line:
            self.log.add(line, ACCENT)
        if not self._holds(d):
            self.dice = None
            return
        d.update(held=True, landed=True, t=max(1.0, d.get("t", 0.0)))
        secs = self.dice_popup_seconds()
        d["until"] = self.time + secs if secs else None

    def dismiss_dice(self) -> bool:
        """Close a held result panel; True if one was open."""
        if self.dice is not None and self.dice.get("held"):
            self.dice = None
            return True
        return False

    def _dice_line(self, d: dict) -> str:
        """The panel as one log line: who, the dice, the odds (where the panel has them), the result."""
        parts = []
        if d.get("attackers"):
            lab = getattr(self.ui, "units_static", {})
            who = " + ".join(lab.get(a, {}).get("label", a) for a in d["attackers"])
            parts.append(f"{who} → {lab.get(d.get('defender'), {}).get('label', d.get('defender'))}")
        elif d.get("heading") or d.get("title"):
            parts.append(str(d.get("heading") or d.get("title")))
        rows = []
        if d.get("rows"):
            rows = [(r[0], r[1], r[3] if len(r) > 3 else ()) for r in d["rows"]]
        elif d.get("title"):                    # one roll of the game's own (the end-of-turn roll ...)
            rows = [(_("rolled"), d.get("attack_rolls"), ())]
        elif d.get("attack_rolls") is not None:
            rows = [(_("attack"), d.get("attack_rolls"), d.get("attack_hits_on", ())),
                    (_("defence"), d.get("defense_rolls"), d.get("defense_hits_on", ()))]
        rolled = False
        for label, rolls, hits_on in rows:
            if rolls:
                rolled = True
                dice = " ".join(str(v) for v in rolls)
                if hits_on:
                    hits = sum(1 for v in rolls if v in hits_on)
                    parts.append(_("{label} {dice}: {hits} hit(s)").format(label=label, dice=dice, hits=hits))
                else:
                    parts.append(f"{label} {dice}")
        if d.get("attack_dice") and d.get("attack_hits_on") and not d.get("rows"):
            from game.systems.combat import pool_odds
            o = pool_odds(d.get("attack_dice", 0), d.get("defense_dice", 0), d["attack_hits_on"],
                          d.get("defense_hits_on", ()))
            parts.append(_("odds: attacker wins {p}").format(p=f"{o.attacker_wins:.0%}"))
        if d.get("result"):
            parts.append(str(d["result"]))
        return " · ".join(parts) if rolled else ""

    # -- the threat view (T) ------------------------------------------------------------
    def threat_viewer(self) -> str | None:
        """Whose units the threat view is about: the seat looking at the screen, else the
        person to move, else the first person's seat (AI against AI: the seat to move)."""
        s = self.session
        if self.ui.viewer:
            return self.ui.viewer
        if s.human_to_move():
            return s.to_move()
        if s.human_seats:
            return s.human_seats[0]
        return s.to_move()

    def toggle_threat(self) -> None:
        if self.threat_on:
            self.threat_on = False
            self.app.toast(_("Threat view off"))
            self.app.audio.play("click")
            return
        if type(self.ui).threats is GameUI.threats:
            self.app.audio.play("error")
            self.app.toast(_(self.ui.threat_unsupported), BAD, ttl=6.0)
            return
        self.threat_on = True
        self.threat_key = None
        self.threat_map = {}
        self.refresh_threats()
        if self.threat_key is None:             # (an animation runs: worked out when it ends)
            self.app.toast(_("Threat view on (T: off)"))
        elif self.threat_on:
            self.app.toast(threat_summary(self.threat_map))
        self.app.audio.play("click")

    def refresh_threats(self) -> None:
        """Work the threat view out again if the position (or the seat) changed; only while
        it is on and no animation runs (what the map shows is then the position)."""
        if not self.threat_on or self.seq.busy:
            return
        seat = self.threat_viewer()
        h = self.game.history
        key = (seat, len(h), h[-1] if h else None, len(self.game.events))
        if key == self.threat_key:
            return
        self.threat_key = key
        self.threat_seat = seat
        try:
            got = self.ui.threats(seat) if seat else None
        except Exception as e:                  # a threat view must never stop a game
            self.threat_map = {}
            self.app.toast(_("Threat view failed: {error}").format(error=e), BAD)
            self.threat_on = False
            return
        self.threat_map = got or {}

    # -- input ---------------------------------------------------------------------
    def handle(self, it: Intent) -> None:
        self.inputs += 1                    # (what the plugin lights may follow any input)
        if it.name != "point":
            self.acts += 1
        if self.modal is not None:
            closing = self.modal
            closing.handle(it)
            if self.modal is not None and self.modal.done:
                self.modal = None
            if isinstance(closing, Confirm) and self.modal is not closing:
                self.quiet = QUIET          # (a question answered: the next press waits a moment)
            return
        if self.save_warning.handle(it):
            return
        if self.pad_focus.handle(it):
            return
        n = it.name
        if self.quiet > 0 and n in ("confirm", "context", "click_cursor", "press"):
            return                          # the second press of a double press on a question
        if n == "press" and it.button == 1 and it.pos and self.log.click(it.pos):
            self.app.audio.play("click")
            return
        if n == "log_scroll":
            self.log.wheel(it.dy)
            return
        if n in ("log_newest", "end"):                   # End: the log's newest events
            if self.log.jump_to_newest():
                self.app.audio.play("click")
            return
        if self.dice is not None and self.dice.get("held") and n not in PASSIVE_INTENTS:
            on_button = n == "press" and it.pos and any(b.rect.collidepoint(it.pos) for b in self.buttons)
            self.dismiss_dice()
            if n in ("back", "confirm", "context", "click_cursor") or (n == "press" and not on_button):
                return                          # the click or key that closes the result does nothing else
        if n == "threat":
            self.toggle_threat()
            return
        if n in ("back", "menu"):
            self.modal = PauseOverlay(self)
            self.app.audio.play("click")
            return
        if n == "help":
            self.modal = HelpOverlay(self.game, self.ui)
            return
        if n == "zoom":
            if it.pos and self.log.rect.collidepoint(it.pos):
                self.log.wheel(it.dy)
            else:
                self.view.zoom(it.dy, it.pos if it.source == "mouse" else None)
            return
        if n == "pan":
            k = 1 if it.source == "pad" else 80         # the right stick: whole pixels each frame
            self.view.pan(-it.dx * k, -it.dy * k)
            return
        if n == "drag" and self.drag_from is not None:
            self.view.pan(it.dx, it.dy)
            self.dragged = True
            return
        if n == "overlay":
            msg = self.ui.toggle_overlay()
            if msg:
                self.app.toast(msg)
                self.app.audio.play("click")
            return
        if n == "zoc" and self.ui.zoc_overlay:
            self.zoc = not self.zoc
            self.app.audio.play("click")
            return
        if n == "explain":
            self.explain = not self.explain
            if not self.explain:
                self.app.toast(_("AI explanations off"))
            elif self.session.last_explanation() is None:     # none yet, or the last was secret
                self.app.toast(_("AI explanations on: shown from the AI's next open decision (a secret choice is never shown)"))
            else:
                self.app.toast(_("AI explanations on: its last decision and the alternatives it weighed"))
            self.app.audio.play("click")
            return
        if n == "hint":
            self.ask_hint()
            return
        if n == "point" and it.pos:
            self.hover_hex = self.view.hex_at(it.pos)
            self.show_cursor = False
            self._hover_pos = it.pos
            self.ui.pointer = it.pos
            return
        if n == "press" and it.button in (2, 3):
            self.drag_from = it.pos
            self.dragged = False
            return
        if n == "release" and it.button in (2, 3):
            if not self.dragged and it.button == 3:
                self.ui.selected = None
                self.ui.auto_select()
            self.drag_from = None
            return
        if self.replay:
            self._replay_input(it)
            return
        if n == "undo":
            self.undo()
            return
        if n == "save":
            self.save()
            return
        if n == "load":
            self.open_load()
            return
        if self.seq.busy:
            if n in ("press", "confirm", "context", "click_cursor"):
                self.seq.skip()
            return
        if n == "cursor":
            start = self.cursor_hex if self.show_cursor else (self.hover_hex or self._selected_hex() or self.cursor_hex)
            self.cursor_hex = self.view.neighbour_in_direction(start, it.dx, it.dy)
            self.show_cursor = True
            self.hover_hex = self.cursor_hex
            if self.cursor_hex:
                self.view.ensure_visible(self.cursor_hex)
            return
        if n == "cycle":
            hexes = self.ui.actable_hexes()
            if hexes:
                cur = self.cursor_hex if self.cursor_hex in hexes else None
                i = (hexes.index(cur) + it.dx) % len(hexes) if cur else 0
                self.cursor_hex = self.hover_hex = hexes[i]
                self.show_cursor = True
                self.view.ensure_visible(hexes[i])
                if self.can_act() and self.ui.targets().get(hexes[i]) == "select":
                    self.ui.select_at(hexes[i])
                self.app.audio.play("click")
            return
        if not self.can_act():
            return
        if n == "press" and it.button == 1 and it.pos:
            for b in self.buttons:
                if b.rect.collidepoint(it.pos):
                    self.press_button(b)
                    return
            res = self.ui.click_at(it.pos, self.view)
            if res is not None:             # a game panel drawn over the map (cards ...) took the click
                self._click_result(res)
                return
            hx = self.view.hex_at(it.pos)
            if hx is not None or it.pos[0] < self.map_w:
                self.click_hex(hx)
            return
        if n == "click_cursor":
            self.click_hex(self.cursor_hex)
            return
        if n == "confirm":
            if self.show_cursor and self.cursor_hex and (self.cursor_hex in self.ui.targets()
                                                         or self.ui.unit_at(self.cursor_hex)):
                self.click_hex(self.cursor_hex)
            else:
                self.main_button()
            return
        if n == "context":
            self.main_button()

    def press_button(self, b: Button) -> None:
        """A side-panel button pressed (a click, or A on the pad's focus ring)."""
        if b.enabled:
            self.submit(b.value)
        else:
            self.app.audio.play("error")
            if b.reason:
                self.app.toast(b.reason, BAD)

    def _replay_input(self, it: Intent) -> None:
        if it.name in ("context", "confirm", "click_cursor") or (it.name == "press" and it.button == 1):
            self.paused = not self.paused
            self.app.toast(_("Replay paused — Space: play, →: step") if self.paused else _("Replay playing"))
        elif it.name == "cursor" and it.dx > 0 and not self.seq.busy:
            if self.session.machine_to_move():
                self.machine_step()

    def _selected_hex(self) -> str | None:
        return self.ui.unit_hex(self.ui.selected) if self.ui.selected else None

    def click_hex(self, hex_: str | None) -> None:
        self._click_result(self.ui.click(hex_))

    def _click_result(self, res) -> None:
        if res.action is not None:
            if res.action in self.game.legal_actions():
                self.submit(res.action)
            else:
                self.app.audio.play("error")
        elif res.error:
            self.app.audio.play("error")
            self.app.toast(res.error, BAD)
        elif res.handled:
            self.app.audio.play("click")
        self._buttons_key = None

    def main_button(self) -> None:
        a = self.ui.main_action()
        if a is not None and a in self.game.legal_actions():
            self.submit(a)
        else:
            self.app.audio.play("error")
            reason = next((c.reason for c in self.ui.choices() if c.primary and c.reason), "")
            if reason:
                self.app.toast(reason, BAD)

    # -- update -----------------------------------------------------------------------
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

    # -- who is looking (hidden information) -----------------------------------------------
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

    def _animate_current(self) -> None:
        b = self.seq.current
        if b is None:
            return
        if b.kind == "slide":
            pts = b.data["points"]
            if pts:
                self.ui.moving[b.data["unit"]] = along(pts, ease_out_cubic(b.t) if len(pts) <= 2 else b.t)
        elif b.kind == "flash":
            self.ui.flash[b.data["unit"]] = 1.0 - abs(b.t * 2 - 1) if b.t < 1 else 0.0
        elif b.kind == "dice" and self.dice is not None:
            self.dice["t"] = b.elapsed
            if not self.dice["landed"] and b.elapsed >= 0.6:
                self.dice["landed"] = True
                ev = self.dice.get("ev")
                if ev is not None:
                    self.app.audio.play(effect_for(ev.kind, ev.data))

    def _game_over(self, dt: float) -> None:
        self.over_timer += dt * self.app.time_scale
        if self.demo:                           # the kiosk's loop shows the summary
            return
        if self.over_timer >= 1.0:
            bg = self.app.screen.copy()
            go(self.app, GAMEOVER, session=self.session, background=bg, from_replay=self.replay,
               original=getattr(self, "original", None))

    # -- drawing ---------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        if isinstance(self.modal, PassDevice):
            self.modal.draw(surf, self.assets)
            self._drawn = None
            return
        area = self.view.area
        full = self._must_redraw(surf)
        moving = [r.clip(area) for r in self.ui.moving_rects(self.view)]
        hover = self.view.hex_rect(self.hover_hex, HOVER_COLOUR, 2).clip(area) \
            if self.hover_hex and not self.show_cursor and self.hover_hex in self.game.board.cells else None
        if full:
            groups = [area]
        else:                               # only where something moved since the frame before
            was = self._drawn
            dirty = []
            if moving != was["moving"]:
                dirty += moving + was["moving"]
            if hover != was["hover"]:
                dirty += [r for r in (hover, was["hover"]) if r]
            groups = merge_rects([r for r in dirty if r.width and r.height])
        self._drawn = None                  # (until this frame is all drawn)
        clip = surf.get_clip()
        if self._apart():                   # the still picture kept; what moves drawn over it
            if full:
                self._draw_still(surf)
            else:
                still, at = self._still
                for g in groups:
                    surf.set_clip(g)
                    surf.blit(still, g.topleft, g.move(-at[0], -at[1]))
            for g in groups:
                self._draw_live(surf, g)
        else:
            for g in groups:
                self._draw_map(surf, g)
        drawn = {"moving": moving, "hover": hover}
        if self.dice is not None and not self._draw_dice_layer(surf, groups, full):
            drawn = None
        if self.banner:
            surf.set_clip(area)
            self.banner.draw(surf, self.assets, area)
        surf.set_clip(clip)
        self._draw_panel(surf, full)
        self.pad_focus.draw(surf)
        if self.demo:
            self._draw_demo_banner(surf)
        elif self.replay:
            t = _("REPLAY  {step}/{total}").format(step=self.session.replay_total - len(self.session.replay or []),
                                                  total=self.session.replay_total) \
                + (_("  — paused") if self.paused else "") + "   " + _("Space: pause  →: step  Esc: menu")
            img = self.assets.text(t, 20, (20, 16, 10), bold=True)
            r = img.get_rect(midtop=(self.map_w // 2, 8)).inflate(24, 10)
            pygame.draw.rect(surf, ACCENT, r, border_radius=8)
            blit_center(surf, img, r.center)
        self.save_warning.draw(surf, self.assets)
        if self.modal is not None:
            self.modal.draw(surf, self.assets)
        self._drawn = drawn

    # dirty rectangles: a frame like the one before draws again only where pieces slid, the
    # hover moved, the dice rolled, the log or the spinner changed; anything else that
    # changes the picture (see _frame_key) draws it all again
    def _frame_key(self, surf):
        """What the picture depends on besides what moves (the pieces sliding, the hover,
        the dice, the log, the spinner); None: draw every frame in full."""
        app, ui, v, g = self.app, self.ui, self.view, self.game
        if (self.modal is not None or self.banner is not None or self.demo or self.replay
                or app.kiosk is not None or app.toasts or app.toast_rects or self.pad_focus.active
                or self.save_warning.text or not DIRTY_RECTS
                or type(self).draw is not BoardScene.draw):     # (a scene that draws more over it: the tutorial)
            return None
        blink = ui.blinking()
        got = self.shown_explanation()
        threats = self.threat_on and bool(self.threat_map) and not self.seq.busy
        lit = self._lit_key()
        if lit is None:                     # (the game's tints change every frame)
            return None
        return (id(surf), surf.get_size(), v.z, v.ox, v.oy, tuple(v.area), lit,
                threats, self.threat_key if threats else None, id(self.threat_map) if threats else None,
                self.seq.busy, id(self.seq.current), self.show_cursor, self.cursor_hex, len(g.history),
                len(g.events), ui.selected, ui.viewer, frozenset(ui.hidden), tuple(sorted(ui.flash.items())),
                frozenset(ui.moving), frozenset(blink), int(self.time * 4) % 2 if blink else 0, ui.draw_key(),
                self.acts, None if got is None else (id(got[0]), got[2]), tuple(ui.arrows()),
                self._dice_box() if self.dice is not None else None, self.assets.palette.name)

    def _must_redraw(self, surf) -> bool:
        """Draw this frame in full? (Not the next one of the frames before, on the same surface,
        with nothing changed but what moves.)"""
        key = self._frame_key(surf)
        serial = getattr(self.app, "frames", None)
        last = self._frame
        self._frame = (key, serial)
        return (key is None or serial is None or self._drawn is None or last[0] != key
                or last[1] is None or serial != last[1] + 1)

    def _apart(self) -> bool:
        """Does the game draw its pieces on their way apart from the rest (``draw_moving``)?
        Then the map keeps a still picture (all but the hover and those pieces), and a frame
        draws the hover and the moving pieces over it where they change."""
        return type(self.ui).draw_moving is not GameUI.draw_moving

    def _draw_still(self, surf) -> None:
        """The whole map area without the hover and the pieces on their way, kept as the
        still picture (a copy in the screen's format)."""
        area = self.view.area
        self.ui.still_only = True
        try:
            self._draw_map(surf, area, hover=False)
        finally:
            self.ui.still_only = False
        kept = getattr(self, "_still", None)
        if kept is None or kept[0].get_size() != area.size or kept[0].get_masks() != surf.get_masks():
            kept = (pygame.Surface(area.size, 0, surf), area.topleft)
        kept[0].blit(surf, (0, 0), area)
        self._still = (kept[0], area.topleft)

    def _draw_live(self, surf, clip) -> None:
        """Over the still picture, inside ``clip``: the hover's outline and the pieces on their way."""
        surf.set_clip(clip.clip(self.view.area))
        if self.hover_hex and not self.show_cursor:
            self.view.draw_hex(surf, self.hover_hex, HOVER_COLOUR, width=2)
        if self.ui.moving:
            self.ui.draw_moving(surf, self.view, self.time)

    def _draw_map(self, surf, clip, hover: bool = True) -> None:
        """The map area inside ``clip``: the map, the lit hexes, the hover (``hover``), the
        pieces and what the game draws over them, the explanation, arrows and the cursor
        (not the dice)."""
        surf.set_clip(clip.clip(self.view.area))
        self._draw_lit(surf)
        threats = self.threat_on and self.threat_map and not self.seq.busy
        if threats:
            draw_threats_under(surf, self.view, self.threat_map, self.ui.unit_hex)
            if not self.ui.threat_over_counters:
                draw_threats(surf, self.view, self.assets, self.threat_map)
        if hover and self.hover_hex and not self.show_cursor:
            self.view.draw_hex(surf, self.hover_hex, HOVER_COLOUR, width=2)
        self.ui.draw(surf, self.view, self.time)
        self._draw_explanation(surf)
        if threats and self.ui.threat_over_counters:
            draw_threats(surf, self.view, self.assets, self.threat_map)
        for a, b in self.ui.arrows():
            self.view.draw_arrow(surf, a, b)
        if self.show_cursor and self.cursor_hex:
            self.view.draw_hex(surf, self.cursor_hex, CURSOR_COLOUR, width=4)

    def _draw_dice_layer(self, surf, groups, full: bool) -> bool:
        """The dice panel over the map. Kept: the map under the panel (brought up to date
        where the map drew again), the panel itself on a layer of its own (drawn again only
        when what it says changes) and the two together; a frame draws the dice tumbling,
        and only when they turn (or the map under them drew again). False: the next frame
        must be drawn in full."""
        area = self.view.area
        box = pygame.Rect(self._dice_box()).clip(area)
        if not (box.width and box.height):
            surf.set_clip(area)
            self._draw_dice(surf)
            return False
        d = self.dice
        full_box = pygame.Rect(self._dice_box())
        t = d.get("t", 0.0)
        skey = (tuple(full_box), repr([(k, v) for k, v in d.items() if k not in ("t", "until", "ev")]), t >= 0.6,
                language(), self.assets.palette.name)     # (what the panel says, in which words and colours)
        rkey = (skey, int(t * 14))          # (the tumbling dice turn 14 times a second)
        if getattr(self, "_dice_key", None) != skey:        # the panel: drawn on its own layer
            layer = pygame.Surface(full_box.size, pygame.SRCALPHA)
            self._draw_dice(layer, "panel", at=(0, 0))
            self._dice_layer = layer
            self._dice_key = skey
            full = True
        board = getattr(self, "_dice_board", None)
        if full or board is None or board.get_size() != box.size or self._dice_at != box.topleft:
            self._dice_board = board = surf.subsurface(box).copy()
            self._dice_under = board.copy()
            self._dice_at = box.topleft
            again = [box]
        else:                               # the map drew again there: the panel over it too
            again = [r for r in (g.clip(box) for g in groups) if r.width and r.height]
            for r in again:
                board.blit(surf, (r.x - box.x, r.y - box.y), r)
        under, layer = self._dice_under, self._dice_layer
        lx, ly = box.x - full_box.x, box.y - full_box.y
        for r in again:                     # the map and the panel over it, where the map changed
            local = r.move(-box.x, -box.y)
            under.blit(board, local.topleft, local)
            under.blit(layer, local.topleft, local.move(lx, ly))
        if not again and rkey == getattr(self, "_dice_rolled", None):
            return self._dice_inside        # (nothing under the dice changed, nor the dice)
        surf.set_clip(area)
        gone = again if again and again[0] == box else \
            merge_rects([r for r in again + [r.clip(box) for r in self._dice_drawn] if r.width and r.height])
        for r in gone:                      # where the dice were: the panel again
            if r.width and r.height:
                surf.blit(under, r.topleft, r.move(-box.x, -box.y))
        plans = getattr(self, "_dice_plans", None)
        if plans is None or plans[0] != skey:
            plans = self._dice_plans = (skey, {})
        plan = plans[1].get(rkey[1])
        if plan is None:                    # (a roll shows the same few turns of the dice: kept)
            plan = plans[1][rkey[1]] = []
            self._draw_dice(surf, "rolling", plan=plan)
        drawn = [surf.blit(img, at) for img, at in plan]
        self._dice_rolled, self._dice_drawn = rkey, drawn
        self._dice_inside = all(box.contains(r) for r in drawn)
        return self._dice_inside            # (a die over the panel's edge: the next frame in full)

    def _lit_key(self):
        """What the map's cached picture (the game's tints, the lit hexes) shows; None: it
        changes every frame."""
        lit = self.can_act() or (self.session.human_to_move() and not self.demo)
        g, ui = self.game, self.ui
        # the ZOC and the targets follow the game, the plugin's selection, the display
        # model (changed as each animation beat ends) and input: listed again only then
        mkey = (id(g), len(g.history), len(g.events), ui.selected, ui.viewer, self.seq.busy,
                id(self.seq.current), self.inputs, self.zoc, lit)
        if self._lit_memo[0] != mkey:
            zoc = (ui.zoc_hexes() if hasattr(ui, "zoc_hexes") else ()) if self.zoc else ()
            targets = ui.targets() if lit else {}
            self._lit_memo = (mkey, (zoc, targets), (frozenset(zoc), tuple(targets.items())))
        under = ui.under_key()
        return None if under is None else (under,) + self._lit_memo[2]

    def _draw_lit(self, surf) -> None:
        """The map, the game's tints under the pieces and the lit hexes (ZOC, targets):
        one cached picture, drawn again only when one of them or the camera changes."""
        key = self._lit_key()
        zoc, targets = self._lit_memo[1]

        def paint(s):
            self.ui.draw_under(s, self.view, self.time)
            self._draw_overlays(s, zoc, targets)
        self.view.draw_lit(surf, key, paint)

    def _draw_overlays(self, surf, zoc, targets) -> None:
        if zoc:
            self.view.draw_hexes(surf, zoc, ZOC_COLOUR)
        if targets:
            for h, kind in targets.items():
                col = TARGET_COLOURS.get(kind, (255, 255, 255, 80))
                if kind == "select":   # units that can act: a bright outline
                    self.view.draw_hex(surf, h, (255, 240, 120, 235), width=4)
                else:
                    self.view.draw_hex(surf, h, col)
                    self.view.draw_hex(surf, h, col[:3] + (230,), width=3)

    def shown_explanation(self):
        """(explanation, colour, title) to draw: the hint for this position if one was asked
        for, else (explain toggle on) the AI's last decision; None when there is nothing to show."""
        if self.demo and not self.explain:
            return None
        hint = self.session.current_hint() if not self.replay else None
        if hint is not None:
            return hint, HINT_COLOUR, _("Hint: the normal AI would")
        if self.explain:
            ex = self.session.last_explanation()
            if ex is not None:
                who = self.ui.side_name(ex.seat)
                return ex, EXPLAIN_COLOUR, _("{who} ({level}) chose").format(who=who, level=ex.level)
        return None

    def alt_text(self, alt) -> str:
        """An alternative the AI weighed, in the player's words: its actions (a plan's first
        three) as the game's UI words them."""
        acts = alt.actions()
        text = " → ".join(self.ui.action_text(a) for a in acts[:3])
        return text + (" …" if len(acts) > 3 else "")

    def _draw_explanation(self, surf) -> None:
        """Light the cells of the top alternatives, each with its number (visits for hard,
        score for easy and normal); the chosen one outlined. A list in the map's corner names
        them all, including choices that have no cell (end the phase, pass)."""
        got = self.shown_explanation()
        if got is None:
            return
        ex, colour, title = got
        alts = list(ex.alternatives[:5])
        labelled: set[str] = set()
        for rank, alt in enumerate(alts):
            cells = self.ui.action_cells(alt.action)
            if not cells:
                continue
            a = 150 if alt.chosen else max(50, 120 - 22 * rank)
            head = cells[0]
            self.view.draw_hex(surf, head, colour[:3] + (a,))
            if alt.chosen:
                self.view.draw_hex(surf, head, colour[:3] + (255,), width=5)
                for c in cells[1:2]:
                    self.view.draw_hex(surf, c, colour[:3] + (200,), width=3)
            if head in labelled:
                continue
            labelled.add(head)
            x, y = self.view.hex_center(head)
            img = self.assets.text(_alt_number(ex, alt), 18, (20, 16, 10), bold=True)
            box = img.get_rect(center=(int(x), int(y + self.view.hex_size() * 0.28))).inflate(10, 4)
            pygame.draw.rect(surf, colour, box, border_radius=6)
            pygame.draw.rect(surf, (20, 16, 10), box, 1, border_radius=6)
            surf.blit(img, img.get_rect(center=box.center))
        area = self.view.area
        lines = [(f"{title}:", True)] + [(f"{'▶ ' if alt.chosen else '   '}{self.alt_text(alt)}  —  {_alt_number(ex, alt)}",
                                          alt.chosen) for alt in alts]
        if ex.iterations:
            lines.append((_("{iterations} simulations in {seconds:.1f} s").format(iterations=ex.iterations, seconds=ex.seconds), False))
        imgs = [fit_text(self.assets, t, 17, area.width // 2, colour if bold else TEXT, bold=bold) for t, bold in lines]
        bw = max(i.get_width() for i in imgs) + 20
        bh = sum(i.get_height() + 3 for i in imgs) + 12
        box = pygame.Rect(area.x + 10, area.bottom - bh - 10, bw, bh)
        panel(surf, box, colour=(14, 16, 22), border=colour, alpha=225)
        y = box.y + 6
        for i in imgs:
            surf.blit(i, (box.x + 10, y))
            y += i.get_height() + 3

    def _die_face(self, v: int, size: int, hit: bool) -> pygame.Surface:
        key = ("die", v, size, hit)
        c = self._panel_cache.get(key)
        if c is None:
            img = self.assets.scaled(f"common/dice_{'hit_' if hit else ''}{v}.png", size, size)
            if img is None:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.rect(img, (250, 246, 236) if not hit else (255, 214, 80), img.get_rect(), border_radius=size // 6)
                pygame.draw.rect(img, (30, 26, 20) if not hit else (200, 40, 30), img.get_rect(), 3, border_radius=size // 6)
                pips = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
                        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
                        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
                        6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)]}[v]
                for px, py in pips:
                    pygame.draw.circle(img, (20, 16, 12) if v != 1 else (200, 30, 30), (px * size, py * size), size * 0.09)
            self._panel_cache[key] = c = img
        return c

    def _dice_rows(self) -> list:
        d = self.dice
        rows = []
        if d.get("attack_rolls") is not None or d.get("attack_dice"):
            rows.append((_("ATTACK"), d.get("attack_rolls"), d.get("attack_dice", 0), d.get("attack_hits_on", ())))
        if d.get("defense_rolls") or d.get("defense_dice"):
            rows.append((_("DEFENCE"), d.get("defense_rolls"), d.get("defense_dice", 0), d.get("defense_hits_on", ())))
        if d.get("title"):
            rows = [(d["title"], d.get("attack_rolls"), 1, ())]
        if d.get("rows"):
            rows = [tuple(r) for r in d["rows"]]
        return rows

    def _dice_box(self) -> tuple:
        """Where the dice panel is drawn (x, y, w, h)."""
        d, rows, area = self.dice, self._dice_rows(), self.view.area
        key = (tuple((str(r[0]), -1 if r[1] is None else len(r[1]), r[2]) for r in rows), bool(d.get("held")),
               tuple(area), self.assets.palette.name)
        memo = getattr(self, "_box_memo", None)
        if memo is not None and memo[0] == key:
            return memo[1]
        box = self._dice_box_of(d, rows, area)
        self._box_memo = (key, box)
        return box

    def _dice_box_of(self, d, rows, area) -> tuple:
        size = 58
        width = max(560, max((len(r[1] or ()) if r[1] is not None else r[2]) * (size + 10)
                             + max(270, self.assets.text(str(r[0]), 20, TEXT, bold=True).get_width() + 150)
                             for r in rows)) if rows else 560
        width = min(width, area.width - 40)
        height = 70 + len(rows) * (size + 24) + 50 + (18 if d.get("held") else 0)
        box = pygame.Rect(0, 0, width, height)
        box.center = (area.centerx, area.centery)
        return tuple(box)

    def _draw_dice(self, surf, part: str = "all", at=None, plan: list | None = None) -> list[pygame.Rect]:
        """The dice panel: ``part`` "all", "panel" (all but the dice rolling) or "rolling"
        (only those: they tumble over the rest); ``at``: its top left there instead (a
        layer of its own, transparent round it); ``plan`` (a list): the rolling dice's
        (image, top left) put in it, not drawn. Returns where the rolling dice were drawn."""
        d = self.dice
        drawn: list[pygame.Rect] = []
        panel_ = part != "rolling"
        t = d.get("t", 0.0)
        rows = self._dice_rows()
        size = 58
        box = pygame.Rect(self._dice_box())
        if at is not None:
            box.topleft = at
        width = box.width
        if panel_ and at is not None:       # (its own layer: the translucent colour written as it is)
            pygame.draw.rect(surf, (20, 22, 30, 235), box, border_radius=12)
            pygame.draw.rect(surf, ACCENT, box, 3, border_radius=12)
        elif panel_:
            panel(surf, box, colour=(20, 22, 30), border=ACCENT, alpha=235)
        who = ""
        if d.get("attackers"):
            lab = self.ui.units_static if hasattr(self.ui, "units_static") else {}
            who = " + ".join(lab.get(a, {}).get("label", a) for a in d["attackers"])
            who += f"  →  {lab.get(d['defender'], {}).get('label', d['defender'])}"
        if panel_:
            blit_center(surf, fit_text(self.assets, who or d.get("heading") or d.get("title") or _("Dice"), 26, width - 30,
                                       ACCENT, bold=True),
                        (box.centerx, box.y + 28))
        rng = random.Random(int(t * 14))
        y = box.y + 62
        landed = t >= 0.6
        for label, rolls, n, hits_on in rows:
            limg = fit_text(self.assets, label, 20, max(120, box.width - 260), TEXT, bold=True)
            if panel_:
                surf.blit(limg, (box.x + 18, y + size // 2 - 12))
            if hits_on and panel_:
                hs = _("hits on {hits_on}").format(hits_on="-".join(map(str, hits_on)))
                surf.blit(self.assets.text(hs, 15, DIM), (box.x + 18, y + size // 2 + 10))
            count = len(rolls) if rolls is not None else n
            x = box.x + max(150, limg.get_width() + 36)
            hits = 0
            for i in range(count):
                if rolls is None or not landed:
                    v = rng.randint(1, 6)
                    img = self._tumbling(v, size, rng.uniform(-35, 35))
                    jx, jy = rng.uniform(-5, 5), rng.uniform(-8, 8)
                    at_ = img.get_rect(center=(x + size // 2 + jx, y + size // 2 + jy))
                    if plan is not None:
                        plan.append((img, at_.topleft))
                    elif part != "panel":
                        drawn.append(surf.blit(img, at_))
                    x += size + 10
                    continue
                else:
                    v = rolls[i]
                    hit = v in hits_on
                    hits += hit
                    img = self._die_face(v, size, hit)
                    jx = jy = 0
                if panel_:
                    surf.blit(img, img.get_rect(center=(x + size // 2 + jx, y + size // 2 + jy)))
                x += size + 10
            if landed and rolls is not None and hits_on and panel_:
                tag = self.assets.text((_("{hits} hit") if hits == 1 else _("{hits} hits")).format(hits=hits), 24, GOOD if hits else DIM, bold=True)
                surf.blit(tag, tag.get_rect(midright=(box.right - 18, y + size // 2)))
            if count == 0 and panel_:
                surf.blit(self.assets.text(_("no dice"), 20, DIM), (x, y + size // 2 - 10))
            y += size + 24
        if landed and d.get("result") and panel_:
            blit_center(surf, fit_text(self.assets, d["result"], 24, width - 30, TEXT, bold=True),
                        (box.centerx, box.bottom - 30 - (18 if d.get("held") else 0)))
        if d.get("held") and panel_:
            blit_center(surf, self.assets.text(_("click or press a key to close"), 15, DIM),
                        (box.centerx, box.bottom - 16))
        return drawn

    def _tumbling(self, v: int, size: int, angle: float) -> pygame.Surface:
        """A die face turned by ``angle`` (kept: a roll shows the same few each time)."""
        key = ("tumble", v, size, angle)
        img = self._panel_cache.get(key)
        if img is None:
            if len(self._panel_cache) > 600:
                self._panel_cache.clear()
            img = self._panel_cache[key] = pygame.transform.rotate(self._die_face(v, size, False), angle)
        return img


    def _draw_demo_banner(self, surf) -> None:
        """The pill that says which game is on show, and what input does here."""
        spec = self.game.spec()
        name = f"{spec.title}  {spec.local}" if spec.local and spec.local != spec.title else spec.title
        left = self.ui.top_left             # (beside and below the game's own top panels)
        img = fit_text(self.assets, _("DEMO  ·  {name}").format(name=name), 24, self.map_w - left - 60, (20, 16, 10), bold=True)
        r = self.demo_pill = img.get_rect(midtop=((left + self.map_w) // 2, 10 + self.ui.top_band)).inflate(30, 12)
        pygame.draw.rect(surf, ACCENT, r, border_radius=10)
        blit_center(surf, img, r.center)
        if self.game.is_over():
            res = self.game.result()
            txt = (_("Draw") if res.winner is None else _("{side_name} wins").format(side_name=self.ui.side_name(res.winner))) + f" — {tr(res.reason)}"
            self.banner_static(surf, txt)

    def banner_static(self, surf, text: str) -> None:
        area = self.view.area
        band = pygame.Rect(area.x, area.centery - 50, area.width, 100)
        panel(surf, band, colour=(10, 12, 18), border=ACCENT, radius=0, alpha=220)
        blit_center(surf, fit_text(self.assets, text, 44, band.width - 40, ACCENT, bold=True), band.center)

    # side panel ----------------------------------------------------------------------
    def _rebuild_buttons(self) -> None:
        key = (len(self.game.history), self.ui.selected, self.seq.busy, self.session.human_to_move(), self.demo,
               self.replay)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.buttons = []
        if not self.session.human_to_move() or self.seq.busy or self.demo or self.replay:
            return
        choices = self.ui.choices()
        n = len(choices)
        h = 56 if n <= 4 else 44
        y = 214
        for c in choices[:6]:
            rect = pygame.Rect(self.px, y, self.pw, h)
            self.buttons.append(Button(c.label, rect, c.action, enabled=c.enabled, primary=c.primary,
                                       hint=_("Space") if c.primary else "", size=24 if n <= 4 else 20, reason=c.reason))
            y += h + 8

    def _panel_key(self) -> tuple:
        mouse = getattr(self, "_hover_pos", (-1, -1))
        hb = next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(mouse)), -1)
        return (len(self.game.history), len(self.game.events), self.seq.busy, self.ui.selected, hb,
                self.session.human_to_move(), self.demo, self.replay, self.session.can_undo(),
                self.session.ai_error)

    def _draw_panel(self, surf, full: bool = True) -> None:
        """The side panel, re-rendered only when what it shows changes (and, ``full``
        False, drawn only where it changed since the frame before)."""
        self._rebuild_buttons()
        w, h = surf.get_width() - self.map_w, surf.get_height()
        key = self._panel_key()
        top = getattr(self, "_top_key", None) != key
        if top:
            self._top_key = key
            s = pygame.Surface((w, h))
            s.fill(PANEL_BG)
            self._draw_panel_top(s, -self.map_w)
            self._top_surf = s.convert() if pygame.display.get_surface() else s
            self._info_key = None
        info_top = 214 + (len(self.buttons) * 64 if self.buttons else 0) + 4
        info_top = max(info_top, 340) if self.buttons else 214
        bottom = self.log.rect.y - 8
        hint = self.app.demo_hints() if self.demo else ""
        if hint:                                # the demo: what input does, above the log
            bottom -= DEMO_HINT_H + 8
        info = pygame.Rect(self.px, info_top, self.pw, max(1, bottom - info_top))
        ikey = (key, self.hover_hex, info.topleft, self.ui.hover_key(), self.threat_on, self.threat_key)
        changed = []
        if getattr(self, "_info_key", None) != ikey:
            self._info_key = ikey
            s = getattr(self, "_info_surf", None)
            if s is None or s.get_size() != info.size or s.get_masks() != surf.get_masks():
                s = self._info_surf = pygame.Surface(info.size, 0, surf)    # (the screen's format: a plain copy)
            s.set_clip(None)
            s.fill(PANEL_BG)
            self._draw_info(s, pygame.Rect(0, 0, info.width, info.height))
            changed.append(info)
        if self.log.prepare(self.assets):
            changed.append(self.log.rect)
        seat = self.thinking()
        spin = pygame.Rect(0, 0, 64, 80)
        spin.midtop = (self.px + self.pw - 26, 112 + 44 - 22)
        if seat or self._spun:
            changed.append(spin)
        self._spun = bool(seat)
        whole = pygame.Rect(self.map_w, 0, w, h)
        clip = surf.get_clip()
        for r in ([whole] if full or top else changed):
            if r is info and info.height > 60:  # (opaque, over nothing else that changed)
                surf.set_clip(None)
                surf.blit(self._info_surf, info.topleft)
                continue
            if r is self.log.rect and not (seat and r.colliderect(spin)) and not hint:
                surf.set_clip(r.clip(whole))    # (opaque too, its box and all)
                self.log.draw(surf, self.assets)
                continue
            surf.set_clip(r.clip(whole))
            surf.blit(self._top_surf, (self.map_w, 0))
            if seat and surf.get_clip().colliderect(spin):
                self._draw_spinner(surf, (self.px + self.pw - 26, 112 + 44), self.ui.side_colour(seat))
            if hint:
                self._draw_demo_hint(surf, pygame.Rect(self.px, bottom + 8, self.pw, DEMO_HINT_H), hint)
            if info.height > 60:
                surf.blit(self._info_surf, info.topleft)
            self.log.draw(surf, self.assets)
        surf.set_clip(clip)
        pygame.draw.line(surf, BORDER, (self.map_w, 0), (self.map_w, h), 3)     # (over the map's edge too)

    def _draw_demo_hint(self, surf, rect: pygame.Rect, hint: str) -> None:
        panel(surf, rect, colour=(30, 26, 14), border=ACCENT, width=2)
        lines = [p.strip() for p in hint.split("·")]
        y = rect.y + 10
        for i, line in enumerate(lines[:2]):
            line = line[:1].upper() + line[1:]
            img = fit_text(self.assets, ("▶ " if i == 0 else "") + line, 20 if i == 0 else 17, rect.width - 20,
                           ACCENT if i == 0 else TEXT, bold=i == 0)
            surf.blit(img, (rect.x + 12, y))
            y += img.get_height() + 4

    def _draw_panel_top(self, surf, dx: int) -> None:
        px, pw = self.px + dx, self.pw
        # status bar
        st = dict(self.ui.status())
        bar = pygame.Rect(px, 8, pw, 96)
        panel(surf, bar, width=2)
        if st:
            narrow = pw < 330                   # (a small window: the turn smaller, the phase on two lines)
            turn = self.assets.text(_("TURN {turn}").format(turn=st.get('Turn', '')), 24 if narrow else 30, ACCENT,
                                    bold=True)
            surf.blit(turn, (bar.x + 12, bar.y + 8))
            px_ = bar.x + 12 + turn.get_width() + 12 if narrow else max(bar.x + 170, bar.x + turn.get_width() + 26)
            room = bar.right - 10 - px_
            text = st.get("Phase", "")
            phase = fit_text(self.assets, text, 22, room, TEXT, bold=True, min_size=15)
            if self.assets.text(text, 15, TEXT, bold=True).get_width() > room:     # (cut: on two lines)
                for size in (15, 14):
                    phase = self.assets.text(text, size, TEXT, bold=True, wrap=room)
                    if phase.get_height() <= 44:
                        break
            surf.blit(phase, (px_, bar.y + 14 if phase.get_height() < 30 else bar.y + 6))
            init = st.get("Initiative", "")
            if init:
                chip = pygame.Rect(bar.x + 12, bar.y + 54, 150, 32)
                pygame.draw.rect(surf, self.ui.side_colour(init), chip, border_radius=8)
                blit_center(surf, self.assets.text(_("★ {init}  cycle {cycle}").format(init=init, cycle=st.get('Cycle', '')), 17,
                                                   (20, 16, 12) if init == "JP" else (255, 255, 255), bold=True),
                            chip.center)
                surf.blit(fit_text(self.assets, st.get("Score", ""), 24, pw - 180, TEXT, bold=True),
                          (bar.x + 172, bar.y + 56))
            else:
                surf.blit(fit_text(self.assets, st.get("Score", ""), 22, pw - 24, TEXT, bold=True),
                          (bar.x + 12, bar.y + 58))
        # prompt
        d = self.game.pending()
        pr = pygame.Rect(px, 112, pw, 94)
        if d is not None:
            seat = d.seat
            kind = self.session.seats.get(seat, "human")
            who = (_("{side} — you") if kind == "human" else _("{side} — AI ({level})")).format(
                side=self.ui.side_name(seat), level=_(LEVEL_NAMES.get(kind, kind)))
            if self.replay:
                who = _("{side_name} — replay").format(side_name=self.ui.side_name(seat))
            pygame.draw.rect(surf, self.ui.side_colour(seat), (px, pr.y, 8, pr.height), border_radius=4)
            surf.blit(fit_text(self.assets, who, 20, pw - 20, self.ui.side_colour(seat), bold=True), (px + 16, pr.y))
            text = tr(d.prompt) if (self.session.human_to_move() and not self.seq.busy) else (
                "…" if self.seq.busy else _("{side_name} is thinking…").format(side_name=self.ui.side_name(seat)))
            colour, wrap = TEXT, pw - 20
            if self.session.ai_error and not self.replay and not self.seq.busy:
                text, colour = _("The AI cannot move: {ai_error}").format(ai_error=self.session.ai_error), BAD
            elif self.thinking():
                wrap = pw - 64                  # room for the spinner
            for size in (22, 20, 18, 16, 14):
                img = self.assets.text(text, size, colour, bold=True, wrap=wrap)
                if img.get_height() <= pr.height - 28:
                    break
            surf.blit(img, (px + 16, pr.y + 28))
        else:
            res = self.game.result()
            if res:
                t = _("Draw") if res.winner is None else _("{side_name} wins").format(side_name=self.ui.side_name(res.winner))
                img = fit_text(self.assets, t, 30, pw - 16, ACCENT, bold=True, min_size=18)
                if img.get_width() > pw - 16:
                    img = self.assets.text(t, 18, ACCENT, bold=True, wrap=pw - 16)
                surf.blit(img, (px + 8, pr.y))
                surf.blit(self.assets.text(tr(res.reason), 20, TEXT, wrap=pw - 16), (px + 8, pr.y + img.get_height() + 4))
        # buttons
        mouse = getattr(self, "_hover_pos", (-1, -1))
        for b in self.buttons:
            hb = Button(b.label, b.rect.move(dx, 0), b.value, b.enabled, b.hint, b.primary, b.size, b.reason)
            hb.draw(surf, self.assets, hovered=b.rect.collidepoint(mouse))

    def _draw_spinner(self, surf, centre, colour=ACCENT) -> None:
        """Twelve dots going round in the side's colour (its AI is thinking), and for how
        long, after a second."""
        self.spinner_frames += 1
        cx, cy = centre
        head = time.monotonic() * 12.0          # dots per second
        for i in range(12):
            a = 2 * math.pi * i / 12
            age = (head - i) % 12               # 0: the dot just lit
            k = max(0.0, 1.0 - age / 9.0)
            dot = tuple(int(60 + (min(255, c + 40) - 60) * k) for c in colour[:3])
            pygame.draw.circle(surf, dot, (cx + 14 * math.sin(a), cy - 14 * math.cos(a)), 2.0 + 2.2 * k)
        since = self.session.thinking_since
        if since is not None and time.monotonic() - since >= 1.0:
            blit_center(surf, self.assets.text(f"{int(time.monotonic() - since)} s", 14, DIM), (cx, cy + 28))

    def _draw_info(self, surf, info) -> None:
        """Odds preview for the pairing at hand, else details of the hovered hex."""
        if info.height <= 60:
            return
        pv = self.ui.preview(self.hover_hex) if (self.session.human_to_move() or self.replay or self.demo) \
            and not self.seq.busy else None
        if pv:
            if not self.ui.draw_preview(surf, info, pv):
                self._draw_odds(surf, info, pv)
            return
        lines = self.ui.hover_lines(self.hover_hex)
        th = self.threat_map.get(self.hover_hex) if self.threat_on else None
        if th is not None:                      # the threat view: who could attack here, and the odds
            lab = getattr(self.ui, "lab", None) or (lambda k: getattr(self.ui, "units_static", {}).get(k, {})
                                                    .get("label", k))
            lines = [_("Threat: {label}").format(label=th.label), th.detail,
                     _("could attack: {units}").format(units=", ".join(lab(k) for k, _c in th.attackers))] + lines
        if lines:
            surf.blit(panel_image(info.size, (26, 30, 40), BORDER, 12, 2, PANEL_BG), info.topleft)
            y = info.y + 8
            for i, line in enumerate(lines):
                img = self.assets.text(line, 20 if i == 0 else 17, ACCENT if i == 0 else TEXT, bold=i == 0,
                                       wrap=info.width - 16)
                if y + img.get_height() > info.bottom - 4:
                    break
                surf.blit(img, (info.x + 8, y))
                y += img.get_height() + 4
        else:
            keys = [_(self.ui.zoc_hint)] if self.ui.zoc_overlay else []
            if type(self.ui).threats is not GameUI.threats:
                keys.append(_("T: threats"))
            keys += [_(self.ui.overlay_hint)] if self.ui.overlay_hint else []
            if self.demo:                   # (what works in the demo is on the pill under the map)
                keys = []
            else:
                keys += [_("E: explain AI"), _("I: hint")]
                keys += [_("F1: help"), _("Esc: menu")] + ([_("U: undo")] if self.session.can_undo() else [])
            hint = "   ".join(keys)
            img = self.assets.text(hint, 15, DIM, wrap=info.width - 8)
            surf.blit(img, (info.x + 4, info.bottom - img.get_height() - 4))

    def _draw_odds(self, surf, rect, pv) -> None:
        surf.blit(panel_image(rect.size, (30, 26, 22), (200, 150, 60), 12, 2, PANEL_BG), rect.topleft)
        s, o = pv["strengths"], pv["odds"]
        x, y = rect.x + 10, rect.y + 6
        surf.blit(fit_text(self.assets, f"{'+'.join(pv['attackers'])} → {pv['defender']}", 20, rect.width - 20,
                           ACCENT, bold=True), (x, y))
        y += 28
        ah = "-".join(map(str, s["attack_hits_on"]))
        dh = "-".join(map(str, s["defense_hits_on"]))
        surf.blit(self.assets.text(_("Attack {attack_dice} dice (hit {ah})   Defence {defense_dice} dice (hit {dh})").format(attack_dice=s['attack_dice'], ah=ah, defense_dice=s['defense_dice'], dh=dh),
                                   15, TEXT, wrap=rect.width - 20), (x, y))
        y += 22
        for role, reason, amount in s.get("modifiers", []):
            role = {"attacker": N_("attacker"), "defender": N_("defender")}.get(role, role)
            surf.blit(self.assets.text(_("{role} {amount:+d}: {reason}").format(role=tr(role), amount=amount,
                                                                              reason=tr(reason)), 15, DIM), (x, y))
            y += 18
        if s.get("hill"):
            surf.blit(self.assets.text(_("defender on a hill: attack hits only on 6"), 15, DIM), (x, y))
            y += 18
        # probability bar
        bar = pygame.Rect(x, y + 4, rect.width - 20, 22)
        parts = [(o.attacker_wins, (80, 200, 110), "att"), (o.tie, (150, 150, 150), "tie"),
                 (o.defender_wins, (220, 80, 70), "def")]
        cx = bar.x
        for p, col, _w in parts:
            wpx = int(round(bar.width * p))
            pygame.draw.rect(surf, col, (cx, bar.y, wpx, bar.height))
            cx += wpx
        pygame.draw.rect(surf, (0, 0, 0), bar, 2)
        y = bar.bottom + 4
        img = self.assets.text(_("attacker wins {attacker_wins:.0%} · tie {tie:.0%} · defender wins {defender_wins:.0%}").format(attacker_wins=o.attacker_wins, tie=o.tie, defender_wins=o.defender_wins), 15, TEXT, bold=True, wrap=rect.width - 20)
        surf.blit(img, (x, y))
        y += img.get_height() + 2
        if y < rect.bottom - 16:
            surf.blit(self.assets.text(_("expected losses: attacker {attacker_losses:.2f}, defender {defender_losses:.2f}").format(attacker_losses=o.attacker_losses, defender_losses=o.defender_losses), 15, DIM), (x, y))


def merge_rects(rects: list[pygame.Rect], waste: int = 100000) -> list[pygame.Rect]:
    """``rects`` as fewer rects covering them all: two become their union when they
    overlap or when it covers at most ``waste`` pixels more than they do (drawing again
    costs a pass over the pieces each, so a little more area is cheaper)."""
    out = [pygame.Rect(r) for r in rects if r.width > 0 and r.height > 0]
    merged = True
    while merged and len(out) > 1:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                u = a.union(b)
                inter = a.clip(b)
                if a.colliderect(b) or u.width * u.height - (a.width * a.height + b.width * b.height
                                                            - inter.width * inter.height) <= waste:
                    out[i] = u
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def _alt_number(ex, alt) -> str:
    """What an alternative is shown with: hard's share of the simulations (and their
    mean result), easy's chance of picking it, normal's score."""
    if alt.visits:
        q = f" {alt.score:+.2f}" if alt.score is not None else ""
        return f"{alt.share:.0%}{q}"
    if ex.level == "easy" and alt.share:
        return f"p {alt.share:.0%}"
    if alt.score is not None:
        return f"{alt.score:+.1f}"
    return "✓" if alt.chosen else "·"
