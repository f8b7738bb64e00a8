"""義經 components: frozen dataclasses of plain values, held by esper entities.

Each general is an entity (General + Location, or Removed / OutOfPlay). Each
map area and the 奥羽 box is an entity (Area + Garrison: retainers by clan;
retainer counters are identical, so a count is the whole truth). One "game"
entity holds the sequence of play: Track (turn, court marker), Markers,
DeckBuilding (this turn's card counts), Flow (phase and seat) and, while they
last, Act (the card being used), MoveState and Battle. The cards and their
zones are entities of game.systems.cards (see card_zones in rules.py).
"""
from __future__ import annotations

from dataclasses import dataclass


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


@dataclass(frozen=True, slots=True)
class Track:
    turn: int
    court: int                      # Go-Shirakawa index, -3 .. 4


@dataclass(frozen=True, slots=True)
class Markers:
    okubyo: str | None = None       # 臆病者 on this general
    kajiwara: str | None = None     # 梶原景時 with this general


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
class Flow:
    phase: str          # replenish|build|turn|use|general|pick_general|target|move|enter|replenish_at|
                        # battle_areas|commander|allocate|retreat|continue|over
    seat: str | None
    repl_queue: tuple[tuple[str, int], ...] = ()   # (side, retainers still to place), first is placing
    placed: tuple[str, ...] = ()                   # areas that side has replenished this phase
    winner: str | None = None
    reason: str = ""


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
    general: str | None = None      # waiting for its player to choose a retreat area
    options: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Battle:
    area: str
    acting: str                     # acting clan
    side: str                       # acting player (card user)
    many: bool                      # may fight further rounds (seed 9.2(2))
    then: str                       # "card" | "areas"
    coward_first: bool = False
    round: int = 1
    stage: str = "commanders"
    commanders: tuple[tuple[str, str | None], ...] = ()
    start_counts: tuple[tuple[str, int], ...] = ()
    alloc_left: int = 0
    fate_queue: tuple[str, ...] = ()
    fate_general: str | None = None
    retreat_options: tuple[str, ...] = ()
