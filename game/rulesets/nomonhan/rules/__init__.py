"""ノモンハンの戦い: the rules, section by section (Korean seed text, data sheet §5).

The game is composed of its systems, one module each, named after the
rulebook's sections:

=====================  ==========================================================
``setup.py``           set-up [3.0]: the entities (units, hexes, bridges, turn
                       marker, score, the flow) and the readers of their components
``board.py``           the map as the rules read it: terrain, river, bridges [7.0][8.0]
``movement.py``        movement validation and the movement phase [7.0][8.0]
``combat.py``          combat: declarations, dice, losses, retreat, advance [9.0]
``sequence.py``        the sequence of play [5.0][6.0] and ``PHASES``, the table
                       of phases the kernel dispatches (game.core.phases)
``victory.py``         victory [4.0]
``view.py``            what a seat sees (everything: an open game)
=====================  ==========================================================

Sequence of play [5.0]: initiative side moves, fights; the other side moves,
fights; if the initiative has not changed the cycle repeats inside the turn.
The turn ends at once when the initiative side retreats or loses a step in
combat [6.0], and the initiative passes.
"""
from __future__ import annotations

from game.core.phases import PhasedGame
from game.systems.hexunits import HexUnits

from ..components import Hex, Position, Unit
from .board import MapFacts
from .combat import CombatRules
from .movement import Movement
from .sequence import PHASES, Sequence
from .setup import DATA_PATH, SIDES, Setup, load_data, other
from .victory import Victory
from .view import View


class Nomonhan(Setup, Sequence, Movement, CombatRules, Victory, View, HexUnits, PhasedGame):
    game_id = "nomonhan"
    seats = sides = SIDES
    unit_component, position_component = Unit, Position
    static_components = (Hex,)      # the map hexes never change: shared by every copy
    phases = PHASES


__all__ = ["Nomonhan", "MapFacts", "SIDES", "DATA_PATH", "load_data", "other"]
