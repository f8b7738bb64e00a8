"""What a seat sees in 義經: the public board and tracks, the number of cards
each side chose (never which), the deck's size (never its order), and its own
choice."""
from __future__ import annotations

from typing import TypedDict


class Markers(TypedDict):
    okubyo: str | None
    kajiwara: str | None


class GeneralView(TypedDict):
    where: str | None
    removed: bool
    clan: str


class CardsView(TypedDict):
    removed: list[str]
    pools: dict[str, list[str]]
    limits: dict[str, int]
    chosen_counts: dict[str, int]
    done: list[str]
    deck_size: int
    revealed: list[str]
    current: str | None


class ActView(TypedDict):
    card: str
    user: str
    general: str | None
    fought: list[str]


class MoveView(TypedDict):
    general: str
    left: int
    party: int
    withdraw: bool


class BattleView(TypedDict):
    area: str
    acting: str
    side: str
    round: int
    commanders: dict[str, str | None]
    alloc_left: int


class YoshitsuneObservation(TypedDict):
    game: str
    turn: int
    court: int
    court_friendly: str | None
    phase: str
    seat: str | None
    repl_queue: list[list[str | int]]
    placed: list[str]
    markers: Markers
    areas: dict[str, dict[str, int]]
    control: dict[str, str | None]
    generals: dict[str, GeneralView]
    cards: CardsView
    act: ActView | None
    move: MoveView | None
    battle: BattleView | None
    winner: str | None
    reason: str
    my_chosen: list[str]
    my_cards_in_deck: list[str]
