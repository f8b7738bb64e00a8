"""Units on a hex map: what the hex games share, each piece once.

* :class:`HexMap`: the facts a ruleset reads from its board, built once per
  board: passable hexes, neighbour tables, hexside sets, per-kind step-cost
  tables and any table derived from them. A ruleset subclasses it with its
  own terrain and hexside rules.
* :class:`HexUnits`: a mixin for the ``Game`` of a hex game: the unit index
  (read once per game), where each unit stands and the :class:`Placement`
  of all units, kept per position and patched after a move.
* Pure functions over those tables, cached where the answer is a function of
  the arguments alone, so one local situation met again in another state (or
  another game) is worked out once: :func:`zone` (ZOC), :func:`reach` (the
  movement search), :func:`move_actions`, :func:`retreat_hexes`,
  :func:`advance_hexes`, :func:`adjacent_enemies`.

What ZOC does in a game, who may cross which hexside and every limit stays in
the ruleset: it says so by the tables and the sets it passes.
"""
from __future__ import annotations

from functools import cache, lru_cache
from typing import Any, Callable, ClassVar, Collection, Iterable, Mapping, Sequence

from game.core.board import Board, Via

from . import movement

class Table(dict):
    """A table built once per board (hex -> neighbours, hex -> steps) and never
    changed afterwards. It hashes by identity, so the cached functions here can
    take it as an argument (two equal tables give equal answers anyway)."""
    __slots__ = ()
    __hash__ = object.__hash__


_MAPS: dict[tuple[type, int], "HexMap"] = {}


class HexMap:
    """The facts a hex game reads from its board, computed once per board and
    shared by every game (and copy) on it; never changed after it is built.

    ``terrain`` (hex -> terrain name), ``passable`` (hexes a unit may stand in:
    terrain not in ``impassable``), ``neighbours`` (hex -> its passable
    neighbours, in the board's order) and ``edge`` (passable hexes with fewer
    than six neighbours on the map). ``via`` chooses the kinds of step that make
    neighbours (see :meth:`Board.steps`): None, every step (the grid and every
    link); ``GRID`` the hex grid alone, for a map whose links (sea lanes, box
    entries) the rules treat apart from marching, ZOC and retreats. A subclass adds its own terrain and
    hexside facts, and derives per-kind tables (steps, ZOC and attack
    neighbours, per bridge state ...) with :meth:`step_costs` and
    :meth:`neighbours_where` in methods cached with ``functools.cache``: the
    facts live as long as the board, and so do their tables."""

    def __init__(self, board: Board, impassable: Collection[str] = (), via: Via = None,
                 terrain: Mapping[str, str] | None = None):
        self.board = board
        #: hex -> terrain: the game's own hex entities when it passes them (``terrain``), else the board's cells
        self.terrain = dict(terrain) if terrain is not None else {n: c.terrain for n, c in board.cells.items()}
        self.passable = frozenset(n for n, t in self.terrain.items() if t not in impassable)
        self.neighbours = Table({n: tuple(m for m in board.neighbours(n, via) if m in self.passable)
                                 for n in self.passable})
        self.edge = frozenset(n for n in self.passable if len(board.neighbours(n, via)) < 6)

    @classmethod
    def of(cls, board: Board, *args: Any) -> "HexMap":
        """The facts of this kind for ``board``, built on first use (``args`` go to
        the constructor then: the same board always has the same facts)."""
        key = (cls, id(board))
        m = _MAPS.get(key)
        if m is None or m.board is not board:
            m = _MAPS[key] = cls(board, *args)
        return m

    def hexsides(self, feature: str) -> frozenset[frozenset[str]]:
        """The hexsides (unordered pairs of hexes) that carry ``feature`` (river, road, ridge ...)."""
        return frozenset(frozenset((a, b)) for a, b, _ in self.board.sides_with(feature))

    def neighbours_where(self, ok: Callable[[str, str], bool]) -> Table:
        """hex -> the passable neighbours n of it with ``ok(hex, n)``: the hexes a unit
        there exerts ZOC into, may attack ... (build it once: cache the method that asks)."""
        return Table({h: tuple(n for n in ns if ok(h, n)) for h, ns in self.neighbours.items()})

    def step_costs(self, cost: Callable[[str, str], int | None]) -> Table:
        """hex -> ((neighbour, cost), ...): the steps a unit of one kind may take from
        it and their whole-number MP cost; ``cost(a, b)`` is None where it may not step
        (build it once per unit kind and whatever else the costs depend on)."""
        out = Table()
        for h, ns in self.neighbours.items():
            out[h] = tuple((n, c) for n in ns if (c := cost(h, n)) is not None)
        return out

    @cache
    def steps_into(self, steps: Table) -> Table:
        """hex h -> ((p, cost of p -> h), ...) for the neighbours p of h, in the order
        of ``steps[h]``, that have a step into h: what :func:`movement.trace` reads."""
        cost = {(h, n): c for h, st in steps.items() for n, c in st}
        return Table({h: tuple((p, cost[(p, h)]) for p, _ in st if (p, h) in cost) for h, st in steps.items()})

    @cache
    def neighbours_of(self, steps: Table) -> Table:
        """hex -> the neighbours a unit with these steps may step into (for retreats, advances)."""
        return Table({h: tuple(n for n, _ in st) for h, st in steps.items()})

    @cache
    def ball(self, centre: str, radius: int) -> frozenset[str]:
        """The passable hexes within ``radius`` of ``centre`` (by hex distance): all a
        search with that many MP can touch when every step costs at least 1."""
        return frozenset(n for n in self.passable if self.board.distance(centre, n) <= radius)


# How many answers each cached search keeps. Nearly every hit comes from the same game
# (the same state asked again: legal actions, an agent's look-ahead), few from another
# game: 150 Across Suez games in a row hit reach's cache 93.7 % of the time with 16384
# entries and 92.3 % with 2048, but the big cache held 75 MB more. A kiosk plays for
# days, so the caches are kept small enough to fill within its first hundred games.
CACHED_SEARCHES = 2048


# -- zones of control --------------------------------------------------------------------
@lru_cache(maxsize=CACHED_SEARCHES)
def zone(into: Table, sources: frozenset[str]) -> frozenset[str]:
    """The hexes in the ZOC of units standing in ``sources``: ``into[h]`` lists the
    hexes a unit in h exerts ZOC into (the game's hexside rules applied, e.g. not
    across an unbridged river, not into the lake or an off-map box). Cached: it
    depends only on where those units stand."""
    return movement.zone_of_control(sources, into.__getitem__)


# -- movement ----------------------------------------------------------------------------
@lru_cache(maxsize=CACHED_SEARCHES)
def reach(steps: Table, start: str, allowance: int, blocked: frozenset[str], stops: frozenset[str],
          stop_to_stop: bool = True) -> tuple[dict[str, int], dict[str, str]]:
    """The movement search of :func:`movement.search` (``steps``: the unit kind's
    step-cost table; ``blocked``: hexes it may not enter, enemy units; ``stops``:
    hexes whose entry ends its move, enemy ZOC): (hex -> cheapest cost, by hex,
    without the start; the ``prev`` links for :func:`movement.route`). Hexes
    held by friends are in it: a game where units may pass through friends but
    not end on them drops them (see :class:`MoveList`). Cached across states and
    games; callers must not modify the answer. Passing only the enemy units and
    ZOC within reach (:meth:`HexMap.ball`) makes more situations the same."""
    costs, prev = movement.search(start, allowance, steps, blocked, stops, stop_to_stop)
    del costs[start]
    return dict(sorted(costs.items())), prev


@lru_cache(maxsize=None)
def _action(make: Callable[[str, str], Any], unit: str, to: str) -> Any:
    """Actions are immutable: one shared object per (kind, unit, hex)."""
    return make(unit, to)


class MoveList:
    """The move actions of one unit from one situation, by destination hex (shared
    between states: do not modify)."""
    __slots__ = ("actions", "hexes", "_order")

    def __init__(self, make: Callable[[str, str], Any], unit: str, hexes: Iterable[str]):
        self._order = tuple(hexes)
        self.actions: tuple[Any, ...] = tuple([_action(make, unit, h) for h in self._order])
        self.hexes: frozenset[str] = frozenset(self._order)     # their destinations

    def ending_outside(self, taken: Collection[str]) -> tuple[Any, ...]:
        """The actions whose hex is not in ``taken`` (friends a unit may pass but not end on)."""
        if self.hexes.isdisjoint(taken):
            return self.actions
        return tuple([a for h, a in zip(self._order, self.actions) if h not in taken])


@lru_cache(maxsize=CACHED_SEARCHES)
def move_actions(make: Callable[[str, str], Any], unit: str, search: tuple) -> MoveList:
    """``make(unit, hex)`` (the game's Move action) for every hex of
    ``reach(*search)``, in hex order (cached like :func:`reach`)."""
    return MoveList(make, unit, reach(*search)[0])


# -- after combat --------------------------------------------------------------------------
def retreat_hexes(here: str, into: Mapping[str, Sequence[str]], *barred: Collection[str]) -> list[str]:
    """The hexes a unit in ``here`` may retreat one hex into: ``into[here]`` (the
    neighbours its kind may step into, hexside rules applied) that are in none of
    ``barred`` (the game's limits: occupied hexes, enemy ZOC, the attackers'
    hexes ...), in the table's order."""
    out = into[here]
    for b in barred:
        out = [n for n in out if n not in b]
    return list(out)


def advance_hexes(here: str, into: Mapping[str, Sequence[str]], occupied: Collection[str],
                  only: Sequence[str] | None = None) -> list[str]:
    """The hexes a winning unit in ``here`` may advance one hex into, ignoring ZOC:
    ``into[here]`` not in ``occupied``; where the game limits the advance to the
    vacated hexes, only those in ``only``, in that order."""
    nbrs = into[here]
    if only is None:
        return [n for n in nbrs if n not in occupied]
    return [h for h in only if h in nbrs and h not in occupied]


def adjacent_enemies(here: str, into: Mapping[str, Sequence[str]], occupancy: Mapping[str, tuple[str, str]],
                     side: str) -> list[str]:
    """The keys, sorted, of the enemy units next to ``here`` that a unit of ``side``
    could attack: in ``into[here]`` (e.g. not across an unbridged river)."""
    return sorted(o[0] for n in into[here] if (o := occupancy.get(n)) is not None and o[1] != side)


# -- placement -----------------------------------------------------------------------------
class Placement:
    """Where the units stand, read from their position components (do not modify):

    * ``at``: hex -> (key, side) of the unit there (of a stack, the first by key);
    * ``on_map``: side, or None for every side -> [(unit, hex)] by key;
    * ``hexes``: side -> the hexes its units hold; ``enemy``: side -> the hexes
      held by the other sides;
    * ``stacked``: whether any hex holds more than one unit."""
    __slots__ = ("at", "on_map", "hexes", "enemy", "stacked")

    def __init__(self, at: dict[str, tuple[str, str]], on_map: dict[str | None, list[tuple[Any, str]]],
                 hexes: dict[str, frozenset[str]]):
        self.at = at
        self.on_map = on_map
        self.hexes = hexes
        self.enemy = {s: _union(hs for t, hs in hexes.items() if t != s) for s in hexes}
        self.stacked = len(at) < len(on_map[None])

    @classmethod
    def read(cls, order: Iterable[tuple[str, int, Any]], try_get: Callable[[int, type], Any], position: type,
             sides: Sequence[str]) -> "Placement":
        """From ``order``, (key, entity, unit) by key, and ``try_get(entity, position)``,
        the unit's position component (with ``.hex``) or None when it is off the map."""
        at: dict[str, tuple[str, str]] = {}
        on_map: dict[str | None, list[tuple[Any, str]]] = {None: []}
        held: dict[str, list[str]] = {}
        for s in sides:
            on_map[s] = []
            held[s] = []
        everyone = on_map[None]
        for key, e, u in order:
            p = try_get(e, position)
            if p is not None:
                h = p.hex
                if h not in at:
                    at[h] = (key, u.side)
                everyone.append((u, h))
                on_map[u.side].append((u, h))
                held[u.side].append(h)
        return cls(at, on_map, {s: frozenset(hs) for s, hs in held.items()})

    def after_move(self, unit: Any, frm: str, to: str) -> "Placement":
        """The placement once ``unit`` has gone from ``frm`` to ``to`` (the same as a
        fresh reading, at the cost of copying the lists instead of reading the world)."""
        key, side = unit.key, unit.side
        on_map = dict(self.on_map)
        for k in (None, side):
            on_map[k] = [(v, to if v is unit else h) for v, h in self.on_map[k]]
        at = dict(self.at)
        if at[frm][0] == key:
            del at[frm]
            if self.stacked:            # another unit may be left in frm: the first by key stands for it
                for v, h in on_map[None]:
                    if h == frm:
                        at[frm] = (v.key, v.side)
                        break
        o = at.get(to)
        if o is None or key < o[0]:
            at[to] = (key, side)
        hexes = dict(self.hexes)
        held = self.hexes[side] | {to}
        hexes[side] = held if frm in at else held - {frm}
        return Placement(at, on_map, hexes)

    def stacks(self, side: str | None = None) -> dict[str, list[str]]:
        """hex -> the keys of the units (of ``side``, or all) in it, by key."""
        out: dict[str, list[str]] = {}
        for u, h in self.on_map[side]:
            out.setdefault(h, []).append(u.key)
        return out


def _union(sets: Iterable[frozenset[str]]) -> frozenset[str]:
    sets = list(sets)
    return sets[0] if len(sets) == 1 else frozenset().union(*sets)


class HexUnits:
    """Mixin for the ``Game`` of a hex game (``class G(HexUnits, Game)``): its units
    and where they stand. The ruleset names ``unit_component`` (frozen, with
    ``key`` and ``side``, written once at set-up), ``position_component`` (with
    ``hex``) and ``sides``; calls :meth:`index_units` in ``_setup`` once the unit
    entities exist, and ``super()._bind()`` in its ``_bind``."""
    unit_component: ClassVar[type]
    position_component: ClassVar[type]
    sides: ClassVar[tuple[str, ...]]

    def _bind(self) -> None:
        super()._bind()                                     # type: ignore[misc]
        #: facts that depend only on the units and where they stand (the placement
        #: under "placement"; a ruleset may keep its own there, e.g. enemy ZOC)
        self.position_memo = self.memo_on(self.unit_component, self.position_component)  # type: ignore[attr-defined]

    def index_units(self, unit_ent: dict[str, int]) -> None:
        """The unit index, read once per game (layout, shared by every copy):
        ``unit_ent`` (key -> entity), ``units`` (key -> unit, in set-up order),
        ``unit_of_ent`` (entity -> unit) and ``unit_order`` ((key, entity, unit) by key)."""
        get = self.world.get                                # type: ignore[attr-defined]
        self.unit_ent = unit_ent
        self.units = {k: get(e, self.unit_component) for k, e in unit_ent.items()}
        self.unit_of_ent = {e: self.units[k] for k, e in unit_ent.items()}
        self.unit_order = tuple((k, e, self.units[k]) for k, e in sorted(unit_ent.items()))

    def unit(self, key: str) -> Any:
        """The unit's (never changing) unit component."""
        return self.units[key]

    def pos(self, key: str) -> str | None:
        """The hex the unit stands in, or None when it is off the map."""
        p = self.world.try_get(self.unit_ent[key], self.position_component)   # type: ignore[attr-defined]
        return p.hex if p else None

    def placement(self) -> Placement:
        """Where every unit stands, read once per change of position."""
        got = self.position_memo.get("placement")
        if got is None:
            got = self.position_memo["placement"] = Placement.read(
                self.unit_order, self.world.try_get, self.position_component, self.sides)   # type: ignore[attr-defined]
        return got

    def occupancy(self) -> dict[str, tuple[str, str]]:
        """hex -> (unit key, side) for the units on the map (of a stack, the first by
        key; do not modify the answer)."""
        return self.placement().at

    def units_on_map(self, side: str | None = None) -> list[tuple[Any, str]]:
        """(unit, hex) for the units on the map (of ``side``, or all), by key (do not modify)."""
        return self.placement().on_map[side]

    def enemy_hexes(self, side: str) -> frozenset[str]:
        """The hexes held by units not of ``side``."""
        return self.placement().enemy[side]

    def place_unit(self, key: str, to: str) -> None:
        """Put the unit in ``to`` (a move, retreat, advance or arrival); a placement
        already read is patched rather than read again."""
        before = self.position_memo.get("placement")
        frm = self.pos(key) if before is not None else None
        self.put(self.unit_ent[key], self.position_component(to))   # type: ignore[attr-defined]
        if before is not None and frm is not None:
            self.position_memo["placement"] = before.after_move(self.units[key], frm, to)
