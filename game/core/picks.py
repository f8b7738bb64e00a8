"""How a person picks an action: declared once, on the action's class.

The client's one interaction layer (game/client/interaction.py) turns mouse,
keys and gamepad into these picks for every game, so no game's interface
writes its own click handler. An action class says:

``picks``
    the fields a person chooses, in the order they choose them, and what each
    names: a ``UNIT`` (a counter, piece or general, by its key), a ``CELL`` (a
    hex, an area, a point of the map, by its name) or a ``CARD`` (by its id).
    ``Move(unit, to)`` is ``(Pick("unit", UNIT), Pick("to", CELL))``: choose the
    unit, then the lit cell it goes to. An action with no picks is a button.
``button``
    also offered as a button beside the map (its label: the action's label), as
    an action with picks may be too (lose a step: click the unit, or its button).
``main``
    the decision's main button (end the phase, resolve the attacks, stop
    advancing): Space, Enter with nothing under the cursor, X on the pad.
``light``
    how the cell of the last pick is lit while the earlier ones are chosen:
    ``MOVE``, ``ATTACK``, ``RETREAT``, ``ADVANCE``, ``RESOLVE`` (the earlier
    picks, and a first pick, are lit as ``SELECT``).

These are facts of the rules (what a choice is made of), with no drawing in
them: the rules never import the client.
"""
from __future__ import annotations

from dataclasses import dataclass

#: what a picked field names
UNIT, CELL, CARD = "unit", "cell", "card"
#: how a cell is lit
SELECT, MOVE, ATTACK, RETREAT, ADVANCE, RESOLVE, PLACE = ("select", "move", "attack", "retreat", "advance",
                                                           "resolve", "place")


@dataclass(frozen=True, slots=True)
class Pick:
    """One field of an action that a person chooses, and what its value names."""
    field: str
    what: str = UNIT


def picks_of(action_type: type) -> tuple[Pick, ...]:
    return getattr(action_type, "picks", ())


def is_button(action_type: type) -> bool:
    """Offered as a button: declared so, or an action with nothing to pick."""
    b = getattr(action_type, "button", None)
    return (not picks_of(action_type)) if b is None else bool(b)


def is_main(action_type: type) -> bool:
    return bool(getattr(action_type, "main", False))


def light_of(action_type: type) -> str:
    return getattr(action_type, "light", "") or SELECT
