"""義經's sequence of play [4.0]: court phase [5.0], retainer replenishment [6.0],
deck building [7.0], the action phase (turn the top card of the shared deck until
it is used up) [8.0], adjustment [11.0]; seven turns.

- The court phase moves the marker one space toward the side that does not
  control 京 (the "point" of seed 5.1(1)); not on turn 1, not when nobody
  controls 京 (on turn 4 木曾 belongs to no side, so a Kiso-held 京 moves nothing).

``PHASES`` is the sequence of play as the kernel dispatches it
(game.core.phases): each decision's legal actions and the handler of each
action, named after the rulebook's sections.

Reads and writes the phase (``Flow``), the turn marker (``TurnMarker``) and the
Go-Shirakawa marker (``CourtMarker``).
"""
from __future__ import annotations

from game.core.actions import Decision
from game.core.phases import Phase, over, phase_table
from game.core.text import Msg

from ..actions import (AllocateHit, BattleIn, Choose, ChooseCommander, ContinueBattle, DoneChoosing, Drop,
                       EndBattles, EndMove, EnterAt, Order, Pick, PickUp, Place, ReplenishAt, RetreatTo, Step,
                       StopBattle, Target, TurnCard, UseCard)
from ..components import CourtMarker, Flow, TurnMarker
from ..kinds import (ALLOCATE, BATTLE_AREAS, BUILD, COMMANDER, CONTINUE, ENTER, GENERAL, MOVE, OVER, PICK_GENERAL,
                     REPLENISH, REPLENISH_AT, RETREAT, TARGET, TURN, USE)
from .action import ActionPhase
from .combat import CombatRules
from .deck import CardDeck
from .events import EventCards
from .movement import Movement
from .orders import GeneralOrders
from .replenishment import RetainerReplenishment
from .setup import other

#: the prompt of each decision (constants: pending() is asked for on every step of a search)
PROMPTS = {
    REPLENISH: Msg("place a retainer"), BUILD: Msg("choose this turn's cards"),
    TURN: Msg("turn the top card"), USE: Msg("use the card: play it, fight, or pass"),
    GENERAL: Msg("choose the general's action"), PICK_GENERAL: Msg("choose the general to activate"),
    TARGET: Msg("choose the card's target"), MOVE: Msg("move the general"),
    ENTER: Msg("choose where the general enters"), REPLENISH_AT: Msg("choose where to replenish"),
    BATTLE_AREAS: Msg("choose an area to fight in"), COMMANDER: Msg("choose the commander"),
    ALLOCATE: Msg("allocate a hit"), RETREAT: Msg("choose the retreat"), CONTINUE: Msg("fight another round?")}
#: each decision made once (phase, seat -> Decision): the same few come again and again
_DECISIONS: dict[tuple[str, str | None], Decision] = {}


class Sequence:
    """The phase (``Flow``), the decision of each phase, the turn [4.0] and the court phase [5.0]."""

    def phase_kind(self) -> str:
        return self.world.get(self.game_ent, Flow).phase

    def _set_phase(self, kind: str, seat: str | None) -> None:
        self.put(self.game_ent, Flow(kind, seat))

    def decide(self) -> Decision | None:
        """Who must decide what now."""
        f = self.world.get(self.game_ent, Flow)
        got = _DECISIONS.get((f.phase, f.seat))
        if got is None:
            got = _DECISIONS[(f.phase, f.seat)] = Decision(f.seat, f.phase, PROMPTS[f.phase])
        return got

    # -- turn [4.0] and court [5.0] -------------------------------------------------------------
    def _start_turn(self, turn: int) -> None:
        self.put(self.turn_ent, TurnMarker(turn))
        self.emit_msg("TurnStarted", "Turn {turn} ({year})", {"turn": turn, "year": self.track_data[turn]['year']},
                      turn=turn)
        self._court_phase()
        self._start_replenishment()

    def _court_phase(self) -> None:
        if not self.track_data[self.turn()]["court_moves"]:
            self.emit_msg("CourtPhase", "Court phase: the Go-Shirakawa marker does not move on turn 1", {}, moved=0)
            return
        holder = self.side_controls("kyo")
        if holder is None:
            self.emit_msg("CourtPhase", "Court phase: nobody controls Kyō; the marker stays", {}, moved=0)
            return
        self._move_court(other(holder), 1, Msg("{side} holds Kyō", side=self._name(holder)))

    def _move_court(self, toward: str, spaces: int, why: str) -> None:
        was = self.court()
        step = int(self.data["court_track"]["toward"][toward])
        new = max(self.court_min, min(self.court_max, was + step * spaces))
        self.put(self.court_ent, CourtMarker(new))
        sp = self.court_spaces[new]
        self.emit_msg("CourtMoved", "{why}: Go-Shirakawa moves {n} toward {side} (now {space})",
                      {"why": why, "n": abs(new - was), "side": self._name(toward), "space": sp["name_local"]},
                      frm=was, to=new, toward=toward)


#: the sequence of play [4.0] [6.0]-[10.0], as the kernel dispatches it
PHASES = phase_table(
    Phase(REPLENISH, legal=RetainerReplenishment.legal_place, decision=Sequence.decide,
          on={Place: RetainerReplenishment.on_place}),
    Phase(BUILD, legal=CardDeck.legal_choose, decision=Sequence.decide,
          on={Choose: CardDeck.on_choose, DoneChoosing: CardDeck.on_done_choosing}),
    Phase(TURN, legal=ActionPhase.legal_turn, decision=Sequence.decide, on={TurnCard: ActionPhase.on_turn_card}),
    Phase(USE, legal=ActionPhase.legal_use, decision=Sequence.decide, on={UseCard: ActionPhase.on_use}),
    Phase(GENERAL, legal=GeneralOrders.legal_order, decision=Sequence.decide, on={Order: GeneralOrders.on_order}),
    Phase(PICK_GENERAL, legal=GeneralOrders.legal_pick, decision=Sequence.decide, on={Pick: GeneralOrders.on_pick}),
    Phase(TARGET, legal=EventCards.legal_target, decision=Sequence.decide, on={Target: EventCards.on_target}),
    Phase(MOVE, legal=Movement.legal_move, decision=Sequence.decide,
          on={PickUp: Movement.on_pick_up, Drop: Movement.on_drop, Step: Movement.on_step,
              EndMove: Movement.on_end_move}),
    Phase(ENTER, legal=GeneralOrders.legal_enter, decision=Sequence.decide, on={EnterAt: GeneralOrders.on_enter}),
    Phase(REPLENISH_AT, legal=GeneralOrders.legal_replenish, decision=Sequence.decide,
          on={ReplenishAt: GeneralOrders.on_replenish}),
    Phase(BATTLE_AREAS, legal=ActionPhase.legal_battle_areas, decision=Sequence.decide,
          on={BattleIn: ActionPhase.on_battle_in, EndBattles: ActionPhase.on_end_battles}),
    Phase(COMMANDER, legal=CombatRules.legal_commander, decision=Sequence.decide,
          on={ChooseCommander: CombatRules.on_commander}),
    Phase(ALLOCATE, legal=CombatRules.legal_allocate, decision=Sequence.decide,
          on={AllocateHit: CombatRules.on_allocate}),
    Phase(RETREAT, legal=CombatRules.legal_retreat, decision=Sequence.decide,
          on={RetreatTo: CombatRules.on_retreat}),
    Phase(CONTINUE, legal=CombatRules.legal_continue, decision=Sequence.decide,
          on={ContinueBattle: CombatRules.on_continue, StopBattle: CombatRules.on_stop}),
    over(OVER),
)
