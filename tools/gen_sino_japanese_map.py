"""Write maps/sino_japanese.tmx, the hex map of 日清戰爭 旭日與斜陽 (Sino-Japanese War 1894-95).

    python tools/gen_sino_japanese_map.py            # writes maps/sino_japanese.tmx
    python tools/gen_sino_japanese_map.py --check    # exit 1, a line per difference, if the file
                                                     # disagrees with the data sheet's lists

The facts are the lists in tools/sino_japanese/sheet.py, copied from the data sheet
(../shared/rules/sino_japanese.md §4-§5; the printed map is not public, so all of it is
RECONSTRUCTED). Every coordinate comes from game.core.board.HexGeometry, the loader's port of
Tiled's renderer. --check reads the TMX XML itself (not the loader), so it keeps working while the
loader learns boxes and links, and it still passes after hand edits in Tiled that keep the facts.

What the file holds (names the rules read; see docs/maps.md "maps/sino_japanese.tmx"):
* tile layer `terrain` (tileset tiles/sj_terrain.tsx): sea, clear, hill, mountain; no tile = no hex
  (the `x` cells where the Shanhaiguan and Laizhou boxes are drawn);
* layer `locations`: a `cell` point per place of §4.3 (name_en, name_ja, name_zh, city, vp, port,
  lane_colours, red_port, fleet_base, landing_zone, auto_victory, setup_qing, ...);
* layer `landing`: a `cell` point per landing-eligible hex (landing_zone, landing_area);
* layer `rivers`: one `river` object per river, its hexsides in the property `hexsides`;
* layer `boxes`: the three off-map boxes, rectangles of type `box` named incheon, shanhaiguan, laizhou;
* layers `box_entries` and `sea_lanes`: polylines of type `link` (kind box_entry / sea_lane, from, to);
* layer `tracks`: turn, round, command-point, mobilisation and ammunition boxes (plain rectangles);
* layer `labels`: `decor` points naming the regions.
"""
from __future__ import annotations

import argparse
import heapq
import math
import sys
from pathlib import Path
from xml.etree import ElementTree
from xml.sax.saxutils import quoteattr

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))
from game.core.board import Board, Cell, HexGeometry  # noqa: E402
from sino_japanese import sheet  # noqa: E402
from tmxlib import num, props_xml  # noqa: E402

OUT = ROOT / "maps" / "sino_japanese.tmx"
TILESET = "tiles/sj_terrain.tsx"
W, H = sheet.COLUMNS, sheet.ROWS
TW, TH, SIDE = 74, 64, 36      # the sheet suggests side 37; 36 keeps the same centres and makes
AXIS, INDEX = "x", "odd"       # neighbouring outlines share their corners (tile size - side even)
GEO = HexGeometry(AXIS, INDEX, TW, TH, SIDE)
PIXEL_W, PIXEL_H = GEO.pixel_size(W, H)
GID = {code: i + 1 for i, code in enumerate(sheet.CODES)}          # . c h M -> 1..4
TERRAIN_OF_GID = {gid: sheet.CODES[code] for code, gid in GID.items()}

# -- drawing choices (not facts: where things are drawn) ---------------------------------------------
BOX_RECTS = {                          # x, y, w, h in map pixels; off the hexes
    "shanhaiguan": (4, 4, 156, 56),    # inside the x cells 0101 0201 0301
    "laizhou": (18, 834, 90, 28),      # inside the x cells 0213 0114
    "incheon": (600, PIXEL_H + 8, 250, 56),   # below the bottom edge, under 1221-1521
}
LANE_GATES = {"incheon": "1121", "shanhaiguan": "0102", "laizhou": "0113"}   # the sea hex a box's lanes leave by
TRACK_X0, TRACK_ROWS = 132, (676, 714, 752, 792)                            # inside rows 11-13, cols 03-12


def xy(h: str) -> tuple[int, int]:
    return int(h[:2]) - 1, int(h[2:]) - 1


def hexname(x: int, y: int) -> str:
    return f"{x + 1:02d}{y + 1:02d}"


def centre(h: str) -> tuple[float, float]:
    return GEO.center(*xy(h))


def rect_centre(r) -> tuple[float, float]:
    return r[0] + r[2] / 2, r[1] + r[3] / 2


def board_of(codes: dict[str, str]) -> Board:
    """A loader-free board over the given terrain codes (no objects), for geometry and adjacency."""
    cells = [Cell(h, *xy(h), centre(h), sheet.CODES[c]) for h, c in codes.items() if c in sheet.CODES]
    return Board(path=str(OUT), kind="hex", cells=cells, orientation="hexagonal", staggeraxis=AXIS,
                 staggerindex=INDEX, width=W, height=H, tilewidth=TW, tileheight=TH, hexsidelength=SIDE)


def rect_cells(board: Board, r, step: float = 1.0) -> set[str | None]:
    """The cells under a rectangle (None for a point on no hex), sampled every ``step`` px."""
    x, y, w, h = r
    out: set[str | None] = set()
    nx, ny = int(w / step), int(h / step)
    for i in range(nx + 1):
        for j in range(ny + 1):
            out.add(board.cell_at_pixel(x + w * i / nx, y + h * j / ny))
    return out


def shandong_land(codes: dict[str, str]) -> list[str]:
    (c0, c1), (r0, r1) = sheet.SHANDONG["columns"], sheet.SHANDONG["rows"]
    return [h for h, c in sorted(codes.items(), key=lambda kv: (int(kv[0][2:]), kv[0]))
            if c0 <= int(h[:2]) <= c1 and r0 <= int(h[2:]) <= r1 and c in "chM"]


def landing_hexes(codes: dict[str, str]) -> dict[str, str]:
    """{hex: landing_area} for every landing-eligible hex (§4.6)."""
    out = {h: "liaodong_east" for h in sheet.LANDING_LIAODONG}
    out.update({h: "shandong" for h in shandong_land(codes) if codes[h] != "M"})
    return out


def ports() -> dict[str, set[str]]:
    """{cell: lane colours} for every port, hexes and boxes."""
    out = {h: set(v[9].split(",")) for h, v in sheet.LOCATIONS.items() if v[9]}
    out.update({b: set(v[3].split(",")) for b, v in sheet.BOXES.items()})
    return out


# -- sea lanes: drawn through the sea --------------------------------------------------------------------

def _segment_cells(board: Board, p, q, clearance: float = 8.0) -> set[str | None]:
    """The cells within ``clearance`` px of the segment p-q (sampled every 4 px)."""
    d = math.dist(p, q) or 1.0
    n = max(2, int(d / 4))
    ux, uy = (q[1] - p[1]) / d * clearance, (p[0] - q[0]) / d * clearance
    return {board.cell_at_pixel(p[0] + (q[0] - p[0]) * i / n + k * ux, p[1] + (q[1] - p[1]) * i / n + k * uy)
            for i in range(n + 1) for k in (-1, 0, 1)}


def lane_points(board: Board, a: str, b: str) -> list[tuple[float, float]]:
    """A polyline from a's centre to b's (box centre for a box) that keeps to the sea: the cheapest
    chain of hexes (sea 1, land 8, mountain 50), straightened where a straight line stays at sea."""
    def end(n):
        return (rect_centre(BOX_RECTS[n]), LANE_GATES[n]) if n in BOX_RECTS else (centre(n), n)
    (pa, ha), (pb, hb) = end(a), end(b)
    cost = {"sea": 1, "clear": 8, "hill": 8, "mountain": 50}
    best = {ha: 0}
    prev: dict[str, str] = {}
    todo = [(0, ha)]
    while todo:
        d, h = heapq.heappop(todo)
        if h == hb:
            break
        if d > best[h]:
            continue
        for n in board.neighbours(h):
            nd = d + cost[board.cell(n).terrain]
            if nd < best.get(n, 1 << 30):
                best[n], prev[n] = nd, h
                heapq.heappush(todo, (nd, n))
    chain = [hb]
    while chain[-1] != ha:
        chain.append(prev[chain[-1]])
    chain.reverse()
    allowed = {None, *(h for h in chain if board.cell(h).terrain != "sea")}
    pts = [pa] + [centre(h) for h in chain if centre(h) not in (pa, pb)] + [pb]
    out = [pts[0]]
    i = 0
    while i < len(pts) - 1:
        j = len(pts) - 1
        while j > i + 1:
            seen = _segment_cells(board, pts[i], pts[j])
            if all(c in allowed or board.cell(c).terrain == "sea" for c in seen):
                break
            j -= 1
        out.append(pts[j])
        i = j
    return out


# -- TMX writing ----------------------------------------------------------------------------------------------

class Writer:
    def __init__(self) -> None:
        self.oid = 0
        self.layers: list[str] = []
        self.lid = 1

    def obj(self, name: str, type_: str, x: float, y: float, props: dict | None = None, *,
            rect=None, points=None) -> list[str]:
        self.oid += 1
        head = f'  <object id="{self.oid}" name={quoteattr(name)} type="{type_}" x="{num(x)}" y="{num(y)}"'
        if rect is not None:
            head += f' width="{num(rect[0])}" height="{num(rect[1])}"'
        lines = [head + ">"] + props_xml(props or {}, "   ")
        if points is None and rect is None:
            lines.append("   <point/>")
        elif points is not None:
            lines.append('   <polyline points="' + " ".join(f"{num(px - x)},{num(py - y)}" for px, py in points)
                         + '"/>')
        lines.append("  </object>")
        return lines

    def point(self, name, type_, p, props=None):
        return self.obj(name, type_, p[0], p[1], props)

    def polyline(self, name, type_, pts, props=None):
        return self.obj(name, type_, pts[0][0], pts[0][1], props, points=pts)

    def rect(self, name, type_, r, props=None):
        return self.obj(name, type_, r[0], r[1], props, rect=(r[2], r[3]))

    def layer(self, name: str, colour: str, body: list[str]) -> None:
        self.lid += 1
        self.layers += [f' <objectgroup id="{self.lid}" name="{name}" color="{colour}">'] + body + [" </objectgroup>"]


def location_props(h: str) -> dict:
    en, ja, zh, lat, lon, coord, role, city, vp, colours, red, setup = sheet.LOCATIONS[h]
    return {"hex": h, "name_en": en, "name_ja": ja, "name_zh": zh, "lat": lat, "lon": lon, "coord": coord,
            "role": role, "city": city, "vp": vp, "port": bool(colours), "lane_colours": colours,
            "port_optional": h in sheet.OPTIONAL_PORTS, "red_port": red, "fleet_base": h in sheet.FLEET_BASES,
            "landing_zone": h in landing_hexes(sheet.terrain_codes()),
            "auto_victory": h in sheet.AUTO_VICTORY, "setup_qing": setup}


def box_props(b: str) -> dict:
    en, local, owner, colours, red, where, _adjacent = sheet.BOXES[b]
    return {"name_en": en, "name_local": local, "owner": owner, "port": True, "lane_colours": colours,
            "red_port": red, "supply_source": True, "where": where}


def box_entry_start(b: str, h: str) -> tuple[float, float]:
    """The point inside box b nearest hex h's centre, 6 px in from the edge."""
    x, y, w, ht = BOX_RECTS[b]
    cx, cy = centre(h)
    return (min(max(cx, x + 6), x + w - 6), min(max(cy, y + 6), y + ht - 6))


def track_rects() -> dict[str, tuple[str, tuple, dict]]:
    """{object name: (type, rect, props)} of the tracks, in the sea margins rows 11-13, cols 03-12."""
    out: dict[str, tuple[str, tuple, dict]] = {}
    ya, yb, yc, yd = TRACK_ROWS
    for i, (turn, month, label, optional) in enumerate(sheet.TURNS):
        out[f"turn_{turn}"] = ("turn_box", (TRACK_X0 + i * 58, ya, 54, 34),
                               {"turn": turn, "month": month, "label": label, "optional": optional,
                                "victory_check": turn >= 8})
    for i in range(sheet.ROUNDS):
        out[f"round_{i + 1}"] = ("round_box", (TRACK_X0 + i * 40, yb, 36, 34), {"round": i + 1})
    for i, (side, local) in enumerate((("JP", "日軍"), ("QING", "清軍"))):
        out[f"cp_{side.lower()}"] = ("cp_box", (TRACK_X0 + 164 + i * 52, yb, 48, 34),
                                     {"side": side, "name_local": f"{local} command point", "max": sheet.CP_MAX})
        out[f"mobilisation_{side.lower()}"] = ("mobilisation_box", (TRACK_X0 + 272 + i * 126, yb, 122, 34),
                                               {"side": side, "name_local": f"{local}動員box",
                                                "name_en": f"{'Japanese' if side == 'JP' else 'Qing'} mobilization box"})
    for v in range(sheet.AMMO_MAX + 1):
        out[f"ammo_{v}"] = ("ammo_box", (TRACK_X0 + (v % 10) * 52, yc if v < 10 else yd, 48, 36), {"ammo": v})
    return out


def build() -> str:
    codes = sheet.terrain_codes()
    board = board_of(codes)
    wr = Writer()
    rows = []
    for r in range(1, H + 1):
        rows.append(",".join(str(GID.get(codes[f"{c:02d}{r:02d}"], 0)) for c in range(1, W + 1)))
    terrain_csv = ",\n".join(rows)

    body: list[str] = []
    for h in sheet.LOCATIONS:
        body += wr.point(sheet.LOCATIONS[h][0], "cell", centre(h), location_props(h))
    wr.layer("locations", "#b3302f", body)

    body = []
    for h, area in landing_hexes(codes).items():
        body += wr.point("", "cell", centre(h), {"hex": h, "landing_zone": True, "landing_area": area})
    wr.layer("landing", "#c07a20", body)

    body = []
    for name, (local, note, sides) in sheet.RIVERS.items():
        first = sides.split()[0].split("/")
        seg = board.side_segment(*first)
        mid = ((seg[0][0] + seg[1][0]) / 2, (seg[0][1] + seg[1][1]) / 2)
        props = {"hexsides": ", ".join(sides.split()), "name_local": local}
        if note:
            props["note"] = note
        body += wr.point(name, "river", mid, props)
    wr.layer("rivers", "#2f5fb3", body)

    body = []
    for b in sheet.BOXES:
        body += wr.rect(b, "box", BOX_RECTS[b], box_props(b))
    wr.layer("boxes", "#3a3a3a", body)

    body = []
    for b, v in sheet.BOXES.items():
        for h in v[6]:
            body += wr.polyline(f"{b}-{h}", "link", [box_entry_start(b, h), centre(h)],
                                {"kind": "box_entry", "from": b, "to": h, "cost": sheet.BOX_ENTRY_COST})
    wr.layer("box_entries", "#3a3a3a", body)

    body = []
    for a, b, colour, optional, note in sheet.SEA_LANES:
        props = {"kind": "sea_lane", "from": a, "to": b, "colour": colour, "optional": optional}
        if note:
            props["note"] = note
        body += wr.polyline(f"{a}-{b}", "link", lane_points(board, a, b), props)
    wr.layer("sea_lanes", "#1f4f9f", body)

    body = []
    for name, (type_, r, props) in track_rects().items():
        body += wr.rect(name, type_, r, props)
    wr.layer("tracks", "#7a6a3a", body)

    body = []
    for label, local, hexes in sheet.LABELS:
        cs = [centre(h) for h in hexes]
        p = (round(sum(c[0] for c in cs) / len(cs)), round(sum(c[1] for c in cs) / len(cs)))
        props = {"label": label}
        if local:
            props["label_local"] = local
        body += wr.point(label, "decor", p, props)
    wr.layer("labels", "#5f5f5f", body)

    mp = {"board": "hex", "game": "sino_japanese", "hex_numbering": "CCRR", "title": "日清戰爭 旭日與斜陽",
          "title_en": "Sino-Japanese War 1894-95", "title_ja": "日清戦争", "turns": 8, "turns_max": 9,
          "rounds": sheet.ROUNDS, "ammo_max": sheet.AMMO_MAX, "first_month": sheet.TURNS[0][1],
          "hex_km": sheet.HEX_KM, "map_up_bearing": sheet.MAP_UP_BEARING,
          "projection_origin": sheet.PROJECTION_ORIGIN,
          "inset_shandong": ",".join(shandong_land(codes)), "inset_shandong_shift_km": sheet.INSET_SHIFT_KM}
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
           f'width="{W}" height="{H}" tilewidth="{TW}" tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" '
           f'staggeraxis="{AXIS}" staggerindex="{INDEX}" nextlayerid="{wr.lid + 1}" nextobjectid="{wr.oid + 1}">']
    out += props_xml(mp, " ")
    out += [f' <tileset firstgid="1" source="{TILESET}"/>',
            f' <layer id="1" name="terrain" width="{W}" height="{H}">', '  <data encoding="csv">', terrain_csv,
            "</data>", " </layer>"]
    out += wr.layers
    out.append("</map>")
    return "\n".join(out) + "\n"


# -- --check: the TMX XML against the sheet ------------------------------------------------------------------------

def _typed(p: ElementTree.Element):
    v, t = p.get("value", p.text or ""), p.get("type", "string")
    if t == "bool":
        return v == "true"
    if t == "int":
        return int(v)
    if t == "float":
        return float(v)
    return v


def _props(el: ElementTree.Element) -> dict:
    node = el.find("properties")
    return {} if node is None else {p.get("name"): _typed(p) for p in node.findall("property")}


def _objects(root: ElementTree.Element) -> list[dict]:
    out = []
    for layer in root.iter("objectgroup"):
        for o in layer.findall("object"):
            x, y = float(o.get("x", 0)), float(o.get("y", 0))
            line = o.find("polyline")
            pts = ([(x + float(a), y + float(b)) for a, b in (p.split(",") for p in line.get("points").split())]
                   if line is not None else [])
            out.append({"layer": layer.get("name"), "id": o.get("id"), "name": o.get("name", ""),
                        "type": o.get("type") or o.get("class") or "", "x": x, "y": y,
                        "w": float(o.get("width", 0)), "h": float(o.get("height", 0)),
                        "point": o.find("point") is not None, "points": pts, "props": _props(o)})
    return out


def check(path: Path = OUT) -> list[str]:
    """Every difference between the TMX file and the sheet's lists, one line each."""
    bad: list[str] = []
    try:
        root = ElementTree.parse(path).getroot()
    except (OSError, ElementTree.ParseError) as e:
        return [f"{path}: cannot read ({e})"]

    def near(p, q, tol=1.0):
        return math.dist(p, q) <= tol

    want_attr = {"orientation": "hexagonal", "width": str(W), "height": str(H), "tilewidth": str(TW),
                 "tileheight": str(TH), "hexsidelength": str(SIDE), "staggeraxis": AXIS, "staggerindex": INDEX}
    for k, v in want_attr.items():
        if root.get(k) != v:
            bad.append(f"map {k} is {root.get(k)!r}, want {v!r}")
    mp = _props(root)
    for k, v in {"board": "hex", "game": "sino_japanese", "hex_numbering": "CCRR", "turns": 8, "turns_max": 9,
                 "rounds": sheet.ROUNDS, "ammo_max": sheet.AMMO_MAX}.items():
        if mp.get(k) != v:
            bad.append(f"map property {k} is {mp.get(k)!r}, want {v!r}")

    # terrain: gid -> terrain through the tileset's tile properties
    ts = root.find("tileset")
    gid_terrain: dict[int, str] = {}
    if ts is not None and ts.get("source"):
        try:
            tsx = ElementTree.parse(path.parent / ts.get("source")).getroot()
            first = int(ts.get("firstgid", "1"))
            for t in tsx.findall("tile"):
                gid_terrain[first + int(t.get("id"))] = _props(t).get("terrain", "")
        except (OSError, ElementTree.ParseError) as e:
            bad.append(f"tileset {ts.get('source')}: {e}")
    else:
        bad.append("no external tileset")
    layer = next((lay for lay in root.findall("layer") if lay.get("name") == "terrain"), None)
    codes = sheet.terrain_codes()
    code_of = {v: k for k, v in sheet.CODES.items()}
    got_codes: dict[str, str] = {}
    if layer is None:
        bad.append("no tile layer named terrain")
    else:
        gids = [int(g) for g in layer.find("data").text.replace("\n", "").split(",") if g.strip()]
        if len(gids) != W * H:
            bad.append(f"terrain layer has {len(gids)} tiles, want {W * H}")
        for i, g in enumerate(gids[:W * H]):
            h = hexname(i % W, i // W)
            got_codes[h] = "x" if g == 0 else code_of.get(gid_terrain.get(g, ""), "?")
            if got_codes[h] != codes[h]:
                bad.append(f"hex {h}: terrain {got_codes[h]!r}, the sheet says {codes[h]!r}")
    board = board_of(got_codes or codes)
    objs = _objects(root)
    by_type: dict[str, list[dict]] = {}
    for o in objs:
        by_type.setdefault(o["type"], []).append(o)

    # locations
    locs = {o["props"].get("hex"): o for o in by_type.get("cell", []) if "name_en" in o["props"]}
    for h in sorted(set(sheet.LOCATIONS) - set(locs)):
        bad.append(f"location {h} {sheet.LOCATIONS[h][0]}: missing")
    for h in sorted(set(locs) - set(sheet.LOCATIONS), key=str):
        bad.append(f"location {h} {locs[h]['name']!r}: not in the sheet")
    for h in sorted(set(locs) & set(sheet.LOCATIONS)):
        o, want = locs[h], location_props(h)
        for k, v in want.items():
            if o["props"].get(k) != v:
                bad.append(f"location {h} {want['name_en']}: {k} is {o['props'].get(k)!r}, want {v!r}")
        if not o["point"] or board.cell_at_pixel(o["x"], o["y"]) != h:
            bad.append(f"location {h} {want['name_en']}: not a point in hex {h}")
        if codes[h] not in "ch":
            bad.append(f"location {h} {want['name_en']}: on {sheet.CODES.get(codes[h], 'no hex')}")

    # landing hexes
    got_landing = {o["props"].get("hex"): o["props"].get("landing_area") for o in by_type.get("cell", [])
                   if o["props"].get("landing_area")}
    want_landing = landing_hexes(codes)
    for h in sorted(set(want_landing) | set(got_landing), key=str):
        if got_landing.get(h) != want_landing.get(h):
            bad.append(f"landing hex {h}: {got_landing.get(h)!r}, want {want_landing.get(h)!r}")
    for h, area in want_landing.items():
        if codes[h] not in "ch":
            bad.append(f"landing hex {h}: on {sheet.CODES.get(codes[h], 'no hex')}")
        if area == "liaodong_east" and not any(codes.get(n) == "." for n in _grid_neighbours(h)):
            bad.append(f"landing hex {h}: not on the coast")

    # rivers
    rivers = {o["name"]: o for o in by_type.get("river", [])}
    for name in sorted(set(sheet.RIVERS) ^ set(rivers)):
        bad.append(f"river {name}: {'missing' if name in sheet.RIVERS else 'not in the sheet'}")
    for name in sorted(set(sheet.RIVERS) & set(rivers)):
        got = {tuple(sorted(s.split("/"))) for s in str(rivers[name]["props"].get("hexsides", "")).replace(",", " ").split()}
        want = {tuple(sorted(s.split("/"))) for s in sheet.RIVERS[name][2].split()}
        for a, b in sorted(got ^ want):
            bad.append(f"river {name}: hexside {a}/{b} {'missing' if (a, b) in want else 'not in the sheet'}")
        for a, b in sorted(got):
            if a not in board.cells or b not in board.cells or not board.adjacent(a, b):
                bad.append(f"river {name}: hexside {a}/{b} does not join two adjacent hexes")

    # boxes
    boxes = {o["name"]: o for o in by_type.get("box", [])}
    for name in sorted(set(sheet.BOXES) ^ set(boxes)):
        bad.append(f"box {name}: {'missing' if name in sheet.BOXES else 'not in the sheet'}")
    for name in sorted(set(sheet.BOXES) & set(boxes)):
        o = boxes[name]
        for k, v in box_props(name).items():
            if k != "where" and o["props"].get(k) != v:
                bad.append(f"box {name}: {k} is {o['props'].get(k)!r}, want {v!r}")
        r = (o["x"], o["y"], o["w"], o["h"])
        if o["point"] or o["points"] or not o["w"] or not o["h"]:
            bad.append(f"box {name}: not a rectangle")
            continue
        under = rect_cells(board, r) - {None}
        if under:
            bad.append(f"box {name}: overlaps hexes {','.join(sorted(under))}")
        if name in sheet.BOX_CELLS:
            if not any(GEO.contains(*xy(c), *rect_centre(r)) for c in sheet.BOX_CELLS[name]):
                bad.append(f"box {name}: not drawn in its x cells {','.join(sheet.BOX_CELLS[name])}")
        elif r[1] < PIXEL_H:
            bad.append(f"box {name}: not below the bottom edge (y {r[1]:g} < {PIXEL_H})")
    for name, cells in sheet.BOX_CELLS.items():
        for c in cells:
            if codes[c] != "x":
                bad.append(f"box {name}: cell {c} is not an x cell")
        touching = {n for c in cells for n in _grid_neighbours(c) if codes.get(n, "x") in "chM"}
        if touching != set(sheet.BOXES[name][6]):
            bad.append(f"box {name}: its cells touch the land hexes {sorted(touching)}, "
                       f"the sheet lists {list(sheet.BOXES[name][6])}")

    # links
    links = [o for o in by_type.get("link", [])]
    entries = {(o["props"].get("from"), o["props"].get("to")): o for o in links
               if o["props"].get("kind") == "box_entry"}
    want_entries = {(b, h) for b, v in sheet.BOXES.items() for h in v[6]}
    for a, b in sorted(set(entries) ^ want_entries, key=str):
        bad.append(f"box entry {a}-{b}: {'missing' if (a, b) in want_entries else 'not in the sheet'}")
    for (a, b), o in sorted(entries.items(), key=str):
        if (a, b) not in want_entries:
            continue
        if o["props"].get("cost") != sheet.BOX_ENTRY_COST or o["props"].get("oneway", False):
            bad.append(f"box entry {a}-{b}: cost {o['props'].get('cost')!r} oneway "
                       f"{o['props'].get('oneway', False)!r}, want cost {sheet.BOX_ENTRY_COST}, two-way")
        if codes.get(b) not in ("c", "h"):
            bad.append(f"box entry {a}-{b}: {b} is not passable land")
        if len(o["points"]) < 2 or not _in_rect(boxes.get(a), o["points"][0]) or not near(o["points"][-1], centre(b)):
            bad.append(f"box entry {a}-{b}: the line must run from inside the box to the centre of {b}")
    lanes = {(o["props"].get("from"), o["props"].get("to")): o for o in links if o["props"].get("kind") == "sea_lane"}
    want_lanes = {(a, b): (c, opt) for a, b, c, opt, _ in sheet.SEA_LANES}
    for a, b in sorted(set(lanes) ^ set(want_lanes), key=str):
        bad.append(f"sea lane {a}-{b}: {'missing' if (a, b) in want_lanes else 'not in the sheet'}")
    port_colours = ports()
    for (a, b), (colour, optional) in sorted(want_lanes.items()):
        o = lanes.get((a, b))
        for end in (a, b):
            if colour not in port_colours.get(end, ()):
                bad.append(f"sea lane {a}-{b}: {end} is not a {colour} port in the sheet")
        if o is None:
            continue
        if (o["props"].get("colour"), o["props"].get("optional", False)) != (colour, optional):
            bad.append(f"sea lane {a}-{b}: colour {o['props'].get('colour')!r} optional "
                       f"{o['props'].get('optional', False)!r}, want {colour!r} {optional!r}")
        for end, p in ((a, o["points"][0] if o["points"] else None), (b, o["points"][-1] if o["points"] else None)):
            at = rect_centre(BOX_RECTS[end]) if end in sheet.BOXES else centre(end)
            if p is None or not (near(p, at) or (end in boxes and _in_rect(boxes[end], p))):
                bad.append(f"sea lane {a}-{b}: does not start and end at the ports' centres ({end})")
    for h, v in sheet.LOCATIONS.items():
        if v[9] and h not in {e for lane in want_lanes for e in lane}:
            bad.append(f"port {h} {v[0]}: no lane")

    # tracks
    (r0, r1), (c0, c1) = TRACK_AREA_ROWS_COLS
    tracks = [o for o in objs if o["type"].endswith("_box") and o["layer"] == "tracks"]
    kinds: dict[str, list] = {}
    for o in tracks:
        kinds.setdefault(o["type"], []).append(o["props"])
        under = rect_cells(board, (o["x"], o["y"], o["w"], o["h"]), 2.0)
        off = sorted(str(c) for c in under if c is None or codes[c] != "." or not (r0 <= int(c[2:]) <= r1)
                     or not (c0 <= int(c[:2]) <= c1))
        if off:
            bad.append(f"track {o['name']}: outside the sea margins rows {r0}-{r1}, cols {c0:02d}-{c1:02d} "
                       f"({','.join(off)})")
    want_tracks = {"turn_box": [("turn", t) for t, *_ in sheet.TURNS], "round_box": [("round", r) for r in
                   range(1, sheet.ROUNDS + 1)], "ammo_box": [("ammo", v) for v in range(sheet.AMMO_MAX + 1)],
                   "mobilisation_box": [("side", "JP"), ("side", "QING")], "cp_box": [("side", "JP"), ("side", "QING")]}
    for t, want in want_tracks.items():
        got = sorted((k, p.get(k)) for p in kinds.get(t, []) for k in [want[0][0]])
        if got != sorted(want):
            bad.append(f"track {t}: {got}, want {sorted(want)}")
    months = {p.get("turn"): p.get("month") for p in kinds.get("turn_box", [])}
    for t, month, _label, _opt in sheet.TURNS:
        if months.get(t) != month:
            bad.append(f"turn {t}: month {months.get(t)!r}, want {month!r}")
    return bad


TRACK_AREA_ROWS_COLS = (sheet.TRACK_AREA["rows"], sheet.TRACK_AREA["columns"])


def _grid_neighbours(h: str) -> list[str]:
    """The sheet's neighbour rule (§4.1): even-label columns half a hex lower."""
    c, r = int(h[:2]), int(h[2:])
    if c % 2:
        cand = [(c, r - 1), (c + 1, r - 1), (c + 1, r), (c, r + 1), (c - 1, r), (c - 1, r - 1)]
    else:
        cand = [(c, r - 1), (c + 1, r), (c + 1, r + 1), (c, r + 1), (c - 1, r + 1), (c - 1, r)]
    return [f"{x:02d}{y:02d}" for x, y in cand if 1 <= x <= W and 1 <= y <= H]


def _in_rect(o: dict | None, p) -> bool:
    return o is not None and o["x"] <= p[0] <= o["x"] + o["w"] and o["y"] <= p[1] <= o["y"] + o["h"]


def figures(path: Path = OUT) -> str:
    root = ElementTree.parse(path).getroot()
    objs = _objects(root)
    codes = sheet.terrain_codes()
    count = {k: sum(1 for c in codes.values() if c == k) for k in ".chMx"}
    links = [o for o in objs if o["type"] == "link"]
    return (f"{sum(count[k] for k in '.chM')} hexes (sea {count['.']}, clear {count['c']}, hill {count['h']}, "
            f"mountain {count['M']}; {count['x']} box cells without a hex), "
            f"{sum(1 for o in objs if o['type'] == 'cell' and 'name_en' in o['props'])} locations, "
            f"{len(landing_hexes(codes))} landing hexes, "
            f"{sum(1 for o in objs if o['type'] == 'river')} rivers "
            f"({sum(len(v[2].split()) for v in sheet.RIVERS.values())} hexsides), "
            f"{sum(1 for o in objs if o['type'] == 'box')} boxes, "
            f"{sum(1 for o in links if o['props'].get('kind') == 'box_entry')} box entries, "
            f"{sum(1 for o in links if o['props'].get('kind') == 'sea_lane')} sea lanes, "
            f"{sum(1 for o in objs if o['layer'] == 'tracks')} track boxes")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare maps/sino_japanese.tmx with the sheet's lists")
    a = ap.parse_args(argv)
    rel = OUT.relative_to(ROOT)
    if a.check:
        bad = check(OUT)
        for line in bad:
            print(f"{rel}: {line}")
        if bad:
            print(f"{rel}: {len(bad)} differences from the data sheet")
            return 1
        same = OUT.read_text(encoding="utf-8") == build()
        print(f"{rel}: matches the data sheet: {figures(OUT)}; "
              f"{'identical to the generator output' if same else 'differs from the generator output (hand edits)'}")
        return 0
    OUT.write_text(build(), encoding="utf-8")
    print(f"wrote {rel}: {figures(OUT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
