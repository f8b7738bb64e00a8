"""Combat helpers shared by games: dice pools and hit counting, CRT lookup, declarations."""
from __future__ import annotations

from bisect import bisect_right
from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Any, Iterable, Mapping

from game.core.rng import Dice


def count_hits(values: Iterable[int], hit_on: Iterable[int]) -> int:
    hits = frozenset(hit_on)
    return sum(1 for v in values if v in hits)


def roll_pool(dice: Dice, n: int, hit_on: Iterable[int], purpose: str) -> tuple[tuple[int, ...], int]:
    """Roll ``n`` d6 (none if n <= 0) and count hits. Returns (values, hits)."""
    if n <= 0:
        return (), 0
    values = dice.roll(n, 6, purpose)
    return values, count_hits(values, hit_on)


@dataclass(frozen=True, slots=True)
class Odds:
    attacker_wins: float
    tie: float
    defender_wins: float
    attacker_losses: float      # expected losses the attacker takes
    defender_losses: float


def hit_distribution(n: int, hits_on: Iterable[int]) -> list[float]:
    """P(k hits) for k = 0..n when each d6 hits on one of the faces ``hits_on``."""
    n = max(0, int(n))
    p = len(set(hits_on) & {1, 2, 3, 4, 5, 6}) / 6
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@lru_cache(maxsize=4096)
def _hits_after(n: int, hits_on: frozenset, modifier: int) -> tuple[float, ...]:
    base = hit_distribution(n, hits_on)
    out = [0.0] * (max(0, n + modifier) + 1)
    for k, p in enumerate(base):
        out[max(0, k + modifier)] += p
    return tuple(out)


def hits_after(n: int, hits_on: Iterable[int], modifier: int = 0) -> tuple[float, ...]:
    """P(k hits) for k = 0.. when ``n`` d6 hit on ``hits_on`` and ``modifier`` is then added
    to the hits (a terrain -1, a river -1 per unit ...), never below 0: what a combat
    preview shows, "the chance of each number of hits"."""
    return _hits_after(max(0, int(n)), frozenset(hits_on), int(modifier))


@lru_cache(maxsize=4096)
def _odds(attack_dice: int, defense_dice: int, attack_hits_on: frozenset, defense_hits_on: frozenset) -> Odds:
    pa = hit_distribution(attack_dice, attack_hits_on)
    pd = hit_distribution(defense_dice, defense_hits_on)
    aw = tie = dw = al = dl = 0.0
    for i, x in enumerate(pa):
        for j, y in enumerate(pd):
            p = x * y
            if i > j:
                aw += p
                dl += p * (i - j)
            elif i < j:
                dw += p
                al += p * (j - i)
            else:
                tie += p
    return Odds(aw, tie, dw, al, dl)


def pool_odds(attack_dice: int, defense_dice: int, attack_hits_on: Iterable[int],
              defense_hits_on: Iterable[int]) -> Odds:
    """Exact odds of a dice-pool combat: each side rolls its dice, the side
    with fewer hits takes the difference as losses."""
    return _odds(attack_dice, defense_dice, frozenset(attack_hits_on), frozenset(defense_hits_on))


def declare(declared: tuple[tuple[str, tuple[str, ...]], ...], defender: str,
            attacker: str) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """Declared attacks ((defender, attackers), ...) in declaration order, with
    ``attacker`` added against ``defender`` (joining an attack already declared on it)."""
    out = list(declared)
    for i, (d, atts) in enumerate(out):
        if d == defender:
            out[i] = (d, atts + (attacker,))
            return tuple(out)
    out.append((defender, (attacker,)))
    return tuple(out)


@dataclass(frozen=True, slots=True)
class CRT:
    """A combat results table read from a game's data: a column per value of the
    combat (a differential such as -4..+6, or the lower bound of an odds ratio
    such as 0.5, 1, 2), a row per die roll. Values beyond the ends use the end
    columns; column shifts are applied to the column found, clamped again."""
    columns: tuple[float, ...]              # the value heading each column, ascending
    labels: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]       # rows[roll - 1][column]: the result
    results: tuple[str, ...]                # every result, in the order odds are listed

    @classmethod
    def from_data(cls, crt: Mapping[str, Any]) -> "CRT":
        """From ``{"columns", "column_labels", "die", "rows": {"1": [...], ...},
        "result_order"}`` (a data.json "crt")."""
        rows = tuple(tuple(crt["rows"][str(d)]) for d in range(1, int(crt["die"]) + 1))
        return cls(tuple(crt["columns"]), tuple(crt["column_labels"]), rows, tuple(crt["result_order"]))

    @property
    def die(self) -> int:
        return len(self.rows)

    def column(self, value: float, shift: int = 0) -> int:
        """The index of the column for ``value`` (the last whose heading is at most
        it, the first if none), then ``shift`` columns right (left if negative)."""
        base = max(0, bisect_right(self.columns, value) - 1)
        return self.clamp(base + shift)

    def clamp(self, column: int) -> int:
        return max(0, min(len(self.columns) - 1, column))

    def result(self, roll: int, column: int) -> str:
        return self.rows[roll - 1][column]

    def odds(self, column: int) -> tuple[tuple[str, float], ...]:
        """(result, probability) for every result, in result order."""
        counts = dict.fromkeys(self.results, 0)
        for row in self.rows:
            counts[row[column]] += 1
        return tuple((r, counts[r] / len(self.rows)) for r in self.results)


_CRTS: dict[int, tuple[Mapping[str, Any], CRT]] = {}


def crt_of(crt: Mapping[str, Any]) -> CRT:
    """:meth:`CRT.from_data`, once per data table (game data is loaded once and never changed)."""
    got = _CRTS.get(id(crt))
    if got is None or got[0] is not crt:
        got = _CRTS[id(crt)] = (crt, CRT.from_data(crt))
    return got[1]
