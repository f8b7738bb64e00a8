"""Across Suez's map as the rules read it [2][12]: the terrain and forts of its hex
entities, roads, ridges, the entry hexes, and the step-cost tables in half MP
derived from them, built once per board and shared by every game on it."""
from __future__ import annotations

from typing import Any, Collection, Mapping

from game.core.board import Board
from game.core.tmx import load_board
from game.paths import map_path
from game.systems.hexunits import HexMap

from .data import load_data


class MapFacts(HexMap):
    """What the rules read from maps/across_suez.tmx, computed once per board."""

    def __init__(self, board: Board, data: dict[str, Any], terrain: Mapping[str, str] | None = None,
                 forts: Collection[str] | None = None):
        """``terrain`` (hex -> terrain) and ``forts`` (the hexes of the Bar Lev forts): as the
        game's hex entities say (the board's cells when none are given, see :func:`default_facts`)."""
        tec = data["terrain_effects"]
        super().__init__(board, impassable={t for t, v in tec["terrain"].items() if v.get("prohibited")},
                         terrain=terrain)
        self.forts = frozenset(forts if forts is not None else
                               (n for n, c in board.cells.items() if c.props.get("fort")))
        self.roads = self.hexsides("road")
        self.ridges = self.hexsides("ridge")
        # half movement points: clear 2, sand and farm 4, road 1, ridge +2
        half = {t: int(round(2 * v["move"])) for t, v in tec["terrain"].items() if v.get("move") is not None}
        road = int(round(2 * tec["road"]["move"]))
        ridge = int(round(2 * tec["ridge"]["move_extra"]))
        bridge_ok = set(data["unit_types"]["bridge"]["may_enter"])

        def cost(is_bridge: bool):
            def step(h: str, n: str) -> int | None:
                side = frozenset((h, n))
                if is_bridge and (self.terrain[n] not in bridge_ok or side in self.ridges):
                    return None         # the bridge: clear and road hexes only, never over a ridge
                return road if side in self.roads else half[self.terrain[n]] + (ridge if side in self.ridges else 0)
            return step
        #: per unit kind (is it the bridge?): hex -> ((neighbour, half MP), ...)
        self.steps = {b: self.step_costs(cost(b)) for b in (False, True)}
        self.bridge_hexes = frozenset(n for n in self.passable if self.terrain[n] in bridge_ok)
        self.entries = {k: v["hex"] for k, v in data["entries"].items()}


def default_facts() -> MapFacts:
    data = load_data()
    return MapFacts.of(load_board(map_path(data["map"])), data)

