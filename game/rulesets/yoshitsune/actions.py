"""義經 actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action


@action("yoshitsune.place")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Replenishment phase: one retainer of the clan controlling ``area``."""
    area: str

    def label(self) -> str:
        return f"replenish {self.area}"


@action("yoshitsune.choose")
@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Deck building: put one card in this turn's deck (secret)."""
    card: str

    def label(self) -> str:
        return f"choose card {self.card}"


@action("yoshitsune.done_choosing")
@dataclass(frozen=True, slots=True)
class DoneChoosing(Action):
    def label(self) -> str:
        return "done choosing"


@action("yoshitsune.turn_card")
@dataclass(frozen=True, slots=True)
class TurnCard(Action):
    def label(self) -> str:
        return "turn the top card"


@action("yoshitsune.use")
@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """``how``: "play" (the card's text), "fight" (seed 8.0 Battle) or "pass"."""
    how: str

    def label(self) -> str:
        return {"play": "play the card", "fight": "fight battles", "pass": "pass"}.get(self.how, self.how)


@action("yoshitsune.pick")
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose the general an event card activates (追討令, 奇襲, 平家水軍)."""
    general: str

    def label(self) -> str:
        return f"activate {self.general}"


@action("yoshitsune.order")
@dataclass(frozen=True, slots=True)
class Order(Action):
    """A general card's action: move, battle, enter, replenish or tribute (seed 9.0)."""
    what: str

    def label(self) -> str:
        return self.what


@action("yoshitsune.target")
@dataclass(frozen=True, slots=True)
class Target(Action):
    """An event card's target: a general, an area, or for 強訴 "move:a>b" / "replenish:a"."""
    target: str

    def label(self) -> str:
        return f"target {self.target}"


@action("yoshitsune.pick_up")
@dataclass(frozen=True, slots=True)
class PickUp(Action):
    def label(self) -> str:
        return "pick up a retainer"


@action("yoshitsune.drop")
@dataclass(frozen=True, slots=True)
class Drop(Action):
    def label(self) -> str:
        return "leave a retainer here"


@action("yoshitsune.step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    to: str

    def label(self) -> str:
        return f"move to {self.to}"


@action("yoshitsune.end_move")
@dataclass(frozen=True, slots=True)
class EndMove(Action):
    def label(self) -> str:
        return "end the move"


@action("yoshitsune.enter_at")
@dataclass(frozen=True, slots=True)
class EnterAt(Action):
    area: str

    def label(self) -> str:
        return f"enter at {self.area}"


@action("yoshitsune.replenish_at")
@dataclass(frozen=True, slots=True)
class ReplenishAt(Action):
    area: str

    def label(self) -> str:
        return f"replenish at {self.area}"


@action("yoshitsune.battle_in")
@dataclass(frozen=True, slots=True)
class BattleIn(Action):
    """Seed 8.0 Battle: fight in ``area`` with ``clan`` as the acting clan."""
    area: str
    clan: str

    def label(self) -> str:
        return f"battle in {self.area} ({self.clan})"


@action("yoshitsune.end_battles")
@dataclass(frozen=True, slots=True)
class EndBattles(Action):
    def label(self) -> str:
        return "no more battles"


@action("yoshitsune.commander")
@dataclass(frozen=True, slots=True)
class ChooseCommander(Action):
    clan: str
    general: str

    def label(self) -> str:
        return f"{self.general} commands the {self.clan}"


@action("yoshitsune.allocate")
@dataclass(frozen=True, slots=True)
class AllocateHit(Action):
    """Three-clan battle: the acting clan's next hit falls on ``clan``."""
    clan: str

    def label(self) -> str:
        return f"a {self.clan} retainer takes the hit"


@action("yoshitsune.retreat")
@dataclass(frozen=True, slots=True)
class RetreatTo(Action):
    area: str

    def label(self) -> str:
        return f"retreat to {self.area}"


@action("yoshitsune.continue_battle")
@dataclass(frozen=True, slots=True)
class ContinueBattle(Action):
    def label(self) -> str:
        return "fight another round"


@action("yoshitsune.stop_battle")
@dataclass(frozen=True, slots=True)
class StopBattle(Action):
    def label(self) -> str:
        return "break off the battle"
