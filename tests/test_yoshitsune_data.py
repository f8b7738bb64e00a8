"""maps/yoshitsune.tmx and game/rulesets/yoshitsune/data.json against the
data sheet (../shared/rules/yoshitsune.md §3). The expected values below are
copied from the sheet, not computed from the map or the data."""
from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

import pytest

from game.core.tmx import load_board
from game import rulesets

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "maps" / "yoshitsune.tmx"
DATA = ROOT / "game" / "rulesets" / "yoshitsune" / "data.json"

# §3.1: key -> (名称, supply, base/red, sea)
AREAS = {
    "kita_kanto": ("北関東", 3, False, False),
    "minami_kanto": ("南関東", 5, True, False),   # (4 on the sheet: data.json "balance")
    "tokai": ("東海", 2, False, False),
    "shinano": ("信濃", 2, False, False),
    "owari": ("尾張", 3, False, False),
    "hokuriku": ("北陸", 3, False, False),
    "omi": ("近江", 2, False, False),
    "kyo": ("京", 3, True, False),
    "yamato": ("大和", 2, False, False),
    "ise": ("伊勢", 2, False, False),
    "kii": ("紀伊", 1, False, False),
    "sekkasen": ("摂河泉", 3, False, False),
    "sanin": ("山陰", 2, False, False),
    "sanyo": ("山陽", 4, False, False),
    "nagato": ("長門", 2, False, False),
    "higashi_seto": ("東瀬戸", 2, False, True),
    "nishi_seto": ("西瀬戸", 2, False, True),
    "shikoku": ("四国", 3, True, False),
    "iyo": ("伊予", 2, False, False),
    "kita_kyushu": ("北九州", 3, True, False),
    "bungo": ("豊後", 2, False, False),
}
KEY = {ja: key for key, (ja, *_rest) in AREAS.items()}

# §3.2, as printed (the Ōu arrows are checked separately)
ADJACENCY = {
    "北関東": "南関東, 信濃, 北陸",
    "南関東": "北関東, 信濃, 東海",
    "東海": "南関東, 信濃, 尾張",
    "信濃": "北関東, 南関東, 東海, 尾張, 北陸",
    "尾張": "東海, 信濃, 近江, 伊勢",
    "北陸": "北関東, 信濃, 近江, 山陰",
    "近江": "尾張, 北陸, 京, 伊勢",
    "京": "近江, 大和, 摂河泉, 山陰",
    "大和": "京, 摂河泉, 伊勢, 紀伊",
    "伊勢": "尾張, 近江, 大和, 紀伊",
    "紀伊": "大和, 伊勢, 摂河泉, 東瀬戸",
    "摂河泉": "京, 大和, 紀伊, 山陽, 山陰, 東瀬戸",
    "山陰": "北陸, 京, 摂河泉, 山陽, 長門",
    "山陽": "摂河泉, 山陰, 長門, 東瀬戸, 西瀬戸",
    "長門": "山陰, 山陽, 西瀬戸, 北九州",
    "東瀬戸": "紀伊, 摂河泉, 山陽, 西瀬戸, 四国",
    "西瀬戸": "山陽, 長門, 東瀬戸, 伊予, 北九州, 豊後",
    "四国": "東瀬戸, 伊予",
    "伊予": "西瀬戸, 四国, 豊後",
    "北九州": "長門, 西瀬戸, 豊後",
    "豊後": "西瀬戸, 伊予, 北九州",
}
OU_ARROWS = {"kita_kanto", "hokuriku"}

# §3.3
TURNS = {1: (1180, 3, 3), 2: (1181, 3, 3), 3: (1182, 2, 2), 4: (1183, 4, 4),
         5: (1184, 5, 4), 6: (1185, 5, 4), 7: (1186, 4, 4)}          # year, genji, heike
COURT = {-3: ("平家3", "heike", 6, 2), -2: ("平家2", "heike", 5, 2), -1: ("平家1", "heike", 4, 3),
         0: ("START", "start", 4, 4), 1: ("中立", "neutral", 3, 3),
         2: ("源氏1", "genji", 3, 4), 3: ("源氏2", "genji", 2, 5), 4: ("源氏3", "genji", 2, 6)}

# §3.4 (where -> generals, retainers by clan) and §3.5
SETUP = {
    "minami_kanto": ({"源頼朝", "源範頼", "北条時政"}, {"genji": 5}),
    "kita_kanto": (set(), {"genji": 2}),
    "shinano": ({"木曾義仲"}, {"kiso": 2}),
    "yamato": (set(), {"sohei": 2}),
    "iyo": ({"河野通信"}, {"kono": 2}),
    "bungo": ({"緒方惟栄"}, {"ogata": 2}),
    "ou": ({"藤原秀衡"}, {"fujiwara": 3}),
    "waiting_box": ({"源義経", "源行家"}, {}),
    "kyo": ({"平宗盛", "平知盛"}, {"heike": 3}),
    "sekkasen": ({"平重衡"}, {"heike": 2}),
    "tokai": ({"平維盛"}, {"heike": 3}),
    "sanyo": ({"平教経"}, {"heike": 2}),
    "hokuriku": (set(), {"heike": 2}),
    "shikoku": (set(), {"heike": 2}),
    "kita_kyushu": (set(), {"heike": 2}),
    **{k: (set(), {"heike": 1}) for k in ("owari", "ise", "sanin", "nagato", "higashi_seto")},
}
GENERALS = {  # 名 -> (clan, valour, command)
    "源頼朝": ("genji", 3, 5), "源義経": ("genji", 5, 3), "源範頼": ("genji", 3, 4), "源行家": ("genji", 1, 2),
    "北条時政": ("genji", 2, 3), "木曾義仲": ("kiso", 5, 4), "緒方惟栄": ("ogata", 3, 3), "河野通信": ("kono", 3, 3),
    "平宗盛": ("heike", 1, 4), "平知盛": ("heike", 4, 4), "平重衡": ("heike", 4, 3), "平維盛": ("heike", 2, 4),
    "平教経": ("heike", 5, 2), "藤原秀衡": ("fujiwara", 3, 4),
}
COUNTER_MIX = {"genji": 16, "heike": 24, "kiso": 8, "fujiwara": 8, "ogata": 5, "kono": 5, "sohei": 4}
CARDS = {
    "G01": "源頼朝", "G02": "源義経", "G03": "源範頼", "G04": "源行家", "G05": "北条時政", "G06": "緒方惟栄",
    "G07": "河野通信", "G08": "奇襲", "G09": "水鳥羽音", "G10": "梶原景時", "G11": "強訴",
    "H01": "平宗盛", "H02": "平知盛", "H03": "平重衡", "H04": "平維盛", "H05": "平教経", "H06": "藤原秀衡",
    "H07": "暴風雨", "H08": "平家水軍", "H09": "南都焼討",
    "C01": "木曾義仲", "C02": "後白河院の暗躍", "C03": "追討令",
}


@pytest.fixture(scope="module")
def board():
    return load_board(MAP)


@pytest.fixture(scope="module")
def data():
    return json.loads(DATA.read_text(encoding="utf-8"))


def map_areas(board):
    return {n for n, c in board.cells.items() if not c.props.get("offboard")}


def boxes(board, type_):
    return {o.name: o for o in board.objects_of_type(type_)}


# -- map ------------------------------------------------------------------------------------

def test_map_loads_as_an_area_board(board):
    assert board.kind == "area" and board.orientation == "orthogonal"
    p = board.properties
    assert (p["game"], p["board"], p["title"], p["turns"]) == ("yoshitsune", "area", "義經", 7)


def test_areas_names_supply_base_red_sea(board):
    assert map_areas(board) == set(AREAS)
    assert len(AREAS) == 21
    for key, (ja, supply, base, sea) in AREAS.items():
        props = board.cell(key).props
        assert props["name_local"] == ja, key
        assert props["supply"] == supply, key
        assert props["base"] is base and props["red"] is base, key
        assert props["sea"] is sea, key
        assert board.cell(key).terrain == ("sea" if sea else "land"), key
        assert props["name_en"] and props["provinces"], key
    assert sum(AREAS[k][1] for k in AREAS) == sum(board.cell(k).props["supply"] for k in map_areas(board)) == 53
    assert {k for k in map_areas(board) if board.cell(k).props["base"]} == {
        KEY["南関東"], KEY["京"], KEY["四国"], KEY["北九州"]}
    assert {k for k in map_areas(board) if board.cell(k).props["sea"]} == {KEY["東瀬戸"], KEY["西瀬戸"]}


def test_adjacency_is_the_sheets(board):
    for ja, listed in ADJACENCY.items():
        want = {KEY[n.strip()] for n in listed.split(",")}
        assert set(board.neighbours(KEY[ja])) == want, ja
    pairs = {frozenset((KEY[a], KEY[n.strip()])) for a, listed in ADJACENCY.items() for n in listed.split(",")}
    assert len(pairs) == 42
    # one link object per pair, drawn as a polyline of type link
    for pair in pairs:
        a, b = sorted(pair)
        links = board.links_between(a, b)
        assert len(links) == 1, (a, b)
        assert links[0]["link"] is True and links[0]["link_name"] in (f"{a}-{b}", f"{b}-{a}"), (a, b)


def test_drawing_agrees_with_the_links(board):
    """Adjacent areas share a border (two or more vertices) except across the
    two straits; other areas share at most one corner."""
    straits = {frozenset((KEY["長門"], KEY["北九州"])), frozenset((KEY["伊予"], KEY["豊後"]))}
    verts = {n: {(round(x, 1), round(y, 1)) for x, y in board.corners(n)} for n in map_areas(board)}
    names = sorted(verts)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            shared = len(verts[a] & verts[b])
            if board.adjacent(a, b) and frozenset((a, b)) not in straits:
                assert shared >= 2, (a, b)
            else:
                assert shared <= 1, (a, b)


def test_ou_box_and_its_arrows(board):
    ou = board.cell("ou")
    assert ou.props["offboard"] is True and ou.props["name_local"] == "奥羽" and ou.props["supply"] == 4
    assert not ou.props["base"] and not ou.props["red"]
    assert set(board.neighbours("ou")) == OU_ARROWS
    assert set(ou.props["exits"].split(",")) == OU_ARROWS
    for other in board.cells:
        assert "ou" not in board.neighbours(other), other        # nothing can enter the box
    for area in OU_ARROWS:
        side = board.side("ou", area)
        assert side["arrow"] is True and side["oneway"] is True
    assert board.distance("ou", "minami_kanto") == 2


def test_kyo_box(board):
    assert board.cell("kyo").props["box"] == "kyo_box"
    box = boxes(board, "kyo_box")["kyo_box"]
    assert box.props["area"] == "kyo" and box.props["name_local"] == "京"


def test_boxes_exist_and_lie_off_the_areas(board):
    turns = boxes(board, "turn_box")
    assert set(turns) == {f"turn_{t}" for t in TURNS}
    for t, (year, genji, heike) in TURNS.items():
        p = turns[f"turn_{t}"].props
        assert (p["turn"], p["year"], p["cards_genji"], p["cards_heike"]) == (t, year, genji, heike)
    court = {o.props["index"]: o for o in boxes(board, "court_box").values()}
    assert set(court) == set(COURT)
    for i, (space, kind, heike, genji) in COURT.items():
        p = court[i].props
        assert (p["space"], p["kind"], p["repl_heike"], p["repl_genji"]) == (space, kind, heike, genji), i
        assert p["start"] is (i == 0)
    assert set(boxes(board, "waiting_box")) == {"waiting_box"}
    assert {o.props["marker"] for o in boxes(board, "marker_box").values()} == {"kajiwara", "okubyo"}
    every = [o for t in ("turn_box", "court_box", "waiting_box", "kyo_box", "marker_box")
             for o in board.objects_of_type(t)]
    for o in every:
        assert o.width > 0 and o.height > 0 and not o.points, o.name
        for x, y in ((o.x, o.y), (o.x + o.width, o.y), (o.x, o.y + o.height), (o.x + o.width, o.y + o.height)):
            assert board.cell_at_pixel(x, y) is None, o.name
            assert 0 <= x <= board.pixel_width and 0 <= y <= board.pixel_height, o.name
    ou = board.corners("ou")
    for x, y in ou:
        assert 0 <= x <= board.pixel_width and 0 <= y <= board.pixel_height
    for name in map_areas(board):
        cx, cy = board.cell(name).center
        assert board.cell_at_pixel(cx, cy) == name, name


# -- data --------------------------------------------------------------------------------------

def test_sides_are_the_catalogue_seats(data):
    assert set(data["sides"]) == set(rulesets.spec("yoshitsune").seats)
    for side, info in data["sides"].items():
        for clan in info["clans"]:
            c = data["clans"][clan]
            assert c["side"] == side or side in c.get("side_by_turn", {}).values()


def test_clans_and_counter_mix(data):
    assert {k: v["retainers"] for k, v in data["clans"].items()} == COUNTER_MIX
    kiso = data["clans"]["kiso"]["side_by_turn"]
    assert kiso == {"1": "MINAMOTO", "2": "MINAMOTO", "3": "MINAMOTO", "4": None,
                    "5": "TAIRA", "6": "TAIRA", "7": "TAIRA"}
    assert data["warrior_monks"]["valour"] == 2 and data["warrior_monks"]["clan"] == "sohei"


def test_generals(data):
    gens = {g["name_local"]: g for g in data["generals"]}
    assert set(gens) == set(GENERALS)
    lo_v, hi_v = data["general_values"]["valour"]
    lo_c, hi_c = data["general_values"]["command"]
    assert (lo_v, hi_v, lo_c, hi_c) == (1, 5, 1, 5)
    for ja, (clan, valour, command) in GENERALS.items():
        g = gens[ja]
        assert (g["clan"], g["valour"], g["command"]) == (clan, valour, command), ja
        assert lo_v <= g["valour"] <= hi_v and lo_c <= g["command"] <= hi_c, ja
        assert g["clan"] in data["clans"]
    assert len({g["key"] for g in data["generals"]}) == 14
    by_key = {g["key"]: g for g in data["generals"]}
    assert by_key["yoritomo"]["removal_wins"] == "TAIRA" and by_key["munemori"]["removal_wins"] == "MINAMOTO"
    assert data["victory"]["removal_wins"] == {"yoritomo": "TAIRA", "munemori": "MINAMOTO"}


def test_cards_and_decks(data, board):
    cards = {c["id"]: c for c in data["cards"]}
    assert len(data["cards"]) == len(cards) == 23
    assert {i: c["name_local"] for i, c in cards.items()} == CARDS
    decks = data["decks"]
    assert sorted(i for d in decks.values() for i in d) == sorted(cards)
    assert (len(decks["MINAMOTO"]), len(decks["TAIRA"]), len(decks["common"])) == (11, 9, 3)
    for deck, ids in decks.items():
        for i in ids:
            assert cards[i]["deck"] == deck, i
    gens = {g["key"]: g for g in data["generals"]}
    # one card per general, and it names him
    for key, g in gens.items():
        assert cards[g["card"]]["type"] == "general" and cards[g["card"]]["effect"]["general"] == key
    general_cards = [c for c in data["cards"] if c["type"] == "general"]
    assert len(general_cards) == 14
    # every card, general, marker and area referenced anywhere exists
    refs = [i for t in data["turn_track"] for i in t.get("unusable_cards", [])]
    refs += data["extra_cards"]["court"]["cards"]
    refs += [m["card"] for m in data["markers"].values() if "card" in m]
    refs += [i for g in gens.values() for i in g.get("activated_only_by", [])]
    assert refs and all(r in cards for r in refs), refs
    for c in data["cards"]:
        eff = c["effect"]
        for k in eff.get("who", {}).get("exclude", []) + eff.get("target", {}).get("exclude", []):
            assert k in gens, (c["id"], k)
        for k in eff.get("adjustment_roll", {}).get("generals", []):
            assert k in gens
        for a in eff.get("area_choices", []):
            assert board.cell(a).props["sea"] is True
        if "marker" in eff:
            assert eff["marker"] in data["markers"]
    assert cards["C01"]["available_by_turn"] == data["clans"]["kiso"]["side_by_turn"]
    assert cards["G01"]["effect"]["tribute_modifier"] == 2 and cards["H01"]["effect"]["tribute_modifier"] == 2
    for m in data["markers"].values():
        if "holder" in m:
            assert m["holder"] in boxes(board, "marker_box")


def test_tracks_match_the_map(data, board):
    assert [t["turn"] for t in data["turn_track"]] == list(range(1, 8)) and data["turns"] == 7
    turns = boxes(board, "turn_box")
    for t in data["turn_track"]:
        year, genji, heike = TURNS[t["turn"]]
        assert (t["year"], t["cards"]["MINAMOTO"], t["cards"]["TAIRA"]) == (year, genji, heike)
        p = turns[f"turn_{t['turn']}"].props
        assert (p["cards_genji"], p["cards_heike"]) == (genji, heike)
    assert [t["court_moves"] for t in data["turn_track"]] == [False] + [True] * 6
    assert data["turn_track"][3]["unusable_cards"] == ["C01"]
    ct = data["court_track"]
    court = {o.name: o.props for o in boxes(board, "court_box").values()}
    assert [s["index"] for s in ct["spaces"]] == list(range(ct["min"], ct["max"] + 1)) == sorted(COURT)
    for s in ct["spaces"]:
        name, kind, heike, genji = COURT[s["index"]]
        assert (s["name_local"], s["kind"], s["replenish"]["TAIRA"], s["replenish"]["MINAMOTO"]) == \
            (name, kind, heike, genji)
        p = court[s["box"]]
        assert (p["index"], p["repl_heike"], p["repl_genji"]) == (s["index"], heike, genji)
        assert s["friendly"] == {"heike": "TAIRA", "genji": "MINAMOTO"}.get(kind)
    assert ct["start"] == 0 and data["markers"]["go_shirakawa"]["start"] == "gs_0"
    assert data["markers"]["turn"]["start"] == "turn_1" and "turn_1" in turns
    trade = data["extra_cards"]["trade"]["areas"]
    assert all(board.cell(a).props["sea"] for a in trade) and len(trade) == 2


def test_tables_cover_every_roll(data):
    t = data["tables"]
    for name in ("tribute", "leader_fate", "storm_fate"):
        rolls = sorted(r for row in t[name]["results"] for r in row["rolls"])
        assert rolls == [1, 2, 3, 4, 5, 6], name
    assert [r["spaces"] for r in t["tribute"]["results"]] == [1, 2, 3]
    assert t["tribute"]["special_card_modifier"] == 2 and t["tribute"]["max_roll"] == 6
    assert [r["result"] for r in t["leader_fate"]["results"]] == ["retreat", "wounded", "killed"]
    assert [r["rolls"] for r in t["leader_fate"]["results"]] == [[1, 2], [3, 4, 5], [6]]


def test_setup_puts_every_piece_in_an_area_or_box(data, board):
    names = {g["key"]: g["name_local"] for g in data["generals"]}
    box_names = {o.name for o in board.objects}
    placed: Counter[str] = Counter()
    retainers: Counter[str] = Counter()
    got = {}
    for p in data["setup"]["placements"]:
        where = p["where"]
        assert where in board.cells or where in box_names, where
        for g in p["generals"]:
            placed[g] += 1
        for clan, n in p["retainers"].items():
            assert clan in data["clans"] and n > 0
            retainers[clan] += n
        assert where not in got, where
        got[where] = ({names[g] for g in p["generals"]}, p["retainers"])
    assert got == SETUP
    assert placed == Counter({k: 1 for k in names})
    for clan, n in retainers.items():
        assert n <= COUNTER_MIX[clan], clan
    assert retainers["heike"] == 21 and retainers["fujiwara"] == 3
    assert sum(n for c, n in retainers.items() if c not in ("heike", "fujiwara")) == 15
    for m, where in data["setup"]["markers"].items():
        assert where in box_names and m in data["markers"]
    # control at the start (§3.4, revised): Heike 12 areas incl. 3 base areas and 東瀬戸 only, Genji 6, 3 empty
    side_of = {c: v["side"] for c, v in data["clans"].items()}
    side_of["kiso"] = data["clans"]["kiso"]["side_by_turn"]["1"]
    control = {}
    for where, (_, rets) in got.items():
        if where in map_areas(board) and len(rets) == 1:
            control[where] = side_of[next(iter(rets))]
    counts = Counter(control.values())
    assert counts == Counter({"TAIRA": 12, "MINAMOTO": 6})
    assert len(map_areas(board)) - len(control) == 3
    bases = {k for k in map_areas(board) if board.cell(k).props["base"]}
    assert sum(control.get(b) == "TAIRA" for b in bases) == 3
    assert control["higashi_seto"] == "TAIRA" and "nishi_seto" not in control     # no +1 card for the seas
    # only 東海 starts over its supply
    over = {w for w, (_, rets) in got.items() if w in board.cells
            and sum(rets.values()) > board.cell(w).props["supply"]}
    assert over == {"tokai"}


def test_reconstructed_and_rulings(data):
    rec = data["reconstructed"]
    for key in ("map.supply", "map.adjacency", "clans.*.retainers", "generals.*.valour", "generals.*.command",
                "setup.placements", "turn_track.cards", "court_track.spaces", "tables.storm_fate"):
        assert key in rec and rec[key], key
    assert all(isinstance(v, str) and v for v in rec.values())
    for c in data["cards"]:
        if "RECONSTRUCTED" in c["status"]:
            assert any(k.startswith(f"cards.{c['id']}") for k in rec), c["id"]
    ids = [r["id"] for r in data["rulings"]]
    assert len(ids) == len(set(ids)) and all(r["text"] and r["status"] for r in data["rulings"])
