"""The board model: hex grids, area maps and point-to-point graphs.

Pure Python (no pygame, no pytmx). :mod:`game.core.tmx` builds boards from
Tiled maps; rules, AI and client only read them. A board is immutable once
built, so one instance is shared by every game that uses the same map.

Cells are named by the printed hex number (hex maps) or the region / node
name (area and point maps). Everything the rules ask in hot loops is
precomputed: ``neighbours`` is a dict lookup returning a cached tuple and hex
``distance`` is O(1) on precomputed axial coordinates.

Hex geometry follows Tiled's ``HexagonalRenderer`` exactly (integer tile
sizes rounded down to even, integer side offsets), for both stagger axes and
both stagger indexes:

* staggeraxis ``y``: pointy-top hexes in rows; ``odd`` shifts odd 0-based rows
  right by half a tile (odd-r), ``even`` shifts even rows (even-r).
* staggeraxis ``x``: flat-top hexes in columns; ``odd`` shifts odd 0-based
  columns down by half a tile (odd-q), ``even`` shifts even columns (even-q).

Hex boards may also have *boxes* (off-map areas: ``cell.kind == "box"``) and
typed *links* (:class:`Link`: sea lanes, box entries) next to the hexes. The
graph questions (``neighbours``, ``adjacent``, ``distance``, ``find_path``,
``search``) take ``via``: the kinds of step that count, where :data:`GRID` is
the hex grid and any other name is a link kind, e.g. ``via=(GRID, "box_entry")``
for marching and ``via="sea_lane"`` for shipping. Without ``via`` every step
counts (the grid and every link), which on a map without links is the grid.
:meth:`Board.search` is the one graph search of the code base: ``distance``,
``find_path`` and :mod:`game.systems.paths` all use it.
"""
from __future__ import annotations

import heapq
import math
from collections import deque
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, Callable, Collection, Iterable, Mapping, Union

from .errors import MapError

__all__ = ["Board", "Cell", "Link", "MapObject", "Reach", "HexGeometry", "FAR", "EMPTY", "GRID"]

FAR = 1 << 30
"""``distance`` between two cells that no chain of steps joins."""

GRID = "grid"
"""The step kind of the hex grid itself, for ``via`` (a link may not use it as its kind)."""

Via = Union[None, str, Collection[str]]

EMPTY: Mapping[str, Any] = MappingProxyType({})

Point = tuple[float, float]


def _frozen(mapping: Mapping[str, Any] | None) -> Mapping[str, Any]:
    if isinstance(mapping, MappingProxyType):
        return mapping
    return MappingProxyType(dict(mapping or {}))


def pair(a: str, b: str) -> tuple[str, str]:
    """The order-independent key of the side (hexside or link) between a and b."""
    return (a, b) if a <= b else (b, a)


@dataclass(frozen=True, slots=True)
class Cell:
    """One hex, box, region or node."""

    name: str                      # printed hex number ("0207"), box, region or node name
    x: int | float                 # hex: Tiled tile column; box/area/point: centre x in pixels
    y: int | float                 # hex: Tiled tile row; box/area/point: centre y in pixels
    center: tuple[float, float]    # pixel centre in Tiled map pixel space
    terrain: str = "clear"
    props: Mapping[str, Any] = field(default_factory=lambda: EMPTY, hash=False)
    kind: str = ""                 # "hex", "box", "region" or "node" ("" = the board's own kind)

    def __post_init__(self) -> None:
        object.__setattr__(self, "props", _frozen(self.props))

    def __reduce__(self):
        return (Cell, (self.name, self.x, self.y, self.center, self.terrain, dict(self.props), self.kind))


@dataclass(frozen=True, slots=True)
class Link:
    """A typed connection between two cells (a sea lane, a box entry, a road
    between regions). It leads from ``a`` to ``b``, and back unless ``oneway``."""

    a: str                         # from: the cell of the first point or the ``from`` property
    b: str                         # to: the cell of the last point or the ``to`` property
    kind: str = "link"             # the ``kind`` property, else the object type, else "link"
    oneway: bool = False
    props: Mapping[str, Any] = field(default_factory=lambda: EMPTY, hash=False)
    name: str = ""
    points: tuple[tuple[float, float], ...] = ()   # the drawn line (absolute pixels), for the client

    def __post_init__(self) -> None:
        object.__setattr__(self, "props", _frozen(self.props))

    def __reduce__(self):
        return (Link, (self.a, self.b, self.kind, self.oneway, dict(self.props), self.name, self.points))

    def other(self, cell: str) -> str:
        """The cell at the other end from ``cell``."""
        return self.b if cell == self.a else self.a


def _as_link(link: "Link | tuple[str, str, Mapping[str, Any], bool]") -> Link:
    if isinstance(link, Link):
        return link
    a, b, props, oneway = link
    kind = props.get("kind")
    return Link(a, b, str(kind) if kind not in (None, "", True) else "link", bool(oneway), props,
                str(props.get("link_name", "")))


def _via_key(via: Via) -> frozenset[str] | None:
    if via is None or isinstance(via, frozenset):
        return via
    return frozenset((via,)) if isinstance(via, str) else frozenset(via)


class Reach:
    """What :meth:`Board.search` found: ``dist[cell]`` (steps, or cost, from the
    nearest source; sources are 0), ``prev[cell]`` (the cell it was reached
    from), and ``blocked`` (cells next to reached ones that ``enter`` refused)."""

    __slots__ = ("dist", "prev", "blocked")

    def __init__(self, dist: dict[str, Any], prev: dict[str, str], blocked: set[str]) -> None:
        self.dist, self.prev, self.blocked = dist, prev, blocked

    def __contains__(self, cell: object) -> bool:
        return cell in self.dist

    def __iter__(self):
        return iter(self.dist)

    def __len__(self) -> int:
        return len(self.dist)

    def path(self, cell: str) -> list[str] | None:
        """The path from a source to ``cell`` (both included), or None if not reached."""
        if cell not in self.dist:
            return None
        out = [cell]
        prev = self.prev
        while out[-1] in prev:
            out.append(prev[out[-1]])
        out.reverse()
        return out


@dataclass(frozen=True, slots=True)
class MapObject:
    """Any object of an object layer that is not a cell, hexside, link or route:
    flags, turn-track boxes, labels, decoration..."""

    layer: str
    name: str
    type: str
    x: float
    y: float
    width: float
    height: float
    points: tuple[tuple[float, float], ...] = ()   # absolute, for polygons and polylines
    props: Mapping[str, Any] = field(default_factory=lambda: EMPTY, hash=False)
    cell: str | None = None        # the cell the object's position falls in

    def __post_init__(self) -> None:
        object.__setattr__(self, "props", _frozen(self.props))

    def __reduce__(self):
        return (MapObject, (self.layer, self.name, self.type, self.x, self.y, self.width,
                            self.height, self.points, dict(self.props), self.cell))


# ---------------------------------------------------------------------------
# Tiled hex geometry

# Axial directions in clockwise order starting from the top of the screen.
_DIRS_POINTY = ((1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1))   # NE E SE SW W NW
_DIRS_FLAT = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))     # N NE SE S SW NW


class HexGeometry:
    """Pixel geometry of a Tiled hexagonal map (a port of the arithmetic of
    Tiled's ``HexagonalRenderer``; tile coordinates are 0-based)."""

    __slots__ = ("stagger_x", "stagger_even", "tile_w", "tile_h", "side_x", "side_y",
                 "side_off_x", "side_off_y", "col_w", "row_h", "dirs", "_octagon", "_odd")

    def __init__(self, staggeraxis: str, staggerindex: str, tilewidth: int, tileheight: int,
                 hexsidelength: float) -> None:
        if staggeraxis not in ("x", "y"):
            raise ValueError(f"staggeraxis must be 'x' or 'y', not {staggeraxis!r}")
        if staggerindex not in ("odd", "even"):
            raise ValueError(f"staggerindex must be 'odd' or 'even', not {staggerindex!r}")
        self.stagger_x = staggeraxis == "x"
        self.stagger_even = staggerindex == "even"
        self._odd = 0 if self.stagger_even else 1
        tw = int(tilewidth) & ~1
        th = int(tileheight) & ~1
        side = int(round(hexsidelength or 0))
        limit = tw if self.stagger_x else th
        if not 0 <= side <= limit:
            raise ValueError(f"hexsidelength {side} must be between 0 and the tile "
                             f"{'width' if self.stagger_x else 'height'} {limit}")
        self.tile_w, self.tile_h = tw, th
        self.side_x = side if self.stagger_x else 0
        self.side_y = 0 if self.stagger_x else side
        self.side_off_x = (tw - self.side_x) // 2
        self.side_off_y = (th - self.side_y) // 2
        self.col_w = self.side_off_x + self.side_x
        self.row_h = self.side_off_y + self.side_y
        self.dirs = _DIRS_FLAT if self.stagger_x else _DIRS_POINTY
        sx, sy = self.side_off_x, self.side_off_y
        octagon = ((0, th - sy), (0, sy), (sx, 0), (tw - sx, 0),
                   (tw, sy), (tw, th - sy), (tw - sx, th), (sx, th))
        hexagon: list[tuple[int, int]] = []
        for p in octagon:          # two of Tiled's eight points coincide
            if not hexagon or hexagon[-1] != p:
                hexagon.append(p)
        if len(hexagon) > 1 and hexagon[0] == hexagon[-1]:
            hexagon.pop()
        self._octagon = tuple(hexagon)

    def staggered(self, i: int) -> bool:
        """Whether 0-based column (stagger x) or row (stagger y) ``i`` is shifted."""
        return bool((i & 1) ^ self.stagger_even)

    def origin(self, x: int, y: int) -> tuple[int, int]:
        """Top-left pixel of the bounding box of tile (x, y)."""
        if self.stagger_x:
            py = y * (self.tile_h + self.side_y)
            if self.staggered(x):
                py += self.row_h
            return x * self.col_w, py
        px = x * (self.tile_w + self.side_x)
        if self.staggered(y):
            px += self.col_w
        return px, y * self.row_h

    def center(self, x: int, y: int) -> tuple[float, float]:
        ox, oy = self.origin(x, y)
        return float(ox + self.tile_w // 2), float(oy + self.tile_h // 2)

    def corners(self, x: int, y: int) -> list[tuple[float, float]]:
        ox, oy = self.origin(x, y)
        return [(float(ox + cx), float(oy + cy)) for cx, cy in self._octagon]

    def pixel_size(self, width: int, height: int) -> tuple[int, int]:
        """Size of the whole map in pixels (Tiled's ``mapBoundingRect``)."""
        if self.stagger_x:
            w = width * self.col_w + self.side_off_x
            h = height * (self.tile_h + self.side_y)
            if width > 1:
                h += self.row_h
        else:
            w = width * (self.tile_w + self.side_x)
            h = height * self.row_h + self.side_off_y
            if height > 1:
                w += self.col_w
        return w, h

    def to_axial(self, x: int, y: int) -> tuple[int, int]:
        """Offset (Tiled tile) coordinates to axial (q, r); cube s = -q - r."""
        if self.stagger_x:
            return x, y - (x + 1 - self._odd) // 2
        return x - (y + 1 - self._odd) // 2, y

    def from_axial(self, q: int, r: int) -> tuple[int, int]:
        if self.stagger_x:
            return q, r + (q + 1 - self._odd) // 2
        return q + (r + 1 - self._odd) // 2, r

    def tiles_near(self, px: float, py: float) -> list[tuple[int, int]]:
        """Tiles whose hexagon may contain pixel (px, py) (a 3x3 block of tiles)."""
        if self.stagger_x:
            tx = math.floor(px / self.col_w) if self.col_w else 0
            ty = math.floor((py - self.row_h / 2) / (self.tile_h + self.side_y)) if self.tile_h else 0
        else:
            tx = math.floor((px - self.col_w / 2) / (self.tile_w + self.side_x)) if self.tile_w else 0
            ty = math.floor(py / self.row_h) if self.row_h else 0
        return [(tx + i, ty + j) for j in (0, -1, 1) for i in (0, -1, 1)]

    def contains(self, x: int, y: int, px: float, py: float, eps: float = 1e-9) -> bool:
        """Whether pixel (px, py) is inside (or on the outline of) tile (x, y)'s hexagon."""
        return _in_convex(self.corners(x, y), px, py, eps)


def _in_convex(poly: list[Point], px: float, py: float, eps: float = 1e-9) -> bool:
    sign = 0
    n = len(poly)
    for i in range(n):
        ax, ay = poly[i]
        bx, by = poly[(i + 1) % n]
        cross = (bx - ax) * (py - ay) - (by - ay) * (px - ax)
        if cross > eps:
            if sign < 0:
                return False
            sign = 1
        elif cross < -eps:
            if sign > 0:
                return False
            sign = -1
    return True


def point_in_polygon(poly: Iterable[Point], px: float, py: float) -> bool:
    """Even-odd rule; works for concave polygons."""
    pts = list(poly)
    inside = False
    j = len(pts) - 1
    for i in range(len(pts)):
        xi, yi = pts[i]
        xj, yj = pts[j]
        if (yi > py) != (yj > py):
            xcross = xi + (py - yi) * (xj - xi) / (yj - yi)
            if px < xcross:
                inside = not inside
        j = i
    return inside


def polygon_area(poly: Iterable[Point]) -> float:
    pts = list(poly)
    s = 0.0
    for i in range(len(pts)):
        x1, y1 = pts[i]
        x2, y2 = pts[(i + 1) % len(pts)]
        s += x1 * y2 - x2 * y1
    return s / 2


def segment_distance(p: Point, a: Point, b: Point) -> float:
    (px, py), (ax, ay), (bx, by) = p, a, b
    dx, dy = bx - ax, by - ay
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((px - ax) * dx + (py - ay) * dy) / length2))
    return math.hypot(px - (ax + t * dx), py - (ay + t * dy))


def polygon_center(poly: list[Point]) -> Point:
    """A good place to put counters: the area centroid if it lies inside the
    polygon, else the middle of the widest horizontal chord through it."""
    a = polygon_area(poly)
    if abs(a) < 1e-9:
        n = len(poly)
        return (sum(p[0] for p in poly) / n, sum(p[1] for p in poly) / n)
    cx = cy = 0.0
    for i in range(len(poly)):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % len(poly)]
        f = x1 * y2 - x2 * y1
        cx += (x1 + x2) * f
        cy += (y1 + y2) * f
    cx, cy = cx / (6 * a), cy / (6 * a)
    if point_in_polygon(poly, cx, cy):
        return (cx, cy)
    xs = []
    for i in range(len(poly)):
        (x1, y1), (x2, y2) = poly[i], poly[(i + 1) % len(poly)]
        if (y1 > cy) != (y2 > cy):
            xs.append(x1 + (cy - y1) * (x2 - x1) / (y2 - y1))
    xs.sort()
    best = max(((xs[i + 1] - xs[i], (xs[i] + xs[i + 1]) / 2) for i in range(0, len(xs) - 1, 2)),
               default=(0.0, cx))
    return (best[1], cy)


# -- the two searches of Board.search ------------------------------------------------------
def _breadth_first(nbrs: Mapping[str, tuple[str, ...]], dist: dict[str, Any],
                   enter: Callable[[str], bool] | None, limit: float | None, goal: str | None) -> Reach:
    """Every step costs 1: breadth-first from the cells already in ``dist`` (at 0)."""
    prev: dict[str, str] = {}
    blocked: set[str] = set()
    todo = deque(dist)
    while todo:
        c = todo.popleft()
        d = dist[c] + 1
        if limit is not None and d > limit:
            break
        for n in nbrs[c]:
            if n in dist or n in blocked:
                continue
            if enter is not None and not enter(n):
                blocked.add(n)
                continue
            dist[n] = d
            prev[n] = c
            if n == goal:
                return Reach(dist, prev, blocked)
            todo.append(n)
    return Reach(dist, prev, blocked)


def _cheapest_first(nbrs: Mapping[str, tuple[str, ...]], dist: dict[str, Any],
                    enter: Callable[[str], bool] | None, limit: float | None, goal: str | None,
                    cost: Callable[[str, str], float | None]) -> Reach:
    """Steps priced by ``cost``: Dijkstra from the cells already in ``dist`` (at 0); ``enter``
    is asked once a cell, when a step into it would first improve it."""
    prev: dict[str, str] = {}
    blocked: set[str] = set()
    done: set[str] = set()
    ok: dict[str, bool] = {}
    heap = [(0, i, s) for i, s in enumerate(dist)]
    seq = len(heap)
    while heap:
        d, _, c = heapq.heappop(heap)
        if c in done or d > dist[c]:
            continue
        done.add(c)
        if c == goal:
            break
        for n in nbrs[c]:
            if n in done:
                continue
            step = cost(c, n)
            if step is None:
                continue
            nd = d + step
            if (limit is not None and nd > limit) or nd >= dist.get(n, math.inf):
                continue
            if enter is not None:
                allowed = ok.get(n)
                if allowed is None:
                    allowed = ok[n] = bool(enter(n))
                    if not allowed:
                        blocked.add(n)
                if not allowed:
                    continue
            dist[n] = nd
            prev[n] = c
            seq += 1
            heapq.heappush(heap, (nd, seq, n))
    return Reach(dist, prev, blocked)


# ---------------------------------------------------------------------------


class Board:
    """An immutable board. Build it with :func:`game.core.tmx.load_board`.

    ``kind`` is ``"hex"``, ``"area"`` or ``"point"``. For hex boards cells are
    tiles of the Tiled grid, plus any boxes; for area boards they are polygons
    and for point boards they are points, joined by links.
    """

    __slots__ = ("file", "kind", "orientation", "staggeraxis", "staggerindex", "width", "height",
                 "tilewidth", "tileheight", "hexsidelength", "pixel_width", "pixel_height",
                 "properties", "cells", "boxes", "routes", "objects", "geometry", "link_kinds",
                 "_xy", "_axial", "_grid", "_nbrs", "_adj", "_sides", "_links", "_link_list",
                 "_polys", "_radii", "_dist", "_via", "_init")

    def __init__(self, *, path: str, kind: str, cells: Iterable[Cell],
                 orientation: str = "orthogonal", staggeraxis: str | None = None,
                 staggerindex: str | None = None, width: int = 0, height: int = 0,
                 tilewidth: int = 0, tileheight: int = 0, hexsidelength: float | None = None,
                 properties: Mapping[str, Any] | None = None,
                 sides: Mapping[tuple[str, str], Mapping[str, Any]] | None = None,
                 links: Iterable[Link | tuple[str, str, Mapping[str, Any], bool]] = (),
                 routes: Mapping[str, Iterable[str]] | None = None,
                 objects: Iterable[MapObject] = (),
                 polygons: Mapping[str, Iterable[Point]] | None = None,
                 radii: Mapping[str, float] | None = None) -> None:
        if kind not in ("hex", "area", "point"):
            raise ValueError(f"board kind must be hex, area or point, not {kind!r}")
        cells = tuple(cells)
        links = tuple(_as_link(k) for k in links)
        self._init = dict(path=path, kind=kind, cells=cells, orientation=orientation,
                          staggeraxis=staggeraxis, staggerindex=staggerindex, width=width,
                          height=height, tilewidth=tilewidth, tileheight=tileheight,
                          hexsidelength=hexsidelength, properties=dict(properties or {}),
                          sides={k: dict(v) for k, v in (sides or {}).items()}, links=links,
                          routes={k: tuple(v) for k, v in (routes or {}).items()},
                          objects=tuple(objects),
                          polygons={k: tuple(v) for k, v in (polygons or {}).items()},
                          radii=dict(radii or {}))
        self.file = str(path)
        self.kind = kind
        self.orientation = orientation
        self.staggeraxis = staggeraxis
        self.staggerindex = staggerindex
        self.width, self.height = int(width), int(height)
        self.tilewidth, self.tileheight = int(tilewidth), int(tileheight)
        self.hexsidelength = hexsidelength
        self.properties: Mapping[str, Any] = _frozen(properties)
        self.cells: dict[str, Cell] = self._own_cells(cells, kind)
        self.boxes: tuple[str, ...] = tuple(n for n, c in self.cells.items() if c.kind == "box")
        self.routes: dict[str, tuple[str, ...]] = dict(self._init["routes"])
        self.objects: tuple[MapObject, ...] = self._init["objects"]
        self._dist: dict[tuple[frozenset[str] | None, str], dict[str, int]] = {}
        self._via: dict[frozenset[str], dict[str, tuple[str, ...]]] = {}
        self._xy: dict[tuple[int, int], str] = {}
        self._axial: dict[str, tuple[int, int]] = {}
        self._polys: dict[str, tuple[Point, ...]] = dict(self._init["polygons"])
        self._radii: dict[str, float] = dict(self._init["radii"])
        if kind == "hex":
            grid = self._hex_grid()
        else:
            self.geometry = None
            self.pixel_width = self.width * self.tilewidth
            self.pixel_height = self.height * self.tileheight
            grid = {n: [] for n in self.cells}
        # links: on every kind of board, after the hex grid
        nbrs = self._add_links(links, grid)
        if kind != "hex":       # on area and point boards a link is also the side between its cells
            sides = {**self._link_sides(), **{pair(*k): v for k, v in (sides or {}).items()}}
        self._grid: dict[str, tuple[str, ...]] = {n: tuple(v) for n, v in grid.items()}
        self._nbrs: dict[str, tuple[str, ...]] = {n: tuple(v) for n, v in nbrs.items()}
        self._adj: dict[str, frozenset[str]] = {n: frozenset(v) for n, v in nbrs.items()}
        normal = {pair(*k): v for k, v in (sides or {}).items()}
        self._sides: dict[tuple[str, str], Mapping[str, Any]] = {
            k: _frozen(normal[k]) for k in sorted(normal)}

    @staticmethod
    def _own_cells(cells: tuple[Cell, ...], kind: str) -> dict[str, Cell]:
        """The cells by name, each of the board's own kind (hex boards: boxes and hexes;
        others: as given, or the board's kind where none is given)."""
        own = {"hex": "hex", "area": "region", "point": "node"}[kind]
        out: dict[str, Cell] = {}
        for c in cells:
            if c.name in out:
                raise ValueError(f"duplicate cell name {c.name!r}")
            if c.kind != own and (not c.kind or (kind == "hex" and c.kind != "box")):
                c = replace(c, kind=own)
            out[c.name] = c
        return out

    def _hex_grid(self) -> dict[str, list[str]]:
        """A hex board's geometry, its cells' places (``_xy``, ``_axial``) and each cell's
        neighbours on the grid, in the geometry's order of directions."""
        geo = self.geometry = HexGeometry(self.staggeraxis or "y", self.staggerindex or "odd",
                                          self.tilewidth, self.tileheight, self.hexsidelength or 0)
        self.pixel_width, self.pixel_height = geo.pixel_size(self.width, self.height)
        by_axial: dict[tuple[int, int], str] = {}
        for c in self.cells.values():
            if c.kind == "box":
                if c.name not in self._polys:
                    raise ValueError(f"box {c.name!r} has no outline (polygons)")
                continue
            xy = (int(c.x), int(c.y))
            self._xy[xy] = c.name
            ax = geo.to_axial(*xy)
            self._axial[c.name] = ax
            by_axial[ax] = c.name
        grid: dict[str, list[str]] = {n: [] for n in self.cells}
        for name, (q, r) in self._axial.items():
            for dq, dr in geo.dirs:
                other = by_axial.get((q + dq, r + dr))
                if other is not None:
                    grid[name].append(other)
        return grid

    def _add_links(self, links: tuple[Link, ...], grid: dict[str, list[str]]) -> dict[str, list[str]]:
        """Each cell's neighbours: the grid's, then the links' (a one-way link only from its
        first cell); keeps the links (``_link_list``, ``link_kinds``, ``_links`` by pair)."""
        nbrs = {n: list(v) for n, v in grid.items()}
        grouped: dict[tuple[str, str], list[Mapping[str, Any]]] = {}
        for link in links:
            a, b = link.a, link.b
            for n in (a, b):
                if n not in self.cells:
                    raise ValueError(f"link {a}-{b}: no cell {n!r}")
            if link.kind == GRID:
                raise ValueError(f"link {a}-{b}: the kind {GRID!r} is the hex grid's")
            if b not in nbrs[a]:
                nbrs[a].append(b)
            if not link.oneway and a not in nbrs[b]:
                nbrs[b].append(a)
            grouped.setdefault(pair(a, b), []).append(link.props)
        self._link_list: tuple[Link, ...] = links
        self.link_kinds: frozenset[str] = frozenset(k.kind for k in links)
        self._links: dict[tuple[str, str], tuple[Mapping[str, Any], ...]] = {
            key: tuple(grouped[key]) for key in sorted(grouped)}
        return nbrs

    def _link_sides(self) -> dict[tuple[str, str], dict[str, Any]]:
        """The side between two linked cells: their links' properties merged."""
        merged_sides: dict[tuple[str, str], dict[str, Any]] = {}
        for key, group in self._links.items():
            merged: dict[str, Any] = {}
            for p in group:
                merged.update(p)
            merged_sides[key] = merged
        return merged_sides

    # -- pickling: rebuild from the constructor arguments -------------------
    def __reduce__(self):
        return (_rebuild, (self._init,))

    def __repr__(self) -> str:
        return f"<Board {self.kind} {self.file!r}: {len(self.cells)} cells>"

    # -- cells ---------------------------------------------------------------
    def _unknown(self, name: str) -> KeyError:
        return KeyError(f"{self.file}: no cell named {name!r}")

    def cell(self, name: str) -> Cell:
        try:
            return self.cells[name]
        except KeyError:
            raise self._unknown(name) from None

    def name_at(self, x: int, y: int) -> str | None:
        """The hex at Tiled tile (x, y), or None (always None on area/point boards)."""
        return self._xy.get((x, y))

    def check_cells(self, allowed: Mapping[str, Any]) -> None:
        """Refuse a map whose cells use a value the rules do not know: ``allowed``
        is a ruleset's declaration ``{"terrain": [...], "props": {name: [...]}}``
        (keys starting with ``_`` are comments). Every cell's terrain must be in
        the list, and every cell that has one of the named properties must have
        one of its values. Raises :class:`MapError` naming the file, the cell,
        the value and the values allowed."""
        rules: list[tuple[str, Collection[Any], bool]] = []
        if "terrain" in allowed:
            rules.append(("terrain", allowed["terrain"], True))
        rules += [(k, v, False) for k, v in (allowed.get("props") or {}).items() if not k.startswith("_")]
        for name, c in self.cells.items():
            for key, values, is_terrain in rules:
                if is_terrain:
                    value = c.terrain
                elif key in c.props:
                    value = c.props[key]
                else:
                    continue
                if value not in values:
                    raise MapError(f"{self.file}: {c.kind} {name}: {key} {_show(value)} is not one of "
                                   f"{', '.join(_show(v, bare=True) for v in values)}")

    # -- the graph: the hex grid and links, chosen by via -------------------------
    def steps(self, via: Via = None) -> Mapping[str, tuple[str, ...]]:
        """cell -> the cells one step leads to, over the step kinds in ``via``
        (:data:`GRID` for the hex grid, link kinds for links; None: all). Built
        once per choice and cached: rules may read it in hot loops."""
        key = _via_key(via)
        if key is None:
            return self._nbrs
        got = self._via.get(key)
        if got is None:
            out = {n: list(self._grid[n]) if GRID in key else [] for n in self.cells}
            for link in self._link_list:
                if link.kind in key:
                    if link.b not in out[link.a]:
                        out[link.a].append(link.b)
                    if not link.oneway and link.a not in out[link.b]:
                        out[link.b].append(link.a)
            got = self._via[key] = {n: tuple(v) for n, v in out.items()}
        return got

    def neighbours(self, name: str, via: Via = None) -> tuple[str, ...]:
        """The cells one step leads to. Hex: the adjacent hexes that exist,
        clockwise from the top of the screen, then the cells links lead to;
        area/point: the cells links lead to, in link order. ``via`` chooses the
        kinds of step (see :meth:`steps`)."""
        try:
            return (self._nbrs if via is None else self.steps(via))[name]
        except KeyError:
            raise self._unknown(name) from None

    def adjacent(self, a: str, b: str, via: Via = None) -> bool:
        """Whether one step (of a kind in ``via``) leads from a to b."""
        try:
            if via is None:
                return b in self._adj[a]
            return b in self.steps(via)[a]
        except KeyError:
            raise self._unknown(a) from None

    def links(self, cell: str | None = None, kind: Via = None) -> tuple[Link, ...]:
        """The links at ``cell`` (either end, whichever way they lead; None: every
        link of the map), of the kinds in ``kind`` (a name or several; None: all)."""
        if cell is not None and cell not in self.cells:
            raise self._unknown(cell)
        kinds = _via_key(kind)
        return tuple(k for k in self._link_list
                     if (cell is None or cell == k.a or cell == k.b) and (kinds is None or k.kind in kinds))

    def distance(self, a: str, b: str, via: Via = None) -> int:
        """The fewest steps from a to b over ``via`` (``FAR`` if none join them).
        Between two hexes without ``via`` this is the ruler distance of the hex
        grid (O(1); ignores missing hexes, terrain and links)."""
        key = _via_key(via)
        if key is None and self.kind == "hex":
            try:
                q1, r1 = self._axial[a]
                q2, r2 = self._axial[b]
            except KeyError as e:
                if e.args[0] not in self.cells:
                    raise self._unknown(e.args[0]) from None
            else:
                dq, dr = q1 - q2, r1 - r2
                return (abs(dq) + abs(dr) + abs(dq + dr)) // 2
        row = self._dist.get((key, a))
        if row is None:
            row = self._dist[(key, a)] = self.search(a, via=key).dist
        if b not in self.cells:
            raise self._unknown(b)
        return row.get(b, FAR)

    def find_path(self, a: str, b: str, passable: Callable[[str], bool] | None = None,
                  via: Via = None) -> list[str] | None:
        """A shortest path a..b (both included), or None. ``passable(cell)`` is
        asked for every cell entered, ``b`` included."""
        return self.search(a, via=via, enter=passable, goal=b).path(b)

    def search(self, sources: str | Iterable[str], *, via: Via = None,
               enter: Callable[[str], bool] | None = None, limit: float | None = None,
               goal: str | None = None, cost: Callable[[str, str], float | None] | None = None) -> Reach:
        """Every cell reached from ``sources`` over the steps of ``via``, nearest first.

        ``enter(cell)`` is asked once for each cell the search would step into
        (never for the sources): False keeps the search out of it (it is then in
        ``blocked``). ``cost(a, b)`` prices the step a -> b (None: no such step);
        without it every step costs 1 and the search is breadth-first. ``limit``
        is the greatest distance (steps or total cost) to go. With ``goal`` the
        search stops as soon as the goal is reached. Deterministic: ties go to
        the earlier neighbour in :meth:`neighbours` order."""
        nbrs = self._nbrs if via is None else self.steps(via)
        srcs = (sources,) if isinstance(sources, str) else tuple(sources)
        dist: dict[str, Any] = {}
        for s in srcs:
            if s not in nbrs:
                raise self._unknown(s)
            dist[s] = 0
        if goal is not None:
            if goal not in nbrs:
                raise self._unknown(goal)
            if goal in dist:
                return Reach(dist, {}, set())
        if cost is None:
            return _breadth_first(nbrs, dist, enter, limit, goal)
        return _cheapest_first(nbrs, dist, enter, limit, goal, cost)

    # -- sides -----------------------------------------------------------------
    def side(self, a: str, b: str) -> Mapping[str, Any]:
        """Features of the hexside (or, on area/point boards, the link) between
        a and b, in either order, e.g. ``{"river": True, "bridge": "military", ...}``;
        empty if none. On hex boards links are not sides: see :meth:`links`."""
        got = self._sides.get((a, b) if a <= b else (b, a))
        if got is not None:
            return got
        for n in (a, b):
            if n not in self.cells:
                raise self._unknown(n)
        return EMPTY

    def sides_with(self, feature: str) -> list[tuple[str, str, Mapping[str, Any]]]:
        """Every side that has ``feature``, as (a, b, features) with a < b."""
        return [(a, b, m) for (a, b), m in self._sides.items() if feature in m]

    def links_between(self, a: str, b: str) -> tuple[Mapping[str, Any], ...]:
        """The properties of each link joining a and b, either way (there may be
        several, e.g. a rail and a road)."""
        return self._links.get(pair(a, b), ())

    def objects_of_type(self, type_: str) -> list[MapObject]:
        return [o for o in self.objects if o.type == type_]

    # -- pixels ------------------------------------------------------------------
    def _smallest_poly(self, names: Iterable[str], px: float, py: float) -> str | None:
        best, best_a = None, math.inf
        for name in names:
            poly = self._polys[name]
            if point_in_polygon(poly, px, py):
                a = abs(polygon_area(poly))
                if a < best_a:           # nested outlines: the innermost wins
                    best, best_a = name, a
        return best

    def cell_at_pixel(self, px: float, py: float) -> str | None:
        """The cell under map pixel (px, py), or None. On hex boards a box wins
        over the hexes under it (it is drawn on top)."""
        if self.kind == "hex":
            if self.boxes:
                box = self._smallest_poly(self.boxes, px, py)
                if box is not None:
                    return box
            geo = self.geometry
            best, best_d = None, math.inf
            for xy in geo.tiles_near(px, py):
                name = self._xy.get(xy)
                if name is None or not geo.contains(xy[0], xy[1], px, py):
                    continue
                cx, cy = self.cells[name].center
                d = (cx - px) ** 2 + (cy - py) ** 2
                if d < best_d:
                    best, best_d = name, d
            return best
        if self.kind == "area":
            return self._smallest_poly(self._polys, px, py)
        best, best_d = None, math.inf
        for name, c in self.cells.items():
            d = math.hypot(c.center[0] - px, c.center[1] - py)
            if d <= self._radii.get(name, 0.0) and d < best_d:
                best, best_d = name, d
        return best

    def corners(self, name: str) -> list[tuple[float, float]]:
        """Outline of a cell: hexagon (6 points), box or region polygon, or a
        12-sided approximation of a node's pick circle."""
        c = self.cell(name)
        if self.kind == "hex" and c.kind != "box":
            return self.geometry.corners(int(c.x), int(c.y))
        if self.kind != "point":
            return list(self._polys[name])
        r = self._radii.get(name, 0.0)
        return [(c.center[0] + r * math.cos(i * math.pi / 6), c.center[1] + r * math.sin(i * math.pi / 6))
                for i in range(12)]

    def radius(self, name: str) -> float:
        """Point boards: the pick radius of a node. Others: 0."""
        self.cell(name)
        return self._radii.get(name, 0.0)

    def side_segment(self, a: str, b: str) -> tuple[tuple[float, float], tuple[float, float]]:
        """Hex boards: the shared edge of adjacent hexes a and b (endpoints
        sorted, so the order of a and b does not matter). Area/point boards: the
        line from a's centre to b's centre."""
        if self.kind != "hex":
            if not (self.adjacent(a, b) or self.adjacent(b, a)):
                raise ValueError(f"{self.file}: {a} and {b} are not adjacent")
            return self.cells[a].center, self.cells[b].center
        self.cell(a)
        if b not in self._grid[a]:
            raise ValueError(f"{self.file}: {a} and {b} are not adjacent hexes")
        a, b = pair(a, b)
        ca, cb = self.cells[a], self.cells[b]
        mx, my = (ca.center[0] + cb.center[0]) / 2, (ca.center[1] + cb.center[1]) / 2
        pts = self.corners(a)
        best = None
        for i in range(len(pts)):
            p, q = pts[i], pts[(i + 1) % len(pts)]
            d = ((p[0] + q[0]) / 2 - mx) ** 2 + ((p[1] + q[1]) / 2 - my) ** 2
            if best is None or d < best[0]:
                best = (d, p, q)
        p, q = sorted((best[1], best[2]))
        return p, q

    def hexside_near(self, px: float, py: float, tolerance: float) -> tuple[str, str] | None:
        """Hex boards: the hexside (a, b) with a < b whose midpoint is within
        ``tolerance`` pixels of (px, py), or None."""
        if self.kind != "hex":
            return None
        best, best_d = None, tolerance
        for xy in self.geometry.tiles_near(px, py):
            name = self._xy.get(xy)
            if name is None:
                continue
            cx, cy = self.cells[name].center
            for other in self._grid[name]:
                ox, oy = self.cells[other].center
                d = math.hypot((cx + ox) / 2 - px, (cy + oy) / 2 - py)
                if d <= best_d:
                    best, best_d = pair(name, other), d
        return best


def _show(value: Any, bare: bool = False) -> str:
    if isinstance(value, str):
        return value if bare else f'"{value}"'
    return str(value).lower() if isinstance(value, bool) else str(value)


def _rebuild(init: dict[str, Any]) -> Board:
    return Board(**init)
