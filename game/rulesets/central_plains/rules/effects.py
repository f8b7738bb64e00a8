"""Card effects (§6.1): one implementation per op.
"""
from __future__ import annotations

from game.core.actions import Action

from dataclasses import replace
from typing import Any

from game.systems.cards import BOTTOM

from ..actions import Attack, Move, Skip
from ..components import Ask, Effects, Op
from ..kinds import CARD_ATTACK, CARD_MOVE, SACRIFICE

class CardEffects:
    """Card effects (§6.1): one implementation per op."""

    # -- the decisions of a card's move or attack, and their handlers ---------------------------------------------
    def legal_card_move(self) -> list[Action]:
        return self.effect_moves(self._get(Effects)) + [Skip()]

    def legal_card_attack(self) -> list[Action]:
        return self.effect_attacks(self._get(Effects)) + [Skip()]

    def on_card_move(self, a: Move) -> None:
        self._effect_move(a)

    def on_card_attack(self, a: Attack) -> None:
        self._effect_attack(a)

    def on_skip(self, a: Skip) -> None:
        self._pop(self._get(Effects))
        self.emit_msg("EffectSkipped", "the rest of the card's move or attack is skipped", {})

    # -- card effects (§6.1): one implementation per op --------------------------------------------------------------------
    def op(self, ref: Op) -> dict[str, Any]:
        """The op a reference names (with its n replaced if the reference says so)."""
        if ref.path[0] == "sacrifice":
            return {"op": "sacrifice"}
        if ref.path[0] == "counters":
            return {"op": "counters", "n": int(self.cdata[ref.card]["counters"])}
        o = self.cdata[ref.card]["effect"][ref.path[0]][ref.path[1]]
        if len(ref.path) > 2:
            o = o["on_win"]["effects"][ref.path[3]]
        if ref.n is not None:
            o = {**o, "n": ref.n}
        return o

    def _pop(self, e: Effects, **changes: Any) -> None:
        self.put(self.game_ent, replace(e, queue=e.queue[1:], step="", left=0, where=None, **changes))

    def _effects_step(self, e: Effects) -> Ask | None:
        if not e.queue:
            self._finish_effects(e)
            return None
        op = self.op(e.queue[0])
        section = e.queue[0].path[0]
        name = op["op"]
        if section == "while_active" and name in ("attack_all", "income", "hand_limit"):
            self._pop(e)                                      # acts while the card is in play
            return None
        handler = getattr(self, f"_op_{name}")
        return handler(e, op)

    def _finish_effects(self, e: Effects) -> None:
        self.take(self.game_ent, Effects)
        seat = self.seat_of[e.commander]
        if e.then == "discard":
            self.zones.move(self, e.card, f"discard:{seat}")
        elif e.then == "remove":
            self.zones.move(self, e.card, "removed")
            self.emit_msg("CardRemoved", "{card} leaves the game", {"card": self.card_name(e.card)}, card=e.card)

    def _seat_deck(self, cmd: str) -> tuple[str, str]:
        seat = self.seat_of[cmd]
        return f"deck:{seat}", f"discard:{seat}"

    def _attach_from_deck(self, host: str, cmd: str, n: int) -> tuple[str, ...]:
        """The top ``n`` cards of ``cmd``'s seat's deck under ``host``; when the deck runs
        out, the discard pile is shuffled into it first (as Zones.attach's reshuffle does,
        the same cards and dice) with this game's purpose for the log."""
        deck, disc = self._seat_deck(cmd)
        have = len(self.cards_in(deck))
        if have >= n or not self.cards_in(disc):
            return self.zones.attach(self, host, deck, n)
        got = self.zones.attach(self, host, deck, have) if have else ()
        self.zones.gather(self, deck, (disc,))
        self.zones.shuffle(self, deck, self.reshuffle_why[self.seat_of[cmd]])
        return got + self.zones.attach(self, host, deck, n - have)

    # each _op_<name>(effects, op) does what it can now and returns None, or the decision it needs
    def _op_sacrifice(self, e: Effects, op: dict) -> Ask | None:
        return Ask(SACRIFICE, self.seat_of[e.commander])

    def _op_counters(self, e: Effects, op: dict) -> Ask | None:
        got = self._attach_from_deck(e.card, e.commander, int(op["n"]))
        self.emit_msg("CountersPlaced", "{card}: {n} counter card(s) under it", {"card": self.card_name(e.card),
                      "n": len(got)}, card=e.card, count=len(got))
        self._pop(e)
        return None

    def _moving(self, e: Effects, mode: str, n: int) -> Ask | None:
        if not e.step:
            e = replace(e, step=mode, left=n)
            self.put(self.game_ent, e)
        if e.left <= 0 or not self.effect_moves(e):
            self._pop(e)
            return None
        return Ask(CARD_MOVE, self.seat_of[e.commander])

    def _op_move(self, e: Effects, op: dict) -> Ask | None:
        return self._moving(e, "move", int(op["n"]))

    def _op_rail_move(self, e: Effects, op: dict) -> Ask | None:
        return self._moving(e, "rail", 1)

    def _op_river_move(self, e: Effects, op: dict) -> Ask | None:
        return self._moving(e, "river", 1)

    def _op_cav_raid(self, e: Effects, op: dict) -> Ask | None:
        if e.step == "raid_attack":
            if self.effect_attacks(e):
                return Ask(CARD_ATTACK, self.seat_of[e.commander])
            self._pop(e)
            return None
        return self._moving(e, "raid", 1)

    def effect_moves(self, e: Effects) -> list[Move]:
        op = self.op(e.queue[0])
        if e.step == "move":
            return self.moves(e.commander, "normal")
        if e.step == "rail":
            return self.moves(e.commander, "rail", op.get("max_links"))
        if e.step == "river":
            return self.moves(e.commander, "river", op.get("max_links"))
        if e.step == "raid":
            return self.moves(e.commander, "raid", op.get("max_links"))
        return []

    def _effect_move(self, a: Move) -> None:
        e = self._get(Effects)
        self._do_move(e.commander, a.frm, a.to, a.pieces)
        if e.step == "raid":
            self.put(self.game_ent, replace(e, step="raid_attack", where=a.to, left=0))
        else:
            self.put(self.game_ent, replace(e, left=e.left - 1))

    def _op_attack(self, e: Effects, op: dict) -> Ask | None:
        if not self.effect_attacks(e):
            self._pop(e)
            return None
        if not e.step:
            self.put(self.game_ent, replace(e, step="attack"))
        return Ask(CARD_ATTACK, self.seat_of[e.commander])

    def effect_attacks(self, e: Effects) -> list[Attack]:
        op = self.op(e.queue[0])
        if op["op"] == "cav_raid":
            return self.attacks(e.commander, [e.where]) if e.where else []
        frm = op.get("from")
        if frm is None:
            return self.attacks(e.commander)
        if frm == "placed":
            return self.attacks(e.commander, [e.placed]) if e.placed else []
        return self.attacks(e.commander, self._where(e.commander, frm, occupancy="any"))

    def _effect_attack(self, a: Attack) -> None:
        e = self._get(Effects)
        ref = e.queue[0]
        self._pop(e)
        op = self.op(ref)
        self._start_battle(e.commander, a.origin, a.battlefield, op=ref, bonus=int(op.get("bonus", 0)))

    def _op_morale(self, e: Effects, op: dict) -> Ask | None:
        self._morale(e.commander, int(op["n"]), self.card_name(e.queue[0].card))
        self._pop(e)
        return None

    def _op_enemy_morale(self, e: Effects, op: dict) -> Ask | None:
        why = self.card_name(e.queue[0].card)
        if op["target"] == "each":
            for k in self.enemies(e.commander):
                self._morale(k, -int(op["n"]), why)
        elif op["target"] == "same":
            if e.struck is not None:
                self._morale(e.struck, -int(op["n"]), why)
        else:
            return self._choose(e, "enemy_morale")
        self._pop(e)
        return None

    def _op_funds(self, e: Effects, op: dict) -> Ask | None:
        if op.get("to", "self") == "other_ally":
            return self._choose(e, "ally_funds")
        self._funds(e.commander, int(op["n"]), self.card_name(e.queue[0].card))
        self._pop(e)
        return None

    def _op_troops(self, e: Effects, op: dict) -> Ask | None:
        """§3.1 troops_up: the marker rises n (cap 24); a new infantry per zone entered."""
        if not e.step:
            cmd = e.commander
            old = self.tracks(cmd).troops
            new = min(self.ranges["troops"][1], old + int(op["n"]))
            self._set_tracks(cmd, troops=new)
            self.emit_msg("TroopsRaised", "{commander} troops {old} → {new}", {"commander": self.name(cmd), "old": old,
                          "new": new}, commander=cmd, old=old, new=new)
            k = self.zone(new) - self.zone(old)
            e = replace(e, step="place", left=k)
            self.put(self.game_ent, e)
        if e.left <= 0 or self.on_map(e.commander, "infantry") >= self.max_infantry or not self.targets(e):
            if e.left > 0:
                self.emit_msg("PiecesNotPlaced", "{n} new infantry of {commander} cannot be placed",
                              {"n": e.left, "commander": self.name(e.commander)}, commander=e.commander, count=e.left)
            self._pop(e)
            return None
        return self._choose(e, "place", keep_step=True)

    def _op_enemy_troops(self, e: Effects, op: dict) -> Ask | None:
        return self._choose(e, "enemy_troops")

    def _op_defect(self, e: Effects, op: dict) -> Ask | None:
        return self._choose(e, "defect")

    def _op_draw(self, e: Effects, op: dict) -> Ask | None:
        deck, disc = self._seat_deck(e.commander)
        seat = self.seat_of[e.commander]
        got = self.zones.draw(self, deck, f"hand:{seat}", int(op["n"]), reshuffle=disc, purpose=self.reshuffle_why[seat])
        self.emit_msg("CardsDrawn", "{seat} draws {n} card(s)", {"seat": self.seat_name(seat), "n": len(got)},
                      private_to=seat, seat=seat, cards=list(got))
        self._pop(e)
        return None

    def _op_extra_command(self, e: Effects, op: dict) -> Ask | None:
        t = self.turn()
        self._set_turn(commands=t.commands + int(op["n"]))
        self.emit_msg("ExtraCommand", "{commander} gains {n} command(s)", {"commander": self.name(e.commander),
                      "n": op["n"]}, commander=e.commander)
        self._pop(e)
        return None

    def _op_defend(self, e: Effects, op: dict) -> Ask | None:
        if op["at"] == "chosen":
            return self._choose(e, "defend")
        if op["at"] == "listed" and op.get("if_none_held") == "chosen":
            held = {c for s in op["where"].get("strongholds", ()) for c, _ in self.stacks()[s]}
            if e.commander not in held:
                return self._choose(e, "defend")
        self._pop(e)
        return None

    def _op_cut_rail(self, e: Effects, op: dict) -> Ask | None:
        return self._choose(e, "cut")

    def _op_support(self, e: Effects, op: dict) -> Ask | None:
        """§3.4: one support card per point, face down from the top of the deck, on the active general."""
        if not e.step:
            n = int(op["n"])
            for alt in op.get("instead") or ():
                if self._condition(alt["if"]):
                    n = int(alt["n"])
                    break
            e = replace(e, step="support", left=n)
            self.put(self.game_ent, e)
        neutral = self.active_neutral()
        if e.left <= 0 or neutral is None:
            self._pop(e)
            return None
        got = self._attach_from_deck(neutral, e.commander, 1)
        if not got:
            self._pop(e)
            return None
        camp = self.data_camp[e.commander]
        sup = self.support(neutral)
        self.emit_msg("SupportPlaced", "{commander} places support on {card} (中央 {central}, 反蔣 {anti} of {need})",
                      {"commander": self.name(e.commander), "card": self.card_name(neutral), "central": sup["central"],
                       "anti": sup["anti"], "need": self.cdata[neutral]["support"]},
                      commander=e.commander, neutral=neutral, support=sup)
        e = replace(e, left=e.left - 1)
        if sup[camp] >= int(self.cdata[neutral]["support"]):
            self._join(e, neutral, camp)
        else:
            self.put(self.game_ent, e)
        return None

    def _join(self, e: Effects, neutral: str, camp: str) -> None:
        """§3.4: the general joins; the support goes back; the resolver carries out his card."""
        for c in self.zones.attached(self, neutral):
            self.zones.detach(self, neutral, self._seat_deck(self.card_owner(c))[0], card=c, at=BOTTOM)
        self.zones.move(self, neutral, "removed")
        self.emit_msg("NeutralJoined", "{card} joins {camp}; {commander} resolves him",
                      {"card": self.card_name(neutral), "camp": self.camp_names[camp],
                       "commander": self.name(e.commander)}, neutral=neutral, camp=camp, commander=e.commander)
        rest = e.queue[1:]
        if e.left > 0:
            rest = (replace(e.queue[0], n=e.left),) + rest
        ops = tuple(Op(neutral, ("on_join", i)) for i in range(len(self.cdata[neutral]["effect"]["on_join"])))
        self.put(self.game_ent, replace(e, queue=ops + rest, step="", left=0, where=None))

    def _op_place_grey(self, e: Effects, op: dict) -> Ask | None:
        if not self.targets(e, op):
            self.emit_msg("PiecesNotPlaced", "{card}'s troops find no place", {"card": self.card_name(e.queue[0].card)},
                          commander=e.commander)
            self._pop(e)
            return None
        return self._choose(e, "grey")

    # targets: the choices of the ops that need one
