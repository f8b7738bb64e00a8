"""Across Suez's sequence of play [3]: each of the 7 turns is Israeli movement,
Israeli combat, Egyptian movement, Egyptian combat.

The phase is the ``Phasing`` component of the game entity (what the kernel
dispatches on); the phase under way keeps its own small components there
(``Moved``, ``Attack``, ``Fought``, ``Bombarded``, ``Combat``), absent when
empty. Reads and writes those, the ``TurnMarker``, the ``ArtillerySupports``
marker and the crossings this phase of the ``CanalCrossing``.

``PHASES`` is the sequence of play as the kernel dispatches it
(game.core.phases): each phase's legal actions, its decision and the handler
of each action.
"""
from __future__ import annotations

from game.core.phases import Phase, over, phase_table
from game.core.text import Name

from ..actions import (Advance, Assign, Bombard, Cross, EeLoss, EndAdvance, EndBombardment, EndDeclarations,
                       EndPhase, Enter, Move, Resolve, Retreat, StackLoss)
from ..components import (ArtillerySupports, Attack, Bombarded, CanalCrossing, Combat, Fought, Moved, Outcome,
                          Phasing, TurnMarker)
from ..kinds import ADVANCE, BOMBARD, DECLARE, EE_LOSS, MOVE, OVER, RETREAT, STACK_LOSS
from .artillery import Artillery
from .combat import CombatRules
from .crossing import Crossing
from .data import other
from .movement import Movement

#: what a phase keeps on the game entity besides the ``Phasing`` (absent when empty)
PHASE_STATE = (Moved, Attack, Fought, Bombarded, Combat, Outcome)


class Sequence:
    """The sequence of play [3]: the phase component, and the start and end of
    phases and turns."""

    # -- the phase component --------------------------------------------------------------
    def phase_kind(self) -> str:
        return self.world.get(self.game_ent, Phasing).phase

    def phasing(self) -> Phasing:
        return self.world.get(self.game_ent, Phasing)

    def _set_phase(self, phase: str, side: str | None = None) -> None:
        """Enter ``phase`` (of ``side``, or the phasing side); nothing changes once the game is over."""
        p = self.world.get(self.game_ent, Phasing)
        if p.phase == OVER:
            return
        side = p.side if side is None else side
        if p.phase != phase or p.side != side:
            self.put(self.game_ent, Phasing(phase, side))

    def _clear(self, *types: type) -> None:
        """Remove these components of the phase from the game entity (those it has)."""
        has = self.world.has
        for t in types:
            if has(self.game_ent, t):
                self.take(self.game_ent, t)

    def _clear_phase(self) -> None:
        self._clear(*PHASE_STATE)

    def _set_supports(self, n: int) -> None:
        if self.supports_left() != n:
            self.put(self.supports_ent, ArtillerySupports(n))

    # -- turns and phases [3] -----------------------------------------------------------------
    def _start_turn(self, turn: int) -> None:
        self.put(self.marker_ent, TurnMarker(turn))
        night = self.is_night(turn)
        if night:
            self.emit_msg("TurnStarted", "Turn {turn} of {turns} (night: MA −2, no artillery, no combined arms)",
                          {"turn": turn, "turns": self.turns}, turn=turn, night=night)
        else:
            self.emit_msg("TurnStarted", "Turn {turn} of {turns}", {"turn": turn, "turns": self.turns},
                          turn=turn, night=night)
        self._start_movement(self.data["first_player"])

    def _start_movement(self, side: str) -> None:
        if self._over():
            return
        self._set_phase(MOVE, side)
        self._clear(Moved, Attack, Fought, Combat, Bombarded)
        self._set_supports(0)
        cr = self.crossing()
        if cr.this_phase:
            self.put(self.crossing_ent, CanalCrossing(cr.crossed, 0))
        self.emit_msg("PhaseStarted", "{side} movement phase", {"side": self._side_name(side)}, side=side, phase=MOVE)
        due = self.due_reinforcements(side)
        if due:
            self.emit_msg("ReinforcementsDue", "{side} reinforcements may enter: {units}",
                          {"side": self._side_name(side), "units": Name(", ".join(self.unit(k).label for k in due))},
                          side=side, units=tuple(due))
        if len(self.legal_move()) == 1:
            self.emit_msg("PhaseEnded", "{side} has no move to make", {"side": self._side_name(side)},
                          side=side, phase=MOVE)
            self._end_movement()

    def _start_combat_phase(self, side: str) -> None:
        if self._over():
            return
        day = not self.is_night()
        supports = 0
        if side == "ISR" and day:
            art = self.data["israeli_artillery"]
            supports = int(art["supports_base"]) + int(art["supports_per_crossed_unit"]) * len(
                [k for k in self.crossed_units() if not self.unit(k).is_bridge])
        self._set_phase(DECLARE, side)
        self._clear(Attack, Fought, Combat, Bombarded, Moved)
        self._set_supports(supports)
        values = {"side": self._side_name(side), "n": supports}
        if not supports:
            self.emit_msg("PhaseStarted", "{side} combat phase", values, side=side, phase="combat", supports=supports)
        elif supports == 1:
            self.emit_msg("PhaseStarted", "{side} combat phase: {n} artillery support", values,
                          side=side, phase="combat", supports=supports)
        else:
            self.emit_msg("PhaseStarted", "{side} combat phase: {n} artillery supports", values,
                          side=side, phase="combat", supports=supports)
        if side == "EGY" and day and self.bombard_targets():
            self._set_phase(BOMBARD)
            return
        self._start_declare(side)

    def _start_declare(self, side: str) -> None:
        """Declare the next attack; with none left to make, the combat phase ends."""
        self._set_phase(DECLARE)
        self._clear(Attack, Combat)
        if self.legal_declare() == [EndDeclarations()]:
            if self.world.has(self.game_ent, Fought):
                self.emit_msg("PhaseEnded", "{side} has no more attack to make", {"side": self._side_name(side)},
                              side=side, phase="combat")
            else:
                self.emit_msg("PhaseEnded", "{side} has no attack to make", {"side": self._side_name(side)},
                              side=side, phase="combat")
            self._end_combat_phase()

    def _end_combat_phase(self) -> None:
        if self._over():
            return
        n = self.supports_left()
        if n:
            if n != 1:
                self.emit_msg("SupportsLost", "{n} unused artillery supports are lost", {"n": n}, count=n)
            else:
                self.emit_msg("SupportsLost", "{n} unused artillery support is lost", {"n": n}, count=n)
        self._set_supports(0)
        self._clear(Attack, Combat)
        side = self.phasing().side
        if side == self.data["first_player"]:
            self._start_movement(other(side))
            return
        turn = self.turn
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": turn}, turn=turn)
        if turn >= self.turns:
            self._victory_check()
            return
        self._start_turn(turn + 1)

    def on_end_combat(self, a: EndDeclarations) -> None:
        self._end_combat_phase()


#: the sequence of play [3], as the kernel dispatches it
PHASES = phase_table(
    Phase(MOVE, legal=Movement.legal_move, decision=Movement.decide_move, main=EndPhase,
          on={Move: Movement.on_move, Enter: Movement.on_enter, Cross: Crossing.on_cross,
              EndPhase: Movement.on_end_movement}),
    Phase(STACK_LOSS, legal=Movement.legal_stack_loss, decision=Movement.decide_stack_loss,
          on={StackLoss: Movement.on_stack_loss}),
    Phase(BOMBARD, legal=Artillery.legal_bombard, decision=Artillery.decide_bombard, main=EndBombardment,
          on={Bombard: Artillery.on_bombard, EndBombardment: Artillery.on_end_bombardment}),
    Phase(DECLARE, legal=CombatRules.legal_declare, decision=CombatRules.decide_declare, main=EndDeclarations,
          on={Assign: CombatRules.on_assign, Resolve: CombatRules.on_resolve, EndDeclarations: Sequence.on_end_combat}),
    Phase(EE_LOSS, legal=CombatRules.legal_ee_loss, decision=CombatRules.decide_ee_loss,
          on={EeLoss: CombatRules.on_ee_loss}),
    Phase(RETREAT, legal=CombatRules.legal_retreat, decision=CombatRules.decide_retreat,
          on={Retreat: CombatRules.on_retreat}),
    Phase(ADVANCE, legal=CombatRules.legal_advance, decision=CombatRules.decide_advance, main=EndAdvance,
          on={Advance: CombatRules.on_advance, EndAdvance: CombatRules.on_end_advance}),
    over(OVER),
)
