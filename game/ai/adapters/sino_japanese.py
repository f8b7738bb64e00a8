"""日清戰爭's levels: the heuristic's own evaluation (Japan's victory points against
the threshold [12], the strength on the map, ammunition, the cities Japan's
units stand next to), every choice scored one ply ahead with sampled dice.
A turn is one side's player round (its movement, combat and recovery).
"""
from __future__ import annotations

from game.ai.adapter import Adapter
from game.ai.search import SearchConfig
from game.ai.sino_japanese import evaluate


class SinoJapaneseAdapter(Adapter):
    game_id = "sino_japanese"
    scale = 3.0              # evaluation units are victory points
    easy_temperature = 0.8
    max_candidates = 6
    max_scored = 20
    horizon_turns = 1        # playouts: to the end of the opponent's next player round
    config = SearchConfig(playout_depth=30, tree_depth=3, expand_after=3, widen=0.0, c_uct=0.6)

    def evaluate(self, g, side):
        return evaluate(g, side)

    def turn_key(self, g, seat):
        f = g.flow()
        return (f.turn, f.round, f.side)

    def decisions_left(self, g, seat):
        f = g.flow()
        if f.phase == "move" and f.side == seat:
            return 2.0 + sum(1 for u, _h in g.units_on_map(seat) if g.can_move(u.key, f))
        return 2.0


ADAPTER = SinoJapaneseAdapter()
