"""日清戰爭 components: frozen dataclasses of plain values, held by esper entities.

Units, the Beiyang fleet, the map state (who controls the cities and ports, the
bridgehead) and the sequence of play (turn, round, phase, command points,
ammunition, the combat being resolved) are entities, so a snapshot of the
world is the whole game.

Where a unit is: a ``Position`` (a hex of the map, or one of the off-map boxes
``incheon``, ``shanhaiguan``, ``laizhou``: boxes are cells of the board), or
``Mobilising`` (in its side's mobilisation box, waiting to be formed [10]),
or ``Removed``; a reinforcement not yet due has none of them.
"""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Unit:
    key: str
    side: str                       # "JP" | "QING"
    type: str                       # a key of data["unit_types"]
    name_local: str
    commander: str = ""
    attack: int = 0                 # front side
    attack_damaged: int = 0
    durability: int = 0
    durability_damaged: int = 0
    ma: int = 0
    garrison: str = ""              # the fortress it may not leave until forced [3.2]
    enter: int = 0                  # reinforcement turn (0: at the start)


@dataclass(frozen=True, slots=True)
class Position:
    hex: str                        # a hex, or an off-map box


@dataclass(frozen=True, slots=True)
class Mobilising:
    """In the side's mobilisation box: must be formed (1 CP) to enter play [10]."""
    since: int = 0


@dataclass(frozen=True, slots=True)
class Damaged:
    """Flipped to its damaged side [4.2]."""


@dataclass(frozen=True, slots=True)
class Released:
    """A garrison that has been forced out by a combat result: free to move [3.2]."""


@dataclass(frozen=True, slots=True)
class Removed:
    turn: int
    reason: str = ""


@dataclass(frozen=True, slots=True)
class OutOfPlay:
    """Not in this (hand-built) position at all."""


@dataclass(frozen=True, slots=True)
class Fleet:
    """The Beiyang fleet [9.1]: in one of its two bases, or gone."""
    hex: str | None
    flipped: bool = False           # after the Battle of the Yellow Sea
    removed: bool = False


@dataclass(frozen=True, slots=True)
class Control:
    """The cities and ports Japan controls [3.4]; every other one is Qing's."""
    jp: frozenset[str] = frozenset()


@dataclass(frozen=True, slots=True)
class Bridgehead:
    """The one bridgehead marker [9.3(5)]: its hex, or None when off the map."""
    hex: str | None = None


@dataclass(frozen=True, slots=True)
class Alloc:
    """One side's damage allocation in a combat, step by step as 7.4 orders it."""
    side: str
    units: tuple[str, ...]          # the side's units in this combat
    hits: int                       # hits still to allocate
    step: str = "flip"              # flip | retreat | remove | done
    done: tuple[str, ...] = ()      # units the current step has been applied to
    bonus: int = 0                  # durability bonus for the whole allocation (a fortress) [7.3(3)]
    log: tuple[tuple[str, str, int], ...] = ()   # (step, unit, hits paid), in order


@dataclass(frozen=True, slots=True)
class Combat:
    """The combat being resolved [7.2-7.5]."""
    hex: str                        # the defenders' hex
    attackers: tuple[str, ...]
    prepared: tuple[str, ...]
    attacker_side: str
    defenders: tuple[str, ...]
    attacker_hexes: tuple[str, ...]
    attack_dice: int = 0
    attack_rolls: tuple[int, ...] = ()
    attack_hits: int = 0            # after modifiers: what the defenders take
    counter_dice: int = 0           # the defenders' own dice (0: no counterfire)
    fleet_dice: int = 0
    counter_rolls: tuple[int, ...] = ()
    counter_hits: int = 0           # after modifiers: what the attackers take
    modifiers: tuple[tuple[str, str, int], ...] = ()   # (target: "attack"|"counter"|"durability", reason, amount)
    stage: str = "defender"         # defender | attacker | advance | done
    defender_alloc: Alloc | None = None
    attacker_alloc: Alloc | None = None
    advanced: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Flow:
    """Where we are in the sequence of play [3.1], and the round's bookkeeping."""
    turn: int
    round: int
    phase: str                      # move | declare | order | allocate | retreat | advance | stack | recover | over
    side: str                       # the side whose player round it is
    first: str = ""                 # the side with the initiative this round [5.1(3)]
    half: int = 0                   # 0: the first player's round, 1: the second's
    cp: tuple[int, int] = (0, 0)    # command points left (JP, QING)
    ammo: tuple[int, int] = (0, 0)  # ammunition track (JP, QING) [2.2(5)]
    activated: frozenset[str] = frozenset()            # units activated this round [5.2(2)]
    moved: tuple[tuple[str, int], ...] = ()            # (unit, MP used) of units that moved this round
    shipped: frozenset[str] = frozenset()              # sea transport or landing this round [9.2(1), 9.3(3)]
    formed: frozenset[str] = frozenset()               # formed this round: no activation [10(4)]
    fleet_moved: bool = False
    declared: tuple[tuple[str, tuple[str, ...], tuple[str, ...]], ...] = ()   # (hex, attackers, prepared)
    attacked: frozenset[str] = frozenset()             # units that attacked this combat phase
    targets: frozenset[str] = frozenset()              # every hex declared for attack this combat phase,
                                                       # resolved or not: no retreat into one [7.5(3)]
    combat: Combat | None = None
    stack_after: str = ""           # the phase to go on with once excess units are removed
    winner: str | None = None
    reason: str = ""
