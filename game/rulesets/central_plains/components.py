"""中原大戰 components: frozen dataclasses of plain values, held by esper entities.

The entities (see rules/setup.py):

* each stronghold of the map: :class:`Stronghold` (name, terrain, whose HQ), never
  written after set-up, so shared by every copy of the game; the map's tables
  (terrain, HQs) are read from these entities;
* each piece (counter), on the map or in the box: :class:`Piece` (its code),
  :class:`Owner` (the commander it fights for; a grey piece has one only while on
  the map, the commander who placed it) and :class:`At` (the stronghold it stands
  on; none in the box);
* each commander: his :class:`Tracks` (morale, troops, funds markers);
* the turn marker: :class:`Turn` (round, whose turn, the turn's phase);
* the marker of each lasting card that marks a stronghold or a link (DEFEND,
  CUT_RAIL): :class:`Marker`, with :class:`MarkedAt` while the card has marked one;
* the game: :class:`Ask` (the decision awaited: the phase the kernel dispatches on)
  and, while they last, :class:`Cost` (a command waiting for its discards),
  :class:`Effects` (a card's effect being carried out), :class:`Battle` and
  :class:`Loss`; :class:`LastBattle` keeps the totals of the last battle for the
  players to read; :class:`Over` ends the game.

The cards are in the zones of game.systems.cards (see rules/decks.py).
"""
from __future__ import annotations

from dataclasses import dataclass

#: a piece as the rules read a stack: (commander controlling it, code); codes "infantry", "cavalry",
#: "armoured_train", and "grey_infantry" / "grey_cavalry" for a neutral general's troops (controlled by
#: the commander who resolved him)
PieceView = tuple[str, str]


@dataclass(frozen=True, slots=True)
class Stronghold:
    """A point of the map (a region entity, never changed after set-up)."""
    name: str
    terrain: str                            # its combat modifier (data combat.terrain)
    hq: str = ""                            # the commander whose HQ it is, or ""


@dataclass(frozen=True, slots=True)
class Piece:
    """A piece's counter: its code (never changes)."""
    code: str                               # infantry | cavalry | armoured_train | grey_infantry | grey_cavalry


@dataclass(frozen=True, slots=True)
class Owner:
    """The commander a piece fights for (a grey piece: the commander who placed it, while on the map)."""
    commander: str


@dataclass(frozen=True, slots=True)
class At:
    """The stronghold a piece stands on (a piece without one is in the box, off the map)."""
    stronghold: str


@dataclass(frozen=True, slots=True)
class Marker:
    """The marker of a lasting card that marks a stronghold (DEFEND) or a rail link (CUT_RAIL)."""
    card: str


@dataclass(frozen=True, slots=True)
class MarkedAt:
    """Where a card's marker lies while the card is in play: a stronghold or a link name."""
    target: str


@dataclass(frozen=True, slots=True)
class Tracks:
    morale: int
    troops: int
    funds: int


@dataclass(frozen=True, slots=True)
class Turn:
    round: int
    index: int                              # into the turn order 李 → 蔣 → 閻 → 何 → 馮
    commander: str
    phase: str                              # upkeep | counters | commands | refill
    commands: int = 0                       # commands left this turn
    todo: tuple[str, ...] = ()              # phase 2: lasting / dispatch cards still to check


@dataclass(frozen=True, slots=True)
class Ask:
    """The decision the game waits for (written when the automatic steps stop)."""
    kind: str
    seat: str
    prompt: str = ""


@dataclass(frozen=True, slots=True)
class Over:
    winner: str | None                      # a camp, or None (a draw at the round limit)
    reason: str


@dataclass(frozen=True, slots=True)
class Marks:
    """What the lasting cards chose on play, read from their markers (not a component):
    card -> a stronghold (DEFEND) or a link name (CUT_RAIL)."""
    marks: tuple[tuple[str, str], ...] = ()

    def of(self, card: str) -> str | None:
        for c, t in self.marks:
            if c == card:
                return t
        return None


@dataclass(frozen=True, slots=True)
class Cost:
    """A move or attack command chosen, waiting for its discards (seed 6(1), 6(2))."""
    command: str                            # "move" | "attack"
    left: int                               # cards still to discard
    frm: str
    to: str
    pieces: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Op:
    """One op of a card effect: the card and where in its effect ('on_play', 2) or
    ('on_play', 0, 'on_win', 0); ``n`` replaces the op's n (the rest of a SUPPORT)."""
    card: str
    path: tuple
    n: int | None = None


@dataclass(frozen=True, slots=True)
class Effects:
    """A card's effect being carried out, op by op (§6.1 'X, then Y')."""
    commander: str
    card: str
    then: str                               # what becomes of the card after: discard | keep | remove | none
    queue: tuple[Op, ...] = ()
    step: str = ""                          # the head op's stage ("" = not started)
    left: int = 0                           # moves / pieces / support points still to do
    where: str | None = None                # a raid's stop
    placed: str | None = None               # where this effect last placed pieces ('from: placed')
    struck: str | None = None               # the commander the last op struck ('target: same')


@dataclass(frozen=True, slots=True)
class Battle:
    attacker: str
    origin: str
    battlefield: str
    stage: str = "name"                     # name | stand | retreat | resolve | after | advance
    defender: str | None = None
    op: Op | None = None                    # the card attack (its bonus, 'instead' and 'on_win')
    bonus: int = 0                          # the bonus of an op without 'instead'
    retreated: tuple[str, ...] = ()         # commanders who retreated from it
    margin: int | None = None               # attacker total - defender total, once fought


@dataclass(frozen=True, slots=True)
class Loss:
    """Troop losses being taken (seed 7(3)): ``left`` units of ``commander`` at ``at``
    (overflow onto allies there); ``remove`` pieces the ``victim`` must take off now
    (at ``at``, or anywhere when ``at`` is None: ENEMY_TROOPS)."""
    commander: str
    at: str | None
    left: int = 0
    victim: str | None = None
    remove: int = 0


@dataclass(frozen=True, slots=True)
class Side:
    """One side's total in a battle, broken down (seed 7)."""
    commander: str
    pieces: int
    morale: int
    card: int                               # ATTACK +k of the card that made the attack
    lasting: int                            # ATTACK_ALL (attacker) / DEFEND (defender) of cards in play
    terrain: int
    dice: tuple[int, ...]
    total: int


@dataclass(frozen=True, slots=True)
class LastBattle:
    origin: str
    battlefield: str
    attack: Side
    defence: Side
    loser: str | None
    losses: int
