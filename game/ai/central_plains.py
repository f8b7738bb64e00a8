"""A heuristic 中原大戰 player, for any commander of either camp.

It reads the game only through ``game.view_for(seat, seed)`` (a determinized
copy: the other hands, every deck's order and the face-down support are dealt
again from the seat's observation), plus ``pending()`` and ``legal_actions()``.
It plays for its camp: every commander it holds, and it values its allies'
pieces and HQs as its own.

- A command is scored by kind and the best one taken, or the commands ended
  when nothing scores above zero: a move by how it changes a static
  evaluation of the board (own HQs guarded against what the enemy can reach
  in one move, enemy HQs threatened or open, armies closing on the enemy),
  less what the discarded card is worth; an attack by its exact odds (2 red
  dice against 1 white: the 216 outcomes) of troop losses on both sides and of
  clearing the battlefield, an open enemy HQ above everything; a card by what
  its ops would do now (funds weighed by how close the camp is to
  bankruptcy, morale, troops, the best attack or moves it gives, support
  towards a neutral general ...).
- Discards and sacrifices give up the card worth least; the defender defends
  an HQ always and elsewhere retreats only when the odds are bad and the
  pieces have somewhere to go; losses take grey pieces first, then infantry;
  an advance into an enemy HQ is always taken; card targets go where they
  hurt most (the enemy with most morale, the ally nearest bankruptcy, the
  threatened HQ ...).
"""
from __future__ import annotations

import random
from collections import deque
from functools import lru_cache
from itertools import product

from game.ai import PerLayout, require_view
from game.core.actions import Action

from game.rulesets.central_plains.actions import (Advance, Attack, Discard, EndAttack, EndCommands, Move,
                                                  NameDefender, Play, RemovePiece, RetreatPiece, Sacrifice, Skip,
                                                  Stand, Target)
from game.rulesets.central_plains.kinds import (ADVANCE, CARD_ATTACK, CARD_MOVE, COMMAND, DISCARD, LOSS, NAME, RETREAT,
                                                SACRIFICE, STAND, TARGET)
from game.rulesets.central_plains.rules import KINDS, CentralPlains, base

WIN = 10_000.0
W_HQ_RISK = 3000.0      # per unit of the chance the enemy takes one of our HQs in his next turns
W_PRESS = 300.0         # per unit of the chance we could take one of theirs in ours
W_DIST = 0.6            # per link between a piece and the nearest enemy HQ
W_CONTACT = 0.4         # per piece next to an enemy piece (the fronts)
W_TROOP = 1.0           # a troop point
W_PIECE = 2.0           # a piece on the map (beyond its troops)
DISCARD_WEIGHT = 0.35   # how much of a card's worth a discard costs


@lru_cache(maxsize=None)
def diff_distribution() -> tuple[tuple[int, float], ...]:
    """P(2 red dice - 1 white die = x)."""
    n: dict[int, int] = {}
    for a, b, c in product(range(1, 7), repeat=3):
        n[a + b - c] = n.get(a + b - c, 0) + 1
    return tuple(sorted((x, k / 216) for x, k in n.items()))


class Static:
    """What never changes in a game: distances, one-move reach per piece kind, HQs."""

    def __init__(self, g: CentralPlains):
        self.nodes = g.nodes
        self.dist = {a: self._bfs(g, a) for a in g.nodes}
        self.reach = {k: {s: self._reach(g, s, k) for s in g.nodes} for k in ("infantry", "cavalry", "armoured_train")}
        self.hqs = {camp: [g.hq_of[k] for k in g.camps[camp]] for camp in g.camps}
        self.terrain = {s: g.terrain_mod[g.terrain[s]] for s in g.nodes}
        self.adj = g.adj
        # h -> kind -> where a piece of that kind can enter h in one move / reach a stronghold next to h
        self.enter = {h: {k: frozenset(s for s in g.nodes if h in self.reach[k][s]) for k in self.reach}
                      for h in g.nodes}
        self.approach = {h: {k: frozenset(s for s in g.nodes if s not in g.adj[h] and s != h
                                          and any(a in self.reach[k][s] for a in g.adj[h]))
                             for k in self.reach} for h in g.nodes}
        # camp -> stronghold -> distance to the camp's nearest HQ (the evaluation's closing-in term)
        self.hq_dist = {camp: {s: min(self.dist[s][h] for h in hqs) for s in g.nodes
                               if hqs and all(h in self.dist[s] for h in hqs)}
                        for camp, hqs in self.hqs.items()}
        self.base: dict[str, str] = {}      # piece code -> its base kind (rules.base, kept)

    @staticmethod
    def _bfs(g: CentralPlains, a: str) -> dict[str, int]:
        seen = {a: 0}
        q = deque([a])
        while q:
            x = q.popleft()
            for y in g.adj[x]:
                if y not in seen:
                    seen[y] = seen[x] + 1
                    q.append(y)
        return seen

    @staticmethod
    def _reach(g: CentralPlains, s: str, kind: str) -> frozenset[str]:
        """Where one piece of ``kind`` at ``s`` can move in one move on an empty map."""
        out: set[str] = set()
        plans = []
        for k in KINDS:
            lim = g.allowance[k][kind]
            if lim != 0:
                plans.append(((k,), 99 if lim is None else lim))
        if kind == "cavalry":
            plans.append((("road", "rail"), 2))
        for kinds, most in plans:
            seen = {s: 0}
            q = deque([s])
            while q:
                x = q.popleft()
                if seen[x] >= most:
                    continue
                for k in kinds:
                    for y, _ in g.links_of[k][x]:
                        if y not in seen:
                            seen[y] = seen[x] + 1
                            q.append(y)
            out |= set(seen)
        out.discard(s)
        if kind == "armoured_train":
            out &= g.rail_nodes
        return frozenset(out)


#: the layout's facts (one Static per map and data), rebuilt for another layout
static_of = PerLayout(Static)


def p_clear(margin: float, pieces: int, troops: int, zone) -> float:
    """The chance a battle with the attacker ``margin`` ahead before the dice removes ``pieces``
    of a defender at ``troops`` (zone crossings)."""
    if pieces <= 0:
        return 1.0
    p = 0.0
    for x, q in diff_distribution():
        d = margin + x
        if d >= 3:
            loss = d // 3
            if zone(troops) - zone(max(0, troops - loss)) >= pieces or troops - loss <= 0:
                p += q
    return p


class CentralPlainsAgent:
    name = "heuristic"

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    # -- the entry point ---------------------------------------------------------------------------------------
    def choose(self, view: CentralPlains) -> Action:
        require_view(view)
        d = view.pending()
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        self.g = view
        self.S = static_of(view)
        self.seat = d.seat
        self.camp = view.seat_side(d.seat)
        self.foe = view.enemy_of(self.camp)
        self.me = view.turn().commander
        self._pc: dict = {}
        self._db: dict = {}
        self._mor = {k: view.tracks(k).morale for k in view.order}
        handler = DECISIONS.get(d.kind)
        if handler is None:
            return legal[0]
        return handler(self, legal)

    # -- reading the position ------------------------------------------------------------------------------------
    def stacks(self) -> dict[str, list[tuple[str, str]]]:
        return {s: list(p) for s, p in self.g.stacks().items()}

    def camp_of(self, cmd: str) -> str:
        return self.g.data_camp[cmd]

    def morale(self, cmd: str) -> int:
        return self._mor[cmd]

    def horizon(self, cmd: str) -> float:
        """Own turns until bankruptcy at today's upkeep."""
        up = self.g.upkeep(cmd)
        return 99.0 if up == 0 else self.g.tracks(cmd).funds / up

    def strength(self, pieces) -> int:
        st = self.g.strength
        return sum(st[base(code)] for _, code in pieces)

    # -- the static evaluation (for the camp), on plain stacks -----------------------------------------------------------
    def evaluate(self, stacks: dict[str, list[tuple[str, str]]]) -> float:
        g, S, camp, foe = self.g, self.S, self.camp, self.foe
        dc = g.data_camp
        st = g.strength
        bases = S.base
        val = 0.0
        mine, theirs = [], []
        by: dict[str, dict[str, list]] = {}                    # stronghold -> commander -> [strength, kinds, n]
        for s, p in stacks.items():
            if not p:
                continue
            (mine if dc[p[0][0]] == camp else theirs).append(s)
            row = by[s] = {}
            for c, code in p:
                r = row.get(c)
                if r is None:
                    r = row[c] = [0, set(), 0]
                b = bases.get(code)
                if b is None:
                    b = bases[code] = base(code)
                r[0] += st[b]
                r[1].add(b)
                r[2] += 1
        for h in S.hqs[camp]:                                   # our HQs: never open, hard to clear
            val -= W_HQ_RISK * self.hq_risk(stacks, by, h, theirs, g.camps[foe])
        for h in S.hqs[foe]:                                    # theirs: open or under pressure
            val += W_PRESS * self.hq_risk(stacks, by, h, mine, g.camps[camp])
        hq_dist = S.hq_dist[foe]
        for s in mine:                                          # armies close on the enemy HQs; fronts held
            n = len(stacks[s])
            val -= W_DIST * hq_dist[s] * n
            if any(a in by and dc[stacks[a][0][0]] == foe for a in S.adj[s]):
                val += W_CONTACT * n
        return val

    def hq_risk(self, stacks, by, h: str, attackers: list[str], cmds) -> float:
        """The chance the commanders ``cmds`` (standing at ``attackers``) take the HQ ``h`` in their next
        turns: walk into it if it is empty, or clear it by an attack from next door (after a move there)."""
        S = self.S
        here = stacks[h]
        if not here:
            enter = S.enter[h]
            for s in attackers:
                for r in by[s].values():
                    if any(s in enter[k] for k in r[1]):
                        return 1.0
            return 0.15 if any(S.dist[s][h] <= 3 for s in attackers) else 0.02
        owner = here[0][0]
        near = S.adj[h]
        dfn = sum(by[a][owner][0] for a in near if a in by and owner in by[a]) + by[h][owner][0] + \
            self.dfn_bonus(owner, h)
        troops = self.troops(owner)
        approach = S.approach[h]
        dist = S.dist[h]
        safe = 1.0
        for k in cmds:
            adj = extra = 0
            for s in attackers:
                r = by[s].get(k)
                if r is None:
                    continue
                if s in near:
                    adj += r[0]
                elif dist[s] <= 4 and r[0] > extra and all(s in approach[kd] for kd in r[1]):
                    extra = r[0]
            if adj + extra == 0:
                continue
            margin = adj + extra + self.morale(k) + 2 - dfn
            safe *= 1.0 - self.p_clear(margin, len(here), troops)
        return 1.0 - safe

    def p_clear(self, margin: int, pieces: int, troops: int) -> float:
        key = (margin, pieces, troops)
        got = self._pc.get(key)
        if got is None:
            got = self._pc[key] = p_clear(margin, pieces, troops, self.g.zone)
        return got

    def dfn_bonus(self, owner: str, h: str) -> int:
        key = (owner, h)
        got = self._db.get(key)
        if got is None:
            got = self._db[key] = self.S.terrain[h] + self.morale(owner) + self.g.defend_bonus(owner, h)
        return got

    def troops(self, cmd: str) -> int:
        return self.g.tracks(cmd).troops

    def after_move(self, stacks, m: Move, cmd: str) -> dict:
        out = dict(stacks)
        frm = list(out[m.frm])
        for code in m.pieces:
            frm.remove((cmd, code))
        out[m.frm] = frm
        out[m.to] = list(out[m.to]) + [(cmd, c) for c in m.pieces]
        return out

    def move_gain(self, m: Move, cmd: str | None = None, stacks=None, base_val: float | None = None) -> float:
        cmd = cmd or self.me
        stacks = stacks if stacks is not None else self.stacks()
        if m.to in self.S.hqs[self.foe]:
            return WIN
        if base_val is None:
            base_val = self.evaluate(stacks)
        return self.evaluate(self.after_move(stacks, m, cmd)) - base_val

    # -- battles ----------------------------------------------------------------------------------------------------
    def defender_of(self, bf: str) -> str:
        """The enemy commander we would fight there (the weakest one)."""
        foes = [c for c, _ in self.g.stacks()[bf]]
        return min(set(foes), key=lambda k: (self.g.strength_near(k, bf, True), k))

    def attack_value(self, a: Attack, bonus: int = 0, cmd: str | None = None) -> float:
        g, S = self.g, self.S
        cmd = cmd or self.me
        bf = a.battlefield
        dfd = self.defender_of(bf)
        here = [x for x in g.stacks()[bf] if x[0] == dfd]
        others = [x for x in g.stacks()[bf] if x[0] != dfd]
        att = g.strength_near(cmd, bf, False) + self.morale(cmd) + bonus + \
            sum(int(o["n"]) for _, o in g.lasting_ops(cmd, "attack_all"))
        dfn = g.strength_near(dfd, bf, True) + self.morale(dfd) + S.terrain[bf] + g.defend_bonus(dfd, bf)
        margin = att - dfn
        t_d, t_a = g.tracks(dfd).troops, g.tracks(cmd).troops
        e_def = e_att = 0.0
        p_win = 0.0
        for x, q in diff_distribution():
            d = margin + x
            if d >= 3:
                e_def += q * (d // 3)
                if t_d - d // 3 <= 0:
                    p_win += q
            elif d <= -3:
                e_att += q * (-d // 3)
                if t_a - (-d) // 3 <= 0:
                    p_win -= q * 3
        clear = p_clear(margin, len(here), t_d, g.zone) if not others else 0.0
        val = W_TROOP * (e_def - 1.2 * e_att) + W_PIECE * clear + WIN * 0.2 * p_win
        if bf in S.hqs[self.foe]:
            # he defends an HQ (if he retreats, we walk in): clearing it wins
            val += WIN * (clear if not others else 0.0)
        elif clear and not others:
            val += 2.0
        return val

    def best_attack(self, attacks: list[Attack], op: dict | None = None) -> tuple[float, Attack | None]:
        best, pick = -1e9, None
        for a in attacks:
            bonus = 0
            if op is not None:
                bonus = int(op.get("bonus", 0))
                for alt in op.get("instead") or ():
                    (k, v), = alt["if"].items()
                    if (k == "battlefield_on_line" and a.battlefield in self.g.line_nodes.get(v, ())) or \
                            (k == "battlefield_in" and a.battlefield in v) or \
                            (k == "defender" and self.defender_of(a.battlefield) == v):
                        bonus = int(alt["bonus"])
                        break
            v = self.attack_value(a, bonus)
            if v > best:
                best, pick = v, a
        return best, pick

    # -- cards --------------------------------------------------------------------------------------------------------
    def funds_weight(self, cmd: str) -> float:
        h = min(self.horizon(k) for k in self.g.camps[self.camp_of(cmd)])
        own = self.horizon(cmd)
        return 0.4 + 6.0 / max(1.0, min(h, own) - 1.0)

    def op_value(self, op: dict, cmd: str, now: bool) -> float:
        g = self.g
        name = op["op"]
        n = int(op.get("n") or 0)
        if name == "move":
            if not now:
                return 1.0 * n
            stacks = self.stacks()
            base_val = self.evaluate(stacks)
            gains = sorted((self.move_gain(m, cmd, stacks, base_val) for m in g.moves(cmd)), reverse=True)
            return sum(x for x in gains[:n] if x > 0)
        if name in ("rail_move", "river_move"):
            if not now:
                return 1.0
            mode = "rail" if name == "rail_move" else "river"
            stacks = self.stacks()
            base_val = self.evaluate(stacks)
            gains = [self.move_gain(m, cmd, stacks, base_val) for m in g.moves(cmd, mode, op.get("max_links"))]
            return max([0.0] + gains)
        if name == "attack":
            if not now:
                return 1.5 + int(op.get("bonus", 0))
            frm = op.get("from")
            if isinstance(frm, dict):
                atts = g.attacks(cmd, g._where(cmd, frm, occupancy="any"))
            elif frm == "placed":
                return 2.0
            else:
                atts = g.attacks(cmd)
            v, _ = self.best_attack(atts, op)
            return max(0.0, v)
        if name == "cav_raid":
            if not any(base(c) == "cavalry" for s in g.positions(cmd) for c in g.controlled(cmd, s)):
                return 0.0
            return 3.0
        if name == "morale":
            return 1.6 * max(0, min(n, 15 - self.morale(cmd)))
        if name == "enemy_morale":
            foes = g.enemies(cmd)
            hit = [min(n, self.morale(k)) for k in foes]
            return 1.3 * (sum(hit) if op["target"] == "each" else max(hit + [0]))
        if name == "funds":
            if op.get("to") == "other_ally":
                allies = g.allies(cmd)
                w = max(self.funds_weight(k) for k in allies) if allies else 0.0
            else:
                w = self.funds_weight(cmd)
            return n * w
        if name == "income":
            return 3.0 * self.funds_weight(cmd)
        if name == "troops":
            t = g.tracks(cmd).troops
            new = min(24, t + n)
            pieces = g.zone(new) - g.zone(t)
            room = g.max_infantry - g.on_map(cmd, "infantry")
            return 1.0 * (new - t) + W_PIECE * min(pieces, room) - 0.5 * min(pieces, room)
        if name == "enemy_troops":
            return 2.0 * n
        if name == "defect":
            return 3.0
        if name == "draw":
            return 0.9 * n
        if name == "extra_command":
            return 2.5 * n
        if name == "hand_limit":
            return 2.0
        if name == "attack_all":
            return 1.8 * n
        if name == "defend":
            return 1.2 * n
        if name == "cut_rail":
            return 1.0
        if name == "support":
            nt = g.active_neutral()
            if nt is None:
                return 0.0
            need = int(g.cdata[nt]["support"]) - g.support()[self.camp_of(cmd)]
            bonus = 8.0 if n >= need else 0.0
            return 1.5 * n + bonus
        if name == "place_grey":
            return 3.0
        return 0.0

    def card_value(self, card: str, now: bool = False) -> float:
        """What a card is worth: played now (``now``), or kept in the hand."""
        g = self.g
        cd = g.cdata[card]
        cmd = cd["deck"]
        eff = cd["effect"]
        v = 0.0
        for section, w in (("on_play", 1.0), ("while_active", 1.0), ("on_expiry", 0.7)):
            for op in eff.get(section, ()):
                v += w * self.op_value(op, cmd, now and section == "on_play")
                if isinstance(op.get("on_win"), dict):
                    v += 0.5
        if cd["kind"] == "lasting":
            v *= 0.8 + 0.25 * int(cd.get("counters", 0))
            if cd.get("sacrifice"):
                v -= 1.0
        return v

    def discard_cost(self) -> float:
        hand = self.g.hand(self.seat)
        if not hand:
            return 0.0
        return DISCARD_WEIGHT * min(self.card_value(c) for c in hand)

    # -- decisions ----------------------------------------------------------------------------------------------------
    def command_scores(self, legal: list[Action]) -> list[tuple[float, Action]]:
        """Each command's score (ending the commands is 0): a move by how it changes the
        evaluation less the discarded card's worth, an attack by its odds, a card by its ops now."""
        stacks = self.stacks()
        base_val = self.evaluate(stacks)
        cost = self.discard_cost()
        out = []
        for a in legal:
            if isinstance(a, Move):
                v = self.move_gain(a, self.me, stacks, base_val) - cost
            elif isinstance(a, Attack):
                v = self.attack_value(a) - 2 * cost
            elif isinstance(a, Play):
                v = self.card_value(a.card, now=True) - 0.5
            elif isinstance(a, EndCommands):
                v = 0.0
            else:
                continue
            out.append((v, a))
        return out

    def _command(self, legal: list[Action]) -> Action:
        best: tuple[float, Action] = (0.0, EndCommands())
        for v, a in self.command_scores(legal):
            if v > best[0]:
                best = (v, a)
        return best[1]

    def _discard(self, legal: list[Action]) -> Action:
        return min(legal, key=lambda a: (self.card_value(a.card), a.card))

    def _sacrifice(self, legal: list[Action]) -> Action:
        hand = [a for a in legal if a.card != "deck"]
        worst = min(hand, key=lambda a: (self.card_value(a.card), a.card)) if hand else None
        if worst is not None and (self.card_value(worst.card) < 2.0 or Sacrifice("deck") not in legal):
            return worst
        return Sacrifice("deck") if Sacrifice("deck") in legal else legal[0]

    def _card_move(self, legal: list[Action]) -> Action:
        e = self.g.effects()
        cmd = e.commander
        stacks = self.stacks()
        base_val = self.evaluate(stacks)
        best: tuple[float, Action] = (0.05 if e.step != "raid" else -0.5, Skip())
        for a in legal:
            if isinstance(a, Move):
                v = self.move_gain(a, cmd, stacks, base_val)
                if e.step == "raid":
                    v += max([0.0] + [self.attack_value(x, 1, cmd) for x in self._attacks_from(a.to, cmd, stacks)])
                if v > best[0]:
                    best = (v, a)
        return best[1]

    def _attacks_from(self, s: str, cmd: str, stacks) -> list[Attack]:
        camp = self.camp_of(cmd)
        return [Attack(s, b) for b in self.S.adj[s] if stacks[b] and self.camp_of(stacks[b][0][0]) != camp]

    def _card_attack(self, legal: list[Action]) -> Action:
        e = self.g.effects()
        op = self.g.op(e.queue[0])
        atts = [a for a in legal if isinstance(a, Attack)]
        v, a = self.best_attack(atts, op)
        return a if a is not None and v > -0.5 else Skip()

    def _name(self, legal: list[Action]) -> Action:
        names = [a for a in legal if isinstance(a, NameDefender)]
        b = self.g.battle()
        if not names:
            return EndAttack()
        return min(names, key=lambda a: (self.g.strength_near(a.commander, b.battlefield, True), a.commander))

    def _stand(self, legal: list[Action]) -> Action:
        g = self.g
        b = g.battle()
        d = b.defender
        bf = b.battlefield
        if bf in self.S.hqs[self.camp]:
            return Stand("defend")
        att, dfn = g.totals(b)
        margin = att.total - dfn.total        # before the dice
        e_loss = sum(q * ((margin + x) // 3) for x, q in diff_distribution() if margin + x >= 3)
        e_gain = sum(q * ((-(margin + x)) // 3) for x, q in diff_distribution() if margin + x <= -3)
        if Stand("retreat") not in legal:      # no piece of his can step away (6(2)C): he defends
            return Stand("defend")
        # a retreat moves one piece one step and avoids the battle (retreat_one_piece): its cost is
        # the ground that piece gives up, the rest stay
        retreat_cost = 1.5
        if g.tracks(d).troops - e_loss <= 2:
            return Stand("retreat")
        return Stand("defend") if e_loss - e_gain < retreat_cost else Stand("retreat")

    def _retreat(self, legal: list[Action]) -> Action:
        stacks = self.stacks()
        S = self.S
        b = self.g.battle()
        d = b.defender

        def score(a: RetreatPiece) -> float:
            # back toward our HQs, onto our own pieces, away from enemies
            own_hq = min(S.dist[a.to][h] for h in S.hqs[self.camp])
            foes = sum(1 for x in S.adj[a.to] if stacks[x] and self.camp_of(stacks[x][0][0]) == self.foe)
            held = 1 if any(c == d for c, _ in stacks[a.to]) else 0
            hq_bonus = 5 if a.to in S.hqs[self.camp] else 0
            return hq_bonus + held - 0.3 * own_hq - foes
        return max(legal, key=lambda a: (score(a), a.to, a.piece))

    def _loss(self, legal: list[Action]) -> Action:
        order = {"grey_infantry": 0, "grey_cavalry": 1, "infantry": 2, "cavalry": 3, "armoured_train": 4}
        hq = set(self.S.hqs[self.camp])

        def key(a: RemovePiece):
            alone = len(self.g.controlled(self.g.loss().victim, a.at)) == 1
            return (a.at in hq and alone, order.get(a.piece, 5), a.at, a.piece)
        return min(legal, key=key)

    def _advance(self, legal: list[Action]) -> Action:
        b = self.g.battle()
        if b.battlefield in self.S.hqs[self.foe]:
            return max(legal, key=lambda a: len(a.pieces))
        stacks = self.stacks()
        base_val = self.evaluate(stacks)
        best: tuple[float, Action] = (0.0, Advance(()))
        for a in legal:
            if a.pieces:
                v = self.move_gain(Move(b.origin, b.battlefield, a.pieces), b.attacker, stacks, base_val)
                if v > best[0]:
                    best = (v, a)
        return best[1]

    def _target(self, legal: list[Action]) -> Action:
        g = self.g
        e = g.effects()
        cmd = e.commander
        op = g.op(e.queue[0])
        purpose = "grey" if op["op"] == "place_grey" else g._purpose(e)
        xs = [a.target for a in legal]
        S = self.S
        stacks = self.stacks()
        if purpose == "enemy_morale":
            pick = max(xs, key=lambda k: (self.morale(k), k))
        elif purpose == "ally_funds":
            pick = min(xs, key=lambda k: (self.horizon(k), k))
        elif purpose == "enemy_troops":
            pick = max(xs, key=lambda k: (g.zone(g.tracks(k).troops) - g.zone(max(0, g.tracks(k).troops - int(op["n"]))),
                                          -g.tracks(k).troops, k))
        elif purpose == "defect":
            def threat(x: str) -> tuple:
                s, _, k = x.partition("/")
                near_hq = min(S.dist[s][h] for h in S.hqs[self.camp])
                return (-near_hq, -len(stacks[s]), x)
            pick = max(xs, key=threat)
        elif purpose in ("place", "grey", "defend"):
            def where(s: str) -> tuple:
                hq_threat = 1 if s in S.hqs[self.camp] and any(
                    stacks[a] and self.camp_of(stacks[a][0][0]) == self.foe for a in S.adj[s]) else 0
                front = sum(1 for a in S.adj[s] if stacks[a] and self.camp_of(stacks[a][0][0]) == self.foe)
                own = 1 if any(c == cmd for c, _ in stacks[s]) else 0
                to_hq = min(S.dist[s][h] for h in S.hqs[self.foe])
                return (hq_threat, front + own if purpose == "defend" else front, -to_hq, s)
            pick = max(xs, key=where)
        elif purpose == "cut":
            def use(name: str) -> tuple:
                a, b, _ = g.link_ends[name]
                foes = sum(1 for s in (a, b) for x in S.adj[s]
                           if stacks[x] and self.camp_of(stacks[x][0][0]) == self.foe)
                to_hq = min(S.dist[s][h] for s in (a, b) for h in S.hqs[self.camp])
                return (foes, -to_hq, name)
            pick = max(xs, key=use)
        else:
            pick = xs[0]
        return Target(pick)


#: the agent's choice for each decision kind
DECISIONS = {COMMAND: CentralPlainsAgent._command, DISCARD: CentralPlainsAgent._discard,
             SACRIFICE: CentralPlainsAgent._sacrifice, CARD_MOVE: CentralPlainsAgent._card_move,
             CARD_ATTACK: CentralPlainsAgent._card_attack, TARGET: CentralPlainsAgent._target,
             NAME: CentralPlainsAgent._name, STAND: CentralPlainsAgent._stand, RETREAT: CentralPlainsAgent._retreat,
             LOSS: CentralPlainsAgent._loss, ADVANCE: CentralPlainsAgent._advance}


# -- hard's tuning (game/ai/tuning.py) ----------------------------------------------------------
#: the weights above a tuning may change (read when a choice is made, never folded into a cache)
TUNABLE = (
    "W_HQ_RISK", "W_PRESS", "W_DIST", "W_CONTACT", "W_TROOP", "W_PIECE", "DISCARD_WEIGHT",
)
#: hard's own set (tools/tune_ai.py): none kept yet, hard plays the weights as written
TUNED: dict = {}
