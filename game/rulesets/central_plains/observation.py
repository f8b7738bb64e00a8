"""What a seat sees in 中原大戰: the whole board and every track, how many cards
each player holds and has in his deck (never which, never the order), the face-up
discard piles, the cards in play with the number of counter cards under each,
the neutral pile's top card and size (never the order below it) with each camp's
support on the active general (never which cards), the battle being fought and the totals of the last one; and its own hand."""
from __future__ import annotations

from typing import TypedDict


class TrackView(TypedDict):
    morale: int
    troops: int
    funds: int


class InPlayView(TypedDict):
    card: str
    counters: int
    mark: str | None


class BattleView(TypedDict):
    attacker: str
    origin: str
    battlefield: str
    stage: str
    defender: str | None
    card: str | None
    retreated: list[str]


class SideView(TypedDict):
    commander: str
    pieces: int
    morale: int
    card: int
    lasting: int
    terrain: int
    dice: list[int]
    total: int


class LastBattleView(TypedDict):
    origin: str
    battlefield: str
    loser: str | None
    losses: int
    attack: SideView
    defence: SideView


class EffectView(TypedDict):
    commander: str
    card: str
    op: str | None
    step: str
    left: int


class CostView(TypedDict):
    command: str
    left: int
    frm: str
    to: str


class LossView(TypedDict):
    commander: str
    at: str | None
    left: int
    victim: str | None
    remove: int


class NeutralView(TypedDict):
    top: str | None          # the active general, face up
    count: int               # cards in the pile (the top one included); their order below is not seen


class CentralPlainsObservation(TypedDict):
    game: str
    players: int
    seats: dict[str, list[str]]
    seat: str
    round: int
    turn_index: int
    commander: str
    phase: str
    commands_left: int
    decision: str | None
    to_move: str | None
    stacks: dict[str, list[list[str]]]
    tracks: dict[str, TrackView]
    hands: dict[str, int]
    hand_limits: dict[str, int]
    decks: dict[str, int]
    discards: dict[str, list[str]]
    in_play: dict[str, list[InPlayView]]
    neutral: NeutralView
    support: dict[str, int]
    removed: list[str]
    cut: list[str]
    battle: BattleView | None
    last_battle: LastBattleView | None
    effect: EffectView | None
    cost: CostView | None
    loss: LossView | None
    winner: str | None
    reason: str
    my_hand: list[str]
