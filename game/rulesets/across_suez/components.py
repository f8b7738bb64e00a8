"""Across Suez components: frozen dataclasses of plain values, held by esper entities.

Every unit is an entity (``Unit``; where it is: ``Position`` on the map,
``Crossed`` across the canal, ``Eliminated``, ``OutOfPlay``, or none while a
reinforcement waits; the bridge unit's ``BridgeDeployed`` once placed in 0112).
Every map hex is an entity (``Hex``: terrain and fort, static). The markers are
entities: the turn marker (``TurnMarker``), the Israeli artillery supports
(``ArtillerySupports``), and the canal crossing (``CanalCrossing``: the box
across the canal with the units in it, and the crossings made this phase). The
sequence of play is the components of one more entity: the phase
(``Phasing``), the units moved (``Moved``), the attack being declared
(``Attack``), the units that fought (``Fought``), the bombardment targets
(``Bombarded``), the combat being resolved (``Combat``) and, at the end, the
``Outcome``; a component that would be empty is absent. A snapshot of the
world is the whole game.
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
class ArtillerySupports:
    """The Israeli artillery supports left in this combat phase [13.4] (a marker)."""
    left: int = 0


@dataclass(frozen=True, slots=True)
class CanalCrossing:
    """The canal crossing at 0112 [11]: the units across the canal (the "Across
    Suez" box, by key), and how many crossed without the bridge this phase [11.1]."""
    crossed: tuple[str, ...] = ()
    this_phase: int = 0


@dataclass(frozen=True, slots=True)
class Phasing:
    """Where we are in the sequence of play [3]: the phase (a decision kind) and the phasing side."""
    phase: str          # move | stack_loss | bombard | declare | ee_loss | retreat | advance | over
    side: str


@dataclass(frozen=True, slots=True)
class Moved:
    """The units moved (or entered, or crossed) this movement phase, in order, and the
    half MP each spent moving."""
    units: tuple[str, ...] = ()
    spent: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class Attack:
    """The attack being declared: its defender and the attackers named so far [6.1]."""
    defender: str
    attackers: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Fought:
    """The units that have attacked [5.3] and been attacked [5.4] this combat phase."""
    attacked: tuple[str, ...] = ()
    defended: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Bombarded:
    """The Egyptian bombardment's targets this combat phase [13.2]."""
    targets: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Outcome:
    """The game is over: who won, and why [14]."""
    winner: str | None
    reason: str
