"""Across Suez's levels.

The heuristic has no evaluation of a whole position (it scores each move on a
"target field"), so this module has one, built on the heuristic's own pieces
(``loc_path``, ``distances``) and the victory conditions [14]: units across
the canal (six needed), the bridge brought to 0112 and placed, the line of
communication 0112→1708 and the Egyptian units that threaten it or stand next
to the bridge, and the firepower each side has left. Move choices are scored
on the heuristic's target field (the same numbers it moves by, in its units);
the rest one ply ahead. A turn is one side's movement and combat phases.
"""
from __future__ import annotations

import random

from game.ai.across_suez import (NEED_CROSSED, W_CROSS, W_CROSS_FP, W_GUARD_FP, AcrossSuezAgent, distances,
                                 loc_path)
from game.ai.adapter import Adapter
from game.ai.search import Candidate, SearchConfig
from game.rulesets.across_suez.actions import Cross, EndPhase, Enter, Move
from game.rulesets.across_suez.kinds import MOVE, OVER

WIN = 1000.0
W_CROSSED = 40.0      # a unit across the canal (up to six)
W_PLACED = 120.0      # the bridge placed in 0112
W_BRIDGE_DIST = 8.0   # per hex between the bridge and 0112, before it is placed
W_NO_LOC = 150.0      # no line of communication at all
W_LOC_CUT = 35.0      # an LOC hex in Egyptian ZOC with no Israeli unit on it
W_LOC_NEAR = 6.0      # an Egyptian unit within two hexes of the LOC
W_GUARD = 12.0        # an Israeli unit next to 0112 (at most three count)
W_BRIDGE_THREAT = 45.0  # an Egyptian unit next to 0112 while the bridge is there or coming
W_FIRE = 3.0          # a point of firepower on the map
W_BRIDGE_EXPOSED = 6.0  # a point of Egyptian firepower within reach of the bridge (unless shielded)


def evaluate(g, side: str) -> float:
    """The value of the position for ``side`` (Israel's terms, negated for Egypt)."""
    f = g.flow()
    if f.phase == OVER:
        return WIN if f.winner == side else -WIN
    sign = 1.0 if side == "ISR" else -1.0
    facts = g.facts
    dist = distances(facts)
    cross = g.crossing_hex
    guards = facts.neighbours[cross]
    crossed = len([k for k in g.crossed_units() if not g.unit(k).is_bridge])
    v = W_CROSSED * min(crossed, NEED_CROSSED) + 4.0 * max(0, crossed - NEED_CROSSED)
    bridge = g.pos(g.bridge_key)
    if g.bridge_deployed():
        v += W_PLACED
    elif bridge is not None:
        v -= W_BRIDGE_DIST * dist[bridge].get(cross, 30)
    path = loc_path(g)
    occ = g.occupancy()
    if not path:
        v -= W_NO_LOC
    else:
        zoc = g.enemy_zoc("ISR")
        cut = sum(1 for h in path if h in zoc and occ.get(h, ("", ""))[1] != "ISR")
        v -= W_LOC_CUT * cut
    near = 0
    fire = 0.0
    isr_guards = 0
    threat = 0
    on_path = frozenset(path)
    for u, h in g.units_on_map():
        if u.is_bridge:
            continue
        if u.side == "ISR":
            fire += u.firepower
            if h in guards:
                isr_guards += 1
        else:
            fire -= u.firepower
            if h in guards:
                threat += 1
            d = dist[h]
            if on_path and min(d.get(x, 99) for x in on_path) <= 2:
                near += 1
    v += W_FIRE * fire + W_GUARD * min(3, isr_guards) - W_LOC_NEAR * near
    if bridge is not None:
        v -= W_BRIDGE_THREAT * threat
        if not g.bridge_deployed() or any(occ.get(h, ("", ""))[1] != "ISR" for h in guards):
            # Egyptian units that could strike the bridge next turn
            db = dist[bridge]
            exposed = sum(u.firepower for u, h in g.units_on_map("EGY") if db.get(h, 99) <= 4)
            v -= W_BRIDGE_EXPOSED * min(exposed, 12)
    return sign * v


class PlayoutAgent(AcrossSuezAgent):
    """The heuristic as it is (its moves are scored without look-ahead, so it is quick)."""


class AcrossSuezAdapter(Adapter):
    game_id = "across_suez"
    scale = 60.0
    easy_temperature = 16.0   # docs/ai.md "easy, tuned": 8 let easy come within 68.5 % of normal
    max_candidates = 6
    horizon_turns = 0        # playouts: to the end of the side's own turn (movement and combat)
    config = SearchConfig(playout_depth=40, tree_depth=3, expand_after=3, widen=0.0, c_uct=0.6)

    def evaluate(self, g, side):
        return evaluate(g, side)

    def candidates(self, g, seat, legal, rng: random.Random):
        if g.pending().kind != MOVE:
            return super().candidates(g, seat, legal, rng)
        return self.move_candidates(g, seat, legal)

    def move_candidates(self, g, side, legal):
        """Every move scored as the heuristic scores it on its target field (in its units): the
        value of the hex reached less the value of the hex left (the strongest units to 0112's
        ring); entering and crossing by its own rules; the bridge's move, which it makes last,
        just above ending the phase (and ending the phase before it as never done)."""
        ag = AcrossSuezAgent(0)
        f = ag._field(g, side)
        w = ag._targets(g, side)
        occ = g.occupancy()
        val = {h: max(w.get(h, -1e9), v) for h, v in f.items()}
        crossed = len([k for k in g.crossed_units() if not g.unit(k).is_bridge])
        guards = g.facts.neighbours[g.crossing_hex]
        bridge = ag._bridge_move(g, legal) if side == "ISR" else None
        hold: dict[str, float] = {}
        out = []
        for a in legal:
            t = type(a)
            s = -50.0                     # what the heuristic never does
            if t is Move:
                if a.unit == g.bridge_key:
                    if bridge == a:
                        s = 0.6
                elif a.to not in occ:
                    hv = hold.get(a.unit)
                    if hv is None:
                        hv = hold[a.unit] = ag._hold(g, a.unit)
                    s = val[a.to] - hv
                    if a.to in guards:
                        s += W_GUARD_FP * g.unit(a.unit).firepower
            elif t is Enter:
                o = occ.get(a.hex)
                if o is None or o[1] == side:
                    s = 500.0 + f[a.hex] - (100.0 if o is not None else 0.0)
            elif t is Cross:
                if crossed < NEED_CROSSED and g.pos(a.unit) not in guards:
                    s = W_CROSS - ag._hold(g, a.unit) * 0.5 - W_CROSS_FP * g.unit(a.unit).firepower
            elif t is EndPhase:
                # ending before the bridge has made the move the heuristic has for it is what
                # the heuristic never does (easy would otherwise forget the bridge half the time)
                s = 0.5 if bridge is None else -50.0
            out.append(Candidate((a,), s))
        out.sort(key=lambda c: -c.score)
        return out

    def new_agents(self, g, rng):
        from game.ai.adapter import _LazyAgents
        return _LazyAgents(PlayoutAgent, rng.randrange(1 << 30))

    def turn_key(self, g, seat):
        return (g.turn, g.flow().side)

    def decisions_left(self, g, seat):
        f = g.flow()
        if f.phase == MOVE and f.side == seat:
            moved = set(f.moved)
            left = sum(1 for u, _h in g.units_on_map(seat) if u.key not in moved)
            return 3.0 + left
        return 2.0


ADAPTER = AcrossSuezAdapter()
