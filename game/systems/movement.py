"""Movement validation shared by hex and area games.

All functions are pure: they take callables that describe the game's terrain
and zones of control, so each ruleset keeps its own rules and shares the search.
"""
from __future__ import annotations

from typing import Callable, Collection, Iterable, Mapping

Neighbours = Callable[[str], Iterable[str]]


def path_to(start: str, goal: str, allowance: int, steps: Mapping[str, Iterable[tuple[str, int]]],
            blocked: Collection[str] = (), stops: Collection[str] = ()) -> list[str] | None:
    """The cheapest legal path start..goal (both included), on the same terms
    as :func:`reachable` (for animating a move), or None."""
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    buckets: list[list[str]] = [[start]] + [[] for _ in range(allowance)]
    limit = allowance + 1
    for spent in range(limit):
        for here in buckets[spent]:
            if here == goal:
                out = [goal]
                while out[-1] != start:
                    out.append(prev[out[-1]])
                return out[::-1]
            if best[here] != spent or (here in stops and here != start):
                continue
            for nxt, step in steps[here]:
                if nxt in blocked:
                    continue
                c = spent + step
                if c < limit and c < best.get(nxt, limit):
                    best[nxt] = c
                    prev[nxt] = here
                    buckets[c].append(nxt)
    return None


def zone_of_control(sources: Iterable[str], neighbours: Neighbours,
                    projects: Callable[[str, str], bool] = lambda a, b: True) -> frozenset[str]:
    """Hexes in the ZOC of units standing in ``sources``. ``projects(a, b)``
    says whether a unit in a exerts ZOC into neighbour b (rivers can block it)."""
    out: set[str] = set()
    for h in sources:
        for n in neighbours(h):
            if projects(h, n):
                out.add(n)
    return frozenset(out)


def reachable(start: str, allowance: int, steps: Mapping[str, Iterable[tuple[str, int]]],
              blocked: Collection[str] = (), stops: Collection[str] = (),
              occupied: Collection[str] = ()) -> dict[str, int]:
    """Hexes a unit can end its move in, with the cheapest MP cost of each.

    ``steps[h]`` lists ``(neighbour, cost)``: the neighbours a unit of this
    kind may step into from h (hexside rules such as rivers already applied)
    and the whole-number MP cost of that step (terrain, roads and ridges; a
    game with half-MP costs doubles every number). ``blocked`` hexes cannot be
    entered (enemy units); entering a hex in ``stops`` ends the move (enemy
    ZOC); hexes in ``occupied`` may be passed through but not ended in. The
    start hex is not included. Costs are small whole numbers, so the search
    keeps one bucket per MP spent (Dial's algorithm), not a heap."""
    best: dict[str, int] = {start: 0}
    buckets: list[list[str]] = [[start]] + [[] for _ in range(allowance)]
    limit = allowance + 1
    for spent in range(limit):
        for here in buckets[spent]:
            if best[here] != spent or (here in stops and here != start):
                continue
            for nxt, step in steps[here]:
                if nxt in blocked:
                    continue
                c = spent + step
                if c < limit and c < best.get(nxt, limit):
                    best[nxt] = c
                    buckets[c].append(nxt)
    del best[start]
    return {h: c for h, c in best.items() if h not in occupied}
