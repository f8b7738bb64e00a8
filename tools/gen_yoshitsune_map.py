"""Write maps/yoshitsune.tmx, the area map of 義經 (Yoshitsune, GJ No.21).

    python tools/gen_yoshitsune_map.py            # writes maps/yoshitsune.tmx
    python tools/gen_yoshitsune_map.py --check    # exit 1 if the file on disk differs

The printed map is not public; the areas, supply numbers, adjacency and boxes
are those of the data sheet (../shared/rules/yoshitsune.md §3.1-3.3, mostly
RECONSTRUCTED). This script only bootstraps the map: the polygons are drawn
from rough longitudes and latitudes of province borders, projected and then
magnified around Kyō (a "fisheye", as printed maps of the period enlarge the
Kinai) so that the small home provinces can hold counters. Borders that two
areas share are one list of points, so neighbouring polygons meet exactly.

Once the map is edited by hand in Tiled, edit it there and stop running this
script (it would overwrite the edits). tests/test_yoshitsune_data.py pins
every fact of the sheet either way.
"""
from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.core.board import point_in_polygon, polygon_center  # noqa: E402
from tools.tmx_writer import TmxWriter  # noqa: E402

OUT = ROOT / "maps" / "yoshitsune.tmx"

TILE = 32
MAP_W, MAP_H = 50, 37          # tiles
LON0, LAT0 = 129.25, 39.55     # top-left corner of the projection
KX = 100.0                     # px per degree of longitude
KY = KX / math.cos(math.radians(35.0))   # px per degree of latitude at 35° N
FISH_CENTRE = (135.78, 34.95)  # Kyō
FISH_MAG, FISH_SIGMA = 1.0, 120.0
OFFSET = (120.0, 14.0)
LINK_REACH = 22.0                        # px a link reaches into each area        # centre scale 1 + MAG, fading over SIGMA px

# -- areas (sheet §3.1) ---------------------------------------------------------------
# key: (name_local, name_en, provinces, supply, base, sea, lat, lon)
AREAS = {
    "kita_kanto": ("北関東", "North Kantō", "Kōzuke, Shimotsuke, Hitachi", 3, False, False, 36.5, 139.8),
    "minami_kanto": ("南関東", "South Kantō (Kamakura)", "Sagami, Musashi, Awa, Kazusa, Shimōsa",
                     4, True, False, 35.5, 139.7),
    "tokai": ("東海", "Tōkai", "Izu, Suruga, Tōtōmi", 2, False, False, 35.0, 138.3),
    "shinano": ("信濃", "Shinano (incl. Kai)", "Shinano, Kai", 2, False, False, 36.0, 138.1),
    "owari": ("尾張", "Owari–Mino", "Mikawa, Owari, Mino", 3, False, False, 35.2, 137.0),
    "hokuriku": ("北陸", "Hokuriku", "Echigo, Etchū, Kaga, Noto, Echizen, Wakasa", 3, False, False, 36.8, 137.3),
    "omi": ("近江", "Ōmi (Hiei, Seta)", "Ōmi", 2, False, False, 35.2, 136.1),
    "kyo": ("京", "Kyō", "Yamashiro", 3, True, False, 35.0, 135.8),
    "yamato": ("大和", "Yamato / Nanto", "Yamato", 2, False, False, 34.5, 135.8),
    "ise": ("伊勢", "Ise", "Ise, Iga, Shima", 2, False, False, 34.6, 136.4),
    "kii": ("紀伊", "Kii (Kumano)", "Kii", 1, False, False, 33.9, 135.5),
    "sekkasen": ("摂河泉", "Settsu-Kawachi-Izumi (Fukuhara, Ichi-no-tani)", "Settsu, Kawachi, Izumi",
                 3, False, False, 34.6, 135.4),
    "sanin": ("山陰", "San'in", "Tanba, Tango, Tajima, Inaba, Hōki, Izumo, Iwami", 2, False, False, 35.3, 133.5),
    "sanyo": ("山陽", "San'yō", "Harima, Bizen, Bitchū, Bingo, Aki", 4, False, False, 34.6, 133.6),
    "nagato": ("長門", "Nagato (Hikoshima, Dan-no-ura)", "Suō, Nagato", 2, False, False, 34.2, 131.5),
    "higashi_seto": ("東瀬戸", "East Inland Sea", "Harima-nada, Osaka Bay", 2, False, True, 34.4, 134.4),
    "nishi_seto": ("西瀬戸", "West Inland Sea", "Iyo-nada, Suō-nada", 2, False, True, 33.9, 132.3),
    "shikoku": ("四国", "Shikoku (Yashima)", "Sanuki, Awa", 3, True, False, 34.1, 134.2),
    "iyo": ("伊予", "Iyo (Kōno home)", "Iyo, Tosa", 2, False, False, 33.6, 132.9),
    "kita_kyushu": ("北九州", "North Kyushu (Dazaifu)", "Chikuzen, Buzen, Hizen, Chikugo", 3, True, False, 33.6, 130.5),
    "bungo": ("豊後", "Bungo / South Kyushu (Ogata home)", "Bungo, Higo, Hyūga, Satsuma, Ōsumi",
              2, False, False, 33.0, 131.3),
}

# -- adjacency (sheet §3.2), each link once ------------------------------------------
LINKS = [
    ("kita_kanto", "minami_kanto"), ("kita_kanto", "shinano"), ("kita_kanto", "hokuriku"),
    ("minami_kanto", "shinano"), ("minami_kanto", "tokai"),
    ("tokai", "shinano"), ("tokai", "owari"),
    ("shinano", "owari"), ("shinano", "hokuriku"),
    ("owari", "omi"), ("owari", "ise"),
    ("hokuriku", "omi"), ("hokuriku", "sanin"),
    ("omi", "kyo"), ("omi", "ise"),
    ("kyo", "yamato"), ("kyo", "sekkasen"), ("kyo", "sanin"),
    ("yamato", "sekkasen"), ("yamato", "ise"), ("yamato", "kii"),
    ("ise", "kii"),
    ("kii", "sekkasen"), ("kii", "higashi_seto"),
    ("sekkasen", "sanyo"), ("sekkasen", "sanin"), ("sekkasen", "higashi_seto"),
    ("sanin", "sanyo"), ("sanin", "nagato"),
    ("sanyo", "nagato"), ("sanyo", "higashi_seto"), ("sanyo", "nishi_seto"),
    ("nagato", "nishi_seto"), ("nagato", "kita_kyushu"),
    ("higashi_seto", "nishi_seto"), ("higashi_seto", "shikoku"),
    ("nishi_seto", "iyo"), ("nishi_seto", "kita_kyushu"), ("nishi_seto", "bungo"),
    ("shikoku", "iyo"),
    ("iyo", "bungo"),
    ("kita_kyushu", "bungo"),
]
LINK_NOTES = {("iyo", "bungo"): "Hōyo Strait"}

# -- geometry (lon, lat) -----------------------------------------------------------------
# Junctions shared by several areas.
P = {
    "KY_W": (130.30, 32.95), "KY_E": (131.40, 33.55),
    "MOJI": (130.96, 33.93), "SG": (131.90, 33.22),
    "NG_SW": (130.93, 34.00), "SN_W": (131.85, 34.68), "SY_W": (132.22, 34.15),
    "T_NSS": (132.05, 34.50),
    "SEA_N": (133.50, 34.45), "SEA_S": (133.60, 34.05),
    "SY_E": (135.08, 34.66), "T_SSS": (134.95, 35.05),
    "SH_C": (135.45, 35.52),
    "K_N": (135.80, 35.25), "K_SE": (135.98, 34.88), "K_S": (135.72, 34.75), "K_W": (135.56, 34.98),
    "SK_C": (135.15, 34.32), "T_SYK": (135.62, 34.35), "T_YIK": (136.00, 34.15),
    "KE_S": (135.08, 33.92), "AW_S": (134.72, 33.82), "IK_C": (136.20, 34.00),
    "OI_C": (136.72, 35.05), "T_OIO": (136.45, 35.15), "T_4": (136.30, 35.62),
    "TO_C": (137.50, 34.66), "T_OTS": (137.65, 35.05),
    "TS_C": (139.15, 35.15), "T_TMS": (138.95, 35.35),
    "MK_C": (140.72, 35.88), "T_KMS": (139.00, 36.00),
    "KO_C": (140.95, 37.00), "T_HKO": (139.45, 37.00), "T_HKS": (138.70, 36.85),
    "HO_NE": (139.55, 38.55),
    "SI_C": (134.28, 33.55), "SD": (132.00, 33.36),
}

# Border chains between two areas (or an area and the sea / map edge), from one
# junction to another. A polygon is a ring of chains, each forwards or reversed.
B = {
    # Kyushu
    "kk/bg": ["KY_W", (130.65, 33.05), (131.05, 33.22), "KY_E"],
    "kk/sea": ["KY_E", (131.20, 33.62), "MOJI"],
    "kk/coast": ["MOJI", (130.70, 33.90), (130.40, 33.65), (130.05, 33.55), (129.75, 33.45),
                 (129.60, 33.30), (129.75, 33.05), (129.80, 32.75), (130.05, 32.70), (130.20, 32.80), "KY_W"],
    "bg/coast": ["KY_W", (130.15, 32.50), (130.20, 32.10), (130.15, 31.70), (130.25, 31.30),
                 (130.60, 31.20), (130.70, 31.00), (131.05, 31.35), (131.35, 31.40), (131.45, 31.90),
                 (131.65, 32.45), (131.90, 32.80), (131.95, 33.05), "SG"],
    "bg/sea": ["SG", (131.75, 33.25), (131.70, 33.45), (131.65, 33.65), (131.50, 33.65), "KY_E"],
    # Western Honshu
    "ng/coast": ["NG_SW", (130.90, 34.20), (131.10, 34.40), (131.40, 34.45), (131.65, 34.62), "SN_W"],
    "ng/sn": ["SN_W", "T_NSS"],
    "ng/sy": ["T_NSS", "SY_W"],
    "ng/sea": ["SY_W", (132.10, 33.92), (131.85, 34.03), (131.55, 34.02), (131.20, 33.98), "NG_SW"],
    "sn/coast": ["SN_W", (132.05, 34.88), (132.40, 35.15), (132.70, 35.42), (133.05, 35.58), (133.30, 35.50),
                 (133.60, 35.52), (134.20, 35.55), (134.80, 35.66), (135.20, 35.77), (135.30, 35.55), "SH_C"],
    "sn/sy": ["T_NSS", (132.60, 34.75), (133.20, 35.05), (133.80, 35.20), (134.40, 35.20), "T_SSS"],
    "sn/ho": ["SH_C", "K_N"],
    "sn/kyo": ["K_N", "K_W"],
    "sn/sk": ["K_W", (135.25, 35.00), "T_SSS"],
    "sy/sk": ["T_SSS", "SY_E"],
    "sy/ws": ["SY_W", (132.45, 34.30), (132.60, 34.20), (132.90, 34.30), (133.20, 34.38), "SEA_N"],
    "sy/es": ["SEA_N", (133.85, 34.55), (134.15, 34.62), (134.45, 34.75), (134.70, 34.76), "SY_E"],
    # Kinai
    "sk/es": ["SY_E", (135.30, 34.70), (135.45, 34.65), (135.42, 34.50), (135.30, 34.40), "SK_C"],
    "sk/kii": ["SK_C", "T_SYK"],
    "sk/ya": ["T_SYK", (135.65, 34.55), "K_S"],
    "kyo/sk": ["K_S", "K_W"],
    "kyo/ya": ["K_SE", "K_S"],
    "kyo/omi": ["K_N", "K_SE"],
    "ya/ise": ["K_SE", (136.05, 34.55), "T_YIK"],
    "ya/kii": ["T_YIK", (135.80, 34.10), "T_SYK"],
    "kii/es": ["SK_C", (135.10, 34.15), "KE_S"],
    "kii/coast": ["KE_S", (135.40, 33.65), (135.75, 33.45), (135.90, 33.55), (136.05, 33.75), "IK_C"],
    "kii/ise": ["IK_C", "T_YIK"],
    "ise/coast": ["IK_C", (136.45, 34.20), (136.85, 34.30), (136.75, 34.50), (136.55, 34.70),
                  (136.65, 34.95), "OI_C"],
    "ise/ow": ["OI_C", "T_OIO"],
    "ise/omi": ["T_OIO", (136.20, 34.95), "K_SE"],
    "omi/ho": ["K_N", (135.95, 35.58), "T_4"],
    "omi/ow": ["T_4", (136.45, 35.35), "T_OIO"],
    # Central and eastern Honshu
    "ho/coast": ["SH_C", (135.75, 35.55), (135.95, 35.68), (136.05, 35.85), (136.10, 36.20), (136.40, 36.45),
                 (136.70, 36.75), (136.75, 37.10), (137.00, 37.45), (137.30, 37.50), (137.10, 37.00),
                 (137.00, 36.80), (137.35, 36.80), (137.65, 36.95), (138.20, 37.20), (138.60, 37.55),
                 (138.90, 37.85), (139.20, 38.00), (139.45, 38.30), "HO_NE"],
    "ho/edge": ["HO_NE", (139.95, 38.10), (139.85, 37.60), "T_HKO"],
    "ho/kk": ["T_HKO", (139.10, 36.95), "T_HKS"],
    "ho/sh": ["T_HKS", (138.20, 36.85), (137.80, 36.60), (137.45, 36.35), (136.90, 36.10), (136.55, 35.90), "T_4"],
    "ow/coast": ["OI_C", (136.85, 34.95), (136.95, 34.80), (137.05, 34.72), (137.30, 34.70), "TO_C"],
    "ow/tk": ["TO_C", "T_OTS"],
    "ow/sh": ["T_OTS", (137.55, 35.45), (137.05, 35.70), (136.60, 35.75), "T_4"],
    "tk/coast": ["TO_C", (137.95, 34.62), (138.22, 34.60), (138.35, 34.85), (138.55, 35.05), (138.75, 34.75),
                 (138.85, 34.60), (139.10, 34.75), "TS_C"],
    "tk/mk": ["TS_C", "T_TMS"],
    "tk/sh": ["T_TMS", (138.55, 35.40), (138.10, 35.25), "T_OTS"],
    "mk/coast": ["TS_C", (139.45, 35.30), (139.65, 35.15), (139.70, 35.45), (139.85, 35.65), (140.00, 35.55),
                 (139.85, 35.30), (139.80, 34.95), (140.15, 35.00), (140.40, 35.20), (140.60, 35.60),
                 (140.85, 35.72), "MK_C"],
    "mk/kk": ["MK_C", (140.10, 36.05), (139.60, 36.15), "T_KMS"],
    "mk/sh": ["T_KMS", (138.95, 35.70), "T_TMS"],
    "kk/coast_e": ["MK_C", (140.60, 36.30), (140.70, 36.60), (140.90, 36.90), "KO_C"],
    "kk/edge": ["KO_C", (140.40, 37.05), (139.90, 37.05), "T_HKO"],
    "kk/sh": ["T_HKS", (138.55, 36.40), "T_KMS"],
    # Shikoku and the seas
    "si/es": ["SEA_S", (133.85, 34.30), (134.05, 34.35), (134.40, 34.25), (134.60, 34.18), (134.60, 33.95), "AW_S"],
    "si/coast": ["AW_S", (134.60, 33.65), "SI_C"],
    "si/iyo": ["SI_C", (133.95, 33.75), "SEA_S"],
    "iyo/ws": ["SEA_S", (133.30, 33.95), (133.00, 34.08), (132.70, 33.85), (132.55, 33.60), (132.40, 33.45), "SD"],
    "iyo/coast": ["SD", (132.45, 33.20), (132.55, 32.90), (132.75, 32.75), (133.00, 32.95), (133.30, 33.30),
                  (133.55, 33.50), (133.80, 33.50), (134.20, 33.25), "SI_C"],
    "es/ws": ["SEA_N", "SEA_S"],
    "es/open": ["KE_S", "AW_S"],
    "ws/kanmon": ["NG_SW", "MOJI"],
    "ws/hoyo": ["SG", "SD"],
}

# Rings: (chain, reversed?) in order.
RINGS = {
    "kita_kyushu": [("kk/coast", False), ("kk/bg", False), ("kk/sea", False)],
    "bungo": [("kk/bg", True), ("bg/coast", False), ("bg/sea", False)],
    "nagato": [("ng/coast", False), ("ng/sn", False), ("ng/sy", False), ("ng/sea", False)],
    "sanin": [("ng/sn", True), ("sn/coast", False), ("sn/ho", False), ("sn/kyo", False), ("sn/sk", False),
              ("sn/sy", True)],
    "sanyo": [("ng/sy", True), ("sn/sy", False), ("sy/sk", False), ("sy/es", True), ("sy/ws", True)],
    "sekkasen": [("sy/sk", True), ("sn/sk", True), ("kyo/sk", True), ("sk/ya", True), ("sk/kii", True),
                 ("sk/es", True)],
    "kyo": [("sn/kyo", True), ("kyo/omi", False), ("kyo/ya", False), ("kyo/sk", False)],
    "yamato": [("kyo/ya", True), ("ya/ise", False), ("ya/kii", False), ("sk/ya", False)],
    "kii": [("sk/kii", False), ("ya/kii", True), ("kii/ise", True), ("kii/coast", True), ("kii/es", True)],
    "ise": [("kii/ise", False), ("ya/ise", True), ("ise/omi", True), ("ise/ow", True), ("ise/coast", True)],
    "omi": [("kyo/omi", True), ("omi/ho", False), ("omi/ow", False), ("ise/omi", False)],
    "hokuriku": [("sn/ho", True), ("ho/coast", False), ("ho/edge", False), ("ho/kk", False), ("ho/sh", False),
                 ("omi/ho", True)],
    "owari": [("ise/ow", False), ("omi/ow", True), ("ow/sh", True), ("ow/tk", True), ("ow/coast", True)],
    "tokai": [("ow/tk", False), ("tk/sh", True), ("tk/mk", True), ("tk/coast", True)],
    "shinano": [("ho/sh", True), ("kk/sh", False), ("mk/sh", False), ("tk/sh", False), ("ow/sh", False)],
    "minami_kanto": [("tk/mk", False), ("mk/sh", True), ("mk/kk", True), ("mk/coast", True)],
    "kita_kanto": [("ho/kk", False), ("kk/sh", False), ("mk/kk", True), ("kk/coast_e", False), ("kk/edge", False)],
    "shikoku": [("si/es", False), ("si/coast", False), ("si/iyo", False)],
    "iyo": [("si/iyo", True), ("iyo/coast", True), ("iyo/ws", True)],
    "higashi_seto": [("sy/es", False), ("sk/es", False), ("kii/es", False), ("es/open", False), ("si/es", True),
                     ("es/ws", True)],
    "nishi_seto": [("sy/ws", True), ("ng/sea", False), ("ws/kanmon", False), ("kk/sea", True), ("bg/sea", True),
                   ("ws/hoyo", False), ("iyo/ws", True), ("es/ws", True)],
}

# -- boxes (sheet §3.3), in map pixels ---------------------------------------------------
TURNS = [  # turn, year, genji, heike, note
    (1, 1180, 3, 3, "Court does not move on turn 1"),
    (2, 1181, 3, 3, "Kiyomori dies; the Yōwa famine begins"),
    (3, 1182, 2, 2, "Famine year, little campaigning"),
    (4, 1183, 4, 4, "The 木曾義仲 card is usable by neither side"),
    (5, 1184, 5, 4, "Ichi-no-tani"),
    (6, 1185, 5, 4, "Yashima / Dan-no-ura"),
    (7, 1186, 4, 4, "Hypothetical final year"),
]
COURT = [  # index, space, kind, heike, genji
    (-3, "平家3", "heike", 6, 2), (-2, "平家2", "heike", 5, 2), (-1, "平家1", "heike", 4, 3),
    (0, "START", "start", 4, 3), (1, "中立", "neutral", 3, 3),
    (2, "源氏1", "genji", 3, 4), (3, "源氏2", "genji", 2, 5), (4, "源氏3", "genji", 2, 6),
]


def _project(lon: float, lat: float) -> tuple[float, float]:
    x = (lon - LON0) * KX
    y = (LAT0 - lat) * KY
    cx, cy = (FISH_CENTRE[0] - LON0) * KX, (LAT0 - FISH_CENTRE[1]) * KY
    dx, dy = x - cx, y - cy
    r = math.hypot(dx, dy)
    # r -> r + MAG*S*(1 - exp(-r/S)): scale 1 + MAG at the centre, never below 1
    f = 1.0 + (FISH_MAG * FISH_SIGMA * (1.0 - math.exp(-r / FISH_SIGMA)) / r if r else FISH_MAG)
    return (round(cx + dx * f + OFFSET[0], 1), round(cy + dy * f + OFFSET[1], 1))


def _pt(p) -> tuple[float, float]:
    lon, lat = P[p] if isinstance(p, str) else p
    return _project(lon, lat)


def _ring(area: str) -> list[tuple[float, float]]:
    out: list[tuple[float, float]] = []
    for chain, rev in RINGS[area]:
        pts = [_pt(p) for p in B[chain]]
        if rev:
            pts.reverse()
        if out and out[-1] != pts[0]:
            raise SystemExit(f"{area}: chain {chain} does not start where the last one ended")
        out.extend(pts if not out else pts[1:])
    if out[0] != out[-1]:
        raise SystemExit(f"{area}: ring is not closed")
    return out[:-1]


def _shared_mid(a: list, b: list) -> tuple[float, float]:
    """The middle of the border a and b share, or the midpoint of their nearest vertices."""
    sb = set(b)
    chain = [p for p in a if p in sb]
    if len(chain) >= 2:
        # the shared vertices form one run along ring a (possibly wrapping)
        n = len(a)
        idx = [i for i, p in enumerate(a) if p in sb]
        start = next(i for i in idx if (i - 1) % n not in idx)
        run = []
        i = start
        while i % n in idx and len(run) < n:
            run.append(a[i % n])
            i += 1
        lengths = [math.dist(run[k], run[k + 1]) for k in range(len(run) - 1)]
        half = sum(lengths) / 2
        for k, seg in enumerate(lengths):
            if half <= seg:
                t = half / seg if seg else 0
                (x1, y1), (x2, y2) = run[k], run[k + 1]
                return (round(x1 + t * (x2 - x1), 1), round(y1 + t * (y2 - y1), 1))
            half -= seg
        return run[-1]
    best = min(((math.dist(p, q), p, q) for p in a for q in b))
    _, p, q = best
    return (round((p[0] + q[0]) / 2, 1), round((p[1] + q[1]) / 2, 1))


def _inside_towards(poly, centre, target, reach=LINK_REACH):
    """A point inside poly on the line from target (a border point) towards
    centre, about ``reach`` px from target (nearer the centre if need be)."""
    d = math.dist(centre, target)
    for r in (reach, reach * 1.5, reach * 2, reach * 3):
        k = max(0.0, 1.0 - r / d) if d else 0.0
        p = (round(centre[0] + k * (target[0] - centre[0]), 1), round(centre[1] + k * (target[1] - centre[1]), 1))
        if point_in_polygon(poly, *p):
            return p
    return centre


def build() -> str:
    w = TmxWriter()
    rings = {k: _ring(k) for k in AREAS}
    centres = {k: polygon_center(r) for k, r in rings.items()}

    # areas
    objs: list[str] = []
    for key, (ja, en, provinces, supply, base, sea, lat, lon) in AREAS.items():
        props = {"name_local": ja, "name_en": en, "provinces": provinces, "supply": supply,
                 "base": base, "red": base, "sea": sea, "terrain": "sea" if sea else "land",
                 "lat": lat, "lon": lon}
        if key == "kyo":
            props["box"] = "kyo_box"
        objs += w.obj(key, "area", props, poly=rings[key])
    w.layer("areas", objs)

    # the Ōu box: a rectangle region (type ou_box, see the map property region_types)
    ou_rect = (1300, 24, 200, 200)
    objs = w.obj("ou", "ou_box", {"name_local": "奥羽", "name_en": "Ōu box (Hiraizumi)",
                                  "provinces": "Mutsu, Dewa", "supply": 4, "base": False, "red": False,
                                  "sea": False, "offboard": True, "terrain": "offboard",
                                  "exits": "kita_kanto,hokuriku", "lat": 39.0, "lon": 141.1},
                 rect=ou_rect)
    w.layer("ou", objs)

    # links
    objs = []
    for a, b in LINKS:
        mid = _shared_mid(rings[a], rings[b])
        pa = _inside_towards(rings[a], centres[a], mid)
        pb = _inside_towards(rings[b], centres[b], mid)
        props = {"note": LINK_NOTES[(a, b)]} if (a, b) in LINK_NOTES else {}
        objs += w.obj(f"{a}-{b}", "link", props, line=[pa, mid, pb])
    w.layer("links", objs)

    # arrows out of the Ōu box (one-way links)
    ox, oy, ow, oh = ou_rect
    kk_end = _inside_towards(rings["kita_kanto"], centres["kita_kanto"], (ox + ow * 0.4, oy + oh + 50), 40)
    ho_end = _project(139.62, 38.05)
    objs = []
    objs += w.obj("ou-kita_kanto", "arrow", {"oneway": True},
                  line=[(ox + ow * 0.4, oy + oh - 12), (ox + ow * 0.4, oy + oh + 30), kk_end])
    objs += w.obj("ou-hokuriku", "arrow", {"oneway": True},
                  line=[(ox + 12, oy + 86), (ox - 20, oy + 86), ho_end])
    w.layer("arrows", objs)

    # boxes
    objs = []
    tx, ty, tw, th = 980, 730, 76, 80
    for i, (turn, year, g, h, note) in enumerate(TURNS):
        objs += w.obj(f"turn_{turn}", "turn_box",
                      {"turn": turn, "year": year, "cards_genji": g, "cards_heike": h, "note": note,
                       "start": turn == 1},
                      rect=(tx + i * (tw + 6), ty, tw, th))
    gx, gy, gw, gh = 950, 850, 70, 80
    for i, (index, space, kind, rh, rg) in enumerate(COURT):
        name = f"gs_{'m' if index < 0 else 'p' if index > 0 else ''}{abs(index)}"
        objs += w.obj(name, "court_box",
                      {"index": index, "space": space, "kind": kind,
                       "repl_heike": rh, "repl_genji": rg, "start": index == 0},
                      rect=(gx + i * (gw + 6), gy, gw, gh))
    objs += w.obj("waiting_box", "waiting_box", {"name_local": "待機", "name_en": "Waiting box"},
                  rect=(40, 160, 300, 150))
    objs += w.obj("kyo_box", "kyo_box", {"name_local": "京", "name_en": "Kyō box", "area": "kyo"},
                  rect=(540, 230, 180, 140))
    objs += w.obj("kajiwara_box", "marker_box", {"marker": "kajiwara", "name_local": "梶原景時"},
                  rect=(40, 330, 90, 90))
    objs += w.obj("okubyo_box", "marker_box", {"marker": "okubyo", "name_local": "臆病者"},
                  rect=(150, 330, 90, 90))
    w.layer("boxes", objs)

    head = w.map_head(width=MAP_W, height=MAP_H, tile=TILE, background="#7f9fb6", props={
        "board": "area", "game": "yoshitsune", "title": "義經", "title_en": "Yoshitsune (Genpei War, 1180-1185)",
        "region_types": "ou_box", "link_types": "arrow", "turns": 7})
    return "\n".join(head + w.layers + ["</map>", ""])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="exit 1 if maps/yoshitsune.tmx differs")
    a = ap.parse_args()
    text = build()
    if a.check:
        same = OUT.exists() and OUT.read_text(encoding="utf-8") == text
        print("maps/yoshitsune.tmx is up to date" if same else "maps/yoshitsune.tmx differs")
        return 0 if same else 1
    OUT.write_text(text, encoding="utf-8")
    print(f"wrote {OUT.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
