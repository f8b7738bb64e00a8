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


# --- common ----------------------------------------------------------------------

def common_sprites() -> Iterator[Item]:
    for n in range(1, 7):
        yield f"common/dice_{n}.png", assetlib.render_die(n, False, DIE), {"kind": "die", "pips": n, "hit": False}
    for n in range(1, 7):
        yield f"common/dice_hit_{n}.png", assetlib.render_die(n, True, DIE), {"kind": "die", "pips": n, "hit": True}
    yield "common/icon.png", assetlib.render_icon(ICON), {"kind": "icon"}


SECTIONS = [common_sprites, nomonhan_sprites]


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
