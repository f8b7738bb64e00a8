"""Generate the hex terrain tilesets used by maps/nomonhan.tmx, maps/across_suez.tmx and maps/sino_japanese.tmx.

    python tools/gen_tiles.py            # writes maps/tiles/terrain, suez_terrain and sj_terrain (.png/.tsx)
    python tools/gen_tiles.py --check    # exit 1 if the files on disk differ

Nomonhan: pointy-top hex tiles (112 x 128 px, hex side 64). Across Suez:
flat-top hex tiles (64 x 56 px, hex side 32, stagger x). 日清戰爭: flat-top
hex tiles (74 x 64 px, hex side 36, stagger x). Each set is the
Tiled geometry of its map, drawn with pygame into one tileset image. The PNG
is encoded here (raw RGBA, zlib level 9, no timestamps) so that running the
script again writes the same bytes.
"""
from __future__ import annotations

import argparse
import os
import random
import struct
import sys
import zlib
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.core.board import HexGeometry  # noqa: E402

OUT = ROOT / "maps" / "tiles"
TILE_W, TILE_H, SIDE = 112, 128, 64

# (tile name, properties, body colour); order = tile id in the tileset
TILES = [
    ("clear", {"terrain": "clear"}, (205, 196, 141)),
    ("hill", {"terrain": "hill"}, (183, 146, 96)),
    ("impassable", {"terrain": "impassable"}, (122, 124, 118)),
    ("track", {"terrain": "impassable", "track": True}, (233, 224, 194)),
]
OUTLINE = (78, 70, 48)


def hexagon() -> list[tuple[float, float]]:
    return HexGeometry("y", "odd", TILE_W, TILE_H, SIDE).corners(0, 0)


def scaled(poly, k: float):
    cx, cy = TILE_W / 2, TILE_H / 2
    return [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly]


def clip_to_hex(surf: pygame.Surface, poly, outline) -> pygame.Surface:
    """Make everything outside the hexagon transparent and draw its outline."""
    mask = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.aalines(surf, outline, True, poly)
    return surf


def draw_tile(kind: str, colour) -> pygame.Surface:
    poly = hexagon()
    surf = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
    surf.fill((*colour, 255))
    rng = random.Random(f"sandtable-{kind}")
    dark = tuple(max(0, c - 40) for c in colour)
    if kind == "clear":                      # steppe grass tufts
        for _ in range(26):
            x, y = rng.uniform(10, TILE_W - 10), rng.uniform(14, TILE_H - 14)
            for dx in (-3, 0, 3):
                pygame.draw.aaline(surf, dark, (x, y), (x + dx, y - 5))
    elif kind == "hill":                     # contour rings
        for k in (0.78, 0.56, 0.34):
            pygame.draw.aalines(surf, dark, True, scaled(poly, k))
        pygame.draw.circle(surf, dark, (TILE_W // 2, TILE_H // 2), 4)
    elif kind == "impassable":               # hatched: the Holsten valley and the map edge
        for i in range(-TILE_H, TILE_W + TILE_H, 10):
            pygame.draw.aaline(surf, dark, (i, 0), (i - TILE_H, TILE_H))
    elif kind == "track":                    # a box of the Game Turn track
        pygame.draw.polygon(surf, (216, 203, 162), scaled(poly, 0.8), 3)
    return clip_to_hex(surf, poly, OUTLINE)


def png_bytes(surf: pygame.Surface) -> bytes:
    w, h = surf.get_size()
    raw = pygame.image.tobytes(surf, "RGBA")
    rows = b"".join(b"\x00" + raw[y * w * 4:(y + 1) * w * 4] for y in range(h))

    def chunk(tag: bytes, data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + tag + data + struct.pack(">I", zlib.crc32(tag + data))

    return (b"\x89PNG\r\n\x1a\n"
            + chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 6, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(rows, 9))
            + chunk(b"IEND", b""))


def tsx_text(name: str = "terrain", tiles=TILES, tile_w: int = TILE_W, tile_h: int = TILE_H) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.10" tiledversion="1.10.2" name="{name}" tilewidth="{tile_w}" '
             f'tileheight="{tile_h}" tilecount="{len(tiles)}" columns="{len(tiles)}">',
             f' <image source="{name}.png" width="{tile_w * len(tiles)}" height="{tile_h}"/>']
    for i, (_, props, _) in enumerate(tiles):
        lines.append(f' <tile id="{i}">')
        lines.append('  <properties>')
        for k, v in props.items():
            if isinstance(v, bool):
                lines.append(f'   <property name="{k}" type="bool" value="{str(v).lower()}"/>')
            else:
                lines.append(f'   <property name="{k}" value="{v}"/>')
        lines.append('  </properties>')
        lines.append(' </tile>')
    lines.append('</tileset>')
    return "\n".join(lines) + "\n"


# -- Across Suez (maps/across_suez.tmx): flat-top hexes, stagger x ------------------

SUEZ_W, SUEZ_H, SUEZ_SIDE = 64, 56, 32

# (tile name, properties, body colour); order = tile id in suez_terrain.tsx.
# "fort" is an overlay tile (layer "fort"): transparent body, no terrain.
SUEZ_TILES = [
    ("clear", {"terrain": "clear"}, (222, 201, 150)),
    ("lake", {"terrain": "lake", "water": True, "impassable": True}, (84, 132, 181)),
    ("chinese_farm", {"terrain": "chinese_farm"}, (150, 168, 104)),
    ("elevated_sand", {"terrain": "elevated_sand"}, (205, 164, 100)),
    ("fort", {"fort": True}, None),
]
SUEZ_OUTLINE = (110, 92, 60)


def suez_hexagon() -> list[tuple[float, float]]:
    return HexGeometry("x", "odd", SUEZ_W, SUEZ_H, SUEZ_SIDE).corners(0, 0)


def draw_suez_tile(kind: str, colour) -> pygame.Surface:
    poly = suez_hexagon()
    w, h = SUEZ_W, SUEZ_H
    cx, cy = w / 2, h / 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((0, 0, 0, 0) if colour is None else (*colour, 255))
    rng = random.Random(f"sandtable-suez-{kind}")
    if kind == "fort":                       # Bar Lev strongpoint: a ringed square
        ink = (70, 56, 40, 255)
        pygame.draw.circle(surf, ink, (cx, cy), 15, 2)
        pygame.draw.rect(surf, ink, pygame.Rect(cx - 7, cy - 7, 14, 14), 2)
        for dx, dy in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            pygame.draw.line(surf, ink, (cx + 7 * dx, cy + 7 * dy), (cx + 12 * dx, cy + 12 * dy), 2)
        return surf
    dark = tuple(max(0, c - 45) for c in colour)
    if kind == "clear":                      # desert grit
        for _ in range(30):
            surf.set_at((int(rng.uniform(6, w - 6)), int(rng.uniform(4, h - 4))), dark)
    elif kind == "lake":                     # wavelets
        light = tuple(min(255, c + 45) for c in colour)
        for _ in range(9):
            x, y = rng.uniform(10, w - 18), rng.uniform(8, h - 8)
            pygame.draw.aalines(surf, light, False, [(x, y), (x + 4, y - 2), (x + 8, y), (x + 12, y - 2)])
    elif kind == "chinese_farm":             # irrigation ditches
        for i in range(-h, w + h, 9):
            pygame.draw.aaline(surf, dark, (i, 0), (i + h // 2, h))
        pygame.draw.aaline(surf, dark, (0, cy), (w, cy))
    elif kind == "elevated_sand":            # dune contours
        for k in (0.72, 0.46):
            pygame.draw.aalines(surf, dark, True, [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly])
        pygame.draw.circle(surf, dark, (cx, cy), 3)
    return clip_to_hex(surf, poly, SUEZ_OUTLINE)


# -- 日清戰爭 (maps/sino_japanese.tmx): flat-top hexes, stagger x ----------------------

SJ_W, SJ_H, SJ_SIDE = 74, 64, 36

# (tile name, properties, body colour); order = tile id in sj_terrain.tsx (the data sheet's codes
# . c h M; an `x` cell, an off-map box area, has no tile).
SJ_TILES = [
    ("sea", {"terrain": "sea", "water": True, "impassable": True}, (92, 136, 178)),
    ("clear", {"terrain": "clear"}, (214, 200, 148)),
    ("hill", {"terrain": "hill"}, (186, 160, 104)),
    ("mountain", {"terrain": "mountain", "impassable": True}, (132, 118, 96)),
]
SJ_OUTLINE = (104, 90, 62)


def draw_sj_tile(kind: str, colour) -> pygame.Surface:
    poly = HexGeometry("x", "odd", SJ_W, SJ_H, SJ_SIDE).corners(0, 0)
    w, h = SJ_W, SJ_H
    cx, cy = w / 2, h / 2
    surf = pygame.Surface((w, h), pygame.SRCALPHA)
    surf.fill((*colour, 255))
    rng = random.Random(f"sandtable-sj-{kind}")
    dark = tuple(max(0, c - 45) for c in colour)
    if kind == "sea":                        # wavelets
        light = tuple(min(255, c + 40) for c in colour)
        for _ in range(8):
            x, y = rng.uniform(12, w - 24), rng.uniform(10, h - 10)
            pygame.draw.aalines(surf, light, False, [(x, y), (x + 4, y - 2), (x + 8, y), (x + 12, y - 2)])
    elif kind == "clear":                    # millet-field dots
        for _ in range(26):
            surf.set_at((int(rng.uniform(8, w - 8)), int(rng.uniform(6, h - 6))), dark)
    elif kind == "hill":                     # 丘陵: contour rings
        for k in (0.70, 0.45):
            pygame.draw.aalines(surf, dark, True, [(cx + (x - cx) * k, cy + (y - cy) * k) for x, y in poly])
        pygame.draw.circle(surf, dark, (cx, cy), 3)
    elif kind == "mountain":                 # 山地: peaks, and the thick dotted outline of rule 2.1
        for px, py, s in ((cx - 12, cy + 8, 11), (cx + 8, cy + 4, 14), (cx - 2, cy + 16, 8)):
            pygame.draw.polygon(surf, dark, [(px - s, py), (px, py - s * 1.4), (px + s, py)])
            pygame.draw.polygon(surf, (236, 232, 220), [(px - s * 0.3, py - s * 1.0), (px, py - s * 1.4),
                                                       (px + s * 0.3, py - s * 1.0)])
    clip_to_hex(surf, poly, SJ_OUTLINE)
    if kind == "mountain":
        ink = (58, 48, 36, 255)
        for (ax, ay), (bx, by) in zip(poly, poly[1:] + poly[:1]):
            for i in range(1, 6):
                t = i / 6
                pygame.draw.circle(surf, ink, (ax + (bx - ax) * t + (cx - ax - (bx - ax) * t) * 0.08,
                                               ay + (by - ay) * t + (cy - ay - (by - ay) * t) * 0.08), 2)
    return surf


def tileset_files(name: str, tiles, draw, tile_w: int, tile_h: int) -> dict[Path, bytes]:
    """maps/tiles/<name>.png (the tiles side by side, in tileset order) and <name>.tsx."""
    sheet = pygame.Surface((tile_w * len(tiles), tile_h), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, (kind, _, colour) in enumerate(tiles):
        sheet.blit(draw(kind, colour), (i * tile_w, 0))
    return {OUT / f"{name}.png": png_bytes(sheet), OUT / f"{name}.tsx": tsx_text(name, tiles, tile_w, tile_h).encode()}


def build() -> dict[Path, bytes]:
    return {**tileset_files("terrain", TILES, draw_tile, TILE_W, TILE_H),
            **tileset_files("suez_terrain", SUEZ_TILES, draw_suez_tile, SUEZ_W, SUEZ_H),
            **tileset_files("sj_terrain", SJ_TILES, draw_sj_tile, SJ_W, SJ_H)}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="only compare with the files on disk")
    args = ap.parse_args(argv)
    files = build()
    if args.check:
        stale = [p for p, data in files.items() if not p.exists() or p.read_bytes() != data]
        for p in stale:
            print(f"out of date: {p.relative_to(ROOT)}")
        return 1 if stale else 0
    OUT.mkdir(parents=True, exist_ok=True)
    for p, data in files.items():
        p.write_bytes(data)
        print(f"wrote {p.relative_to(ROOT)} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
