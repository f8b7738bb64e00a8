"""How a side-against-side game with a ``Flow`` component ends (shared by Across Suez
and 日清戰爭): the flow's phase becomes "over" with its winner and reason, one
``GameOver`` event says so, and the result carries the game's own scores.

The ruleset provides ``flow()``, ``_set_flow(**changes)``, ``data["sides"]`` (each
side's name) and :meth:`result_scores`; its flow has ``phase``, ``winner``,
``reason`` and ``combat`` fields.
"""
from __future__ import annotations

from game.core.game import Result
from game.core.text import N_


class FlowOutcome:
    """Mixin: ``class G(FlowOutcome, HexUnits, Game)``."""

    def result_scores(self) -> tuple[tuple[str, int], ...]:
        """The (name, value) scores the result reports (the game's victory count)."""
        return ()

    def _side_name(self, side: str | None) -> str:
        return self.data["sides"][side]["name"] if side else N_("nobody")

    def _over(self) -> bool:
        return self.flow().phase == "over"

    def _game_over(self, winner: str, reason: str) -> None:
        if self._over():
            return
        self._set_flow(phase="over", winner=winner, reason=reason, combat=None)   # (a Msg hashes as its str)
        self.emit_msg("GameOver", "{side} wins: {reason}", {"side": self._side_name(winner), "reason": reason},
                      winner=winner, reason=reason)

    def _result(self) -> Result | None:
        f = self.flow()
        if f.phase != "over":
            return None
        return self.make_result(f.winner, f.reason, self.result_scores())
