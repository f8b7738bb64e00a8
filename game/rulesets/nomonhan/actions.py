"""Nomonhan actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action


@action("nomonhan.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: str

    def label(self) -> str:
        return f"move {self.unit} to {self.to}"


@action("nomonhan.enter")
@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Place a due reinforcement on its flag hex (it may then move)."""
    unit: str

    def label(self) -> str:
        return f"bring in {self.unit}"


@action("nomonhan.blow_bridge")
@dataclass(frozen=True, slots=True)
class BlowBridge(Action):
    def label(self) -> str:
        return "blow the military bridge"


@action("nomonhan.end_phase")
@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    def label(self) -> str:
        return "end movement"


@action("nomonhan.assign")
@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Declare that ``attacker`` takes part in the attack on ``defender``."""
    attacker: str
    defender: str

    def label(self) -> str:
        return f"{self.attacker} attacks {self.defender}"


@action("nomonhan.end_declarations")
@dataclass(frozen=True, slots=True)
class EndDeclarations(Action):
    def label(self) -> str:
        return "resolve attacks" 


@action("nomonhan.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Choose which declared combat (by defender) to resolve next."""
    defender: str

    def label(self) -> str:
        return f"resolve the attack on {self.defender}"


@action("nomonhan.step_loss")
@dataclass(frozen=True, slots=True)
class StepLoss(Action):
    unit: str

    def label(self) -> str:
        return f"{self.unit} loses a step"


@action("nomonhan.retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Action):
    unit: str
    to: str

    def label(self) -> str:
        return f"{self.unit} retreats to {self.to}"


@action("nomonhan.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    unit: str
    to: str

    def label(self) -> str:
        return f"{self.unit} advances to {self.to}"


@action("nomonhan.end_advance")
@dataclass(frozen=True, slots=True)
class EndAdvance(Action):
    def label(self) -> str:
        return "stop advancing"
