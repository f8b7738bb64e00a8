"""The board's animation beats: each event the game emits becomes beats (a counter slides
along its path, a hit flashes, a banner names the turn, a sound plays), and the game's
interface updates what it shows as each beat ends.
"""
from __future__ import annotations

from ..anim import Beat, along, ease_out_cubic
from ..audio import effect_for
from ..i18n import _, tr
from ..widgets import ACCENT, Banner, TEXT
from .style import LOG_COLOURS

class Beats:
    """Events to animation beats. A part of BoardScene (game.client.scenes.board), which holds the state."""

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
