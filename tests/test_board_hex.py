"""Hex boards: Tiled geometry for all four stagger variants, naming, neighbours,
distance, paths and pixel picking.

The expected neighbour lists below were worked out by hand from the picture of
each grid (which rows/columns are shifted), not with the code's formula.
Every map is 4x4 with tile (3,3) empty, so cell 0404 does not exist; tile
(1,0) = 0201 is a hill and tile (2,1) = 0302 has no terrain property but the
tile class "woods".
"""
from __future__ import annotations

import copy
import pickle
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.core.board import FAR, Board, Cell, HexGeometry
from game.core.tmx import load_board

MAPS = Path(__file__).parent / "data" / "maps"




def board(name: str) -> Board:
    return load_board(MAPS / name)


def nb(b: Board, name: str) -> list[str]:
    return sorted(b.neighbours(name))


# -- hand-computed neighbours ---------------------------------------------------

# staggeraxis y, staggerindex odd (odd-r): rows 1 and 3 (0-based) are shifted right.
#   0101  0201  0301  0401
#      0102  0202  0302  0402
#   0103  0203  0303  0403
#      0104  0204  0304  ----
Y_ODD = {
    "0202": ["0102", "0201", "0203", "0301", "0302", "0303"],
    "0203": ["0102", "0103", "0104", "0202", "0204", "0303"],
    "0101": ["0102", "0201"],
    "0402": ["0302", "0401", "0403"],
    "0304": ["0204", "0303", "0403"],          # 0404 is empty
}

# staggeraxis y, staggerindex even (even-r): rows 0 and 2 are shifted right.
#      0101  0201  0301  0401
#   0102  0202  0302  0402
#      0103  0203  0303  0403
#   0104  0204  0304  ----
Y_EVEN = {
    "0202": ["0101", "0102", "0103", "0201", "0203", "0302"],
    "0101": ["0102", "0201", "0202"],
    "0102": ["0101", "0103", "0202"],
    "0403": ["0303", "0402"],                  # 0404 is empty
    "0203": ["0103", "0202", "0204", "0302", "0303", "0304"],
}

# staggeraxis x, staggerindex odd (odd-q): columns 1 and 3 are shifted down.
Y_X_ODD = {
    "0202": ["0102", "0103", "0201", "0203", "0302", "0303"],
    "0302": ["0201", "0202", "0301", "0303", "0401", "0402"],
    "0101": ["0102", "0201"],
    "0403": ["0303", "0304", "0402"],          # 0404 is empty
}

# staggeraxis x, staggerindex even (even-q): columns 0 and 2 are shifted down.
X_EVEN = {
    "0202": ["0101", "0102", "0201", "0203", "0301", "0302"],
    "0101": ["0102", "0201", "0202"],
    "0104": ["0103", "0204"],
    "0303": ["0203", "0204", "0302", "0304", "0403"],  # 0404 is empty
}

VARIANTS = [
    ("hex_y_odd.tmx", "y", "odd", Y_ODD),
    ("hex_y_even.tmx", "y", "even", Y_EVEN),
    ("hex_x_odd.tmx", "x", "odd", Y_X_ODD),
    ("hex_x_even.tmx", "x", "even", X_EVEN),
]


@pytest.mark.parametrize("fname, axis, index, expected", VARIANTS)
def test_neighbours_match_hand_computed_lists(fname, axis, index, expected):
    b = board(fname)
    assert (b.kind, b.staggeraxis, b.staggerindex) == ("hex", axis, index)
    assert len(b.cells) == 15 and "0404" not in b.cells
    for name, want in expected.items():
        assert nb(b, name) == want, name


@pytest.mark.parametrize("fname, axis, index, expected", VARIANTS)
def test_neighbours_are_the_hexes_that_share_an_edge(fname, axis, index, expected):
    """Independent of the axial formulas: two hexes are neighbours exactly when
    their Tiled outlines share two corners. (Tiled rounds side offsets down, so
    with odd sizes such as 70-35 the outlines of the odd variants miss by 1 px.)"""
    b = board(fname)

    def shared(a: str, n: str) -> int:
        return sum(any(abs(x - u) <= 1 and abs(y - v) <= 1 for u, v in b.corners(n)) for x, y in b.corners(a))

    for a in b.cells:
        touching = sorted(n for n in b.cells if n != a and shared(a, n) >= 2)
        assert nb(b, a) == touching, a
        for n in b.neighbours(a):
            assert b.adjacent(a, n) and b.adjacent(n, a)
            assert a in b.neighbours(n)


def test_neighbour_order_is_clockwise_from_the_top():
    assert board("hex_y_odd.tmx").neighbours("0202") == ("0301", "0302", "0303", "0203", "0102", "0201")
    assert board("hex_x_odd.tmx").neighbours("0202") == ("0201", "0302", "0303", "0203", "0103", "0102")


# -- Tiled pixel geometry ---------------------------------------------------------

@pytest.mark.parametrize("fname, size, centres", [
    # tile 56x64 side 32: row height 48, odd rows +28
    ("hex_y_odd.tmx", (252, 208), {"0101": (28, 32), "0202": (112, 80), "0103": (28, 128)}),
    # tile 60x70 side 35: side offset (70-35)//2 = 17, row height 52, even rows +30
    ("hex_y_even.tmx", (270, 225), {"0101": (60, 35), "0202": (90, 87), "0103": (60, 139)}),
    # tile 64x56 side 32: column width 48, odd columns +28 down
    ("hex_x_odd.tmx", (208, 252), {"0101": (32, 28), "0201": (80, 56), "0202": (80, 112)}),
    # tile 74x64 side 37: side offset (74-37)//2 = 18, column width 55, even columns +32 down
    ("hex_x_even.tmx", (238, 288), {"0101": (37, 64), "0201": (92, 32), "0202": (92, 96)}),
])
def test_centres_and_map_size_follow_tiled(fname, size, centres):
    b = board(fname)
    assert (b.pixel_width, b.pixel_height) == size
    for name, c in centres.items():
        assert b.cell(name).center == c


def test_hexagon_outline_follows_tiled():
    b = board("hex_y_odd.tmx")
    # tile (1,1) is in a shifted row: bounding box starts at (84, 48)
    assert b.corners("0202") == [(84, 96), (84, 64), (112, 48), (140, 64), (140, 96), (112, 112)]
    assert board("hex_x_even.tmx").corners("0101") == [(0, 64), (18, 32), (56, 32), (74, 64), (56, 96), (18, 96)]


@pytest.mark.parametrize("fname", [v[0] for v in VARIANTS] + ["features.tmx", "rrcc.tmx"])
def test_cell_at_pixel_round_trips(fname):
    b = board(fname)
    for name, c in b.cells.items():
        assert b.cell_at_pixel(*c.center) == name
        cx, cy = c.center
        for x, y in b.corners(name):          # just inside every corner
            assert b.cell_at_pixel(cx + (x - cx) * 0.9, cy + (y - cy) * 0.9) == name
    assert b.cell_at_pixel(-5, -5) is None
    assert b.cell_at_pixel(b.pixel_width + 50, 10) is None


def test_cell_at_pixel_empty_tile_is_none():
    b = board("hex_y_odd.tmx")
    # tile (3,3) is empty; its centre would be (224, 176)
    assert b.cell_at_pixel(224, 176) is None
    assert b.name_at(3, 3) is None and b.name_at(2, 3) == "0304"


def test_cell_coordinates_are_tiled_tiles():
    b = board("hex_x_even.tmx")
    c = b.cell("0302")
    assert (c.x, c.y) == (2, 1)
    assert list(b.cells)[:5] == ["0101", "0201", "0301", "0401", "0102"]   # row-major


def test_terrain_and_tile_properties():
    b = board("hex_y_odd.tmx")
    assert b.cell("0201").terrain == "hill" and b.cell("0201").props["cost"] == 2
    assert b.cell("0302").terrain == "woods"        # tile class when no terrain property
    assert b.cell("0101").terrain == "clear"
    with pytest.raises(TypeError):
        b.cell("0201").props["cost"] = 3          # read-only


# -- distance and paths -------------------------------------------------------------

def test_distance_hand_computed():
    b = board("hex_y_odd.tmx")
    assert b.distance("0101", "0101") == 0
    assert b.distance("0101", "0102") == 1
    assert b.distance("0101", "0403") == 4      # 2 rows down, 3 columns right
    assert b.distance("0401", "0104") == 4      # 3 rows down cover 1.5 of the 2.5 columns
    x = board("hex_x_odd.tmx")
    assert x.distance("0101", "0401") == 3
    assert x.distance("0101", "0104") == 3
    assert x.distance("0104", "0401") == 4
    e = board("hex_x_even.tmx")
    assert e.distance("0101", "0304") == 4
    ye = board("hex_y_even.tmx")
    assert ye.distance("0102", "0401") == 4
    for b in (board(v[0]) for v in VARIANTS):
        for a in b.cells:
            for n in b.neighbours(a):
                assert b.distance(a, n) == 1


def test_distance_is_symmetric_and_ignores_missing_cells():
    b = board("hex_y_odd.tmx")
    names = list(b.cells)
    for a in names:
        for c in names:
            assert b.distance(a, c) == b.distance(c, a)
    # 0304 and 0403 are 1 apart; going round the empty 0404 changes nothing
    assert b.distance("0304", "0403") == 1


def test_path_bfs_with_and_without_a_passable_test():
    b = board("hex_y_odd.tmx")
    p = b.find_path("0101", "0403")
    assert p is not None and p[0] == "0101" and p[-1] == "0403" and len(p) == 5
    assert all(b.adjacent(x, y) for x, y in zip(p, p[1:]))
    assert b.find_path("0101", "0101") == ["0101"]
    # wall off row 2 except 0103: the path must squeeze through it
    blocked = {"0203", "0303", "0403", "0202", "0302", "0402"}
    p = b.find_path("0101", "0304", passable=lambda n: n not in blocked)
    assert p == ["0101", "0102", "0103", "0104", "0204", "0304"]
    assert b.find_path("0101", "0304", passable=lambda n: n not in blocked | {"0103"}) is None
    assert b.find_path("0101", "0201", passable=lambda n: n != "0201") is None


def test_unknown_names_raise_clear_key_errors():
    b = board("hex_y_odd.tmx")
    for call in (lambda: b.cell("9999"), lambda: b.neighbours("9999"), lambda: b.distance("0101", "9999"),
                 lambda: b.find_path("0101", "9999"), lambda: b.side("0101", "9999"), lambda: b.adjacent("9999", "0101")):
        with pytest.raises(KeyError, match="9999"):
            call()


# -- naming ---------------------------------------------------------------------------

def test_rrcc_naming_with_first_column_and_row():
    b = board("rrcc.tmx")
    # RRCC = row then column; first_column 5, first_row 10
    assert list(b.cells) == ["1005", "1006", "1007", "1105", "1106", "1107"]
    assert b.name_at(2, 1) == "1107" and (b.cell("1006").x, b.cell("1006").y) == (1, 0)
    assert sorted(b.neighbours("1006")) == ["1005", "1007", "1105", "1106"]


# -- the model itself --------------------------------------------------------------------

def test_board_is_picklable_and_copyable():
    b = board("features.tmx")
    b2 = pickle.loads(pickle.dumps(b))
    assert b2.cells == b.cells and b2.routes == b.routes and b2.objects == b.objects
    assert dict(b2.side("0302", "0303")) == dict(b.side("0302", "0303"))
    assert b2.neighbours("0202") == b.neighbours("0202")
    c = copy.deepcopy(b.cell("0303"))
    assert c == b.cell("0303") and hash(c) == hash(b.cell("0303"))


def test_path_attribute_is_the_file_and_also_finds_paths():
    b = board("hex_y_odd.tmx")
    assert b.file.endswith("hex_y_odd.tmx")
    assert b.find_path("0101", "0102") == ["0101", "0102"]


def test_geometry_rejects_bad_parameters():
    with pytest.raises(ValueError):
        HexGeometry("z", "odd", 10, 10, 5)
    with pytest.raises(ValueError):
        HexGeometry("y", "middle", 10, 10, 5)
    with pytest.raises(ValueError):
        HexGeometry("y", "odd", 10, 10, 50)


def test_boards_can_be_built_from_plain_data():
    cells = [Cell("A", 0, 0, (1.0, 1.0)), Cell("B", 9, 9, (2.0, 2.0))]
    b = Board(path="<memory>", kind="point", cells=cells, links=[("A", "B", {"kind": "rail"}, False)],
              radii={"A": 1, "B": 1})
    assert b.neighbours("A") == ("B",) and b.side("B", "A")["kind"] == "rail"
    assert b.distance("A", "B") == 1
    lonely = Board(path="<memory>", kind="point", cells=cells)
    assert lonely.distance("A", "B") == FAR and lonely.find_path("A", "B") is None


def test_hot_calls_are_fast():
    b = load_board(Path(__file__).parent.parent / "maps" / "nomonhan.tmx")
    names = list(b.cells)
    t = time.perf_counter()
    n = 0
    for _ in range(200):
        for a in names:
            for x in b.neighbours(a):
                n += b.distance(a, x)
    elapsed = time.perf_counter() - t
    assert n > 0 and elapsed < 1.0


def test_distance_equals_breadth_first_hops_on_a_full_grid():
    """On a grid with no missing hexes, the O(1) cube distance must equal the
    number of steps found by walking the neighbour lists."""
    for b in (load_board(Path(__file__).parent.parent / "maps" / "nomonhan.tmx"), board("features.tmx")):
        for a in b.cells:
            hops = {a: 0}
            todo = [a]
            for h in todo:
                for n in b.neighbours(h):
                    if n not in hops:
                        hops[n] = hops[h] + 1
                        todo.append(n)
            assert all(b.distance(a, n) == d for n, d in hops.items()), a


@pytest.mark.parametrize("fname", [v[0] for v in VARIANTS])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(fx=st.floats(0, 1), fy=st.floats(0, 1))
def test_cell_at_pixel_agrees_with_the_outlines(fname, fx, fy):
    b = board(fname)
    px, py = fx * b.pixel_width, fy * b.pixel_height
    got = b.cell_at_pixel(px, py)
    inside = [n for n in b.cells if b.geometry.contains(b.cell(n).x, b.cell(n).y, px, py)]
    if got is None:
        assert inside == []
    else:
        assert got in inside
