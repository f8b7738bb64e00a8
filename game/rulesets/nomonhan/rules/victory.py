"""Nomonhan's victory [4.0]: the sudden deaths of the data sheet, and points at the
end of the last turn (or of an end-of-turn roll that ends the battle)."""
from __future__ import annotations

from game.core.game import Result
from game.core.text import Msg

from ..components import Score
from ..kinds import OVER


class Victory:
    """How the game ends and who won [4.0]."""

    def _check_sudden_death(self) -> bool:
        for side, cond in self.data["immediate_victory"].items():
            if all(self.is_eliminated(k) for k in cond["eliminate"]):
                self._set_flow(phase=OVER, winner=side, reason=cond["reason"], combat=None)
                self.emit_msg("GameOver", "{side} wins: {reason}", {"side": self._side_name(side), "reason": cond["reason"]},
                              winner=side, reason=cond["reason"])
                return True
        return False

    def _game_over_on_points(self) -> None:
        sc = self.score()
        winner = None if sc.JP == sc.SOV else "JP" if sc.JP > sc.SOV else "SOV"
        reason = self._points_reason(sc)
        self._set_flow(phase=OVER, winner=winner, reason=str(reason), combat=None)   # (the state holds plain str)
        if winner:
            self.emit_msg("GameOver", "{side} wins on {reason}", {"side": self._side_name(winner), "reason": reason},
                          winner=winner, reason=reason)
        else:
            self.emit_msg("GameOver", "Draw: {reason}", {"reason": reason}, winner=winner, reason=reason)

    @staticmethod
    def _points_reason(sc: Score) -> Msg:
        if sc.JP == sc.SOV:
            return Msg("points tied {jp}–{sov}", jp=sc.JP, sov=sc.SOV)
        return Msg("points {hi}–{lo}", hi=max(sc.JP, sc.SOV), lo=min(sc.JP, sc.SOV))

    def _result(self) -> Result | None:
        f = self.flow()
        if f.phase != OVER:
            return None
        sc = self.score()
        points = self._points_reason(sc)        # the reason as a Msg (the flow keeps its English text)
        return self.make_result(f.winner, points if points == f.reason else f.reason, (("JP", sc.JP), ("SOV", sc.SOV)))
