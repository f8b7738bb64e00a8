#!/usr/bin/env python3
"""Generate the sprites (counters, markers, dice, icon) into sprites/.

Deterministic: running it again gives byte-identical PNGs (same pygame-ce /
FreeType / zlib). It needs only pygame-ce and our font (fonts/).

    python tools/gen_sprites.py              # writes sprites/
    python tools/gen_sprites.py --out DIR    # writes elsewhere (tests use this)
    python tools/gen_sprites.py --sheet /tmp/contact.png   # also a contact sheet

Each game has a section: a function that yields (relative path, Surface,
metadata) for its pieces. To add a game, write ``<game>_sprites()`` that turns
its unit data into counter specs (see tools/assetlib.py, ``render_counter``)
and list it in ``SECTIONS``.
"""
from __future__ import annotations

import argparse
import json
import sys
import zlib
from pathlib import Path
from typing import Iterator

sys.path.insert(0, str(Path(__file__).resolve().parent))

import assetlib  # noqa: E402
from assetlib import pygame, render_counter  # noqa: E402

ROOT = assetlib.ROOT
COUNTER = 96
MARKER = 64
DIE = 64
ICON = 64

Item = tuple[str, "pygame.Surface", dict]

SIDE_EMBLEMS = {"JP": "sun", "SOV": "star"}


def load_json(rel: str) -> dict:
    return json.loads((ROOT / rel).read_text(encoding="utf-8"))


# --- Nomonhan ------------------------------------------------------------------

def nomonhan_spec(unit: dict, data: dict) -> dict:
    side = unit["side"]
    atk, dfn = unit["attack"], unit["defense"]
    utype = unit["type"]
    nato = data["unit_types"][utype]["nato"]
    silhouette = ""
    if unit.get("tank"):
        silhouette = "armored_car" if utype == "armored_car" else "tank"
    values = {"front": (atk[0], dfn[0]), "back": (atk[1], dfn[1]) if len(atk) > 1 else None}
    note = None
    if utype == "artillery":
        # the artillery's only printed value is its defence; show that alone
        values = {"front": (dfn[0], dfn[0]), "back": (dfn[1], dfn[1]) if len(dfn) > 1 else None}
        if unit.get("support_range"):
            note = f"R{unit['support_range']}"
    return {
        "label": unit["label"],
        "side": side,
        "emblem": SIDE_EMBLEMS.get(side, "none"),
        "side_colour": tuple(data["sides"][side]["colour"]),
        "nato": nato,
        "silhouette": silhouette,
        "values": values,
        "split_values": bool(unit.get("tank")),
        "ma": unit["ma"],
        "note": note,
        "size": COUNTER,
    }


def nomonhan_sprites() -> Iterator[Item]:
    data = load_json("game/rulesets/nomonhan/data.json")
    for unit in data["units"]:
        spec = nomonhan_spec(unit, data)
        faces = ["front"] + (["back"] if spec["values"]["back"] is not None else [])
        for face in faces:
            meta = {"kind": "counter", "game": "nomonhan", "unit": unit["key"], "face": face}
            yield f"nomonhan/{unit['key']}_{face}.png", render_counter(spec, face), meta
    for side in ("JP", "SOV"):
        img = assetlib.render_turn_marker(data["sides"][side]["colour"], SIDE_EMBLEMS[side], size=COUNTER)
        yield f"nomonhan/turn_{side}.png", img, {"kind": "marker", "game": "nomonhan",
                                                 "marker": "turn", "face": side}
    yield "nomonhan/bridge_blown.png", assetlib.render_bridge_blown(MARKER), {
        "kind": "marker", "game": "nomonhan", "marker": "bridge_blown"}


# --- Across Suez -----------------------------------------------------------------

SUEZ_EMBLEMS = {"ISR": "magen_david", "EGY": "egypt"}


def across_suez_spec(unit: dict, data: dict) -> dict:
    """One face: firepower big bottom left, MA bottom right (SPI style). The
    bridge unit (firepower 0, defends as 1) shows 0 and a small D1."""
    side = unit["side"]
    nato = data["unit_types"][unit["type"]]["nato"]
    fp = unit["firepower"]
    note = f"D{unit['defends_as']}" if "defends_as" in unit else None
    return {
        "label": unit["label"],
        "label_w": 62,
        "side": side,
        "emblem": SUEZ_EMBLEMS.get(side, "none"),
        "side_colour": tuple(data["sides"][side]["colour"]),
        "nato": nato,
        "para": bool(unit.get("para")),
        "values": {"front": (fp, fp), "back": None},
        "value_text": str(fp),
        "ma": unit["ma"],
        "note": note,
        "size": COUNTER,
    }


def across_suez_sprites() -> Iterator[Item]:
    data = load_json("game/rulesets/across_suez/data.json")
    for unit in data["units"]:
        spec = across_suez_spec(unit, data)
        meta = {"kind": "counter", "game": "across_suez", "unit": unit["key"], "face": "front"}
        yield f"across_suez/{unit['key']}_front.png", render_counter(spec, "front"), meta
    sides = data["sides"]
    for kind, side in (("crossed_box", "ISR"), ("night_turn", None), ("artillery", "ISR"), ("bombardment", "EGY")):
        colour = sides[side]["colour"] if side else (0, 0, 0)
        yield f"across_suez/{kind}.png", assetlib.render_suez_marker(kind, colour, MARKER), {
            "kind": "marker", "game": "across_suez", "marker": kind}


# --- 日清戰爭 -------------------------------------------------------------------------

SJ_EMBLEMS = {"JP": "sun", "QING": "qing"}


def sino_japanese_spec(unit: dict, data: dict) -> dict:
    """Attack-durability big bottom left, MA bottom right; the back is the damaged side.
    Japanese counters are red on white (sheet §1, S7)."""
    side = unit["side"]
    t = data["unit_types"][unit["type"]]
    f, d = t["front"], t["damaged"]
    return {
        "label": unit["name_local"],
        "label_w": 62,
        "side": side,
        "emblem": SJ_EMBLEMS.get(side, "none"),
        "side_colour": tuple(data["sides"][side]["colour"]),
        "ink": tuple(data["sides"][side]["ink"]) if side == "JP" else None,
        "nato": "infantry",
        "values": {"front": (f["attack"], f["durability"]), "back": (d["attack"], d["durability"])},
        "split_values": True,
        "ma": f["move"],
        "size": COUNTER,
    }


def sino_japanese_sprites() -> Iterator[Item]:
    data = load_json("game/rulesets/sino_japanese/data.json")
    for unit in data["units"]:
        spec = sino_japanese_spec(unit, data)
        for face in ("front", "back"):
            meta = {"kind": "counter", "game": "sino_japanese", "unit": unit["key"], "face": face}
            yield f"sino_japanese/{unit['key']}_{face}.png", render_counter(spec, face), meta
    jp, qing = data["sides"]["JP"]["colour"], data["sides"]["QING"]["colour"]
    markers = [("fleet", qing, ""), ("fleet_flipped", qing, ""), ("bridgehead", jp, ""),
               ("turn", (200, 190, 170), "月|TURN"), ("round", (200, 190, 170), "R|ROUND"),
               ("ammo_JP", jp, "弾|AMMO"), ("ammo_QING", qing, "弾|AMMO"),
               ("cp_JP", jp, "CP|日軍"), ("cp_QING", qing, "CP|清軍")]
    for kind, colour, text in markers:
        base = kind.split("_")[0] if kind.startswith(("ammo", "cp")) else kind
        img = assetlib.render_sj_marker(base, colour, MARKER, text)
        yield f"sino_japanese/{kind}.png", img, {"kind": "marker", "game": "sino_japanese", "marker": kind}


# --- Yoshitsune -------------------------------------------------------------------

RETAINER = 48
CARD = (160, 224)
# clan colour and badge; the colour is ours (the data has only the two side
# colours), the badge tells the clans apart without colour
CLAN_ART = {
    "genji": ((236, 232, 220), "rindo"),
    "heike": ((178, 52, 48), "butterfly"),
    "kiso": ((86, 112, 52), "mountains"),
    "fujiwara": ((112, 76, 150), "wisteria"),
    "ogata": ((40, 62, 112), "feathers"),
    "kono": ((24, 112, 112), "tray_three"),
    "sohei": ((70, 64, 60), "wheel"),
}
DECK_BAND = {"MINAMOTO": ((236, 232, 220), "源氏"), "TAIRA": ((178, 52, 48), "平家"),
             "common": ((208, 172, 72), "共通")}
# the kanji on an event card's red seal
CARD_SEALS = {"kishu": "奇", "mizutori_haoto": "鳥", "kajiwara": "梶", "goso": "訴", "storm": "嵐",
              "heike_suigun": "船", "nanto_yakiuchi": "焼", "goshirakawa_intrigue": "院", "tsuitorei": "令"}
ACTION_EN = {"move": "Move", "battle": "Battle", "enter": "Enter", "replenish": "Replenish", "tribute": "Tribute"}


def clan_art(clan: str) -> tuple[tuple[int, int, int], str]:
    return CLAN_ART.get(clan, ((150, 150, 150), "wheel"))


def _check_text(*texts: str) -> None:
    for t in texts:
        missing = assetlib.missing_glyphs(t)
        if missing:
            raise SystemExit(f"font lacks {missing!r} (in {t!r}): run python tools/make_font.py")


def yoshitsune_card_spec(card: dict, data: dict) -> dict:
    generals = {g["key"]: g for g in data["generals"]}
    band, deck_name = DECK_BAND.get(card["deck"], ((160, 160, 160), card["deck"]))
    eff = card.get("effect", {})
    is_general = card["type"] == "general"
    spec = {"id": card["id"], "title": card["name_local"], "title_en": card["name"], "band": band,
            "band_text": f"{deck_name} · {'武将' if is_general else 'イベント'}", "lines": []}
    if is_general:
        g = generals[eff["general"]]
        colour, mon = clan_art(g["clan"])
        spec["general"] = {"mon": mon, "colour": colour, "valour": g["valour"], "command": g["command"]}
        acts = ", ".join(ACTION_EN.get(a, a) for a in data.get("general_card_actions", []))
        spec["lines"].append(f"General card: {acts}.")
        if eff.get("tribute_modifier"):
            spec["lines"].append(f"Tribute roll +{eff['tribute_modifier']}.")
    else:
        spec["seal"] = CARD_SEALS.get(card["key"], card["name_local"][0])
    if card.get("available_by_turn"):
        by = card["available_by_turn"]
        names = {"MINAMOTO": "Genji", "TAIRA": "Heike", None: "nobody"}
        runs: list[list] = []
        for t in sorted(by, key=int):
            if runs and runs[-1][2] == by[t]:
                runs[-1][1] = t
            else:
                runs.append([t, t, by[t]])
        spec["lines"].append("Usable by " + ", ".join(
            f"{names.get(s, s)} T{a}" + (f"–{b}" if b != a else "") for a, b, s in runs) + ".")
    if card.get("available_to") == "court_friendly":
        spec["lines"].append("Only the side friendly with Go-Shirakawa; used by whoever is friendly when drawn.")
    if card.get("text"):
        spec["lines"].append(card["text"])
    _check_text(spec["title"], spec["title_en"], spec["band_text"], *spec["lines"], spec.get("seal", ""))
    return spec


def yoshitsune_sprites() -> Iterator[Item]:
    data = load_json("game/rulesets/yoshitsune/data.json")
    clans = data["clans"]
    for g in data["generals"]:
        colour, mon = clan_art(g["clan"])
        clan_name = clans[g["clan"]]["name_local"]
        _check_text(g["name_local"], clan_name)
        img = assetlib.render_general(g["name_local"], clan_name, colour, mon, g["valour"], g["command"], COUNTER)
        yield f"yoshitsune/general_{g['key']}.png", img, {
            "kind": "general", "game": "yoshitsune", "general": g["key"], "clan": g["clan"]}
    monk_valour = data.get("warrior_monks", {}).get("valour")
    for key in clans:
        colour, mon = clan_art(key)
        valour = monk_valour if key == data.get("warrior_monks", {}).get("clan") else None
        yield f"yoshitsune/retainer_{key}.png", assetlib.render_retainer(colour, mon, valour, RETAINER), {
            "kind": "retainer", "game": "yoshitsune", "clan": key}
    for marker in ("okubyo", "kajiwara", "go_shirakawa", "turn"):
        yield f"yoshitsune/{marker}.png", assetlib.render_yoshi_marker(marker, MARKER), {
            "kind": "marker", "game": "yoshitsune", "marker": marker}
    for card in data["cards"]:
        img = assetlib.render_card(yoshitsune_card_spec(card, data), CARD)
        yield f"yoshitsune/card_{card['id']}.png", img, {
            "kind": "card", "game": "yoshitsune", "card": card["id"], "deck": card["deck"]}
    yield "yoshitsune/card_back.png", assetlib.render_card_back("義經", "YOSHITSUNE", CARD), {
        "kind": "card_back", "game": "yoshitsune"}


# --- 中原大戰 ----------------------------------------------------------------------

PIECE = 64
KIND_SEAL = {"ordinary": "令", "lasting": "持", "dispatch": "派", "neutral": "中"}


def central_plains_card_spec(card: dict, data: dict) -> dict:
    kind = data["card_kinds"][card["kind"]]
    if card["deck"] in data["commanders"]:
        cmd = data["commanders"][card["deck"]]
        band, who = tuple(cmd["colour"]), cmd["short"]
    else:
        band, who = tuple(data["grey"]["colour"]), "中立"
    lines = [card["text"]]
    if card.get("counters"):
        lines.append(f"Counters {card['counters']}" + (" · sacrifice 1 card" if card.get("sacrifice") else ""))
    if card.get("support"):
        lines.append(f"Joins at support {card['support']}.")
    spec = {"id": card["id"], "title": card["name_zh"], "title_en": card["name_en"], "band": band,
            "band_text": f"{who} · {kind['name_zh']}", "seal": KIND_SEAL[card["kind"]], "lines": lines}
    _check_text(spec["title"], spec["title_en"], spec["band_text"], *lines, spec["seal"])
    return spec


def central_plains_sprites() -> Iterator[Item]:
    data = load_json("game/rulesets/central_plains/data.json")
    owners = {k: (c["colour"], c["ink"], c["short"]) for k, c in data["commanders"].items()}
    owners["grey"] = (data["grey"]["colour"], data["grey"]["ink"], data["grey"]["glyph"])
    for who, (colour, ink, short) in owners.items():
        for kind, p in data["pieces"].items():
            if who == "grey" and kind == "armoured_train":
                continue
            _check_text(p["glyph"], short)
            img = assetlib.render_piece(colour, ink, p["glyph"], short, PIECE, train=kind == "armoured_train")
            yield f"central_plains/piece_{who}_{kind}.png", img, {
                "kind": "piece", "game": "central_plains", "commander": who, "piece": kind}
    for card in data["cards"]:
        img = assetlib.render_card(central_plains_card_spec(card, data), CARD)
        yield f"central_plains/card_{card['id']}.png", img, {
            "kind": "card", "game": "central_plains", "card": card["id"], "deck": card["deck"]}
    yield "central_plains/card_back.png", assetlib.render_card_back("中原大戰", "1930", CARD), {
        "kind": "card_back", "game": "central_plains"}


# --- common ----------------------------------------------------------------------

def common_sprites() -> Iterator[Item]:
    for n in range(1, 7):
        yield f"common/dice_{n}.png", assetlib.render_die(n, False, DIE), {"kind": "die", "pips": n, "hit": False}
    for n in range(1, 7):
        yield f"common/dice_hit_{n}.png", assetlib.render_die(n, True, DIE), {"kind": "die", "pips": n, "hit": True}
    yield "common/icon.png", assetlib.render_icon(ICON), {"kind": "icon"}


SECTIONS = [common_sprites, nomonhan_sprites, across_suez_sprites, sino_japanese_sprites, yoshitsune_sprites,
            central_plains_sprites]


def built_with() -> dict:
    import pygame.freetype
    return {"pygame": pygame.version.ver, "freetype": ".".join(map(str, pygame.freetype.get_version())),
            "zlib": zlib.ZLIB_RUNTIME_VERSION}


def dump_manifest(m: dict) -> str:
    """JSON with one line per file entry (easy to diff and read)."""
    lines = ["{"]
    keys = list(m)
    for i, k in enumerate(keys):
        end = "," if i < len(keys) - 1 else ""
        if k == "files":
            lines.append('  "files": {')
            items = list(m["files"].items())
            for j, (name, info) in enumerate(items):
                e = "," if j < len(items) - 1 else ""
                lines.append(f"    {json.dumps(name)}: {json.dumps(info, ensure_ascii=False)}{e}")
            lines.append("  }" + end)
        else:
            lines.append(f"  {json.dumps(k)}: {json.dumps(m[k], ensure_ascii=False)}{end}")
    lines.append("}")
    return "\n".join(lines)


def generate(out: Path, sheet: Path | None = None) -> dict:
    assetlib.init()
    files: dict[str, dict] = {}
    shown = []
    for section in SECTIONS:
        for rel, img, meta in section():
            assetlib.save_png(img, out / rel)
            files[rel] = {"size": list(img.get_size()), **meta}
            shown.append((rel.split("/")[-1][:-4], img))
    manifest = {
        "format": 1,
        "generator": "tools/gen_sprites.py",
        "built_with": built_with(),
        "files": dict(sorted(files.items())),
    }
    (out / "manifest.json").write_text(dump_manifest(manifest) + "\n", encoding="utf-8")
    if sheet is not None:
        pygame.image.save(assetlib.contact_sheet(shown, cols=8, cell=112, scale=2), str(sheet))
    return manifest


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", type=Path, default=ROOT / "sprites")
    ap.add_argument("--sheet", type=Path, default=None, help="also write a contact sheet PNG here")
    args = ap.parse_args(argv)
    m = generate(args.out, args.sheet)
    print(f"{len(m['files'])} sprites written to {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
