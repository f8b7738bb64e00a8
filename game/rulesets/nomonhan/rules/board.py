"""Nomonhan's map as the rules read it: the terrain of its hex entities, the river
and the bridges [7.0][8.0], and the step, ZOC and crossing tables derived from
them, built once per board and shared by every game on it."""
from __future__ import annotations

from functools import cache
from typing import Mapping

from game.core.board import Board
from game.systems.hexunits import HexMap, Table

from ..components import Bridge


class MapFacts(HexMap):
    """What the rules read from maps/nomonhan.tmx, computed once per board."""

    def __init__(self, board: Board, terrain: Mapping[str, str]):
        super().__init__(board, impassable=("impassable",), terrain=terrain)
        self.hills = frozenset(n for n, t in self.terrain.items() if t == "hill")
        self.river = self.hexsides("river")
        self.bridges = []
        for a, b, props in board.sides_with("bridge"):
            kind = str(props.get("bridge") if props.get("bridge") not in (True, None) else props.get("kind", "permanent"))
            blow = tuple(s.strip() for s in str(props.get("blow_from", "")).split(",") if s.strip())
            self.bridges.append(Bridge(a, b, kind, str(props.get("bridge_name") or props.get("name") or kind), True, blow))
        self.flags: dict[str, str] = {}
        for obj in board.objects_of_type("flag"):
            self.flags[str(obj.props["side"])] = obj.cell
        self.cost = {n: (2 if n in self.hills else 1) for n in self.passable}
        self.turns = int(board.properties.get("turns", 8))
        self.end_rolls: dict[int, frozenset[int]] = {}
        for obj in board.objects_of_type("turn_box"):
            nums = [int(s) for s in str(obj.props.get("end_roll", "")).replace(" ", "").split(",") if s]
            if nums:
                self.end_rolls[int(obj.props["turn"])] = frozenset(nums)

    @cache
    def crossing_table(self, intact: tuple[bool, ...]) -> dict[tuple[str, str], str]:
        """Every river hexside, both ways round, as "river" or its intact bridge's kind."""
        t = {}
        for side in self.river:
            a, b = tuple(side)
            t[(a, b)] = t[(b, a)] = "river"
        for br, ok in zip(self.bridges, intact):
            if ok:
                t[(br.a, br.b)] = t[(br.b, br.a)] = br.kind
        return t

    @cache
    def zoc_neighbours(self, intact: tuple[bool, ...]) -> Table:
        """For each hex, the neighbours a unit there exerts ZOC into and may attack:
        not across an unbridged river [7.0][9.0]."""
        table = self.crossing_table(intact)
        return self.neighbours_where(lambda h, n: table.get((h, n)) != "river")

    @cache
    def move_steps(self, crosses_military: bool, intact: tuple[bool, ...]) -> Table:
        """For each hex, (neighbour, MP cost) for every step a unit of this kind may take
        to move, retreat or advance: over open hexsides and permanent bridges, over the
        military bridge only if it may (tanks may not), never over a river [8.0]; a
        hill costs 2 MP [7.0]."""
        table = self.crossing_table(intact)
        ok = {None, "permanent"} | ({"military"} if crosses_military else set())
        return self.step_costs(lambda h, n: self.cost[n] if table.get((h, n)) in ok else None)

    def move_neighbours(self, crosses_military: bool, intact: tuple[bool, ...]) -> Table:
        """For each hex, the neighbours a unit of this kind may step into (rivers and bridges applied)."""
        return self.neighbours_of(self.move_steps(crosses_military, intact))
