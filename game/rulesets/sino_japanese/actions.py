"""日清戰爭 actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action
from game.core.text import Msg

# the labels without values, made once (game.core.text: the client shows them in the player's language)
_LIFT = Msg("take up the bridgehead")
_END_MOVEMENT = Msg("end movement (store the rest as ammunition)")
_END_DECLARATIONS = Msg("resolve the attacks")
_END_ADVANCE = Msg("no (more) advance")
_END_RECOVERY = Msg("end the round")
_CONCEDE = Msg("concede the war")


# -- movement phase [5.2, 6, 9, 10] ------------------------------------------------------
@action("sino_japanese.activate")
@dataclass(frozen=True, slots=True)
class Activate(Action):
    """Spend 1 command point: the unit may move and attack this round [5.2(1)]."""
    unit: str

    def label(self) -> str:
        return Msg("activate {unit}", unit=self.unit)


@action("sino_japanese.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move an activated unit (a unit not yet activated is activated first, for 1 CP) [6.1]."""
    unit: str
    to: str

    def label(self) -> str:
        return Msg("move {unit} to {to}", unit=self.unit, to=self.to)


@action("sino_japanese.form")
@dataclass(frozen=True, slots=True)
class Form(Action):
    """Form a unit from the mobilisation box into an off-map box, for 1 CP [10]."""
    unit: str
    box: str

    def label(self) -> str:
        return Msg("form {unit} in {box}", unit=self.unit, box=self.box)


@action("sino_japanese.ship")
@dataclass(frozen=True, slots=True)
class Ship(Action):
    """Sea transport to another port the side controls, for 2 CP [9.2]."""
    unit: str
    to: str

    def label(self) -> str:
        return Msg("ship {unit} to {to}", unit=self.unit, to=self.to)


@action("sino_japanese.land")
@dataclass(frozen=True, slots=True)
class Land(Action):
    """Japan: a landing from a red port, for 3 CP [9.3]."""
    unit: str
    to: str

    def label(self) -> str:
        return Msg("land {unit} at {to}", unit=self.unit, to=self.to)


@action("sino_japanese.lift_bridgehead")
@dataclass(frozen=True, slots=True)
class LiftBridgehead(Action):
    """Japan takes the bridgehead marker off the map [9.3(5)]."""

    def label(self) -> str:
        return _LIFT


@action("sino_japanese.move_fleet")
@dataclass(frozen=True, slots=True)
class MoveFleet(Action):
    """Qing: the Beiyang fleet goes to its other base, without command points [9.1(1)]."""
    to: str

    def label(self) -> str:
        return Msg("Beiyang fleet to {to}", to=self.to)


@action("sino_japanese.end_movement")
@dataclass(frozen=True, slots=True)
class EndMovement(Action):
    def label(self) -> str:
        return _END_MOVEMENT


# -- combat phase [7] ----------------------------------------------------------------------
@action("sino_japanese.declare")
@dataclass(frozen=True, slots=True)
class Declare(Action):
    """``unit`` attacks the units in ``hex``; ``prepared``: a prepared attack (x1.5, double ammunition) [7.6]."""
    unit: str
    hex: str
    prepared: bool = False

    def label(self) -> str:
        if self.prepared:
            return Msg("{unit} prepares an attack on {hex}", unit=self.unit, hex=self.hex)
        return Msg("{unit} attacks {hex}", unit=self.unit, hex=self.hex)


@action("sino_japanese.end_declarations")
@dataclass(frozen=True, slots=True)
class EndDeclarations(Action):
    def label(self) -> str:
        return _END_DECLARATIONS


@action("sino_japanese.resolve")
@dataclass(frozen=True, slots=True)
class Resolve(Action):
    """Resolve the declared attack on ``hex`` next [7.1(2)]."""
    hex: str

    def label(self) -> str:
        return Msg("resolve the attack on {hex}", hex=self.hex)


@action("sino_japanese.flip")
@dataclass(frozen=True, slots=True)
class Flip(Action):
    """Damage allocation step 1: this unit takes hits equal to its durability and flips [7.4(2)]."""
    unit: str

    def label(self) -> str:
        return Msg("{unit} is damaged", unit=self.unit)


@action("sino_japanese.retreat")
@dataclass(frozen=True, slots=True)
class Retreat(Action):
    """Damage allocation step 2: this unit takes 1 hit and retreats one hex [7.4(2), 7.5]."""
    unit: str
    to: str

    def label(self) -> str:
        return Msg("{unit} retreats to {to}", unit=self.unit, to=self.to)


@action("sino_japanese.remove")
@dataclass(frozen=True, slots=True)
class Remove(Action):
    """Damage allocation step 3: this damaged unit takes hits equal to its durability and is removed."""
    unit: str

    def label(self) -> str:
        return Msg("{unit} is removed", unit=self.unit)


@action("sino_japanese.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    """An attacking unit enters the hex the defenders left [7.5(5)]."""
    unit: str

    def label(self) -> str:
        return Msg("{unit} advances", unit=self.unit)


@action("sino_japanese.end_advance")
@dataclass(frozen=True, slots=True)
class EndAdvance(Action):
    def label(self) -> str:
        return _END_ADVANCE


@action("sino_japanese.remove_excess")
@dataclass(frozen=True, slots=True)
class RemoveExcess(Action):
    """Over the stacking limit: the owner removes this unit [4.4(2)]."""
    unit: str

    def label(self) -> str:
        return Msg("remove {unit} (over-stacked)", unit=self.unit)


# -- recovery phase [8] ----------------------------------------------------------------------
@action("sino_japanese.recover")
@dataclass(frozen=True, slots=True)
class Recover(Action):
    unit: str

    def label(self) -> str:
        return Msg("{unit} recovers (1 ammunition)", unit=self.unit)


@action("sino_japanese.end_recovery")
@dataclass(frozen=True, slots=True)
class EndRecovery(Action):
    def label(self) -> str:
        return _END_RECOVERY


# -- any time [12.1] -----------------------------------------------------------------------------
@action("sino_japanese.concede")
@dataclass(frozen=True, slots=True)
class Concede(Action):
    """The side to move gives up: the other side wins [12.1]."""
    resigns = True

    def label(self) -> str:
        return _CONCEDE
