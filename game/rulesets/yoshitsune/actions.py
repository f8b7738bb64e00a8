"""義經 actions. Each is chosen from legal_actions() by the seat to move.

Labels are game.core.text Msgs naming areas, generals, clans and cards as players
read them (a Name: 南関東 South Kantō); the names come from the game's data, given
once by the rules at set-up (:func:`register_names`: static, the same for every game)."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action
from game.core.text import Msg, Name

#: key -> Name, for labels: areas and boxes, generals, clans, cards (filled by register_names)
AREAS: dict[str, Name] = {}
GENERALS: dict[str, Name] = {}
CLANS: dict[str, Name] = {}
CARDS: dict[str, Name] = {}


def register_names(areas: dict[str, Name], generals: dict[str, Name], clans: dict[str, Name],
                   cards: dict[str, Name]) -> None:
    """The names labels show (the rules call it when they load their data)."""
    AREAS.update(areas)
    GENERALS.update(generals)
    CLANS.update(clans)
    CARDS.update(cards)


def _n(names: dict[str, Name], key: str) -> Name | str:
    return names.get(key, key)


#: the labels that name nothing (made once)
DONE_CHOOSING = Msg("done choosing")
TURN_CARD = Msg("turn the top card")
USE_LABELS = {"play": Msg("play the card"), "fight": Msg("fight battles"), "pass": Msg("pass")}
PICK_UP = Msg("pick up a retainer")
DROP = Msg("leave a retainer here")
END_MOVE = Msg("end the move")
END_BATTLES = Msg("no more battles")
CONTINUE_BATTLE = Msg("fight another round")
STOP_BATTLE = Msg("break off the battle")


@action("yoshitsune.place")
@dataclass(frozen=True, slots=True)
class Place(Action):
    """Replenishment phase: one retainer of the clan controlling ``area``."""
    area: str

    def label(self) -> str:
        return Msg("replenish {area}", area=_n(AREAS, self.area))


@action("yoshitsune.choose")
@dataclass(frozen=True, slots=True)
class Choose(Action):
    """Deck building: put one card in this turn's deck (secret)."""
    card: str

    def label(self) -> str:
        return Msg("choose card {card}", card=_n(CARDS, self.card))


@action("yoshitsune.done_choosing")
@dataclass(frozen=True, slots=True)
class DoneChoosing(Action):
    def label(self) -> str:
        return DONE_CHOOSING


@action("yoshitsune.turn_card")
@dataclass(frozen=True, slots=True)
class TurnCard(Action):
    def label(self) -> str:
        return TURN_CARD


@action("yoshitsune.use")
@dataclass(frozen=True, slots=True)
class UseCard(Action):
    """``how``: "play" (the card's text), "fight" (seed 8.0 Battle) or "pass"."""
    how: str

    def label(self) -> str:
        return USE_LABELS.get(self.how, self.how)


@action("yoshitsune.pick")
@dataclass(frozen=True, slots=True)
class Pick(Action):
    """Choose the general an event card activates (追討令, 奇襲, 平家水軍)."""
    general: str

    def label(self) -> str:
        return Msg("activate {general}", general=_n(GENERALS, self.general))


@action("yoshitsune.order")
@dataclass(frozen=True, slots=True)
class Order(Action):
    """A general card's action: move, battle, enter, replenish or tribute (seed 9.0)."""
    what: str

    def label(self) -> str:
        return self.what                  # move, battle, ...: marked in rules.WORDS


@action("yoshitsune.target")
@dataclass(frozen=True, slots=True)
class Target(Action):
    """An event card's target: a general, an area, or for 強訴 "move:a>b" / "replenish:a"."""
    target: str

    def label(self) -> str:
        t = self.target
        if t.startswith("move:"):
            frm, to = t[5:].split(">")
            return Msg("target: warrior monks {frm} → {to}", frm=_n(AREAS, frm), to=_n(AREAS, to))
        if t.startswith("replenish:"):
            return Msg("target: warrior monks gather in {area}", area=_n(AREAS, t[10:]))
        return Msg("target {target}", target=GENERALS.get(t) or _n(AREAS, t))


@action("yoshitsune.pick_up")
@dataclass(frozen=True, slots=True)
class PickUp(Action):
    def label(self) -> str:
        return PICK_UP


@action("yoshitsune.drop")
@dataclass(frozen=True, slots=True)
class Drop(Action):
    def label(self) -> str:
        return DROP


@action("yoshitsune.step")
@dataclass(frozen=True, slots=True)
class Step(Action):
    to: str

    def label(self) -> str:
        return Msg("move to {area}", area=_n(AREAS, self.to))


@action("yoshitsune.end_move")
@dataclass(frozen=True, slots=True)
class EndMove(Action):
    def label(self) -> str:
        return END_MOVE


@action("yoshitsune.enter_at")
@dataclass(frozen=True, slots=True)
class EnterAt(Action):
    area: str

    def label(self) -> str:
        return Msg("enter at {area}", area=_n(AREAS, self.area))


@action("yoshitsune.replenish_at")
@dataclass(frozen=True, slots=True)
class ReplenishAt(Action):
    """A Replenish order (seed 9.4): one retainer of ``general``'s clan in ``area``, where he
    stands (with 北条時政's card, 時政 or another general of the user's side, 9.4(2))."""
    area: str
    general: str

    def label(self) -> str:
        return Msg("{general} raises a retainer in {area}", general=_n(GENERALS, self.general),
                   area=_n(AREAS, self.area))


@action("yoshitsune.battle_in")
@dataclass(frozen=True, slots=True)
class BattleIn(Action):
    """Seed 8.0 Battle: fight in ``area`` with ``clan`` as the acting clan."""
    area: str
    clan: str

    def label(self) -> str:
        return Msg("battle in {area} ({clan})", area=_n(AREAS, self.area), clan=_n(CLANS, self.clan))


@action("yoshitsune.end_battles")
@dataclass(frozen=True, slots=True)
class EndBattles(Action):
    def label(self) -> str:
        return END_BATTLES


@action("yoshitsune.commander")
@dataclass(frozen=True, slots=True)
class ChooseCommander(Action):
    clan: str
    general: str

    def label(self) -> str:
        return Msg("{general} commands the {clan}", general=_n(GENERALS, self.general), clan=_n(CLANS, self.clan))


@action("yoshitsune.allocate")
@dataclass(frozen=True, slots=True)
class AllocateHit(Action):
    """Three-clan battle: the acting clan's next hit falls on ``clan``."""
    clan: str

    def label(self) -> str:
        return Msg("a {clan} retainer takes the hit", clan=_n(CLANS, self.clan))


@action("yoshitsune.retreat")
@dataclass(frozen=True, slots=True)
class RetreatTo(Action):
    area: str

    def label(self) -> str:
        return Msg("retreat to {area}", area=_n(AREAS, self.area))


@action("yoshitsune.continue_battle")
@dataclass(frozen=True, slots=True)
class ContinueBattle(Action):
    def label(self) -> str:
        return CONTINUE_BATTLE


@action("yoshitsune.stop_battle")
@dataclass(frozen=True, slots=True)
class StopBattle(Action):
    def label(self) -> str:
        return STOP_BATTLE
