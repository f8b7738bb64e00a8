"""中原大戰 (The Chinese Civil War of 1930): the rules, clause by clause (Chinese
rules summary, seed 001; data sheet ../shared/rules/central_plains.md, "§").

Five commanders in two camps: 中央軍 (蔣 CHIANG, 何 HE) against 反蔣軍 (閻 YAN,
李 LI, 馮 FENG), for 2 to 5 players (seating.py: a player may hold two or three
commanders of one camp). Each commander's turn, in the order 李 → 蔣 → 閻 → 何 → 馮
(seed 4): (1) pay upkeep by the size of his army; (2) return one counter card
from each of his lasting and dispatch cards, and expire those left with none;
(3) three commands (central) or two (anti-Chiang): a move (discard 1), an
attack (discard 2) or a card play; (4) refill the hand to its limit. The camp
that takes any enemy HQ wins at once; a commander at 0 funds or 0 troops
surrenders and his camp loses at once.

Rulings (each with its clause and reason in data.json "rulings", in
docs/rulings.md, and with a test in tests/test_central_plains_rules.py):

- Only the named commanders' own pieces (and the grey pieces they control) add
  strength; allies in the battlefield still absorb the overflow of losses
  (option ``counts`` = "camp": allies add too).
- "1 step" is one link of any kind; CUT_RAIL blocks movement (and retreats and
  advances) along its link, never adjacency for combat.
- A retreat moves one piece of the named commander's in the battlefield, his
  choice, 1 step by the movement rules (seed 6(2)C): along a link not cut of a
  kind it may move along (an armoured train by rail only) to an own, friendly
  or empty stronghold with room. His other pieces stay; there is no battle with
  him. When none of his pieces there can make the step he cannot retreat and
  defends.
- After a retreat the attacker may name another enemy commander in the
  battlefield (one who has not retreated) or end the attack. When the
  battlefield is cleared (by retreats or losses) the attacker may advance up to
  3 pieces from the origin into it, free, each by a retreat's step.
- A camp with a piece standing in an enemy HQ wins at once, however it came
  there (one check after every action and automatic step).
- Losses: the lower total loses 1 troop per full 3 points of difference, one at
  a time; each time the marker enters a lower zone (width 2) a piece at the
  stronghold goes, the victim's choice. When the loser has no piece left there,
  the rest of the loss falls on allies in the same stronghold (in the turn
  order), and it stops when the stronghold is empty (seed 7(3)C: "直到此據點上所有
  軍棋被拿掉為止").
- After a battle with a difference of 3 or more the loser's morale drops 1
  (option ``morale_loss``, on by default).
- TROOPS +n places a new infantry for each zone entered, where the card allows
  (else the HQ), never a 10th infantry and never without room; the marker still
  rises.
- Every seat sees the neutral pile's top card and its size, never the order of
  the cards below (an agent's view deals that order again).
- Only the top neutral general is active; each support point is one card from
  the top of the player's deck, face down. When a camp's support reaches his
  number he joins it, the support cards go to the bottoms of their owners'
  decks, he leaves the pile, the commander who placed the last support card
  resolves him, and the rest of that SUPPORT goes on to the next general.
- A lasting card that needs a sacrifice may be played only when there is a card
  to sacrifice (another card in the hand, or a deck or discard pile to take the
  top card from); the counters come from the top of the deck, as many as there
  are; a card with none expires at the next phase 2.
- A card may be played even if part of its effect cannot be carried out; that
  part is skipped. MOVE n / RAIL_MOVE / RIVER_MOVE / ATTACK may be skipped. A
  cavalry raid must move at least one link before its attack.
- The opening hand is the seat's hand limit (camp limit + 1 per extra
  commander). Cards drawn above the limit are kept; there is no refill then.
- A player holding several commanders plays each one's turn in the order; in
  A's turn he may play only A's cards and move only A's pieces, but may discard
  or sacrifice any card of his hand.
- After 30 rounds (data.json round_limit, RECONSTRUCTED) the game is a draw.

The game is composed of its systems, one module each, named after the
rulebook's sections:

=================  ==============================================================
``basics.py``      the terms the rules share (link kinds, piece codes, prompts)
``setup.py``       set-up [seed 1-3, §5]: the entities, their readers, the names,
                   hand-built positions
``board.py``       the map: strongholds (region entities), links, adjacency
``decks.py``       the cards' zones, hands and hand limits, lasting cards in
                   play, the neutral pile and its support [seed 3, 5, 8]
``pieces.py``      the pieces (entities): where they stand, who controls them, and
                   the placement index the game keeps
``tracks.py``      the commanders' tracks: morale, troops, funds [seed 1, 7]
``sequence.py``    the sequence of play [seed 4, 5] and the decisions
``commands.py``    the commands: move, attack, card play [seed 6]
``movement.py``    movement validation [seed 6(1), §3.2]
``combat.py``      combat: defender, retreat, totals, dice, advance [seed 6(2), 7]
``losses.py``      losses [seed 7(3)]
``effects.py``     card effects, one implementation per op [§6.1]
``targets.py``     the ops' choices, and the marks of lasting cards [§6.1]
``victory.py``     victory and surrender [seed 10]
``view.py``        what a seat sees; a view dealt again from it
=================  ==============================================================
"""
from __future__ import annotations

from game.core.phases import PhasedGame

from ..components import Stronghold
from .basics import DEFAULT_SEATS, KINDS, base, load_data, parse_pieces, submultisets
from .board import Board, MapFacts
from .combat import CombatRules
from .commands import Commands
from .decks import Decks, card_zones
from .effects import CardEffects
from .losses import Losses
from .movement import Movement
from .pieces import Pieces
from .sequence import PHASES, Sequence
from .setup import Setup
from .targets import Targets
from .tracks import TrackRules
from .victory import Victory
from .view import View


class CentralPlains(Setup, Board, Decks, Pieces, TrackRules, Sequence, Commands, Movement, CombatRules, Losses,
                    CardEffects, Targets, Victory, View, PhasedGame):
    game_id = "central_plains"
    seats = DEFAULT_SEATS
    hidden_information = True
    phases = PHASES
    static_components = (Stronghold,)      # the strongholds never change: shared by every copy


__all__ = ["CentralPlains", "MapFacts", "KINDS", "base", "card_zones", "load_data", "parse_pieces", "submultisets"]
