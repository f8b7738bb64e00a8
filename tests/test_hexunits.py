"""The shared hex-unit mechanisms (game/systems/hexunits.py, movement.py, combat.CRT) on tiny hand-made tables."""
from __future__ import annotations

from dataclasses import dataclass

from game.systems import hexunits, movement
from game.systems.combat import CRT
from game.systems.hexunits import Placement, Table

# a b c d in a line, e off b
LINE = Table({"a": ("b",), "b": ("a", "c", "e"), "c": ("b", "d"), "d": ("c",), "e": ("b",)})
ONES = Table({h: tuple((n, 1) for n in ns) for h, ns in LINE.items()})


@dataclass(frozen=True)
class U:
    key: str
    side: str


@dataclass(frozen=True)
class P:
    hex: str


def test_zoc_to_zoc_may_be_forbidden():
    # starting in a stop hex, a unit may leave it, and with stop_to_stop=False not straight into another
    assert set(movement.search("b", 2, ONES, stops={"b", "c"})[0]) == {"a", "b", "c", "e"}
    assert set(movement.search("b", 2, ONES, stops={"b", "c"}, stop_to_stop=False)[0]) == {"a", "b", "e"}


def test_reach_leaves_out_the_start_and_is_shared():
    costs, prev = hexunits.reach(ONES, "a", 2, frozenset(), frozenset())
    assert costs == {"b": 1, "c": 2, "e": 2} and movement.route(prev, "a", "c") == ["a", "b", "c"]
    assert hexunits.reach(ONES, "a", 2, frozenset(), frozenset()) is hexunits.reach(ONES, "a", 2, frozenset(),
                                                                                     frozenset())


def test_trace_reads_a_path_back_from_costs_alone():
    costs, _ = hexunits.reach(ONES, "a", 3, frozenset(), frozenset())
    into = Table({h: tuple((p, 1) for p in ns) for h, ns in LINE.items()})
    assert movement.trace(costs, "a", "d", into) == ["a", "b", "c", "d"]
    assert movement.trace(costs, "a", "x", into) is None


def test_move_actions_drop_hexes_a_unit_may_pass_but_not_end_in():
    ml = hexunits.move_actions(lambda u, h: (u, h), "u", (ONES, "a", 2, frozenset(), frozenset()))
    assert ml.actions == (("u", "b"), ("u", "c"), ("u", "e"))
    assert ml.ending_outside({"b": 1}) == (("u", "c"), ("u", "e"))
    assert ml.ending_outside({"x"}) is ml.actions


def test_zone_follows_the_table_it_is_given():
    assert hexunits.zone(LINE, frozenset({"b"})) == {"a", "c", "e"}
    no_e = Table({h: tuple(n for n in ns if n != "e") for h, ns in LINE.items()})
    assert hexunits.zone(no_e, frozenset({"b"})) == {"a", "c"}


def test_retreat_and_advance_candidates_take_the_games_limits():
    assert hexunits.retreat_hexes("b", LINE, {"a"}, frozenset({"c"})) == ["e"]
    assert hexunits.advance_hexes("b", LINE, {"a"}) == ["c", "e"]
    assert hexunits.advance_hexes("b", LINE, {}, only=("e", "d", "a")) == ["e", "a"]     # in the order given


def test_adjacent_enemies_by_key():
    occ = {"a": ("z", "R"), "c": ("y", "R"), "e": ("x", "B")}
    assert hexunits.adjacent_enemies("b", LINE, occ, "B") == ["y", "z"]


def test_placement_after_a_move_equals_a_fresh_reading_with_stacks():
    units = {k: U(k, s) for k, s in (("r1", "R"), ("r2", "R"), ("b1", "B"))}
    where = {"r1": "a", "r2": "a", "b1": "d"}
    order = [(k, i, units[k]) for i, k in enumerate(sorted(units))]

    def read() -> Placement:
        return Placement.read(order, lambda e, _t: P(where[order[e][0]]) if order[e][0] in where else None, P,
                              ("R", "B"))

    before = read()
    assert before.stacked and before.at["a"] == ("r1", "R") and before.stacks("R") == {"a": ["r1", "r2"]}
    assert before.enemy["B"] == {"a"}
    for key, to in (("r1", "c"), ("r2", "c"), ("b1", "e")):
        p = before.after_move(units[key], where[key], to)
        where[key] = to
        q = read()
        assert (p.at, p.on_map, p.hexes, p.enemy, p.stacked) == (q.at, q.on_map, q.hexes, q.enemy, q.stacked)
        before = p


def test_crt_lookup_clamps_and_shifts():
    crt = CRT.from_data({"die": 2, "columns": [-1, 0, 1], "column_labels": ["<=-1", "0", ">=+1"],
                         "rows": {"1": ["A", "B", "D"], "2": ["A", "A", "B"]}, "result_order": ["A", "B", "D"]})
    assert [crt.column(v) for v in (-5, -1, 0, 1, 9)] == [0, 0, 1, 2, 2]
    assert crt.column(0, -3) == 0 and crt.column(0, 1) == 2
    assert crt.result(2, 2) == "B" and crt.odds(1) == (("A", 0.5), ("B", 0.5), ("D", 0.0))
    odds = CRT((0.5, 1, 2), ("1:2", "1:1", "2:1"), (("x", "y", "z"),), ("x", "y", "z"))
    assert odds.column(1.5) == 1 and odds.column(0.3) == 0      # an odds table: the last column at most the ratio


def test_hexmap_neighbours_may_be_the_grid_alone():
    """HexMap(board, via=GRID): links (sea lanes, box entries) do not make neighbours."""
    from pathlib import Path

    from game.core.board import GRID
    from game.core.tmx import load_board
    from game.systems.hexunits import HexMap

    board = load_board(Path(__file__).parent / "data" / "maps" / "boxes.tmx")

    class AllSteps(HexMap):
        pass

    class GridOnly(HexMap):
        pass
    every = AllSteps(board, impassable=("sea",))
    grid = GridOnly(board, impassable=("sea",), via=GRID)
    assert "Port" in every.neighbours["0104"] and "Port" not in grid.neighbours["0104"]
    assert grid.neighbours["Port"] == () and set(grid.neighbours["0104"]) <= set(board.neighbours("0104", GRID))
