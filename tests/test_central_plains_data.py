"""maps/central_plains.tmx and game/rulesets/central_plains/data.json against the
data sheet (../shared/rules/central_plains.md §1-§7) and the rules summary (seed 001).
The tables below are copied from the sheet, not computed from the map or the data;
the generator (tools/gen_central_plains_map.py) must reproduce the map byte for byte."""
from __future__ import annotations

import json
import math
import re
import subprocess
import sys
from collections import Counter, deque
from pathlib import Path
from xml.etree import ElementTree

import pytest

from game.core.tmx import clear_cache, load_board
from tools import gen_central_plains_map as gen

ROOT = Path(__file__).resolve().parent.parent
MAP = ROOT / "maps" / "central_plains.tmx"
DATA = ROOT / "game" / "rulesets" / "central_plains" / "data.json"

# §4.1: id 據點 lat lon terrain HQ start pieces
STRONGHOLDS = """
BEIPING      北平  39.90 116.40 town     - 閻: inf
TIANJIN      天津  39.13 117.20 town     - 閻: inf
SHANHAIGUAN  山海關 40.01 119.75 mountain - —
BAODING      保定  38.87 115.46 town     - —
SHIJIAZHUANG 石家莊 38.04 114.51 town     - 閻: inf
NIANGZIGUAN  娘子關 37.97 113.88 mountain - —
TAIYUAN      太原  37.87 112.55 town     閻 閻: inf
YUNCHENG     運城  35.03 111.00 plain    - —
ZHANGDE      彰德  36.10 114.39 town     - 閻: inf, cav
DEZHOU       德州  37.45 116.36 town     - 閻: inf×2, AT
JINAN        濟南  36.65 117.00 town     - 蔣: inf
TAIAN        泰安  36.20 117.09 mountain - —
YANZHOU      兗州  35.55 116.83 town     - 蔣: inf
QUFU         曲阜  35.58 116.99 town     - —
XUZHOU       徐州  34.26 117.18 town     - 蔣: inf, AT
SUXIAN       宿縣  33.64 116.98 plain    - 蔣: inf
BENGBU       蚌埠  32.92 117.39 town     - 蔣: inf
NANJING      南京  32.06 118.80 town     蔣 蔣: inf
GUIDE        歸德  34.41 115.66 town     - 蔣: inf×2, AT
BOZHOU       亳州  33.85 115.78 town     - 馮: inf
LANFENG      蘭封  34.82 114.82 plain    - 馮: inf, cav
TAIKANG      太康  34.06 114.85 plain    - —
KAIFENG      開封  34.80 114.31 town     - 馮: inf
ZHENGZHOU    鄭州  34.75 113.63 town     - 馮: inf, AT
XINXIANG     新鄉  35.30 113.93 town     - —
LUOYANG      洛陽  34.62 112.45 town     - —
SHANZHOU     陝州  34.77 111.20 mountain - —
TONGGUAN     潼關  34.61 110.30 mountain - 馮: inf
XIAN         西安  34.26 108.94 town     馮 馮: inf
XUCHANG      許昌  34.04 113.85 town     - 馮: inf, cav
LUOHE        漯河  33.58 114.02 plain    - —
NANYANG      南陽  33.00 112.53 town     - —
ZHUMADIAN    駐馬店 32.98 114.02 plain    - 何: inf
XINYANG      信陽  32.13 114.07 mountain - 何: inf×2
HANKOU       漢口  30.59 114.30 town     何 何: inf
XIANGYANG    襄陽  32.01 112.12 town     - —
JIUJIANG     九江  29.71 116.00 town     - —
YUEZHOU      岳州  29.37 113.13 town     - —
CHANGSHA     長沙  28.23 112.94 town     - 何: inf
HENGYANG     衡陽  26.89 112.57 town     - 何: inf
SHAOGUAN     韶關  24.81 113.60 mountain - —
GUANGZHOU    廣州  23.13 113.26 town     - 何: inf
QUANZHOU     全州  25.93 111.07 mountain - 李: inf×3
GUILIN       桂林  25.27 110.29 mountain 李 李: inf×2
WUZHOU       梧州  23.48 111.28 town     - 李: inf
"""
# §4.2: id from to kind line
LINKS = """
L01 BEIPING BAODING rail 平漢
L02 BAODING SHIJIAZHUANG rail 平漢
L03 SHIJIAZHUANG ZHANGDE rail 平漢
L04 ZHANGDE XINXIANG rail 平漢
L05 XINXIANG ZHENGZHOU rail 平漢
L06 ZHENGZHOU XUCHANG rail 平漢
L07 XUCHANG LUOHE rail 平漢
L08 LUOHE ZHUMADIAN rail 平漢
L09 ZHUMADIAN XINYANG rail 平漢
L10 XINYANG HANKOU rail 平漢
L11 TIANJIN DEZHOU rail 津浦
L12 DEZHOU JINAN rail 津浦
L13 JINAN TAIAN rail 津浦
L14 TAIAN YANZHOU rail 津浦
L15 YANZHOU XUZHOU rail 津浦
L16 XUZHOU SUXIAN rail 津浦
L17 SUXIAN BENGBU rail 津浦
L18 BENGBU NANJING rail 津浦
L19 XUZHOU GUIDE rail 隴海
L20 GUIDE LANFENG rail 隴海
L21 LANFENG KAIFENG rail 隴海
L22 KAIFENG ZHENGZHOU rail 隴海
L23 ZHENGZHOU LUOYANG rail 隴海
L24 LUOYANG SHANZHOU rail 隴海
L25 SHIJIAZHUANG NIANGZIGUAN rail 正太
L26 NIANGZIGUAN TAIYUAN rail 正太
L27 BEIPING TIANJIN rail 北寧
L28 TIANJIN SHANHAIGUAN rail 北寧
L29 HANKOU YUEZHOU rail 粵漢(北段)
L30 YUEZHOU CHANGSHA rail 粵漢(北段)
L31 GUANGZHOU SHAOGUAN rail 粵漢(廣韶段)
L32 TAIYUAN YUNCHENG road 晉南大道
L33 YUNCHENG TONGGUAN road 風陵渡 ferry
L34 SHANZHOU TONGGUAN road 靈寶-潼關 (rail not open until Dec 1931)
L35 TONGGUAN XIAN road 潼西大道 (rail 1934)
L36 LUOYANG NANYANG road 洛宛大道
L37 NANYANG XUCHANG road 宛許大道
L38 NANYANG XIANGYANG road 宛襄大道
L39 KAIFENG TAIKANG road 豫東
L40 TAIKANG BOZHOU road 豫皖
L41 BOZHOU GUIDE road 豫皖
L42 BOZHOU SUXIAN road 豫皖
L43 TAIKANG XUCHANG road 豫中
L44 TAIAN QUFU road 魯中
L45 QUFU YANZHOU road 魯中
L46 TAIYUAN ZHANGDE road 太行 (via 長治)
L47 DEZHOU SHIJIAZHUANG road 冀南
L48 HENGYANG QUANZHOU road 湘桂大道
L49 QUANZHOU GUILIN road 湘桂大道
L50 HENGYANG SHAOGUAN road 湘粵大道 (rail gap until 1936)
L51 HANKOU JIUJIANG river 長江
L52 JIUJIANG NANJING river 長江
L53 HANKOU XIANGYANG river 漢水
L54 CHANGSHA HENGYANG river 湘江
L55 GUANGZHOU WUZHOU river 西江
L56 WUZHOU GUILIN river 桂江/漓江
"""
# §6.2-6.7: id 將領 type counters (support for neutrals) sacrifice
CARDS = """
C01 蔣中正 lasting 3 yes
C02 劉峙 ordinary - -
C03 陳調元 ordinary - -
C04 陳誠 ordinary - -
C05 顧祝同 ordinary - -
C06 蔣鼎文 ordinary - -
C07 張治中 lasting 2 -
C08 胡宗南 ordinary - -
C09 湯恩伯 ordinary - -
C10 蔣光鼐 dispatch 2 -
C11 蔡廷鍇 ordinary - -
C12 馬鴻逵 ordinary - -
C13 徐庭瑤 ordinary - -
C14 楊杰 ordinary - -
C15 蔣伯誠 ordinary - -
C16 劉茂恩 dispatch 1 -
C17 張群 dispatch 2 -
C18 方本仁 ordinary - -
C19 毛炳文 ordinary - -
C20 衛立煌 ordinary - -
C21 朱培德 ordinary - -
C22 陳繼承 lasting 2 -
C23 俞濟時 lasting 3 -
H01 何應欽 lasting 3 yes
H02 何成濬 ordinary - -
H03 楊虎城 ordinary - -
H04 陳濟棠 dispatch 2 -
H05 陳銘樞 ordinary - -
H06 夏斗寅 ordinary - -
H07 錢大鈞 ordinary - -
H08 徐源泉 ordinary - -
H09 王金鈺 ordinary - -
H10 劉建緒 lasting 2 -
H11 余漢謀 ordinary - -
H12 香翰屏 ordinary - -
H13 譚道源 ordinary - -
H14 張輝瓚 ordinary - -
H15 魯滌平 ordinary - -
H16 朱紹良 dispatch 2 -
H17 蕭之楚 ordinary - -
H18 岳維峻 ordinary - -
H19 郝夢齡 lasting 2 -
H20 上官雲相 ordinary - -
Y01 閻錫山 lasting 3 yes
Y02 徐永昌 ordinary - -
Y03 傅作義 ordinary - -
Y04 商震 ordinary - -
Y05 楊愛源 ordinary - -
Y06 孫楚 ordinary - -
Y07 王靖國 lasting 2 -
Y08 李生達 ordinary - -
Y09 楊效歐 ordinary - -
Y10 張蔭梧 lasting 3 -
Y11 趙承綬 ordinary - -
Y12 周玳 ordinary - -
Y13 李服膺 ordinary - -
Y14 楊澄源 ordinary - -
Y15 關福安 ordinary - -
Y16 馮鵬翥 ordinary - -
Y17 朱綬光 ordinary - -
Y18 陳長捷 ordinary - -
Y19 趙戴文 ordinary - -
Y20 賈景德 dispatch 2 -
Y21 豐玉璽 ordinary - -
Y22 溫壽泉 lasting 3 yes
Y23 郭宗汾 dispatch 2 -
G01 李宗仁 lasting 3 yes
G02 白崇禧 ordinary - -
G03 黃紹竑 ordinary - -
G04 張發奎 ordinary - -
G05 黃旭初 ordinary - -
G06 夏威 ordinary - -
G07 呂煥炎 ordinary - -
G08 楊騰輝 ordinary - -
G09 梁朝璣 lasting 2 -
G10 韋雲淞 ordinary - -
G11 周祖晃 ordinary - -
G12 覃連芳 ordinary - -
G13 葉琪 ordinary - -
G14 王贊斌 ordinary - -
G15 吳奇偉 ordinary - -
G16 鄧龍光 ordinary - -
G17 薛岳 lasting 2 -
G18 尹承綱 ordinary - -
G19 廖磊 lasting 3 yes
G20 李品仙 dispatch 2 -
F01 馮玉祥 lasting 3 yes
F02 鹿鍾麟 ordinary - -
F03 孫良誠 ordinary - -
F04 宋哲元 lasting 2 -
F05 吉鴻昌 ordinary - -
F06 孫連仲 ordinary - -
F07 龐炳勳 ordinary - -
F08 張維璽 ordinary - -
F09 劉郁芬 ordinary - -
F10 梁冠英 ordinary - -
F11 張自忠 ordinary - -
F12 鄭大章 ordinary - -
F13 孫殿英 lasting 3 -
F14 萬選才 ordinary - -
F15 劉汝明 ordinary - -
F16 高樹勳 ordinary - -
F17 馮治安 ordinary - -
F18 趙登禹 ordinary - -
F19 門致中 dispatch 2 -
F20 石敬亭 lasting 3 yes
N1 張學良 neutral 5 -
N2 韓復榘 neutral 4 -
N3 石友三 neutral 3 -
N4 何鍵 neutral 3 -
"""
MOUNTAIN = "娘子關 山海關 泰安 陝州 潼關 信陽 韶關 全州 桂林".split()          # §4 terrain
PLAIN = "蘭封 太康 漯河 駐馬店 宿縣 運城".split()
HQ = {"蔣": "南京", "何": "漢口", "閻": "太原", "馮": "西安", "李": "桂林"}        # §4 HQs
NOT_RAIL = [("陝州", "潼關"), ("潼關", "西安"), ("長沙", "衡陽"), ("衡陽", "韶關")]  # §4 railways in 1930
COMMANDERS = {  # §1: key -> (name, camp, colour, troops, funds, upkeep, hand, commands) (§5)
    "LI": ("李宗仁", "anti", "yellow", 12, 18, 2, 4, 2),
    "CHIANG": ("蔣中正", "central", "blue", 20, 30, 3, 5, 3),
    "YAN": ("閻錫山", "anti", "brown", 18, 30, 3, 4, 2),
    "HE": ("何應欽", "central", "purple", 14, 24, 2, 5, 3),
    "FENG": ("馮玉祥", "anti", "red", 20, 24, 3, 4, 2),
}
TURN_ORDER = ["李宗仁", "蔣中正", "閻錫山", "何應欽", "馮玉祥"]                       # §1, seed 4
DECKS = {"CHIANG": 23, "HE": 20, "YAN": 23, "LI": 20, "FENG": 20, "neutral": 4}      # §1
COMPONENTS = {  # §1: colour -> (infantry, cavalry, armoured trains)
    "LI": (12, 0, 0), "HE": (12, 0, 0), "YAN": (12, 1, 1), "CHIANG": (12, 0, 2), "FENG": (12, 4, 1), "grey": (1, 2, 0)}
RESERVE = {"LI": (3, 0), "CHIANG": (1, 0), "YAN": (2, 0), "HE": (2, 0), "FENG": (2, 2)}   # §5: infantry, cavalry
FRONTS = {("德州", "濟南"), ("蘭封", "歸德"), ("亳州", "歸德"), ("亳州", "宿縣"), ("全州", "衡陽"), ("梧州", "廣州")}  # §5
NEUTRALS = {"N1": ("張學良", 5), "N2": ("韓復榘", 4), "N3": ("石友三", 3), "N4": ("何鍵", 3)}        # §6.7
ALLOWANCE = {  # §3.2: kind -> (infantry, cavalry, armoured train; None = no limit, 0 = not allowed)
    "rail": (3, 3, None), "road": (1, 2, 0), "river": (2, 2, 0)}
TERRAIN_MOD = {"mountain": 2, "town": 1, "plain": -1}                                   # §1 (FACT)
PIECE_CODE = {"inf": "infantry", "cav": "cavalry", "AT": "armoured_train"}


def strongholds() -> dict[str, dict]:
    out = {}
    for line in STRONGHOLDS.strip().splitlines():
        key, zh, lat, lon, terrain, hq, start = line.split(None, 6)
        out[key] = {"zh": zh, "lat": float(lat), "lon": float(lon), "terrain": terrain,
                    "hq": "" if hq == "-" else hq, "start": start}
    return out


def sheet_pieces(start: str) -> tuple[str, Counter]:
    """'閻: inf×2, AT' -> ('閻', Counter(infantry=2, armoured_train=1)); '—' -> ('', Counter())."""
    if start == "—":
        return "", Counter()
    who, pieces = start.split(":")
    c: Counter = Counter()
    for p in pieces.split(","):
        code, _, n = p.strip().partition("×")
        c[PIECE_CODE[code]] += int(n or 1)
    return who, c


def links() -> list[tuple[str, str, str, str, str]]:
    return [tuple(line.split(None, 4)) for line in LINKS.strip().splitlines()]


def cards() -> dict[str, tuple[str, str, int | None, bool]]:
    out = {}
    for line in CARDS.strip().splitlines():
        cid, zh, kind, n, sac = line.split()
        out[cid] = (zh, kind, None if n == "-" else int(n), sac == "yes")
    return out


@pytest.fixture(scope="module")
def board():
    clear_cache()
    return load_board(MAP)


@pytest.fixture(scope="module")
def data():
    return json.loads(DATA.read_text(encoding="utf-8"))


def key_of(board) -> dict[str, str]:
    return {c.props["name_zh"]: n for n, c in board.cells.items()}


def short_of(data) -> dict[str, str]:
    return {c["short"]: k for k, c in data["commanders"].items()}


def walk_ops(effect: dict):
    """Every op of a card effect, nested ones (on_win) included, with the section it is in."""
    for section, ops in effect.items():
        todo = list(ops)
        while todo:
            op = todo.pop(0)
            yield section, op
            if isinstance(op.get("on_win"), dict):
                todo.extend(op["on_win"]["effects"])


def rail_strongholds(board) -> set[str]:
    return {n for n in board.cells for o in board.neighbours(n)
            if any(p.get("kind") == "rail" for p in board.links_between(n, o))}


# -- the map ---------------------------------------------------------------------------------------------

def test_map_is_a_point_board_for_central_plains(board):
    assert board.kind == "point" and board.orientation == "orthogonal"
    p = board.properties
    assert (p["board"], p["game"], p["title"]) == ("point", "central_plains", "中原大戰")
    assert p["node_types"] == "stronghold" and p["stack_limit"] == 3


def test_map_info_loads_it():
    out = subprocess.run([sys.executable, "-m", "game", "map-info", str(MAP), "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    info = json.loads(out.stdout)
    assert info["kind"] == "point" and len(info["cells"]) == 45 and len(info["sides"]) == 56


def test_every_stronghold_with_its_properties(board):
    sheet = strongholds()
    assert len(sheet) == 45 and set(board.cells) == set(sheet)
    assert len({s["zh"] for s in sheet.values()}) == 45
    for key, s in sheet.items():
        cell = board.cell(key)
        p = cell.props
        assert (p["name_zh"], p["terrain"], p["hq"], p["lat"], p["lon"]) == \
            (s["zh"], s["terrain"], s["hq"], s["lat"], s["lon"]), key
        assert cell.terrain == s["terrain"], key
        assert isinstance(p["lat"], float) and isinstance(p["lon"], float)
        assert p["name_en"] and p["region"] and p["label_at"] in gen.LABEL_SIDES, key
        who, pieces = gen.parse_start(p["start"])
        assert (who, pieces) == sheet_pieces(s["start"]), key


def test_no_property_pytmx_refuses():
    """A custom property named like an object attribute makes pytmx raise (STYLE.md)."""
    forbidden = {"name", "id", "type", "x", "y", "width", "height", "rotation", "gid", "visible", "points"}
    root = ElementTree.parse(MAP).getroot()
    for obj in root.iter("object"):
        names = {p.get("name") for p in obj.iter("property")}
        assert not names & forbidden, obj.get("name")


def test_terrain_lists_of_section_4(board):
    by = {t: {c.props["name_zh"] for c in board.cells.values() if c.terrain == t} for t in TERRAIN_MOD}
    assert by["mountain"] == set(MOUNTAIN)
    assert by["plain"] == set(PLAIN)
    assert len(by["town"]) == 45 - len(MOUNTAIN) - len(PLAIN)


def test_hqs(board, data):
    got = {c.props["hq"]: c.props["name_zh"] for c in board.cells.values() if c.props["hq"]}
    assert got == HQ
    k = key_of(board)
    for key, c in data["commanders"].items():
        assert c["hq"] == k[HQ[c["short"]]], key


def test_every_link_with_kind_and_ends(board):
    sheet = links()
    assert len(sheet) == 56
    assert Counter(kind for *_, kind, _line in sheet) == {"rail": 31, "road": 19, "river": 6}
    assert len({frozenset((a, b)) for _, a, b, _, _ in sheet}) == 56           # no link twice
    for lid, a, b, kind, line in sheet:
        assert a in board.cells and b in board.cells, lid                      # ends exist
        found = board.links_between(a, b)
        assert len(found) == 1, lid
        assert (found[0]["link_name"], found[0]["kind"], found[0]["line"]) == (lid, kind, line), lid
    assert len(gen.all_links(board)) == 56
    for lid, pts in gen.link_lines(str(MAP)).items():                          # drawn from node to node
        _, a, b, _, _ = next(x for x in sheet if x[0] == lid)
        assert math.dist(pts[0], board.cell(a).center) <= board.radius(a), lid
        assert math.dist(pts[-1], board.cell(b).center) <= board.radius(b), lid


def test_the_graph_is_connected(board):
    seen, todo = {"NANJING"}, deque(["NANJING"])
    while todo:
        for n in board.neighbours(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(board.cells)


def test_railways_open_in_1930(board):
    k = key_of(board)
    for a, b in NOT_RAIL:
        kinds = {p["kind"] for p in board.links_between(k[a], k[b])}
        assert kinds and "rail" not in kinds, (a, b)
    lines = {p["line"] for _, _, p in gen.all_links(board) if p["kind"] == "rail"}
    assert lines == {"平漢", "津浦", "隴海", "正太", "北寧", "粵漢(北段)", "粵漢(廣韶段)"}


def test_link_kinds_and_terrain_types_are_the_datas(board, data):
    assert {p["kind"] for _, _, p in gen.all_links(board)} == set(data["link_kinds"]) == set(gen.KINDS)
    assert {c.terrain for c in board.cells.values()} == set(data["terrain_types"]) == set(gen.TERRAIN)
    assert {t: v["defence"] for t, v in data["terrain_types"].items()} == TERRAIN_MOD == data["combat"]["terrain"]
    assert {p["line"] for _, _, p in gen.all_links(board) if p["kind"] == "rail"} == set(data["rail_lines"])


# -- set-up (§5, §7) ----------------------------------------------------------------------------------------

def start_pieces(board, data) -> dict[str, tuple[str, Counter]]:
    short = short_of(data)
    out = {}
    for n, c in board.cells.items():
        who, pieces = gen.parse_start(c.props["start"])
        if who:
            out[n] = (short[who], pieces)
    return out


def test_setup_in_the_data_is_the_maps(board, data):
    want = {n: (cmd, +p) for n, (cmd, p) in start_pieces(board, data).items()}
    got = {}
    for row in data["setup"]["pieces"]:
        assert row["at"] not in got, row["at"]
        got[row["at"]] = (row["commander"], +Counter(row["pieces"]))
    assert got == want


def test_armoured_trains_start_on_rail_strongholds(board, data):
    rail = rail_strongholds(board)
    trains = [n for n, (_, p) in start_pieces(board, data).items() if p["armoured_train"]]
    assert sorted(trains) == sorted(["DEZHOU", "XUZHOU", "GUIDE", "ZHENGZHOU"])
    assert all(n in rail for n in trains)


def test_at_most_3_pieces_per_stronghold(board, data):
    for n, (_, p) in start_pieces(board, data).items():
        assert sum(p.values()) <= 3, n


def test_per_commander_totals_within_the_component_limits(board, data):
    totals = {k: Counter() for k in data["commanders"]}
    for _, (cmd, p) in start_pieces(board, data).items():
        totals[cmd] += p
    comp = data["components"]
    for cmd, (inf, cav, at) in COMPONENTS.items():
        assert (comp["infantry"][cmd], comp["cavalry"][cmd], comp["armoured_train"][cmd]) == (inf, cav, at)
        if cmd == "grey":
            assert data["setup"]["reserve"]["grey"] == {"infantry": 1, "cavalry": 2}
            continue
        r_inf, r_cav = RESERVE[cmd]
        reserve = data["setup"]["reserve"][cmd]
        assert (reserve.get("infantry", 0), reserve.get("cavalry", 0)) == (r_inf, r_cav), cmd
        t = totals[cmd]
        assert t["infantry"] + r_inf + 3 == inf, cmd                            # 3 infantry are markers
        assert t["cavalry"] + r_cav == cav and t["armoured_train"] == at, cmd
        assert t["infantry"] <= comp["max_infantry_on_map"] == 9
    assert sum(sum(t.values()) for k, t in totals.items() if data["commanders"][k]["camp"] == "central") == 17
    assert sum(sum(t.values()) for k, t in totals.items() if data["commanders"][k]["camp"] == "anti") == 25


def test_hqs_held_by_their_owners_at_the_start(board, data):
    pieces = start_pieces(board, data)
    for key, c in data["commanders"].items():
        assert pieces[c["hq"]][0] == key, key


def test_troops_are_twice_the_pieces_and_upkeep_is_a_quarter_rounded_up(board, data):
    totals = {k: Counter() for k in data["commanders"]}
    for _, (cmd, p) in start_pieces(board, data).items():
        totals[cmd] += p
    units = data["upkeep"]["units"]
    for key, (_name, _camp, _col, troops, funds, upkeep, _h, _c) in COMMANDERS.items():
        t = totals[key]
        assert data["tracks"]["troops"]["start"][key] == troops == 2 * sum(t.values()), key
        assert data["tracks"]["funds"]["start"][key] == funds, key
        assert data["tracks"]["morale"]["start"][key] == 0, key
        u = sum(units[p] * n for p, n in t.items())
        assert data["upkeep"]["opening"][key] == upkeep == math.ceil(u / 4) == pay(data, u), key


def pay(data, u: int) -> int:
    return next(row["pay"] for row in data["upkeep"]["table"] if row["units"][0] <= u <= row["units"][1])


def test_upkeep_table_covers_every_army(data):
    up = data["upkeep"]
    assert up["units"] == {"infantry": 1, "cavalry": 1, "armoured_train": 2, "grey": 0}
    comp = data["components"]
    biggest = max(comp["max_infantry_on_map"] + comp["cavalry"][k] + 2 * comp["armoured_train"][k]
                  for k in data["commanders"])
    assert biggest == 15
    for u in range(0, biggest + 1):
        assert pay(data, u) == math.ceil(u / 4), u
    assert [r["units"][0] for r in up["table"]] == [0, 1, 5, 9, 13]


def test_the_five_fronts_are_the_only_cross_camp_contacts(board, data):
    camp = {n: data["commanders"][cmd]["camp"] for n, (cmd, _) in start_pieces(board, data).items()}
    zh = {n: c.props["name_zh"] for n, c in board.cells.items()}
    contacts = {tuple(sorted((zh[a], zh[b]))) for a in camp for b in board.neighbours(a)
                if b in camp and camp[a] != camp[b]}
    assert contacts == {tuple(sorted(f)) for f in FRONTS}
    # 平漢: 許昌 … 漯河 (empty) … 駐馬店
    assert "LUOHE" not in camp and board.distance("XUCHANG", "ZHUMADIAN") == 2


# -- tracks and boxes on the map (§3.1) ------------------------------------------------------------------------

def test_tracks(data):
    t = data["tracks"]
    assert (t["morale"]["min"], t["morale"]["max"]) == (0, 15) == (0, data["combat"]["morale_cap"])
    assert (t["troops"]["min"], t["troops"]["max"], t["troops"]["surrender"]) == (0, 24, 0)
    assert (t["funds"]["min"], t["funds"]["max"], t["funds"]["surrender"]) == (0, 40, 0)
    zones = t["troops"]["zones"]
    assert [(z["low"], z["high"]) for z in zones] == [(v, v + 1) for v in range(1, 24, 2)]
    assert [z["zone"] for z in zones] == list(range(1, 13)) and t["troops"]["zone_width"] == 2
    for name, track in t.items():
        if name == "_":
            continue
        assert set(track["start"]) == set(data["commanders"])
        assert all(track["min"] <= v <= track["max"] for v in track["start"].values()), name
    # every start value sits at the top of a zone (troops = 2 × pieces)
    assert all(v % 2 == 0 for v in t["troops"]["start"].values())


def test_track_boxes_on_the_map(board, data):
    short = {k: c["short"] for k, c in data["commanders"].items()}
    boxes = board.objects_of_type("track_box")
    got: dict[tuple[str, int], dict] = {}
    for o in boxes:
        got[(o.props["track"], o.props["value"])] = o.props
    for name in ("morale", "troops", "funds"):
        t = data["tracks"][name]
        assert {v for (tr, v) in got if tr == name} == set(range(t["min"], t["max"] + 1)), name
        for v in range(t["min"], t["max"] + 1):
            p = got[(name, v)]
            starts = {s for s in p["start"].split(",") if s}
            assert starts == {short[k] for k, sv in t["start"].items() if sv == v}, (name, v)
            assert bool(p.get("surrender")) == (v == t.get("surrender", -1)), (name, v)
    zone = {v: z["zone"] for z in data["tracks"]["troops"]["zones"] for v in range(z["low"], z["high"] + 1)}
    for v in range(0, 25):
        assert got[("troops", v)]["zone"] == zone.get(v, 0)
    assert len(boxes) == 16 + 25 + 41


def test_turn_order_boxes_and_neutral_pile(board, data):
    order = sorted(board.objects_of_type("turn_order_box"), key=lambda o: o.props["index"])
    names = {c["short"]: c["name_zh"] for c in data["commanders"].values()}
    assert [names[o.props["commander"]] for o in order] == TURN_ORDER
    assert [data["commanders"][k]["name_zh"] for k in data["turn_order"]] == TURN_ORDER
    pile = board.objects_of_type("neutral_pile")
    assert len(pile) == 1 and pile[0].props["cards"].split(",") == list(NEUTRALS) and pile[0].props["face_up"]
    assert {o.props["camp"] for o in board.objects_of_type("support_box")} == set(data["camps"]) - {"_"}


def test_boxes_lie_off_the_strongholds_and_on_the_canvas(board):
    for o in board.objects:
        assert o.width > 0 and o.height > 0 and not o.points, o.name
        corners = ((o.x, o.y), (o.x + o.width, o.y), (o.x, o.y + o.height), (o.x + o.width, o.y + o.height))
        for x, y in corners:
            assert 0 <= x <= board.pixel_width and 0 <= y <= board.pixel_height, o.name
        for n, c in board.cells.items():
            fx0, fy0, fx1, fy1 = gen.footprint(c.center)
            assert fx1 < o.x or fx0 > o.x + o.width or fy1 < o.y or fy0 > o.y + o.height, (o.name, n)


# -- layout ---------------------------------------------------------------------------------------------------

def test_room_for_3_pieces_at_every_stronghold(board):
    """A row of 3 pieces fits in each node's pick radius, and no two rows overlap."""
    ps = board.properties["piece_size"]
    assert 3 * ps + 4 <= gen.FOOT_W <= 2 * board.properties["node_radius"] + 8
    feet = {n: gen.footprint(c.center) for n, c in board.cells.items()}
    names = sorted(feet)
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert gen.overlap(feet[a], feet[b]) == 0, (a, b)
        assert board.cell_at_pixel(*board.cell(a).center) == a


def test_no_link_runs_through_another_stronghold(board):
    lines = gen.link_lines(str(MAP))
    for lid, a, b, _kind, _line in links():
        pts = lines[lid]
        for n, c in board.cells.items():
            if n in (a, b):
                continue
            for p, q in zip(pts, pts[1:]):
                assert not gen.box_hits_segment(gen.footprint(c.center), p, q), (lid, n)


def test_the_map_reads_like_north_china(board):
    """North is up and east is right wherever two linked strongholds differ by more than 0.3°."""
    for a, b, _ in gen.all_links(board):
        ca, cb = board.cell(a), board.cell(b)
        if abs(ca.props["lat"] - cb.props["lat"]) > 0.3:
            assert (ca.props["lat"] > cb.props["lat"]) == (ca.center[1] < cb.center[1]), (a, b)
        if abs(ca.props["lon"] - cb.props["lon"]) > 0.3:
            assert (ca.props["lon"] < cb.props["lon"]) == (ca.center[0] < cb.center[0]), (a, b)


def test_a_north_south_railway_stays_straight(board):
    """Equal longitudes give equal x: the 平漢 line through 漯河 and 駐馬店 (both 114.02°E) is vertical."""
    assert board.cell("LUOHE").center[0] == board.cell("ZHUMADIAN").center[0]
    assert board.cell("KAIFENG").center[1] < board.cell("LUOYANG").center[1]  # 34.80°N above 34.62°N


def test_the_client_can_fit_the_canvas_into_1280_by_720(board):
    map_w, h = int(1280 * 0.72), 720           # the board scene's map area (scenes/board.py MAP_FRACTION)
    z = min((map_w - 32) / board.pixel_width, (h - 32) / board.pixel_height)
    assert z >= 0.38
    assert board.pixel_width >= 1120 and 1600 <= board.pixel_height <= 1900     # about the sheet's 1120 × 1850


# -- generator -----------------------------------------------------------------------------------------------

def test_generator_reproduces_the_file_byte_for_byte():
    assert MAP.read_text(encoding="utf-8") == gen.build()


def test_generator_check_passes(capsys):
    assert gen.check(MAP) == []
    assert gen.main(["--check"]) == 0
    assert "agrees with the sheet" in capsys.readouterr().out


def test_generator_check_names_each_difference(tmp_path, capsys):
    text = MAP.read_text(encoding="utf-8")
    text = text.replace('<property name="terrain" value="mountain"/>', '<property name="terrain" value="town"/>', 1)
    start = text.index('<object id="', text.index('name="L56"') - 40)
    end = text.index("</object>", start) + len("</object>")
    text = text[:start] + text[end:]                                      # drop the last link
    bad = tmp_path / "central_plains.tmx"
    bad.write_text(text, encoding="utf-8")
    lines = gen.check(bad)
    assert any("SHANHAIGUAN" in ln and "terrain is 'town', not 'mountain'" in ln for ln in lines), lines
    assert any("link L56 WUZHOU-GUILIN (river) is missing" in ln for ln in lines), lines
    assert gen.main(["--check", "--out", str(bad)]) == 1
    out = capsys.readouterr().out
    assert out.count("\n") == len(lines) >= 2


# -- commanders, camps, rules numbers ---------------------------------------------------------------------------

def test_commanders_and_camps(data):
    cmds = data["commanders"]
    assert set(cmds) == set(COMMANDERS)
    for key, (name, camp, colour, _t, _f, _u, hand, commands) in COMMANDERS.items():
        c = cmds[key]
        assert (c["name_zh"], c["camp"], c["colour_name"]) == (name, camp, colour), key
        assert c["short"] == c["glyph"] == name[0]
        assert data["camps"][camp]["hand_limit"] == data["camps"][camp]["deal"] == hand
        assert data["camps"][camp]["commands"] == commands
        assert key in data["camps"][camp]["commanders"]
        assert len(c["colour"]) == 3 and len(c["ink"]) == 3
    assert len({tuple(c["colour"]) for c in cmds.values()} | {tuple(data["grey"]["colour"])}) == 6
    assert data["camps"]["central"]["commanders"] == ["CHIANG", "HE"]
    assert sorted(data["camps"]["anti"]["commanders"]) == ["FENG", "LI", "YAN"]
    assert data["hand"]["per_extra_commander"] == 1
    assert data["shared_commanders"]["max_per_player"] == 3 and data["shared_commanders"]["same_camp_only"]
    assert (data["players"]["min"], data["players"]["max"]) == (2, 5)


def test_commands_cost_and_turn_phases(data):
    assert data["commands"]["cost"] == {"move": {"discard": 1}, "attack": {"discard": 2}, "play": {"discard": 0}}
    assert [p["id"] for p in data["turn"]["phases"]] == ["upkeep", "counters", "commands", "refill"]


def test_movement_by_link_kind(data):
    mv = data["movement"]
    for kind, (inf, cav, at) in ALLOWANCE.items():
        assert mv["allowance"][kind] == {"infantry": inf, "cavalry": cav, "armoured_train": at}, kind
    assert mv["cavalry_mixed"] == {"kinds": ["road", "rail"], "links": 2}
    assert mv["max_pieces"] == data["stack_limit"] == 3
    assert mv["retreat"] == {"links": 1, "kinds": "as_move"} and mv["armoured_train_stands_on"] == "rail"


def test_combat_numbers(data):
    cb = data["combat"]
    assert {k: p["strength"] for k, p in data["pieces"].items()} == {"infantry": 1, "cavalry": 1, "armoured_train": 3}
    assert (data["dice"]["attacker"], data["dice"]["defender"]) == ({"colour": "red", "count": 2},
                                                                    {"colour": "white", "count": 1})
    assert (cb["attacker"]["dice"], cb["defender"]["dice"]) == (2, 1)
    assert cb["attacker"]["terrain"] is False and cb["defender"]["terrain"] is True
    assert cb["morale_cap"] == 15
    assert cb["loss"] == {"min_difference": 3, "per": 3, "cap": None, "unit": "troops"}
    assert cb["removal"]["defender_from"] == "battlefield" and cb["removal"]["attacker_from"] == "origin"
    assert cb["advance"]["max_pieces"] == 3
    assert cb["retreat"]["who"] == "one_piece_of_named_commander" and cb["retreat"]["none_can_step"] == "defend"


# -- cards (§6) ---------------------------------------------------------------------------------------------------

def test_card_counts_per_deck(data):
    got = Counter(c["deck"] for c in data["cards"])
    assert got == DECKS and sum(got.values()) == 110
    for key, n in DECKS.items():
        if key != "neutral":
            assert data["commanders"][key]["deck_size"] == n
    for key, c in data["commanders"].items():
        ids = [x["id"] for x in data["cards"] if x["deck"] == key]
        assert ids == [f"{c['deck_prefix']}{i:02d}" for i in range(1, DECKS[key] + 1)], key
    assert [x["id"] for x in data["cards"] if x["deck"] == "neutral"] == list(NEUTRALS) == data["neutral"]["pile"]


def test_every_card_as_the_sheet_prints_it(data):
    sheet = cards()
    got = {c["id"]: c for c in data["cards"]}
    assert set(got) == set(sheet) and len(got) == 110
    assert len({c["name_zh"] for c in data["cards"]}) == 110                 # no name twice
    for cid, (zh, kind, n, sac) in sheet.items():
        c = got[cid]
        assert (c["name_zh"], c["kind"]) == (zh, kind), cid
        assert c["name_en"] and c["text"] and c["hook"], cid
        if kind == "neutral":
            assert c["support"] == n and "counters" not in c, cid
        elif kind in ("lasting", "dispatch"):
            assert c["counters"] == n, cid
        else:
            assert n is None and "counters" not in c, cid
        assert c.get("sacrifice", False) is sac, cid
        assert ("sacrifice" in c) == (kind == "lasting"), cid


def test_neutral_generals_and_their_support(data):
    got = {c["id"]: (c["name_zh"], c["support"]) for c in data["cards"] if c["kind"] == "neutral"}
    assert got == NEUTRALS


def test_sections_by_card_kind(data):
    """Counters, sacrifice, 'while active' and 'on expiry' only on the kinds that use them."""
    kinds = data["card_kinds"]
    for c in data["cards"]:
        sections = list(c["effect"])
        allowed = kinds[c["kind"]]["sections"]
        assert sections and set(sections) <= set(allowed), c["id"]
        assert sections == [s for s in allowed if s in sections], c["id"]          # in the kind's order
        if c["kind"] == "lasting":
            assert "while_active" in sections, c["id"]
        assert all(c["effect"][s] for s in sections), c["id"]
        assert ("While active" in c["text"]) == ("while_active" in sections), c["id"]
        assert ("On expiry" in c["text"]) == ("on_expiry" in sections), c["id"]


OP_CODE = {  # op -> the code of §6.1 in the card text (and the number after it)
    "move": r"MOVE (\d+)", "attack": r"ATTACK \+(\d+)", "attack_all": r"ATTACK_ALL \+(\d+)", "defend": r"DEFEND \+(\d+)",
    "morale": r"(?<!ENEMY_)MORALE \+(\d+)", "enemy_morale": r"ENEMY_MORALE −(\d+)", "funds": r"FUNDS \+(\d+)",
    "income": r"INCOME \+(\d+)", "troops": r"(?<!ENEMY_)TROOPS \+(\d+)", "enemy_troops": r"ENEMY_TROOPS −(\d+)",
    "defect": r"DEFECT()", "draw": r"DRAW (\d+)", "extra_command": r"EXTRA_COMMAND()", "hand_limit": r"HAND \+(\d+)",
    "rail_move": r"RAIL_MOVE()", "river_move": r"RIVER_MOVE()", "cav_raid": r"CAV_RAID()", "cut_rail": r"CUT_RAIL()",
    "support": r"SUPPORT (\d+)", "place_grey": r"place (?:one )?grey()",
}
NUMBER_ARG = {"attack": "bonus", "cav_raid": None, "defect": None, "extra_command": None, "rail_move": None,
              "river_move": None, "cut_rail": None, "place_grey": None}


def test_every_effect_is_written_in_the_vocabulary(data, board):
    ops = data["effect_ops"]
    assert set(ops) == set(OP_CODE)
    types = data["effect_schema"]["types"]
    for c in data["cards"]:
        for section, op in walk_ops(c["effect"]):
            assert op.get("op") in ops, (c["id"], op)
            spec = ops[op["op"]]
            args = {k: v for k, v in op.items() if k != "op"}
            assert set(args) <= set(spec["args"]), (c["id"], op)
            for name, tname in spec["args"].items():
                if not tname.startswith("?"):
                    assert name in args, (c["id"], op["op"], name)
                if name in args:
                    assert_type(args[name], tname.lstrip("?"), board, data, (c["id"], op["op"], name))
            lasting = spec["timing"] == "lasting"
            assert lasting == (section == "while_active"), (c["id"], op["op"], section)
    for t in ("int", "where", "conditions", "condition", "on_win", "placed", "commanders", "piece", "pieces"):
        assert t in types, t


def assert_type(v, tname: str, board, data, where) -> None:
    if "|" in tname and not tname.startswith("enum:"):
        for alt in tname.split("|"):
            try:
                assert_type(v, alt, board, data, where)
                return
            except AssertionError:
                pass
        raise AssertionError(where)
    lines = {p["line"] for _, _, p in gen.all_links(board)}
    if tname == "int":
        assert v is None or (isinstance(v, int) and not isinstance(v, bool)), where
        if v is None:
            assert where[1] == "rail_move", where                     # only RAIL_MOVE has no limit
    elif tname.startswith("enum:"):
        assert v in tname[5:].split("|"), where
    elif tname == "placed":
        assert v == "placed", where
    elif tname == "where":
        assert isinstance(v, dict) and v and set(v) <= {"strongholds", "lines", "occupancy"}, where
        assert all(s in board.cells for s in v.get("strongholds", [])), where
        assert all(ln in lines for ln in v.get("lines", [])), where
        assert v.get("occupancy", "own_or_empty") in ("own", "own_or_empty", "not_enemy"), where
    elif tname == "conditions":
        assert isinstance(v, list) and v, where
        for alt in v:
            assert set(alt) - {"if"} and len(alt) == 2, where
            (cond, arg), = alt["if"].items()
            if cond == "battlefield_on_line":
                assert arg in lines, where
            elif cond == "battlefield_in":
                assert arg and all(s in board.cells for s in arg), where
            elif cond == "defender":
                assert arg in data["commanders"], where
            else:
                assert cond == "active_neutral" and arg in NEUTRALS, where
    elif tname == "on_win":
        assert set(v) == {"margin", "effects"} and isinstance(v["margin"], int) and v["effects"], where
    elif tname == "commanders":
        assert v and all(k in data["commanders"] for k in v), where
    elif tname == "piece":
        assert v in data["pieces"], where
    elif tname == "pieces":
        assert v and all(k in data["pieces"] and n > 0 for k, n in v.items()), where
    else:
        raise AssertionError(f"unknown type {tname} at {where}")


def test_every_op_of_the_vocabulary_is_used(data):
    used = Counter(op["op"] for c in data["cards"] for _, op in walk_ops(c["effect"]))
    assert set(used) == set(data["effect_ops"])


def test_effects_say_what_the_card_text_says(data):
    """The ops of a card are the §6.1 codes in its text, with the same numbers."""
    for c in data["cards"]:
        text = c["text"]
        ops = [op for _, op in walk_ops(c["effect"])]
        in_text = {op for op, rx in OP_CODE.items() if re.search(rx, text)}
        assert in_text == {op["op"] for op in ops}, (c["id"], in_text)
        for op in ops:
            arg = NUMBER_ARG.get(op["op"], "n")
            if arg is None:
                continue
            numbers = {int(m) for m in re.findall(OP_CODE[op["op"]], text)}
            assert op[arg] in numbers, (c["id"], op)
            for alt in op.get("instead", []):
                assert alt[arg] in numbers, (c["id"], alt)


def test_strongholds_named_on_cards_exist_and_match_the_text(data, board):
    zh = {n: c.props["name_zh"] for n, c in board.cells.items()}
    for c in data["cards"]:
        named = set()
        for _, op in walk_ops(c["effect"]):
            for key in ("where", "fallback", "from"):
                if isinstance(op.get(key), dict):
                    named |= set(op[key].get("strongholds", []))
            for alt in op.get("instead", []):
                named |= set(alt["if"].get("battlefield_in", []))
        for n in named:
            assert n in board.cells and zh[n] in c["text"], (c["id"], n)
        in_text = {n for n, name in zh.items() if name in c["text"]}
        assert in_text == named, (c["id"], in_text ^ named)


def test_cav_raid_and_rail_move_only_in_decks_with_cavalry_or_trains(data):
    comp = data["components"]
    for c in data["cards"]:
        for _, op in walk_ops(c["effect"]):
            if op["op"] == "cav_raid":
                assert comp["cavalry"][c["deck"]] > 0, c["id"]
            if op["op"] == "rail_move":
                assert comp["armoured_train"][c["deck"]] > 0 or comp["cavalry"][c["deck"]] > 0, c["id"]


def test_neutrals_place_exactly_the_grey_pieces(data):
    placed: Counter = Counter()
    for c in data["cards"]:
        for _, op in walk_ops(c["effect"]):
            if op["op"] == "place_grey":
                assert c["kind"] == "neutral", c["id"]
                placed += Counter(op["pieces"])
    assert placed == Counter(data["setup"]["reserve"]["grey"]) == Counter(infantry=1, cavalry=2)


def test_anti_chiang_decks_have_the_hand_cards(data):
    """Balance note §6.1: anti-Chiang decks get HAND +1 cards to offset their hand of 4; central decks none."""
    for key, c in data["commanders"].items():
        hand = [x["id"] for x in data["cards"] if x["deck"] == key
                for _, op in walk_ops(x["effect"]) if op["op"] == "hand_limit"]
        assert bool(hand) == (c["camp"] == "anti"), key


# -- rulings and reconstructed values ------------------------------------------------------------------------------

def resolve(data, path: str) -> bool:
    """Does a dotted path ('cards.*.effect', 'tracks.troops') name something in the data?"""
    items = [data]
    for part in path.split("."):
        nxt = []
        for it in items:
            if part == "*":
                nxt += list(it.values()) if isinstance(it, dict) else list(it)
            elif isinstance(it, dict) and part in it:
                nxt.append(it[part])
        items = nxt
    return bool(items)


def test_rulings_have_clause_and_reason(data):
    ids = [r["id"] for r in data["rulings"]]
    assert len(ids) == len(set(ids)) >= 30
    for r in data["rulings"]:
        assert r["clause"] and r["ruling"] and r["reason"], r["id"]
        assert r["status"] in ("FACT", "INTERP", "RECONSTRUCTED"), r["id"]
    for needed in ("named_commander_only", "retreat_one_piece", "advance", "top_neutral_active", "after_join", "grey_pieces",
                   "reshuffle", "overdraw", "troops_up", "morale_loss_option", "cavalry_mixed_path"):
        assert needed in ids, needed


def test_reconstructed_values_are_named(data):
    rec = data["reconstructed"]
    assert all(isinstance(v, str) and v for v in rec.values())
    for key in rec:
        assert key.startswith("map.") or resolve(data, key), key
    for key in ("map.strongholds", "map.terrain", "map.hq", "map.links", "map.layout", "tracks.troops", "tracks.funds",
                "upkeep.table", "movement.allowance", "setup.pieces", "cards.*.effect", "cards.*.counters",
                "cards.*.support", "neutral.pile", "combat.advance", "combat.morale_loss", "rulings"):
        assert key in rec, key


def test_the_map_renders_headless(tmp_path):
    """tools/render_central_plains_map.py draws the map through the client's BoardView (to look at it)."""
    pygame = pytest.importorskip("pygame")
    from tools import render_central_plains_map as render
    written = render.render(tmp_path)
    sizes = [pygame.image.load(str(p)).get_size() for p in written]
    assert sizes == [(load_board(MAP).pixel_width, load_board(MAP).pixel_height), (1280, 720)]
