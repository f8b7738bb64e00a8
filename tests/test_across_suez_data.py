"""maps/across_suez.tmx and game/rulesets/across_suez/data.json against the
data sheet (../shared/rules/across_suez.md §2-§9)."""
from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from game.core.tmx import load_board

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "maps" / "across_suez.tmx"
DATA = ROOT / "game" / "rulesets" / "across_suez" / "data.json"


def _col(c: str, first: int, last: int) -> list[str]:
    return [f"{c}{r:02d}" for r in range(first, last + 1)]


# §3.2 (literal lists from the sheet)
LAKE = (_col("01", 13, 21) + _col("02", 14, 21) + _col("03", 15, 21) + _col("04", 16, 21)
        + _col("05", 17, 21) + _col("06", 18, 21) + ["0720", "0721", "0821"])
FARM = "0409 0410 0509 0510 0608 0609 0610 0708 0709 0710".split()
SAND = {
    "Missouri": "0605 0606 0706".split(),
    "Televizia": "0907 1006 1007".split(),
    "Hamutal": "1102 1103 1202".split(),
    "Machshir": "1404 1405 1504".split(),
    "Akavish dunes": "1114 1214 1215".split(),
    "Lake-shore dunes": "0917 1016 1017".split(),
}
FORTS = ["0104", "0108", "0112", "0314"]
# §3.3
ROADS = {
    "Lexicon": ("0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112 "
                "0212 0213 0314 0414 0415 0516 0616 0617 0718 0719 0819 0820 0921").split(),
    "Tirtur": "0111 0211 0311 0411 0511 0611 0711 0810 0910 1009 1109 1208 1308 1408 1508 1608 1708".split(),
    "Akavish": "0414 0514 0613 0713 0812 0912 1011 1111 1210 1310 1409 1509 1608 1708".split(),
}
# §3.4, as printed: hex:side(neighbour)
RIDGES = """
0605:SW(0506) 0605:NW(0505) 0606:S(0607) 0606:SW(0507) 0606:NW(0506) 0706:S(0707)
0907:S(0908) 0907:SW(0807) 0907:NW(0806) 1006:NW(0906) 1007:S(1008) 1007:SW(0908)
1102:SW(1002) 1102:NW(1001) 1103:S(1104) 1103:SW(1003) 1103:NW(1002) 1202:S(1203)
1404:SW(1305) 1404:NW(1304) 1405:S(1406) 1405:SW(1306) 1405:NW(1305) 1504:S(1505) 1504:NW(1403)
1114:S(1115) 1114:SW(1014) 1114:NW(1013) 1214:SW(1115) 1215:S(1216) 1215:SW(1116) 1215:NW(1115)
0917:S(0918) 0917:SW(0817) 0917:NW(0816) 1016:NW(0916) 1017:S(1018) 1017:SW(0918)
""".split()
SIDES = ["N", "NE", "SE", "S", "SW", "NW"]
ENTRIES = {"A": "0401", "B": "1301", "C": "1708", "D": "0921"}

# §3.1 neighbour rule, worked by hand for a dozen cells: N, NE, SE, S, SW, NW
# (clipped at the map edge). Odd columns: (c,r-1) (c+1,r-1) (c+1,r) (c,r+1)
# (c-1,r) (c-1,r-1); even columns: (c,r-1) (c+1,r) (c+1,r+1) (c,r+1) (c-1,r+1) (c-1,r).
NEIGHBOURS = {
    "0101": ["0201", "0102"],
    "0201": ["0301", "0302", "0202", "0102", "0101"],
    "0112": ["0111", "0211", "0212", "0113"],
    "0212": ["0211", "0312", "0313", "0213", "0113", "0112"],
    "0505": ["0504", "0604", "0605", "0506", "0405", "0404"],
    "0606": ["0605", "0706", "0707", "0607", "0507", "0506"],
    "0907": ["0906", "1006", "1007", "0908", "0807", "0806"],
    "1010": ["1009", "1110", "1111", "1011", "0911", "0910"],
    "1608": ["1607", "1708", "1709", "1609", "1509", "1508"],
    "1708": ["1707", "1709", "1608", "1607"],
    "0921": ["0920", "1020", "1021", "0821", "0820"],
    "1721": ["1720", "1621", "1620"],
    "1621": ["1620", "1721", "1521"],
    "1701": ["1702", "1601"],
}


@pytest.fixture(scope="module")
def board():
    return load_board(MAP)


@pytest.fixture(scope="module")
def data():
    return json.loads(DATA.read_text(encoding="utf-8"))


def sheet_neighbours(name: str) -> list[str]:
    c, r = int(name[:2]), int(name[2:])
    if c % 2:
        cand = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    else:
        cand = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    return [f"{x:02d}{y:02d}" if 1 <= x <= 17 and 1 <= y <= 21 else "" for x, y in cand]


# -- map ------------------------------------------------------------------------------


def test_map_settings(board):
    assert board.kind == "hex" and board.orientation == "hexagonal"
    assert (board.staggeraxis, board.staggerindex) == ("x", "odd")
    assert (board.width, board.height, board.tilewidth, board.tileheight) == (17, 21, 64, 56)
    assert board.hexsidelength == 32
    p = board.properties
    assert (p["board"], p["game"], p["hex_numbering"], p["turns"]) == ("hex", "across_suez", "CCRR", 7)


def test_357_cells_named_ccrr(board):
    assert len(board.cells) == 17 * 21 == 357
    for c in range(1, 18):
        for r in range(1, 22):
            cell = board.cell(f"{c:02d}{r:02d}")
            assert (cell.x, cell.y) == (c - 1, r - 1)


def test_even_columns_sit_half_a_hex_lower(board):
    y = {n: board.cell(n).center[1] for n in ("0101", "0201", "0301", "1601", "1701")}
    assert y["0101"] == y["0301"] == y["1701"]
    assert y["0201"] == y["1601"] == y["0101"] + board.tileheight / 2


@pytest.mark.parametrize("name", sorted(NEIGHBOURS))
def test_hand_picked_neighbours(board, name):
    assert list(board.neighbours(name)) == NEIGHBOURS[name]


def test_neighbour_rule_everywhere_in_side_order(board):
    for name in board.cells:                  # the board lists them N, NE, SE, S, SW, NW too
        assert list(board.neighbours(name)) == [n for n in sheet_neighbours(name) if n], name


def test_terrain(board):
    sand = {h for hs in SAND.values() for h in hs}
    for name, cell in board.cells.items():
        want = ("lake" if name in LAKE else "chinese_farm" if name in FARM
                else "elevated_sand" if name in sand else "clear")
        assert cell.terrain == want, name
    assert (len(LAKE), len(FARM), len(sand)) == (42, 10, 18)
    for h in LAKE:
        assert board.cell(h).props["impassable"] is True and board.cell(h).props["water"] is True
    assert sum(c.terrain == "clear" for c in board.cells.values()) == 287


def test_forts_and_named_places(board):
    assert sorted(n for n, c in board.cells.items() if c.props.get("fort")) == FORTS
    assert all(board.cell(h).terrain == "clear" for h in FORTS)
    assert board.cell("0112").props["label"] == "Matzmed"
    assert board.cell("0314").props["label"] == "Lakekan"


def test_roads_in_order(board):
    assert dict(board.routes) == {k: tuple(v) for k, v in ROADS.items()}
    road_hexes = {h for chain in ROADS.values() for h in chain}
    assert all(board.cell(h).terrain == "clear" for h in road_hexes)
    for chain in ROADS.values():
        for a, b in zip(chain, chain[1:]):
            assert board.side(a, b)["road"] is True
    assert set(ROADS["Tirtur"]) & set(ROADS["Lexicon"]) == {"0111"}
    assert set(ROADS["Akavish"]) & set(ROADS["Lexicon"]) == {"0414"}
    assert set(ROADS["Akavish"]) & set(ROADS["Tirtur"]) == {"1608", "1708"}


def test_ridges(board):
    cluster = {h: n for n, hs in SAND.items() for h in hs}
    want = {}
    for item in RIDGES:
        hexname, rest = item.split(":")
        side, nbr = rest[:-1].split("(")
        assert sheet_neighbours(hexname)[SIDES.index(side)] == nbr, item
        assert board.cell(hexname).terrain == "elevated_sand" != board.cell(nbr).terrain
        want[tuple(sorted((hexname, nbr)))] = cluster[hexname]
    assert len(want) == len(RIDGES) == 38
    got = {(a, b): f for a, b, f in board.sides_with("ridge")}
    assert sorted(got) == sorted(want)
    for key, name in want.items():
        assert got[key]["ridge"] is True and got[key]["ridge_name"] == name


def test_canal_edge(board):
    (canal,) = board.objects_of_type("canal_edge")
    bank = [f"01{r:02d}" for r in range(1, 13)]
    assert canal.props["bank_hexes"].split(",") == bank and canal.props["exit_hex"] == "0112"
    west = []
    for h in bank:       # the three west corners of each column-01 hex, top to bottom
        cx = board.cell(h).center[0]
        west += sorted((p for p in board.corners(h) if p[0] < cx), key=lambda p: p[1])
    assert [tuple(p) for p in canal.points] == list(dict.fromkeys(west))   # shared corners once
    assert len(canal.points) == 2 * len(bank) + 1


def test_entries_and_crossing(board, data):
    entries = {o.props["entry"]: o for o in board.objects_of_type("entry")}
    assert {k: o.cell for k, o in entries.items()} == ENTRIES
    for o in entries.values():
        assert (o.x, o.y) == board.cell(o.cell).center and board.cell(o.cell).terrain == "clear"
    assert {k: v["hex"] for k, v in data["entries"].items()} == ENTRIES
    assert {k: o.props["side"] for k, o in entries.items()} == {k: v["side"] for k, v in data["entries"].items()}
    (crossing,) = board.objects_of_type("crossing")
    assert crossing.cell == "0112" == data["crossing"]["hex"] == data["victory"]["bridge_hex"]


def test_turn_track(board, data):
    boxes = sorted(board.objects_of_type("turn_box"), key=lambda o: o.props["turn"])
    assert [o.props["turn"] for o in boxes] == list(range(1, 8))
    assert [o.props["turn"] for o in boxes if o.props["night"]] == [1, 4, 7] == data["night"]["turns"]
    assert [o.props.get("victory_check", False) for o in boxes] == [False] * 6 + [True]
    assert all(board.cell(o.cell).terrain == "lake" for o in boxes)     # drawn over the lake
    for o in boxes:
        assert data["turn_track"][str(o.props["turn"])] == {"night": o.props["night"], "time": o.props["time"]}


# -- data ------------------------------------------------------------------------------------

# §9: key, side, type, firepower, ma, start hex or (turn, entry)
OOB = [
    ("ISR_RESHEF_1", "armor", 4, 8, "0314"), ("ISR_RESHEF_2", "armor", 4, 8, "0313"),
    ("ISR_RESHEF_3", "armor", 4, 8, "0312"), ("ISR_RESHEF_4", "mechanized", 3, 8, "0414"),
    ("ISR_SHARON_RECON", "cavalry", 2, 10, "0514"), ("ISR_MATT", "infantry", 2, 6, "0613"),
    ("ISR_EREZ_1", "armor", 4, 8, "0713"), ("ISR_EREZ_2", "armor", 4, 8, "0812"),
    ("ISR_EREZ_3", "mechanized", 3, 8, "0912"), ("ISR_BRIDGE", "bridge", 0, 6, "1011"),
    ("ISR_RAVIV_1", "armor", 4, 8, "1108"), ("ISR_RAVIV_2", "mechanized", 3, 8, "1208"),
    ("ISR_AMIR_1", "armor", 4, 8, (2, "C")), ("ISR_AMIR_2", "armor", 4, 8, (2, "C")),
    ("ISR_AMIR_3", "armor", 4, 8, (2, "C")), ("ISR_AMIR_4", "mechanized", 3, 8, (2, "C")),
    ("ISR_BARAM_1", "armor", 4, 8, (3, "C")), ("ISR_BARAM_2", "armor", 4, 8, (3, "C")),
    ("ISR_BARAM_3", "armor", 4, 8, (3, "C")), ("ISR_BARAM_4", "mechanized", 3, 8, (3, "C")),
    ("ISR_KAREN_1", "armor", 4, 8, (5, "C")), ("ISR_KAREN_2", "armor", 4, 8, (5, "C")),
    ("ISR_KAREN_3", "armor", 4, 8, (5, "C")),
    ("EGY_16_1", "infantry", 3, 4, "0311"), ("EGY_16_2", "infantry", 3, 4, "0410"),
    ("EGY_16_3", "infantry", 3, 4, "0609"), ("EGY_3_1", "mechanized", 2, 6, "0709"),
    ("EGY_3_2", "mechanized", 2, 6, "0608"), ("EGY_112_1", "infantry", 2, 4, "0104"),
    ("EGY_112_2", "infantry", 2, 4, "0108"), ("EGY_1_1", "armor", 3, 6, "0606"),
    ("EGY_1_2", "armor", 3, 6, "0706"), ("EGY_1_3", "armor", 3, 6, "0309"),
    ("EGY_14_1", "armor", 3, 6, "1007"), ("EGY_14_2", "armor", 3, 6, "0907"),
    ("EGY_14_3", "armor", 3, 6, "1103"),
    ("EGY_23_1", "mechanized", 2, 6, (2, "A")), ("EGY_23_2", "mechanized", 2, 6, (2, "A")),
    ("EGY_23_3", "mechanized", 2, 6, (2, "A")), ("EGY_23_4", "armor", 3, 6, (2, "B")),
    # the sheet's MA 6 (RECONSTRUCTED) is 4 for the 25th Bde: data.json "balance.issue_12"
    ("EGY_25_1", "armor", 3, 4, (5, "D")), ("EGY_25_2", "armor", 3, 4, (5, "D")),
    ("EGY_25_3", "armor", 3, 4, (5, "D")), ("EGY_25_4", "mechanized", 2, 4, (5, "D")),
]


def test_order_of_battle(data):
    units = data["units"]
    assert len(units) == 44 and len({u["key"] for u in units}) == 44
    assert sum(u["side"] == "ISR" for u in units) == 23 and sum(u["side"] == "EGY" for u in units) == 21
    got = [(u["key"], u["type"], u["firepower"], u["ma"],
            u["start"] if "start" in u else (u["enter"], u["entry"])) for u in units]
    assert got == OOB
    for u in units:
        assert u["key"].startswith(u["side"] + "_") and u["type"] in data["unit_types"]
        assert ("start" in u) != ("enter" in u)
    bridge = next(u for u in units if u["type"] == "bridge")
    assert bridge["defends_as"] == 1 and data["unit_types"]["bridge"]["can_attack"] is False


def test_setup_hexes_exist_are_passable_and_distinct(board, data):
    start = [u["start"] for u in data["units"] if "start" in u]
    assert len(start) == 25 == len(set(start))
    for h in start:
        assert h in board.cells and board.cell(h).terrain in data["terrain_effects"]["terrain"]
        assert not data["terrain_effects"]["terrain"][board.cell(h).terrain].get("prohibited")
        assert not board.cell(h).props.get("impassable")
    assert not set(start) & set(ENTRIES.values())


def test_setup_contacts_and_corridor(board, data):
    """§9.3 setup check: two turn-1 contacts, 0112 free, Tirtur 0211-0511 under Egyptian ZOC."""
    at = {u["key"]: (u["start"], u["side"]) for u in data["units"] if "start" in u}
    contacts = sorted((a, b) for a, (ha, sa) in at.items() for b, (hb, sb) in at.items()
                      if sa == "ISR" and sb == "EGY" and board.adjacent(ha, hb))
    assert contacts == [("ISR_RAVIV_1", "EGY_14_1"), ("ISR_RESHEF_3", "EGY_16_1")]
    ezoc = {n for h, s in at.values() if s == "EGY" for n in board.neighbours(h)}
    assert "0112" not in ezoc and {"0211", "0311", "0411", "0511"} <= ezoc


def test_reinforcement_schedule(board, data):
    by_key = {u["key"]: u for u in data["units"]}
    listed = []
    for r in data["reinforcements"]:
        assert data["entries"][r["entry"]]["side"] == r["side"]
        hexname = data["entries"][r["entry"]]["hex"]
        assert hexname in board.cells and board.cell(hexname).terrain == "clear"
        for k in r["units"]:
            u = by_key[k]
            assert (u["side"], u["enter"], u["entry"]) == (r["side"], r["turn"], r["entry"])
            listed.append(k)
    assert sorted(listed) == sorted(k for k, u in by_key.items() if "enter" in u)
    assert len(listed) == 19


def test_crt_is_complete_and_monotone(data):
    crt = data["crt"]
    order = crt["result_order"]
    assert sorted(order) == sorted(crt["results"]) == ["Ae", "Ar", "De", "Dr", "Ee"]
    assert crt["columns"] == list(range(-4, 7)) and len(crt["column_labels"]) == 11
    assert sorted(crt["rows"]) == [str(d) for d in range(1, crt["die"] + 1)]
    for die in range(1, 7):
        row = crt["rows"][str(die)]
        assert len(row) == len(crt["columns"]) and all(r in order for r in row)
        assert [order.index(r) for r in row] == sorted(order.index(r) for r in row)  # better to the right
    for i in range(len(crt["columns"])):
        col = [order.index(crt["rows"][str(d)][i]) for d in range(1, 7)]
        assert col == sorted(col, reverse=True)                                    # lower roll is better


def test_terrain_effects_cover_the_map(board, data):
    tec = data["terrain_effects"]
    assert {c.terrain for c in board.cells.values()} == set(tec["terrain"])
    t = tec["terrain"]
    assert (t["clear"]["shift"], t["elevated_sand"]["shift"], t["chinese_farm"]["shift"]) == (0, -1, -2)
    assert tec["fort"]["shift"] == -1 and tec["road"]["shift"] == 0
    assert (tec["ridge"]["shift_all_attackers_across"], tec["ridge"]["shift_mixed"]) == (-2, -1)
    assert t["lake"]["prohibited"] is True


def test_rule_numbers(data):
    assert data["turns"] == 7 and data["first_player"] == "ISR"
    assert data["night"] == {"turns": [1, 4, 7], "ma_modifier": -2, "min_ma": 1,
                             "artillery": False, "combined_arms": False}
    bomb = data["egyptian_bombardment"]
    assert (bomb["max_targets"], bomb["eliminate_on"], bomb["different_targets"]) == (2, [1], True)
    art = data["israeli_artillery"]
    assert (art["supports_base"], art["supports_per_crossed_unit"], art["shift"], art["max_per_attack"]) == (1, 1, 1, 1)
    assert data["combined_arms"]["shift"] == 1
    cr = data["crossing"]
    assert (cr["without_bridge"], cr["with_bridge"], cr["not_on_turns"]) == (
        {"mp": 3, "max_units_per_phase": 2}, {"mp": 1, "max_units_per_phase": None}, [1])
    v = data["victory"]
    assert (v["min_crossed"], v["bridge_hex"], v["loc"]["from"], v["loc"]["to"], v["check_at_end_of_turn"]) == (
        6, "0112", "0112", "1708", 7)


def test_reconstructed_notes(data):
    rec = data["reconstructed"]
    assert all(isinstance(v, str) and v for v in rec.values())
    for key in ("map.size", "map.lake", "map.roads", "map.ridges", "units", "units.start",
                "terrain_effects.move", "crt.rows", "crt.ee_fallback", "night.min_ma"):
        assert key in rec, key


def test_loc_is_open_at_setup(board, data):
    at = {u["start"]: u["side"] for u in data["units"] if "start" in u}
    egy = {h for h, s in at.items() if s == "EGY"}
    ezoc = {n for h in egy for n in board.neighbours(h)}

    def clear(h):
        return (board.cell(h).terrain != "lake" and h not in egy
                and (h not in ezoc or at.get(h) == "ISR"))
    path = board.find_path("0112", "1708", clear)
    assert path is not None and math.isfinite(len(path))
