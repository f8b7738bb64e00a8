"""Combat helpers shared by games: dice pools and hit counting."""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from math import comb
from typing import Iterable

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
