"""maps/nomonhan.tmx against the data sheet (../shared/rules/nomonhan.md §2, §4, §8)."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from game.core.tmx import load_board, map_info

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "maps" / "nomonhan.tmx"



HILLS = ["0101", "0102", "0103", "0104", "0105", "0106"]
IMPASSABLE = ["0301", "0401", "0501", "0701", "0702", "0703", "0704", "0705", "0706", "0707", "0708"]
RIVER = [("0201", "0301"), ("0201", "0302"), ("0202", "0302"), ("0202", "0303"), ("0203", "0303"),
         ("0203", "0304"), ("0204", "0304"), ("0204", "0305"), ("0205", "0305"), ("0205", "0306"),
         ("0206", "0306"), ("0206", "0307"), ("0207", "0307"), ("0207", "0308"), ("0207", "0208"),
         ("0108", "0208")]


@pytest.fixture(scope="module")
def board():
    return load_board(MAP)


def sheet_neighbours(name: str) -> set[str]:
    """The data sheet's RRCC adjacency rule (§2.1), clipped to the 7x8 grid."""
    r, c = int(name[:2]), int(name[2:])
    if r % 2 == 0:
        cand = [(r, c - 1), (r, c + 1), (r - 1, c), (r - 1, c + 1), (r + 1, c), (r + 1, c + 1)]
    else:
        cand = [(r, c - 1), (r, c + 1), (r - 1, c - 1), (r - 1, c), (r + 1, c - 1), (r + 1, c)]
    return {f"{rr:02d}{cc:02d}" for rr, cc in cand if 1 <= rr <= 7 and 1 <= cc <= 8}


def test_map_settings(board):
    assert board.kind == "hex" and board.orientation == "hexagonal"
    assert (board.staggeraxis, board.staggerindex) == ("y", "odd")
    assert (board.width, board.height, board.tilewidth, board.tileheight) == (8, 7, 112, 128)
    assert board.hexsidelength == 64
    p = board.properties
    assert (p["game"], p["hex_numbering"], p["title"], p["board"], p["turns"]) == (
        "nomonhan", "RRCC", "ノモンハンの戦い", "hex", 8)


def test_all_56_grid_positions_are_cells_named_rrcc(board):
    assert len(board.cells) == 56
    for r in range(1, 8):
        for c in range(1, 9):
            cell = board.cell(f"{r:02d}{c:02d}")
            assert (cell.x, cell.y) == (c - 1, r - 1)


def test_terrain(board):
    for name, cell in board.cells.items():
        want = "hill" if name in HILLS else "impassable" if name in IMPASSABLE else "clear"
        assert cell.terrain == want, name
    assert all(board.cell(f"07{c:02d}").props.get("track") is True for c in range(1, 9))
    assert sum(c.terrain != "impassable" for c in board.cells.values()) == 45


def test_neighbours_equal_the_data_sheet_rule(board):
    for name in board.cells:
        assert set(board.neighbours(name)) == sheet_neighbours(name), name
    assert board.adjacent("0207", "0308")


def test_the_16_river_hexsides(board):
    assert sorted((a, b) for a, b, _ in board.sides_with("river")) == sorted(RIVER)
    for a, b in RIVER:
        assert board.side(b, a)["river"] is True and board.side(a, b)["river_name"] == "Halha"


def test_river_is_one_unbroken_line_from_edge_to_edge(board):
    halha = [o for o in board.objects if o.name == "Halha"]
    assert halha == []                        # hexside objects are not plain objects
    segs = [board.side_segment(a, b) for a, b in RIVER]
    ends = {}
    for p, q in segs:
        for pt in (p, q):
            ends[pt] = ends.get(pt, 0) + 1
    assert sorted(pt for pt, n in ends.items() if n == 1) == [(56, 192), (896, 96)]
    assert all(n in (1, 2) for n in ends.values())


def test_the_river_splits_the_banks(board):
    passable = {n for n, c in board.cells.items() if c.terrain != "impassable"}
    west, todo = {"0101"}, ["0101"]
    while todo:
        h = todo.pop()
        for n in board.neighbours(h):
            if n in passable and n not in west and "river" not in board.side(h, n):
                west.add(n)
                todo.append(n)
    assert sorted(west) == sorted([f"01{c:02d}" for c in range(1, 9)] + [f"02{c:02d}" for c in range(1, 8)])
    assert len(passable - west) == 30


def test_bridges(board):
    soviet = board.side("0302", "0201")
    assert soviet["bridge"] == "permanent" and soviet["units"] == "all" and soviet["river"] is True
    assert soviet["bridge_name"] == "Soviet bridge"
    military = board.side("0308", "0207")
    assert military["bridge"] == "military" and military["bridge_name"] == "Military bridge"
    assert military["units"] == "infantry,motorized,cavalry" and military["blow_from"] == "0207,0308"
    assert [(a, b) for a, b, _ in board.sides_with("bridge")] == [("0201", "0302"), ("0207", "0308")]


def test_flags(board):
    flags = {o.props["side"]: o for o in board.objects_of_type("flag")}
    assert flags["JP"].cell == "0508" and flags["SOV"].cell == "0201"
    assert all(f.props["reconstructed"] is True for f in flags.values())
    for f in flags.values():
        assert (f.x, f.y) == board.cell(f.cell).center


def test_turn_track(board):
    boxes = sorted(board.objects_of_type("turn_box"), key=lambda o: o.props["turn"])
    assert [o.props["turn"] for o in boxes] == list(range(1, 9))
    assert [o.cell for o in boxes] == [f"07{c:02d}" for c in range(1, 9)]
    assert [o.props["end_roll"] for o in boxes] == ["", "", "", "", "", "1,2", "1,2,3", ""]
    assert [o.props.get("reconstructed", False) for o in boxes] == [False] * 5 + [True, True, False]
    assert all(o.layer == "track" for o in boxes)


def test_holsten_decoration_joins_the_halha(board):
    (holsten,) = [o for o in board.objects if o.name == "Holsten"]
    assert holsten.type == "decor" and holsten.layer == "decor"
    assert [board.cell_at_pixel(*p) for p in holsten.points[:3]] == ["0501", "0401", "0301"]
    assert list(holsten.points[:3]) == [board.cell(n).center for n in ("0501", "0401", "0301")]
    corner = set(board.corners("0201")) & set(board.corners("0301")) & set(board.corners("0302"))
    assert corner == {holsten.points[-1]}
    assert holsten.points[-1] in board.side_segment("0201", "0301")


def test_map_info(board):
    info = map_info(MAP)
    assert (info["orientation"], info["staggeraxis"], info["staggerindex"], info["width"], info["height"]) == (
        "hexagonal", "y", "odd", 8, 7)
    c = next(c for c in info["cells"] if c["name"] == "0207")
    assert (c["x"], c["y"]) == (6, 1) and set(c["neighbours"]) == sheet_neighbours("0207")


def test_tileset_images_exist_and_are_reproducible():
    tiles = ROOT / "maps" / "tiles"
    assert (tiles / "terrain.png").is_file() and (tiles / "terrain.tsx").is_file()
    pytest.importorskip("pygame")
    r = subprocess.run([sys.executable, str(ROOT / "tools" / "gen_tiles.py"), "--check"],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stdout + r.stderr
