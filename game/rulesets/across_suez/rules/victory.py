"""Across Suez's victory [14]: at the end of turn 7, Israel wins with six units
across the canal, the bridge in 0112 and the line of communication open
(supply and control as this game has them: a path of land hexes free of
Egyptian units and ZOC); otherwise Egypt wins, and it wins at once if the
bridge is destroyed or leaves 0112 once placed. No draws.

Reads ``Position`` (the placement), the ``CanalCrossing`` and the ``Phasing``;
writes the ``Phasing`` (over) and the ``Outcome``.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Callable

from game.core.game import Result
from game.core.text import Msg, N_
from game.systems import paths

from ..components import Combat, Outcome, Phasing
from ..kinds import OVER

#: how Egypt wins at once
BRIDGE_DESTROYED = N_("the Israeli bridge unit was destroyed")
BRIDGE_LEFT = N_("the Israeli bridge left 0112 after it was placed there")


class Victory:
    """How the game ends and who won [14]."""

    def loc_clear(self) -> Callable[[str], bool]:
        """The test of a hex the line of communication may pass [14.1]: a land
        hex with no Egyptian unit, outside Egyptian ZOC unless an Israeli unit
        stands there (and on a road if the data says roads only)."""
        v = self.data["victory"]["loc"]
        occ = self.occupancy()
        zoc = self.enemy_zoc("ISR")
        land = self.facts.passable
        road_hexes = {h for chain in self.board.routes.values() for h in chain} if v.get("roads_only") else None

        def clear(h: str) -> bool:
            if h not in land:
                return False
            o = occ.get(h)
            if o and o[1] == "EGY":
                return False
            if road_hexes is not None and h not in road_hexes:
                return False
            return h not in zoc or (o is not None and o[1] == "ISR")
        return clear

    def loc_open(self) -> bool:
        """A chain of land hexes 0112→1708 with no Egyptian unit and outside Egyptian ZOC
        unless an Israeli unit stands there [14.1]."""
        v = self.data["victory"]["loc"]
        clear = self.loc_clear()
        return clear(v["from"]) and paths.connected(self.board, v["from"], v["to"], enter=clear)

    # -- the end of the game -------------------------------------------------------------------
    def _side_name(self, side: str | None) -> str:
        return self.data["sides"][side]["name"] if side else N_("nobody")

    def _over(self) -> bool:
        return self.world.get(self.game_ent, Phasing).phase == OVER

    def outcome(self) -> Outcome | None:
        return self.world.try_get(self.game_ent, Outcome)

    def _game_over(self, winner: str, reason: str) -> None:
        """The game ends: ``winner`` wins for ``reason`` (kept as given: a Msg hashes as its str)."""
        if self._over():
            return
        self.put(self.game_ent, Phasing(OVER, self.world.get(self.game_ent, Phasing).side))
        self.put(self.game_ent, Outcome(winner, reason))
        if self.world.has(self.game_ent, Combat):
            self.take(self.game_ent, Combat)
        self.emit_msg("GameOver", "{side} wins: {reason}", {"side": self._side_name(winner), "reason": reason},
                      winner=winner, reason=reason)

    def _victory_check(self) -> None:
        self._game_over(*self._victory())

    def _victory(self) -> tuple[str, Msg]:
        """(winner, reason) at the end of the last turn [14]."""
        v = self.data["victory"]
        n = len([k for k in self.crossed_units() if not self.unit(k).is_bridge])
        fails = []
        if n < int(v["min_crossed"]):
            fails.append(Msg("only {n} of {need} units crossed", n=n, need=v['min_crossed']))
        if self.pos(self.bridge_key) != v["bridge_hex"]:
            fails.append(Msg("the bridge is not in {hex}", hex=v['bridge_hex']))
        if not self.loc_open():
            fails.append(Msg("no line of communication {a}–{b}", a=v['loc']['from'], b=v['loc']['to']))
        if fails:
            reason = fails[0]
            for more in fails[1:]:
                reason = Msg("{reasons}; {reason}", reasons=reason, reason=more)
            return "EGY", reason
        return "ISR", Msg("{n} units across the canal, the bridge in {hex} and the road open", n=n, hex=v['bridge_hex'])

    def _result(self) -> Result | None:
        """The result, its reason as a Msg (the ``Outcome`` keeps the English text, game.core.text)."""
        o = self.outcome()
        if o is None:
            return None
        r = self.make_result(o.winner, o.reason, self.result_scores())
        if r.reason in (BRIDGE_DESTROYED, BRIDGE_LEFT):
            return r
        why = self._victory()[1]
        return replace(r, reason=why) if why == r.reason else r

    def result_scores(self) -> tuple[tuple[str, int], ...]:
        return (("crossed", len(self.crossed_units())),)
