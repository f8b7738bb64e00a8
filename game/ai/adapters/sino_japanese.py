"""日清戰爭's levels.

The heuristic has no evaluation of a whole position (it scores each move on a
target field), so this module has one, from Japan's side (Qing's is its
negative), on the victory rules [12]: Japan's victory points (cities held,
the fleet removed, Japanese units lost) against the threshold, the strength
left to each side (attack and durability of the units on the map), units out
of supply, ammunition, and how near Japan's units stand to the cities it does
not hold yet (in MP, by the heuristic's distances), so that a playout cut short
still tells an advance from a retreat. Every choice is scored one ply ahead
with sampled dice. A turn is one side's player round (its movement, combat and
recovery).
"""
from __future__ import annotations

from game.ai.adapter import Adapter
from game.ai.search import SearchConfig
from game.ai.sino_japanese import distances

WIN = 1000.0
W_VP = 10.0           # a victory point
W_MET = 30.0          # Japan at or above the threshold
W_STRENGTH = 2.0      # a point of attack or durability on the map
W_UNSUPPLIED = 4.0    # a unit out of supply
W_AMMO = 0.5          # a point of ammunition
W_NEAR = 1.0          # per MP between a Japanese unit and the nearest city Japan does not hold
NEAR_CAP = 12         # MP: farther counts as this far


def evaluate(g, side: str) -> float:
    """The value of the position for ``side`` (Japan's terms, negated for Qing)."""
    f = g.flow()
    if f.phase == "over":
        return WIN if f.winner == side else -WIN
    sign = 1.0 if side == "JP" else -1.0
    vp = g.vp()
    v = W_VP * vp + (W_MET if vp >= int(g.data["victory"]["threshold"]) else 0.0)
    facts = g.facts
    targets = [c for c in facts.vp if g.controller(c) != "JP"]
    dist = distances(facts, "JP")
    for u, h in g.units_on_map():
        if g.is_removed(u.key):
            continue
        s = 1.0 if u.side == "JP" else -1.0
        v += s * W_STRENGTH * (g.attack_of(u.key) + g.durability_of(u.key))
        if h in facts.hexes:
            if not g.in_supply(u.key):
                v -= s * W_UNSUPPLIED
            if s > 0 and targets:
                d = dist.get(h, {})
                v -= W_NEAR * min(NEAR_CAP, min(d.get(c, NEAR_CAP) for c in targets))
    v += W_AMMO * (g.ammo("JP") - g.ammo("QING"))
    return sign * v


class SinoJapaneseAdapter(Adapter):
    game_id = "sino_japanese"
    scale = 40.0
    easy_temperature = 8.0
    max_candidates = 6
    max_scored = 20
    horizon_turns = 1        # playouts: to the end of the opponent's next player round
    config = SearchConfig(playout_depth=30, tree_depth=3, expand_after=3, widen=0.0, c_uct=0.6)

    def evaluate(self, g, side):
        return evaluate(g, side)

    def turn_key(self, g, seat):
        f = g.flow()
        return (f.turn, f.round, f.side)

    def decisions_left(self, g, seat):
        f = g.flow()
        if f.phase == "move" and f.side == seat:
            return 2.0 + sum(1 for u, _h in g.units_on_map(seat) if g.can_move(u.key, f))
        return 2.0


ADAPTER = SinoJapaneseAdapter()
