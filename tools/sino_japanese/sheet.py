"""Facts copied from the 日清戰爭 data sheet (../shared/rules/sino_japanese.md §4, §5), as lists.

tools/gen_sino_japanese_map.py writes maps/sino_japanese.tmx from these lists and checks the file
against them (--check). Hex names are the printed CCRR numbers (1-based). Nothing here is computed:
to correct a fact, correct it here (and in the sheet), then rerun the generator.
"""

# -- §4.1 grid ------------------------------------------------------------------------------------
COLUMNS, ROWS = 20, 21
HEX_KM = 25
MAP_UP_BEARING = 315                 # map-up = north-west (rule 2.1)
PROJECTION_ORIGIN = "39.5,123.0"     # lat, lon of R = U = 0
INSET_SHIFT_KM = "190,-90"           # Shandong inset: ΔR, ΔU (km) from its true position

# -- §4.2 terrain grid: . sea, c clear, h hills, M mountain (impassable), x off-map box area (no hex)
TERRAIN_GRID = """
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
"""
CODES = {".": "sea", "c": "clear", "h": "hill", "M": "mountain"}   # "x": no hex


def terrain_codes() -> dict[str, str]:
    """{hex: code} for every cell of the grid, "x" included."""
    lines = [ln.split() for ln in TERRAIN_GRID.strip().splitlines()]
    cols = lines[0]
    out = {}
    for row in lines[1:]:
        r = int(row[0][1:])
        for c, code in zip(cols, row[1:]):
            out[f"{c}{r:02d}"] = code
    return out


# -- §4.3 locations --------------------------------------------------------------------------------
# hex: (name_en, name_ja, name_zh, lat, lon, coord, role, city, vp, lane_colours, red_port, setup_qing)
# name_ja is the sheet's spelling; name_zh the rules' spelling where the rules name the place (平壤,
# 奉天, 旅順, 大連, 金州, 威海衛, 煙台, 營口), else the sheet's kanji in traditional forms.
LOCATIONS = {
    "1519": ("Pyongyang", "平壌", "平壤", 39.034, 125.754, "GeoNames",
             "Large city; walled; Taedong on the S/E sides; port via the Taedong mouth/Chinnampo",
             "large", 2, "blue", True, 2),
    "1717": ("Anju", "安州", "安州", 39.618, 125.665, "GeoNames", "Small city; Chongchon on its N side",
             "small", 1, "", False, 0),
    "1615": ("Chongju", "定州", "定州", 39.693, 125.210, "GeoNames", "Road hex (no city)", "none", 0, "", False, 0),
    "1612": ("Uiju", "義州", "義州", 40.199, 124.532, "GeoNames", "Small city; Korean bank of the Yalu",
             "small", 1, "", False, 0),
    "1611": ("Jiuliancheng", "九連城", "九連城", 40.21, 124.44, "approx", "Small city; Qing Yalu HQ (Oct 1894)",
             "small", 1, "", False, 0),
    "1512": ("Andong", "安東", "安東", 40.129, 124.395, "GeoNames", "Optional minor port, no city (Dandong)",
             "none", 0, "blue", False, 0),
    "1610": ("Fenghuangcheng", "鳳凰城", "鳳凰城", 40.454, 124.072, "GeoNames", "Small city", "small", 1, "", False, 0),
    "1911": ("Kuandian", "寛甸", "寬甸", 40.729, 124.785, "GeoNames", "Road end (no city)", "none", 0, "", False, 0),
    "1608": ("Motianling", "摩天嶺", "摩天嶺", 40.80, 123.78, "approx", "Pass (hills)", "none", 0, "", False, 0),
    "1309": ("Xiuyan", "岫巌", "岫巖", 40.293, 123.274, "GeoNames", "Small city", "small", 1, "", False, 0),
    "1210": ("Dagushan", "大孤山", "大孤山", 39.88, 123.56, "approx", "Small city + port", "small", 1, "blue", False, 0),
    "1010": ("Zhuanghe", "荘河", "莊河", 39.701, 122.991, "GeoNames", "Coast, landing-eligible", "none", 0, "", False, 0),
    "0809": ("Huayuankou", "花園口", "花園口", 39.57, 122.57, "approx",
             "Beach, landing-eligible (2nd Army, 24 Oct 1894)", "none", 0, "", False, 0),
    "0709": ("Pikou", "貔子窩", "貔子窩", 39.42, 122.35, "approx", "Beach, landing-eligible (Pikou/Biziwo)",
             "none", 0, "", False, 0),
    "0408": ("Jinzhou", "金州", "金州", 39.100, 121.717, "GeoNames", "Small city; walled; neck of the peninsula",
             "small", 1, "", False, 1),
    "0309": ("Dalian", "大連湾", "大連", 38.912, 121.602, "GeoNames",
             "Small city + port (forts; could be a fortress instead)", "small", 1, "blue", False, 1),
    "0208": ("Port Arthur", "旅順", "旅順", 38.800, 121.267, "GeoNames",
             "Fortress + port; Beiyang fleet base (yellow dropped: no yellow lane reaches it, 9.2(4))",
             "fortress", 2, "blue", False, 1),
    "0707": ("Fuzhou", "復州", "復州", 39.72, 121.70, "approx", "Small city", "small", 1, "", False, 0),
    "0907": ("Xiongyue", "熊岳", "熊岳", 40.177, 122.123, "GeoNames", "Road hex", "none", 0, "", False, 0),
    "1107": ("Gaiping", "蓋平", "蓋平", 40.394, 122.369, "GeoNames", "Small city; walled", "small", 1, "", False, 0),
    "1105": ("Yingkou", "営口", "營口", 40.665, 122.232, "GeoNames",
             "Large city (treaty port) + port; Liao on its N side", "large", 2, "blue,yellow", False, 0),
    "1206": ("Dashiqiao", "大石橋", "大石橋", 40.637, 122.503, "GeoNames", "Road hex", "none", 0, "", False, 0),
    "1305": ("Niuzhuang", "牛荘", "牛莊", 40.948, 122.527, "GeoNames", "Small city", "small", 1, "", False, 0),
    "1306": ("Haicheng", "海城", "海城", 40.852, 122.748, "GeoNames", "Small city; walled", "small", 1, "", False, 0),
    "1307": ("Ximucheng", "析木城", "析木城", 40.700, 122.907, "GeoNames", "Pass (hills)", "none", 0, "", False, 0),
    "1506": ("Anshan", "鞍山站", "鞍山站", 41.124, 122.990, "GeoNames", "Road hex", "none", 0, "", False, 0),
    "1605": ("Liaoyang", "遼陽", "遼陽", 41.272, 123.173, "GeoNames", "Large city; Taizi on its N side",
             "large", 2, "", False, 0),
    "1905": ("Mukden", "奉天", "奉天", 41.792, 123.433, "GeoNames", "Large city; Hun on its S side",
             "large", 2, "", False, 1),
    "1204": ("Tianzhuangtai", "田荘台", "田莊臺", 40.839, 122.138, "GeoNames", "Small city; W bank of the Liao",
             "small", 1, "", False, 0),
    "1001": ("Jinzhou (Liaoxi)", "錦州", "錦州", 41.108, 121.142, "GeoNames",
             "Large city; errata auto-victory (FOUND)", "large", 2, "", False, 0),
    "0818": ("Weihaiwei", "威海衛", "威海衛", 37.509, 122.114, "GeoNames", "Fortress + port; Beiyang fleet base",
             "fortress", 2, "blue", False, 1),
    "0616": ("Yantai", "煙台", "煙台", 37.476, 121.441, "GeoNames", "Large city (treaty port) + port (Chefoo)",
             "large", 2, "blue", False, 1),
    "0514": ("Dengzhou", "登州", "登州", 37.808, 120.759, "GeoNames", "Small city + port", "small", 1, "blue", False, 0),
    "0820": ("Rongcheng", "栄城", "榮成", 37.157, 122.438, "GeoNames", "Small city (named in a play report, S8)",
             "small", 1, "", False, 0),
    "0920": ("Chengshan", "成山", "成山", 37.367, 122.552, "GeoNames",
             "Beach (historical landing, 20 Jan 1895; Rongcheng Bay)", "none", 0, "", False, 0),
    "0719": ("Wendeng", "文登", "文登", 37.264, 122.052, "GeoNames", "Road hex", "none", 0, "", False, 0),
    "0617": ("Ninghai", "寧海", "寧海", 37.384, 121.609, "GeoNames", "Road hex", "none", 0, "", False, 0),
    "1319": ("Chinnampo", "鎮南浦", "鎮南浦", 38.737, 125.408, "GeoNames", "Coast (Pyongyang's port area)",
             "none", 0, "", False, 0),
    "1420": ("Hwangju", "黄州", "黃州", 38.670, 125.776, "GeoNames", "Road hex at the bottom edge",
             "none", 0, "", False, 0),
}
FLEET_BASES = ("0208", "0818")       # RULES 9.1(1)
AUTO_VICTORY = ("1001",)             # errata, FOUND (S8): 錦州
OPTIONAL_PORTS = ("1512",)           # Andong: "optional minor port"

# -- §4.4 off-map boxes ------------------------------------------------------------------------------
# name: (name_en, name_local, owner, lane_colours, red_port, where drawn, adjacent hexes)
BOXES = {
    "incheon": ("to Incheon", "至仁川", "JP", "blue", True, "below the bottom edge, right of centre",
                ("1221", "1321", "1421", "1521")),
    "shanhaiguan": ("to Shanhaiguan", "至山海關", "QING", "yellow", False,
                    "top-left corner (true position 40.00N 119.75E falls in 0201)", ("0401",)),
    "laizhou": ("to Laizhou", "至萊州", "QING", "yellow", False,
                "left edge of the Shandong inset (Laizhou falls in 0114)", ("0115", "0214", "0314")),
}
BOX_CELLS = {"shanhaiguan": ("0101", "0201", "0301"), "laizhou": ("0213", "0114")}   # its `x` cells
BOX_ENTRY_COST = 1                   # MP to enter (or leave, the sheet says) a box from an adjacent hex
TRACK_AREA = {"rows": (11, 13), "columns": (3, 12)}   # sea margins for the tracks

# -- §4.5 river hexsides ------------------------------------------------------------------------------
# name: (name_local, note, hexsides)
RIVERS = {
    "Yalu": ("鴨緑江", "Korea-China border",
             "1412/1513 1512/1513 1512/1612 1611/1612 1612/1712 1712/1713 1712/1812 1811/1812 1812/1912 "
             "1912/1913 1912/2012 2011/2012"),
    "Chongchon": ("清川江", "",
                  "1615/1616 1616/1716 1716/1717 1717/1816 1816/1817 1817/1917 1917/1918 1917/2017 2016/2017"),
    "Taedong": ("大同江", "",
                "1319/1418 1418/1419 1419/1519 1519/1520 1519/1619 1618/1619 1618/1719 1718/1719 1719/1818 "
                "1818/1819 1818/1919 1918/1919"),
    "Liao": ("遼河", "Daliao to the sea at Yingkou",
             "1104/1105 1105/1204 1204/1205 1204/1305 1304/1305 1304/1404 1403/1404 1403/1504 1503/1504 "
             "1503/1603 1602/1603 1602/1703 1702/1703 1702/1802 1801/1802 1801/1902 1901/1902 1901/2001"),
    "Hun": ("渾河", "",
            "1305/1404 1404/1405 1404/1505 1504/1505 1505/1604 1604/1605 1604/1705 1704/1705 1705/1804 "
            "1804/1805 1805/1905 1905/1906 1906/2005 2005/2006"),
    "Taizi": ("太子河", "joins the Hun and Liao at 1304/1305",
              "1405/1505 1505/1506 1505/1605 1605/1705 1705/1706 1706/1805 1706/1806 1707/1806 1806/1807"),
    "Dayang": ("大洋河", "", "1209/1310 1210/1310 1210/1311 1308/1408 1309/1310 1309/1408 1309/1409"),
}

# -- §4.6 sea lanes and landings ---------------------------------------------------------------------------
# (from, to, colour, optional, note)
SEA_LANES = [
    ("incheon", "1519", "blue", False, ""),
    ("1519", "1210", "blue", False, ""),
    ("1519", "1512", "blue", True, ""),
    ("1512", "1210", "blue", True, ""),
    ("1210", "0309", "blue", False, ""),
    ("0309", "0208", "blue", False, ""),
    ("0309", "0818", "blue", False, "the January 1895 route (S21, S22)"),
    ("0208", "0818", "blue", False, ""),
    ("0818", "0616", "blue", False, ""),
    ("0616", "0514", "blue", False, ""),
    ("0208", "0514", "blue", False, ""),
    ("0208", "1105", "blue", False, ""),
    ("shanhaiguan", "1105", "yellow", False, "one of the two lanes the Qing keep after the fleet flips (9.2(4))"),
    ("shanhaiguan", "laizhou", "yellow", False, "one of the two lanes the Qing keep after the fleet flips (9.2(4))"),
]
RED_PORTS = ("incheon", "1519")
LANDING_LIAODONG = ("0309", "0408", "0509", "0609", "0709", "0809", "0910", "1010", "1110", "1210")
SHANDONG = {"columns": (1, 9), "rows": (14, 21)}   # all its land hexes but the mountain are landing hexes

# -- §4.1-4.2 region names, for labels (label, label_local, hexes the label sits among). The hexes are
# a drawing choice; label_local only where the rules text writes the name (2.1, 9.1(3)).
LABELS = [
    ("Liao plain", "", ("1303", "1403", "1503")),
    ("Qianshan", "", ("1008", "1108", "1208")),
    ("East-Manchurian mountains", "", ("1808", "1908", "1909")),
    ("Korea", "", ("1814", "1915", "1816")),
    ("Kunyu Shan", "", ("0618",)),
    ("Bohai (Liaodong Bay)", "", ("0304", "0404", "0504")),
    ("Yellow Sea", "黃海", ("1115", "1215", "1315")),
    ("Shandong (inset)", "山東半島", ("0316", "0416", "0516")),
    ("Liaodong peninsula", "遼東半島", ("0608", "0708", "0808")),
]

# -- tracks (§2.2, §4.4): turn track Aug 1894 - Mar 1895, optional Apr 1895 --------------------------------------------
TURNS = [(1, "1894-08", "Aug 1894", False), (2, "1894-09", "Sep 1894", False), (3, "1894-10", "Oct 1894", False),
         (4, "1894-11", "Nov 1894", False), (5, "1894-12", "Dec 1894", False), (6, "1895-01", "Jan 1895", False),
         (7, "1895-02", "Feb 1895", False), (8, "1895-03", "Mar 1895", False), (9, "1895-04", "Apr 1895", True)]
ROUNDS = 4
AMMO_MAX = 19
CP_MAX = 6                           # one die (Japan) or the lower of two (Qing)
