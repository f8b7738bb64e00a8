"""中原大戰 actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action
from game.core.text import Msg, Name

#: a piece by its code, as the log lines and labels print it (translated by the client)
PIECE_TEXT = {"infantry": Msg("infantry"), "cavalry": Msg("cavalry"), "armoured_train": Msg("armoured_train"),
              "grey_infantry": Msg("grey_infantry"), "grey_cavalry": Msg("grey_cavalry")}
NOTHING = Msg("nothing")
END_COMMANDS, SKIP, END_ATTACK = Msg("end the commands"), Msg("skip"), Msg("end the attack")
STAND = {"retreat": Msg("retreat"), "defend": Msg("defend")}
SACRIFICE_DECK, NO_ADVANCE = Msg("sacrifice the top card of the deck"), Msg("do not advance")


def joined(pieces: tuple[str, ...]) -> str:
    """Piece codes joined by "+" ("infantry+cavalry"), each translatable."""
    out = PIECE_TEXT.get(pieces[0], pieces[0])
    for p in pieces[1:]:
        out = Msg("{a}+{b}", a=out, b=PIECE_TEXT.get(p, p))
    return out


def _pieces(p: tuple[str, ...]) -> str:
    return joined(p) if p else NOTHING


@action("central_plains.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move these pieces (codes) of the commander from ``frm`` to ``to`` along one
    legal path: a move command (then discard 1), or a move a card gives."""
    frm: str
    to: str
    pieces: tuple[str, ...]

    def label(self) -> str:
        return Msg("move {pieces} {frm} → {to}", pieces=_pieces(self.pieces), frm=Name(self.frm), to=Name(self.to))


@action("central_plains.attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack ``battlefield`` from ``origin`` (1 step away): a command (then discard 2)
    or the attack a card gives."""
    origin: str
    battlefield: str

    def label(self) -> str:
        return Msg("attack {battlefield} from {origin}", battlefield=Name(self.battlefield), origin=Name(self.origin))


@action("central_plains.play")
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of the commander whose turn it is (one command)."""
    card: str

    def label(self) -> str:
        return Msg("play {card}", card=Name(self.card))


@action("central_plains.end_commands")
@dataclass(frozen=True, slots=True)
class EndCommands(Action):
    def label(self) -> str:
        return END_COMMANDS


@action("central_plains.discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Pay for a move (1) or an attack (2) with a card from the hand."""
    card: str

    def label(self) -> str:
        return Msg("discard {card}", card=Name(self.card))


@action("central_plains.sacrifice")
@dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    """A lasting card's sacrifice: a card from the hand, or "deck" (its top card)."""
    card: str

    def label(self) -> str:
        return SACRIFICE_DECK if self.card == "deck" else Msg("sacrifice {card}", card=Name(self.card))


@action("central_plains.skip")
@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Leave the rest of a card's move or attack undone."""

    def label(self) -> str:
        return SKIP


@action("central_plains.target")
@dataclass(frozen=True, slots=True)
class Target(Action):
    """A card's choice: a stronghold, a commander, a rail link, or "STRONGHOLD/COMMANDER"."""
    target: str

    def label(self) -> str:
        return Msg("choose {target}", target=Name(self.target))


@action("central_plains.name")
@dataclass(frozen=True, slots=True)
class NameDefender(Action):
    """The attacker names the enemy commander in the battlefield he attacks."""
    commander: str

    def label(self) -> str:
        return Msg("attack {commander}", commander=Name(self.commander))


@action("central_plains.end_attack")
@dataclass(frozen=True, slots=True)
class EndAttack(Action):
    """After a retreat: name nobody else."""

    def label(self) -> str:
        return END_ATTACK


@action("central_plains.stand")
@dataclass(frozen=True, slots=True)
class Stand(Action):
    """The named defender: "retreat" or "defend"."""
    choice: str

    def label(self) -> str:
        return STAND.get(self.choice, self.choice)


@action("central_plains.retreat")
@dataclass(frozen=True, slots=True)
class RetreatPiece(Action):
    piece: str
    to: str

    def label(self) -> str:
        return Msg("retreat {piece} to {to}", piece=PIECE_TEXT.get(self.piece, self.piece), to=Name(self.to))


@action("central_plains.remove")
@dataclass(frozen=True, slots=True)
class RemovePiece(Action):
    """Take a piece off as a loss."""
    at: str
    piece: str

    def label(self) -> str:
        return Msg("remove {piece} at {at}", piece=PIECE_TEXT.get(self.piece, self.piece), at=Name(self.at))


@action("central_plains.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    """After the battlefield is cleared: move these pieces from the origin into it (none: stay)."""
    pieces: tuple[str, ...]

    def label(self) -> str:
        return Msg("advance {pieces}", pieces=joined(self.pieces)) if self.pieces else NO_ADVANCE
