"""What a seat sees in 日清戰爭: everything (an open game)."""
from __future__ import annotations

from typing import TypedDict


class Sides(TypedDict):
    JP: int
    QING: int


class UnitView(TypedDict):
    key: str
    side: str
    type: str
    name_local: str
    commander: str
    cell: str | None                # a hex or an off-map box; None off the map
    in_box: bool
    damaged: bool
    removed: bool
    mobilising: bool                # in the side's mobilisation box [10]
    out_of_play: bool
    enter: int
    attack: int
    durability: int
    ma: int
    garrison: str                   # the fortress it may not leave (until forced out), else ""
    activated: bool
    mp_used: int
    moved: bool
    shipped: bool                   # sea transport or landing this round
    formed: bool
    supplied: bool | None           # None when not on the map


class FleetView(TypedDict):
    hex: str | None
    flipped: bool
    removed: bool


class VPParts(TypedDict):
    cities: int
    fleet: int
    units_lost: int


class AllocView(TypedDict):
    side: str
    units: list[str]
    hits: int
    step: str
    bonus: int
    log: list[list]                 # [step, unit, hits paid]


class CombatView(TypedDict):
    hex: str
    attackers: list[str]
    prepared: list[str]
    attacker_side: str
    defenders: list[str]
    attack_dice: int
    attack_rolls: list[int]
    attack_hits: int
    counter_dice: int
    fleet_dice: int
    counter_rolls: list[int]
    counter_hits: int
    modifiers: list[list]           # [target, reason, amount]
    stage: str
    defender_alloc: AllocView | None
    attacker_alloc: AllocView | None
    advanced: list[str]


class SinoJapaneseObservation(TypedDict):
    game: str
    turn: int
    turns: int
    round: int
    rounds: int
    phase: str
    side: str
    first: str
    cp: Sides
    ammo: Sides
    units: list[UnitView]
    fleet: FleetView
    jp_control: list[str]
    bridgehead: str | None
    vp: int
    vp_parts: VPParts
    declared: list[list]            # [hex, attackers, prepared]
    fleet_moved: bool
    winner: str | None
    reason: str
    combat: CombatView | None
