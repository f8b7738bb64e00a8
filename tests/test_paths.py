"""game/systems/paths.py: supply lines and paths on the rules' terms, over hexes
and boxes alike (tests/data/maps/boxes.tmx: boxes Port and Depot below a 5x4
grid; sea lanes 0101-Port, Port-Depot, 0501-Depot; box entries 0104-Port and
Depot->0404, one way)."""
from __future__ import annotations

from pathlib import Path

import pytest

from game.core.board import GRID
from game.core.tmx import load_board
from game.systems import paths

LAND = (GRID, "box_entry")
BOARD = load_board(Path(__file__).parent / "data" / "maps" / "boxes.tmx")


def land_only(cell: str) -> bool:
    return BOARD.cell(cell).terrain != "sea"


def test_supply_traced_from_a_box_reaches_the_hexes_within_the_limit():
    assert paths.supplied(BOARD, "Port", via=LAND, limit=2) == {"Port", "0104", "0103", "0203", "0204"}


def test_supply_does_not_enter_cells_the_rules_refuse():
    enemy = {"0103", "0204"}
    got = paths.supplied(BOARD, "Port", via=LAND, limit=2, enter=lambda c: land_only(c) and c not in enemy)
    assert got == {"Port", "0104"}          # 0203 is sea, 0103 and 0204 hold the enemy


def test_supply_from_several_sources_is_their_union():
    one = paths.supplied(BOARD, "Port", via=LAND, limit=1)
    two = paths.supplied(BOARD, "Depot", via=LAND, limit=1)
    assert paths.supplied(BOARD, ["Port", "Depot"], via=LAND, limit=1) == one | two == {"Port", "0104", "Depot", "0404"}


def test_a_one_way_entry_supplies_out_of_the_box_only():
    assert "Depot" in paths.supplied(BOARD, "Depot", via=LAND)
    assert "Depot" not in paths.supplied(BOARD, "0404", via=LAND)


def test_sources_are_not_asked_whether_they_may_be_entered():
    assert paths.supplied(BOARD, "0301", via=GRID, limit=0, enter=land_only) == {"0301"}   # a sea hex


def test_shipping_follows_sea_lanes_only():
    assert paths.path(BOARD, "0101", "0501", via="sea_lane") == ["0101", "Port", "Depot", "0501"]
    assert paths.connected(BOARD, "0101", "0501", via="sea_lane")
    assert not paths.connected(BOARD, "0101", "0102", via="sea_lane")
    assert not paths.connected(BOARD, "0101", "0501", via="sea_lane", enter=lambda c: c != "Depot")


def test_the_goal_must_be_enterable():
    assert paths.path(BOARD, "0101", "0201", via=GRID, enter=lambda c: c != "0201") is None


def test_the_cheapest_path_weighs_each_step():
    # shipping costs 1 per lane, marching 2 per step: 0101 to 0404 by land is 5 hexes (10);
    # by sea to Depot (2 lanes) then through the gate (2) is 4
    def cost(a, b):
        return 1 if BOARD.adjacent(a, b, via="sea_lane") else 2
    both = (GRID, "box_entry", "sea_lane")
    assert paths.path(BOARD, "0101", "0404", via=both, cost=cost) == ["0101", "Port", "Depot", "0404"]
    assert paths.path(BOARD, "0101", "0404", via=both, cost=cost, limit=3) is None
    assert len(paths.path(BOARD, "0101", "0404", via=LAND)) == 6


def test_a_trace_tells_what_cut_the_line():
    r = paths.trace(BOARD, "Port", via=LAND, enter=lambda c: c != "0104")
    assert set(r) == {"Port"} and r.blocked == {"0104"} and r.path("0101") is None


def test_unknown_cells_are_named():
    with pytest.raises(KeyError, match="Atlantis"):
        paths.path(BOARD, "0101", "Atlantis")
    with pytest.raises(KeyError, match="Atlantis"):
        paths.supplied(BOARD, ["Port", "Atlantis"])


def test_a_zoc_line_keeps_out_of_enemy_units_and_enemy_zoc_unless_a_friend_stands_there():
    enter = paths.zoc_line({"0101", "0102", "0103", "0104"}, enemy={"0103"}, enemy_zoc={"0102", "0104"},
                           friends={"0104"})
    assert [enter(c) for c in ("0101", "0102", "0103", "0104", "0201")] == [True, False, False, True, False]
    assert paths.supplied(BOARD, "0101", via=GRID, enter=enter) == {"0101"}
