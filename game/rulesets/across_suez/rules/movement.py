"""Across Suez's movement system [4][7][9.1][10]: movement validation (reach in
half MP over the map's step tables, enemy units block, entering enemy ZOC stops
[4.5], the first turn's lock [9.1], night [10]), stacking at the end of
movement [4.4], reinforcements [7], and the movement phase's actions.

Reads ``Unit``, ``Position`` (and the placement index of HexUnits), ``Crossed``,
``Eliminated``, ``OutOfPlay``, the ``TurnMarker`` and the phase's ``Moved``;
writes ``Position`` (moves, arrivals), ``Moved`` and the ``Phasing`` (to the
stacking decision, then the combat phase).
"""
from __future__ import annotations

from functools import lru_cache

from game.core.actions import Action, Decision
from game.core.text import Msg
from game.systems import hexunits, movement

from ..actions import Cross, EndPhase, Enter, Move, StackLoss
from ..components import Crossed, Eliminated, Moved, OutOfPlay, Position
from ..kinds import MOVE, STACK_LOSS
from .board import MapFacts

_NOT_MOVED = Moved()


@lru_cache(maxsize=4096)
def _entry_hexes(facts: MapFacts, entry: str, enemy: frozenset[str], zoc: frozenset[str]) -> tuple[str, ...]:
    """The entry hex if free of enemy units and enemy ZOC, else the adjacent land hexes
    without an enemy unit, preferring those outside enemy ZOC, then those on the map edge."""
    if entry not in enemy and entry not in zoc:
        return (entry,)
    near = [n for n in facts.neighbours[entry] if n not in enemy]
    free = [n for n in near if n not in zoc] or near
    edge = [n for n in free if n in facts.edge]
    return tuple(sorted(edge or free))



class Movement:
    """The movement system and the movement phase [4][7]."""

    # -- movement validation [4] ------------------------------------------------------------

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """Hexes in the ZOC of ``side``'s enemies: the six land hexes around each [4.5]."""
        memo = self.position_memo
        got = memo.get(("zoc", side))
        if got is None:
            got = memo[("zoc", side)] = hexunits.zone(self.facts.neighbours, self.enemy_hexes(side))
        return got

    def allowance(self, key: str) -> int:
        """Movement allowance in half MP; night turns −2 MP, at least 1 [10]."""
        u = self.unit(key)
        ma = u.ma
        if self.is_night():
            n = self.data["night"]
            ma = max(int(n["min_ma"]), ma + int(n["ma_modifier"]))
        return 2 * ma

    def locked(self, key: str) -> bool:
        """Turn 1: a unit in enemy ZOC cannot move [9.1]."""
        ft = self.data["first_turn"]
        return bool(self.turn == ft["turn"] and ft["units_in_ezoc_cannot_move"]
                and self.pos(key) in self.enemy_zoc(self.unit(key).side))

    def reachable(self, key: str) -> dict[str, int]:
        """Hexes the unit may end a move in, with their cost in half MP (do not modify)."""
        start = self.pos(key)
        if start is None or self.locked(key):
            return {}
        return hexunits.reach(*self._reach_args(key))[0]

    def _reach_args(self, key: str) -> tuple:
        """The arguments of the movement search (:func:`hexunits.reach`): enemy units
        block, entering enemy ZOC stops the move, friends may be passed and ended on [4.4][4.5]."""
        u = self.unit(key)
        return (self.facts.steps[u.is_bridge], self.pos(key), self.allowance(key), self.enemy_hexes(u.side),
                self.enemy_zoc(u.side))

    def move_path(self, key: str, to: str) -> list[str]:
        """The cheapest legal path of a move (for animation), read back from the
        cached costs of :meth:`reachable` (:func:`movement.trace`)."""
        u = self.unit(key)
        start = self.pos(key)
        into = self.facts.steps_into(self.facts.steps[u.is_bridge])
        return movement.trace(self.reachable(key), start, to, into, self.enemy_zoc(u.side)) or [start, to]

    def moved(self) -> Moved:
        """The units moved this phase, and what each spent (none: an empty ``Moved``)."""
        return self.world.try_get(self.game_ent, Moved) or _NOT_MOVED

    def _spent(self, key: str) -> int:
        for k, s in self.moved().spent:
            if k == key:
                return s
        return 0

    # -- reinforcements [7] ------------------------------------------------------------------
    def due_reinforcements(self, side: str) -> list[str]:
        got = self.memo.get(("due", side))
        if got is None:
            got = self.memo[("due", side)] = self._due(side)
        return got

    def _due(self, side: str) -> list[str]:
        turn = self.turn
        has = self.world.has
        out = []
        for k, u in self.units.items():
            if u.side == side and 0 < u.enter <= turn:
                e = self.unit_ent[k]
                if not (has(e, Position) or has(e, Eliminated) or has(e, OutOfPlay) or has(e, Crossed)):
                    out.append(k)
        return out

    def entry_hexes(self, key: str) -> list[str]:
        """Where a due reinforcement may be placed [7.1][7.2]."""
        u = self.unit(key)
        return list(_entry_hexes(self.facts, u.entry, self.enemy_hexes(u.side), self.enemy_zoc(u.side)))

    # -- the movement phase -------------------------------------------------------------
    def decide_move(self) -> Decision:
        return self._move_decisions[self.phasing().side]

    def legal_move(self) -> list[Action]:
        """Bring in a due reinforcement, move a unit that has not moved, cross the canal,
        end the phase."""
        got = self.memo.get("legal_move")
        if got is not None:
            return got
        out: list[Action] = []
        side = self.phasing().side
        moved = self.moved().units
        for key in self.due_reinforcements(side):
            for h in self.entry_hexes(key):
                out.append(Enter(key, h))
        enemy, zoc = self.enemy_hexes(side), self.enemy_zoc(side)
        lock = self.turn == self.data["first_turn"]["turn"] and self.data["first_turn"]["units_in_ezoc_cannot_move"]
        crossing = self._crossing_open()
        steps = self.facts.steps
        for u, h in self.units_on_map(side):
            if u.key not in moved and not (lock and h in zoc):
                search = (steps[u.is_bridge], h, self.allowance(u.key), enemy, zoc)
                out.extend(hexunits.move_actions(Move, u.key, search).actions)
            if crossing and not u.is_bridge and self.can_cross(u.key):
                out.append(Cross(u.key))
        out.append(EndPhase())
        self.memo["legal_move"] = out
        return out

    def _note_moved(self, key: str, spent: int) -> None:
        m = self.moved()
        self.put(self.game_ent, Moved(m.units + (key,), m.spent + ((key, spent),)))

    def on_move(self, a: Move) -> None:
        u = self.unit(a.unit)
        cost = self.reachable(a.unit)[a.to]
        path = self.move_path(a.unit, a.to)
        frm = path[0]
        self.place_unit(a.unit, a.to)
        self._note_moved(a.unit, cost)
        self.emit_msg("UnitMoved", "{unit} moves {path} ({mp:g} MP)",
                      {"unit": self.unit_label[a.unit], "path": " → ".join(path), "mp": cost / 2}, unit=a.unit,
                      path=tuple(path), side=u.side, frm=frm, to=a.to, mp=cost / 2)
        self._bridge_moved(a.unit, frm, a.to)

    def on_enter(self, a: Enter) -> None:
        u = self.unit(a.unit)
        self.place_unit(a.unit, a.hex)
        # not a move: it may still move with full MA [7.1]
        displaced = a.hex != u.entry
        values = {"unit": self.unit_label[a.unit], "name": self.unit_title[a.unit], "hex": a.hex, "entry": u.entry}
        if displaced:
            self.emit_msg("ReinforcementArrived", "{unit} ({name}) arrives at {hex} (entry {entry} is held by the enemy)",
                          values, unit=a.unit, hex=a.hex, side=u.side, displaced=displaced)
        else:
            self.emit_msg("ReinforcementArrived", "{unit} ({name}) arrives at {hex}",
                          values, unit=a.unit, hex=a.hex, side=u.side, displaced=displaced)

    # -- stacking at the end of movement [4.4] ---------------------------------------------
    def overstacked(self, side: str) -> dict[str, list[str]]:
        """hex -> the units of ``side`` in it, for hexes holding more than one [4.4]."""
        return {h: keys for h, keys in self.placement().stacks(side).items() if len(keys) > 1}

    def decide_stack_loss(self) -> Decision:
        side = self.phasing().side
        hexes = sorted(self.overstacked(side))
        return Decision(side, STACK_LOSS, Msg("End of movement: {side} removes the excess unit(s) in "
                                              "over-stacked {hexes}", side=self._side_name(side), hexes=", ".join(hexes)),
                        (("hexes", tuple(hexes)),))

    def legal_stack_loss(self) -> list[Action]:
        return [StackLoss(k) for _h, keys in sorted(self.overstacked(self.phasing().side).items()) for k in keys]

    def on_stack_loss(self, a: StackLoss) -> None:
        key = a.unit
        self._eliminate(key, Msg("over-stacked in {hex} at the end of the movement phase", hex=self.pos(key)))
        if self._over():
            return
        if not self.overstacked(self.phasing().side):
            self._end_movement()

    def on_end_movement(self, a: EndPhase) -> None:
        self._end_movement()

    def _end_movement(self) -> None:
        """End of the movement phase: the owner removes the excess units of over-stacked
        hexes [4.4]; unplaced reinforcements wait."""
        side = self.phasing().side
        if self.overstacked(side):
            self._set_phase(STACK_LOSS)
            return
        for k in self.due_reinforcements(side):
            self.emit_msg("ReinforcementDelayed", "{unit} stays off the map for now", {"unit": self.unit_label[k]},
                          unit=k, side=side)
        self.emit_msg("PhaseEnded", "{side} ends movement", {"side": self._side_name(side)}, side=side, phase=MOVE)
        self._start_combat_phase(side)
