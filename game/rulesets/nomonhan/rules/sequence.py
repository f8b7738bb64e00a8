"""Nomonhan's sequence of play [5.0][6.0]: the initiative side moves and fights, then
the other side; the cycle repeats inside the turn while the initiative holds;
the turn ends at once when the initiative side loses ground [6.0], after quiet
cycles, and the end-of-turn roll may end the battle.

``PHASES`` is the sequence of play as the kernel dispatches it
(game.core.phases): each phase's legal actions and the handler of each action.
"""
from __future__ import annotations

from dataclasses import fields, replace
from operator import attrgetter
from typing import Any

from game.core.actions import Decision
from game.core.phases import Phase, over, phase_table
from game.core.text import Msg

from ..actions import (Advance, Assign, BlowBridge, EndAdvance, EndDeclarations, EndPhase, Enter, Move,
                       Resolve, Retreat, StepLoss)
from ..components import Combat, Flow, TurnMarker
from ..kinds import ADVANCE, DECLARE, LOSS, MOVE, ORDER, OVER
from .combat import CombatRules
from .movement import Movement
from .setup import other

_FLOW_FIELDS = tuple(f.name for f in fields(Flow))
_FLOW_VALUES = attrgetter(*_FLOW_FIELDS)
_FLOW_INDEX = {n: i for i, n in enumerate(_FLOW_FIELDS)}


class Sequence:
    """The phase component (``Flow``), the decision of each phase, and the end of a
    phase pair, a cycle and a turn."""

    def phase_kind(self) -> str:
        return self.world.get(self.game_ent, Flow).phase

    def _set_flow(self, **changes: Any) -> Flow:
        values = list(_FLOW_VALUES(self.flow()))
        for name, v in changes.items():
            values[_FLOW_INDEX[name]] = v
        f = Flow(*values)
        self.put(self.game_ent, f)
        return f

    def decide(self) -> Decision | None:
        """Who must decide what now (each decision made once and kept: the same few come again and again)."""
        f = self.flow()
        if f.phase == OVER:
            return None
        name = self._side_name
        if f.phase in (MOVE, DECLARE, ORDER):      # the same few decisions, again and again
            got = self._static.get(("decision", f.phase, f.side))
            if got is None:
                side = name(f.side)
                prompt = {MOVE: Msg("{side} movement phase: move units, then end the phase", side=side),
                          DECLARE: Msg("{side} combat phase: declare every attack, then resolve", side=side),
                          ORDER: Msg("{side}: choose the next attack to resolve", side=side)}[f.phase]
                got = self._static[("decision", f.phase, f.side)] = Decision(f.side, f.phase, prompt)
            return got
        c = f.combat
        assert c is not None
        key = (f.phase, c.loser, c.defender, c.losses_left if f.phase == LOSS else c.advance_left, c.losses)
        got = self._static.get(key)         # the same few again and again: each made once
        if got is None:
            got = self._static[key] = self._combat_decision(f.phase, c)
        return got

    def _combat_decision(self, phase: str, c: Combat) -> Decision:
        name = self._side_name
        if phase == LOSS:
            n = c.losses_left
            prompt = (Msg("{side} must take {n} more losses: retreat a unit one hex away from the enemy, "
                          "to a new hex, or lose a step", side=name(c.loser), n=n) if n > 1 else
                      Msg("{side} must take {n} more loss: retreat a unit one hex away from the enemy, "
                          "to a new hex, or lose a step", side=name(c.loser), n=n))
            return Decision(c.loser, LOSS, prompt, (("defender", c.defender), ("losses_left", n)))
        if phase == ADVANCE:
            winner = other(c.loser)
            values = {"side": name(winner), "left": c.advance_left, "n": c.losses}
            prompt = (Msg("{side} may advance: {left} of {n} points left (one per loss dealt), each moving "
                          "any one unit one hex, ignoring ZOC", **values) if c.losses > 1 else
                      Msg("{side} may advance: {left} of {n} point left (one per loss dealt), each moving "
                          "any one unit one hex, ignoring ZOC", **values))
            return Decision(winner, ADVANCE, prompt, (("defender", c.defender), ("advance_left", c.advance_left)))
        raise AssertionError(phase)

    def _end_phase_pair(self) -> None:
        """After a combat phase: the other half of the cycle, a new cycle, or the turn's end."""
        f = self.flow()
        m = self.marker()
        if f.half == 0:
            self._set_flow(half=1)
            self._start_movement(other(m.initiative))
            return
        cycle = m.cycle + 1
        idle = 0 if f.eventful else m.idle + 1
        self.put(self.marker_ent, replace(m, cycle=cycle, idle=idle))
        self._set_flow(eventful=False)
        if idle >= self.idle_limit:
            values = {"n": idle, "side": self._side_name(m.initiative)}
            if idle > 1:
                self.emit_msg("CycleLimit", "{n} cycles in a row without a loss or a retreat: the turn ends and "
                              "{side} keeps the initiative", values, cycles=cycle, idle=idle)
            else:
                self.emit_msg("CycleLimit", "{n} cycle in a row without a loss or a retreat: the turn ends and "
                              "{side} keeps the initiative", values, cycles=cycle, idle=idle)
            self._end_turn(switch=False)
            return
        self.emit_msg("CycleRepeats", "The initiative holds: {side} moves again", {"side": self._side_name(m.initiative)},
                      cycle=cycle, side=m.initiative)
        self._set_flow(half=0)
        self._start_movement(m.initiative)

    def _end_turn(self, switch: bool) -> None:
        m = self.marker()
        init = other(m.initiative) if switch else m.initiative
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": m.turn}, turn=m.turn)
        if switch:
            self.emit_msg("InitiativeChanged", "{side} takes the initiative", {"side": self._side_name(init)}, side=init)
        if m.turn in self.facts.end_rolls:
            (roll,) = self.dice.roll(1, 6, Msg("end of turn {turn}", turn=m.turn))
            ends = roll in self.facts.end_rolls[m.turn]
            nums = ",".join(map(str, sorted(self.facts.end_rolls[m.turn])))
            if ends:
                self.emit_msg("EndRoll", "End-of-turn roll {roll} (ends on {nums}): the game ends",
                              {"roll": roll, "nums": nums}, turn=m.turn, roll=roll, ends=ends)
            else:
                self.emit_msg("EndRoll", "End-of-turn roll {roll} (ends on {nums}): the battle goes on",
                              {"roll": roll, "nums": nums}, turn=m.turn, roll=roll, ends=ends)
            if ends:
                self._game_over_on_points()
                return
        if m.turn >= self.facts.turns:
            self._game_over_on_points()
            return
        self.put(self.marker_ent, TurnMarker(m.turn + 1, init, 0))
        self.emit_msg("TurnStarted", "Turn {turn}: {side} holds the initiative",
                      {"turn": m.turn + 1, "side": self._side_name(init)}, turn=m.turn + 1, initiative=init)
        self._set_flow(half=0, turn_ends=False, eventful=False)
        self._start_movement(init)


#: the sequence of play [5.0] [9.0], as the kernel dispatches it
PHASES = phase_table(
    Phase(MOVE, legal=Movement.legal_move, decision=Sequence.decide, main=EndPhase,
          on={Move: Movement.on_move, Enter: Movement.on_enter, BlowBridge: Movement.on_blow_bridge,
              EndPhase: Movement.on_end_movement}),
    Phase(DECLARE, legal=CombatRules.legal_declare, decision=Sequence.decide, main=EndDeclarations,
          on={Assign: CombatRules.on_assign, EndDeclarations: CombatRules.on_end_declarations}),
    Phase(ORDER, legal=CombatRules.legal_order, decision=Sequence.decide,
          on={Resolve: CombatRules.on_resolve}),
    Phase(LOSS, legal=CombatRules.legal_loss, decision=Sequence.decide,
          on={StepLoss: CombatRules.on_step_loss, Retreat: CombatRules.on_retreat}),
    Phase(ADVANCE, legal=CombatRules.legal_advance, decision=Sequence.decide, main=EndAdvance,
          on={Advance: CombatRules.on_advance, EndAdvance: CombatRules.on_end_advance}),
    over(OVER),
)
