"""Across Suez actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action


@action("across_suez.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: str

    def label(self) -> str:
        return f"move {self.unit} to {self.to}"


@action("across_suez.enter")
@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Place a due reinforcement on its entry hex (or, if that is controlled by the enemy, next to it)."""
    unit: str
    hex: str

    def label(self) -> str:
        return f"bring in {self.unit} at {self.hex}"


@action("across_suez.cross")
@dataclass(frozen=True, slots=True)
class Cross(Action):
    """Exit the map over the canal at 0112 (Israeli movement phase, not on turn 1)."""
    unit: str

    def label(self) -> str:
        return f"{self.unit} crosses the canal"


@action("across_suez.end_phase")
@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    def label(self) -> str:
        return "end movement"


@action("across_suez.stack_loss")
@dataclass(frozen=True, slots=True)
class StackLoss(Action):
    """End of movement, over-stacked hex: the owner removes this unit [4.4]."""
    unit: str

    def label(self) -> str:
        return f"remove {self.unit} (over-stacked)"


@action("across_suez.bombard")
@dataclass(frozen=True, slots=True)
class Bombard(Action):
    target: str

    def label(self) -> str:
        return f"bombard {self.target}"


@action("across_suez.end_bombardment")
@dataclass(frozen=True, slots=True)
class EndBombardment(Action):
    def label(self) -> str:
        return "no (more) bombardment"


@action("across_suez.assign")
@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Declare that ``attacker`` takes part in the attack on ``defender`` (the first
    names the defender of the next attack; more attackers may join it before it is resolved)."""
    attacker: str
    defender: str

    def label(self) -> str:
        return f"{self.attacker} attacks {self.defender}"


@action("across_suez.end_declarations")
@dataclass(frozen=True, slots=True)
class EndDeclarations(Action):
    """No (more) attacks: the combat phase ends."""
    def label(self) -> str:
        return "end combat"


@action("across_suez.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve the attack just declared on ``defender``, with or without an Israeli artillery support."""
    defender: str
    support: bool = False

    def label(self) -> str:
        return f"resolve the attack on {self.defender}" + (" with artillery support" if self.support else "")


@action("across_suez.ee_loss")
@dataclass(frozen=True, slots=True)
class EeLoss(Action):
    """Exchange: the attacker removes this unit."""
    unit: str

    def label(self) -> str:
        return f"{self.unit} is lost in the exchange"


@action("across_suez.retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Action):
    unit: str
    to: str

    def label(self) -> str:
        return f"{self.unit} retreats to {self.to}"


@action("across_suez.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    unit: str
    to: str

    def label(self) -> str:
        return f"{self.unit} advances to {self.to}"


@action("across_suez.end_advance")
@dataclass(frozen=True, slots=True)
class EndAdvance(Action):
    def label(self) -> str:
        return "do not advance"
