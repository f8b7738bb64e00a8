"""A heuristic 日清戰爭 player, for both sides.

Movement is greedy, one action at a time, scored by a cheap "target field"
worked out once per decision from the view (never by applying each action to
a copy):

- the targets: for Japan every city it does not control (Pyongyang first: it
  opens the landings; the fleet bases weigh more while the fleet can be
  caught), for Qing every city Japan holds; for both, their own cities that an
  enemy unit is close to (to hold them);
- a unit's value at a cell is the best target's value less a cost per MP of
  distance to it (all-pairs MP distances, once per map and side);
- a move scores its gain in value, the cities it takes on the way, the risk of
  ending next to strong enemy stacks (less in cities and hills) and the cost of
  ending out of supply; it never over-stacks.

Japan hunts enemy stacks near its cities only where it can attack them
without a river between (and at half value on a hill); each fleet base is
worth the fleet's points too, and a landing counts as supplied (it brings
its port or the bridgehead). Its units are shared out priority sieges first
(the fleet bases): the nearest brigades, as many as the siege needs, so they
mass on Port Arthur and Weihaiwei instead of spreading over the nearest
small cities; a siege with two of them next to the city is activated even
when ammunition is short.

So Japan drives on Pyongyang (and its landings), then across the Yalu and
down the Liaodong coast to the ports, and once the fleet has flipped lands
next to a fleet base (on Port Arthur's coast, or by Rongcheng for Weihaiwei);
Qing keeps its units in its cities and fortresses, forms its reinforcements
where Japan is, moves only for a clear gain (what it does not spend becomes
ammunition, which its counterfire needs), and attacks only on good odds.
Attacks are planned with the game's own combat preview (the dice, hit
numbers and modifiers the resolution rolls). The agent never rolls or reads
the dice.
"""
from __future__ import annotations

import heapq
import random

from game.ai import require_view
from game.core.actions import Action
from game.rulesets.sino_japanese.actions import (Activate, Advance, Declare, EndAdvance, EndDeclarations,
                                                 EndMovement, EndRecovery, Form, Land, Move, MoveFleet, Recover,
                                                 Resolve, Retreat, Ship)
from game.rulesets.sino_japanese.rules import MapFacts, SinoJapanese, other

K_DIST = 3.0            # value lost per MP of distance to a target
W_TAKE = 12.0           # per VP of a city the side does not hold
HOLD = {"JP": (3, 5.0), "QING": (4, 10.0)}    # own cities an enemy is this near (MP): value per VP
W_CAPTURE = 14.0        # per VP of a city taken on the way
W_PYONGYANG = 20.0      # Japan: Pyongyang opens the landings
W_FLEET = 10.0          # Japan: a fleet base while the fleet is there
W_LAST_BASE = 1.0       # Japan: the other fleet base once it holds one, per VP of the fleet (taken with both)
W_FIRST_BASE = 1.0      # Japan: a fleet base while it holds neither, per VP of the fleet
W_SUPPLY = 25.0         # ending out of supply
W_DANGER = {"JP": 0.25, "QING": 1.0}     # per enemy die that can reach the cell next round
W_SIEGE = {"JP": 0.8, "QING": 0.3}      # an enemy-held city, from next door
FAR = 60                # MP: "no way by land" (Shandong from the mainland)
PRIORITY_REACH = 12     # Japan: units this near (MP) a priority siege go to it first
PRIORITY_MIN = 20.0     # Japan: a siege worth this much is a priority (Port Arthur, the fleet bases)
CLAIMED = 0.3           # a goal enough nearer friends are already going for
W_KILL = {"JP": 14.0, "QING": 4.0}     # an enemy stack in the open near an own city
SHANDONG_FROM = 6      # Japan: Shandong counts in full from this turn (January 1895, as in history)
SHANDONG_EARLY = 0.5    # before then its cities count this much
SHANDONG_MAX = 3        # Japan lands no more units in Shandong than this
SHIP_COST = 20.0        # a sea transport must gain this much (2 CP)
LAND_COST = 14.0        # a landing (3 CP)
DECLARE_MIN = {"JP": 0.0, "QING": 0.8}    # the least value of an attack plan
AMMO_WANTED = {"JP": 6, "QING": 8}      # below this, a point stored is worth more
MOVE_MIN = {"JP": 2.0, "QING": 6.0}     # the least gain worth a command point
AMMO_VALUE = {"JP": 0.05, "QING": 0.35}  # what a point of ammunition is worth (in hits)
QING_RESERVE = 8        # ammunition Qing keeps back for counterfire

_DIST: dict[tuple[int, str], dict[str, dict[str, int]]] = {}


def distances(facts: MapFacts, side: str) -> dict[str, dict[str, int]]:
    """All-pairs MP distances over the side's steps (hexes and its own boxes), once per map."""
    key = (id(facts), side)
    d = _DIST.get(key)
    if d is None:
        steps = facts.steps[side]
        d = {}
        for s in steps:
            best = {s: 0}
            heap = [(0, s)]
            while heap:
                c, h = heapq.heappop(heap)
                if c > best[h]:
                    continue
                for n, mp in steps.get(h, ()):
                    nc = c + mp
                    if nc < best.get(n, 1 << 30):
                        best[n] = nc
                        heapq.heappush(heap, (nc, n))
            d[s] = best
        _DIST[key] = d
    return d


_CELLS_DIST: dict[tuple[int, str, tuple[str, ...]], dict[str, int]] = {}


def cells_distance(facts: MapFacts, side: str, cells: tuple[str, ...]) -> dict[str, int]:
    """hex -> MP distance to the nearest of ``cells``: once per map, side and cells (a goal's
    cells come back position after position, in play and through a search's playouts)."""
    key = (id(facts), side, cells)
    got = _CELLS_DIST.get(key)
    if got is None:
        if len(_CELLS_DIST) > 4096:
            _CELLS_DIST.clear()
        got = _CELLS_DIST[key] = {c: min(row.get(x, 99) for x in cells)
                                  for c, row in distances(facts, side).items()}
    return got


WIN = 1000.0


def evaluate(g: SinoJapanese, side: str) -> float:
    """Static value of the position for ``side`` (higher is better);
    evaluate(g, "JP") == -evaluate(g, "QING").

    Japan's victory points against the threshold, then the strength each side has on the map
    (damaged units at half), the ammunition stored and, for Japan, the cities it does not hold
    that its units stand next to (half their points: they are likely to fall). A won or lost
    game is +-WIN."""
    f = g.flow()
    if f.phase == "over":
        return WIN if f.winner == side else -WIN
    facts = g.facts
    v = float(g.vp() - int(g.data["victory"]["threshold"]))
    strength = {"JP": 0.0, "QING": 0.0}
    near: set[str] = set()
    for u, h in g.units_on_map():
        strength[u.side] += g.attack_of(u.key) * (0.5 if g.is_damaged(u.key) else 1.0)
        if u.side == "JP" and h in facts.hexes:
            near.update(n for n in facts.neighbours.get(h, ()) if n in facts.vp and g.controller(n) != "JP")
    v += 0.5 * sum(facts.vp[h] for h in near)
    v += 0.15 * (strength["JP"] - strength["QING"])
    v += 0.05 * (g.ammo("JP") - g.ammo("QING"))
    return v if side == "JP" else -v


def _first_best(floor: float, options: list[tuple[float, Action]], stop: Action) -> Action:
    """The first option whose score is the highest and above ``floor``; ``stop`` if none is."""
    best = None
    for v, a in options:
        if v > floor:
            floor, best = v, a
    return best or stop


class SinoJapaneseAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, g: SinoJapanese) -> Action:
        require_view(g)
        legal = g.legal_actions()
        if len(legal) == 1:
            return legal[0]
        d = g.pending()
        kind = d.kind
        side = d.seat
        if kind == "move":
            return self._move(g, legal, side)
        if kind == "declare":
            return self._declare(g, legal, side)
        if kind == "order":
            return self._order(g, legal)
        if kind == "allocate":
            return self._allocate(g, legal, side)
        if kind == "retreat":
            return self._retreat(g, legal, side)
        if kind == "advance":
            return self._advance(g, legal, side)
        if kind == "stack":
            return self._stack(g, legal, side)
        if kind == "recover":
            return self._recover(g, legal, side)
        return legal[0]

    # -- the target field ----------------------------------------------------------------------
    def _enemy_strength(self, g: SinoJapanese, side: str) -> dict[str, int]:
        """cell -> the attack strength of the enemy units in it."""
        key = ("ai_enemy", side)
        got = g.memo.get(key)
        if got is None:
            got = {}
            for u, h in g.units_on_map(other(side)):
                if h in g.facts.hexes:
                    got[h] = got.get(h, 0) + g.attack_of(u.key)
            g.memo[key] = got
        return got

    def _goals(self, g: SinoJapanese, side: str) -> list[tuple[str, tuple[str, ...], float, int]]:
        """(city, cells, value, units needed): cities to take (an enemy-held one from the hexes it
        can be attacked from, by two units), own cities to hold against a nearby enemy."""
        key = ("ai_goals", side)
        got = g.memo.get(key)
        if got is not None:
            return got
        f = g.facts
        enemy = self._enemy_strength(g, side)
        dist = distances(f, other(side))
        fl = g.fleet()
        out = []
        shandong = self._shandong(g)
        early = g.flow().turn < SHANDONG_FROM
        for h, vp in sorted(f.vp.items()):
            if g.controller(h) != side:
                v = W_TAKE * vp
                if side == "JP" and early and h in shandong:
                    v *= SHANDONG_EARLY   # the Laizhou box feeds Qing units in: Liaodong first
                if side == "JP" and h == g.data["landing"]["needs_control_of"]:
                    v += W_PYONGYANG
                if side == "JP" and fl.hex == h and not fl.removed:
                    v += W_FLEET
                if side == "JP" and not fl.removed and h in f.fleet_bases and \
                        all(g.controller(b) == "JP" for b in f.fleet_bases if b != h):
                    v += W_LAST_BASE * W_TAKE * g.data["fleet"]["vp_when_removed"]   # both bases: the fleet is gone
                elif side == "JP" and not fl.removed and h in f.fleet_bases:
                    v += W_FIRST_BASE * W_TAKE * g.data["fleet"]["vp_when_removed"]  # one of the two bases the fleet's points need
                if h in enemy:          # held: attack it from next door, not across a river if it can
                    cells = tuple(n for n in f.neighbours.get(h, ()) if n not in enemy)
                    dry = tuple(n for n in cells if frozenset((n, h)) not in f.river)
                    if cells:
                        need = min(4, 1 + len(g.units_in(h)) + (1 if f.city.get(h) in ("large", "fortress") else 0))
                        out.append((h, dry or cells, W_SIEGE[side] * v - 0.5 * enemy[h], need))
                else:
                    out.append((h, (h,), v, 1))
            else:
                near = min((dist.get(e, {}).get(h, 99) for e in enemy), default=99)
                radius, weight = HOLD[side]
                if near <= radius:
                    v = weight * vp
                    if side == "JP" and h == g.data["landing"]["needs_control_of"]:
                        v += W_PYONGYANG       # the landings need it
                    out.append((h, (h,), v, 1))
        # enemy stacks in the open near an own city: hunt them (two units)
        own = [h for h in f.vp if g.controller(h) == side]
        for e, strength in sorted(enemy.items()):
            if e in f.vp:
                continue
            near = [h for h in own if dist.get(e, {}).get(h, 99) <= 3]
            if near:
                # from hexes not across a river (an attack across one loses a hit a unit); a stack on
                # a hill is worth half the trouble (a hit fewer); none to attack from: let it be
                cells = tuple(n for n in f.neighbours.get(e, ()) if n not in enemy and frozenset((n, e)) not in f.river)
                if cells:
                    v = W_KILL[side] + 4.0 * max(f.vp[h] for h in near) - 0.5 * strength
                    if f.terrain.get(e) == "hill":
                        v *= 0.5
                    out.append((e, cells, v, 2))
        g.memo[key] = out
        return out

    def _liaodong_port(self, g: SinoJapanese) -> bool:
        """Does Japan hold a port on the Liaodong coast (then its units there need no bridgehead)?"""
        liaodong = {h for h, a in g.facts.landing.items() if a != "shandong"}
        return any(g.controller(p) == "JP" for p in g.ports
                   if p in g.facts.hexes and (p in liaodong or any(n in liaodong for n in g.facts.neighbours.get(p, ()))))

    def _shandong(self, g: SinoJapanese) -> frozenset[str]:
        return frozenset(h for h, a in g.facts.landing.items() if a == "shandong") | {"0818", "0616", "0514"}

    def _goal_dist(self, g: SinoJapanese, side: str) -> list[dict[str, int]]:
        """For each goal: cell -> MP distance to its nearest cell."""
        key = ("ai_goal_dist", side)
        got = g.memo.get(key)
        if got is None:
            got = [cells_distance(g.facts, side, cells) for _h, cells, _v, _n in self._goals(g, side)]
            g.memo[key] = got
        return got

    def _assign(self, g: SinoJapanese, side: str) -> dict[str, int]:
        """unit -> the goal it goes for: shared out greedily, best (value less distance) first,
        each goal to as many units as it needs. Recomputed from the positions each decision;
        a unit that gets closer to its goal keeps it, so the plan holds from move to move."""
        key = ("ai_assign", side)
        got = g.memo.get(key)
        if got is None:
            goals = self._goals(g, side)
            gd = self._goal_dist(g, side)
            f = g.flow()
            mine = [(u.key, h) for u, h in g.units_on_map(side)
                    if not (g.held(u.key) or (u.key in f.activated and f.side == side and g.has_moved(u.key)))]
            pairs = sorted(((w - K_DIST * min(FAR, gd[i].get(h, FAR)), k, i)
                            for k, h in mine for i, (_h, _c, w, _n) in enumerate(goals)),
                           key=lambda t: (-t[0], t[1], t[2]))
            cap = [need for _h, _c, _w, need in goals]
            got = {}
            if side == "JP":
                # the sieges that win the points first, by the nearest units, with the strength they
                # need: spread over the nearest goals, the brigades never mass on a fortress
                where = dict(mine)
                prio = sorted((i for i, (h, _c, w, need) in enumerate(goals) if need > 1 and w >= PRIORITY_MIN
                               and h in g.facts.vp), key=lambda i: (-goals[i][2], goals[i][0]))
                for i in prio:
                    near = sorted((gd[i].get(h, FAR), k) for k, h in where.items() if k not in got)
                    for d, k in near:
                        if cap[i] <= 0 or d > PRIORITY_REACH:
                            break
                        got[k] = i
                        cap[i] -= 1
            for _s, k, i in pairs:
                if k not in got and cap[i] > 0:
                    got[k] = i
                    cap[i] -= 1
            g.memo[key] = got
        return got

    def _value(self, g: SinoJapanese, side: str, cell: str, unit: str | None = None, free: bool = False) -> float:
        """The value of ``unit`` standing in ``cell``: its goal's value less K_DIST per MP of
        distance from ``cell`` (``free``, or a unit with no goal: the best goal, those others
        already fill counted at CLAIMED)."""
        goals = self._goals(g, side)
        if not goals:
            return 0.0
        gd = self._goal_dist(g, side)
        mine = self._assign(g, side)
        i = mine.get(unit) if unit else None
        if i is not None and not free:
            return goals[i][2] - K_DIST * min(FAR, gd[i].get(cell, FAR))
        key = ("ai_value", side)
        cache = g.memo.get(key)
        if cache is None:
            cache = g.memo[key] = {}
        v = cache.get(cell)
        if v is None:
            filled = [0] * len(goals)
            for k, j in mine.items():
                if k != unit:
                    filled[j] += 1
            v = -FAR * K_DIST
            for j, (_h, _c, w, need) in enumerate(goals):
                x = (w * CLAIMED if filled[j] >= need else w) - K_DIST * min(FAR, gd[j].get(cell, FAR))
                if x > v:
                    v = x
            cache[cell] = v
        return v

    def _danger(self, g: SinoJapanese, side: str, cell: str) -> float:
        """Enemy dice that could attack a unit standing in ``cell`` next round."""
        if cell in g.facts.box_owner:
            return 0.0
        enemy = self._enemy_strength(g, side)
        dist = distances(g.facts, other(side))
        n = 0.0
        for e, s in enemy.items():
            d = dist.get(e, {}).get(cell, 99)
            if d <= 1:
                n += s
            elif d <= 3:
                n += 0.4 * s
        if g.facts.city.get(cell) or g.facts.terrain.get(cell) == "hill":
            n *= 0.7
        return n

    def _friends(self, g: SinoJapanese, side: str) -> dict[str, int]:
        key = ("ai_friends", side)
        got = g.memo.get(key)
        if got is None:
            got = {h: len(ks) for h, ks in g.placement().stacks(side).items()}
            g.memo[key] = got
        return got

    def _cell_score(self, g: SinoJapanese, side: str, cell: str, unit: str | None = None,
                    free: bool = False) -> float:
        s = self._value(g, side, cell, unit, free) - W_DANGER[side] * self._danger(g, side, cell)
        if not self._supplied_there(g, side, cell):
            s -= W_SUPPLY
        return s

    def _supplied_there(self, g: SinoJapanese, side: str, cell: str) -> bool:
        """Would a unit of ``side`` standing in ``cell`` be in supply (its own presence opens the
        enemy ZOC there)?"""
        sup = g.supplied(side)
        if cell in sup:
            return True
        if cell in g.facts.box_owner:
            return g.facts.box_owner[cell] == side
        return any(n in sup for n in g.facts.neighbours.get(cell, ()))

    def _capture(self, g: SinoJapanese, side: str, path) -> float:
        enemy = g.enemy_hexes(side)
        return sum(W_CAPTURE * g.facts.vp.get(h, 0) for h in path
                   if h in g.facts.vp and g.controller(h) != side and h not in enemy)

    # -- movement ------------------------------------------------------------------------------------
    def _move(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        forms = [a for a in legal if isinstance(a, Form)]
        if forms:
            return self._form(g, forms, side)
        return _first_best(*self.move_options(g, legal, side), EndMovement())

    def move_options(self, g: SinoJapanese, legal: list[Action], side: str) -> tuple[float, list[tuple[float, Action]]]:
        """What ending the movement is worth, and every move, activation, sea move or fleet move
        worth weighing with its score (in the order of ``legal``): the heuristic plays the best
        one that scores above ending, and hard's search weighs the best few."""
        options: list[tuple[float, Action]] = []
        here_score: dict[str, float] = {}
        here_free: dict[str, float] = {}
        friends = self._friends(g, side)
        f = g.flow()
        # a command point left over is stored as ammunition: worth nothing once the track is full
        full = g.ammo(side) + g.cp(side) > g.ammo_max
        low = g.ammo(side) < AMMO_WANTED[side]
        best_s = 0.0 if full else MOVE_MIN[side] + (3.0 if low else 0.0)
        for a in legal:
            t = type(a)
            if t is Move:
                k = a.unit
                if friends.get(a.to, 0) >= g.max_stack and g.pos(k) != a.to:
                    continue
                if k not in here_score:
                    here_score[k] = self._cell_score(g, side, g.pos(k), k)
                path = g.move_path(k, a.to)
                s = self._cell_score(g, side, a.to, k) - here_score[k] + self._capture(g, side, path[1:])
                mp = g.reachable(k).get(a.to, 0)
                if mp <= 2 and self._attack_target_near(g, side, a.to):
                    s += 4.0
                if k in f.activated:
                    s += 1.0                    # already paid for
            elif t is Activate:
                s = (8.0 if self._priority_siege(g, side, a.unit) else 4.0) if self._siege_ready(g, side, a.unit) else -1.0
            elif t is Ship or t is Land:
                if friends.get(a.to, 0) >= g.max_stack:
                    continue
                k = a.unit
                if k not in here_free:
                    here_free[k] = self._cell_score(g, side, g.pos(k), k, free=True)
                s = self._cell_score(g, side, a.to, k, free=True) - here_free[k] + self._capture(g, side, [a.to])
                if t is Land and not self._supplied_there(g, side, a.to):
                    s += W_SUPPLY               # a landed unit is its own supply: a port or the bridgehead
                s -= SHIP_COST if t is Ship else LAND_COST
                sd = self._shandong(g)
                if side == "JP" and a.to in sd and g.pos(k) not in sd:
                    if sum(1 for _u, h in g.units_on_map(side) if h in sd) >= SHANDONG_MAX:
                        continue
                if a.to in g.ports:
                    s += 10.0
                elif g.bridgehead() is not None and g.bridgehead() != a.to and not self._liaodong_port(g):
                    s -= 15.0                   # the bridgehead would leave its hex (and the units it supplies)
            elif t is MoveFleet:
                s = self._fleet_gain(g, a.to)
            else:
                continue
            options.append((s, a))
        return best_s, options

    def _attack_target_near(self, g: SinoJapanese, side: str, cell: str, prepared: bool = False) -> bool:
        if cell is None or cell not in g.facts.hexes:
            return False
        enemy = self._enemy_strength(g, side)
        if g.ammo(side) < (2 if prepared else 1) + (QING_RESERVE if side == "QING" else 0):
            return False
        for n in g.facts.neighbours.get(cell, ()):
            if n in enemy:
                if len(g.units_in(n)) == 1 and (g.is_damaged(g.units_in(n)[0]) or side == "JP"):
                    return True
        return False

    def _priority_siege(self, g: SinoJapanese, side: str, key: str) -> bool:
        """Is the unit one of a priority siege's, with another of them next to the city too?"""
        i = self._assign(g, side).get(key)
        if i is None:
            return False
        h, cells, w, need = self._goals(g, side)[i]
        if need <= 1 or w < PRIORITY_MIN:
            return False
        there = sum(1 for k, j in self._assign(g, side).items() if j == i and g.pos(k) in cells)
        return there >= 2

    def _siege_ready(self, g: SinoJapanese, side: str, key: str) -> bool:
        """Is the unit next to the enemy-held city it goes for (or a weak enemy), with the
        ammunition for a prepared attack? Then it is activated where it stands."""
        cell = g.pos(key)
        if cell is None or cell not in g.facts.hexes:
            return False
        if g.ammo(side) - g.committed_ammo(g.flow()) < 2 + (QING_RESERVE if side == "QING" else 0):
            return False
        i = self._assign(g, side).get(key)
        goals = self._goals(g, side)
        if i is not None and cell in goals[i][1] and goals[i][0] in self._enemy_strength(g, side):
            return True
        return self._attack_target_near(g, side, cell, prepared=True)

    def _form(self, g: SinoJapanese, forms: list[Form], side: str) -> Action:
        if side == "JP":
            return forms[0]
        # Qing: the box nearer the Japanese (Shandong when Japan is there)
        jp_cells = [h for _u, h in g.units_on_map("JP") if h in g.facts.hexes]
        dist = distances(g.facts, side)

        def near(box: str) -> int:
            return min((dist[box].get(h, 99) for h in jp_cells), default=99)
        return min(forms, key=lambda a: (near(a.box), a.box, a.unit))

    def _fleet_gain(self, g: SinoJapanese, to: str) -> float:
        """The fleet sits where Japan is likely to attack (its dice help there)."""
        here = g.fleet().hex

        def threat(h: str) -> float:
            return sum(s for e, s in self._enemy_strength(g, "QING").items()
                       if distances(g.facts, "JP").get(e, {}).get(h, 99) <= 4)
        return threat(to) - threat(here) - 0.5

    # -- combat ----------------------------------------------------------------------------------------
    def _plan_value(self, g: SinoJapanese, side: str, hex_: str, atts: tuple[str, ...], prep: tuple[str, ...]) -> float:
        p = g.preview(hex_, atts, prep)
        if not p.defenders:
            return -1e9
        n = len(p.defenders)
        att_hits = p.expected_hits / max(1, p.flip_cost)
        mine = g.unit(atts[0])
        counter = p.expected_counter / max(1, mine.durability)
        # the chance the defenders are removed or driven out (then the hex may be taken)
        need = n * (p.flip_cost + 1) if any(not g.is_damaged(k) for k in p.defenders) else n
        vacate = sum(pr for k, pr in enumerate(p.attack_hits) if k >= need)
        vp = g.facts.vp.get(hex_, 0)
        v = att_hits - counter + vacate * (1.0 + 2.0 * vp) - AMMO_VALUE[side] * p.attacker_ammo
        return v

    def _declare(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        """For each enemy hex: the plan of every unit that can join (prepared where it did not move
        and the ammunition allows); declare the next unit of the best plan worth its cost."""
        return _first_best(*self.declare_options(g, legal, side), EndDeclarations())

    def declare_options(self, g: SinoJapanese, legal: list[Action], side: str) -> tuple[float, list[tuple[float, Action]]]:
        """The least value of a plan worth declaring, and each enemy hex's plan as the value
        of its next declaration (hexes in order)."""
        plans: list[tuple[float, Action]] = []
        f = g.flow()
        declared = {h: (a, p) for h, a, p in f.declared}
        options: dict[str, dict[str, bool]] = {}
        for a in legal:
            if isinstance(a, Declare):
                o = options.setdefault(a.hex, {})
                o[a.unit] = o.get(a.unit, False) or a.prepared
        free = g.ammo(side) - g.committed_ammo(f)
        reserve = QING_RESERVE if side == "QING" else 0
        best_v = DECLARE_MIN[side]
        for h, units in sorted(options.items()):
            base_a, base_p = declared.get(h, ((), ()))
            atts, prep = list(base_a), list(base_p)
            left = free - reserve
            order = []
            for k in sorted(units, key=lambda k: (-g.attack_of(k), k)):
                if units[k] and left >= 2:
                    atts.append(k), prep.append(k), order.append(Declare(k, h, True))
                    left -= 2
                elif left >= 1:
                    atts.append(k), order.append(Declare(k, h, False))
                    left -= 1
            if not order:
                continue
            v = self._plan_value(g, side, h, tuple(atts), tuple(prep))
            if base_a:
                v -= self._plan_value(g, side, h, base_a, base_p) * 0.5
            plans.append((v, order[0]))
        return best_v, plans

    def _order(self, g: SinoJapanese, legal: list[Action]) -> Action:
        f = g.flow()
        side = f.side
        plans = {h: (a, p) for h, a, p in f.declared}
        return max(legal, key=lambda a: (self._plan_value(g, side, a.hex, *plans[a.hex]), a.hex)
                   if isinstance(a, Resolve) else (-1e9, ""))

    # -- damage, retreats, advances ---------------------------------------------------------------------
    def _keep_value(self, g: SinoJapanese, key: str) -> float:
        """How much we want to keep this unit as it is."""
        h = g.pos(key)
        side = g.unit(key).side
        v = self._value(g, side, h, key) if h else 0.0
        if h in g.facts.city:
            v += 5.0
        return v

    def _allocate(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        return min(legal, key=lambda a: (self._keep_value(g, a.unit), a.unit))

    def _retreat(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        return max(self.retreat_options(g, legal, side))[1]

    def retreat_options(self, g: SinoJapanese, legal: list[Action], side: str) -> list[tuple[tuple, Action]]:
        """Each retreat with its score (the cell reached, a full stack there as -100; ties by unit and hex)."""
        friends = self._friends(g, side)

        def score(a: Retreat) -> tuple:
            s = self._cell_score(g, side, a.to, a.unit)
            if friends.get(a.to, 0) >= g.max_stack:
                s -= 100.0
            return (s - self._keep_value(g, a.unit) * 0.01, a.unit, a.to)
        return [(score(a), a) for a in legal if isinstance(a, Retreat)]

    def _advance(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        return _first_best(*self.advance_options(g, legal, side), EndAdvance())

    def advance_options(self, g: SinoJapanese, legal: list[Action], side: str) -> tuple[float, list[tuple[float, Action]]]:
        """What staying is worth, and each advance with its gain (the cell taken less the cell left)."""
        options = []
        for a in legal:
            if isinstance(a, Advance):
                c = g.flow().combat
                here = g.pos(a.unit)
                v = (self._cell_score(g, side, c.hex, a.unit) - self._cell_score(g, side, here, a.unit)
                     + self._capture(g, side, [c.hex]))
                options.append((v, a))
        return 0.5, options

    def _stack(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        return min(legal, key=lambda a: (not g.is_damaged(a.unit), g.unit(a.unit).garrison != "", a.unit))

    def _recover(self, g: SinoJapanese, legal: list[Action], side: str) -> Action:
        recs = [a for a in legal if isinstance(a, Recover)]
        if side == "QING" and g.ammo(side) <= QING_RESERVE:
            return EndRecovery()
        if recs:
            return max(recs, key=lambda a: (self._danger(g, side, g.pos(a.unit)), a.unit))
        return EndRecovery()


# -- hard's tuning (game/ai/tuning.py) ----------------------------------------------------------
#: the weights above a tuning may change (read when a choice is made, never folded into a cache)
TUNABLE = (
    "K_DIST", "W_TAKE", "W_CAPTURE", "W_PYONGYANG", "W_FLEET", "W_LAST_BASE", "W_FIRST_BASE", "W_SUPPLY",
    "W_DANGER", "W_SIEGE", "CLAIMED", "W_KILL", "SHANDONG_EARLY", "SHIP_COST", "LAND_COST", "DECLARE_MIN",
    "MOVE_MIN", "AMMO_VALUE",
)
#: hard's own set (tools/tune_ai.py): none kept yet, hard plays the weights as written
TUNED: dict = {}
