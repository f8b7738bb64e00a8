"""Nomonhan actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action
from game.core.picks import ADVANCE, ATTACK, CELL, MOVE, RESOLVE, RETREAT, Pick
from game.core.text import Msg, Name

# labels: game.core.text Msg (unit keys as Name, shown as they are); the constant ones made once
_BLOW = Msg("blow the military bridge")
_END_MOVEMENT = Msg("end movement")
_RESOLVE_ATTACKS = Msg("resolve attacks")
_STOP_ADVANCING = Msg("stop advancing")


@action("nomonhan.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: str
    picks = (Pick("unit"), Pick("to", CELL))
    light = MOVE

    def label(self) -> str:
        return Msg("move {unit} to {to}", unit=Name(self.unit), to=self.to)


@action("nomonhan.enter")
@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Place a due reinforcement on its flag hex (it may then move)."""
    unit: str

    def label(self) -> str:
        return Msg("bring in {unit}", unit=Name(self.unit))


@action("nomonhan.blow_bridge")
@dataclass(frozen=True, slots=True)
class BlowBridge(Action):
    def label(self) -> str:
        return _BLOW


@action("nomonhan.end_phase")
@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    main = True
    def label(self) -> str:
        return _END_MOVEMENT


@action("nomonhan.assign")
@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Declare that ``attacker`` takes part in the attack on ``defender``."""
    attacker: str
    defender: str
    picks = (Pick("attacker"), Pick("defender"))
    light = ATTACK

    def label(self) -> str:
        return Msg("{attacker} attacks {defender}", attacker=Name(self.attacker), defender=Name(self.defender))


@action("nomonhan.end_declarations")
@dataclass(frozen=True, slots=True)
class EndDeclarations(Action):
    main = True
    def label(self) -> str:
        return _RESOLVE_ATTACKS


@action("nomonhan.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Choose which declared combat (by defender) to resolve next."""
    defender: str
    picks = (Pick("defender"),)
    light = RESOLVE
    button = True
    main = True                     # Space resolves the first declared combat

    def label(self) -> str:
        return Msg("resolve the attack on {defender}", defender=Name(self.defender))


@action("nomonhan.step_loss")
@dataclass(frozen=True, slots=True)
class StepLoss(Action):
    unit: str
    picks = (Pick("unit"),)
    button = True

    def label(self) -> str:
        return Msg("{unit} loses a step", unit=Name(self.unit))


@action("nomonhan.retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Action):
    unit: str
    to: str
    picks = (Pick("unit"), Pick("to", CELL))
    light = RETREAT

    def label(self) -> str:
        return Msg("{unit} retreats to {to}", unit=Name(self.unit), to=self.to)


@action("nomonhan.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    unit: str
    to: str
    picks = (Pick("unit"), Pick("to", CELL))
    light = ADVANCE

    def label(self) -> str:
        return Msg("{unit} advances to {to}", unit=Name(self.unit), to=self.to)


@action("nomonhan.end_advance")
@dataclass(frozen=True, slots=True)
class EndAdvance(Action):
    main = True
    def label(self) -> str:
        return _STOP_ADVANCING
