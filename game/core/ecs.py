"""esper world handling.

esper 3.x keeps its worlds in module globals and works on one "current" world
at a time. Each game owns one named world; :meth:`World.activate` switches to
it before any query. Components are frozen dataclasses, so a snapshot is just
the entity table (entity id -> tuple of component instances) and can share
the component objects with the live world.
"""
from __future__ import annotations

import itertools
import weakref
from typing import Any, Iterable

import esper

Snapshot = tuple[tuple[int, tuple[Any, ...]], ...]

_names = itertools.count(1)


def _drop_world(name: str) -> None:
    if name not in esper.list_worlds():
        return
    if esper.current_world == name:
        esper.switch_world("default")
    esper.delete_world(name)


class World:
    """One esper world context. Deleted when the owner is garbage-collected."""

    __slots__ = ("name", "_finalizer", "__weakref__")

    def __init__(self, name: str | None = None) -> None:
        self.name = name or f"sandtable-{next(_names)}"
        esper.switch_world(self.name)
        esper.clear_database()
        self._finalizer = weakref.finalize(self, _drop_world, self.name)

    def activate(self) -> None:
        if esper.current_world != self.name:
            if not self._finalizer.alive:
                raise RuntimeError(f"esper world {self.name} is closed: this game was closed")
            esper.switch_world(self.name)

    def close(self) -> None:
        """Delete the esper world now (a finished game in a long-running kiosk)."""
        self._finalizer()

    # -- snapshots ---------------------------------------------------------
    def snapshot(self) -> Snapshot:
        self.activate()
        return tuple((e, esper.components_for_entity(e)) for e in sorted(esper.get_entities()))

    def restore(self, snap: Snapshot) -> None:
        """Replace this world's contents with ``snap``, keeping entity ids."""
        self.activate()
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


def entities_with(*component_types: type) -> Iterable[tuple[int, tuple[Any, ...]]]:
    """esper.get_components, named for readers who do not know esper."""
    return esper.get_components(*component_types)
