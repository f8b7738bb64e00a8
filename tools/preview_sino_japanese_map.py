"""Render maps/sino_japanese.tmx to a PNG, headless, to look at the map before the game's UI exists.

    python tools/preview_sino_japanese_map.py OUT.png [--zoom 1.0]

The terrain, rivers and hex numbers are the client's own BoardView; on top this draws what the view
does not draw yet: the off-map boxes (below the map for Incheon), box entries and sea lanes (dotted,
in their colours), the tracks, the locations (city type, port, red port) and the landing hexes. It
reads boxes and links from the board's plain objects, as the loader gives them today.
"""
from __future__ import annotations

import argparse
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
import pygame  # noqa: E402

from game.client.assets import Assets  # noqa: E402
from game.client.board_view import BoardView  # noqa: E402
from game.core.tmx import load_board  # noqa: E402

LANE = {"blue": (40, 70, 200), "yellow": (230, 200, 20)}
CITY = {"large": (160, 0, 0), "small": (40, 40, 40), "fortress": (120, 0, 120)}


def dotted(surf, colour, pts, width, dash=8.0):
    for (ax, ay), (bx, by) in zip(pts, pts[1:]):
        n = max(1, int(math.hypot(bx - ax, by - ay) / dash))
        for i in range(0, n, 2):
            pygame.draw.line(surf, colour, (ax + (bx - ax) * i / n, ay + (by - ay) * i / n),
                             (ax + (bx - ax) * (i + 1) / n, ay + (by - ay) * (i + 1) / n), width)


def render(out: str, zoom: float = 1.0) -> tuple[int, int]:
    pygame.init()
    pygame.display.set_mode((8, 8))
    board = load_board(ROOT / "maps" / "sino_japanese.tmx")
    assets = Assets()
    view = BoardView(board, assets, pygame.Rect(0, 0, 1200, 1500))
    bottom = max([o.y + o.height for o in board.objects if not o.points] + [board.pixel_height]) + 8
    view.pw, view.ph, view.z, view.ox, view.oy = board.pixel_width, bottom, zoom, 0.0, 0.0
    surf = pygame.Surface((int(view.pw * zoom) + 2, int(view.ph * zoom) + 2))
    surf.fill((26, 30, 26))
    surf.blit(view._render_static(zoom), (0, 0))

    def s(p):
        return p[0] * zoom, p[1] * zoom
    for o in board.objects_of_type("link"):
        if o.props.get("kind") == "box_entry":
            dotted(surf, (20, 20, 20), [s(p) for p in o.points], 2)
        else:
            dotted(surf, LANE.get(o.props.get("colour"), (0, 0, 0)), [s(p) for p in o.points],
                   2 if o.props.get("optional") else 3)
    for o in board.objects:
        if o.type == "box" or o.type.endswith("_box"):
            r = pygame.Rect(o.x * zoom, o.y * zoom, o.width * zoom, o.height * zoom)
            pygame.draw.rect(surf, (240, 236, 220) if o.type == "box" else (220, 214, 190), r)
            pygame.draw.rect(surf, (200, 30, 30) if o.props.get("red_port") else (30, 30, 30), r, 2)
            p = o.props
            text = p.get("name_local") if o.type in ("box", "mobilisation_box") else p.get(
                "label", p.get("ammo", p.get("round", p.get("side", ""))))
            img = assets.text(str(text), max(8, int(10 * zoom)), (20, 20, 20))
            surf.blit(img, img.get_rect(center=r.center))
        elif o.type == "decor" and not o.points:
            img = assets.text(o.props.get("label", ""), max(9, int(13 * zoom)), (250, 250, 250), bold=True)
            surf.blit(img, img.get_rect(center=s((o.x, o.y))))
    for cell in board.cells.values():
        cx, cy = s(cell.center)
        if cell.props.get("landing_area"):
            pygame.draw.circle(surf, (255, 140, 0), (cx - 14 * zoom, cy), 3 * zoom)
        if "name_en" not in cell.props:
            continue
        city = cell.props.get("city")
        if city in CITY:
            pygame.draw.rect(surf, CITY[city], pygame.Rect(cx - 6 * zoom, cy - 4 * zoom, 12 * zoom, 12 * zoom),
                             2 if city == "small" else 0)
        if cell.props.get("port"):
            pygame.draw.circle(surf, (220, 0, 0) if cell.props.get("red_port") else (0, 80, 220),
                               (cx + 12 * zoom, cy), 4 * zoom)
        img = assets.text(cell.props["name_en"], max(8, int(9 * zoom)), (0, 0, 0))
        surf.blit(img, img.get_rect(midtop=(cx, cy + 10 * zoom)))
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    pygame.image.save(surf, out)
    size = surf.get_size()
    pygame.quit()
    return size


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("out")
    ap.add_argument("--zoom", type=float, default=1.0)
    a = ap.parse_args(argv)
    w, h = render(a.out, a.zoom)
    print(f"wrote {a.out} ({w} x {h})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
