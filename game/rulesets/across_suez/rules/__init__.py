"""Across Suez: the rules, section by section (Chinese seed text [S0], data sheet
../shared/rules/across_suez.md). Section numbers in brackets are those of [S0].

The game is composed of its systems, one module each, named after the
rulebook's sections:

=================  ==============================================================
``data.py``        the sides and the data sheet (data.json)
``setup.py``       set-up [2][7][9]: the entities (hexes, units, the turn marker,
                   the artillery supports, the canal crossing, the sequence of
                   play) and the readers of their components
``board.py``       the map as the rules read it: terrain and forts of the hex
                   entities, roads, ridges, step costs in half MP [2][4][12]
``movement.py``    movement validation, stacking, reinforcements and the
                   movement phase [4][7][9.1][10]
``crossing.py``    crossing the canal at 0112, and the bridge [11][14.2]
``odds.py``        the CRT column and odds of an attack (pure) [6][12][13]
``combat.py``      combat: declarations, resolution, exchange, retreat,
                   advance [5][6][9.2]
``artillery.py``   the Egyptian bombardment [13]
``sequence.py``    the sequence of play [3] and ``PHASES``, the table of phases
                   the kernel dispatches (game.core.phases)
``victory.py``     victory and the line of communication [14]
``view.py``        what a seat sees (everything: an open game)
=================  ==============================================================

Sequence of play [3]: each of the 7 turns is Israeli movement, Israeli combat,
Egyptian movement, Egyptian combat. Movement costs are kept in half movement
points (roads cost ½), so every number the movement search sees is whole.

Rulings (where the rules are silent or ambiguous; each is also in data.json
"rulings", in docs/rulings.md for players, and has a test in
tests/test_across_suez_rules.py):

1. Stacking [4.4]: a unit may end its move on a friendly unit (it may pass
   through them anyway). At the end of the movement phase, in each hex with
   more than one unit, the owner chooses which units are removed (the
   "stack_loss" decision), one at a time, until one is left.
2. ZOC [4.5]: a unit that starts its move in an enemy ZOC may leave it freely
   (except on turn 1 [9.1]) and stops on entering any enemy-ZOC hex. ZOC does
   not extend into the lake or across the canal.
3. Roads: ½ MP only between consecutive hexes of one road; a ridge hexside
   costs +1 MP either way. The bridge unit may enter only clear (and road)
   hexes and never crosses a ridge; the same limits apply to its retreats,
   and it never advances after combat.
4. Combat [3][6.1]: one attack at a time, "the result of each at once": name
   an attacker and its defender, add more attackers against that defender,
   then resolve it before the next is declared. No unit attacks twice, none is
   attacked twice in a phase [5.3][5.4]. The Israeli player chooses, attack by
   attack as he resolves it, whether to spend one artillery support on it.
5. Column: attacker firepower minus defender firepower (the bridge defends as
   1), clamped to the end columns; then the net of every shift is applied and
   clamped again. Shifts net against each other (§13.3; §8.2 read the same way).
6. Terrain shift [12]: the single terrain most favourable to the defender:
   farm 2L, elevated sand 1L, fort 1L; a defender on sand attacked only across
   ridge hexsides 2L in all (not 3L); mixed attacks 1L; ridges do nothing to a
   defender that is not on sand.
7. Results: Ae and Ar let the defender advance (optionally) into one vacated
   attacker hex; Dr lets one attacker advance (optionally) into the
   defender's hex; De and Ee (and a Dr whose defender had no retreat) make one
   surviving attacker advance into it [6.5]. Ee: the attacker picks one of its
   units with firepower at least the defender's; if none is that strong, it
   removes units of its choice until their firepower totals at least the
   defender's.
8. Retreat [6.4][5.6]: one hex, chosen by the owner, into an empty land hex
   outside enemy ZOC; a unit with no such hex (surrounded, or pushed against
   the map edge, the canal or the lake) is eliminated.
9. Reinforcements [7]: due units may be placed in their movement phase on
   their entry hex with full MA; if an enemy unit is in it or it is in enemy
   ZOC they are placed on an adjacent land hex not holding an enemy unit,
   preferring hexes outside enemy ZOC, then hexes on the map edge. Units not
   placed by the end of the phase are delayed and may enter in a later turn.
10. Crossing [11]: a unit in 0112 (or moving there in the same move) exits
    for 3 MP (1 MP when the bridge unit is in 0112), only in the Israeli
    movement phase and not on turn 1; without the bridge at most 2 units per
    phase. Egyptian ZOC does not hinder the crossing, even for a unit that
    just entered 0112 in Egyptian ZOC. A unit that has moved elsewhere this
    phase cannot then cross.
11. Bridge [14.2]: once it ends a move in 0112 it is "placed"; if it later
    leaves 0112 for any reason Israel loses at once. If the bridge unit is
    eliminated Israel can no longer win, so the game ends at once (the data
    sheet §10, not [S0]).
12. First turn [9]: both players' turn-1 phases: units that start in enemy
    ZOC cannot move, and every unit able to attack with an enemy adjacent that
    it may still attack must take part in an attack on one of them before
    combat ends; a unit whose only target left is the defender being attacked
    must join that attack.
13. Egyptian bombardment [13]: "at the start of each combat phase" is each
    Egyptian (day) combat phase, before its first attack: [13.1] has the
    bombarding side's units fight normally "in that phase", which only its own
    phase allows. Optional, on up to two different Israeli units adjacent to
    Egyptian units; each is one die, 1 eliminates.
14. Victory [14]: at the end of turn 7 Israel wins with ≥6 units crossed, the
    bridge in 0112 and a line of communication 0112→1708 through land hexes
    with no Egyptian unit and outside Egyptian ZOC unless an Israeli unit
    stands there. Otherwise Egypt wins; no draws.
"""
from __future__ import annotations

from game.core.phases import PhasedGame
from game.systems.hexunits import HexUnits

from ..components import Hex, Position, Unit
from .artillery import Artillery
from .board import MapFacts, default_facts
from .combat import CombatRules
from .crossing import Crossing
from .data import DATA_PATH, SIDES, load_data, other
from .movement import Movement
from .odds import Fighter, Preview, combat_preview, terrain_shift
from .sequence import PHASES, Sequence
from .setup import Setup
from .victory import Victory
from .view import FlowView, View


class AcrossSuez(Setup, Sequence, Movement, Crossing, CombatRules, Artillery, Victory, View, HexUnits, PhasedGame):
    game_id = "across_suez"
    seats = sides = SIDES
    unit_component, position_component = Unit, Position
    static_components = (Hex,)      # the map hexes never change: shared by every copy
    phases = PHASES


__all__ = ["AcrossSuez", "MapFacts", "default_facts", "Fighter", "Preview", "combat_preview", "terrain_shift",
           "FlowView", "SIDES", "DATA_PATH", "load_data", "other"]
