"""中原大戰 actions. Each is chosen from legal_actions() by the seat to move."""
from __future__ import annotations

from dataclasses import dataclass

from game.core.actions import Action, action


def _pieces(p: tuple[str, ...]) -> str:
    return "+".join(p) if p else "nothing"


@action("central_plains.move")
@dataclass(frozen=True, slots=True)
class Move(Action):
    """Move these pieces (codes) of the commander from ``frm`` to ``to`` along one
    legal path: a move command (then discard 1), or a move a card gives."""
    frm: str
    to: str
    pieces: tuple[str, ...]

    def label(self) -> str:
        return f"move {_pieces(self.pieces)} {self.frm} → {self.to}"


@action("central_plains.attack")
@dataclass(frozen=True, slots=True)
class Attack(Action):
    """Attack ``battlefield`` from ``origin`` (1 step away): a command (then discard 2)
    or the attack a card gives."""
    origin: str
    battlefield: str

    def label(self) -> str:
        return f"attack {self.battlefield} from {self.origin}"


@action("central_plains.play")
@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play a card of the commander whose turn it is (one command)."""
    card: str

    def label(self) -> str:
        return f"play {self.card}"


@action("central_plains.end_commands")
@dataclass(frozen=True, slots=True)
class EndCommands(Action):
    def label(self) -> str:
        return "end the commands"


@action("central_plains.discard")
@dataclass(frozen=True, slots=True)
class Discard(Action):
    """Pay for a move (1) or an attack (2) with a card from the hand."""
    card: str

    def label(self) -> str:
        return f"discard {self.card}"


@action("central_plains.sacrifice")
@dataclass(frozen=True, slots=True)
class Sacrifice(Action):
    """A lasting card's sacrifice: a card from the hand, or "deck" (its top card)."""
    card: str

    def label(self) -> str:
        return "sacrifice the top card of the deck" if self.card == "deck" else f"sacrifice {self.card}"


@action("central_plains.skip")
@dataclass(frozen=True, slots=True)
class Skip(Action):
    """Leave the rest of a card's move or attack undone."""

    def label(self) -> str:
        return "skip"


@action("central_plains.target")
@dataclass(frozen=True, slots=True)
class Target(Action):
    """A card's choice: a stronghold, a commander, a rail link, or "STRONGHOLD/COMMANDER"."""
    target: str

    def label(self) -> str:
        return f"choose {self.target}"


@action("central_plains.name")
@dataclass(frozen=True, slots=True)
class NameDefender(Action):
    """The attacker names the enemy commander in the battlefield he attacks."""
    commander: str

    def label(self) -> str:
        return f"attack {self.commander}"


@action("central_plains.end_attack")
@dataclass(frozen=True, slots=True)
class EndAttack(Action):
    """After a retreat: name nobody else."""

    def label(self) -> str:
        return "end the attack"


@action("central_plains.stand")
@dataclass(frozen=True, slots=True)
class Stand(Action):
    """The named defender: "retreat" or "defend"."""
    choice: str

    def label(self) -> str:
        return self.choice


@action("central_plains.retreat")
@dataclass(frozen=True, slots=True)
class RetreatPiece(Action):
    piece: str
    to: str

    def label(self) -> str:
        return f"retreat {self.piece} to {self.to}"


@action("central_plains.remove")
@dataclass(frozen=True, slots=True)
class RemovePiece(Action):
    """Take a piece off as a loss."""
    at: str
    piece: str

    def label(self) -> str:
        return f"remove {self.piece} at {self.at}"


@action("central_plains.advance")
@dataclass(frozen=True, slots=True)
class Advance(Action):
    """After the battlefield is cleared: move these pieces from the origin into it (none: stay)."""
    pieces: tuple[str, ...]

    def label(self) -> str:
        return f"advance {_pieces(self.pieces)}" if self.pieces else "do not advance"
