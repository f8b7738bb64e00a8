"""esper world handling.

esper 3.x keeps its worlds in module globals and works on one "current" world
at a time. Each game owns one named world; :meth:`World.activate` switches to
it before any query. Components are frozen dataclasses, so a snapshot is just
the entity table (entity id -> components) and shares the component objects
with the live world.

Copying worlds is the hot path of AI search and undo, so snapshot and restore
read and write esper 3.x's entity table directly (``esper._entities`` and its
type index ``esper._components``) instead of re-adding every component through
``create_entity``: about four times faster. :data:`FAST` says whether the
installed esper has that layout; if a future esper does not, the slower path
through esper's public functions is used, with the same results (tested).
"""
from __future__ import annotations

import itertools
import weakref
from typing import Any, Iterator

import esper

_names = itertools.count(1)

#: esper's module state has the layout of esper 3.x (checked once, at import).
FAST = all(hasattr(esper, n) for n in ("_entities", "_components", "_entity_count", "_dead_entities",
                                       "clear_cache"))


class Snapshot:
    """A world's entity table at one moment. Iterating gives (entity id,
    components) pairs in id order. The tables inside are never changed once
    made: a restore copies them into the world."""

    __slots__ = ("table", "index", "next_id")

    def __init__(self, table: dict[int, dict[type, Any]], next_id: int,
                 index: dict[type, frozenset[int]] | None = None):
        self.table = table          # entity id -> {component type: component}, in id order
        self.next_id = next_id      # the id the next created entity gets
        self.index = index          # component type -> entities that have one (esper's own index)

    def __iter__(self) -> Iterator[tuple[int, tuple[Any, ...]]]:
        for e, comps in self.table.items():
            yield e, tuple(comps.values())

    def __len__(self) -> int:
        return len(self.table)


def _drop_world(name: str) -> None:
    if esper.current_world == name:
        esper.switch_world("default")
    try:
        esper.delete_world(name)
    except KeyError:        # already gone (a test fixture may reset esper's worlds)
        pass


class World:
    """One esper world context, owned by one game. Deleted when the owner is
    garbage-collected (or at :meth:`close`).

    Reads (:meth:`get`, :meth:`try_get`, :meth:`has`, :meth:`components`) look
    in this world's own entity table, whatever world esper has current, so a
    game can never read another game's units. Queries and writes make this
    world current first (esper's queries and writes work on the current
    world). Rules code uses only these methods, never ``esper.*``."""

    __slots__ = ("name", "_finalizer", "_ents", "_index", "_own", "__weakref__")

    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"sandtable-{next(_names)}"
        esper.switch_world(self.name)
        esper.clear_database()
        # esper keeps each world's tables as dicts that live as long as the world
        # (switching worlds rebinds esper's globals to them; clearing empties them in place)
        self._ents: dict[int, dict[type, Any]] = esper._entities
        self._index: dict[type, set[int]] = esper._components
        # copy-on-write: after a shared snapshot or restore (share=True) the entities'
        # component dicts are shared with snapshots and other worlds; ``_own`` holds the
        # entities whose dict this world has copied since (None: it owns every dict)
        self._own: set[int] | None = None
        self._finalizer = weakref.finalize(self, _drop_world, self.name)

    def activate(self) -> None:
        if esper.current_world != self.name:
            if not self._finalizer.alive:
                raise RuntimeError(f"esper world {self.name} is closed: this game was closed")
            esper.switch_world(self.name)
            if esper._entities is not self._ents:
                raise RuntimeError(f"esper world {self.name} was deleted behind its game's back")

    # -- reading: this world's own table, never the current world's ----------------
    def get(self, ent: int, component_type: type) -> Any:
        """The entity's component of this type (KeyError if it has none)."""
        return self._ents[ent][component_type]

    def try_get(self, ent: int, component_type: type) -> Any:
        """The entity's component of this type, or None (KeyError for an entity
        that does not exist)."""
        return self._ents[ent].get(component_type)

    def has(self, ent: int, component_type: type) -> bool:
        return component_type in self._ents[ent]

    def components(self, ent: int) -> tuple[Any, ...]:
        return tuple(self._ents[ent].values())

    def entities(self) -> list[int]:
        return list(self._ents)

    def table(self) -> dict[int, dict[type, Any]]:
        """The live entity table (entity -> {type: component}); read only."""
        return self._ents

    def query(self, *component_types: type) -> list[tuple[int, tuple[Any, ...]]]:
        """(entity, (components ...)) for every entity with all these types."""
        self.activate()
        return esper.get_components(*component_types)

    def query_one(self, component_type: type) -> list[tuple[int, Any]]:
        """(entity, component) for every entity with a component of this type."""
        self.activate()
        return esper.get_component(component_type)

    # -- writing (the game's put/take call these, so its memos stay true) ------------
    def create(self, *components: Any) -> int:
        self.activate()
        ent = esper.create_entity(*components)
        if self._own is not None:
            self._own.add(ent)
        return ent

    def _copy(self, ent: int) -> None:
        """Copy the entity's component dict, shared with snapshots, before it is first changed."""
        comps = self._ents.get(ent)
        if comps is not None:
            self._ents[ent] = dict(comps)
        self._own.add(ent)

    def add(self, ent: int, component: Any) -> None:
        if esper.current_world != self.name:
            self.activate()
        if self._own is not None and ent not in self._own:
            self._copy(ent)
        esper.add_component(ent, component)

    def remove(self, ent: int, component_type: type) -> None:
        if esper.current_world != self.name:
            self.activate()
        if self._own is not None and ent not in self._own:
            self._copy(ent)
        esper.try_remove_component(ent, component_type)

    def close(self) -> None:
        """Delete the esper world now (a finished game in a long-running kiosk)."""
        self._finalizer()

    # -- snapshots ---------------------------------------------------------
    def snapshot(self, fast: bool = FAST, static: frozenset[int] = frozenset(), share: bool = False) -> Snapshot:
        """The entity table. Entities in ``static`` (whose components are never
        written after set-up, such as map hexes) share their component dict with
        the world and every copy instead of being copied. ``share``: every
        entity's dict is shared, and this world copies a dict before its first
        write to it (copy-on-write: the world must then be written only through
        :meth:`add`, :meth:`remove` and :meth:`create`, never ``esper.*``)."""
        self.activate()
        if fast:
            dead = esper._dead_entities
            ents = esper._entities
            if share:
                # entity ids are created in increasing order and restored sorted: the table is in id order
                table = dict(ents) if not dead else {e: c for e, c in ents.items() if e not in dead}
                self._own = set()
            else:
                table = {e: (ents[e] if e in static else dict(ents[e])) for e in sorted(ents) if e not in dead}
            index = {t: frozenset(s - dead if dead else s) for t, s in esper._components.items()}
            # read the id counter without moving it: take the next value, then put a counter back
            nxt = next(esper._entity_count)
            esper._entity_count = itertools.count(nxt)
            return Snapshot(table, nxt, index)
        table = {e: {type(c): c for c in esper.components_for_entity(e)} for e in sorted(esper.get_entities())}
        return Snapshot(table, max(table, default=0) + 1)

    def restore(self, snap: Snapshot, fast: bool = FAST, static: frozenset[int] = frozenset(),
                share: bool = False) -> None:
        """Replace this world's contents with ``snap``, keeping entity ids (the
        component dicts of ``static`` entities are shared, not copied; with
        ``share``, every entity's dict is, copied on write: see :meth:`snapshot`)."""
        self.activate()
        self._own = None
        if fast:
            if snap.index is None:      # made by the public path
                index: dict[type, set[int]] = {}
                for e, comps in snap.table.items():
                    for t in comps:
                        index.setdefault(t, set()).add(e)
            else:
                index = {t: set(s) for t, s in snap.index.items() if s}
            esper._entities.clear()
            if share:
                esper._entities.update(snap.table)
                self._own = set()
            else:
                esper._entities.update({e: (comps if e in static else dict(comps)) for e, comps in snap.table.items()})
            esper._components.clear()
            esper._components.update(index)
            esper._dead_entities.clear()
            esper._entity_count = itertools.count(snap.next_id)
            esper.clear_cache()
            return
        esper.clear_database()
        create = esper.create_entity
        next_id = 1
        for ent, comps in snap:
            while next_id < ent:  # fill gaps left by deleted entities
                esper.delete_entity(create(), immediate=True)
                next_id += 1
            got = create(*comps)
            assert got == ent, (got, ent)
            next_id = ent + 1
        while next_id < snap.next_id:
            esper.delete_entity(create(), immediate=True)
            next_id += 1


