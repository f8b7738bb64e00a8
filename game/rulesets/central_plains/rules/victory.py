"""Victory (seed 10): surrender at 0 funds or troops, an enemy HQ taken, the round limit.
"""
from __future__ import annotations

from game.core.game import Result
from game.core.text import Msg

from ..components import Ask, Over

class Victory:
    """Victory (seed 10): surrender at 0 funds or troops, an enemy HQ taken, the round limit."""

    def _surrender(self, cmd: str, track: str) -> None:
        if self.over() is not None:
            return
        loser = self.data_camp[cmd]
        if track == "funds":
            why = Msg("{commander} surrenders: funds (資金) at 0", commander=self.name(cmd))
        else:
            why = Msg("{commander} surrenders: troops (兵力) at 0", commander=self.name(cmd))
        self._end(self.enemy_of(loser), why)

    def _end(self, winner: str | None, reason: str) -> None:
        if self.over() is not None:
            return
        self.put(self.game_ent, Over(winner, reason))
        self.take(self.game_ent, Ask)
        if winner:
            self.emit_msg("GameOver", "{reason}: {camp} wins", {"reason": reason, "camp": self.camp_names[winner]},
                          winner=winner, reason=reason)
        else:
            self.emit_msg("GameOver", "{reason}: a draw", {"reason": reason}, winner=winner, reason=reason)

    def hq_taken(self) -> tuple[str, str] | None:
        """(an HQ, the enemy camp standing in it), or None (seed 10(1))."""
        memo = self._pm
        if "hq_taken" not in memo:
            memo["hq_taken"] = next(((s, camp) for s, owner in self.hq_at.items()
                                     if (camp := self.camp_at(s)) not in (None, self.data_camp[owner])), None)
        return memo["hq_taken"]

    def _check_hq(self) -> None:
        """seed 10(1): a camp with a piece standing in an enemy HQ wins at once. The one
        check, made by _run after every action and every automatic step: so whatever put
        the piece there (a move, a card's move, an advance, a retreat, a placement) wins."""
        taken = self.hq_taken()
        if taken is not None and self.over() is None:
            s, camp = taken
            self._end(camp, Msg("{camp} takes {commander}'s HQ at {place}", camp=self.camp_names[camp],
                                commander=self.name(self.hq_at[s]), place=self.place_name(s)))

    # -- result and observation ---------------------------------------------------------------------------------------
    def _result(self) -> Result | None:
        o = self.over()
        if o is None:
            return None
        scores = tuple((camp, sum(self.tracks(k).troops for k in self.camps[camp])) for camp in ("central", "anti"))
        return self.make_result(o.winner, o.reason, scores)
