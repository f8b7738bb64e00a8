"""Nomonhan components: frozen dataclasses of plain values, held by esper entities.

Units, the turn marker, the bridges and the map hexes are entities. The
sequence-of-play state (phase, declared attacks, the combat being resolved)
is a component too, on one "game" entity, so a snapshot of the world is the
whole game.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Unit:
    key: str
    side: str
    label: str
    name: str
    type: str
    tank: bool                     # silhouette counter: 2 VP per step
    attack: tuple[int, ...]        # by steps lost: (front, back)
    defense: tuple[int, ...]
    ma: int
    crosses_military_bridge: bool
    support_range: int = 0         # artillery
    enter: int = 0                 # reinforcement turn (0: on the map at start)

    @property
    def max_steps(self) -> int:
        return len(self.attack)


@dataclass(frozen=True, slots=True)
class Position:
    hex: str


@dataclass(frozen=True, slots=True)
class Steps:
    lost: int = 0


@dataclass(frozen=True, slots=True)
class Eliminated:
    turn: int


@dataclass(frozen=True, slots=True)
class OutOfPlay:
    """Not in this (hand-built) position at all: neither on the map nor due."""


@dataclass(frozen=True, slots=True)
class Hex:
    """A map hex as an entity (static terrain)."""
    name: str
    terrain: str


@dataclass(frozen=True, slots=True)
class Bridge:
    a: str
    b: str
    kind: str                       # "permanent" | "military"
    name: str
    intact: bool = True
    blow_from: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class TurnMarker:
    turn: int
    initiative: str                 # side holding the initiative (face up)
    cycle: int = 0                  # completed initiative cycles this turn
    idle: int = 0                   # of those, the last ones in a row in which nothing was lost or retreated


@dataclass(frozen=True, slots=True)
class Score:
    JP: int = 0
    SOV: int = 0


@dataclass(frozen=True, slots=True)
class Combat:
    defender: str
    attackers: tuple[str, ...]
    loser: str = ""                 # side taking losses
    losses_left: int = 0
    losses_taken: int = 0
    loser_units: tuple[str, ...] = ()
    winner_units: tuple[str, ...] = ()
    vacated: bool = False           # a loser unit left its combat hex
    advance_left: int = 0
    trail: tuple[tuple[str, tuple[str, ...]], ...] = ()   # loser unit -> the hexes it stood in this combat

    @property
    def losses(self) -> int:
        """The losses the combat imposed (the difference in hits), taken or not."""
        return self.losses_left + self.losses_taken

    def stood_in(self, key: str) -> tuple[str, ...]:
        return dict(self.trail).get(key, ())


@dataclass(frozen=True, slots=True)
class Flow:
    """Where we are in the sequence of play."""
    phase: str                      # "move" | "declare" | "order" | "loss" | "advance" | "over"
    side: str                       # phasing side
    half: int = 0                   # 0: initiative side's phases, 1: the other side's
    moved: frozenset[str] = frozenset()
    declared: tuple[tuple[str, tuple[str, ...]], ...] = ()   # (defender, attackers) in declaration order
    combat: Combat | None = None
    turn_ends: bool = False         # the initiative side lost: end the turn after this combat
    eventful: bool = False          # a unit lost a step or retreated in this cycle (see TurnMarker.idle)
    winner: str | None = None
    reason: str = ""
