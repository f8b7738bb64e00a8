"""義經 components: frozen dataclasses of plain values, held by esper entities.

Entities (made at set-up, game/rulesets/yoshitsune/rules/setup.py):

- each general: ``General`` (never written) and where he is: ``Location``,
  ``Removed`` or ``OutOfPlay``;
- each map area and the 奥羽 box: ``Area`` (never written) and ``Garrison``
  (retainers by clan; retainer counters are identical, so a count is the whole truth);
- the turn marker (``TurnMarker``) and the Go-Shirakawa marker (``CourtMarker``);
- the 臆病者 and 梶原景時 markers: ``Marker``, and ``MarkerOn`` while placed;
- the sequence of play: ``Flow`` (the phase: what the kernel dispatches on),
  ``DeckBuilding`` and, while they last, ``Replenishment``, ``Act`` (the card
  being used), ``MoveState``, ``Battle`` with its ``Round`` and ``FateQueue``,
  ``StormFate`` and ``RetreatDue``;
- the cards and their zones: entities of game.systems.cards (rules/deck.py).

``Track``, ``Markers`` and ``Cards`` are summaries read from those (tests, the
AI, the client), not components.
"""
from __future__ import annotations

from dataclasses import dataclass


# -- generals ---------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class General:
    key: str
    clan: str
    name: str
    name_local: str
    valour: int
    command: int
    card: str


@dataclass(frozen=True, slots=True)
class Location:
    where: str                      # an area key, "ou" or "waiting_box"


@dataclass(frozen=True, slots=True)
class Removed:
    turn: int


@dataclass(frozen=True, slots=True)
class OutOfPlay:
    """Not in this (hand-built) position at all."""


# -- areas ------------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Area:
    key: str
    supply: int
    base: bool
    sea: bool
    box: bool = False               # the 奥羽 box


@dataclass(frozen=True, slots=True)
class Garrison:
    counts: tuple[tuple[str, int], ...] = ()     # (clan, retainers), sorted, no zeros


# -- markers ----------------------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class TurnMarker:
    """The marker on the turn track [4.0]."""
    turn: int


@dataclass(frozen=True, slots=True)
class CourtMarker:
    """The Go-Shirakawa marker on the court track [5.0]: its space, -3 .. 4."""
    space: int


@dataclass(frozen=True, slots=True)
class Marker:
    """A marker an event card places with a general: "okubyo" (臆病者, G09) or "kajiwara" (梶原景時, G10)."""
    kind: str


@dataclass(frozen=True, slots=True)
class MarkerOn:
    """The general a marker is placed with (absent: the marker is off the map)."""
    general: str


@dataclass(frozen=True, slots=True)
class Track:
    """The turn and the court space (a summary of the two markers, not a component)."""
    turn: int
    court: int                      # Go-Shirakawa index, -3 .. 4


@dataclass(frozen=True, slots=True)
class Markers:
    """Where the two markers are (a summary, not a component; a hand-built position takes one)."""
    okubyo: str | None = None       # 臆病者 on this general
    kajiwara: str | None = None     # 梶原景時 with this general


# -- the sequence of play -----------------------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Flow:
    """The phase: its kind (a decision kind of kinds.py, or a step where nobody decides)
    and who decides; once the game is over, who won and why."""
    phase: str
    seat: str | None
    winner: str | None = None
    reason: str = ""


@dataclass(frozen=True, slots=True)
class Replenishment:
    """The replenishment phase [6.0] under way."""
    queue: tuple[tuple[str, int], ...] = ()     # (side, retainers still to place), first is placing
    placed: tuple[str, ...] = ()                # areas that side has replenished this phase


@dataclass(frozen=True, slots=True)
class DeckBuilding:
    """This turn's deck building [7.0] (the cards themselves are in the zones of
    game.systems.cards). Empty between the adjustment phase and the next build."""
    limits: tuple[tuple[str, int], ...] = ()                  # side -> count (court cards on top)
    done: tuple[str, ...] = ()                                # sides that finished choosing

    def limit(self, side: str) -> int:
        for s, n in self.limits:
            if s == side:
                return n
        return 0


@dataclass(frozen=True, slots=True)
class Cards:
    """A summary of the cards read from the zones (``Yoshitsune.cards()``); not a
    component: the zones are the truth."""
    removed: frozenset[str] = frozenset()                     # out of the game (their general is gone)
    pools: tuple[tuple[str, tuple[str, ...]], ...] = ()       # side -> cards it may choose this turn (public)
    limits: tuple[tuple[str, int], ...] = ()                  # side -> count (court cards on top)
    chosen: tuple[tuple[str, tuple[str, ...]], ...] = ()      # side -> its secret choice (sorted)
    done: tuple[str, ...] = ()                                # sides that finished choosing
    deck: tuple[str, ...] = ()                                # face down, top first: SECRET order
    revealed: tuple[str, ...] = ()                            # turned this turn, in order
    current: str | None = None

    def of(self, field: str, side: str):
        for s, v in getattr(self, field):
            if s == side:
                return v
        return () if field != "limits" else 0


@dataclass(frozen=True, slots=True)
class Act:
    """The turned card being used."""
    card: str
    user: str
    general: str | None = None
    coward_first: bool = False      # 奇襲: the first battle round uses the coward sequence
    fought: tuple[str, ...] = ()    # areas already fought in this 8.0 Battle


@dataclass(frozen=True, slots=True)
class MoveState:
    general: str
    left: int                       # areas still allowed
    party: int = 0                  # retainers of his clan moving with him (counted in his area's garrison)
    adjust: int = 0                 # +1 picked up / -1 dropped in this area (no flip-flopping)
    withdraw: bool = False          # seed 9.1(4): one step to an own-clan area, alone
    need_sea: bool = False          # 平家水軍
    entered_sea: bool = False
    steps: int = 0


@dataclass(frozen=True, slots=True)
class StormFate:
    """H07 暴風雨: generals of clans the storm wiped out, rolling the storm table in turn."""
    area: str
    queue: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Battle:
    """A battle [10.0]: where, the acting clan and player, whether more rounds may be
    fought (seed 9.2(2)), what follows it ("card": the card is done; "areas": the next
    8.0 Battle area), the coward sequence of 奇襲's first round, and the round."""
    area: str
    acting: str                     # acting clan
    side: str                       # acting player (card user)
    many: bool                      # may fight further rounds (seed 9.2(2))
    then: str                       # "card" | "areas"
    coward_first: bool = False
    round: int = 1


@dataclass(frozen=True, slots=True)
class Round:
    """The battle round being fought: each clan's retainers at its start (the acting
    clan first), the commanders chosen so far, the fire's stage, and the acting
    clan's hits still to allocate."""
    start_counts: tuple[tuple[str, int], ...] = ()
    commanders: tuple[tuple[str, str | None], ...] = ()
    stage: str = "commanders"       # commanders | enemies_fire (coward sequence) | fate
    alloc_left: int = 0


@dataclass(frozen=True, slots=True)
class FateQueue:
    """The generals still to roll the leader fate table after a round [10(6)]."""
    generals: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RetreatDue:
    """A general whose fate is retreat, waiting for his player to choose where [10(6), 暴風雨]."""
    general: str
    options: tuple[str, ...] = ()
