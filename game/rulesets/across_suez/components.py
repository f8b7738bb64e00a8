"""Across Suez components: frozen dataclasses of plain values, held by esper entities.

Units, the turn marker and the map hexes are entities. The sequence-of-play
state (phase, declared attacks, supports and bombardments used, the combat
being resolved) is a component too, on one "game" entity, so a snapshot of
the world is the whole game.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Unit:
    key: str
    side: str
    label: str
    name: str
    type: str                      # armor | mechanized | cavalry | infantry | bridge
    role: str                      # combined-arms role: "armor" | "infantry" | "" (bridge)
    firepower: int                 # attack and defence [2.6]
    defends_as: int                # the bridge unit defends as 1
    ma: int
    can_attack: bool = True
    is_bridge: bool = False
    enter: int = 0                 # reinforcement turn (0: on the map at start)
    entry: str = ""                # entry hex of a reinforcement


@dataclass(frozen=True, slots=True)
class Position:
    hex: str


@dataclass(frozen=True, slots=True)
class Eliminated:
    turn: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Crossed:
    """Exited the map at 0112 over the canal [11]: never returns."""
    turn: int


@dataclass(frozen=True, slots=True)
class OutOfPlay:
    """Not in this (hand-built) position at all: neither on the map nor due."""


@dataclass(frozen=True, slots=True)
class BridgeDeployed:
    """The bridge unit has been placed in 0112; moving it now loses the game [14.2]."""
    turn: int


@dataclass(frozen=True, slots=True)
class Hex:
    """A map hex as an entity (static terrain)."""
    name: str
    terrain: str
    fort: bool = False


@dataclass(frozen=True, slots=True)
class TurnMarker:
    turn: int


@dataclass(frozen=True, slots=True)
class Combat:
    """The combat being resolved, and what is left to decide about it."""
    defender: str
    attackers: tuple[str, ...]
    attacker_side: str
    defender_hex: str
    attacker_hexes: tuple[str, ...]
    supported: bool = False
    result: str = ""
    retreating: tuple[str, ...] = ()      # units that still must retreat one hex
    ee_need: int = 0                      # Ee: firepower the attacker still must remove
    advance_units: tuple[str, ...] = ()   # who may (or must) advance
    advance_hexes: tuple[str, ...] = ()   # into which vacated hexes
    advance_must: bool = False


@dataclass(frozen=True, slots=True)
class Flow:
    """Where we are in the sequence of play [3]."""
    phase: str          # move | stack_loss | bombard | declare | ee_loss | retreat | advance | over
    side: str           # phasing side
    moved: tuple[str, ...] = ()                # units moved/entered this phase, in order
    spent: tuple[tuple[str, int], ...] = ()    # half-MP spent by moved units
    crossed_now: int = 0                       # units crossed this phase without the bridge
    declared: tuple[tuple[str, tuple[str, ...]], ...] = ()   # the attack being declared: ((defender, attackers),) or ()
    attacked: tuple[str, ...] = ()             # units that have attacked this combat phase [5.3]
    defended: tuple[str, ...] = ()             # units that have been attacked this combat phase [5.4]
    supports_left: int = 0                     # Israeli artillery supports this combat phase [13.4]
    bombarded: tuple[str, ...] = ()            # Egyptian bombardment targets this phase [13.2]
    combat: Combat | None = None
    winner: str | None = None
    reason: str = ""
