"""A heuristic Nomonhan player.

- Attacks are planned with exact dice odds: every unit that must attack joins
  its best target, and optional attacks are made when the expected exchange
  favours us.
- Every other decision (moves, losses, retreats, advances, the order of
  combats) is a one-ply look-ahead: apply each legal action to a copy with
  fresh dice (it never peeks at the real dice) and keep the best position
  under a static evaluation that knows the victory conditions and who
  strikes first: the phasing side's contacts count in full, and a unit left
  where the enemy can reach it next is weighed against all the enemy units
  that can reach it, pooled (a tank with defence 1 next to two Soviet
  units is not safe because each alone is weak).
"""
from __future__ import annotations

import random

from game.ai import require_view
from game.core.actions import Action
from game.rulesets.nomonhan.actions import Assign, EndDeclarations, EndPhase, Resolve
from game.rulesets.nomonhan.kinds import DECLARE, MOVE, ORDER
from game.rulesets.nomonhan.rules import Nomonhan, other
from game.systems.combat import pool_odds

W_POINT = 10.0        # one victory point
W_TANK_ALIVE = 30.0   # each Japanese tank regiment still on the map (two lost = defeat)
W_TANK_STEP = 8.0
W_ART = 80.0          # the Soviet artillery alive (its loss = defeat)
W_ART_DIST = 4.0      # Japanese closeness to the artillery
W_EXCHANGE = 5.0      # expected step exchange of contacts on the map
W_HILL = 1.5
W_THREAT = 1.5        # enemy units that can reach and strike a unit next phase
W_LATER = 0.4         # a contact or threat that comes after the other side's strike
W_TRAP = 2.0          # a unit in contact with few retreat hexes must pay its losses in steps


def step_value(g: Nomonhan, key: str) -> float:
    """What a step of this unit is worth: its victory points, more for the
    units whose loss decides the game at once."""
    u = g.unit(key)
    v = 2.0 if u.tank else 1.0
    if key in ("JP_T3", "JP_T4", "SV_ART"):
        v += 1.5
    return v


def exchange(g: Nomonhan, attackers: tuple[str, ...], defender: str) -> float:
    """Expected value (in points) of ``attackers`` hitting ``defender``: the
    defender's expected losses minus the attackers', each at its step value."""
    s = g.strengths(attackers, defender)
    o = pool_odds(s["attack_dice"], s["defense_dice"], s["attack_hits_on"], s["defense_hits_on"])
    att_value = sum(step_value(g, k) for k in attackers) / len(attackers)
    return o.defender_losses * step_value(g, defender) - o.attacker_losses * att_value


def strikers(g: Nomonhan, side: str, only: frozenset[str] | None = None) -> dict[str, list[str]]:
    """For each unit of the other side, the units of ``side`` (all, or those in
    ``only``) that could attack it in their next combat phase: from where they
    stand, or from a hex they can move to (ZOC, rivers and bridges applied)."""
    into = g.facts.zoc_neighbours(g.intact())
    occ = g.occupancy()
    out: dict[str, list[str]] = {}
    for u, h in g.units_on_map(side):
        if g.attack_value(u.key) <= 0 or (only is not None and u.key not in only):
            continue
        hexes = [h, *g.reachable(u.key)] if u.ma > 0 else [h]
        hit: set[str] = set()
        for r in hexes:
            for n in into[r]:
                o = occ.get(n)
                if o is not None and o[1] != side:
                    hit.add(o[0])
        for k in hit:
            out.setdefault(k, []).append(u.key)
    return out


def threat(g: Nomonhan, attackers: list[str], defender: str) -> float:
    """What ``attackers`` pooled against ``defender`` would gain (in points; 0 if
    nothing)."""
    att = sum(g.attack_value(k) for k in attackers)
    dh = g.pos(defender)
    if g.unit(attackers[0]).side == "SOV" and g.artillery_supports(dh):
        att += g.art_bonus
    faces = (6,) if dh in g.facts.hills else (5, 6)
    o = pool_odds(att, g.defense_value(defender), faces, (5, 6))
    gain = o.defender_losses * step_value(g, defender) - o.attacker_losses * max(step_value(g, k) for k in attackers)
    return max(gain, 0.0)


def evaluate(g: Nomonhan, side: str) -> float:
    """Static value of the position for ``side`` (higher is better).

    It knows who strikes first: the side whose combat phase this is (the
    phasing side) makes its attacks before the other side can answer, so its
    contacts count in full and the other side's only in part; and the
    phasing side's units are exposed to every enemy unit that can reach them
    in the enemy's coming movement phase, pooled against each target."""
    r = g.result()
    if r is not None:
        if r.winner is None:
            return 0.0
        return 10_000.0 if r.winner == side else -10_000.0
    sign = 1.0 if side == "JP" else -1.0     # terms below are from Japan's point of view
    f = g.flow()
    phasing = f.side
    fights_now = f.phase in (MOVE, DECLARE)
    sc = g.score()
    v = W_POINT * (sc.JP - sc.SOV)
    for key in ("JP_T3", "JP_T4"):
        if g.pos(key) is not None:
            v += W_TANK_ALIVE + W_TANK_STEP * (g.unit(key).max_steps - g.steps_lost(key))
    art = g.pos("SV_ART")
    on_map = g.units_on_map()
    if art is not None:
        v -= W_ART
        jp = [h for u, h in on_map if u.side == "JP"]
        if jp:
            d = min(g.board.distance(h, art) for h in jp)
            v += W_ART_DIST * max(0, 6 - d)
            v += 6.0 * (3 - min(3, len(g.retreat_hexes("SV_ART"))))
    occ = g.occupancy()
    for u, h in on_map:
        s = 1.0 if u.side == "JP" else -1.0
        if h in g.facts.hills:
            v += s * W_HILL
        if any(occ.get(n, (0, u.side))[1] != u.side for n in g.facts.neighbours[h]):
            exits = len(g.retreat_hexes(u.key))
            v -= s * W_TRAP * step_value(g, u.key) * (2 - min(2, exits))
        if g.attack_value(u.key) <= 0:
            continue
        first = fights_now and u.side == phasing
        weight = 1.0 if first else W_LATER
        for n in g.facts.neighbours[h]:
            o = occ.get(n)
            if o is None or o[1] == u.side or not g.can_attack_across(h, n):
                continue
            ex = exchange(g, (u.key,), o[0])
            mandatory = h not in g.facts.hills
            # a forced attack counts in full, an optional one only when it pays
            v += s * W_EXCHANGE * weight * (ex if mandatory else max(ex, 0.0)) * 0.5
    # the enemy's coming strike: every enemy unit that can reach a unit, pooled against it
    answer = other(phasing)
    for target, atts in strikers(g, answer).items():
        gain = threat(g, atts, target)
        if gain > 0:
            v -= (1.0 if g.unit(target).side == "JP" else -1.0) * W_THREAT * gain
    # and what the phasing side's units yet to move threaten this phase
    if f.phase == MOVE:
        unmoved = frozenset(u.key for u, _h in g.units_on_map(phasing) if u.key not in f.moved)
        for target, atts in strikers(g, phasing, unmoved).items():
            gain = threat(g, atts, target)
            if gain > 0:
                v -= (1.0 if g.unit(target).side == "JP" else -1.0) * W_THREAT * W_LATER * gain
    return sign * v


class NomonhanAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, game: Nomonhan) -> Action:
        require_view(game)
        legal = game.legal_actions()
        if len(legal) == 1:
            return legal[0]
        d = game.pending()
        if d.kind == DECLARE:
            return self._declare(game, legal)
        if d.kind == ORDER:
            return self._order(game, legal)
        return self._lookahead(game, legal, d.seat)

    # -- attacks -------------------------------------------------------------
    def _declare(self, g: Nomonhan, legal: list[Action]) -> Action:
        f = g.flow()
        groups = {d: list(a) for d, a in f.declared}
        options: dict[str, list[str]] = {}
        for a in legal:
            if isinstance(a, Assign):
                options.setdefault(a.attacker, []).append(a.defender)
        # 1. units that must attack join the target where they do most good
        for att, targets in sorted(options.items()):
            if g.must_attack(att):
                best = max(targets, key=lambda d: (exchange(g, tuple(groups.get(d, [])) + (att,), d), d))
                return Assign(att, best)
        # 2. optional attacks that improve a group's expected exchange
        best_gain, best_act = 0.15, None
        for att, targets in sorted(options.items()):
            for d in targets:
                base = exchange(g, tuple(groups[d]), d) if d in groups else 0.0
                gain = exchange(g, tuple(groups.get(d, [])) + (att,), d) - base
                if gain > best_gain:
                    best_gain, best_act = gain, Assign(att, d)
        if best_act is not None:
            return best_act
        return EndDeclarations() if EndDeclarations() in legal else legal[0]

    def _order(self, g: Nomonhan, legal: list[Action]) -> Action:
        groups = dict(g.flow().declared)
        return max(legal, key=lambda a: (exchange(g, groups[a.defender], a.defender), a.defender)
                   if isinstance(a, Resolve) else (-99, ""))

    # -- everything else -------------------------------------------------------
    def _lookahead(self, g: Nomonhan, legal: list[Action], seat: str) -> Action:
        scratch = g.view_for(seat, seed=self.rng.randrange(1 << 30))
        start = scratch.snapshot()
        best_v, best = None, []
        for a in legal:
            scratch.apply(a)
            v = evaluate(scratch, seat)
            if isinstance(a, EndPhase):
                v += 0.01        # between equals, stop rather than shuffle
            scratch.restore(start)
            if best_v is None or v > best_v + 1e-9:
                best_v, best = v, [a]
            elif abs(v - best_v) <= 1e-9:
                best.append(a)
        scratch.close()
        return best[self.rng.randrange(len(best))]


# -- hard's tuning (game/ai/tuning.py) ----------------------------------------------------------
#: the weights above a tuning may change (read when a choice is made, never folded into a cache)
TUNABLE = (
    "W_POINT", "W_TANK_ALIVE", "W_TANK_STEP", "W_ART", "W_ART_DIST", "W_EXCHANGE", "W_HILL", "W_THREAT",
    "W_LATER", "W_TRAP",
)
#: hard's own set (tools/tune_ai.py): none kept yet, hard plays the weights as written
TUNED: dict = {}
