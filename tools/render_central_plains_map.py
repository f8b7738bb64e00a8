"""Render maps/central_plains.tmx headless to PNG files, to look at the map.

    python tools/render_central_plains_map.py [--out DIR]

Writes DIR/central_plains_map.png (the whole canvas at 1:1, with the starting
pieces and track markers) and DIR/central_plains_fit.png (the map fitted into
the board scene's map area of a 1280 × 720 window). The drawing goes through
the client's BoardView (camera, fit, static layer) with a decorate function
of its own: the game's client plugin does not exist yet, and this is a sketch
of what it could draw (link styles, terrain, HQs, names, pieces, tracks).
"""
from __future__ import annotations

import argparse
import json
import math
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.client.assets import Assets  # noqa: E402
from game.client.board_view import BoardView  # noqa: E402
from game.core.tmx import load_board  # noqa: E402
from tools.gen_central_plains_map import (LABEL_EN, LABEL_ZH, LINE_EN, LINE_ZH, link_lines, all_links,  # noqa: E402
                                          footprint, label_box, parse_start)

MAP = ROOT / "maps" / "central_plains.tmx"
DATA = ROOT / "game" / "rulesets" / "central_plains" / "data.json"

PAPER = (222, 212, 178)
INK = (44, 36, 26)
TERRAIN_FILL = {"mountain": (150, 118, 84), "town": (246, 240, 224), "plain": (176, 196, 120)}
HQ_RING = (196, 30, 30)


def _dashed(surf, a, b, colour, width, dash):
    d = math.dist(a, b)
    if d == 0:
        return
    n = max(1, int(d / dash))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surf, colour, p, q, width)


def _ties(surf, a, b, colour, half, gap):
    d = math.dist(a, b)
    if d == 0:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    nx, ny = -uy * half, ux * half
    k = gap / 2
    while k < d:
        cx, cy = a[0] + ux * k, a[1] + uy * k
        pygame.draw.line(surf, colour, (cx - nx, cy - ny), (cx + nx, cy + ny), max(1, round(half / 3)))
        k += gap


def _link(surf, kind, p, q, z):
    """One straight piece of a link: rail a black ladder, road brown dashes, river a blue line."""
    if kind == "rail":
        pygame.draw.line(surf, (30, 30, 30), p, q, max(2, round(7 * z)))
        _ties(surf, p, q, (245, 240, 228), 2.6 * z, 12 * z)
    elif kind == "road":
        _dashed(surf, p, q, (128, 86, 46), max(2, round(4 * z)), 10 * z)
    else:
        pygame.draw.line(surf, (40, 96, 196), p, q, max(2, round(6 * z)))


def _terrain_dot(surf, terrain, c, z):
    """The stronghold's dot: its terrain colour, with a peak for mountains."""
    (cx, cy), r = c, 11 * z
    pygame.draw.circle(surf, TERRAIN_FILL[terrain], c, r)
    pygame.draw.circle(surf, INK, c, r, max(1, round(2 * z)))
    if terrain == "mountain":
        pygame.draw.polygon(surf, (90, 66, 44), [(cx, cy - r * 0.75), (cx - r * 0.7, cy + r * 0.45),
                                                (cx + r * 0.7, cy + r * 0.45)])


class Sketch:
    def __init__(self, board, data, assets):
        self.board, self.data, self.assets = board, data, assets
        self.lines = link_lines(board.file)
        self.colour = {c["short"]: tuple(c["colour"]) for c in data["commanders"].values()}
        self.ink = {c["short"]: tuple(c["ink"]) for c in data["commanders"].values()}
        self.glyph = {p["short"]: p["glyph"] for p in data["pieces"].values()}

    def text(self, surf, s, size, pos, anchor="center", colour=INK, bold=False, halo=True):
        img = self.assets.text(s, max(6, round(size)), colour, bold=bold)
        r = img.get_rect(**{anchor: (round(pos[0]), round(pos[1]))})
        if halo:
            back = self.assets.text(s, max(6, round(size)), PAPER, bold=bold)
            for dx, dy in ((-1, 0), (1, 0), (0, -1), (0, 1)):
                surf.blit(back, r.move(dx, dy))
        surf.blit(img, r)
        return r

    def __call__(self, surf, view, z):
        b = self.board
        surf.fill((*PAPER, 255))
        S = lambda p: (p[0] * z, p[1] * z)  # noqa: E731
        # links
        for _a, _c, props in all_links(b):
            pts = [S(p) for p in self.lines[props["link_name"]]]
            kind = props.get("kind")
            for p, q in zip(pts, pts[1:]):
                _link(surf, kind, p, q, z)
        # strongholds
        for key, cell in b.cells.items():
            cx, cy = S(cell.center)
            _terrain_dot(surf, cell.terrain, (cx, cy), z)
            hq = cell.props.get("hq")
            if hq:   # the HQ: a frame round the row of pieces, red outside, the owner's colour inside
                fx0, fy0, fx1, fy1 = footprint(cell.center)
                fr = pygame.Rect(round(fx0 * z), round(fy0 * z), round((fx1 - fx0) * z), round((fy1 - fy0) * z))
                pygame.draw.rect(surf, HQ_RING, fr, max(2, round(4 * z)), border_radius=round(8 * z))
                pygame.draw.rect(surf, self.colour[hq], fr.inflate(-8 * z, -8 * z), max(1, round(3 * z)),
                                 border_radius=round(5 * z))
            # name: 漢字 over English, the HQ tag over both, in the box the generator kept free
            x0, y0, x1, y1 = label_box(key, cell.center, cell.props.get("label_at", "n"))
            mid = (x0 + x1) / 2 * z
            top = y0
            if hq:
                self.text(surf, "司令部 HQ", LABEL_EN * z, (mid, (top + LINE_EN / 2) * z), colour=HQ_RING, bold=True)
                top += LINE_EN
            self.text(surf, cell.props["name_zh"], LABEL_ZH * z, (mid, (top + LINE_ZH / 2) * z), bold=True)
            self.text(surf, cell.props["name_en"].split(" (")[0], LABEL_EN * z, (mid, (top + LINE_ZH + LINE_EN / 2) * z),
                      colour=(70, 60, 46))
            # starting pieces: a row of up to 3 counters centred on the node
            who, pieces = parse_start(str(cell.props.get("start", "")))
            codes = [c for c in ("inf", "cav", "AT") for _ in range(pieces.get({"inf": "infantry", "cav": "cavalry",
                                                                                   "AT": "armoured_train"}[c], 0))]
            ps = float(b.properties.get("piece_size", 22)) * z
            x0 = cx - (len(codes) * ps + (len(codes) - 1) * 2 * z) / 2
            for i, code in enumerate(codes):
                rr = pygame.Rect(round(x0 + i * (ps + 2 * z)), round(cy - ps / 2), round(ps), round(ps))
                pygame.draw.rect(surf, self.colour[who], rr, border_radius=max(1, round(3 * z)))
                pygame.draw.rect(surf, INK, rr, max(1, round(1.5 * z)), border_radius=max(1, round(3 * z)))
                self.text(surf, self.glyph[code], 14 * z, rr.center, colour=self.ink[who], bold=True, halo=False)
        # boxes
        for o in b.objects:
            r = pygame.Rect(round(o.x * z), round(o.y * z), round(o.width * z), round(o.height * z))
            if o.type == "panel_title":
                self.text(surf, f'{o.props.get("text_zh", "")}  {o.props.get("text_en", "")}', 17 * z,
                          (r.x, r.centery), "midleft", bold=True)
            elif o.type == "track_box":
                zone = o.props.get("zone", 0)
                fill = (236, 228, 204) if not (o.props.get("track") == "troops" and zone % 2) else (212, 200, 168)
                if o.props.get("surrender"):
                    fill = (200, 120, 110)
                pygame.draw.rect(surf, fill, r)
                pygame.draw.rect(surf, INK, r, max(1, round(1.5 * z)))
                self.text(surf, "投降" if o.props.get("surrender") else str(o.props["value"]), 13 * z,
                          (r.x + 4 * z, r.y + 2 * z), "topleft", halo=False)
                starts = [s for s in str(o.props.get("start", "")).split(",") if s]
                for i, s in enumerate(starts):
                    mx = r.x + (10 + (i % 3) * 15) * z
                    my = r.y + (26 + (i // 3) * 14) * z
                    pygame.draw.circle(surf, self.colour[s], (mx, my), 7 * z)
                    pygame.draw.circle(surf, INK, (mx, my), 7 * z, 1)
            elif o.type == "turn_order_box":
                who = o.props["commander"]
                pygame.draw.rect(surf, self.colour[who], r, border_radius=round(4 * z))
                pygame.draw.rect(surf, INK, r, max(1, round(2 * z)), border_radius=round(4 * z))
                self.text(surf, f'{o.props["index"]} {who}', 20 * z, r.center, colour=self.ink[who], bold=True,
                          halo=False)
            elif o.type in ("neutral_pile", "support_box"):
                pygame.draw.rect(surf, (236, 228, 204), r, border_radius=round(6 * z))
                pygame.draw.rect(surf, INK, r, max(1, round(2 * z)), border_radius=round(6 * z))
                label = "中立軍人 pile" if o.type == "neutral_pile" else f'{o.props["text_zh"]} support'
                self.text(surf, label, 14 * z, (r.centerx, r.y + 6 * z), "midtop", halo=False)
            elif o.type == "map_title":
                t = self.text(surf, o.props["text_zh"], 40 * z, (r.x, r.y), "topleft", bold=True)
                self.text(surf, o.props["text_en"], 16 * z, (t.right + 14 * z, t.bottom - 6 * z), "bottomleft")
            elif o.type == "legend":
                self.legend(surf, r, z)

    def legend(self, surf, r, z):
        kinds = self.data["link_kinds"]
        y = r.y + 10 * z
        for kind in str(self.board.objects_of_type("legend")[0].props["link_kinds"]).split(","):
            _link(surf, kind, (r.x + 8 * z, y + 8 * z), (r.x + 90 * z, y + 8 * z), z)
            mv = self.data["movement"]["allowance"][kind]
            self.text(surf, f'{kinds[kind]["name_zh"]} {kinds[kind]["name_en"]}: 步 {mv["infantry"]} 騎 {mv["cavalry"]} '
                      f'甲 {"∞" if mv["armoured_train"] is None else mv["armoured_train"] or "—"}', 15 * z,
                      (r.x + 104 * z, y + 8 * z), "midleft", halo=False)
            y += 30 * z
        for terr, t in self.data["terrain_types"].items():
            cx, cy = r.x + 49 * z, y + 8 * z
            _terrain_dot(surf, terr, (cx, cy), z)
            self.text(surf, f'{t["name_zh"]} {t["name_en"]}: defence {t["defence"]:+d}', 15 * z,
                      (r.x + 104 * z, cy), "midleft", halo=False)
            y += 30 * z


def render(out_dir: Path) -> list[Path]:
    pygame.init()
    pygame.display.set_mode((1, 1))
    board = load_board(MAP)
    data = json.loads(DATA.read_text(encoding="utf-8"))
    assets = Assets()
    sketch = Sketch(board, data, assets)
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    full = BoardView(board, assets, pygame.Rect(0, 0, board.pixel_width + 32, board.pixel_height + 32), decorate=sketch)
    full.z, full.ox, full.oy = 1.0, 0.0, 0.0
    surf = pygame.Surface((board.pixel_width, board.pixel_height))
    surf.blit(full.static_layer(), (0, 0))
    p = out_dir / "central_plains_map.png"
    pygame.image.save(surf, str(p))
    written.append(p)
    screen = pygame.Surface((1280, 720))
    screen.fill((26, 30, 26))
    view = BoardView(board, assets, pygame.Rect(0, 0, int(1280 * 0.72), 720), decorate=sketch)
    view.draw_static(screen)
    p = out_dir / "central_plains_fit.png"
    pygame.image.save(screen, str(p))
    written.append(p)
    pygame.quit()
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp"), help="folder for the PNG files")
    a = ap.parse_args(argv)
    for p in render(a.out):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
