"""Across Suez's canal crossing [11] and the bridge [14.2]: who may exit the map
at 0112 and for how many MP, the limit of crossings without the bridge, and
the bridge unit placed in 0112 (leaving it afterwards loses the game).

Reads the ``Phasing``, ``Moved``, ``Position``, the ``CanalCrossing`` and the
bridge unit's ``BridgeDeployed``; writes ``Crossed`` and ``Position`` (a unit
leaves the map), the ``CanalCrossing`` (the units across, the crossings this
phase), ``Moved`` and ``BridgeDeployed``.
"""
from __future__ import annotations

from ..actions import Cross
from ..components import BridgeDeployed, CanalCrossing, Crossed, Moved, Position
from ..kinds import MOVE
from .victory import BRIDGE_LEFT


class Crossing:
    """Crossing the canal at 0112 [11], and placing the bridge there [14.2]."""

    def crossing_cost(self) -> int:
        """Half MP to exit at 0112: 3 MP, or 1 MP with the bridge unit in 0112 [11]."""
        cr = self.data["crossing"]
        return 2 * int(cr["with_bridge" if self.bridge_in_place() else "without_bridge"]["mp"])

    def _crossing_open(self) -> bool:
        """May any unit cross now? Israeli movement phase, not turn 1, under the limit [11][11.1]."""
        cr = self.data["crossing"]
        p = self.phasing()
        if p.phase != MOVE or p.side != "ISR" or self.turn in cr["not_on_turns"]:
            return False
        if not self.bridge_in_place():
            limit = cr["without_bridge"]["max_units_per_phase"]
            if limit is not None and self.crossing().this_phase >= int(limit):
                return False
        return True

    def can_cross(self, key: str) -> bool:
        u = self.unit(key)
        if u.side != "ISR" or u.is_bridge or not self._crossing_open():
            return False
        here = self.pos(key)
        if here is None:
            return False
        if key in self.moved().units:
            if here != self.crossing_hex:
                return False
            spent = self._spent(key)
        elif here == self.crossing_hex:
            spent = 0
        else:
            spent = self.reachable(key).get(self.crossing_hex)
            if spent is None:
                return False
        return spent + self.crossing_cost() <= self.allowance(key)

    def on_cross(self, a: Cross) -> None:
        key = a.unit
        u = self.unit(key)
        here = self.pos(key)
        if here != self.crossing_hex:
            cost = self.reachable(key)[self.crossing_hex]
            path = self.move_path(key, self.crossing_hex)
            self.emit_msg("UnitMoved", "{unit} moves {path} ({mp:g} MP)",
                          {"unit": self.unit_label[key], "path": " → ".join(path), "mp": cost / 2}, unit=key,
                          path=tuple(path), side=u.side, frm=here, to=self.crossing_hex, mp=cost / 2)
        with_bridge = self.bridge_in_place()
        mp = self.crossing_cost() / 2
        self.take(self.unit_ent[key], Position)
        self.put(self.unit_ent[key], Crossed(self.turn))
        cr = self.crossing()
        across = tuple(sorted(cr.crossed + (key,)))
        self.put(self.crossing_ent, CanalCrossing(across, cr.this_phase + (0 if with_bridge else 1)))
        n = len(across)
        m = self.moved()
        if key not in m.units:
            self.put(self.game_ent, Moved(m.units + (key,), m.spent))
        values = {"unit": self.unit_label[key], "hex": self.crossing_hex, "mp": mp, "n": n}
        if with_bridge:
            self.emit_msg("UnitCrossed", "{unit} crosses the Suez Canal at {hex} ({mp:g} MP, over the bridge): {n} across",
                          values, unit=key, side=u.side, hex=self.crossing_hex, crossed=n, bridge=with_bridge)
        else:
            self.emit_msg("UnitCrossed", "{unit} crosses the Suez Canal at {hex} ({mp:g} MP): {n} across",
                          values, unit=key, side=u.side, hex=self.crossing_hex, crossed=n, bridge=with_bridge)

    def _bridge_moved(self, key: str, frm: str, to: str | None) -> None:
        """The bridge unit is placed by ending a move in 0112; leaving it afterwards loses [14.2]."""
        if key != self.bridge_key:
            return
        if self.bridge_deployed() and frm == self.crossing_hex and to != self.crossing_hex:
            self._game_over("EGY", BRIDGE_LEFT)
        elif to == self.crossing_hex and not self.bridge_deployed() and self.phase_kind() == MOVE:
            self.put(self.unit_ent[key], BridgeDeployed(self.turn))
            self.emit_msg("BridgePlaced", "The bridge is placed at {hex}: crossing now costs 1 MP, no limit",
                          {"hex": to}, hex=to)
