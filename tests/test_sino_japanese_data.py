"""maps/sino_japanese.tmx and game/rulesets/sino_japanese/data.json against the data sheet
(../shared/rules/sino_japanese.md §2-§8). The expected values below are copied from the sheet, not
computed from the map or the data.

Cells, terrain, locations, rivers and distances are read through the loader; boxes, links and tracks
are read from the TMX XML (tools/gen_sino_japanese_map.py), so these tests do not depend on how the
loader turns boxes and links into cells and sides. Hex cells are the cells with 4-digit names.
"""
from __future__ import annotations

import importlib.util
import json
import math
import subprocess
import sys
from collections import deque
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.core.board import GRID as HEX_GRID
from game.core.tmx import load_board

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "maps" / "sino_japanese.tmx"
DATA = ROOT / "game" / "rulesets" / "sino_japanese" / "data.json"
GEN = ROOT / "tools" / "gen_sino_japanese_map.py"

# §4.2, as printed
GRID = """
      01 02 03 04 05 06 07 08 09 10 11 12 13 14 15 16 17 18 19 20
r01   x  x  x  c  h  c  c  c  c  c  c  c  c  c  c  c  c  c  c  c
r02   .  .  .  .  c  .  c  .  c  c  c  c  c  c  c  c  c  c  c  c
r03   .  .  .  .  .  .  .  .  .  .  c  c  c  c  c  c  c  c  c  c
r04   .  .  .  .  .  .  .  .  .  .  c  c  c  c  c  c  c  c  c  h
r05   .  .  .  .  .  .  .  .  .  .  c  c  c  c  c  c  c  c  c  h
r06   .  .  .  .  .  c  .  c  .  c  c  c  c  M  c  c  h  h  h  h
r07   .  .  .  .  c  h  c  c  c  c  c  M  h  M  M  h  h  M  h  h
r08   .  c  h  c  c  h  h  h  h  M  M  M  h  M  M  h  M  M  M  M
r09   .  .  c  .  c  c  h  h  h  h  h  h  h  h  h  h  M  M  M  M
r10   .  .  .  .  .  .  .  .  h  h  h  h  h  h  h  h  h  M  M  M
r11   .  .  .  .  .  .  .  .  .  .  .  .  h  h  h  c  h  h  h  M
r12   .  .  .  .  .  .  .  .  .  .  .  .  h  h  c  c  M  M  M  M
r13   .  x  .  .  .  .  .  .  .  .  .  .  .  .  h  h  M  M  M  M
r14   x  h  c  c  c  .  .  .  .  .  .  .  .  .  c  h  h  M  M  M
r15   h  h  h  h  c  c  .  .  .  .  .  .  .  .  .  c  h  M  M  M
r16   h  h  h  h  h  c  .  .  .  .  .  .  .  .  .  c  c  h  M  M
r17   h  h  h  h  h  c  .  .  .  .  .  .  .  .  .  c  c  h  M  M
r18   c  c  c  c  h  M  c  c  .  .  .  .  .  c  c  c  c  M  M  M
r19   .  .  .  .  c  c  h  c  .  .  .  c  c  c  c  h  h  M  M  M
r20   .  .  .  .  .  .  c  c  c  .  .  c  c  h  h  h  M  M  M  M
r21   .  .  .  .  .  .  c  .  .  .  .  c  c  h  h  M  M  M  M  M
""".strip().splitlines()
TERRAIN = {".": "sea", "c": "clear", "h": "hill", "M": "mountain"}

# §4.3: hex | name | 漢字 | lat | lon | city | vp | lane colours | red | Qing set-up
LOCATIONS = """
1519 | Pyongyang        | 平壌   | 39.034 | 125.754 | large    | 2 | blue        | red | 2
1717 | Anju             | 安州   | 39.618 | 125.665 | small    | 1 |             |     | 0
1615 | Chongju          | 定州   | 39.693 | 125.210 | none     | 0 |             |     | 0
1612 | Uiju             | 義州   | 40.199 | 124.532 | small    | 1 |             |     | 0
1611 | Jiuliancheng     | 九連城 | 40.21  | 124.44  | small    | 1 |             |     | 0
1512 | Andong           | 安東   | 40.129 | 124.395 | none     | 0 | blue        |     | 0
1610 | Fenghuangcheng   | 鳳凰城 | 40.454 | 124.072 | small    | 1 |             |     | 0
1911 | Kuandian         | 寛甸   | 40.729 | 124.785 | none     | 0 |             |     | 0
1608 | Motianling       | 摩天嶺 | 40.80  | 123.78  | none     | 0 |             |     | 0
1309 | Xiuyan           | 岫巌   | 40.293 | 123.274 | small    | 1 |             |     | 0
1210 | Dagushan         | 大孤山 | 39.88  | 123.56  | small    | 1 | blue        |     | 0
1010 | Zhuanghe         | 荘河   | 39.701 | 122.991 | none     | 0 |             |     | 0
0809 | Huayuankou       | 花園口 | 39.57  | 122.57  | none     | 0 |             |     | 0
0709 | Pikou            | 貔子窩 | 39.42  | 122.35  | none     | 0 |             |     | 0
0408 | Jinzhou          | 金州   | 39.100 | 121.717 | small    | 1 |             |     | 1
0309 | Dalian           | 大連湾 | 38.912 | 121.602 | small    | 1 | blue        |     | 1
0208 | Port Arthur      | 旅順   | 38.800 | 121.267 | fortress | 2 | blue        |     | 1
0707 | Fuzhou           | 復州   | 39.72  | 121.70  | small    | 1 |             |     | 0
0907 | Xiongyue         | 熊岳   | 40.177 | 122.123 | none     | 0 |             |     | 0
1107 | Gaiping          | 蓋平   | 40.394 | 122.369 | small    | 1 |             |     | 0
1105 | Yingkou          | 営口   | 40.665 | 122.232 | large    | 2 | blue,yellow |     | 0
1206 | Dashiqiao        | 大石橋 | 40.637 | 122.503 | none     | 0 |             |     | 0
1305 | Niuzhuang        | 牛荘   | 40.948 | 122.527 | small    | 1 |             |     | 0
1306 | Haicheng         | 海城   | 40.852 | 122.748 | small    | 1 |             |     | 0
1307 | Ximucheng        | 析木城 | 40.700 | 122.907 | none     | 0 |             |     | 0
1506 | Anshan           | 鞍山站 | 41.124 | 122.990 | none     | 0 |             |     | 0
1605 | Liaoyang         | 遼陽   | 41.272 | 123.173 | large    | 2 |             |     | 0
1905 | Mukden           | 奉天   | 41.792 | 123.433 | large    | 2 |             |     | 1
1204 | Tianzhuangtai    | 田荘台 | 40.839 | 122.138 | small    | 1 |             |     | 0
1001 | Jinzhou (Liaoxi) | 錦州   | 41.108 | 121.142 | large    | 2 |             |     | 0
0818 | Weihaiwei        | 威海衛 | 37.509 | 122.114 | fortress | 2 | blue        |     | 1
0616 | Yantai           | 煙台   | 37.476 | 121.441 | large    | 2 | blue        |     | 1
0514 | Dengzhou         | 登州   | 37.808 | 120.759 | small    | 1 | blue        |     | 0
0820 | Rongcheng        | 栄城   | 37.157 | 122.438 | small    | 1 |             |     | 0
0920 | Chengshan        | 成山   | 37.367 | 122.552 | none     | 0 |             |     | 0
0719 | Wendeng          | 文登   | 37.264 | 122.052 | none     | 0 |             |     | 0
0617 | Ninghai          | 寧海   | 37.384 | 121.609 | none     | 0 |             |     | 0
1319 | Chinnampo        | 鎮南浦 | 38.737 | 125.408 | none     | 0 |             |     | 0
1420 | Hwangju          | 黄州   | 38.670 | 125.776 | none     | 0 |             |     | 0
"""
LOC = {}
for _line in LOCATIONS.strip().splitlines():
    _h, _en, _ja, _lat, _lon, _city, _vp, _col, _red, _setup = (s.strip() for s in _line.split("|"))
    LOC[_h] = dict(name_en=_en, name_ja=_ja, lat=float(_lat), lon=float(_lon), city=_city, vp=int(_vp),
                   lane_colours=_col, red_port=_red == "red", setup_qing=int(_setup))
NAMED = {v["name_en"]: h for h, v in LOC.items()}

# §4.4: box -> (owner, lane colours, red, adjacent hexes)
BOXES = {"incheon": ("JP", "blue", True, ["1221", "1321", "1421", "1521"]),
         "shanhaiguan": ("QING", "yellow", False, ["0401"]),
         "laizhou": ("QING", "yellow", False, ["0115", "0214", "0314"])}
BOX_NAMES = {"Incheon box": "incheon", "Shanhaiguan box": "shanhaiguan", "Laizhou box": "laizhou"}

# §4.5, as printed
RIVERS = {
    "Yalu": "1412/1513, 1512/1513, 1512/1612, 1611/1612, 1612/1712, 1712/1713, 1712/1812, 1811/1812, 1812/1912, "
            "1912/1913, 1912/2012, 2011/2012",
    "Chongchon": "1615/1616, 1616/1716, 1716/1717, 1717/1816, 1816/1817, 1817/1917, 1917/1918, 1917/2017, 2016/2017",
    "Taedong": "1319/1418, 1418/1419, 1419/1519, 1519/1520, 1519/1619, 1618/1619, 1618/1719, 1718/1719, 1719/1818, "
               "1818/1819, 1818/1919, 1918/1919",
    "Liao": "1104/1105, 1105/1204, 1204/1205, 1204/1305, 1304/1305, 1304/1404, 1403/1404, 1403/1504, 1503/1504, "
            "1503/1603, 1602/1603, 1602/1703, 1702/1703, 1702/1802, 1801/1802, 1801/1902, 1901/1902, 1901/2001",
    "Hun": "1305/1404, 1404/1405, 1404/1505, 1504/1505, 1505/1604, 1604/1605, 1604/1705, 1704/1705, 1705/1804, "
           "1804/1805, 1805/1905, 1905/1906, 1906/2005, 2005/2006",
    "Taizi": "1405/1505, 1505/1506, 1505/1605, 1605/1705, 1705/1706, 1706/1805, 1706/1806, 1707/1806, 1806/1807",
    "Dayang": "1209/1310, 1210/1310, 1210/1311, 1308/1408, 1309/1310, 1309/1408, 1309/1409",
}

# §4.6, as printed
BLUE_LANES = ("Incheon box–Pyongyang; Pyongyang–Dagushan; Pyongyang–Andong (optional); Andong–Dagushan (optional); "
              "Dagushan–Dalian; Dalian–Port Arthur; Dalian–Weihaiwei; Port Arthur–Weihaiwei; Weihaiwei–Yantai; "
              "Yantai–Dengzhou; Port Arthur–Dengzhou; Port Arthur–Yingkou")
YELLOW_LANES = "Shanhaiguan box–Yingkou; Shanhaiguan box–Laizhou box"
RED_PORTS = ["incheon", "1519"]
LANDING_LIAODONG = "0309, 0408, 0509, 0609, 0709, 0809, 0910, 1010, 1110, 1210".split(", ")

# §4.1 "Historical distances reproduced"
DISTANCES = [("Pyongyang", "Uiju", 7), ("Huayuankou", "Jinzhou", 4), ("Jinzhou", "Port Arthur", 2),
             ("Jinzhou", "Gaiping", 7), ("Fenghuangcheng", "Liaoyang", 5), ("Rongcheng", "Weihaiwei", 2)]

# §2.2: key -> start (hex, box, "mobilisation") or entry turn
OOB = {"J1": "incheon", "J2": "mobilisation", "J3": 2, "J4": 2, "J5": 3, "J6": 3, "J7": 4, "J8": 5, "J9": 6,
       "Q1": "1519", "Q2": "1519", "Q3": "1905", "Q4": "0208", "Q5": "0309", "Q6": "0408", "Q7": "0818",
       "Q8": "0616", "Q9": "mobilisation", "Q10": "mobilisation", "Q11": 2, "Q12": 2, "Q13": 3, "Q14": 4,
       "Q15": 5, "Q16": 6}


def lane_list(text: str) -> list[tuple[str, str, bool]]:
    out = []
    for item in text.split("; "):
        optional = item.endswith(" (optional)")
        a, b = item.removesuffix(" (optional)").split("–")
        out.append((BOX_NAMES.get(a) or NAMED[a], BOX_NAMES.get(b) or NAMED[b], optional))
    return out


def sheet_neighbours(name: str) -> list[str]:
    """§4.1: even-label columns are half a hex lower (N, NE, SE, S, SW, NW)."""
    c, r = int(name[:2]), int(name[2:])
    if c % 2:
        cand = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    else:
        cand = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    return [f"{x:02d}{y:02d}" for x, y in cand if 1 <= x <= 20 and 1 <= y <= 21]


def grid_codes() -> dict[str, str]:
    cols = GRID[0].split()
    return {f"{c}{int(row.split()[0][1:]):02d}": code for row in GRID[1:] for c, code in zip(cols, row.split()[1:])}


def shandong_land() -> list[str]:
    return [h for h, code in grid_codes().items() if int(h[:2]) <= 9 and int(h[2:]) >= 14 and code in "chM"]


@pytest.fixture(scope="module")
def board():
    return load_board(MAP)


@pytest.fixture(scope="module")
def data():
    return json.loads(DATA.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def gen():
    spec = importlib.util.spec_from_file_location("_sandtable_gen_sj_map", GEN)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@pytest.fixture(scope="module")
def xml_objects(gen):
    return gen._objects(ElementTree.parse(MAP).getroot())


def objects(xml_objects, type_, **props):
    return [o for o in xml_objects if o["type"] == type_ and all(o["props"].get(k) == v for k, v in props.items())]


def hexes(board) -> dict:
    return {n: c for n, c in board.cells.items() if n.isdigit()}


def passable(board, h: str) -> bool:
    return h in board.cells and board.cell(h).terrain in ("clear", "hill")


def land_path(board, a: str, b: str, ok=None) -> list[str] | None:
    """A path over passable hexes only (never through boxes or along sea lanes)."""
    ok = ok or (lambda h: passable(board, h))
    prev = {a: None}
    todo = deque([a])
    while todo:
        h = todo.popleft()
        if h == b:
            out = [b]
            while prev[out[-1]] is not None:
                out.append(prev[out[-1]])
            return out[::-1]
        for n in board.neighbours(h, via=HEX_GRID):
            if n.isdigit() and n not in prev and ok(n):
                prev[n] = h
                todo.append(n)
    return None


# -- grid ---------------------------------------------------------------------------------------


def test_map_settings(board):
    assert board.kind == "hex" and board.orientation == "hexagonal"
    assert (board.staggeraxis, board.staggerindex) == ("x", "odd")
    assert (board.width, board.height, board.tilewidth, board.tileheight) == (20, 21, 74, 64)
    assert board.hexsidelength == 36          # the sheet's 37 would leave outlines a pixel apart
    p = board.properties
    assert (p["board"], p["game"], p["hex_numbering"], p["turns"], p["turns_max"], p["rounds"], p["ammo_max"]) == (
        "hex", "sino_japanese", "CCRR", 8, 9, 4, 19)
    assert (p["hex_km"], p["map_up_bearing"], p["projection_origin"]) == (25, 315, "39.5,123.0")


def test_hexes_are_the_grid_without_the_box_cells(board):
    cells = hexes(board)
    box_cells = {h for h, code in grid_codes().items() if code == "x"}
    assert box_cells == {"0101", "0201", "0301", "0213", "0114"}
    assert set(cells) == set(grid_codes()) - box_cells and len(cells) == 20 * 21 - 5
    for name, cell in cells.items():
        assert (cell.x, cell.y) == (int(name[:2]) - 1, int(name[2:]) - 1)


def test_even_columns_sit_half_a_hex_lower(board):
    y = {n: board.cell(n).center[1] for n in ("0401", "0501", "0601", "1901", "2001")}
    assert y["0501"] == y["1901"] == y["0401"] - board.tileheight / 2
    assert y["0401"] == y["0601"] == y["2001"]


def test_neighbour_rule_everywhere(board):
    for name in hexes(board):
        got = [n for n in board.neighbours(name, via=HEX_GRID) if n.isdigit()]
        assert got == [n for n in sheet_neighbours(name) if n in board.cells], name


@pytest.mark.parametrize("row", GRID[1:], ids=lambda r: r.split()[0])
def test_terrain_row(board, row):
    r = int(row.split()[0][1:])
    for c, code in zip(GRID[0].split(), row.split()[1:]):
        h = f"{c}{r:02d}"
        if code == "x":
            assert h not in board.cells, h
        else:
            assert board.cell(h).terrain == TERRAIN[code], h


def test_terrain_properties(board, data):
    for cell in hexes(board).values():
        assert bool(cell.props.get("impassable")) == (cell.terrain in ("sea", "mountain")), cell.name
        assert data["terrain_types"][cell.terrain]["move"] == (None if cell.terrain in ("sea", "mountain")
                                                               else {"clear": 1, "hill": 2}[cell.terrain])
    assert {c.terrain for c in hexes(board).values()} == set(data["terrain_types"]) - {"_about"}


def test_terrain_regions(board):
    """§4.2 terrain regions and the 1711 fix."""
    for h in ["1008", "1108", "1208", "1207", "1406", "1407", "1408", "1507", "1508", "0618"]:
        assert board.cell(h).terrain == "mountain", h
    assert board.cell("1711").terrain == "hill"
    for c in range(11, 20):     # the Liao plain: the prose says rows 1-6, the grid has 1406 M and 1706-1906 h
        for r in range(1, 6):
            assert board.cell(f"{c:02d}{r:02d}").terrain == "clear", (c, r)


@pytest.mark.parametrize("route", [
    "1306 1307 1308 1309", "1610 1609 1608 1607 1606 1605", "1309 1409 1510 1610", "1210 1310 1309",
    "0408 0707 0907 1107", "1612 1615 1717 1618 1519 1420", "0401 1001", "1611 1711 1811 1911", "1610 1711"])
def test_roads_kept_open(board, route):
    stops = route.split()
    for a, b in zip(stops, stops[1:]):
        assert land_path(board, a, b) is not None, (a, b)


@pytest.mark.parametrize("a,b,d", DISTANCES)
def test_historical_distances(board, a, b, d):
    assert board.distance(NAMED[a], NAMED[b]) == d


def test_cities_within_14_2_km_of_their_hex(board):
    """§4.1 projection: every location lands within 14.2 km of its hex centre (Shandong shifted)."""
    def ru(lat, lon, inset):
        x, y = (lon - 123) * 111.32 * math.cos(math.radians(lat)), (lat - 39.5) * 110.57
        r, u = (x + y) / math.sqrt(2), (y - x) / math.sqrt(2)
        return (r + 190, u - 90) if inset else (r, u)

    def centre(h):
        c, r = int(h[:2]) - 1, int(h[2:]) - 1
        return -180.57 + 21.65 * c, 245.5 - 25 * r - (12.5 if c % 2 else 0)
    inset = set(shandong_land())
    for h, v in LOC.items():
        assert math.dist(ru(v["lat"], v["lon"], h in inset), centre(h)) <= 14.25, h
    assert min(((math.dist(ru(40.00, 119.75, False), centre(f"{c:02d}{r:02d}")), f"{c:02d}{r:02d}")
                for c in range(1, 21) for r in range(1, 22)))[1] == "0201"      # Shanhaiguan


# -- locations ---------------------------------------------------------------------------------


@pytest.mark.parametrize("h", sorted(LOC))
def test_location(board, h):
    want = LOC[h]
    p = board.cell(h).props
    for k in ("name_en", "name_ja", "lat", "lon", "city", "vp", "lane_colours", "red_port", "setup_qing"):
        assert p[k] == want[k], k
    assert p["label"] == want["name_en"] and p["name_zh"]
    assert p["port"] is bool(want["lane_colours"])
    assert p["fleet_base"] is (h in ("0208", "0818"))
    assert p["auto_victory"] is (h == "1001")
    assert p["port_optional"] is (h == "1512")
    assert p["landing_zone"] is (h in LANDING_LIAODONG or h in shandong_land())
    assert board.cell(h).terrain in ("clear", "hill")


def test_every_location_and_no_other(board):
    named = {n for n, c in hexes(board).items() if "name_en" in c.props}
    assert named == set(LOC) and len(LOC) == 39


def test_victory_points_on_the_map(board):
    cities = [c.props["city"] for c in hexes(board).values() if "city" in c.props]
    assert (cities.count("large"), cities.count("fortress"), cities.count("small")) == (6, 2, 15)
    assert sum(c.props.get("vp", 0) for c in hexes(board).values()) == 6 * 2 + 2 * 2 + 15 == 31


def test_shandong_inset(board):
    land = shandong_land()
    assert board.properties["inset_shandong"].split(",") == land
    assert board.properties["inset_shandong_shift_km"] == "190,-90"
    assert board.distance("0314", "0309") == 5 and board.distance("0920", "1219") == 3
    other = [h for h, c in hexes(board).items() if c.terrain != "sea" and h not in land]
    assert min(board.distance(a, b) for a in land for b in other) == 3


def test_landing_hexes(board):
    got = {n: c.props["landing_area"] for n, c in hexes(board).items() if c.props.get("landing_area")}
    want = {h: "liaodong_east" for h in LANDING_LIAODONG}
    want.update({h: "shandong" for h in shandong_land() if h != "0618"})
    assert got == want and len(want) == 10 + 37
    assert all(board.cell(h).props["landing_zone"] is True for h in want)
    for h in LANDING_LIAODONG:                       # on the Yellow-Sea coast
        assert any(board.cell(n).terrain == "sea" for n in board.neighbours(h, via=HEX_GRID) if n.isdigit()), h


# -- rivers --------------------------------------------------------------------------------------


@pytest.mark.parametrize("river", sorted(RIVERS))
def test_river(board, river):
    want = {tuple(sorted(s.split("/"))) for s in RIVERS[river].split(", ")}
    got = {(a, b) for a, b, f in board.sides_with("river") if f.get("river_name") == river}
    assert got == want
    for a, b in want:
        assert board.adjacent(a, b)


def test_rivers_are_all_the_river_sides(board):
    assert len(board.sides_with("river")) == sum(len(v.split(", ")) for v in RIVERS.values()) == 81


# -- boxes and links -----------------------------------------------------------------------------


def test_boxes(board, xml_objects):
    got = {o["name"]: o for o in objects(xml_objects, "box")}
    assert set(got) == set(BOXES)
    for name, (owner, colours, red, _adj) in BOXES.items():
        p = got[name]["props"]
        assert (p["owner"], p["lane_colours"], p["red_port"], p["port"], p["supply_source"]) == (
            owner, colours, red, True, True)
        assert p["name_local"] == {"incheon": "至仁川", "shanhaiguan": "至山海關", "laizhou": "至萊州"}[name]
        assert not got[name]["point"] and not got[name]["points"] and got[name]["w"] > 0 < got[name]["h"]


def test_boxes_are_drawn_off_the_hexes(board, xml_objects, gen):
    for o in objects(xml_objects, "box"):
        r = (o["x"], o["y"], o["w"], o["h"])
        assert gen.rect_cells(board, r) <= {None} | {n for n in board.cells if not n.isdigit()}, o["name"]
    where = {o["name"]: o for o in objects(xml_objects, "box")}
    assert where["incheon"]["y"] >= board.pixel_height                         # below the bottom edge
    for name, cells in (("shanhaiguan", ["0101", "0201", "0301"]), ("laizhou", ["0213", "0114"])):
        o = where[name]                    # top-left corner; left edge of the inset: on the x cells
        mid = (o["x"] + o["w"] / 2, o["y"] + o["h"] / 2)
        assert any(board.geometry.contains(int(c[:2]) - 1, int(c[2:]) - 1, *mid) for c in cells), name


def test_box_entries(board, xml_objects):
    links = objects(xml_objects, "link", kind="box_entry")
    got = sorted((o["props"]["from"], o["props"]["to"]) for o in links)
    assert got == sorted((b, h) for b, v in BOXES.items() for h in v[3])
    for o in links:
        assert o["props"]["cost"] == 1 and not o["props"].get("oneway", False)
        h = o["props"]["to"]
        assert passable(board, h) and o["points"][-1] == board.cell(h).center
    box_cells = {"shanhaiguan": ["0101", "0201", "0301"], "laizhou": ["0213", "0114"]}
    for b, cells in box_cells.items():        # the x cells a box is drawn on touch exactly its entry hexes
        touching = {n for c in cells for n in sheet_neighbours(c) if passable(board, n)}
        assert sorted(touching) == BOXES[b][3]
    assert all(int(h[2:]) == 21 for h in BOXES["incheon"][3])                # Incheon: the bottom row


def test_sea_lanes(board, xml_objects):
    lanes = objects(xml_objects, "link", kind="sea_lane")
    got = sorted((o["props"]["from"], o["props"]["to"], o["props"]["colour"], o["props"].get("optional", False))
                 for o in lanes)
    want = [(a, b, "blue", opt) for a, b, opt in lane_list(BLUE_LANES)]
    want += [(a, b, "yellow", opt) for a, b, opt in lane_list(YELLOW_LANES)]
    assert got == sorted(want) and len(want) == 14


def test_sea_lanes_join_ports_of_their_colour(board, xml_objects):
    boxes = {o["name"]: o for o in objects(xml_objects, "box")}

    def colours(end):
        if end in boxes:
            return boxes[end]["props"]["lane_colours"].split(",")
        return board.cell(end).props["lane_colours"].split(",")
    for o in objects(xml_objects, "link", kind="sea_lane"):
        a, b, colour = o["props"]["from"], o["props"]["to"], o["props"]["colour"]
        assert colour in colours(a) and colour in colours(b), (a, b)
        for end, p in ((a, o["points"][0]), (b, o["points"][-1])):          # drawn port centre to port centre
            at = ((boxes[end]["x"] + boxes[end]["w"] / 2, boxes[end]["y"] + boxes[end]["h"] / 2) if end in boxes
                  else board.cell(end).center)
            assert p == at, (a, b, end)
    ports = {n for n, c in hexes(board).items() if c.props.get("port")}
    ends = {e for o in objects(xml_objects, "link", kind="sea_lane") for e in (o["props"]["from"], o["props"]["to"])}
    assert ports | set(BOXES) == ends
    assert sorted(n for n, c in hexes(board).items() if c.props.get("red_port")) + ["incheon"] == sorted(RED_PORTS)


def test_tracks(board, xml_objects):
    tracks = [o for o in xml_objects if o["layer"] == "tracks"]
    assert not any(o["type"] == "box" for o in tracks)
    turns = sorted((o["props"]["turn"], o["props"]["month"], o["props"]["optional"]) for o in tracks
                   if o["type"] == "turn_box")
    assert turns == [(1, "1894-08", False), (2, "1894-09", False), (3, "1894-10", False), (4, "1894-11", False),
                     (5, "1894-12", False), (6, "1895-01", False), (7, "1895-02", False), (8, "1895-03", False),
                     (9, "1895-04", True)]
    assert sorted(o["props"]["round"] for o in tracks if o["type"] == "round_box") == [1, 2, 3, 4]
    assert sorted(o["props"]["ammo"] for o in tracks if o["type"] == "ammo_box") == list(range(20))
    assert sorted(o["props"]["side"] for o in tracks if o["type"] == "mobilisation_box") == ["JP", "QING"]
    assert sorted(o["props"]["side"] for o in tracks if o["type"] == "cp_box") == ["JP", "QING"]
    for o in tracks:        # in the sea margins, rows 11-13, cols 03-12
        for px, py in ((o["x"], o["y"]), (o["x"] + o["w"], o["y"] + o["h"]), (o["x"] + o["w"], o["y"]),
                       (o["x"], o["y"] + o["h"])):
            h = board.cell_at_pixel(px, py)
            assert h and board.cell(h).terrain == "sea" and 11 <= int(h[2:]) <= 13 and 3 <= int(h[:2]) <= 12, o["name"]


# -- §8 consistency checks ------------------------------------------------------------------------


def test_special_hexes_are_passable_land(board, data):
    special = set(LOC) | set(LANDING_LIAODONG) | {h for v in BOXES.values() for h in v[3]}
    special |= {u["start"] for u in data["units"] if str(u.get("start", "")).isdigit()}
    for h in special:
        assert passable(board, h), h


def test_land_forms_two_blocks(board):
    land = [h for h in hexes(board) if passable(board, h)]
    blocks = []
    seen: set[str] = set()
    for h in land:
        if h in seen:
            continue
        block = set()
        todo = [h]
        while todo:
            x = todo.pop()
            if x in block:
                continue
            block.add(x)
            todo += [n for n in board.neighbours(x, via=HEX_GRID) if n.isdigit() and passable(board, n)]
        seen |= block
        blocks.append(block)
    assert len(blocks) == 2
    assert sorted(min(blocks, key=len)) == sorted(h for h in shandong_land() if h != "0618")


def test_qing_start_hexes_reach_a_qing_port_and_incheon_reaches_pyongyang(board, data):
    ports = [n for n, c in hexes(board).items() if c.props.get("port")]
    for u in data["units"]:
        if u["side"] == "QING" and str(u.get("start", "")).isdigit():
            assert any(land_path(board, u["start"], p) for p in ports), u["key"]
    for h in BOXES["incheon"][3]:
        assert land_path(board, h, "1519") is not None


def test_history_check_scores(board, data):
    vp = {n: c.props.get("vp", 0) for n, c in hexes(board).items()}
    march = ["Pyongyang", "Anju", "Uiju", "Jiuliancheng", "Fenghuangcheng", "Xiuyan", "Dagushan", "Jinzhou",
             "Dalian", "Port Arthur", "Fuzhou", "Gaiping", "Haicheng", "Niuzhuang", "Yingkou", "Tianzhuangtai",
             "Weihaiwei", "Rongcheng"]
    assert sum(vp[NAMED[n]] for n in march) + 3 == 25                          # with the fleet destroyed
    assert sorted(data["history"]["march_1895_japanese_control"]) == sorted(NAMED[n] for n in march)
    assert data["history"]["march_1895_vp"] == 25
    mid_december = ["Pyongyang", "Anju", "Uiju", "Jiuliancheng", "Fenghuangcheng", "Xiuyan", "Dagushan",
                    "Jinzhou", "Dalian", "Port Arthur", "Fuzhou", "Haicheng"]    # §4.7 to 13 Dec, Fuzhou counted
    assert sum(vp[NAMED[n]] for n in mid_december) == 14


# -- data ------------------------------------------------------------------------------------------


def test_unit_values(data):
    jp, qing = data["unit_types"]["JP_brigade"], data["unit_types"]["QING_unit"]
    assert (jp["front"], jp["damaged"]) == ({"attack": 5, "durability": 2, "move": 4},
                                            {"attack": 3, "durability": 2, "move": 4})
    # the sheet's Qing move 3, which 7.1(6) needs (lowered to 2 in issue 12, restored: "balance.issue_35")
    assert (qing["front"], qing["damaged"]) == ({"attack": 4, "durability": 1, "move": 3},
                                                {"attack": 2, "durability": 2, "move": 3})
    assert "7.1(6)" in data["balance"]["issue_35"]["changes"]["unit_types.QING_unit.front.move"]
    for t in (jp, qing):          # prepared attack: x1.5, rounded down (§8: 7/4/6/3)
        assert t["prepared_attack"] == {s: math.floor(t[s]["attack"] * 1.5) for s in ("front", "damaged")}
    assert [jp["prepared_attack"]["front"], jp["prepared_attack"]["damaged"], qing["prepared_attack"]["front"],
            qing["prepared_attack"]["damaged"]] == [7, 4, 6, 3]
    p = len(data["combat"]["hit_on"]) / data["combat"]["die"]
    assert (round(5 * p, 2), round(4 * p, 2)) == (1.67, 1.33)


def test_order_of_battle(data):
    units = data["units"]
    assert {u["key"]: u.get("start", u.get("enter")) for u in units} == OOB
    assert sum(u["side"] == "JP" for u in units) == 9 and sum(u["side"] == "QING" for u in units) == 16
    for u in units:
        assert ("start" in u) != ("enter" in u) and u["type"] in data["unit_types"]
        assert data["unit_types"][u["type"]]["side"] == u["side"] and u["key"][0] == u["side"][0]
    assert sorted(u["key"] for u in units if u.get("garrison")) == ["Q4", "Q7"]


def test_set_up_and_schedule(board, data):
    s = data["setup"]
    assert (s["turn"], s["round"], s["JP"]["ammo"], s["QING"]["ammo"], s["control"]) == (1, 1, 0, 3, "QING")
    assert s["JP"] == {"boxes": {"incheon": ["J1"]}, "mobilisation": ["J2"], "ammo": 0}
    on_map = {h: sorted(k for k, v in OOB.items() if v == h) for h in set(OOB.values())
              if isinstance(h, str) and h.isdigit()}
    assert {h: sorted(v) for h, v in s["QING"]["hexes"].items()} == on_map
    assert sum(map(len, on_map.values())) == 8 and s["QING"]["mobilisation"] == ["Q9", "Q10"]
    for h, units in on_map.items():
        assert board.cell(h).props["setup_qing"] == len(units)
    by_turn = {}
    for r in data["reinforcements"]["schedule"]:
        for k in r["units"]:
            assert OOB[k] == r["turn"] and k[0] == r["side"][0]
            by_turn.setdefault((r["side"], r["turn"]), []).append(k)
    assert {k: len(v) for k, v in by_turn.items()} == {
        ("JP", 2): 2, ("JP", 3): 2, ("JP", 4): 1, ("JP", 5): 1, ("JP", 6): 1,
        ("QING", 2): 2, ("QING", 3): 1, ("QING", 4): 1, ("QING", 5): 1, ("QING", 6): 1}
    assert 1 + 1 + 2 + 2 + 1 + 1 + 1 == 9 and 8 + 2 + 2 + 1 * 4 == 16


def test_garrisons_fleet_and_auto_victory_agree_with_the_map(board, data):
    g = data["garrisons"]
    assert (g["0208"], g["0818"]) == ("Q4", "Q7")
    for h in ("0208", "0818"):
        assert board.cell(h).props["city"] == "fortress" and board.cell(h).props["fleet_base"] is True
    f = data["fleet"]
    assert sorted(f["bases"]) == sorted(n for n, c in hexes(board).items() if c.props.get("fleet_base"))
    assert (f["start"], f["counterfire_dice"], f["vp_when_removed"], f["counts_for_stacking"]) == (
        "0818", {"front": 3, "flipped": 1}, 3, False)
    assert f["flip"]["forced_at_start_of_turn"] == 4 and data["setup"]["QING"]["fleet"] == "0818"
    av = data["victory"]["auto_victory"]
    assert [n for n, c in hexes(board).items() if c.props.get("auto_victory")] == [av["hex"]] == ["1001"]
    assert av["option"] in data["options"]


def test_rule_numbers(data):
    cp = data["command_points"]
    assert cp["costs"] == {"activate": 1, "form": 1, "sea_transport": 2, "landing": 3}
    assert cp["dice"] == {"JP": {"roll": 1, "keep": "one"}, "QING": {"roll": 2, "keep": "lowest"}}
    am = data["ammunition"]
    assert (am["min"], am["max"], am["start"], am["recovery_per_unit"]) == (0, 19, {"JP": 0, "QING": 3}, 1)
    assert am["prepared_attack_per_unit"] == 2 * am["attack_per_unit"] == 2
    c = data["combat"]
    assert (c["hit_on"], c["attack_mp_cost"], c["max_mp_used_before_attack"]) == ([5, 6], 1, 2)
    assert (c["prepared_attack"]["multiplier"], c["prepared_attack"]["ammo_multiplier"]) == (1.5, 2)
    assert data["stacking"]["max_per_hex"] == 2 and data["stacking"]["fleet_counts"] is False
    t, city = data["terrain_types"], data["city_types"]
    assert t["hill"]["attacker_hits"] == city["small"]["attacker_hits"] == city["large"]["attacker_hits"] == -1
    assert city["fortress"]["defender_durability"] == 1 and data["river"]["attacker_hits_per_unit_across"] == -1
    assert data["sea_transport"]["cost_per_unit"] == 2 and data["landing"]["cost_per_unit"] == 3
    assert data["landing"]["needs_control_of"] == "1519" and data["mobilisation"]["form_cost"] == 1
    v = data["victory"]
    assert v["points"] == {"small_city": 1, "large_city": 2, "fortress": 2, "fleet_removed": 3,
                           "per_japanese_unit_removed": -2}
    assert (v["threshold"], v["check_at_end_of_turn"], v["map_total"], v["concession"]) == (20, 8, 31, True)
    assert {k: city[k]["vp"] for k in ("none", "small", "large", "fortress")} == {
        "none": 0, "small": 1, "large": 2, "fortress": 2}
    assert data["turns"] == 8 and data["rounds_per_turn"] == 4 and data["turn_track"]["9"]["optional"] is True
    assert set(data["options"]) - {"_about"} == {"ninth_turn", "jinzhou_errata", "andong_port"}


def _allocate(hits: int, units: int, durability: int, retreat_path: bool) -> tuple[int, int, int]:
    """Sheet §3: flip, retreat, remove; a step stops when the hits cannot pay the next unit."""
    damaged = retreated = removed = 0
    while damaged < units and hits >= durability:
        hits, damaged = hits - durability, damaged + 1
    if damaged == units and retreat_path:
        while retreated < units and hits >= 1:
            hits, retreated = hits - 1, retreated + 1
    if damaged == units and (not retreat_path or retreated == units):
        while removed < units and hits >= durability:
            hits, removed = hits - durability, removed + 1
    return removed, damaged - removed, max(0, retreated - removed)


def test_damage_examples_follow_the_sheet_procedure(data):
    ex = data["damage"]["examples"]
    assert [e["hits"] for e in ex["with_retreat"]] == list(range(1, 11))
    assert [e["hits"] for e in ex["without_retreat"]] == list(range(1, 9))
    for key, path in (("with_retreat", True), ("without_retreat", False)):
        for e in ex[key]:
            assert _allocate(e["hits"], 2, 2, path) == (e["removed"], e["damaged"], e["retreated"]), (key, e)
    assert [s["step"] for s in data["damage"]["steps"]] == ["flip", "retreat", "remove"]


def test_timeline(data):
    assert [(t["turn"], t["month"]) for t in data["timeline"]] == [
        (1, "1894-08"), (2, "1894-09"), (3, "1894-10"), (4, "1894-11"), (5, "1894-12"), (6, "1895-01"),
        (7, "1895-02"), (8, "1895-03")]
    assert "Yellow Sea" in data["timeline"][1]["events"] and "Port Arthur 21 Nov" in data["timeline"][3]["events"]


def test_rulings_and_reconstructed_notes(data):
    ids = [r["id"] for r in data["rulings"]]
    assert len(ids) == len(set(ids))
    for r in data["rulings"]:
        assert r["clause"] and r["ruling"] and r["reason"] and r["source"], r["id"]
    for need in ("jinzhou_errata", "qing_unit_count", "fortress_durability", "river_minus_one", "damage_order",
                 "damage_example_2", "landing_east_of_port_arthur"):      # every §3 item
        assert need in ids
    rec = {r["key"]: r["note"] for r in data["reconstructed"]}
    assert all(rec.values())
    for key in rec:          # data keys resolve (map.* name the map, units.* every unit)
        head, *rest = key.split(".")
        if head in ("map", "units", "rulings"):
            continue
        node = data[head]
        for part in rest:
            node = node[part] if part != "*" else next(iter(v for k, v in node.items() if k != "_about"))
    for need in ("unit_types.JP_brigade.front.move", "unit_types.QING_unit.damaged.attack",
                 "city_types.fortress.defender_durability", "damage.steps", "landing.areas", "supply.sources",
                 "map.terrain", "map.rivers", "map.sea_lanes", "map.boxes"):
        assert need in rec, need


def test_names_render_in_the_shipped_font(board, data, xml_objects):
    ft = pytest.importorskip("pygame.freetype")
    ft.init()
    font = ft.Font(str(ROOT / "fonts" / "SandtableSans-Regular.otf"), 16)
    texts = [c.props[k] for c in hexes(board).values() for k in ("name_ja", "name_zh") if k in c.props]
    texts += [o["props"]["name_local"] for o in objects(xml_objects, "box")]
    texts += [u["name_local"] + u.get("commander", "") for u in data["units"]]
    texts += [data["title"], data["fleet"]["name_local"]]
    for t in texts:
        missing = [ch for ch, g in zip(t, font.get_metrics(t)) if g is None and not ch.isspace()]
        assert not missing, (t, missing)


# -- the generator -------------------------------------------------------------------------------


def test_check_passes():
    r = subprocess.run([sys.executable, str(GEN), "--check"], capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "matches the data sheet" in r.stdout and "identical to the generator output" in r.stdout


def test_generator_reproduces_the_file(gen):
    assert gen.build() == MAP.read_text(encoding="utf-8")


def test_check_reports_a_difference_per_line(gen, tmp_path):
    text = MAP.read_text(encoding="utf-8")
    bad = text.replace('name="Yalu"', 'name="Yalu river"').replace('"city" value="fortress"', '"city" value="small"', 1)
    (tmp_path / "tiles").mkdir()
    (tmp_path / "tiles" / "sj_terrain.tsx").write_bytes((MAP.parent / "tiles" / "sj_terrain.tsx").read_bytes())
    (tmp_path / "m.tmx").write_text(bad, encoding="utf-8")
    lines = gen.check(tmp_path / "m.tmx")
    assert "river Yalu: missing" in lines and "river Yalu river: not in the sheet" in lines
    assert any(line.startswith("location 0208 Port Arthur: city is 'small'") for line in lines)
    assert gen.check(MAP) == []
