"""Generator for maps/across_suez.tmx (run: python tools/across_suez/gen_map.py): every coordinate comes from
game.core.board.HexGeometry (the loader's own port of Tiled's renderer)."""
import sys
from xml.sax.saxutils import quoteattr
from pathlib import Path
HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
sys.path.insert(0, str(ROOT)); sys.path.insert(0, str(HERE)); sys.path.insert(0, str(HERE.parent))
from game.core.board import HexGeometry
from tmxlib import num, props_xml
import sheet

W, H, TW, TH, SIDE = 17, 21, 64, 56, 32
AXIS, INDEX = "x", "odd"       # SPI even columns (0-based odd x) shifted down
geo = HexGeometry(AXIS, INDEX, TW, TH, SIDE)

def xy(h): return int(h[:2]) - 1, int(h[2:]) - 1
def centre(h): return geo.center(*xy(h))
def corners(h): return geo.corners(*xy(h))
def edge(a, b):
    shared = [p for p in corners(a) if p in corners(b)]
    assert len(shared) == 2, (a, b, shared)
    return tuple(sorted(shared))

oid = [0]
def obj(name, type_, x, y, props=None, shape=None, points=None, w=None, h=None):
    oid[0] += 1
    head = f'  <object id="{oid[0]}" name={quoteattr(name)} type="{type_}" x="{num(x)}" y="{num(y)}"'
    if w is not None: head += f' width="{num(w)}" height="{num(h)}"'
    lines = [head + ">"] + props_xml(props, "   ")
    if shape == "point": lines.append("   <point/>")
    elif shape == "polyline":
        lines.append('   <polyline points="' + " ".join(f"{num(px - x)},{num(py - y)}" for px, py in points) + '"/>')
    lines.append("  </object>")
    return lines

def point_at(name, type_, h, props=None):
    cx, cy = centre(h)
    return obj(name, type_, cx, cy, props, "point")

def polyline(name, type_, pts, props=None):
    return obj(name, type_, pts[0][0], pts[0][1], props, "polyline", pts)

# ---- terrain -------------------------------------------------------------------------
GID = {"clear": 1, "lake": 2, "chinese_farm": 3, "elevated_sand": 4, "fort": 5}
terrain = {f"{c:02d}{r:02d}": "clear" for c in range(1, W + 1) for r in range(1, H + 1)}
for h in sheet.LAKE: terrain[h] = "lake"
for h in sheet.FARM: terrain[h] = "chinese_farm"
for hs in sheet.SAND.values():
    for h in hs: terrain[h] = "elevated_sand"
def csv(fn):
    rows = []
    for r in range(1, H + 1):
        rows.append(",".join(str(fn(f"{c:02d}{r:02d}")) for c in range(1, W + 1)))
    return ",\n".join(rows)
terrain_csv = csv(lambda h: GID[terrain[h]])
fort_csv = csv(lambda h: GID["fort"] if h in sheet.FORTS else 0)

# ---- roads ------------------------------------------------------------------------------
roads = []
notes = {"Lexicon": "canal road 0101-0112, then the lake-shore road 0112-0921 (entry D)",
         "Tirtur": "Tirtur-Lexicon junction 0111; joins Akavish at 1608; ends at entry C 1708",
         "Akavish": "Akavish-Lexicon junction 0414; joins Tirtur at 1608, then 1708"}
for name, chain in sheet.ROADS.items():
    roads += polyline(name, "road", [centre(h) for h in chain], {"note": notes[name]})

# ---- ridges: chain the hexside edges of each sand cluster into polylines ---------------------
cluster_of = {h: n for n, hs in sheet.SAND.items() for h in hs}
ridges = []
for cname in sheet.SAND:
    segs = [edge(a, b) for a, _, b in sheet.RIDGES if cluster_of[a] == cname]
    left = list(segs)
    while left:
        deg = {}
        for p, q in left:
            deg[p] = deg.get(p, 0) + 1; deg[q] = deg.get(q, 0) + 1
        start = next((p for s in left for p in s if deg[p] == 1), left[0][0])
        path = [start]
        while True:
            nxt = next((s for s in left if path[-1] in s), None)
            if nxt is None: break
            left.remove(nxt)
            path.append(nxt[1] if nxt[0] == path[-1] else nxt[0])
        ridges += polyline(cname, "ridge", path)

# ---- special ----------------------------------------------------------------------------------
special = []
for letter, (h, side) in sheet.ENTRIES.items():
    special += point_at(f"Entry {letter}", "entry", h, {"entry": letter, "side": side})
special += point_at("Matzmed crossing", "crossing", sheet.CROSSING,
                    {"note": "the only canal exit; costs and limits are in data.json (crossing)"})
for h, n in sheet.FORT_NAMES.items():
    special += point_at(n, "cell", h, {"cell": h})
bank = [f"01{r:02d}" for r in range(1, 13)]
pts = []
for h in bank:
    c = corners(h)   # west corners of an unshifted flat-top hex: top-left, left, bottom-left
    for p in (c[1], c[0], c[5]):
        if not pts or pts[-1] != p: pts.append(p)
special += polyline("Suez Canal", "canal_edge", pts,
                    {"bank_hexes": ",".join(bank), "exit_hex": sheet.CROSSING, "edge": "west"})

# ---- turn track over the lake (rows 20-21, columns 01-07) ------------------------------------------
track = []
BW, BH, BY = 40, 36, 1152
for (turn, night, time), c in zip(sheet.TURNS, range(1, 8)):
    cx = centre(f"{c:02d}21")[0]
    p = {"turn": turn, "night": night, "time": time}
    if turn == 7: p["victory_check"] = True
    track += obj(f"Turn {turn}", "turn_box", cx - BW / 2, BY - BH / 2, p, w=BW, h=BH)

# ---- labels (decor) ----------------------------------------------------------------------------
labels = []
def avg(hs):
    cs = [centre(h) for h in hs]
    return sum(p[0] for p in cs) / len(cs), sum(p[1] for p in cs) / len(cs)
for name, hs in [("Chinese Farm", sheet.FARM)] + list(sheet.SAND.items()) + [("Great Bitter Lake", ["0316", "0417", "0318"])]:
    x, y = avg(hs)
    labels += obj(name, "decor", round(x), round(y), {"label": name}, "point")

# ---- write ---------------------------------------------------------------------------------------
def group(gid, name, colour, body):
    return [f' <objectgroup id="{gid}" name="{name}" color="{colour}">'] + body + [" </objectgroup>"]

mp = {"board": "hex", "game": "across_suez", "hex_numbering": "CCRR", "title": "Across Suez",
      "title_en": "Across Suez: The Battle of the Chinese Farm, October 15, 1973",
      "title_ja": "スエズを渡れ", "turns": 7}
out = ['<?xml version="1.0" encoding="UTF-8"?>',
       f'<map version="1.10" tiledversion="1.10.2" orientation="hexagonal" renderorder="right-down" '
       f'width="{W}" height="{H}" tilewidth="{TW}" tileheight="{TH}" infinite="0" hexsidelength="{SIDE}" '
       f'staggeraxis="{AXIS}" staggerindex="{INDEX}" nextlayerid="8" nextobjectid="{oid[0] + 1}">']
out += props_xml(mp, " ")
out += [' <tileset firstgid="1" source="tiles/suez_terrain.tsx"/>',
        f' <layer id="1" name="terrain" width="{W}" height="{H}">', '  <data encoding="csv">', terrain_csv,
        '</data>', ' </layer>',
        f' <layer id="2" name="fort" width="{W}" height="{H}">', '  <data encoding="csv">', fort_csv,
        '</data>', ' </layer>']
out += group(3, "roads", "#8a5a2b", roads)
out += group(4, "hexsides", "#6b4a1f", ridges)
out += group(5, "special", "#b3302f", special)
out += group(6, "track", "#7a6a3a", track)
out += group(7, "labels", "#5f5f5f", labels)
out.append("</map>")
open(ROOT / "maps" / "across_suez.tmx", "w", encoding="utf-8").write("\n".join(out) + "\n")
print("objects", oid[0])
