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
    best, prev = search(start, allowance, steps, blocked, stops)
    return route(prev, start, goal) if goal in best else None


def route(prev: Mapping[str, str], start: str, goal: str) -> list[str] | None:
    """The path start..goal (both included) from the ``prev`` links of :func:`search`."""
    if goal != start and goal not in prev:
        return None
    out = [goal]
    while out[-1] != start:
        out.append(prev[out[-1]])
    return out[::-1]


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


def search(start: str, allowance: int, steps: Mapping[str, Iterable[tuple[str, int]]],
           blocked: Collection[str] = (), stops: Collection[str] = (),
           stop_to_stop: bool = True) -> tuple[dict[str, int], dict[str, str]]:
    """Every hex a unit can reach from ``start`` (included, at cost 0), with
    its cheapest MP cost, and the ``prev`` link of each cheapest path.

    ``steps[h]`` lists ``(neighbour, cost)``: the neighbours a unit of this
    kind may step into from h (hexside rules such as rivers already applied)
    and the whole-number MP cost of that step (terrain, roads and ridges; a
    game with half-MP costs doubles every number). ``blocked`` hexes cannot be
    entered (enemy units); entering a hex in ``stops`` ends the move (enemy
    ZOC). A unit that starts in a stop hex may leave it; with
    ``stop_to_stop=False`` not straight into another stop hex (ZOC to ZOC).
    Costs are small whole numbers, so the search keeps one bucket per
    MP spent (Dial's algorithm), not a heap. The answer depends only on the
    arguments: rulesets may cache it across states."""
    best: dict[str, int] = {start: 0}
    prev: dict[str, str] = {}
    buckets: list[list[str]] = [[start]] + [[] for _ in range(allowance)]
    limit = allowance + 1
    leaving = blocked if stop_to_stop or start not in stops else set(blocked) | set(stops)
    for spent in range(limit):
        for here in buckets[spent]:
            if best[here] != spent:
                continue
            barred = blocked
            if here in stops:
                if here != start:
                    continue
                barred = leaving
            for nxt, step in steps[here]:
                if nxt in barred:
                    continue
                c = spent + step
                if c < limit and c < best.get(nxt, limit):
                    best[nxt] = c
                    prev[nxt] = here
                    buckets[c].append(nxt)
    return best, prev


def trace(costs: Mapping[str, int], start: str, goal: str, into: Mapping[str, Iterable[tuple[str, int]]],
          stops: Collection[str] = ()) -> list[str] | None:
    """The path start..goal (both included) read back from a cost table of
    :func:`search` alone (``start`` may be left out of it), for a game that
    keeps only the costs: from each hex back to the first ``(p, cost)`` in
    ``into[h]`` (the steps p -> h) that is the start at that cost, or a hex of
    the table, not a stop, whose cost plus the step's is h's. None if
    ``goal`` is not in the table."""
    if goal != start and goal not in costs:
        return None
    path = [goal]
    here = goal
    while here != start:
        c = costs[here]
        for p, back in into[here]:
            if (p == start and back == c) or (p in costs and p not in stops and costs[p] + back == c):
                here = p
                break
        else:  # pragma: no cover - a cost table of search always has a predecessor
            return None
        path.append(here)
    return path[::-1]


def reachable(start: str, allowance: int, steps: Mapping[str, Iterable[tuple[str, int]]],
              blocked: Collection[str] = (), stops: Collection[str] = (),
              occupied: Collection[str] = ()) -> dict[str, int]:
    """Hexes a unit can end its move in, with the cheapest MP cost of each
    (see :func:`search`); hexes in ``occupied`` may be passed through but not
    ended in. The start hex is not included."""
    best, _ = search(start, allowance, steps, blocked, stops)
    return {h: c for h, c in best.items() if h != start and h not in occupied}
