"""Combat (seed 6(2), 7): the attack, naming the defender, retreat or defence,
the totals, the dice, and the advance.
"""
from __future__ import annotations

from game.core.actions import Action

from dataclasses import replace
from typing import Iterable

from game.core.text import Msg

from ..actions import PIECE_TEXT, Advance, Attack, EndAttack, NameDefender, RetreatPiece, Stand, joined
from ..components import Ask, Battle, Effects, LastBattle, Loss, Op, Side
from ..kinds import ADVANCE, NAME, RETREAT, STAND
from .basics import WHY_LOST_BATTLE, _side, base, submultisets

class CombatRules:
    """Combat (seed 6(2), 7): the attack, naming the defender, retreat or defence,"""

    # -- the decisions of a battle (seed 6(2)) and their handlers ---------------------------------------------------
    def legal_name(self) -> list[Action]:
        b = self._get(Battle)
        out: list[Action] = [NameDefender(x) for x in self.to_name(b)]
        return out + ([EndAttack()] if b.retreated else [])

    def legal_stand(self) -> list[Stand]:
        return [Stand("retreat"), Stand("defend")]        # (retreat only when a piece can: _battle_step)

    def legal_retreat(self) -> list[RetreatPiece]:
        return self.retreat_options(self._get(Battle))

    def legal_advance(self) -> list[Advance]:
        return self.advance_options(self._get(Battle)) + [Advance(())]

    def on_name(self, a: NameDefender) -> None:
        b = self._get(Battle)
        self.put(self.game_ent, replace(b, defender=a.commander, stage="stand"))
        self._defender_named(b, a.commander)

    def on_end_attack(self, a: EndAttack) -> None:
        self._end_battle(self._get(Battle))

    def on_stand(self, a: Stand) -> None:
        self._stand(a.choice)

    def on_retreat(self, a: RetreatPiece) -> None:
        self._retreat(a)

    def on_advance(self, a: Advance) -> None:
        self._advance(a.pieces)

    # -- attacks (seed 6(2), 7) --------------------------------------------------------------------------------------
    def attacks(self, cmd: str, origins: Iterable[str] | None = None) -> list[Attack]:
        key = ("attacks", cmd, None if origins is None else tuple(origins))
        got = self.memo.get(key)
        if got is not None:
            return got
        camp = self.data_camp[cmd]
        mine = set(self.positions(cmd))
        out = []
        for s in (sorted(mine) if origins is None else [o for o in origins if o in mine]):
            for b in self.adj[s]:
                c = self.camp_at(b)
                if c is not None and c != camp:
                    out.append(Attack(s, b))
        self.memo[key] = out
        return out

    def _start_battle(self, cmd: str, origin: str, bf: str, op: Op | None = None, bonus: int = 0) -> None:
        self.emit_msg("AttackDeclared", "{commander} attacks {battlefield} from {origin}",
                      {"commander": self.name(cmd), "battlefield": self.place_name(bf), "origin": self.place_name(origin)},
                      commander=cmd, origin=origin, battlefield=bf)
        self.put(self.game_ent, Battle(cmd, origin, bf, op=op, bonus=bonus))

    def enemies_in(self, b: Battle) -> list[str]:
        """The enemy commanders with pieces in the battlefield, in the turn order."""
        here = {c for c, _ in self.stacks()[b.battlefield]}
        return [k for k in self.order if k in here and self.data_camp[k] != self.data_camp[b.attacker]]

    def to_name(self, b: Battle) -> list[str]:
        """Those the attacker may still name (seed 6(2)B): the enemies in the battlefield who
        have not retreated from this attack (a retreat moves one piece: the rest may stay)."""
        return [k for k in self.enemies_in(b) if k not in b.retreated]

    def _defender_named(self, b: Battle, defender: str) -> None:
        self.emit_msg("DefenderNamed", "{attacker} attacks {defender} at {place}",
                      {"attacker": self.name(b.attacker), "defender": self.name(defender),
                       "place": self.place_name(b.battlefield)}, commander=defender)

    def _battle_step(self, b: Battle) -> Ask | None:
        seat = self.seat_of[b.attacker]
        if b.stage == "name":
            foes = self.to_name(b)
            if not foes:
                self.put(self.game_ent, replace(b, stage="advance", defender=None))
            elif len(foes) == 1 and not b.retreated:
                self.put(self.game_ent, replace(b, defender=foes[0], stage="stand"))
                self._defender_named(b, foes[0])
            else:
                return Ask(NAME, seat)
            return None
        if b.stage == "stand":
            if not self.retreat_options(b):                    # ruling retreat_one_piece: no step, no retreat
                self._stand("defend")
                return None
            return Ask(STAND, self.seat_of[b.defender])
        if b.stage == "retreat":
            return Ask(RETREAT, self.seat_of[b.defender])
        if b.stage == "resolve":
            self._fight(b)
            return None
        if b.stage == "after":
            if self.enemies_in(b):
                self._end_battle(b)
            else:
                self.put(self.game_ent, replace(b, stage="advance"))
            return None
        if b.stage == "advance":
            if self.advance_options(b):
                return Ask(ADVANCE, seat)
            self._end_battle(b)
            return None
        raise AssertionError(b.stage)

    def _stand(self, choice: str) -> None:
        b = self._get(Battle)
        v = {"commander": self.name(b.defender), "place": self.place_name(b.battlefield)}
        if choice == "retreat":
            self.emit_msg("DefenderChose", "{commander} chooses to retreat at {place}", v, commander=b.defender,
                          choice=choice)
        else:
            self.emit_msg("DefenderChose", "{commander} chooses to defend at {place}", v, commander=b.defender,
                          choice=choice)
        self.put(self.game_ent, replace(b, stage="retreat" if choice == "retreat" else "resolve"))

    def retreat_places(self, cmd: str, frm: str, code: str) -> list[str]:
        """Seed 6(2)C 依移動規定 ... 移動1步: one step by the movement rules, along a link
        not cut of a kind the piece may move along (an armoured train: rail only), to an
        own, friendly or empty stronghold with room (ruling retreat_move_rules)."""
        camp = self.data_camp[cmd]
        cut = self.cut_links()
        stacks = self.stacks()
        kinds = self.step_kinds[base(code)]
        out = set()
        for o, name in self.adj_links[frm]:
            if name in cut or self.link_ends[name][2] not in kinds:
                continue
            p = stacks[o]
            if p and self.data_camp[p[0][0]] != camp:
                continue
            if len(p) >= self.stack_limit:
                continue
            out.add(o)
        return sorted(out)

    def retreat_options(self, b: Battle) -> list[RetreatPiece]:
        return [RetreatPiece(code, to) for code in sorted(set(self.controlled(b.defender, b.battlefield)))
                for to in self.retreat_places(b.defender, b.battlefield, code)]

    def _retreat(self, a: RetreatPiece) -> None:
        """Seed 6(2)C: the one piece moves; the attack on this commander is over (6(2)B)."""
        b = self._get(Battle)
        self._move_pieces(b.defender, b.battlefield, a.to, (a.piece,))
        self.emit_msg("PieceRetreated", "{commander}'s {piece} retreats {frm} → {to}",
                      {"commander": self.name(b.defender), "piece": PIECE_TEXT[a.piece],
                       "frm": self.place_name(b.battlefield), "to": self.place_name(a.to)},
                      commander=b.defender, frm=b.battlefield, to=a.to, piece=a.piece)
        self.put(self.game_ent, replace(b, stage="name", defender=None, retreated=b.retreated + (b.defender,)))

    def advance_options(self, b: Battle) -> list[Advance]:
        """§3.3 advance: up to 3 pieces from the origin into the cleared battlefield, each by
        the retreat's step (a link not cut of a kind it may move along: ruling advance_step)."""
        room = self.stack_limit - len(self.stacks()[b.battlefield])
        if room <= 0 or self.camp_at(b.battlefield) not in (None, self.data_camp[b.attacker]):
            return []
        cut = self.cut_links()
        kinds = {self.link_ends[name][2] for o, name in self.adj_links[b.origin] if o == b.battlefield
                 and name not in cut}
        mine = tuple(c for c in self.controlled(b.attacker, b.origin) if self.step_kinds[base(c)] & kinds)
        return [Advance(sub) for sub in submultisets(mine, room)]

    def _advance(self, pieces: tuple[str, ...]) -> None:
        b = self._get(Battle)
        if pieces:
            self._move_pieces(b.attacker, b.origin, b.battlefield, pieces)
            self.emit_msg("Advanced", "{commander} advances {pieces} into {place}",
                          {"commander": self.name(b.attacker), "pieces": joined(pieces),
                           "place": self.place_name(b.battlefield)}, commander=b.attacker, frm=b.origin,
                          to=b.battlefield, pieces=list(pieces))
        self._end_battle(b)

    def _end_battle(self, b: Battle) -> None:
        self.take(self.game_ent, Battle)
        if b.op is None or b.margin is None:
            return
        op = self.op(b.op)
        win = op.get("on_win")
        if win and b.margin >= int(win["margin"]):
            e = self._get(Effects)
            more = tuple(Op(b.op.card, b.op.path + ("on_win", i)) for i in range(len(win["effects"])))
            self.put(self.game_ent, replace(e, queue=more + e.queue))

    def card_bonus(self, b: Battle) -> int:
        """ATTACK +k of the card that made this attack, its 'instead' applied (§6.1)."""
        if b.op is None:
            return b.bonus
        op = self.op(b.op)
        bonus = int(op.get("bonus", 0))
        for alt in op.get("instead") or ():
            if self._condition(alt["if"], b):
                return int(alt["bonus"])
        return bonus

    def _condition(self, cond: dict, b: Battle | None = None) -> bool:
        (k, v), = cond.items()
        if k == "battlefield_on_line":
            return b is not None and b.battlefield in self.line_nodes.get(v, ())
        if k == "battlefield_in":
            return b is not None and b.battlefield in v
        if k == "defender":
            return b is not None and b.defender == v
        if k == "active_neutral":
            return self.active_neutral() == v
        raise ValueError(f"unknown condition {k!r}")

    def defend_bonus(self, cmd: str, s: str) -> int:
        """DEFEND +n of the lasting cards in play (§6.1): the card's own commander
        at a chosen or listed stronghold; 'every' for each commander named."""
        m = self.marks()
        total = 0
        for owner in self.order:
            for card, o in self.lasting_ops(owner, "defend"):
                at = o["at"]
                if at == "every":
                    if cmd in o.get("commanders", (owner,)):
                        total += int(o["n"])
                    continue
                if owner != cmd:
                    continue
                mark = m.of(card)
                if at == "chosen" or mark is not None:
                    total += int(o["n"]) if mark == s else 0
                elif s in o["where"].get("strongholds", ()):
                    total += int(o["n"])
        return total

    def strength_near(self, cmd: str, s: str, include_here: bool) -> int:
        """Strength of ``cmd``'s pieces (camp's with option counts=camp) 1 step from ``s`` (and at ``s``)."""
        camp = self.data_camp[cmd]
        stacks = self.stacks()
        places = list(self.adj[s]) + ([s] if include_here else [])
        total = 0
        for p in places:
            for c, code in stacks[p]:
                if c == cmd or (self.counts_camp and self.data_camp[c] == camp):
                    total += self.strength[base(code)]
        return total

    def totals(self, b: Battle, red: tuple[int, ...] = (), white: tuple[int, ...] = ()) -> tuple[Side, Side]:
        """Both totals of a battle, broken down (seed 7(1), 7(2))."""
        a, d = b.attacker, b.defender
        cap = int(self.data["combat"]["morale_cap"])
        att_lasting = sum(int(o["n"]) for _, o in self.lasting_ops(a, "attack_all"))
        ap = self.strength_near(a, b.battlefield, include_here=False)
        am = min(cap, self.tracks(a).morale)
        ac = self.card_bonus(b)
        att = Side(a, ap, am, ac, att_lasting, 0, red, ap + am + ac + att_lasting + sum(red))
        dp = self.strength_near(d, b.battlefield, include_here=True)
        dm = min(cap, self.tracks(d).morale)
        dt = self.terrain_mod[self.stronghold(b.battlefield).terrain]
        dl = self.defend_bonus(d, b.battlefield)
        dfn = Side(d, dp, dm, 0, dl, dt, white, dp + dm + dt + dl + sum(white))
        return att, dfn

    def _fight(self, b: Battle) -> None:
        red = self.dice.roll(2, purpose=Msg("{commander} attacks (2 red dice)", commander=self.name(b.attacker)))
        white = self.dice.roll(1, purpose=Msg("{commander} defends (1 white die)", commander=self.name(b.defender)))
        att, dfn = self.totals(b, red, white)
        diff = att.total - dfn.total
        loss_cfg = self.data["combat"]["loss"]
        units = abs(diff) // int(loss_cfg["per"]) if abs(diff) >= int(loss_cfg["min_difference"]) else 0
        loser = (b.defender if diff > 0 else b.attacker) if units else None
        self.put(self.game_ent, LastBattle(b.origin, b.battlefield, att, dfn, loser, units))
        v = {"attacker": self.name(b.attacker), "attack": att.total, "a_pieces": att.pieces, "a_morale": att.morale,
             "a_card": att.card, "a_lasting": att.lasting, "dice": "+".join(map(str, red)),
             "defender": self.name(b.defender), "defence": dfn.total, "d_pieces": dfn.pieces, "d_morale": dfn.morale,
             "terrain": dfn.terrain, "d_lasting": dfn.lasting, "die": white[0]}
        data = dict(attacker=b.attacker, defender=b.defender, battlefield=b.battlefield, origin=b.origin,
                    attack=att.total, defence=dfn.total, loser=loser, losses=units, red=list(red), white=list(white),
                    att=_side(att), dfn=_side(dfn))
        if units:
            v.update(loser=self.name(loser), units=units)
            self.emit_msg("BattleResolved", "{attacker} {attack} (pieces {a_pieces}, morale {a_morale}, card {a_card}, "
                          "lasting {a_lasting}, dice {dice}) vs {defender} {defence} (pieces {d_pieces}, morale "
                          "{d_morale}, terrain {terrain:+d}, defend {d_lasting}, die {die}): {loser} loses {units} troops",
                          v, **data)
        else:
            self.emit_msg("BattleResolved", "{attacker} {attack} (pieces {a_pieces}, morale {a_morale}, card {a_card}, "
                          "lasting {a_lasting}, dice {dice}) vs {defender} {defence} (pieces {d_pieces}, morale "
                          "{d_morale}, terrain {terrain:+d}, defend {d_lasting}, die {die}): no losses", v, **data)
        self.put(self.game_ent, replace(b, stage="after", margin=diff))
        if units:
            if self.morale_loss and abs(diff) >= self.morale_loss_at:
                self._morale(loser, -self.morale_loss_by, WHY_LOST_BATTLE)
            at = b.battlefield if loser == b.defender else b.origin
            self.put(self.game_ent, Loss(loser, at, units))
