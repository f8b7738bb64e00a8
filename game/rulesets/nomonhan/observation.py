"""What a seat sees in Nomonhan: everything (an open game)."""
from __future__ import annotations

from typing import TypedDict


class Score(TypedDict):
    JP: int
    SOV: int


class BridgeView(TypedDict):
    a: str
    b: str
    kind: str
    intact: bool


class UnitView(TypedDict):
    key: str
    side: str
    label: str
    hex: str | None
    steps_lost: int
    max_steps: int
    attack: int
    defense: int
    ma: int
    tank: bool
    eliminated: bool
    enter: int


class CombatView(TypedDict):
    defender: str
    attackers: list[str]
    loser: str
    losses_left: int
    advance_left: int


class NomonhanObservation(TypedDict):
    game: str
    turn: int
    initiative: str
    cycle: int
    idle_cycles: int
    idle_limit: int
    phase: str
    side: str
    score: Score
    bridges: list[BridgeView]
    declared: list[tuple[str, list[str]]]
    units: list[UnitView]
    moved: list[str]
    combat: CombatView | None
