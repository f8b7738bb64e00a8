"""Load boards from Tiled TMX maps (headless: no images, no pygame calls).

    board = load_board("maps/nomonhan.tmx")      # cached by path and mtime
    info = map_info("maps/nomonhan.tmx")         # plain dict for `map-info --json`

What a map may contain is written up for map authors in docs/maps.md. In
short:

* hex maps (``orientation="hexagonal"``): cells are the non-empty tiles of the
  tile layer ``terrain`` (or the first tile layer); cell properties come from
  the tiles' custom properties. Boxes (off-map cells), typed links (sea lanes,
  box entries), hexside features (river, bridge, ridge...), roads (ordered hex
  chains), per-cell overrides and plain objects come from object layers.
* area maps (``orientation="orthogonal"``, polygons): regions joined by links.
* point maps (``orientation="orthogonal"``, points): nodes joined by links.

Every problem raises :class:`~game.core.errors.MapError` with one message that
names the file, the object (id, name and type) and the problem.
"""
from __future__ import annotations

import importlib
import math
import os
import re
import sys
from dataclasses import dataclass, field
from types import ModuleType
from typing import Any, Iterable, Iterator
from xml.etree import ElementTree

from .board import GRID, Board, Cell, HexGeometry, Link, MapObject, pair, polygon_center, segment_distance
from .errors import MapError

#: what pytmx imports when it can and the kernel never uses: pygame (for a type hint) and its
#: pygame image loader
_PYTMX_OPTIONAL = ("pygame", "pytmx.util_pygame")


def _import_pytmx() -> ModuleType:
    """pytmx, without loading pygame: the rules side (and the AI worker, the tools, ``map-info
    --json``) never draws. While pytmx is imported its optional imports are blocked (a module
    set to None in ``sys.modules`` cannot be imported), then unblocked, so a client that imports
    pygame afterwards gets it. Where pygame is already loaded (the client) pytmx is imported
    as it is."""
    if "pytmx" in sys.modules or sys.modules.get("pygame") is not None:
        return importlib.import_module("pytmx")
    blocked = [m for m in _PYTMX_OPTIONAL if m not in sys.modules]
    for m in blocked:
        sys.modules[m] = None           # type: ignore[assignment]
    try:
        return importlib.import_module("pytmx")
    finally:
        for m in blocked:
            if sys.modules.get(m, 0) is None:
                del sys.modules[m]


pytmx = _import_pytmx()

__all__ = ["load_board", "map_info", "clear_cache", "HEXSIDE_TYPES", "ROUTE_TYPES"]

HEXSIDE_TYPES = frozenset({"river", "stream", "canal", "ridge", "escarpment", "cliff", "wall",
                           "road_side", "bridge", "ford", "border"})
"""Object types that are hexside features on hex maps (extend per map with the
map property ``hexside_types``; any object in a layer named ``hexsides`` is one too)."""
ROUTE_TYPES = frozenset({"road", "route"})
CELL_TYPES = frozenset({"cell", "hex"})
REGION_TYPES = frozenset({"", "region", "area"})
NODE_TYPES = frozenset({"", "node", "point"})
LINK_TYPES = frozenset({"link"})
BOX_TYPES = frozenset({"box"})
DECOR = "decor"
DEFAULT_NODE_RADIUS = 24.0
#: the largest map read: at most this many tiles wide and high ...
MAX_MAP_SIDE = 1000
#: ... and this many tiles in all (the real maps have a few hundred hexes; a header
#: claiming 800000 x 7000000 is refused at once instead of walked tile by tile)
MAX_MAP_TILES = 250_000

# -- cache ----------------------------------------------------------------------

_cache: dict[str, tuple[tuple[tuple[str, int], ...], Board]] = {}


def _mtime(path: str) -> int:
    try:
        return os.stat(path).st_mtime_ns
    except OSError:
        return -1


def clear_cache() -> None:
    _cache.clear()


def load_board(path: str | os.PathLike[str]) -> Board:
    """Load (or fetch from the cache) the board of a TMX map.

    The cache key is the absolute path; an entry is reused while the map and
    its external tilesets keep their modification times.
    """
    shown = os.fspath(path)
    key = os.path.abspath(shown)
    hit = _cache.get(key)
    if hit is not None and all(_mtime(f) == m for f, m in hit[0]):
        return hit[1]
    loader = _Loader(shown)
    try:
        board = loader.load()
    except MapError:
        raise
    except Exception as e:  # a case the checks above missed: still one clear line
        raise MapError(f"{shown}: cannot load the map: {type(e).__name__}: {e}") from e
    _cache[key] = (tuple((f, _mtime(f)) for f in loader.files), board)
    return board


def map_info(path: str | os.PathLike[str]) -> dict[str, Any]:
    """A JSON-ready summary of a map, for ``python -m game map-info PATH --json``.

    Hex maps list every cell with its Tiled tile coordinates (boxes: their
    centre in pixels) and then the boxes in detail; area and point maps list
    regions / nodes with their centres in pixels. Every map lists its links.
    Neighbours are in the order :meth:`Board.neighbours` gives.
    """
    b = load_board(path)
    return {
        "path": b.file,
        "kind": b.kind,
        "orientation": b.orientation,
        "staggeraxis": b.staggeraxis,
        "staggerindex": b.staggerindex,
        "width": b.width,
        "height": b.height,
        "cells": [{"name": c.name, "kind": c.kind, "x": c.x, "y": c.y, "terrain": c.terrain,
                   "neighbours": list(b.neighbours(c.name))} for c in b.cells.values()],
        "boxes": [{"name": n, "terrain": b.cells[n].terrain, "center": list(b.cells[n].center),
                   "outline": [list(p) for p in b.corners(n)], "props": _jsonable(dict(b.cells[n].props))}
                  for n in b.boxes],
        "links": [{"from": k.a, "to": k.b, "kind": k.kind, "oneway": k.oneway, "name": k.name,
                   "props": _jsonable(dict(k.props)), "points": [list(p) for p in k.points]}
                  for k in b.links()],
        "sides": [{"a": a, "b": s, "features": _jsonable(dict(m))}
                  for (a, s), m in b._sides.items()],
        "routes": {k: list(v) for k, v in b.routes.items()},
        "objects": [{"name": o.name, "type": o.type, "layer": o.layer, "cell": o.cell}
                    for o in b.objects],
    }


def _jsonable(v: Any) -> Any:
    if isinstance(v, dict):
        return {str(k): _jsonable(x) for k, x in v.items()}
    if isinstance(v, (list, tuple)):
        return [_jsonable(x) for x in v]
    if v is None or isinstance(v, (bool, int, float, str)):
        return v
    return str(v)


# -- reading --------------------------------------------------------------------


@dataclass(slots=True)
class _Obj:
    """One object of an object layer, as read from the TMX."""

    id: int
    name: str
    type: str
    shape: str          # point, ellipse, rectangle, polygon, polyline, tile, text
    layer: str
    x: float
    y: float
    width: float
    height: float
    points: tuple[tuple[float, float], ...]
    props: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return f'object {self.id} "{self.name}" ({self.type or self.shape})'

    @property
    def position(self) -> tuple[float, float]:
        if self.shape == "point":
            return (self.x, self.y)
        if self.shape in ("polyline", "polygon") and self.points:
            if self.shape == "polyline":
                return self.points[0]
            n = len(self.points)
            return (sum(p[0] for p in self.points) / n, sum(p[1] for p in self.points) / n)
        return (self.x + self.width / 2, self.y + self.height / 2)


def _fmt(v: float) -> str:
    return f"{v:.6g}"


def _pt(p: tuple[float, float]) -> str:
    return f"({_fmt(p[0])},{_fmt(p[1])})"


def _clean(props: dict[str, Any] | None) -> dict[str, Any]:
    """pytmx reads an empty string property as None: give back ""."""
    return {str(k): ("" if v is None else v) for k, v in (props or {}).items()}


def _names(value: Any) -> list[str]:
    return [s for s in re.split(r"[\s,;]+", str(value or "")) if s]


def _shape(el: ElementTree.Element) -> str:
    for tag in ("point", "ellipse", "polygon", "polyline", "text"):
        if el.find(tag) is not None:
            return tag
    if el.get("gid"):
        return "tile"
    return "rectangle"


def _layer_groups(el: ElementTree.Element, dx: float = 0.0, dy: float = 0.0
                  ) -> Iterator[tuple[ElementTree.Element, float, float]]:
    """Object layers of the map, in document order, with their total offsets
    (group layers included; tile collision shapes inside tilesets excluded)."""
    for child in el:
        ox = dx + float(child.get("offsetx", 0) or 0)
        oy = dy + float(child.get("offsety", 0) or 0)
        if child.tag == "objectgroup":
            yield child, ox, oy
        elif child.tag == "group":
            yield from _layer_groups(child, ox, oy)


def _hex_cells(geo: HexGeometry, raw: list[tuple[str, int, int, dict[str, Any], str]],
               boxes: dict[str, tuple[_Obj, list[tuple[float, float]]]],
               overrides: dict[str, dict[str, Any]]) -> list[Cell]:
    """A hex map's cells, its hexes then its boxes, with the cell objects' properties."""
    cells = []
    for name, x, y, props, terr in raw:
        extra = overrides.get(name)
        if extra:
            props = {**props, **extra}
            terr = str(extra.get("terrain", terr))
        cells.append(Cell(name, x, y, geo.center(x, y), terr, props, "hex"))
    for name, (o, poly) in boxes.items():
        props = {**o.props, **overrides.get(name, {})}
        cx, cy = polygon_center(poly)
        cells.append(Cell(name, cx, cy, (cx, cy), str(props.get("terrain") or "box"), props, "box"))
    return cells


@dataclass
class _HexFeatures:
    """What a hex map's objects add to its grid, as they are read."""
    links: list[Link] = field(default_factory=list)
    sides: dict[tuple[str, str], dict[str, Any]] = field(default_factory=dict)
    routes: dict[str, tuple[str, ...]] = field(default_factory=dict)
    route_owner: dict[str, _Obj] = field(default_factory=dict)
    overrides: dict[str, dict[str, Any]] = field(default_factory=dict)
    objects: list[MapObject] = field(default_factory=list)

    def side_feature(self, hexsides: Iterable[tuple[str, str]], feature: dict[str, Any]) -> None:
        for a, b in hexsides:
            self.sides.setdefault(pair(a, b), {}).update(feature)

    def override(self, target: str, o: _Obj) -> None:
        """A cell object: its properties (and its name as the cell's label) on the cell."""
        extra = {k: v for k, v in o.props.items() if k not in ("cell", "hex")}
        if o.name and "label" not in extra:
            extra["label"] = o.name
        self.overrides.setdefault(target, {}).update(extra)


def _is_graph_cell(o: _Obj, kind: str, cell_types: set[str]) -> bool:
    """Is ``o`` a region of an area map (a polygon, or a rectangle of a named type) or a
    node of a point map (a point or an ellipse)?"""
    if o.type == DECOR:
        return False
    if kind == "area":
        return ((o.shape == "polygon" and o.type in cell_types)
                or (o.shape == "rectangle" and o.type in cell_types - {""}))
    return o.shape in ("point", "ellipse") and o.type in cell_types


@dataclass
class _GraphCells:
    """An area or point map's cells as they are read, and the objects that are not cells."""
    cells: list[Cell] = field(default_factory=list)
    owner: dict[str, _Obj] = field(default_factory=dict)
    polygons: dict[str, list[tuple[float, float]]] = field(default_factory=dict)
    radii: dict[str, float] = field(default_factory=dict)
    rest: list[_Obj] = field(default_factory=list)


class _Loader:
    def __init__(self, path: str) -> None:
        self.path = path
        self.files: list[str] = [os.path.abspath(path)]
        self.tol = 3.0

    # -- errors ------------------------------------------------------------
    def fail(self, msg: str) -> MapError:
        return MapError(f"{self.path}: {msg}")

    def obj_fail(self, o: _Obj, msg: str) -> MapError:
        return MapError(f"{self.path}: {o.label}: {msg}")

    # -- entry -------------------------------------------------------------
    def load(self) -> Board:
        path = self.path
        if not os.path.exists(path):
            raise self.fail("no such file")
        if os.path.isdir(path):
            raise self.fail("is a directory, not a TMX map")
        if not os.path.isfile(path):            # a named pipe would make the read wait forever
            raise self.fail("is not a regular file (a pipe or a device?), not a TMX map")
        try:
            root = ElementTree.parse(path).getroot()
        except ElementTree.ParseError as e:
            raise self.fail(f"not XML ({e})") from None
        except (OSError, ValueError) as e:
            raise self.fail(f"cannot read the file ({e})") from None
        if root.tag != "map":
            raise self.fail(f"not a Tiled map (the root element is <{root.tag}>, not <map>)")
        self.root = root
        self._check_size(root, "the map")
        for el in root.iter("layer"):
            self._check_size(el, f'tile layer "{el.get("name", "")}"')
        orientation = root.get("orientation", "orthogonal")
        if root.get("infinite", "0") not in ("0", ""):
            raise self.fail("infinite maps are not supported (untick Infinite in the map properties)")
        if orientation not in ("hexagonal", "orthogonal"):
            raise self.fail(f'unsupported orientation "{orientation}" '
                            "(use hexagonal for hex maps, orthogonal for area and point maps)")
        for el in root.iter("object"):
            if el.get("template"):
                raise self.fail(f'object {el.get("id")} "{el.get("name", "")}": object templates '
                                "are not supported (detach the template in Tiled)")
        for ts in root.findall("tileset"):
            if ts.get("source"):
                self.files.append(os.path.abspath(os.path.join(os.path.dirname(path), ts.get("source"))))
        try:
            tmx = pytmx.TiledMap(path, allow_duplicate_names=True)
        except Exception as e:  # pytmx raises bare Exception, ValueError, KeyError...
            raise self.fail(f"cannot read the map: {type(e).__name__}: {e}") from None
        self.tmx = tmx
        self._check_tile_layers()
        self.props = _clean(tmx.properties)
        self.objs = self._read_objects()

        kind = str(self.props.get("board", "")).strip().lower()
        if kind and kind not in ("hex", "area", "point"):
            raise self.fail(f'map property board "{kind}" must be hex, area or point')
        if not kind:
            kind = "hex" if orientation == "hexagonal" else self._infer_kind()
        if kind == "hex":
            if orientation != "hexagonal":
                raise self.fail('a hex board needs orientation "hexagonal" '
                                f'(this map is "{orientation}")')
            return self._load_hex()
        if orientation != "orthogonal":
            raise self.fail(f'an {kind} board needs orientation "orthogonal" (this map is "{orientation}")')
        return self._load_graph(kind)

    def _check_size(self, el: ElementTree.Element, what: str) -> None:
        """The width and height ``el`` declares: whole numbers within MAX_MAP_SIDE and
        MAX_MAP_TILES (read from the XML, before anything is sized by them)."""
        raw = (el.get("width", "0"), el.get("height", "0"))
        try:
            w, h = int(raw[0]), int(raw[1])
        except ValueError:
            raise self.fail(f'{what}: width "{raw[0]}" and height "{raw[1]}" must be whole numbers of tiles') from None
        if w < 0 or h < 0:
            raise self.fail(f"{what}: width {w} and height {h} must not be negative")
        if w > MAX_MAP_SIDE or h > MAX_MAP_SIDE or w * h > MAX_MAP_TILES:
            raise self.fail(f"{what} is {w:,} x {h:,} tiles, over the limit of {MAX_MAP_SIDE:,} tiles a side "
                            f"and {MAX_MAP_TILES:,} in all")

    def _tilesets(self) -> list[tuple[int, str, ElementTree.Element]]:
        """(firstgid, name, tileset element) of every tileset, embedded or external, by firstgid."""
        out = []
        for ts in self.root.findall("tileset"):
            node = ts
            if ts.get("source"):
                tsx = os.path.join(os.path.dirname(self.path), ts.get("source"))
                try:
                    node = ElementTree.parse(tsx).getroot()
                except (OSError, ElementTree.ParseError) as e:
                    raise self.fail(f'tileset "{ts.get("source")}": {e}') from None
            try:
                first = int(ts.get("firstgid", "1"))
            except ValueError:
                raise self.fail(f'tileset "{ts.get("source") or ts.get("name", "")}": firstgid '
                                f'"{ts.get("firstgid")}" is not a whole number') from None
            out.append((first, node.get("name", "") or ts.get("source", ""), node))
        return sorted(out, key=lambda t: t[0])

    def _known_gid(self, gid: int, tilesets: list[tuple[int, str, ElementTree.Element]]) -> bool:
        """Whether a tileset of the map holds Tiled gid ``gid`` (flip bits removed): a tile of
        an image tileset's tilecount, or a tile an image collection lists."""
        owner = None
        for i, (first, _, node) in enumerate(tilesets):
            if first <= gid:
                owner = (first, node, tilesets[i + 1][0] if i + 1 < len(tilesets) else None)
        if owner is None:
            return False
        first, node, next_first = owner
        local = gid - first
        if next_first is not None and gid >= next_first:
            return False
        if node.find("image") is not None:      # one image cut into tilecount tiles
            count = node.get("tilecount")
            try:
                return count is None or local < int(count)
            except ValueError:
                return True
        return any(t.get("id") == str(local) for t in node.findall("tile"))

    def _check_tile_layers(self) -> None:
        """Every tile layer is as large as the map, has width x height values, and uses only
        tiles its tilesets hold (a short layer would drop cells; an unknown tile would turn
        into clear terrain)."""
        tmx = self.tmx
        layers = [l for l in tmx.layers if isinstance(l, pytmx.TiledTileLayer)]
        if not layers:
            return
        w, h = tmx.width, tmx.height
        for layer in layers:
            what = f'tile layer "{layer.name or ""}"'
            if (layer.width, layer.height) != (w, h):
                raise self.fail(f"{what} is {layer.width} x {layer.height} tiles, the map {w} x {h}")
            n = sum(len(row) for row in layer.data)
            if n != w * h:
                raise self.fail(f"{what} has {n:,} tile values, not {w} x {h} = {w * h:,} (the map's width x "
                                f"height): the layer data is damaged")
        tilesets = self._tilesets()
        bad = {g: t for g, t in tmx.tiledgidmap.items() if not self._known_gid(t, tilesets)}
        if not bad:
            return
        for layer in layers:
            for y, row in enumerate(layer.data):
                for x, g in enumerate(row):
                    if g in bad:
                        held = ", ".join(f'"{name}" from gid {first}' for first, name, _ in tilesets) or "none"
                        raise self.fail(f'tile layer "{layer.name or ""}": the tile at ({x},{y}) is gid {bad[g]}, '
                                        f"which no tileset of the map holds (tilesets: {held})")

    def _extra_types(self, prop: str) -> set[str]:
        return set(_names(self.props.get(prop, "")))

    def _infer_kind(self) -> str:
        regions = REGION_TYPES | self._extra_types("region_types")
        nodes = NODE_TYPES | self._extra_types("node_types")
        if any(o.shape == "polygon" and o.type in regions for o in self.objs):
            return "area"
        if any(o.shape in ("point", "ellipse") and o.type in nodes for o in self.objs):
            return "point"
        raise self.fail("cannot tell what board this is: no hexagonal orientation, no region "
                        "polygons and no node points (set the map property board to hex, area or point)")

    def _read_objects(self) -> list[_Obj]:
        """Pair pytmx's objects (absolute points, typed properties) with their
        XML elements (shape, type or class, layer offsets)."""
        groups = [g for g in self.tmx.layers if isinstance(g, pytmx.TiledObjectGroup)]
        elements = list(self.root.iter("objectgroup"))
        if len(groups) != len(elements):  # pragma: no cover - pytmx changed its layer order
            raise self.fail("cannot match the object layers read by pytmx")
        real = {id(el): (ox, oy) for el, ox, oy in _layer_groups(self.root)}
        out: list[_Obj] = []
        for group, gel in zip(groups, elements):
            if id(gel) not in real:
                continue
            ox, oy = real[id(gel)]
            layer = gel.get("name", "")
            for tob, el in zip(group, gel.findall("object")):
                shape = _shape(el)
                x, y = float(tob.x) + ox, float(tob.y) + oy
                pts: tuple[tuple[float, float], ...] = ()
                if shape in ("polygon", "polyline"):
                    raw = [(float(px), float(py)) for px, py in getattr(tob, "points", ())]
                    rot = math.radians(float(tob.rotation or 0))
                    if rot:
                        c, s = math.cos(rot), math.sin(rot)
                        bx, by = float(tob.x), float(tob.y)
                        raw = [(bx + (px - bx) * c - (py - by) * s, by + (px - bx) * s + (py - by) * c)
                               for px, py in raw]
                    pts = tuple((px + ox, py + oy) for px, py in raw)
                out.append(_Obj(
                    id=int(el.get("id", 0)), name=el.get("name", "") or "",
                    type=(el.get("type") or el.get("class") or "").strip(), shape=shape, layer=layer,
                    x=x, y=y, width=float(tob.width or 0), height=float(tob.height or 0), points=pts,
                    props=_clean(pytmx.parse_properties(el, {}))))
        return out

    def _tile_properties(self) -> dict[int, tuple[dict[str, Any], str]]:
        """Tiled gid -> (custom properties, tile type/class), from embedded and
        external tilesets."""
        out: dict[int, tuple[dict[str, Any], str]] = {}
        for first, _, node in self._tilesets():
            for tile in node.findall("tile"):
                props = _clean(pytmx.parse_properties(tile, {}))
                out[first + int(tile.get("id", "0"))] = (props, tile.get("type") or tile.get("class") or "")
        return out

    # -- hex maps ------------------------------------------------------------
    def _int_prop(self, name: str, default: int) -> int:
        v = self.props.get(name, default)
        try:
            n = int(str(v).strip())
        except ValueError:
            raise self.fail(f'map property {name} "{v}" is not a whole number') from None
        if n < 0:
            raise self.fail(f"map property {name} {n} must not be negative")
        return n

    def _load_hex(self) -> Board:
        tmx = self.tmx
        axis, index, side = self._hex_grid_layout()
        numbering, col0, row0 = self._hex_numbering()
        raw = self._hex_tiles(numbering, col0, row0)
        box_types = BOX_TYPES | self._extra_types("box_types")
        link_types = LINK_TYPES | self._extra_types("link_types")
        boxes = self._boxes(box_types, {r[0] for r in raw})
        common = dict(path=self.path, kind="hex", orientation="hexagonal", staggeraxis=axis,
                      staggerindex=index, width=tmx.width, height=tmx.height,
                      tilewidth=tmx.tilewidth, tileheight=tmx.tileheight, hexsidelength=side,
                      properties=self.props, polygons={n: poly for n, (_, poly) in boxes.items()})
        geo = HexGeometry(axis, index, tmx.tilewidth, tmx.tileheight, side)
        grid = Board(cells=_hex_cells(geo, raw, boxes, {}), **common)   # geometry and adjacency for the objects
        self.board = grid
        f = self._hex_features(box_types, link_types)
        return Board(cells=_hex_cells(geo, raw, boxes, f.overrides), sides=f.sides, links=f.links, routes=f.routes,
                     objects=f.objects, **common)

    def _hex_grid_layout(self) -> tuple[str, str, float]:
        """The hex grid's stagger axis and index and its side length, checked."""
        tmx = self.tmx
        axis = tmx.staggeraxis or "y"
        index = tmx.staggerindex or "odd"
        if axis not in ("x", "y"):
            raise self.fail(f'staggeraxis "{axis}" must be x or y')
        if index not in ("odd", "even"):
            raise self.fail(f'staggerindex "{index}" must be odd or even')
        side = float(tmx.hexsidelength or 0)
        limit = tmx.tilewidth if axis == "x" else tmx.tileheight
        if not 0 <= side <= limit:
            raise self.fail(f"hexsidelength {_fmt(side)} must be between 0 and the tile "
                            f"{'width' if axis == 'x' else 'height'} {limit}")
        return axis, index, side

    def _hex_numbering(self) -> tuple[str, int, int]:
        """How hexes are named (CCRR or RRCC, the first column and row), and the tolerance
        objects are snapped to hexes with (``self.tol``)."""
        tmx = self.tmx
        numbering = str(self.props.get("hex_numbering", "CCRR")).strip().upper()
        if numbering not in ("CCRR", "RRCC"):
            raise self.fail(f'map property hex_numbering "{self.props.get("hex_numbering")}" '
                            "must be CCRR or RRCC")
        col0 = self._int_prop("first_column", 1)
        row0 = self._int_prop("first_row", 1)
        tol = self.props.get("snap_tolerance")
        try:
            self.tol = float(tol) if tol not in (None, "") else max(3.0, min(tmx.tilewidth, tmx.tileheight) / 16)
        except ValueError:
            raise self.fail(f'map property snap_tolerance "{tol}" is not a number') from None
        return numbering, col0, row0

    def _hex_tiles(self, numbering: str, col0: int, row0: int) -> list[tuple[str, int, int, dict[str, Any], str]]:
        """(name, x, y, properties, terrain) of each hex the terrain layer has a tile on, the
        other tile layers' properties laid over its own."""
        tmx = self.tmx
        tile_layers = [l for l in tmx.layers if isinstance(l, pytmx.TiledTileLayer)]
        terrain = next((l for l in tile_layers if l.name == "terrain"), tile_layers[0] if tile_layers else None)
        if terrain is None:
            raise self.fail('no terrain layer: a hex map needs a tile layer (named "terrain")')
        tiles = self._tile_properties()
        overlays = [l for l in tile_layers if l is not terrain]

        def tile_at(layer: Any, x: int, y: int) -> tuple[dict[str, Any], str] | None:
            try:
                gid = layer.data[y][x]
            except IndexError:
                return None
            if not gid:
                return None
            return tiles.get(tmx.tiledgidmap.get(gid, 0), ({}, ""))

        cw = max(2, len(str(col0 + tmx.width - 1)))
        rw = max(2, len(str(row0 + tmx.height - 1)))
        raw: list[tuple[str, int, int, dict[str, Any], str]] = []
        for y in range(tmx.height):
            for x in range(tmx.width):
                t = tile_at(terrain, x, y)
                if t is None:
                    continue
                props, tile_class = dict(t[0]), t[1]
                for overlay in overlays:
                    o = tile_at(overlay, x, y)
                    if o:
                        props.update({k: v for k, v in o[0].items() if k != "terrain"})
                c, r = col0 + x, row0 + y
                name = f"{c:0{cw}d}{r:0{rw}d}" if numbering == "CCRR" else f"{r:0{rw}d}{c:0{cw}d}"
                raw.append((name, x, y, props, str(t[0].get("terrain") or tile_class or "clear")))
        return raw

    def _hex_features(self, box_types: set[str], link_types: set[str]) -> "_HexFeatures":
        """What a hex map's objects add to the grid: links, hexside features, routes, cell
        properties and plain objects (boxes were read before)."""
        hexside_types = HEXSIDE_TYPES | self._extra_types("hexside_types")
        f = _HexFeatures()
        for o in self.objs:
            t = o.type
            if t == DECOR:
                f.objects.append(self._plain(o))
            elif t in box_types:
                continue                    # read above
            elif t in link_types:
                f.links.append(self._link(o, "hex"))
            elif t in CELL_TYPES:
                f.override(self._cell_of(o), o)
            elif t in ROUTE_TYPES:
                self._add_route(o, f)
            elif "hexside" in o.props or "hexsides" in o.props:
                feature = self._feature(o, self._need_type(o))
                f.side_feature(self._explicit_hexsides(o), feature)
            elif t in hexside_types or o.layer == "hexsides":
                feature = self._feature(o, self._need_type(o))
                f.side_feature(self._drawn_hexsides(o), feature)
            else:
                f.objects.append(self._plain(o))
        return f

    def _add_route(self, o: _Obj, f: "_HexFeatures") -> None:
        chain = self._route(o)
        name = o.name or f"{o.type}{o.id}"
        if name in f.routes:
            raise self.obj_fail(o, f'duplicate route name "{name}" '
                                   f"(also object {f.route_owner[name].id})")
        f.routes[name] = chain
        f.route_owner[name] = o
        f.side_feature(zip(chain, chain[1:]), self._feature(o, "road"))

    def _boxes(self, box_types: set[str], hexes: set[str]) -> dict[str, tuple[_Obj, list[tuple[float, float]]]]:
        """The boxes of a hex map: name -> (object, outline)."""
        out: dict[str, tuple[_Obj, list[tuple[float, float]]]] = {}
        for o in self.objs:
            if o.type not in box_types or o.type == DECOR:
                continue
            if not o.name:
                raise self.obj_fail(o, "a box needs a name (the object name is the cell name)")
            if o.name in out:
                raise self.obj_fail(o, f'duplicate box name "{o.name}" (also object {out[o.name][0].id})')
            if o.name in hexes:
                raise self.obj_fail(o, f'box name "{o.name}" is also a hex of the map')
            if o.shape == "rectangle":
                if o.width <= 0 or o.height <= 0:
                    raise self.obj_fail(o, "a box rectangle needs a width and a height")
                poly = [(o.x, o.y), (o.x + o.width, o.y), (o.x + o.width, o.y + o.height), (o.x, o.y + o.height)]
            elif o.shape == "polygon":
                poly = list(o.points)
                if len(poly) < 3:
                    raise self.obj_fail(o, "a box polygon needs at least three points")
            else:
                raise self.obj_fail(o, f"a box must be a rectangle or a polygon, not a {o.shape}")
            out[o.name] = (o, poly)
        return out

    def _need_type(self, o: _Obj) -> str:
        if not o.type:
            raise self.obj_fail(o, "a hexside object needs a type (class), e.g. river or bridge")
        return o.type

    @staticmethod
    def _feature(o: _Obj, key: str) -> dict[str, Any]:
        skip = ("kind", "hexside", "hexsides", "hexes")
        f: dict[str, Any] = {k: v for k, v in o.props.items() if k not in skip}
        f[key] = o.props["kind"] if o.props.get("kind", "") != "" else True
        if o.name:
            f[f"{key}_name"] = o.name
        return f

    def _cell_of(self, o: _Obj) -> str:
        named = o.props.get("cell", o.props.get("hex"))
        if named not in (None, ""):
            if str(named) not in self.board.cells:
                raise self.obj_fail(o, f'names cell "{named}", which is not on the map')
            return str(named)
        at = self.board.cell_at_pixel(*o.position)
        if at is None:
            raise self.obj_fail(o, f"position {_pt(o.position)} is in no cell")
        return at

    def _plain(self, o: _Obj) -> MapObject:
        return MapObject(o.layer, o.name, o.type, o.x, o.y, o.width, o.height, o.points,
                         o.props, self.board.cell_at_pixel(*o.position))

    def _explicit_hexsides(self, o: _Obj) -> list[tuple[str, str]]:
        spec = str(o.props.get("hexside", o.props.get("hexsides", "")))
        out = []
        for item in _names(spec):
            parts = [p for p in re.split(r"[/\-]", item) if p]
            if len(parts) != 2:
                raise self.obj_fail(o, f'hexside "{item}" must be two hexes like "0201/0302"')
            for n in parts:
                if n not in self.board.cells:
                    raise self.obj_fail(o, f'hexside "{item}": no hex "{n}" on the map')
            a, b = parts
            if not self.board.adjacent(a, b):
                raise self.obj_fail(o, f'hexside "{item}": {a} and {b} are not adjacent')
            out.append((a, b))
        if not out:
            raise self.obj_fail(o, "the hexside property is empty")
        return out

    def _drawn_hexsides(self, o: _Obj) -> list[tuple[str, str]]:
        b, tol = self.board, self.tol
        if o.shape == "point":
            hs = b.hexside_near(o.x, o.y, tol)
            if hs is None:
                raise self.obj_fail(o, f"point {_pt((o.x, o.y))} is not at a hexside midpoint "
                                       f"(within {_fmt(tol)} px)")
            return [hs]
        if o.shape not in ("polyline", "polygon"):
            raise self.obj_fail(o, f"a hexside object must be a polyline along hex edges or a point at "
                                   f"a hexside midpoint (or have a hexside property), not a {o.shape}")
        pts = list(o.points)
        if o.shape == "polygon" and len(pts) > 2:
            pts.append(pts[0])
        if len(pts) < 2:
            raise self.obj_fail(o, "a hexside line needs at least two points")
        out = []
        for p, q in zip(pts, pts[1:]):
            mid = ((p[0] + q[0]) / 2, (p[1] + q[1]) / 2)
            hs = b.hexside_near(mid[0], mid[1], tol)
            ok = False
            if hs is not None:
                e1, e2 = b.side_segment(*hs)
                ok = ((math.dist(p, e1) <= tol and math.dist(q, e2) <= tol)
                      or (math.dist(p, e2) <= tol and math.dist(q, e1) <= tol))
            if not ok:
                raise self.obj_fail(o, f"segment {_pt(p)}-{_pt(q)} is not on a hex edge "
                                       "between two hexes of the map")
            out.append(hs)
        return out

    def _route(self, o: _Obj) -> tuple[str, ...]:
        b, tol = self.board, self.tol
        if "hexes" in o.props:
            chain = _names(o.props["hexes"])
            for n in chain:
                if n not in b.cells:
                    raise self.obj_fail(o, f'hexes: no hex "{n}" on the map')
        elif o.shape == "polyline":
            chain = []
            for i, p in enumerate(o.points, 1):
                at = b.cell_at_pixel(*p)
                if at is None or math.dist(b.cells[at].center, p) > tol:
                    raise self.obj_fail(o, f"point {i} {_pt(p)} is not at a hex centre "
                                           f"(within {_fmt(tol)} px)")
                chain.append(at)
        else:
            raise self.obj_fail(o, f"a road must be a polyline through hex centres or have a hexes "
                                   f"property, not a {o.shape}")
        if len(chain) < 2:
            raise self.obj_fail(o, "a road needs at least two hexes")
        for i in range(1, len(chain)):
            if not b.adjacent(chain[i - 1], chain[i]):
                raise self.obj_fail(o, f"points {i} and {i + 1} ({chain[i - 1]}, {chain[i]}) "
                                       "are not adjacent hexes")
        return tuple(chain)

    # -- area and point maps -----------------------------------------------------
    def _load_graph(self, kind: str) -> Board:
        tmx = self.tmx
        try:
            self.tol = float(self.props.get("snap_tolerance") or 4.0)
        except ValueError:
            raise self.fail(f'map property snap_tolerance "{self.props.get("snap_tolerance")}" '
                            "is not a number") from None
        region_types = REGION_TYPES | self._extra_types("region_types")
        node_types = NODE_TYPES | self._extra_types("node_types")
        link_types = LINK_TYPES | self._extra_types("link_types")
        try:
            default_r = float(self.props.get("node_radius") or DEFAULT_NODE_RADIUS)
        except ValueError:
            raise self.fail(f'map property node_radius "{self.props.get("node_radius")}" '
                            "is not a number") from None
        cell_types = region_types if kind == "area" else node_types
        g = _GraphCells()
        for o in self.objs:
            if not _is_graph_cell(o, kind, cell_types):
                g.rest.append(o)
            else:
                self._graph_cell(o, kind, default_r, g)
        common = dict(path=self.path, kind=kind, orientation=tmx.orientation, width=tmx.width,
                      height=tmx.height, tilewidth=tmx.tilewidth, tileheight=tmx.tileheight,
                      properties=self.props, polygons=g.polygons, radii=g.radii)
        self.board = grid = Board(cells=g.cells, **common)
        links = self._adjacency_links(g.owner, grid, kind)
        objects: list[MapObject] = []
        for o in g.rest:
            has_ends = "from" in o.props or "to" in o.props
            if o.type != DECOR and (has_ends or (o.shape == "polyline" and o.type in link_types)):
                links.append(self._link(o, kind))
            else:
                objects.append(self._plain(o))
        return Board(cells=g.cells, links=links, objects=objects, **common)

    def _graph_cell(self, o: _Obj, kind: str, default_r: float, g: "_GraphCells") -> None:
        """A region (area maps) or a node (point maps): its cell, and its outline or radius."""
        name = str(o.props.get("region_name", "") or o.name) if kind == "area" else o.name
        what = "region" if kind == "area" else "node"
        if not name:
            raise self.obj_fail(o, f"a {what} needs a name")
        if name in g.owner:
            raise self.obj_fail(o, f'duplicate {what} name "{name}" (also object {g.owner[name].id})')
        g.owner[name] = o
        if kind == "area":
            poly = self._region_outline(o)
            g.polygons[name] = poly
            cx, cy = polygon_center(poly)
        else:
            cx, cy = o.position
            g.radii[name] = self._node_radius(o, default_r)
        g.cells.append(Cell(name, cx, cy, (cx, cy), str(o.props.get("terrain") or "clear"), o.props))

    def _region_outline(self, o: _Obj) -> list[tuple[float, float]]:
        if o.shape == "rectangle":
            poly = [(o.x, o.y), (o.x + o.width, o.y), (o.x + o.width, o.y + o.height), (o.x, o.y + o.height)]
        else:
            poly = list(o.points)
        if len(poly) < 3:
            raise self.obj_fail(o, "a region polygon needs at least three points")
        return poly

    def _node_radius(self, o: _Obj, default_r: float) -> float:
        r = o.props.get("radius", "")
        try:
            return (float(r) if r != "" else
                    max(o.width, o.height) / 2 if o.shape == "ellipse" and o.width
                    else default_r)
        except ValueError:
            raise self.obj_fail(o, f'radius "{r}" is not a number') from None

    def _adjacency_links(self, owner: dict[str, _Obj], grid: Board,
                         kind: str) -> list[Link | tuple[str, str, dict[str, Any], bool]]:
        """The links written as a cell's property: adj="a,b,c" (each pair once)."""
        links: list[Link | tuple[str, str, dict[str, Any], bool]] = []
        seen: set[tuple[str, str]] = set()
        for name, o in owner.items():
            for other in _names(o.props.get("adj", "")):
                if other not in grid.cells:
                    raise self.obj_fail(o, f'adj names "{other}", which is not a '
                                           f'{"region" if kind == "area" else "node"} of the map')
                if other != name and pair(name, other) not in seen:
                    seen.add(pair(name, other))
                    links.append((name, other, {"link": True}, False))
        return links

    def _link(self, o: _Obj, kind: str) -> Link:
        """A link object: its ends from the from/to properties or from the first
        and last points of its line (in a cell, or near a region or box outline)."""
        b = self.board
        what = {"area": "region", "point": "node"}.get(kind, "hex or box")
        by_name = "from" in o.props or "to" in o.props
        if by_name:
            ends = [str(o.props.get("from", "")), str(o.props.get("to", ""))]
            for end, n in zip(("from", "to"), ends):
                if not n:
                    raise self.obj_fail(o, f"a link with from/to properties needs both ({end} is missing)")
                if n not in b.cells:
                    raise self.obj_fail(o, f'{end} "{n}" is not a {what} of the map')
        else:
            if o.shape != "polyline":
                raise self.obj_fail(o, f"a link must be a polyline whose first and last points lie in two "
                                       f"cells, or have from and to properties, not a {o.shape}")
            if len(o.points) < 2:
                raise self.obj_fail(o, "a link line needs at least two points")
            ends = []
            for end, p in (("first", o.points[0]), ("last", o.points[-1])):
                n = b.cell_at_pixel(*p)
                if n is None and kind != "point":
                    n = self._outline_near(p, b.boxes if kind == "hex" else b.cells)
                if n is None:
                    raise self.obj_fail(o, f"{end} point {_pt(p)} is in no {what}")
                ends.append(n)
        a, c = ends
        if a == c:
            where = b.cells[a].kind if kind == "hex" else what
            raise self.obj_fail(o, f'from and to name the same {where} "{a}"' if by_name
                                else f'both ends are in the same {where} "{a}"')
        ow = o.props.get("oneway", False)
        if isinstance(ow, str) and ow.strip().lower() in ("", "true", "false"):
            ow = ow.strip().lower() == "true"
        if not isinstance(ow, bool):
            raise self.obj_fail(o, f'oneway "{ow}" must be true or false')
        link_kind = o.props.get("kind", "")
        link_kind = str(link_kind) if link_kind != "" else (o.type if o.type not in ("", "link") else "link")
        if link_kind == GRID:
            raise self.obj_fail(o, f'kind "{GRID}" is the hex grid\'s own step kind: call the link something else')
        props: dict[str, Any] = {"link": True}
        if o.type not in ("", "link"):
            props[o.type] = True
        props.update({k: v for k, v in o.props.items() if k not in ("from", "to")})
        if o.name:
            props["link_name"] = o.name
        return Link(a, c, link_kind, ow, props, o.name, o.points)

    def _outline_near(self, p: tuple[float, float], names: Any) -> str | None:
        """The cell (of ``names``) whose outline passes within the snap tolerance of p."""
        best, best_d = None, self.tol
        for name in names:
            poly = self.board.corners(name)
            for i in range(len(poly)):
                d = segment_distance(p, poly[i], poly[(i + 1) % len(poly)])
                if d <= best_d:
                    best, best_d = name, d
        return best
