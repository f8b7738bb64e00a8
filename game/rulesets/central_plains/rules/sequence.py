"""The sequence of play (seed 4, 5): upkeep, counters, commands, refill, and the
decisions.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.actions import Action, Decision
from game.core.phases import Phase, over, phase_table
from game.core.text import Msg
from game.systems.cards import BOTTOM

from ..actions import (Advance, Attack, Discard, EndAttack, EndCommands, Move, NameDefender, Play, RemovePiece,
                       RetreatPiece, Sacrifice, Skip, Stand, Target)
from ..components import Ask, Battle, Cost, Effects, Loss, Op, Turn
from ..kinds import (ADVANCE, CARD_ATTACK, CARD_MOVE, COMMAND, DISCARD, LOSS, NAME, OVER, RETREAT, SACRIFICE, STAND,
                     TARGET)
from .basics import PROMPTS, WHY_INCOME, WHY_UPKEEP
from .combat import CombatRules
from .commands import Commands
from .effects import CardEffects
from .losses import Losses
from .targets import Targets

class Sequence:
    """The sequence of play (seed 4, 5): a commander's turn step by step (the ``Turn`` component), the
    automatic steps until a decision (written as the ``Ask`` component, the phase the kernel dispatches on)."""

    def _set_turn(self, **changes: Any) -> Turn:
        t = replace(self.turn(), **changes)
        self.put(self.turn_ent, t)
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
            return Ask(DISCARD, self.seat_of[t.commander])
        return TURN_STEPS[t.phase](self, t)

    def _commands_step(self, t: Turn) -> Ask | None:
        """seed 5(3): the commands, until none is left (or he ends them)."""
        if t.commands > 0:
            return Ask(COMMAND, self.seat_of[t.commander])
        self._set_turn(phase="refill")
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
        self.put(self.turn_ent, Turn(rnd, i, self.order[i], "upkeep"))

    # -- decisions: the phase component (Ask) and the phases the kernel dispatches -------------------------------
    def phase_kind(self) -> str:
        """The decision awaited (the Ask component written when the automatic steps stop), or OVER."""
        a = self.world.try_get(self.game_ent, Ask)
        return OVER if a is None else a.kind

    def decide(self) -> Decision | None:
        a = self.world.get(self.game_ent, Ask)
        return Decision(a.seat, a.kind, a.prompt)

    def _apply(self, action: Action) -> None:
        """The current phase's handler carries the action out (game.core.phases); then the
        automatic steps run until the next decision."""
        super()._apply(action)
        self._run()


#: the automatic steps of a commander's turn (seed 5), by the turn's phase: each does one step
#: and returns None, or the decision it waits for
TURN_STEPS = {"upkeep": Sequence._upkeep, "counters": Sequence._counters_step, "commands": Sequence._commands_step,
              "refill": Sequence._refill}

#: the decisions of the sequence of play (seed 5-7, §6.1), as the kernel dispatches them
PHASES = phase_table(
    Phase(COMMAND, legal=Commands.legal_command, decision=Sequence.decide,
          on={Play: Commands.on_play, Move: Commands.on_move, Attack: Commands.on_attack,
              EndCommands: Commands.on_end_commands}),
    Phase(DISCARD, legal=Commands.legal_discard, decision=Sequence.decide, on={Discard: Commands.on_discard}),
    Phase(SACRIFICE, legal=Commands.legal_sacrifice, decision=Sequence.decide,
          on={Sacrifice: Commands.on_sacrifice}),
    Phase(CARD_MOVE, legal=CardEffects.legal_card_move, decision=Sequence.decide,
          on={Move: CardEffects.on_card_move, Skip: CardEffects.on_skip}),
    Phase(CARD_ATTACK, legal=CardEffects.legal_card_attack, decision=Sequence.decide,
          on={Attack: CardEffects.on_card_attack, Skip: CardEffects.on_skip}),
    Phase(TARGET, legal=Targets.legal_target, decision=Sequence.decide, on={Target: Targets.on_target}),
    Phase(NAME, legal=CombatRules.legal_name, decision=Sequence.decide,
          on={NameDefender: CombatRules.on_name, EndAttack: CombatRules.on_end_attack}),
    Phase(STAND, legal=CombatRules.legal_stand, decision=Sequence.decide, on={Stand: CombatRules.on_stand}),
    Phase(RETREAT, legal=CombatRules.legal_retreat, decision=Sequence.decide,
          on={RetreatPiece: CombatRules.on_retreat}),
    Phase(LOSS, legal=Losses.legal_loss, decision=Sequence.decide, on={RemovePiece: Losses.on_remove}),
    Phase(ADVANCE, legal=CombatRules.legal_advance, decision=Sequence.decide, on={Advance: CombatRules.on_advance}),
    over(OVER),
)
