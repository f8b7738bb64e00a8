"""Write maps/central_plains.tmx, the point-to-point map of 中原大戰 (1930).

    python tools/gen_central_plains_map.py            # writes maps/central_plains.tmx
    python tools/gen_central_plains_map.py --check    # checks the file on disk against the sheet

The printed board is not public. The 45 strongholds (terrain, HQs, starting
pieces) and the 56 links are the data sheet's (../shared/rules/central_plains.md
§4.1, §4.2, §5, all RECONSTRUCTED); the lists below copy them. The track boxes
take their ranges, zones and start values from game/rulesets/central_plains/data.json
(§3.1), and the turn-order boxes the order there.

Layout: nodes are placed from their latitude and longitude by a separable,
piecewise-linear projection (x from longitude, y from latitude, each scaled
per band), stretched where the 1930 battlefields crowd (Henan, Shandong) and
squeezed in the thinly held south, so that every stronghold has room for a
row of 3 pieces and its name. Lines of equal latitude or longitude stay
straight, so north-south and east-west railways stay straight too. Two towns
too close to draw apart are nudged (NUDGE). The sheet's own §4.1 x,y (a plain
equirectangular projection, 1120 × 1850) crowd Henan too much for 3 pieces and
are not used.

``--check`` loads the map with the game's loader and compares every stronghold,
link, track box and set-up rule with the lists here and the data file; it
prints one line per difference and exits 1 if there is any. It does not mind
nodes moved by hand in Tiled. tests/test_central_plains_data.py also checks
that this script reproduces the file byte for byte.
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from collections import Counter, deque
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from tools.tmx_writer import TmxWriter  # noqa: E402

OUT = ROOT / "maps" / "central_plains.tmx"
DATA = ROOT / "game" / "rulesets" / "central_plains" / "data.json"

# -- strongholds (sheet §4.1) -------------------------------------------------------------------------
# id: (據點, English, lat, lon, terrain, HQ (commander short name or ""), start pieces, region (1930 province))
STRONGHOLDS = {
    "BEIPING": ("北平", "Beiping (Peking)", 39.90, 116.40, "town", "", "閻:inf", "河北"),
    "TIANJIN": ("天津", "Tianjin", 39.13, 117.20, "town", "", "閻:inf", "河北"),
    "SHANHAIGUAN": ("山海關", "Shanhaiguan", 40.01, 119.75, "mountain", "", "", "河北"),
    "BAODING": ("保定", "Baoding", 38.87, 115.46, "town", "", "", "河北"),
    "SHIJIAZHUANG": ("石家莊", "Shijiazhuang", 38.04, 114.51, "town", "", "閻:inf", "河北"),
    "NIANGZIGUAN": ("娘子關", "Niangziguan pass", 37.97, 113.88, "mountain", "", "", "山西"),
    "TAIYUAN": ("太原", "Taiyuan", 37.87, 112.55, "town", "閻", "閻:inf", "山西"),
    "YUNCHENG": ("運城", "Yuncheng", 35.03, 111.00, "plain", "", "", "山西"),
    "ZHANGDE": ("彰德", "Zhangde (Anyang)", 36.10, 114.39, "town", "", "閻:inf,cav", "河南"),
    "DEZHOU": ("德州", "Dezhou", 37.45, 116.36, "town", "", "閻:inf,inf,AT", "山東"),
    "JINAN": ("濟南", "Jinan", 36.65, 117.00, "town", "", "蔣:inf", "山東"),
    "TAIAN": ("泰安", "Tai'an (Mt Tai)", 36.20, 117.09, "mountain", "", "", "山東"),
    "YANZHOU": ("兗州", "Yanzhou", 35.55, 116.83, "town", "", "蔣:inf", "山東"),
    "QUFU": ("曲阜", "Qufu", 35.58, 116.99, "town", "", "", "山東"),
    "XUZHOU": ("徐州", "Xuzhou", 34.26, 117.18, "town", "", "蔣:inf,AT", "江蘇"),
    "SUXIAN": ("宿縣", "Suxian (Suzhou, Anhui)", 33.64, 116.98, "plain", "", "蔣:inf", "安徽"),
    "BENGBU": ("蚌埠", "Bengbu", 32.92, 117.39, "town", "", "蔣:inf", "安徽"),
    "NANJING": ("南京", "Nanjing", 32.06, 118.80, "town", "蔣", "蔣:inf", "江蘇"),
    "GUIDE": ("歸德", "Guide (Shangqiu)", 34.41, 115.66, "town", "", "蔣:inf,inf,AT", "河南"),
    "BOZHOU": ("亳州", "Bozhou", 33.85, 115.78, "town", "", "馮:inf", "安徽"),
    "LANFENG": ("蘭封", "Lanfeng (Lankao)", 34.82, 114.82, "plain", "", "馮:inf,cav", "河南"),
    "TAIKANG": ("太康", "Taikang", 34.06, 114.85, "plain", "", "", "河南"),
    "KAIFENG": ("開封", "Kaifeng", 34.80, 114.31, "town", "", "馮:inf", "河南"),
    "ZHENGZHOU": ("鄭州", "Zhengzhou", 34.75, 113.63, "town", "", "馮:inf,AT", "河南"),
    "XINXIANG": ("新鄉", "Xinxiang", 35.30, 113.93, "town", "", "", "河南"),
    "LUOYANG": ("洛陽", "Luoyang", 34.62, 112.45, "town", "", "", "河南"),
    "SHANZHOU": ("陝州", "Shanzhou (Sanmenxia)", 34.77, 111.20, "mountain", "", "", "河南"),
    "TONGGUAN": ("潼關", "Tongguan pass (old town)", 34.61, 110.30, "mountain", "", "馮:inf", "陝西"),
    "XIAN": ("西安", "Xi'an", 34.26, 108.94, "town", "馮", "馮:inf", "陝西"),
    "XUCHANG": ("許昌", "Xuchang", 34.04, 113.85, "town", "", "馮:inf,cav", "河南"),
    "LUOHE": ("漯河", "Luohe (Yancheng)", 33.58, 114.02, "plain", "", "", "河南"),
    "NANYANG": ("南陽", "Nanyang", 33.00, 112.53, "town", "", "", "河南"),
    "ZHUMADIAN": ("駐馬店", "Zhumadian", 32.98, 114.02, "plain", "", "何:inf", "河南"),
    "XINYANG": ("信陽", "Xinyang (Wushengguan)", 32.13, 114.07, "mountain", "", "何:inf,inf", "河南"),
    "HANKOU": ("漢口", "Hankou (Wuhan)", 30.59, 114.30, "town", "何", "何:inf", "湖北"),
    "XIANGYANG": ("襄陽", "Xiangyang", 32.01, 112.12, "town", "", "", "湖北"),
    "JIUJIANG": ("九江", "Jiujiang", 29.71, 116.00, "town", "", "", "江西"),
    "YUEZHOU": ("岳州", "Yuezhou (Yueyang)", 29.37, 113.13, "town", "", "", "湖南"),
    "CHANGSHA": ("長沙", "Changsha", 28.23, 112.94, "town", "", "何:inf", "湖南"),
    "HENGYANG": ("衡陽", "Hengyang", 26.89, 112.57, "town", "", "何:inf", "湖南"),
    "SHAOGUAN": ("韶關", "Shaoguan", 24.81, 113.60, "mountain", "", "", "廣東"),
    "GUANGZHOU": ("廣州", "Guangzhou", 23.13, 113.26, "town", "", "何:inf", "廣東"),
    "QUANZHOU": ("全州", "Quanzhou", 25.93, 111.07, "mountain", "", "李:inf,inf,inf", "廣西"),
    "GUILIN": ("桂林", "Guilin", 25.27, 110.29, "mountain", "李", "李:inf,inf", "廣西"),
    "WUZHOU": ("梧州", "Wuzhou", 23.48, 111.28, "town", "", "李:inf", "廣西"),
}

# -- links (sheet §4.2) -------------------------------------------------------------------------------
LINKS = [
    ("L01", "BEIPING", "BAODING", "rail", "平漢"),
    ("L02", "BAODING", "SHIJIAZHUANG", "rail", "平漢"),
    ("L03", "SHIJIAZHUANG", "ZHANGDE", "rail", "平漢"),
    ("L04", "ZHANGDE", "XINXIANG", "rail", "平漢"),
    ("L05", "XINXIANG", "ZHENGZHOU", "rail", "平漢"),
    ("L06", "ZHENGZHOU", "XUCHANG", "rail", "平漢"),
    ("L07", "XUCHANG", "LUOHE", "rail", "平漢"),
    ("L08", "LUOHE", "ZHUMADIAN", "rail", "平漢"),
    ("L09", "ZHUMADIAN", "XINYANG", "rail", "平漢"),
    ("L10", "XINYANG", "HANKOU", "rail", "平漢"),
    ("L11", "TIANJIN", "DEZHOU", "rail", "津浦"),
    ("L12", "DEZHOU", "JINAN", "rail", "津浦"),
    ("L13", "JINAN", "TAIAN", "rail", "津浦"),
    ("L14", "TAIAN", "YANZHOU", "rail", "津浦"),
    ("L15", "YANZHOU", "XUZHOU", "rail", "津浦"),
    ("L16", "XUZHOU", "SUXIAN", "rail", "津浦"),
    ("L17", "SUXIAN", "BENGBU", "rail", "津浦"),
    ("L18", "BENGBU", "NANJING", "rail", "津浦"),
    ("L19", "XUZHOU", "GUIDE", "rail", "隴海"),
    ("L20", "GUIDE", "LANFENG", "rail", "隴海"),
    ("L21", "LANFENG", "KAIFENG", "rail", "隴海"),
    ("L22", "KAIFENG", "ZHENGZHOU", "rail", "隴海"),
    ("L23", "ZHENGZHOU", "LUOYANG", "rail", "隴海"),
    ("L24", "LUOYANG", "SHANZHOU", "rail", "隴海"),
    ("L25", "SHIJIAZHUANG", "NIANGZIGUAN", "rail", "正太"),
    ("L26", "NIANGZIGUAN", "TAIYUAN", "rail", "正太"),
    ("L27", "BEIPING", "TIANJIN", "rail", "北寧"),
    ("L28", "TIANJIN", "SHANHAIGUAN", "rail", "北寧"),
    ("L29", "HANKOU", "YUEZHOU", "rail", "粵漢(北段)"),
    ("L30", "YUEZHOU", "CHANGSHA", "rail", "粵漢(北段)"),
    ("L31", "GUANGZHOU", "SHAOGUAN", "rail", "粵漢(廣韶段)"),
    ("L32", "TAIYUAN", "YUNCHENG", "road", "晉南大道"),
    ("L33", "YUNCHENG", "TONGGUAN", "road", "風陵渡 ferry"),
    ("L34", "SHANZHOU", "TONGGUAN", "road", "靈寶-潼關 (rail not open until Dec 1931)"),
    ("L35", "TONGGUAN", "XIAN", "road", "潼西大道 (rail 1934)"),
    ("L36", "LUOYANG", "NANYANG", "road", "洛宛大道"),
    ("L37", "NANYANG", "XUCHANG", "road", "宛許大道"),
    ("L38", "NANYANG", "XIANGYANG", "road", "宛襄大道"),
    ("L39", "KAIFENG", "TAIKANG", "road", "豫東"),
    ("L40", "TAIKANG", "BOZHOU", "road", "豫皖"),
    ("L41", "BOZHOU", "GUIDE", "road", "豫皖"),
    ("L42", "BOZHOU", "SUXIAN", "road", "豫皖"),
    ("L43", "TAIKANG", "XUCHANG", "road", "豫中"),
    ("L44", "TAIAN", "QUFU", "road", "魯中"),
    ("L45", "QUFU", "YANZHOU", "road", "魯中"),
    ("L46", "TAIYUAN", "ZHANGDE", "road", "太行 (via 長治)"),
    ("L47", "DEZHOU", "SHIJIAZHUANG", "road", "冀南"),
    ("L48", "HENGYANG", "QUANZHOU", "road", "湘桂大道"),
    ("L49", "QUANZHOU", "GUILIN", "road", "湘桂大道"),
    ("L50", "HENGYANG", "SHAOGUAN", "road", "湘粵大道 (rail gap until 1936)"),
    ("L51", "HANKOU", "JIUJIANG", "river", "長江"),
    ("L52", "JIUJIANG", "NANJING", "river", "長江"),
    ("L53", "HANKOU", "XIANGYANG", "river", "漢水"),
    ("L54", "CHANGSHA", "HENGYANG", "river", "湘江"),
    ("L55", "GUANGZHOU", "WUZHOU", "river", "西江"),
    ("L56", "WUZHOU", "GUILIN", "river", "桂江/漓江"),
]

TERRAIN = ("mountain", "town", "plain")
KINDS = ("rail", "road", "river")
PIECE_CODES = {"inf": "infantry", "cav": "cavalry", "AT": "armoured_train"}

# -- layout ---------------------------------------------------------------------------------------------
TILE = 32
MAP_W, MAP_H = 60, 54                 # tiles: 1920 x 1728 px
NODE_RADIUS = 36.0                    # pick radius: a row of 3 pieces of PIECE_SIZE fits inside
PIECE_SIZE = 22
# (from, px per degree up to the next knot); the last knot closes the range
LON_BANDS = [(108.5, 94.0), (112.3, 100.0), (113.4, 172.0), (115.0, 120.0), (117.5, 85.0), (120.0, 0.0)]
LAT_BANDS = [(40.3, 100.0), (37.6, 128.0), (32.8, 95.0), (30.6, 74.0), (22.9, 0.0)]   # north to south
ORIGIN = (44.0, 40.0)                 # pixel of (LON_BANDS[0], LAT_BANDS[0])
# towns too close to their neighbours to draw apart, moved by (dx, dy) px after the projection
NUDGE = {
    "QUFU": (66.0, -16.0),            # 15 km from 兗州 (the sheet nudges it too)
    "YUNCHENG": (-20.0, -40.0),       # across the Yellow River from 陝州
}
LABEL_SIDES = ("e", "w", "n", "s", "ne", "nw", "se", "sw")
FOOT_W, FOOT_H = 80.0, 34.0           # a row of 3 pieces of PIECE_SIZE, with room for the HQ frame
LABEL_ZH, LABEL_EN = 19.0, 11.0       # px: the name in 漢字 and in English under it (font sizes)
LINE_ZH, LINE_EN = 24.0, 14.0         # px: the height of their lines

# -- boxes: tracks, turn order, neutral pile (map pixels) ----------------------------------------------
BOX = 56                              # one track space (room for 5 markers)
GAP = 4
TRACKS_AT = (1320.0, 150.0)           # top-left of the track panel, east of the map
TRACK_COLS = 10


def _bands(bands: list[tuple[float, float]], v: float, descending: bool) -> float:
    px = 0.0
    for (a, k), (b, _) in zip(bands, bands[1:]):
        if (b <= v <= a) if descending else (a <= v <= b):
            return px + abs(v - a) * k
        px += abs(b - a) * k
    raise ValueError(f"{v} is outside the projection bands")


def project(lat: float, lon: float) -> tuple[float, float]:
    """Map pixel of a latitude/longitude (before nudges)."""
    return (round(ORIGIN[0] + _bands(LON_BANDS, lon, False), 1),
            round(ORIGIN[1] + _bands(LAT_BANDS, lat, True), 1))


def node_xy() -> dict[str, tuple[float, float]]:
    out = {}
    for key, (_zh, _en, lat, lon, *_rest) in STRONGHOLDS.items():
        x, y = project(lat, lon)
        dx, dy = NUDGE.get(key, (0.0, 0.0))
        out[key] = (round(x + dx, 1), round(y + dy, 1))
    return out


def parse_start(text: str) -> tuple[str, Counter]:
    """'閻:inf,inf,AT' -> ('閻', Counter({'infantry': 2, 'armoured_train': 1})); '' -> ('', Counter())."""
    if not text:
        return "", Counter()
    who, _, pieces = text.partition(":")
    return who, Counter(PIECE_CODES[p.strip()] for p in pieces.split(",") if p.strip())


def label_box(key: str, xy: tuple[float, float], side: str) -> tuple[float, float, float, float]:
    """The box (x0, y0, x1, y1) of a stronghold's name (漢字 over English, with the tag 司令部 HQ over both)
    when written on ``side`` of its row of pieces."""
    zh, en = STRONGHOLDS[key][0], STRONGHOLDS[key][1].split(" (")[0]
    w = max(LABEL_ZH * len(zh), LABEL_EN * 0.56 * len(en), LABEL_EN * 4.4 if STRONGHOLDS[key][5] else 0.0) + 4.0
    h = LINE_ZH + LINE_EN * (2 if STRONGHOLDS[key][5] else 1)
    x, y = xy
    fw, fh = FOOT_W / 2 + 2, FOOT_H / 2 + 2
    if side == "n":
        return (x - w / 2, y - fh - h, x + w / 2, y - fh)
    if side == "s":
        return (x - w / 2, y + fh, x + w / 2, y + fh + h)
    if side == "e":
        return (x + fw, y - h / 2, x + fw + w, y + h / 2)
    if side == "w":
        return (x - fw - w, y - h / 2, x - fw, y + h / 2)
    left = x + 10 if side[1] == "e" else x - 10 - w
    top = y - fh - h if side[0] == "n" else y + fh
    return (left, top, left + w, top + h)


def box_hits_segment(box, a, b) -> bool:
    """Does the segment a-b pass through the box (x0, y0, x1, y1)? (sampled every 4 px)"""
    x0, y0, x1, y1 = box
    n = max(2, int(math.dist(a, b) / 4))
    for i in range(n + 1):
        t = i / n
        px, py = a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1])
        if x0 <= px <= x1 and y0 <= py <= y1:
            return True
    return False


def overlap(p, q) -> float:
    """The area two boxes share."""
    w = min(p[2], q[2]) - max(p[0], q[0])
    h = min(p[3], q[3]) - max(p[1], q[1])
    return w * h if w > 0 and h > 0 else 0.0


def footprint(xy: tuple[float, float]) -> tuple[float, float, float, float]:
    """The box a row of 3 pieces takes, centred on the stronghold."""
    x, y = xy
    return (x - FOOT_W / 2, y - FOOT_H / 2, x + FOOT_W / 2, y + FOOT_H / 2)


def label_sides(xy: dict[str, tuple[float, float]]) -> dict[str, str]:
    """For each stronghold the side of its pieces where its name goes: names keep off links, off every
    stronghold's pieces, off each other and off the track panel. Crowded strongholds choose first."""
    segs = [(xy[a], xy[b]) for _, a, b, _, _ in LINKS]
    feet = {k: footprint(p) for k, p in xy.items()}
    panel = (TRACKS_AT[0] - 10, 0.0, MAP_W * TILE, MAP_H * TILE)
    crowd = {k: sum(1 for o in xy if o != k and math.dist(xy[k], xy[o]) < 170) for k in xy}
    placed: list[tuple[float, float, float, float]] = []
    out: dict[str, str] = {}
    for key in sorted(xy, key=lambda k: (-crowd[k], xy[k][0], xy[k][1])):
        best, best_score = LABEL_SIDES[0], math.inf
        for rank, side in enumerate(LABEL_SIDES):
            box = label_box(key, xy[key], side)
            score = rank * 0.1
            score += 50.0 * sum(box_hits_segment(box, a, b) for a, b in segs)
            score += sum(overlap(box, f) for f in feet.values()) / 4.0
            score += sum(overlap(box, p) for p in placed) / 2.0
            score += overlap(box, panel) / 2.0
            if box[0] < 4 or box[1] < 4 or box[2] > MAP_W * TILE - 4 or box[3] > MAP_H * TILE - 4:
                score += 1000.0
            if score < best_score:
                best, best_score = side, score
        out[key] = best
        placed.append(label_box(key, xy[key], best))
    return {k: out[k] for k in xy}


def link_points(xy: dict[str, tuple[float, float]]) -> dict[str, list[tuple[float, float]]]:
    """Each link's polyline: straight from node to node (bend points are cosmetic; none are needed)."""
    return {lid: [xy[a], xy[b]] for lid, a, b, _, _ in LINKS}


# -- data file ------------------------------------------------------------------------------------------

def load_data() -> dict:
    return json.loads(DATA.read_text(encoding="utf-8"))


def track_boxes(data: dict) -> list[tuple[str, str, dict, tuple[float, float, float, float]]]:
    """(name, type, properties, rect) of every box of the track panel."""
    short = {k: c["short"] for k, c in data["commanders"].items()}
    order = data["turn_order"]
    tracks = data["tracks"]
    x0, y = TRACKS_AT
    out = []
    out.append(("turn_order", "panel_title", {"text_zh": "行動順序", "text_en": "turn order"},
                (x0, y, TRACK_COLS * (BOX + GAP) - GAP, 22.0)))
    y += 26
    for i, key in enumerate(order, 1):
        out.append((f"turn_{i}", "turn_order_box", {"index": i, "commander": short[key]},
                    (x0 + (i - 1) * (TRACK_COLS * (BOX + GAP) // 5), y, TRACK_COLS * (BOX + GAP) // 5 - GAP, BOX)))
    y += BOX + 24
    for track in ("morale", "troops", "funds"):
        t = tracks[track]
        lo, hi = t["min"], t["max"]
        title = {"text_zh": t["name_zh"], "text_en": t["name_en"], "track": track}
        out.append((f"{track}_title", "panel_title", title, (x0, y, TRACK_COLS * (BOX + GAP) - GAP, 22.0)))
        y += 26
        zone_of = {}
        for z in t.get("zones", []):
            for v in range(z["low"], z["high"] + 1):
                zone_of[v] = z["zone"]
        for v in range(lo, hi + 1):
            col, row = (v - lo) % TRACK_COLS, (v - lo) // TRACK_COLS
            props = {"track": track, "value": v}
            if track == "troops":
                props["zone"] = zone_of.get(v, 0)
            if v == t.get("surrender", None):
                props["surrender"] = True
            starts = [short[k] for k in order if t["start"][k] == v]
            props["start"] = ",".join(starts)
            out.append((f"{track}_{v}", "track_box", props,
                        (x0 + col * (BOX + GAP), y + row * (BOX + GAP), BOX, BOX)))
        rows = (hi - lo) // TRACK_COLS + 1
        y += rows * (BOX + GAP) + 20
    # the neutral pile and the support each camp has put on the active general
    camps = data["camps"]
    out.append(("neutral_title", "panel_title", {"text_zh": "中立軍人", "text_en": "neutral generals"},
                (x0, y, TRACK_COLS * (BOX + GAP) - GAP, 22.0)))
    y += 26
    width = TRACK_COLS * (BOX + GAP) - GAP
    out.append(("neutral_pile", "neutral_pile", {"cards": ",".join(data["neutral"]["pile"]), "face_up": True},
                (x0, y, 160.0, 220.0)))
    for i, camp in enumerate(("central", "anti")):
        w = (width - 160 - 2 * 12) / 2
        out.append((f"support_{camp}", "support_box", {"camp": camp, "text_zh": camps[camp]["name_zh"],
                                                       "text_en": camps[camp]["name_en"]},
                    (x0 + 172 + i * (w + 12), y, w, 220.0)))
    y += 220 + 30
    out.append(("map_title", "map_title", {"text_zh": data["title"], "text_en": data["title_en"]}, (x0, y, width, 64.0)))
    y += 64 + 12
    out.append(("legend", "legend", {"link_kinds": ",".join(data["link_kinds"]), "terrain_types": ",".join(data["terrain_types"])},
                (x0, y, width, 200.0)))
    return out


# -- TMX ---------------------------------------------------------------------------------------------------

def build(data: dict | None = None) -> str:
    data = data or load_data()
    w = TmxWriter()
    xy = node_xy()
    sides = label_sides(xy)

    objs: list[str] = []
    for key, (zh, en, lat, lon, terrain, hq, start, region) in STRONGHOLDS.items():
        props = {"name_zh": zh, "name_en": en, "terrain": terrain, "hq": hq, "lat": lat, "lon": lon,
                 "start": start, "region": region, "label_at": sides[key]}
        objs += w.obj(key, "stronghold", props, point=xy[key])
    w.layer("strongholds", objs)

    objs = []
    pts = link_points(xy)
    for lid, a, b, kind, line in LINKS:
        objs += w.obj(lid, "link", {"from": a, "to": b, "kind": kind, "line": line}, line=pts[lid])
    w.layer("links", objs)

    objs = []
    for name, type_, props, rect in track_boxes(data):
        objs += w.obj(name, type_, props, rect=rect)
    w.layer("tracks", objs)

    head = w.map_head(width=MAP_W, height=MAP_H, tile=TILE, background="#d9cfae", props={
        "board": "point", "game": "central_plains", "title": data["title"], "title_en": data["title_en"],
        "node_types": "stronghold", "node_radius": NODE_RADIUS, "piece_size": PIECE_SIZE,
        "stack_limit": data["stack_limit"]})
    return "\n".join(head + w.layers + ["</map>", ""])


# -- checking ---------------------------------------------------------------------------------------------

def check(path: Path, data: dict | None = None) -> list[str]:
    """Differences between the map at ``path`` and the sheet's lists (and the data file): one line each."""
    from game.core.errors import MapError
    from game.core.tmx import load_board

    data = data or load_data()
    rel = path.relative_to(ROOT) if path.is_relative_to(ROOT) else path
    try:
        board = load_board(path)
    except MapError as e:
        return [str(e)]
    bad: list[str] = []
    p = board.properties
    for k, v in (("board", "point"), ("game", "central_plains")):
        if p.get(k) != v:
            bad.append(f"{rel}: map property {k} is {p.get(k)!r}, not {v!r}")
    if board.kind != "point":
        bad.append(f"{rel}: the loader reads a {board.kind} board, not a point board")

    # strongholds
    have, want = set(board.cells), set(STRONGHOLDS)
    for k in sorted(want - have):
        bad.append(f"{rel}: stronghold {k} ({STRONGHOLDS[k][0]}) is missing")
    for k in sorted(have - want):
        bad.append(f"{rel}: node {k} is not a stronghold of the sheet")
    for key in sorted(want & have):
        zh, en, lat, lon, terrain, hq, start, region = STRONGHOLDS[key]
        props = board.cell(key).props
        for name, value in (("name_zh", zh), ("name_en", en), ("terrain", terrain), ("hq", hq), ("lat", lat),
                            ("lon", lon), ("start", start), ("region", region)):
            got = props.get(name)
            if got != value:
                bad.append(f"{rel}: stronghold {key} ({zh}): {name} is {got!r}, not {value!r}")
        x, y = board.cell(key).center
        if not (0 <= x <= board.pixel_width and 0 <= y <= board.pixel_height):
            bad.append(f"{rel}: stronghold {key} ({zh}) at ({x:g},{y:g}) is off the map")

    # links
    want_links = {lid: (a, b, kind, line) for lid, a, b, kind, line in LINKS}
    seen: dict[str, tuple] = {}
    for a, b, props in all_links(board):
        seen[props.get("link_name", "?")] = ((a, b), props.get("kind"), props.get("line"))
    for lid, (a, b, kind, line) in want_links.items():
        got = seen.get(lid)
        if got is None:
            bad.append(f"{rel}: link {lid} {a}-{b} ({kind}) is missing")
            continue
        if got != (tuple(sorted((a, b))), kind, line):
            bad.append(f"{rel}: link {lid} is {got[0][0]}-{got[0][1]} {got[1]} {got[2]!r}, "
                       f"not {a}-{b} {kind} {line!r}")
    for lid in sorted(set(seen) - set(want_links)):
        bad.append(f"{rel}: link {lid} is not in the sheet")
    for lid, pts in link_lines(board.file).items():
        a, b = want_links.get(lid, (None, None, None, None))[:2]
        if a in board.cells and b in board.cells and pts:
            for end, node in ((pts[0], a), (pts[-1], b)):
                if math.dist(end, board.cell(node).center) > board.radius(node):
                    bad.append(f"{rel}: link {lid}: its line does not end at {node}")
    bad += [f"{rel}: {m}" for m in setup_problems(board, data)]
    bad += [f"{rel}: {m}" for m in box_problems(board, data)]
    return bad


def all_links(board):
    """(a, b, properties) of every link of a point board, a < b, one per link object."""
    return [(a, b, props) for a, b, _ in board.sides_with("link") for props in board.links_between(a, b)]


def link_lines(path: str) -> dict[str, tuple[tuple[float, float], ...]]:
    """Link name -> the absolute points of its polyline. The board keeps a from/to link's ends, not its
    drawing, so read the drawing from the file."""
    from xml.etree import ElementTree
    out = {}
    for el in ElementTree.parse(path).getroot().iter("object"):
        line = el.find("polyline")
        if (el.get("type") or el.get("class")) == "link" and line is not None:
            x0, y0 = float(el.get("x")), float(el.get("y"))
            out[el.get("name")] = tuple((x0 + float(a), y0 + float(b))
                                        for a, b in (p.split(",") for p in line.get("points").split()))
    return out


def setup_problems(board, data: dict) -> list[str]:
    """The sheet's §7 validations of the starting set-up, and the graph's connectivity."""
    bad = []
    by_short = {c["short"]: k for k, c in data["commanders"].items()}
    rail = {n for n in board.cells for o in board.neighbours(n)
            if any(p.get("kind") == "rail" for p in board.links_between(n, o))}
    totals: dict[str, Counter] = {k: Counter() for k in data["commanders"]}
    holder: dict[str, str] = {}
    for key, cell in board.cells.items():
        who, pieces = parse_start(str(cell.props.get("start", "")))
        if not who:
            continue
        if who not in by_short:
            bad.append(f"stronghold {key}: start names {who!r}, not a commander")
            continue
        holder[key] = by_short[who]
        totals[by_short[who]] += pieces
        if sum(pieces.values()) > data["stack_limit"]:
            bad.append(f"stronghold {key}: {sum(pieces.values())} pieces at the start (the limit is {data['stack_limit']})")
        if pieces["armoured_train"] and key not in rail:
            bad.append(f"stronghold {key}: an armoured train starts where no rail link is")
    comp = data["components"]
    for cmd, got in totals.items():
        reserve = Counter(data["setup"]["reserve"].get(cmd, {}))
        for piece in ("infantry", "cavalry", "armoured_train"):
            markers = comp["markers"]["per_commander"] if piece == comp["markers"]["piece"] else 0
            if got[piece] + reserve[piece] + markers != comp[piece][cmd]:
                bad.append(f"{cmd}: {piece} on the map {got[piece]} + reserve {reserve[piece]} + markers {markers} "
                           f"!= {comp[piece][cmd]} in the box")
        if got["infantry"] > comp["max_infantry_on_map"]:
            bad.append(f"{cmd}: {got['infantry']} infantry on the map (at most {comp['max_infantry_on_map']})")
    for cmd, c in data["commanders"].items():
        hq = c["hq"]
        if hq not in board.cells:
            bad.append(f"{cmd}: HQ {hq} is not a stronghold")
            continue
        if board.cell(hq).props.get("hq") != c["short"]:
            bad.append(f"stronghold {hq}: hq is {board.cell(hq).props.get('hq')!r}, not {c['short']!r}")
        if holder.get(hq) != cmd:
            bad.append(f"{cmd}: HQ {hq} is not held by its owner at the start")
    for key, cell in board.cells.items():
        h = cell.props.get("hq", "")
        if h and data["commanders"][by_short[h]]["hq"] != key:
            bad.append(f"stronghold {key}: hq {h!r} but the data puts that HQ elsewhere")
    # connected
    start = next(iter(board.cells), None)
    seen, todo = {start}, deque([start])
    while todo:
        for n in board.neighbours(todo.popleft()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    if seen != set(board.cells):
        bad.append(f"the links do not join every stronghold: {', '.join(sorted(set(board.cells) - seen))} cut off")
    return bad


def box_problems(board, data: dict) -> list[str]:
    """Track boxes, turn order and the neutral pile against the data file."""
    bad = []
    short = {k: c["short"] for k, c in data["commanders"].items()}
    boxes = {o.name: o for o in board.objects}
    for name, type_, props, _rect in track_boxes(data):
        o = boxes.get(name)
        if o is None:
            bad.append(f"box {name} ({type_}) is missing")
            continue
        if o.type != type_:
            bad.append(f"box {name} is a {o.type!r}, not a {type_!r}")
        for k, v in props.items():
            if o.props.get(k) != v:
                bad.append(f"box {name}: {k} is {o.props.get(k)!r}, not {v!r}")
        if not (o.width > 0 and o.height > 0):
            bad.append(f"box {name} is not a rectangle")
        elif board.cell_at_pixel(o.x + o.width / 2, o.y + o.height / 2) is not None:
            bad.append(f"box {name} lies on a stronghold")
    order = [o for o in board.objects_of_type("turn_order_box")]
    got = [o.props.get("commander") for o in sorted(order, key=lambda o: o.props.get("index", 0))]
    if got != [short[k] for k in data["turn_order"]]:
        bad.append(f"turn order boxes read {got}, not {[short[k] for k in data['turn_order']]}")
    return bad


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare maps/central_plains.tmx with the sheet; exit 1 on a difference")
    ap.add_argument("--out", type=Path, default=OUT, help="where to write (or what to check)")
    a = ap.parse_args(argv)
    if a.check:
        bad = check(a.out.resolve())
        for line in bad:
            print(line)
        if not bad:
            same = a.out.read_text(encoding="utf-8") == build()
            print(f"{a.out.name}: agrees with the sheet" + ("" if same else
                  " (its layout differs from this script's: edited by hand?)"))
        return 1 if bad else 0
    a.out.write_text(build(), encoding="utf-8")
    print(f"wrote {a.out.relative_to(ROOT) if a.out.resolve().is_relative_to(ROOT) else a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
