"""Combat helpers shared by games: dice pools and hit counting."""
from __future__ import annotations

from functools import lru_cache
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


def _binom(n: int, p: float) -> list[float]:
    from math import comb
    return [comb(n, k) * p ** k * (1 - p) ** (n - k) for k in range(n + 1)]


@lru_cache(maxsize=4096)
def pool_odds(att_dice: int, att_faces: int, def_dice: int, def_faces: int) -> dict[str, float]:
    """Exact odds of a dice-pool combat where each side's hits are the dice
    showing one of ``*_faces`` hitting faces (e.g. 2 for 5–6, 1 for 6 only).
    The side with fewer hits takes the difference as losses.

    Returns p_attacker_wins, p_tie, p_defender_wins, and the expected losses of
    each side (``att_losses``, ``def_losses``)."""
    pa = _binom(max(att_dice, 0), att_faces / 6)
    pd = _binom(max(def_dice, 0), def_faces / 6)
    win = tie = lose = att_loss = def_loss = 0.0
    for a, p1 in enumerate(pa):
        for d, p2 in enumerate(pd):
            p = p1 * p2
            if a > d:
                win += p
                def_loss += p * (a - d)
            elif a < d:
                lose += p
                att_loss += p * (d - a)
            else:
                tie += p
    return {"p_attacker_wins": win, "p_tie": tie, "p_defender_wins": lose,
            "att_losses": att_loss, "def_losses": def_loss}
