"""Generate the hex terrain tileset used by maps/nomonhan.tmx.

    python tools/gen_tiles.py            # writes maps/tiles/terrain.png and terrain.tsx
    python tools/gen_tiles.py --check    # exit 1 if the files on disk differ

Draws pointy-top hex tiles (112 x 128 px, hex side 64, the Tiled geometry of
the map) with pygame into one tileset image. The PNG is encoded here (raw
RGBA, zlib level 9, no timestamps) so that running the script again writes
the same bytes.
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
    mask = pygame.Surface((TILE_W, TILE_H), pygame.SRCALPHA)
    mask.fill((255, 255, 255, 0))
    pygame.draw.polygon(mask, (255, 255, 255, 255), poly)
    surf.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    pygame.draw.aalines(surf, OUTLINE, True, poly)
    return surf


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


def tsx_text() -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<tileset version="1.10" tiledversion="1.10.2" name="terrain" tilewidth="{TILE_W}" '
             f'tileheight="{TILE_H}" tilecount="{len(TILES)}" columns="{len(TILES)}">',
             f' <image source="terrain.png" width="{TILE_W * len(TILES)}" height="{TILE_H}"/>']
    for i, (name, props, _) in enumerate(TILES):
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


def build() -> dict[Path, bytes]:
    sheet = pygame.Surface((TILE_W * len(TILES), TILE_H), pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for i, (name, _, colour) in enumerate(TILES):
        sheet.blit(draw_tile(name, colour), (i * TILE_W, 0))
    return {OUT / "terrain.png": png_bytes(sheet), OUT / "terrain.tsx": tsx_text().encode()}


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
