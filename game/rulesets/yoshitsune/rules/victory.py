"""義經's victory [13.0]: removal of 頼朝 / 宗盛 ends the game at once; all four base
areas at the end of a turn win; after turn 7 Genji with 3 bases, else Heike with 2,
else areas (bases count 2), and an equal count is a draw.

Reads ``Garrison`` (control [12.0]) and ``Removed``; writes the phase (``Flow``:
over, the winner and why).
"""
from __future__ import annotations

from game.core.game import Result
from game.core.text import Msg

from ..components import Flow
from ..kinds import OVER
from .setup import SIDES, STEP_STATE


class Victory:
    """Victory conditions [13.0] and the end of the game."""

    def base_count(self, side: str) -> int:
        return sum(1 for a in self.bases if self.side_controls(a) == side)

    def area_points(self, side: str) -> int:
        return sum(2 if a in self.bases else 1 for a in self.areas if self.side_controls(a) == side)

    def _check_sudden_death(self) -> bool:
        for key, side in self.data["victory"]["removal_wins"].items():
            if self.is_removed(key):
                self._game_over(side, Msg("{general} removed", general=self.gen_names[key]))
                return True
        return False

    def _end_of_turn_victory(self, turn: int) -> bool:
        need = int(self.data["victory"]["automatic"]["base_areas"])
        for side in SIDES:
            if self.base_count(side) >= need:
                self._game_over(side, Msg("controls all {n} base areas", n=need))
                return True
        if turn < self.turns:
            return False
        for rule in self.data["victory"]["after_last_turn"]:
            if "side" in rule and self.base_count(rule["side"]) >= rule["min_base_areas"]:
                self._game_over(rule["side"], Msg("{n} base areas after turn {turn}",
                                                  n=self.base_count(rule["side"]), turn=turn))
                return True
        pm, pt = self.area_points("MINAMOTO"), self.area_points("TAIRA")
        if pm == pt:
            self._game_over(None, Msg("areas tied {a}–{b}", a=pm, b=pt))
        else:
            w = "MINAMOTO" if pm > pt else "TAIRA"
            self._game_over(w, Msg("areas {a}–{b}", a=max(pm, pt), b=min(pm, pt)))
        return True

    def _game_over(self, winner: str | None, reason: Msg) -> None:
        for comp in STEP_STATE:
            if self.world.has(self.game_ent, comp):
                self.take(self.game_ent, comp)
        self.put(self.game_ent, Flow(OVER, None, winner, reason))
        if winner:
            self.emit_msg("GameOver", "{side} wins: {reason}", {"side": self._name(winner), "reason": reason},
                          winner=winner, reason=reason)
        else:
            self.emit_msg("GameOver", "Draw: {reason}", {"reason": reason}, winner=winner, reason=reason)

    def _result(self) -> Result | None:
        f = self.flow()
        if f.phase != OVER:
            return None
        return self.make_result(f.winner, f.reason, tuple((s, self.area_points(s)) for s in SIDES))
