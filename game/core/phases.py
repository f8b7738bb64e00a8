"""The sequence of play as data: a game is a table of phases, and the kernel
dispatches to the current one, the same way in every game.

A :class:`Phase` is one step of a rulebook's sequence of play, named by its
decision kind (a constant of the ruleset: ``MOVE = "move"``): who must decide
in it and what they are asked (``decision``), what they may choose
(``legal``) and, for each type of action, the handler that carries it out
(``on``). A ruleset lists its phases once::

    PHASES = phase_table(
        Phase(MOVE, legal=Movement.legal_moves, decision=Sequence.ask,
              on={Move: Movement.do_move, EndPhase: Sequence.end_movement}),
        Phase(LOSS, ...),
        over(OVER),
    )

and its game class (``class Nomonhan(PhasedGame)``) says which phase is
current (:meth:`PhasedGame.phase_kind`, read from its phase component). The
handlers and the functions are plain functions of the game (a ruleset's
methods, taken unbound), so a ruleset's sections (``rules/movement.py``,
``rules/combat.py`` ...) each own the handlers of their actions, and the
table reads like the rulebook's sequence of play.

Dispatch is two dict lookups per call (the phase, then the action's type):
cheaper than the chains of ``isinstance`` or the ``getattr`` of a formatted
name it replaces.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, ClassVar, Mapping

from .actions import Action, Decision
from .game import Game


@dataclass(frozen=True)
class Phase:
    """One step of the sequence of play.

    ``kind``: the decision kind players, the client and the AI see (a named
    constant of the ruleset). ``legal(game)``: the actions the deciding seat
    may choose. ``decision(game)``: the :class:`Decision` (who decides, the
    prompt); None only for the phase that ends the game. ``on``: action type
    -> ``handler(game, action)``, for every type ``legal`` may list. ``main``: the
    action type that ends the phase, if one does."""
    kind: str
    legal: Callable[[Any], list[Action]]
    decision: Callable[[Any], Decision | None]
    on: Mapping[type, Callable[[Any, Any], None]] = field(default_factory=dict)
    #: the action that ends this phase (the client's main button), when it has one: shown
    #: even while it is not legal, with the rules' reason (:meth:`PhasedGame.refusal`)
    main: type | None = None

    def apply(self, game: Any, action: Action) -> None:
        handler = self.on.get(type(action))
        if handler is None:     # legal() listed a type this phase has no handler for: a ruleset bug
            raise AssertionError(f"{game.game_id}: phase {self.kind!r} has no handler for {type(action).__name__}")
        handler(game, action)


def _no_actions(game: Any) -> list[Action]:
    return []


def _no_decision(game: Any) -> None:
    return None


def over(kind: str) -> Phase:
    """The phase of a finished game: nobody decides, nothing is legal."""
    return Phase(kind, legal=_no_actions, decision=_no_decision)


def phase_table(*phases: Phase) -> dict[str, Phase]:
    """kind -> phase, refusing two phases of one kind."""
    table: dict[str, Phase] = {}
    for p in phases:
        if p.kind in table:
            raise ValueError(f"two phases of kind {p.kind!r}")
        table[p.kind] = p
    return table


_PENDING = ("kernel", "pending")


class PhasedGame(Game):
    """A game whose sequence of play is a table of :class:`Phase` objects.

    A subclass sets ``phases`` (see :func:`phase_table`) and implements
    :meth:`phase_kind`, the kind of the current phase as its phase component
    says. Pending decision, legal actions and applying an action are then the
    current phase's."""

    phases: ClassVar[Mapping[str, Phase]] = {}

    def phase_kind(self) -> str:
        """The kind of the current phase (read from the game's phase component)."""
        raise NotImplementedError

    def phase(self) -> Phase:
        return self.phases[self.phase_kind()]

    def main_action(self) -> tuple[Action | None, str]:
        """The current phase's main action (the one that ends it) and, when it is not legal
        now, why not: (the legal action, "") / (an instance of it, the reason) / (None, "")."""
        main = self.phases[self.phase_kind()].main
        if main is None:
            return None, ""
        for a in self.legal_actions():
            if type(a) is main:
                return a, ""
        try:
            a = main()
        except TypeError:           # a main action with fields: nothing to show while it is not legal
            return None, ""
        return a, self.refusal(a)

    def refusal(self, action: Action) -> str:
        """Why ``action`` is not legal now, in the rules' words ("" if the ruleset does not say)."""
        return ""

    def _pending(self) -> Decision | None:
        # a decision is a fact of the current state: kept in the memo until the next write
        memo = self.memo
        if _PENDING in memo:
            return memo[_PENDING]
        d = memo[_PENDING] = self.phases[self.phase_kind()].decision(self)
        return d

    def _legal(self) -> list[Action]:
        return self.phases[self.phase_kind()].legal(self)

    def _apply(self, action: Action) -> None:
        self.phases[self.phase_kind()].apply(self, action)
