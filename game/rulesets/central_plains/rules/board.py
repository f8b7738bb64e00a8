"""The map as the rules read it (seed 1, §2): the strongholds (region entities) and the
links between them (rail, road, river).

Each stronghold is an entity with a ``Stronghold`` component (name, terrain, whose
HQ), created at set-up and never written again (shared by every copy). The map's
tables (terrain, HQs, the links of each kind from each stronghold, adjacency, the
rail lines) are built from those entities and the map's links, once per map.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..components import Stronghold
from .basics import KINDS

#: the link tables of a map, by id(board) (built once per map: see MapFacts.of)
_FACTS: dict[int, tuple[Any, "MapFacts"]] = {}


@dataclass(frozen=True)
class MapFacts:
    """What never changes on the map: per stronghold its terrain and the HQ on it; the
    links (name -> (a, b, kind)); per link kind and stronghold the (neighbour, link)
    pairs; adjacency (any link); the rail strongholds and the strongholds of each rail line."""
    terrain: dict[str, str]
    hq_at: dict[str, str]
    link_ends: dict[str, tuple[str, str, str]]
    links_of: dict[str, dict[str, tuple[tuple[str, str], ...]]]
    adj: dict[str, tuple[str, ...]]
    adj_links: dict[str, tuple[tuple[str, str], ...]]
    rail_nodes: frozenset[str]
    line_nodes: dict[str, frozenset[str]]

    @classmethod
    def of(cls, board: Any, strongholds: dict[str, Stronghold]) -> "MapFacts":
        hit = _FACTS.get(id(board))
        if hit is not None and hit[0] is board and hit[1].terrain == {n: s.terrain for n, s in strongholds.items()}:
            return hit[1]
        facts = cls.build(board, strongholds)
        _FACTS[id(board)] = (board, facts)
        return facts

    @classmethod
    def build(cls, board: Any, strongholds: dict[str, Stronghold]) -> "MapFacts":
        nodes = tuple(strongholds)
        by_kind: dict[str, dict[str, list[tuple[str, str]]]] = {k: {n: [] for n in nodes} for k in KINDS}
        link_ends: dict[str, tuple[str, str, str]] = {}
        lines: dict[str, set[str]] = {}
        for lk in board.links():
            name = lk.props["link_name"]
            link_ends[name] = (lk.a, lk.b, lk.kind)
            by_kind[lk.kind][lk.a].append((lk.b, name))
            by_kind[lk.kind][lk.b].append((lk.a, name))
            if lk.kind == "rail":
                lines.setdefault(lk.props["line"], set()).update((lk.a, lk.b))
        links_of = {k: {n: tuple(v) for n, v in m.items()} for k, m in by_kind.items()}
        return cls(terrain={n: s.terrain for n, s in strongholds.items()},
                   hq_at={n: s.hq for n, s in strongholds.items() if s.hq},
                   link_ends=link_ends, links_of=links_of,
                   adj={n: tuple(sorted(board.neighbours(n))) for n in nodes},
                   adj_links={n: tuple(sorted((o, name) for k in KINDS for o, name in links_of[k][n])) for n in nodes},
                   rail_nodes=frozenset(n for n in nodes if links_of["rail"][n]),
                   line_nodes={ln: frozenset(v) for ln, v in lines.items()})


class Board:
    """The strongholds as entities, and the map's tables read from them."""

    def _create_regions(self) -> None:
        """A region entity for each stronghold (name, terrain, whose HQ), and the map's tables from them."""
        hq_of = {k: c["hq"] for k, c in self.cmds.items()}
        hq_at = {v: k for k, v in hq_of.items()}
        self.node_ent = {n: self.create(Stronghold(n, self.board.cell(n).terrain, hq_at.get(n, "")))
                         for n in self.nodes}
        get = self.world.get
        facts = self.facts = MapFacts.of(self.board, {n: get(e, Stronghold) for n, e in self.node_ent.items()})
        self.terrain = facts.terrain
        self.hq_at = facts.hq_at
        self.hq_of = {k: s for s, k in facts.hq_at.items()}
        self.link_ends, self.links_of, self.line_nodes = facts.link_ends, facts.links_of, facts.line_nodes
        self.adj, self.adj_links, self.rail_nodes = facts.adj, facts.adj_links, facts.rail_nodes

    def stronghold(self, s: str) -> Stronghold:
        return self.world.get(self.node_ent[s], Stronghold)
