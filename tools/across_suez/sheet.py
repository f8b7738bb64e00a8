"""Facts copied from the Across Suez data sheet (shared/rules/across_suez.md) (hex lists only; no coordinates)."""

def rng(a, b):
    c = a[:2]
    return [f"{c}{r:02d}" for r in range(int(a[2:]), int(b[2:]) + 1)]

LAKE = (rng("0113", "0121") + rng("0214", "0221") + rng("0315", "0321") + rng("0416", "0421")
        + rng("0517", "0521") + rng("0618", "0621") + ["0720", "0721", "0821"])
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
FORT_NAMES = {"0112": "Matzmed", "0314": "Lakekan"}
ROADS = {
    "Lexicon": "0101 0102 0103 0104 0105 0106 0107 0108 0109 0110 0111 0112".split()
               + "0212 0213 0314 0414 0415 0516 0616 0617 0718 0719 0819 0820 0921".split(),
    "Tirtur": "0111 0211 0311 0411 0511 0611 0711 0810 0910 1009 1109 1208 1308 1408 1508 1608 1708".split(),
    "Akavish": "0414 0514 0613 0713 0812 0912 1011 1111 1210 1310 1409 1509 1608 1708".split(),
}
RIDGE_TEXT = """
0605:SW(0506) NW(0505)   0606:S(0607) SW(0507) NW(0506)   0706:S(0707)
0907:S(0908) SW(0807) NW(0806)   1006:NW(0906)   1007:S(1008) SW(0908)
1102:SW(1002) NW(1001)   1103:S(1104) SW(1003) NW(1002)   1202:S(1203)
1404:SW(1305) NW(1304)   1405:S(1406) SW(1306) NW(1305)   1504:S(1505) NW(1403)
1114:S(1115) SW(1014) NW(1013)   1214:SW(1115)   1215:S(1216) SW(1116) NW(1115)
0917:S(0918) SW(0817) NW(0816)   1016:NW(0916)   1017:S(1018) SW(0918)
"""
import re
RIDGES = []   # (sand hex, side, neighbour)
for tok in RIDGE_TEXT.split():
    m = re.match(r"(\d{4}):(\w+)\((\d{4})\)$", tok)
    if m:
        cur = m.group(1); RIDGES.append((cur, m.group(2), m.group(3)))
    else:
        m = re.match(r"(\w+)\((\d{4})\)$", tok)
        RIDGES.append((cur, m.group(1), m.group(2)))
ENTRIES = {"A": ("0401", "EGY"), "B": ("1301", "EGY"), "C": ("1708", "ISR"), "D": ("0921", "EGY")}
CROSSING = "0112"
TURNS = [(1, True, "15/16 Oct, ≈20:00–04:00"), (2, False, "16 Oct, ≈04:00–12:00"),
         (3, False, "16 Oct, ≈12:00–20:00"), (4, True, "16/17 Oct"),
         (5, False, "17 Oct, ≈04:00–12:00"), (6, False, "17 Oct, ≈12:00–20:00"),
         (7, True, "17/18 Oct")]
