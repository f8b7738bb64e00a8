"""Across Suez actions. Each is chosen from legal_actions() by the seat to move.

Each class also says how a person picks it (game.core.picks: ``picks``, ``light``,
``button``, ``main``); the client's one interaction layer reads them."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action
from game.core.picks import ADVANCE, ATTACK, CELL, MOVE, RESOLVE, RETREAT, Pick
from game.core.text import Msg, Name

# labels: game.core.text Msg (unit keys as Name, shown as they are); the constant ones made once
_END_MOVEMENT = Msg("end movement")
_NO_BOMBARDMENT = Msg("no (more) bombardment")
_END_COMBAT = Msg("end combat")
_NO_ADVANCE = Msg("do not advance")


@action("across_suez.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    unit: str
    to: str

    picks = (Pick("unit"), Pick("to", CELL))
    light = MOVE

    def label(self) -> str:
        return Msg("move {unit} to {to}", unit=Name(self.unit), to=self.to)


@action("across_suez.enter")
@dataclass(frozen=True, slots=True)
class Enter(Action):
    """Place a due reinforcement on its entry hex (or, if that is controlled by the enemy, next to it)."""
    unit: str
    hex: str

    #: click a lit entry hex (the first reinforcement due there comes in), or its button
    picks = (Pick("hex", CELL),)
    light = ADVANCE
    button = True

    def label(self) -> str:
        return Msg("bring in {unit} at {hex}", unit=Name(self.unit), hex=self.hex)


@action("across_suez.cross")
@dataclass(frozen=True, slots=True)
class Cross(Action):
    """Exit the map over the canal at 0112 (Israeli movement phase, not on turn 1)."""
    unit: str

    #: the unit, then the crossing hex (or the button, or the ACROSS box: the client's own panel)
    picks = (Pick("unit"), Pick("at", CELL))
    light = RESOLVE
    button = True

    @property
    def at(self) -> str:
        """Where the unit exits: the crossing hex (data.json "crossing")."""
        from .rules.data import load_data           # (here: the rules import this module)
        return load_data()["crossing"]["hex"]

    def label(self) -> str:
        return Msg("{unit} crosses the canal", unit=Name(self.unit))


@action("across_suez.end_phase")
@dataclass(frozen=True, slots=True)
class EndPhase(Action):
    main = True                     # the movement phase's main button

    def label(self) -> str:
        return _END_MOVEMENT


@action("across_suez.stack_loss")
@dataclass(frozen=True, slots=True)
class StackLoss(Action):
    """End of movement, over-stacked hex: the owner removes this unit [4.4]. Chosen by its
    button only (no picks): a click on the over-stacked hex removes nobody."""
    unit: str
    button = True

    def label(self) -> str:
        return Msg("remove {unit} (over-stacked)", unit=Name(self.unit))


@action("across_suez.bombard")
@dataclass(frozen=True, slots=True)
class Bombard(Action):
    target: str

    picks = (Pick("target"),)
    light = ATTACK
    button = True

    def label(self) -> str:
        return Msg("bombard {unit}", unit=Name(self.target))


@action("across_suez.end_bombardment")
@dataclass(frozen=True, slots=True)
class EndBombardment(Action):
    main = True

    def label(self) -> str:
        return _NO_BOMBARDMENT


@action("across_suez.assign")
@dataclass(frozen=True, slots=True)
class Assign(Action):
    """Declare that ``attacker`` takes part in the attack on ``defender`` (the first
    names the defender of the next attack; more attackers may join it before it is resolved)."""
    attacker: str
    defender: str

    picks = (Pick("attacker"), Pick("defender"))
    light = ATTACK

    def label(self) -> str:
        return Msg("{attacker} attacks {defender}", attacker=Name(self.attacker), defender=Name(self.defender))


@action("across_suez.end_declarations")
@dataclass(frozen=True, slots=True)
class EndDeclarations(Action):
    """No (more) attacks: the combat phase ends."""
    main = True

    def label(self) -> str:
        return _END_COMBAT


@action("across_suez.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve the attack just declared on ``defender``, with or without an Israeli artillery support."""
    defender: str
    support: bool = False

    #: a click on the defender resolves it without support (listed first); the buttons offer both
    picks = (Pick("defender"),)
    light = RESOLVE
    button = True
    main = True                     # Space resolves the attack declared (without support)

    def label(self) -> str:
        if self.support:
            return Msg("resolve the attack on {defender} with artillery support", defender=Name(self.defender))
        return Msg("resolve the attack on {defender}", defender=Name(self.defender))


@action("across_suez.ee_loss")
@dataclass(frozen=True, slots=True)
class EeLoss(Action):
    """Exchange: the attacker removes this unit."""
    unit: str

    picks = (Pick("unit"),)
    light = ATTACK
    button = True

    def label(self) -> str:
        return Msg("{unit} is lost in the exchange", unit=Name(self.unit))


@action("across_suez.retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Action):
    unit: str
    to: str

    picks = (Pick("unit"), Pick("to", CELL))
    light = RETREAT

    def label(self) -> str:
        return Msg("{unit} retreats to {to}", unit=Name(self.unit), to=self.to)


@action("across_suez.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    unit: str
    to: str

    picks = (Pick("unit"), Pick("to", CELL))
    light = ADVANCE

    def label(self) -> str:
        return Msg("{unit} advances to {to}", unit=Name(self.unit), to=self.to)


@action("across_suez.end_advance")
@dataclass(frozen=True, slots=True)
class EndAdvance(Action):
    main = True

    def label(self) -> str:
        return _NO_ADVANCE
