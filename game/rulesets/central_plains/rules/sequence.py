"""The sequence of play (seed 4, 5): upkeep, counters, commands, refill, and the
decisions.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.actions import Action, Decision
from game.core.text import Msg
from game.systems.cards import BOTTOM

from ..actions import Advance, Attack, Discard, EndAttack, EndCommands, Move, NameDefender, Play, RemovePiece, RetreatPiece, Sacrifice, Skip, Stand, Target
from ..components import Ask, Battle, Cost, Effects, Loss, Op, Turn
from .basics import PROMPTS, WHY_INCOME, WHY_UPKEEP

class Sequence:
    """The sequence of play (seed 4, 5): upkeep, counters, commands, refill, and the"""

    def _set_turn(self, **changes: Any) -> Turn:
        t = replace(self.turn(), **changes)
        self.put(self.game_ent, t)
        return t

    # -- the sequence of play: automatic steps until a decision ------------------------------------------------
    def _run(self) -> None:
        """Carry out every automatic step (upkeep, counters, effects without a
        choice, dice) until someone must decide or the game is over."""
        self.take(self.game_ent, Ask)
        for _ in range(100_000):
            self._check_hq()
            if self.over() is not None:
                return
            ask = self._step()
            if ask is not None:
                self.put(self.game_ent, replace(ask, prompt=ask.prompt or PROMPTS.get(ask.kind, ask.kind)))
                return
        raise RuntimeError("central_plains: the automatic steps did not stop")

    def _step(self) -> Ask | None:
        loss = self._get(Loss)
        if loss is not None:
            return self._loss_step(loss)
        b = self._get(Battle)
        if b is not None:
            return self._battle_step(b)
        e = self._get(Effects)
        if e is not None:
            return self._effects_step(e)
        t = self.turn()
        if self._get(Cost) is not None:
            return Ask("discard", self.seat_of[t.commander])
        if t.phase == "upkeep":
            self._upkeep(t)
        elif t.phase == "counters":
            self._counters_step(t)
        elif t.phase == "commands":
            if t.commands > 0:
                return Ask("command", self.seat_of[t.commander])
            self._set_turn(phase="refill")
        elif t.phase == "refill":
            self._refill(t)
        return None

    def _upkeep(self, t: Turn) -> None:
        """seed 5(1): pay for the army; INCOME cards first (§6.1)."""
        cmd = t.commander
        self.emit_msg("TurnStarted", "Round {round}: {commander}'s turn", {"round": t.round, "commander": self.name(cmd)},
                      round=t.round, commander=cmd, turn=f"{t.round} · {self.name(cmd)}")
        income = sum(int(o["n"]) for _, o in self.lasting_ops(cmd, "income"))
        if income:
            self._funds(cmd, income, WHY_INCOME)
        pay = self.upkeep(cmd)
        if pay:
            self._funds(cmd, -pay, WHY_UPKEEP)
        if self.over() is None:
            todo = tuple(c for c in self.cards_in(f"play:{cmd}") if self.cdata[c]["kind"] in ("lasting", "dispatch"))
            self._set_turn(phase="counters", todo=todo)

    def _counters_step(self, t: Turn) -> None:
        """seed 5(2), 6(3)B-C: one counter back from each lasting / dispatch card; at 0 it expires."""
        cmd = t.commander
        if not t.todo:
            n = int(self.data["camps"][self.data_camp[cmd]]["commands"])
            self._set_turn(phase="commands", commands=n, todo=())
            return
        card = t.todo[0]
        self._set_turn(todo=t.todo[1:])
        seat = self.seat_of[cmd]
        if self.zones.attached(self, card):
            self.zones.detach(self, card, f"deck:{seat}", 1, at=BOTTOM)
            left = len(self.zones.attached(self, card))
            self.emit_msg("CounterReturned", "{card}: a counter card back ({left} left)",
                          {"card": self.card_name(card), "left": left}, card=card, commander=cmd, left=left)
        if self.zones.attached(self, card):
            return
        kind = self.cdata[card]["kind"]
        self._clear_mark(card)
        if kind == "lasting":
            self.zones.move(self, card, f"deck:{seat}", at=BOTTOM)
            self.emit_msg("CardExpired", "{card} ends: back to the bottom of the deck", {"card": self.card_name(card)},
                          card=card, commander=cmd)
        else:
            self.emit_msg("CardExpired", "{card}'s mission is done", {"card": self.card_name(card)}, card=card,
                          commander=cmd)
            ops = tuple(Op(card, ("on_expiry", i)) for i in range(len(self.cdata[card]["effect"]["on_expiry"])))
            self.put(self.game_ent, Effects(cmd, card, "remove", ops))

    def _refill(self, t: Turn) -> None:
        """seed 5(4): draw up to the hand limit; cards above it are kept (§3.5)."""
        seat = self.seat_of[t.commander]
        limit = self.hand_limit(seat)
        before = len(self.hand(seat))
        got = self.zones.draw(self, f"deck:{seat}", f"hand:{seat}", limit - before, reshuffle=f"discard:{seat}",
                              purpose=self.reshuffle_why[seat])
        self.emit_msg("Refilled", "{seat} refills the hand: {before} → {after} (limit {limit})",
                      {"seat": self.seat_name(seat), "before": before, "after": before + len(got), "limit": limit},
                      private_to=seat, seat=seat, before=before, after=before + len(got), limit=limit, cards=list(got))
        i = t.index + 1
        rnd = t.round + (1 if i >= len(self.order) else 0)
        i %= len(self.order)
        if rnd > self.round_limit:
            self._end(None, Msg("after {rounds} rounds the war is undecided", rounds=self.round_limit))
            return
        self.put(self.game_ent, Turn(rnd, i, self.order[i], "upkeep"))

    # -- decisions ----------------------------------------------------------------------------------------------
    def _pending(self) -> Decision | None:
        if self.over() is not None:
            return None
        a = self._get(Ask)
        return Decision(a.seat, a.kind, a.prompt) if a is not None else None

    def _legal(self) -> list[Action]:
        a = self._get(Ask)
        k = a.kind
        t = self.turn()
        cmd = t.commander
        if k == "command":
            seat = self.seat_of[cmd]
            hand = self.hand(seat)
            out: list[Action] = [Play(c) for c in hand if self.playable(c)]
            if hand:
                out += self.moves(cmd, "normal")
            if len(hand) >= 2:
                out += self.attacks(cmd)
            return out + [EndCommands()]
        if k == "discard":
            return [Discard(c) for c in self.hand(self.seat_of[cmd])]
        if k == "loss":
            return self._removal_options(self._get(Loss))
        b = self._get(Battle)
        if b is not None and k in ("name", "stand", "retreat", "advance"):
            if k == "name":
                out = [NameDefender(x) for x in self.to_name(b)]
                return out + ([EndAttack()] if b.retreated else [])
            if k == "stand":
                return [Stand("retreat"), Stand("defend")]        # (retreat only when a piece can: _battle_step)
            if k == "retreat":
                return self.retreat_options(b)
            return self.advance_options(b) + [Advance(())]
        e = self._get(Effects)
        if k == "sacrifice":
            seat = self.seat_of[e.commander]
            out = [Sacrifice(c) for c in self.hand(seat)]
            if self.cards_in(f"deck:{seat}") or self.cards_in(f"discard:{seat}"):
                out.append(Sacrifice("deck"))
            return out
        if k == "card_move":
            return self.effect_moves(e) + [Skip()]
        if k == "card_attack":
            return self.effect_attacks(e) + [Skip()]
        if k == "target":
            return [Target(x) for x in self.targets(e)]
        raise AssertionError(k)

    def _apply(self, a: Action) -> None:
        if isinstance(a, Play):
            self._play(a.card)
        elif isinstance(a, Move):
            if self._get(Effects) is not None and self._get(Ask).kind == "card_move":
                self._effect_move(a)
            else:
                self._command("move", a.frm, a.to, a.pieces)
        elif isinstance(a, Attack):
            if self._get(Effects) is not None and self._get(Ask).kind == "card_attack":
                self._effect_attack(a)
            else:
                self._command("attack", a.origin, a.battlefield)
        elif isinstance(a, EndCommands):
            self._set_turn(commands=0)
            self.emit_msg("CommandsEnded", "{commander} ends the commands", {"commander": self.name(self.turn().commander)})
        elif isinstance(a, Discard):
            self._discard(a.card)
        elif isinstance(a, Sacrifice):
            self._sacrifice(a.card)
        elif isinstance(a, Skip):
            self._pop(self._get(Effects))
            self.emit_msg("EffectSkipped", "the rest of the card's move or attack is skipped", {})
        elif isinstance(a, Target):
            self._target(a.target)
        elif isinstance(a, NameDefender):
            b = self._get(Battle)
            self.put(self.game_ent, replace(b, defender=a.commander, stage="stand"))
            self._defender_named(b, a.commander)
        elif isinstance(a, EndAttack):
            self._end_battle(self._get(Battle))
        elif isinstance(a, Stand):
            self._stand(a.choice)
        elif isinstance(a, RetreatPiece):
            self._retreat(a)
        elif isinstance(a, RemovePiece):
            loss = self._get(Loss)
            self._remove_piece(loss.victim, a.at, a.piece)
            self.put(self.game_ent, replace(loss, remove=loss.remove - 1))
        elif isinstance(a, Advance):
            self._advance(a.pieces)
        else:
            raise AssertionError(a)
        self._run()
