"""義經 Yoshitsune: the rules, section by section (Chinese rules, seed 003; data sheet §3).

Sequence of play [4.0]: court phase, retainer replenishment, deck building,
action phase (turn the top card of the shared deck until it is used up),
adjustment phase. Seven turns.

The game is composed of its systems, one module each, named after the
rulebook's sections:

=====================  ==========================================================
``setup.py``           set-up [3.0]: the entities (generals, areas, markers, the
                       sequence of play), the readers of their components, control
                       [12.0], hand-built positions
``sequence.py``        the sequence of play [4.0], the court phase [5.0] and
                       ``PHASES``, the table of phases the kernel dispatches
                       (game.core.phases)
``replenishment.py``   retainer replenishment [6.0]
``deck.py``            the cards in their zones (game.systems.cards) and deck
                       building [7.0]; the deal of a view
``action.py``          the action phase [8.0]: turning and using cards, 8.0 Battle
``orders.py``          general cards' orders [9.0]: enter [9.3], replenish [9.4],
                       tribute [9.5]; the event cards that activate a general
``movement.py``        movement validation and the moving general [9.1]
``events.py``          the event cards with a target (data sheet §3.6), the storm
``combat.py``          battles [10.0]: commanders, fire, losses, leader fate, retreat
``adjustment.py``      the adjustment phase [11.0]: supply, markers off, cards back
``victory.py``         victory [13.0]
``view.py``            what a seat sees
=====================  ==========================================================

Rulings (where the rules are silent or ambiguous; each has a test in
tests/test_yoshitsune_rules.py, and the data sheet §3.8 / data.json "rulings"
are followed where they speak) are written in the docstring of the module of
their section; besides those:

- Log lines name areas as players read them (北関東 North Kantō), never by key.
- Event cards follow the data sheet §3.6.
"""
from __future__ import annotations

from game.core.phases import PhasedGame

from .action import ActionPhase
from .adjustment import Adjustment
from .combat import CombatRules
from .deck import CardDeck, card_zones
from .events import EventCards
from .movement import Movement
from .orders import GeneralOrders
from .replenishment import RetainerReplenishment
from .sequence import PHASES, PROMPTS, Sequence
from .setup import COURT_CARDS, DATA_PATH, OU, SIDES, WAITING, Setup, load_data, other
from .victory import Victory
from .view import View


class Yoshitsune(Setup, Sequence, RetainerReplenishment, CardDeck, ActionPhase, GeneralOrders, Movement,
                 EventCards, CombatRules, Adjustment, Victory, View, PhasedGame):
    game_id = "yoshitsune"
    seats = SIDES
    hidden_information = True
    phases = PHASES


__all__ = ["Yoshitsune", "SIDES", "WAITING", "OU", "COURT_CARDS", "DATA_PATH", "PROMPTS", "card_zones",
           "load_data", "other"]
