"""Nomonhan's movement system [7.0][8.0]: movement validation (reach, enemy ZOC,
rivers and bridges, no ending on another unit), reinforcements and the
military bridge, and the movement phase's actions.

Reads ``Unit``, ``Position`` and ``Bridge``; writes ``Position`` (moves and
arrivals), ``Bridge`` (blown) and the ``Flow`` (units that moved).
"""
from __future__ import annotations

from dataclasses import replace

from game.core.actions import Action
from game.systems import hexunits, movement

from ..actions import BlowBridge, EndPhase, Enter, Move
from ..components import Bridge, Eliminated, Flow, OutOfPlay, Position, Unit
from ..kinds import MOVE


class Movement:
    """The movement system and the movement phase [7.0][8.0]."""

    # -- terrain, rivers, bridges [7.0] [8.0] ----------------------------------
    def intact(self) -> tuple[bool, ...]:
        """Whether each bridge still stands, in map order."""
        memo = self._brm
        got = memo.get("intact")
        if got is None:
            got = memo["intact"] = tuple(self.world.get(e, Bridge).intact for e in self.bridge_ent)
        return got

    def crossings(self) -> dict[tuple[str, str], str]:
        """(a, b) -> "river" or the kind of the intact bridge on it, for every river hexside."""
        return self.facts.crossing_table(self.intact())

    def crossing(self, a: str, b: str) -> str:
        """What lies between adjacent hexes a and b: "open", "river", or the bridge kind."""
        return self.crossings().get((a, b), "open")

    def side_context(self, side: str) -> tuple:
        """What movement and retreat checks need for one side, computed once per state:
        (bridge states, crossing table, occupancy, enemy ZOC, enemy hexes)."""
        memo = self._bm
        got = memo.get(("ctx", side))
        if got is not None:
            return got
        intact = self.intact()
        table = self.facts.crossing_table(intact)
        placed = self.placement()
        enemy = placed.enemy[side]
        zoc = hexunits.zone(self.facts.zoc_neighbours(intact), enemy)
        got = memo[("ctx", side)] = (intact, table, placed.at, zoc, enemy)
        return got

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """Hexes in the ZOC of ``side``'s enemies (not across unbridged rivers) [7.0]."""
        return self.side_context(side)[3]

    def move_cost(self, hex_: str) -> int:
        return self.facts.cost[hex_]

    def reachable(self, key: str, ctx: tuple | None = None) -> dict[str, int]:
        """Hexes the unit may end a move in, with their MP cost [7.0][8.0]."""
        memo = self._bm
        got = memo.get(("reach", key))
        if got is None:
            got = memo[("reach", key)] = self._reachable(key, ctx)
        return got

    def _search_args(self, u: Unit, start: str, ctx: tuple) -> tuple:
        """The arguments of the movement search from ``start``. Only enemy units
        and ZOC within ``ma`` hexes can change a search (every step costs at
        least 1 MP), so only those are passed: the same local situation, met
        again later in the game or in another game, is then searched once.
        Kept per unit while the unit, the bridges and the enemy stay where they
        were (a friendly move changes only which hexes are free)."""
        intact, _table, _occ, zoc, enemy = ctx
        seen = self._unit_searches.get(u.key)
        if seen is None or seen[0] is not u or seen[1] != start or seen[2] != intact or seen[3] != enemy:
            ball = self.facts.ball(start, u.ma)
            steps = self.facts.move_steps(u.crosses_military_bridge, intact)
            args = (steps, start, u.ma, enemy & ball, zoc & ball)
            seen = self._unit_searches[u.key] = (u, start, intact, enemy, args)
        return seen[4]

    def _moves(self, u: Unit, start: str, ctx: tuple) -> tuple[Move, ...]:
        """The move actions of unit ``u``, standing in ``start``, by destination hex."""
        memo = self._bm
        key = u.key
        got = memo.get(("moves", key))
        if got is None:
            occ, zoc = ctx[2], ctx[3]
            if u.ma <= 0 or start in zoc:   # may leave enemy ZOC only by retreat
                got = ()
            else:                           # may pass through friends, not end on them
                got = hexunits.move_actions(Move, key, self._search_args(u, start, ctx)).ending_outside(occ)
            memo[("moves", key)] = got
        return got

    def _reachable(self, key: str, ctx: tuple | None) -> dict[str, int]:
        u = self.unit(key)
        start = self.pos(key)
        ctx = ctx or self.side_context(u.side)
        occ, zoc = ctx[2], ctx[3]
        if start is None or u.ma <= 0 or start in zoc:   # may leave enemy ZOC only by retreat
            return {}
        costs, _ = hexunits.reach(*self._search_args(u, start, ctx))
        return {h: c for h, c in costs.items() if h not in occ}

    def move_path(self, key: str, to: str) -> list[str]:
        """The path a legal move follows (for animation)."""
        u = self.unit(key)
        start = self.pos(key)
        _, prev = hexunits.reach(*self._search_args(u, start, self.side_context(u.side)))
        return movement.route(prev, start, to) or [start, to]

    # -- the movement phase ----------------------------------------------------
    def _start_movement(self, side: str) -> None:
        """Reinforcements appear on the side's flag hex; if it is held, entry waits [8.0]."""
        self._set_flow(phase=MOVE, side=side, moved=frozenset(), declared=(), combat=None, turn_ends=False)
        self.emit_msg("PhaseStarted", "{side} movement phase", {"side": self._side_name(side)}, side=side, phase=MOVE)
        self._enter_due(side)
        self._skip_if_idle()

    def _skip_if_idle(self) -> None:
        """A phase with nothing to decide passes by itself."""
        f = self.flow()
        if f.phase == MOVE and not self._has_move_choice(f):
            self.emit_msg("PhaseEnded", "{side} has no move to make", {"side": self._side_name(f.side)},
                          side=f.side, phase=MOVE)
            self._start_combat_phase(f.side)

    def _has_move_choice(self, f: Flow) -> bool:
        """Anything to decide in this movement phase besides ending it?"""
        if self._can_blow(f.side):
            return True
        if self._due_reinforcements(f.side) and self.facts.flags[f.side] not in self.occupancy():
            return True
        ctx = self.side_context(f.side)
        return any(u.key not in f.moved and self._moves(u, h, ctx) for u, h in self.units_on_map(f.side))

    def legal_move(self) -> list[Action]:
        """The movement phase's choices: bring in a due reinforcement, move a unit that has
        not moved, blow the military bridge, end the phase."""
        f = self.flow()
        out: list[Action] = []
        ctx = self.side_context(f.side)
        for key in self._due_reinforcements(f.side):
            if self.facts.flags[f.side] not in ctx[2]:
                out.append(Enter(key))
        moved = f.moved
        for u, h in self.units_on_map(f.side):
            if u.key not in moved:
                out.extend(self._moves(u, h, ctx))
        if self._can_blow(f.side):
            out.append(BlowBridge())
        out.append(EndPhase())
        return out

    def on_move(self, a: Move) -> None:
        f = self.flow()
        path = self.move_path(a.unit, a.to)
        u = self.unit(a.unit)
        self.place_unit(a.unit, a.to)
        self._set_flow(moved=f.moved | {a.unit})
        self.emit_msg("UnitMoved", "{unit} moves {frm} → {to}", {"unit": self.unit_label[a.unit], "frm": path[0], "to": a.to},
                      unit=a.unit, path=tuple(path), side=u.side, frm=path[0], to=a.to)

    # reinforcements [8.0]
    def _due_reinforcements(self, side: str) -> list[str]:
        got = self.memo.get(("due", side))
        if got is None:
            got = self.memo[("due", side)] = self._find_due(side)
        return got

    def _reinforcement_ents(self) -> list[tuple[str, int, Unit]]:
        """(key, entity, unit) of every unit that enters during the game (these never change)."""
        got = self._static.get("reinforcements")
        if got is None:
            got = self._static["reinforcements"] = [(k, e, u) for k, e, u in self.unit_order if u.enter > 0]
        return got

    def _find_due(self, side: str) -> list[str]:
        turn = self.marker().turn
        has = self.world.has
        return [k for k, e, u in self._reinforcement_ents()
                if u.side == side and u.enter <= turn
                and not has(e, Position) and not has(e, Eliminated) and not has(e, OutOfPlay)]

    def _enter_due(self, side: str) -> None:
        """Due reinforcements enter now if the flag hex is free; otherwise they wait."""
        flag = self.facts.flags[side]
        for key in self._due_reinforcements(side):
            occ = self.occupancy()
            if flag in occ:
                holder = occ[flag]
                self.emit_msg("ReinforcementDelayed", "{unit} cannot enter yet: {hex} is occupied by {holder}",
                              {"unit": self.unit_label[key], "hex": flag, "holder": self.unit_label[holder[0]]},
                              unit=key, hex=flag)
            else:
                self._enter(key)

    def _enter(self, key: str) -> None:
        u = self.unit(key)
        flag = self.facts.flags[u.side]
        self.place_unit(key, flag)
        self.emit_msg("ReinforcementArrived", "{unit} ({name}) arrives at {hex}",
                      {"unit": self.unit_label[key], "name": self.unit_title[key], "hex": flag},
                      unit=key, hex=flag, side=u.side)

    def on_enter(self, a: Enter) -> None:
        self._enter(a.unit)

    # the military bridge [8.0]
    def _can_blow(self, side: str) -> bool:
        if side != "JP":
            return False
        memo = self._bm
        got = memo.get("can_blow")
        if got is None:
            jp = self.placement().hexes["JP"]
            got = memo["can_blow"] = any(br.intact and not jp.isdisjoint(br.blow_from) for br in self.bridges())
        return got

    def on_blow_bridge(self, a: BlowBridge) -> None:
        for i, e in enumerate(self.bridge_ent):
            br = self.world.get(e, Bridge)
            if br.intact and br.blow_from:
                self.put(e, replace(br, intact=False))
                self.emit_msg("BridgeBlown", "Japan blows the {bridge} ({a}–{b})",
                              {"bridge": self.bridge_title[i], "a": br.a, "b": br.b}, a=br.a, b=br.b)

    def on_end_movement(self, a: EndPhase) -> None:
        f = self.flow()
        self.emit_msg("PhaseEnded", "{side} ends movement", {"side": self._side_name(f.side)},
                      side=f.side, phase=MOVE)
        self._enter_due(f.side)
        self._start_combat_phase(f.side)
