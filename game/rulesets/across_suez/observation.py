"""What a seat sees in Across Suez: everything (an open game)."""
from __future__ import annotations

from typing import TypedDict


class UnitView(TypedDict):
    key: str
    side: str
    label: str
    type: str
    firepower: int
    defends_as: int
    ma: int
    hex: str | None
    eliminated: bool
    crossed: bool
    enter: int
    entry: str
    out_of_play: bool


class CombatView(TypedDict):
    defender: str
    attackers: list[str]
    result: str
    supported: bool
    retreating: list[str]
    ee_need: int
    advance_units: list[str]
    advance_hexes: list[str]
    advance_must: bool


class AcrossSuezObservation(TypedDict):
    game: str
    turn: int
    turns: int
    night: bool
    phase: str
    side: str | None
    units: list[UnitView]
    moved: list[str]
    crossed: list[str]
    crossed_this_phase: int
    bridge_deployed: bool
    supports_left: int
    bombarded: list[str]
    declared: list[tuple[str, list[str]]]     # the attack being declared (at most one)
    attacked: list[str]                        # units that attacked this combat phase
    defended: list[str]                        # units attacked this combat phase
    loc_open: bool
    winner: str | None
    reason: str
    combat: CombatView | None
