"""A reusable renderer for hex boards built from TMX (game.core.board.Board).

It owns the camera (pan and zoom over an area of the screen), hex picking,
the cached static layer (terrain, hexsides, hex numbers and whatever static
decoration a game adds) per zoom level, and cached translucent hex overlays.
Game-specific drawing (counters, markers) is done by the game's UI plugin
through ``to_screen`` / ``hex_center`` / ``hex_size``.
"""
from __future__ import annotations

import math
from typing import Callable, Iterable

import pygame

TERRAIN_COLOURS = {
    "clear": (198, 186, 132), "steppe": (198, 186, 132), "hill": (158, 128, 80),
    "impassable": (58, 62, 60), "offmap": (40, 44, 48), "water": (74, 116, 168),
    "forest": (96, 132, 80), "town": (180, 170, 160), "marsh": (120, 150, 120),
    "land": (206, 192, 150), "sea": (86, 128, 172), "offboard": (64, 70, 78),
    "lake": (70, 120, 190), "chinese_farm": (150, 170, 96), "elevated_sand": (226, 198, 128),
    "mountain": (120, 106, 86),
}
RIVER = (48, 108, 208)
RIVER_EDGE = (22, 52, 110)


class BoardView:
    ZOOM_STEP = 1.18
    MIN_K, MAX_K = -2, 7

    def __init__(self, board, assets, area: pygame.Rect,
                 decorate: Callable[[pygame.Surface, "BoardView", float], None] | None = None):
        self.board = board
        self.assets = assets
        self.area = pygame.Rect(area)
        self.decorate = decorate
        self.picture = False        # a picture of the map: no panels or badges (GameUI.thumbnail)
        self.pw = float(getattr(board, "pixel_width", 0) or self._extent()[0])
        self.ph = float(getattr(board, "pixel_height", 0) or self._extent()[1])
        for b in getattr(board, "boxes", ()):      # off-map boxes may lie beyond the hexes: show them
            for x, y in board.corners(b):
                self.pw, self.ph = max(self.pw, x + 8.0), max(self.ph, y + 8.0)
        self.k = 0
        self.fit_z = 1.0
        self.z = 1.0
        self.ox = 0.0
        self.oy = 0.0
        self._static: dict[float, pygame.Surface] = {}
        self._hexsurf: dict[tuple, tuple[pygame.Surface, tuple[int, int]]] = {}
        self._corners = {n: [tuple(p) for p in board.corners(n)] for n in board.cells}
        self.fit()

    def _extent(self) -> tuple[float, float]:
        xs, ys = [], []
        for n in self.board.cells:
            for x, y in self.board.corners(n):
                xs.append(x)
                ys.append(y)
        return (max(xs) if xs else 100.0, max(ys) if ys else 100.0)

    # -- camera --------------------------------------------------------------
    def fit(self) -> None:
        margin = 16
        self.fit_z = min((self.area.width - 2 * margin) / self.pw, (self.area.height - 2 * margin) / self.ph)
        self.k = 0
        self.z = self.fit_z
        self.ox = (self.area.width - self.pw * self.z) / 2
        self.oy = (self.area.height - self.ph * self.z) / 2

    def set_area(self, area: pygame.Rect) -> None:
        if pygame.Rect(area) != self.area:
            self.area = pygame.Rect(area)
            self._static.clear()
            self._hexsurf.clear()
            self.fit()

    def zoom(self, steps: int, anchor: tuple[int, int] | None = None) -> None:
        k = max(self.MIN_K, min(self.MAX_K, self.k + steps))
        if k == self.k:
            return
        ax, ay = anchor if anchor else self.area.center
        mx, my = self.to_map(ax, ay)
        self.k = k
        self.z = round(self.fit_z * self.ZOOM_STEP ** k, 4)
        self.ox = ax - self.area.x - mx * self.z
        self.oy = ay - self.area.y - my * self.z
        self.clamp()

    def pan(self, dx: float, dy: float) -> None:
        self.ox += dx
        self.oy += dy
        self.clamp()

    def clamp(self) -> None:
        w, h = self.pw * self.z, self.ph * self.z
        aw, ah = self.area.width, self.area.height
        if w <= aw:
            self.ox = min(max(self.ox, 0), aw - w)
        else:
            self.ox = min(max(self.ox, aw - w - 40), 40)
        if h <= ah:
            self.oy = min(max(self.oy, 0), ah - h)
        else:
            self.oy = min(max(self.oy, ah - h - 40), 40)

    def ensure_visible(self, name: str) -> None:
        x, y = self.hex_center(name)
        r = self.hex_size() * 0.6
        dx = dy = 0.0
        if x - r < self.area.left:
            dx = self.area.left - (x - r)
        elif x + r > self.area.right:
            dx = self.area.right - (x + r)
        if y - r < self.area.top:
            dy = self.area.top - (y - r)
        elif y + r > self.area.bottom:
            dy = self.area.bottom - (y + r)
        if dx or dy:
            self.pan(dx, dy)

    # -- coordinates -------------------------------------------------------------
    def to_screen(self, px: float, py: float) -> tuple[float, float]:
        return (self.area.x + self.ox + px * self.z, self.area.y + self.oy + py * self.z)

    def to_map(self, sx: float, sy: float) -> tuple[float, float]:
        return ((sx - self.area.x - self.ox) / self.z, (sy - self.area.y - self.oy) / self.z)

    def hex_center(self, name: str) -> tuple[float, float]:
        c = self.board.cells[name].center
        return self.to_screen(c[0], c[1])

    def hex_size(self) -> float:
        """Screen width of a hex (tile width) at the current zoom."""
        return float(getattr(self.board, "tilewidth", 64)) * self.z

    def hex_at(self, pos) -> str | None:
        if not self.area.collidepoint(pos):
            return None
        px, py = self.to_map(*pos)
        try:
            return self.board.cell_at_pixel(px, py)
        except Exception:
            return None

    def neighbour_in_direction(self, name: str | None, dx: int, dy: int) -> str | None:
        """The cell whose centre lies best in screen direction (dx, dy) from ``name``."""
        cells = self.board.cells
        if name is None or name not in cells:
            return min(cells, key=lambda n: (cells[n].center[1], cells[n].center[0])) if cells else None
        cx, cy = cells[name].center
        norm = math.hypot(dx, dy) or 1.0
        ux, uy = dx / norm, dy / norm
        best, score = None, 1e18
        for n, c in cells.items():
            if n == name:
                continue
            vx, vy = c.center[0] - cx, c.center[1] - cy
            d = math.hypot(vx, vy)
            cos = (vx * ux + vy * uy) / d
            if cos < 0.45:
                continue
            s = d * (2.2 - cos)
            if s < score:
                best, score = n, s
        return best or name

    # -- static layer ----------------------------------------------------------
    def static_layer(self) -> pygame.Surface:
        surf = self._static.get(self.z)
        if surf is None:
            if len(self._static) > 4:
                self._static.clear()
            surf = self._render_static(self.z)
            self._static[self.z] = surf
        return surf

    def forget_pictures(self) -> None:
        """Draw the static layer again (the palette changed)."""
        self._static.clear()
        self._hexsurf.clear()
        self._composite_key = None

    def _render_static(self, z: float) -> pygame.Surface:
        """The map at zoom z; its labels zoom with it (Assets.on_map: no interface minimum size)."""
        was = self.assets.on_map
        self.assets.on_map = True
        try:
            return self._render_static_at(z)
        finally:
            self.assets.on_map = was

    def _render_static_at(self, z: float) -> pygame.Surface:
        w, h = int(self.pw * z) + 2, int(self.ph * z) + 2
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        board = self.board
        lw = max(1, round(z * 1.2))
        if board.kind != "hex" and self.decorate:     # area / point boards: the game draws its own regions
            self.decorate(surf, self, z)
            return surf
        for n, cell in board.cells.items():
            pts = [(x * z, y * z) for x, y in self._corners[n]]
            col = TERRAIN_COLOURS.get(cell.terrain, (150, 150, 150))
            pygame.draw.polygon(surf, col, pts)
            if cell.terrain == "hill":
                cx, cy = cell.center[0] * z, cell.center[1] * z
                for i, rr in enumerate((0.34, 0.24, 0.14)):
                    r = pygame.Rect(0, 0, 64 * z * rr * 2, 64 * z * rr * 1.3)
                    r.center = (cx, cy + 6 * z)
                    pygame.draw.ellipse(surf, (128, 100, 60), r, max(1, round(z * 1.3)))
            elif cell.terrain in ("impassable", "offmap"):
                clip = surf.get_clip()
                xs = [p[0] for p in pts]
                ys = [p[1] for p in pts]
                box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                surf.set_clip(box)
                for off in range(-int(box.height), int(box.width), max(6, int(9 * z))):
                    pygame.draw.line(surf, (74, 78, 76), (box.x + off, box.bottom), (box.x + off + box.height, box.y), lw)
                surf.set_clip(clip)
            pygame.draw.polygon(surf, (92, 84, 60), pts, lw)
        # decoration polylines (e.g. a decorative stream)
        for obj in _objects(board, "decor"):
            if getattr(obj, "points", None) and len(obj.points) > 1:
                col = _colour(obj.props.get("colour"), RIVER)
                width = max(2, round(float(obj.props.get("width", 3)) * z))
                pygame.draw.lines(surf, col, False, [(x * z, y * z) for x, y in obj.points], width)
        # rivers along hexsides
        rw = max(3, round(7 * z))
        for a, b, _props in _sides(board, "river"):
            seg = board.side_segment(a, b)
            if not seg or len(seg) < 2:
                continue
            p, q = (seg[0][0] * z, seg[0][1] * z), (seg[1][0] * z, seg[1][1] * z)
            pygame.draw.line(surf, RIVER_EDGE, p, q, rw + max(2, round(2 * z)))
            for pt in (p, q):
                pygame.draw.circle(surf, RIVER_EDGE, pt, (rw + max(2, round(2 * z))) / 2)
        for a, b, _props in _sides(board, "river"):
            seg = board.side_segment(a, b)
            if not seg or len(seg) < 2:
                continue
            p, q = (seg[0][0] * z, seg[0][1] * z), (seg[1][0] * z, seg[1][1] * z)
            pygame.draw.line(surf, RIVER, p, q, rw)
            for pt in (p, q):
                pygame.draw.circle(surf, RIVER, pt, rw / 2)
        # hex numbers
        size = max(9, round(9 * z))
        for n, cell in board.cells.items():
            if cell.terrain in ("impassable", "offmap") or z < 0.8:
                continue
            img = self.assets.text(n, size, (70, 60, 40))
            cx, cy = cell.center
            top = min(y for _, y in self._corners[n]) * z
            surf.blit(img, img.get_rect(midtop=(cx * z, top + 8 * z)))
        if self.decorate:
            self.decorate(surf, self, z)
        return surf

    def _compose(self, background) -> tuple:
        """The background + static layer for this camera position, as an opaque surface."""
        key = (self.z, round(self.ox), round(self.oy), self.area.size, background)
        if getattr(self, "_composite_key", None) != key:
            comp = pygame.Surface(self.area.size)
            comp.fill(background)
            comp.blit(self.static_layer(), (round(self.ox), round(self.oy)))
            if pygame.display.get_surface() is not None:
                comp = comp.convert()
            self._composite = comp
            self._composite_key = key
        return key

    def draw_static(self, target: pygame.Surface, background=(26, 30, 26)) -> None:
        """Background + static layer, composed once per camera position into an
        opaque surface so a frame costs one plain blit."""
        self._compose(background)
        target.blit(self._composite, self.area.topleft)

    def draw_lit(self, target: pygame.Surface, key, paint: Callable[[pygame.Surface], None],
                 background=(26, 30, 26)) -> None:
        """The static map with what ``paint(surface)`` draws over it (lit hexes, overlays,
        tints; in screen coordinates, inside ``area``), composed into one opaque surface
        again only when the camera or ``key`` changes, so a frame costs one plain blit.
        ``key`` None: nothing is kept (the map, then ``paint`` on ``target``)."""
        if key is None:
            self.draw_static(target, background)
            paint(target)
            return
        full = (self._compose(background), self.area.topleft, key)
        a = self.area
        if getattr(self, "_lit_key", None) != full:
            s = getattr(self, "_lit", None)
            if s is None or s.get_size() != (a.right, a.bottom):
                s = pygame.Surface((a.right, a.bottom))
                if pygame.display.get_surface() is not None:
                    s = s.convert()
                self._lit = s
            s.set_clip(a)
            s.blit(self._composite, a.topleft)
            paint(s)
            s.set_clip(None)
            self._lit_key = full
        target.blit(self._lit, a.topleft, a)

    # -- overlays --------------------------------------------------------------
    def hex_overlay(self, name: str, colour: tuple, width: int = 0) -> tuple[pygame.Surface, tuple[int, int]]:
        """A cached translucent hex (filled, or an outline of ``width``) and its map-relative offset."""
        key = (self.z, name, colour, width)
        got = self._hexsurf.get(key)
        if got is None:
            if len(self._hexsurf) > 3000:
                self._hexsurf.clear()
            z = self.z
            pts = [(x * z, y * z) for x, y in self._corners[name]]
            x0 = math.floor(min(p[0] for p in pts)) - 3
            y0 = math.floor(min(p[1] for p in pts)) - 3
            w = math.ceil(max(p[0] for p in pts)) - x0 + 6
            h = math.ceil(max(p[1] for p in pts)) - y0 + 6
            s = pygame.Surface((w, h), pygame.SRCALPHA)
            local = [(px - x0, py - y0) for px, py in pts]
            if width:
                inset = _shrink(local, width / 2 + 1)
                pygame.draw.polygon(s, colour, inset, width)
                s.set_alpha(255, pygame.RLEACCEL)   # (an outline is mostly clear: run-length coded,
                #  it blits in a fifth of the time, to within 1 in 255 of the plain blend)
            else:
                pygame.draw.polygon(s, colour, local)
            got = (s, (x0, y0))
            self._hexsurf[key] = got
        return got

    def hex_rect(self, name: str, colour: tuple, width: int = 0) -> pygame.Rect:
        """The screen rect ``draw_hex(.., name, colour, width)`` draws into."""
        s, (x0, y0) = self.hex_overlay(name, colour, width)
        return pygame.Rect(math.floor(self.area.x + self.ox + x0), math.floor(self.area.y + self.oy + y0),
                           s.get_width() + 1, s.get_height() + 1)

    def draw_hex(self, target: pygame.Surface, name: str, colour: tuple, width: int = 0) -> None:
        s, (x0, y0) = self.hex_overlay(name, colour, width)
        target.blit(s, (self.area.x + self.ox + x0, self.area.y + self.oy + y0))

    def draw_hexes(self, target: pygame.Surface, names: Iterable[str], colour: tuple, width: int = 0) -> None:
        for n in names:
            if n in self._corners:
                self.draw_hex(target, n, colour, width)

    def draw_arrow(self, target: pygame.Surface, a: str, b: str, colour=(240, 60, 50), width: int = 0) -> None:
        (x1, y1), (x2, y2) = self.hex_center(a), self.hex_center(b)
        dx, dy = x2 - x1, y2 - y1
        d = math.hypot(dx, dy) or 1
        ux, uy = dx / d, dy / d
        s = self.hex_size()
        p = (x1 + ux * s * 0.28, y1 + uy * s * 0.28)
        q = (x2 - ux * s * 0.30, y2 - uy * s * 0.30)
        w = width or max(4, int(s * 0.07))
        head = w * 2.6
        base = (q[0] - ux * head, q[1] - uy * head)
        pygame.draw.line(target, (0, 0, 0), p, base, w + 4)
        pygame.draw.line(target, colour, p, base, w)
        tri = [q, (base[0] - uy * head * 0.7, base[1] + ux * head * 0.7),
               (base[0] + uy * head * 0.7, base[1] - ux * head * 0.7)]
        pygame.draw.polygon(target, (0, 0, 0), tri, 0)
        pygame.draw.polygon(target, colour, _shrink(tri, 2))


def _shrink(pts, by: float):
    cx = sum(p[0] for p in pts) / len(pts)
    cy = sum(p[1] for p in pts) / len(pts)
    out = []
    for x, y in pts:
        dx, dy = x - cx, y - cy
        d = math.hypot(dx, dy) or 1
        f = max(0.0, (d - by) / d)
        out.append((cx + dx * f, cy + dy * f))
    return out


def _objects(board, kind: str) -> list:
    try:
        return list(board.objects_of_type(kind))
    except Exception:
        return []


def _sides(board, kind: str) -> list:
    try:
        return list(board.sides_with(kind))
    except Exception:
        return []


def _colour(value, default):
    if isinstance(value, str) and value.startswith("#") and len(value) in (7, 9):
        try:
            return tuple(int(value[i:i + 2], 16) for i in (1, 3, 5))
        except ValueError:
            return default
    return default
