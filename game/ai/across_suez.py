"""A heuristic Across Suez player, for both sides.

Movement is greedy, one move at a time, scored by a cheap static "target
field" computed once per decision (never by applying each of the ~1000 Move
actions to a copy):

- the line of communication (LOC) 0112→1708 is the cheapest path through the
  land hexes, where an Egyptian unit blocks and an Egyptian-ZOC hex without an
  Israeli unit costs dear;
- Israel holds the three hexes around 0112 with its strongest units (so no
  Egyptian unit can stand next to the bridge, which then cannot be attacked or
  bombarded) and the ring of hexes around those, throws out any Egyptian unit
  that gets next to 0112, fills the LOC hexes that are in (or near) Egyptian
  ZOC, closes in on Egyptian units near the LOC to attack them, and crosses
  units, the weakest first, until six are across. The bridge moves last in the
  phase, to the hex the fewest Egyptian units could reach the side of this turn
  (so never into the front line, as on turn 1), with an escort around it; it
  goes into 0112 from turn BRIDGE_TURN when no Egyptian unit can come next to
  it there, on the last turn in any case, and never moves again;
- Egypt goes for the LOC (standing on it or next to it cuts it) and for the
  hexes next to 0112.

Attacks are made one at a time, each planned with the exact CRT odds
(``combat_preview``): the defender whose best group of attackers is worth most
first, then the units that add to it; Israel spends an artillery support on an
attack where it improves the odds. Egypt always bombards (the bridge first,
then the Israeli units that matter most to the LOC). The agent never rolls or
reads dice.
"""
from __future__ import annotations

import heapq
import random
from collections import deque

from game.ai import require_view
from game.core.actions import Action
from game.rulesets.across_suez.actions import (Advance, Assign, Bombard, Cross, EndAdvance, EndBombardment,
                                               EndDeclarations, EndPhase, Enter, Move, Resolve)
from game.rulesets.across_suez.kinds import ADVANCE, BOMBARD, DECLARE, EE_LOSS, MOVE, RETREAT, STACK_LOSS
from game.rulesets.across_suez.rules import AcrossSuez, MapFacts
from game.systems import hexunits

NEED_CROSSED = 6
W_GUARD = 100.0       # an Israeli unit next to 0112
W_LOC_ZOC = 60.0      # an LOC hex in Egyptian ZOC (cut unless an Israeli unit stands there)
W_LOC_NEAR = 25.0     # an LOC hex an Egyptian unit could reach next phase
W_ATTACK = 30.0       # a hex next to an Egyptian unit that threatens the LOC
W_END = 80.0         # an Israeli unit on 1708, the end of the LOC
W_CROSS = 150.0
K_DIST = 3.0          # value lost per hex of distance to a target
W_EXPEL = 90.0        # a hex to attack from an Egyptian unit next to 0112
W_GUARD_FP = 8.0      # per firepower point of a unit moving next to 0112
W_CROSS_FP = 10.0     # per firepower point of a unit crossing (the weakest cross first)
W_ESCORT = 90.0       # an Israeli unit next to the bridge before it is placed
W_GUARD2 = 45.0       # an Israeli unit next to a guard hex of 0112
BRIDGE_TURN = 4       # the bridge goes into 0112 from this turn on (on the last turn in any case)
BIG = 10_000.0

_DIST: dict[int, dict[str, dict[str, int]]] = {}


def distances(facts: MapFacts) -> dict[str, dict[str, int]]:
    """All-pairs land-hex distances (lake excluded), computed once per map."""
    d = _DIST.get(id(facts))
    if d is None:
        d = {}
        for s in facts.passable:
            seen = {s: 0}
            todo = deque([s])
            while todo:
                h = todo.popleft()
                for n in facts.neighbours[h]:
                    if n not in seen:
                        seen[n] = seen[h] + 1
                        todo.append(n)
            d[s] = seen
        _DIST[id(facts)] = d
    return d


def loc_path(g: AcrossSuez) -> list[str]:
    """The cheapest LOC 0112→1708 for Israel as things stand (Egyptian units block;
    Egyptian ZOC without an Israeli unit costs dear). Empty if none exists."""
    v = g.data["victory"]["loc"]
    start, goal = v["from"], v["to"]
    occ = g.occupancy()
    zoc = g.enemy_zoc("ISR")
    nb = g.facts.neighbours

    cost: dict[str, float] = {}
    for h in nb:
        o = occ.get(h)
        if o is not None:
            cost[h] = BIG if o[1] == "EGY" else 0.5
        else:
            cost[h] = 8.0 if h in zoc else 1.0

    best = {start: 0.0}
    prev: dict[str, str] = {}
    heap = [(0.0, start)]
    while heap:
        c, h = heapq.heappop(heap)
        if h == goal:
            break
        if c > best[h]:
            continue
        for n in nb[h]:
            cn = c + cost[n]
            if cn < best.get(n, 1e18):
                best[n] = cn
                prev[n] = h
                heapq.heappush(heap, (cn, n))
    if goal not in best or best[goal] >= BIG:
        return []
    path = [goal]
    while path[-1] != start:
        path.append(prev[path[-1]])
    return path[::-1]


def egyptian_reach(g: AcrossSuez) -> list[frozenset[str]]:
    """Per Egyptian unit (on the map, or due to enter this turn), the hexes it could stand
    in after its next movement phase with the Israeli units where they are now."""
    memo = g.memo.get("ai_egy_reach")
    if memo is not None:
        return memo
    blocked, stops = g.enemy_hexes("EGY"), g.enemy_zoc("EGY")
    steps = g.facts.steps[False]
    out = []
    for k, u in g.units.items():
        if u.side != "EGY" or u.is_bridge:
            continue
        h = g.pos(k)
        if h is not None:
            starts = [h]
        elif 0 < u.enter <= g.turn and not g.is_eliminated(k) and k in g.due_reinforcements("EGY"):
            starts = g.entry_hexes(k)
        else:
            continue
        got = set(starts)
        for st in starts:
            if h is None or not g.locked(k):
                got.update(hexunits.reach(steps, st, g.allowance(k), blocked, stops)[0])
        out.append(frozenset(got))
    g.memo["ai_egy_reach"] = out
    return out


class AcrossSuezAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: AcrossSuez) -> Action:
        require_view(game)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        d = game.pending()
        kind = d.kind
        if kind == MOVE:
            return self._move(game, legal, d.seat)
        if kind == BOMBARD:
            return self._bombard(game, legal)
        if kind == DECLARE:
            return self._declare(game, legal, d.seat)
        if kind == STACK_LOSS:
            return min(legal, key=lambda a: (game.unit(a.unit).is_bridge, self._hold(game, a.unit), a.unit))
        if kind == EE_LOSS:
            return min(legal, key=lambda a: (self._hold(game, a.unit), game.unit(a.unit).firepower, a.unit))
        if kind == RETREAT:
            return self._retreat(game, legal, d.seat)
        if kind == ADVANCE:
            return self._advance(game, legal, d.seat)
        return legal[0]

    # -- the target field ------------------------------------------------------------
    def _targets(self, g: AcrossSuez, side: str) -> dict[str, float]:
        """hex -> weight of standing there for ``side`` (whether or not a friendly unit is there)."""
        memo_key = ("ai_targets", side)
        got = g.memo.get(memo_key)
        if got is not None:
            return got
        facts = g.facts
        dist = distances(facts)
        occ = g.occupancy()
        crossing = g.crossing_hex
        guards = facts.neighbours[crossing]
        path = loc_path(g)
        egy = [h for u, h in g.units_on_map("EGY")]
        isr_zoc_of_egy = g.enemy_zoc("ISR")          # hexes next to an Egyptian unit
        nb = facts.neighbours
        w: dict[str, float] = {}

        def put(h: str, v: float) -> None:
            if v > w.get(h, 0.0):
                w[h] = v

        if side == "ISR":
            for h in guards:
                put(h, W_GUARD)
            bridge = g.pos(g.bridge_key)
            if bridge is not None and bridge != crossing:
                for h in nb[bridge]:          # escort the bridge on its way: no Egyptian next to it
                    put(h, W_ESCORT)
            for h in guards:                  # the second ring keeps Egyptians off the guards
                for n in nb[h]:
                    if n != crossing and n not in guards:
                        put(n, W_GUARD2)
            put(path[-1] if path else g.data["victory"]["loc"]["to"], W_END)
            near = {e: 0 for e in egy}        # hexes within 3 of an Egyptian unit, with the distance
            todo = deque(egy)
            while todo:
                h = todo.popleft()
                dh = near[h]
                if dh < 3:
                    for n in nb[h]:
                        if n not in near:
                            near[n] = dh + 1
                            todo.append(n)
            for h in path[1:]:
                if h in isr_zoc_of_egy:
                    put(h, W_LOC_ZOC)
                elif h in near:
                    put(h, W_LOC_NEAR - 5.0 * (near[h] - 2))
            # attack positions around Egyptian units that threaten the LOC or 0112
            for e in egy:
                dl = min((dist[e].get(h, 99) for h in path), default=99)
                dl = min(dl, dist[e].get(crossing, 99))
                if dl > 4:
                    continue
                # an Egyptian unit next to 0112 must be thrown out before it can attack the bridge
                wa = W_EXPEL if dist[e].get(crossing, 99) <= 1 else W_ATTACK - 4.0 * dl
                for n in facts.neighbours[e]:
                    o = occ.get(n)
                    if o is None or o[1] == "ISR":
                        put(n, wa)
        else:
            bridge = g.pos(g.bridge_key)
            if bridge is not None:
                for n in facts.neighbours[bridge]:
                    put(n, 70.0)
            for h in guards:
                put(h, 55.0)
            for h in path[1:]:
                o = occ.get(h)
                if o is not None and o[1] == "ISR":
                    continue
                put(h, 50.0)
                for n in facts.neighbours[h]:
                    if n not in occ or occ[n][1] == "EGY":
                        put(n, 40.0)
            if not path:       # the LOC is cut: hold on to the hexes that cut it
                for e in egy:
                    put(e, 45.0)
            for h in list(w):
                t = g.facts.terrain[h]
                if t == "chinese_farm" or h in facts.forts:
                    w[h] += 6.0
                elif t == "elevated_sand":
                    w[h] += 3.0
        g.memo[memo_key] = w
        return w

    def _field(self, g: AcrossSuez, side: str) -> dict[str, float]:
        """hex -> value of a unit of ``side`` moving there: the weight of the best free
        target minus K_DIST per hex of distance to it."""
        memo_key = ("ai_field", side)
        got = g.memo.get(memo_key)
        if got is not None:
            return got
        w = self._targets(g, side)
        occ = g.occupancy()
        # max over free targets t of (w_t - K_DIST * distance): a Dijkstra from every target at once
        nb = g.facts.neighbours
        f: dict[str, float] = {}
        heap = [(-v, h) for h, v in w.items() if h not in occ]
        heapq.heapify(heap)
        while heap:
            nv, h = heapq.heappop(heap)
            if h in f:
                continue
            f[h] = -nv
            for n in nb[h]:
                if n not in f:
                    heapq.heappush(heap, (nv + K_DIST, n))
        for h in g.facts.passable:
            if h not in f:
                f[h] = -60.0
        g.memo[memo_key] = f
        return f

    def _hold(self, g: AcrossSuez, key: str) -> float:
        """What a unit is worth where it stands (very little if it shares the hex
        with a friendly unit: one of them would be removed at the end of the phase)."""
        u = g.unit(key)
        h = g.pos(key)
        if h is None:
            return 0.0
        if self._stacked(g).get(h, 0) > 1:
            return -200.0
        w = self._targets(g, u.side)
        return max(w.get(h, 0.0), self._field(g, u.side).get(h, 0.0))

    def _stacked(self, g: AcrossSuez) -> dict[str, int]:
        got = g.memo.get("ai_stacked")
        if got is None:
            got = {}
            for _u, h in g.units_on_map():
                got[h] = got.get(h, 0) + 1
            g.memo["ai_stacked"] = got
        return got

    # -- movement ----------------------------------------------------------------------
    def _move(self, g: AcrossSuez, legal: list[Action], side: str) -> Action:
        f = self._field(g, side)
        w = self._targets(g, side)
        occ = g.occupancy()
        crossed = len([k for k in g.crossed_units() if not g.unit(k).is_bridge])
        guards = g.facts.neighbours[g.crossing_hex]
        val = {h: (w[h] if w.get(h, -1e9) > v else v) for h, v in f.items()}
        bridge_key = g.bridge_key
        best_s, best = 0.5, None
        hold_cache: dict[str, float] = {}
        for a in legal:
            if type(a) is Move:
                to = a.to
                if to in occ or a.unit == bridge_key:
                    continue             # never over-stack; the bridge is moved by _bridge_move
                hv = hold_cache.get(a.unit)
                if hv is None:
                    hv = hold_cache[a.unit] = self._hold(g, a.unit)
                s = val[to] - hv
                if to in guards:
                    s += W_GUARD_FP * g.unit(a.unit).firepower       # the strongest units hold 0112
            elif type(a) is Enter:
                o = occ.get(a.hex)
                if o is not None and o[1] != side:
                    continue
                s = 500.0 + f[a.hex] - (100.0 if o is not None else 0.0)
            elif type(a) is Cross:
                if crossed >= NEED_CROSSED or g.pos(a.unit) in guards:
                    continue             # the units next to 0112 stay to shield the bridge
                s = W_CROSS - self._hold(g, a.unit) * 0.5 - W_CROSS_FP * g.unit(a.unit).firepower
            else:
                continue
            if s > best_s:
                best_s, best = s, a
        if best is not None:
            return best
        if side == "ISR":        # the bridge moves last, when the others stand where they will
            bridge = self._bridge_move(g, legal)
            if bridge is not None:
                return bridge
        return EndPhase()

    def _bridge_move(self, g: AcrossSuez, legal: list[Action]) -> Action | None:
        """The bridge moves last in the phase, into the hex where the fewest Egyptian units
        could come next to it this turn (out of the front line), nearer 0112 where that is
        as safe; it goes into 0112 from turn BRIDGE_TURN on when no Egyptian unit can reach
        a hex next to it (and on the last turn in any case); once placed it never moves."""
        key = g.bridge_key
        if g.bridge_deployed() or g.pos(key) is None:
            return None
        moves = [a for a in legal if isinstance(a, Move) and a.unit == key]
        if not moves:
            return None
        here = g.pos(key)
        dist = distances(g.facts)
        occ = g.occupancy()
        cross = g.crossing_hex
        reach = egyptian_reach(g)
        nb = g.facts.neighbours
        last = g.turn >= g.turns

        def danger(h: str) -> int:
            ring = set(nb[h]) | {h}
            return sum(1 for r in reach if not r.isdisjoint(ring))

        def value(h: str) -> float:
            if h == cross:
                if last:
                    return 1000.0
                return 100.0 if g.turn >= BRIDGE_TURN and not danger(h) else -1e9
            return -200.0 * danger(h) - 4.0 * dist[h].get(cross, 99)

        cur = value(here)
        best_s, best = 0.5, None
        for a in moves:
            if a.to in occ:
                continue
            s = value(a.to) - cur
            if s > best_s:
                best_s, best = s, a
        return best

    # -- bombardment -------------------------------------------------------------------------
    def _bombard(self, g: AcrossSuez, legal: list[Action]) -> Action:
        best_v, best = -1.0, EndBombardment()
        w = self._targets(g, "ISR")
        for a in legal:
            if isinstance(a, Bombard):
                u = g.unit(a.target)
                v = 1000.0 if u.is_bridge else w.get(g.pos(a.target), 0.0) + u.firepower
                if v > best_v:
                    best_v, best = v, a
        return best

    # -- combat ------------------------------------------------------------------------------
    def _unit_value(self, g: AcrossSuez, key: str) -> float:
        u = g.unit(key)
        if u.is_bridge:
            return 25.0
        v = 1.0 + 0.1 * u.firepower
        if u.side == "EGY":
            # an Egyptian unit near the LOC or 0112 is the threat that matters
            got = g.memo.get("ai_loc_set")
            if got is None:
                got = g.memo["ai_loc_set"] = frozenset(loc_path(g)) | {g.crossing_hex}
            h = g.pos(key)
            dist = distances(g.facts)[h]
            d = min((dist.get(x, 99) for x in got), default=99)
            if h in g.facts.neighbours[g.crossing_hex]:
                v += 5.0                  # next to the bridge's hex
            elif d <= 2:
                v += 2.0
            elif d <= 4:
                v += 0.5
        return v

    def _ev(self, g: AcrossSuez, attackers: tuple[str, ...], defender: str, support: bool) -> float:
        p = dict(g.preview(attackers, defender, support).odds)
        dv = self._unit_value(g, defender)
        du = g.unit(defender)
        dr = 0.4 * dv
        if du.is_bridge and g.bridge_deployed():
            dr = dv                       # the placed bridge retreating loses the game
        elif not g.retreat_hexes(defender):
            dr = dv
        av = sum(self._unit_value(g, k) for k in attackers)
        cheapest = min(self._unit_value(g, k) for k in attackers)
        return (p["De"] * dv + p["Dr"] * dr + p["Ee"] * (dv - cheapest)
                - p["Ae"] * av - p["Ar"] * 0.1 * av)

    def _declare(self, g: AcrossSuez, legal: list[Action], side: str) -> Action:
        """One attack at a time: with none begun, the defender whose best group of
        attackers (strongest first) has the best value; then add the units that raise
        it, and resolve (with an artillery support when there is one and it helps)."""
        f = g.flow()
        keep = frozenset(g.facts.neighbours[g.crossing_hex]) if side == "ISR" else frozenset()

        def free(a: Assign) -> bool:
            # the units next to 0112 shield the bridge: they do not attack (an advance or an
            # exchange would open a hex next to it) unless the defender stands next to 0112
            return g.pos(a.attacker) not in keep or g.pos(a.defender) in keep
        support = f.supports_left > 0
        if f.declared:
            d, base = f.declared[0]
            resolves = [a for a in legal if isinstance(a, Resolve)]
            base_ev = self._ev(g, base, d, support)
            best_v, best = 0.02, None
            for a in legal:
                if isinstance(a, Assign) and (free(a) or not resolves):
                    gain = self._ev(g, base + (a.attacker,), d, support) - base_ev
                    if gain > best_v or (not resolves and best is None):
                        best_v, best = gain, a
            if best is not None:
                return best
            if support and Resolve(d, True) in legal and \
                    self._ev(g, base, d, True) - self._ev(g, base, d, False) > 0.02:
                return Resolve(d, True)
            return Resolve(d, False)
        options: dict[str, list[str]] = {}
        for a in legal:
            if isinstance(a, Assign) and free(a):
                options.setdefault(a.defender, []).append(a.attacker)
        can_end = EndDeclarations() in legal
        best_v, best = (0.15 if can_end else -1e9), None
        for d, avail in sorted(options.items()):
            avail = sorted(avail, key=lambda k: (-g.unit(k).firepower, k))
            group: tuple[str, ...] = ()
            for k in avail:
                group = group + (k,)
                v = self._ev(g, group, d, support)
                if v > best_v:
                    best_v, best = v, Assign(avail[0], d)
        if best is not None:
            return best
        if can_end:
            return EndDeclarations()
        # turn 1: every unit with an enemy next to it must attack; begin the best attack
        best_v, best = -1e9, legal[0]
        for a in legal:
            if isinstance(a, Assign):
                v = self._ev(g, (a.attacker,), a.defender, support)
                if v > best_v:
                    best_v, best = v, a
        return best

    # -- retreats and advances --------------------------------------------------------------------
    def _retreat(self, g: AcrossSuez, legal: list[Action], side: str) -> Action:
        f = self._field(g, side)
        w = self._targets(g, side)
        return max(legal, key=lambda a: (max(w.get(a.to, -1e9), f[a.to]), a.to, a.unit))

    def _advance(self, g: AcrossSuez, legal: list[Action], side: str) -> Action:
        f = self._field(g, side)
        w = self._targets(g, side)
        best_v, best = 0.5, None
        for a in legal:
            if isinstance(a, Advance):
                v = max(w.get(a.to, -1e9), f[a.to]) - self._hold(g, a.unit)
                if v > best_v:
                    best_v, best = v, a
        if best is not None:
            return best
        if EndAdvance() in legal:
            return EndAdvance()
        return max((a for a in legal if isinstance(a, Advance)),
                   key=lambda a: (max(w.get(a.to, -1e9), f[a.to]) - self._hold(g, a.unit), a.unit, a.to))


# -- hard's tuning (game/ai/tuning.py) ----------------------------------------------------------
#: the weights above a tuning may change (read when a choice is made, never folded into a cache)
TUNABLE = (
    "W_GUARD", "W_LOC_ZOC", "W_LOC_NEAR", "W_ATTACK", "W_END", "W_CROSS", "K_DIST", "W_EXPEL", "W_GUARD_FP",
    "W_CROSS_FP", "W_ESCORT", "W_GUARD2",
)
#: hard's own set (tools/tune_ai.py): none kept yet, hard plays the weights as written
TUNED: dict = {}
