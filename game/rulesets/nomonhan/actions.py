"""Nomonhan actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action
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
    def label(self) -> str:
        return _END_MOVEMENT


@action("nomonhan.assign")
@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Declare that ``attacker`` takes part in the attack on ``defender``."""
    attacker: str
    defender: str

    def label(self) -> str:
        return Msg("{attacker} attacks {defender}", attacker=Name(self.attacker), defender=Name(self.defender))


@action("nomonhan.end_declarations")
@dataclass(frozen=True, slots=True)
class EndDeclarations(Action):
    def label(self) -> str:
        return _RESOLVE_ATTACKS


@action("nomonhan.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Choose which declared combat (by defender) to resolve next."""
    defender: str

    def label(self) -> str:
        return Msg("resolve the attack on {defender}", defender=Name(self.defender))


@action("nomonhan.step_loss")
@dataclass(frozen=True, slots=True)
class StepLoss(Action):
    unit: str

    def label(self) -> str:
        return Msg("{unit} loses a step", unit=Name(self.unit))


@action("nomonhan.retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Action):
    unit: str
    to: str

    def label(self) -> str:
        return Msg("{unit} retreats to {to}", unit=Name(self.unit), to=self.to)


@action("nomonhan.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    unit: str
    to: str

    def label(self) -> str:
        return Msg("{unit} advances to {to}", unit=Name(self.unit), to=self.to)


@action("nomonhan.end_advance")
@dataclass(frozen=True, slots=True)
class EndAdvance(Action):
    def label(self) -> str:
        return _STOP_ADVANCING
