"""日清戰爭's levels: the heuristic's own evaluation (Japan's victory points against
the threshold [12], the strength on the map, ammunition, the cities Japan's
units stand next to). A move, a declaration, an advance or a retreat is scored
as the heuristic scores it (and forming a unit, which it always does first, is
weighed only against forming another): its best few are what the search weighs against its
choice (one ply ahead such a choice barely changes the evaluation, so they would
be weighed at random). Every other choice is scored one ply ahead with sampled
dice. A turn is one side's player round (its movement, combat and recovery).
"""
from __future__ import annotations

from game.ai import sino_japanese as heuristic
from game.ai.adapter import Adapter
from game.ai.search import Candidate, SearchConfig
from game.ai.sino_japanese import SinoJapaneseAgent, evaluate
from game.rulesets.sino_japanese.actions import EndAdvance, EndDeclarations, EndMovement, Form

#: the score, in victory points, of forming another unit or in another box than the heuristic's
FORM_OTHER = -0.1


class SinoJapaneseAdapter(Adapter):
    game_id = "sino_japanese"
    scale = 3.0              # evaluation units are victory points
    easy_temperature = 0.6   # Japan: it must take 20 points, and a wrong move a round costs them
    easy_temperatures = {"QING": 2.0}   # the Qing hold: easy's Qing must err more to be weaker
    max_candidates = 6
    max_scored = 20
    horizon_turns = 0        # playouts: to the end of the side's own player round
    horizon_turns_by_side = {"JP": 1}   # Japan's: through the Qing's next round, which answers its attacks
    config = SearchConfig(playout_depth=30, tree_depth=3, expand_after=3, widen=0.0, c_uct=0.6)

    def evaluate(self, g, side):
        return evaluate(g, side)

    def candidates(self, g, seat, legal, rng):
        kind = g.pending().kind
        side = g.seat_side(seat)
        units = heuristic.W_TAKE     # the heuristic's move scores per victory point (a city's point)
        forms = [a for a in legal if isinstance(a, Form)]
        if kind == "move" and forms:
            # the heuristic forms a unit whenever it can: the others are which unit, which box
            return [Candidate((a,), FORM_OTHER) for a in forms]
        if kind == "move":
            end, options = SinoJapaneseAgent(0).move_options(g, legal, side)
            return _ranked(end, options, EndMovement(), units, legal)
        if kind == "declare":
            end, options = SinoJapaneseAgent(0).declare_options(g, legal, side)
            return _ranked(end, options, EndDeclarations(), 1.0, legal)
        if kind == "advance":
            end, options = SinoJapaneseAgent(0).advance_options(g, legal, side)
            return _ranked(end, options, EndAdvance(), units, legal)
        if kind == "retreat":
            options = SinoJapaneseAgent(0).retreat_options(g, legal, side)
            if len(options) == len(legal):
                return _ranked(-1e9, [(s[0], a) for s, a in options], None, units, legal)
        return super().candidates(g, seat, legal, rng)

    def turn_key(self, g, seat):
        f = g.flow()
        return (f.turn, f.round, f.side)

    def decisions_left(self, g, seat):
        f = g.flow()
        if f.phase == "move" and f.side == seat:
            return 2.0 + sum(1 for u, _h in g.units_on_map(seat) if g.can_move(u.key, f))
        return 2.0


def _ranked(end: float, options, stop, units: float, legal) -> list[Candidate]:
    """The heuristic's options and stopping (worth ``end``), best first, in victory points."""
    out = [Candidate((a,), v / units) for v, a in options]
    if stop is not None and stop in legal:
        out.append(Candidate((stop,), end / units))
    return sorted(out, key=lambda c: -c.score)


ADAPTER = SinoJapaneseAdapter()
