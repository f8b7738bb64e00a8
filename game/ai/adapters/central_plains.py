"""中原大戰's levels: determinized search over the seat's view, for a camp.

The heuristic's static evaluation (own HQs guarded against what the enemy can
reach, enemy HQs under pressure, armies closing on the enemy, the fronts) is
read for a camp, and the tracks are added that lose the war at once when one
commander's marker reaches 0 [seed 10]: troops and funds (funds by the turns
of upkeep they still pay for), each worth more the nearer it is to 0, and
morale (it adds to every battle). Every choice is scored one ply ahead with
sampled dice. The view the search starts from is already dealt from the
seat's observation (the other hands, every deck's order, the face-down
support); the search draws several more such worlds from it. A turn is one
commander's turn; hard searches the commands only, each played out to the end
of the commander's turn.
"""
from __future__ import annotations

from game.ai.adapter import Adapter
from game.ai.central_plains import WIN, CentralPlainsAgent, static_of
from game.ai.search import Candidate, SearchConfig
from game.rulesets.central_plains.kinds import COMMAND

W_TROOPS = 10.0       # a troop point
W_TROOPS_LOW = 200.0  # / (troops + 1): a commander near surrender by troops
W_BROKE = 150.0       # / (turns of upkeep left + 1): near surrender by funds
W_MORALE = 3.0        # a point of morale


def reader(g, camp: str) -> CentralPlainsAgent:
    """The heuristic set up to read ``g`` for ``camp`` (its evaluation needs no decision)."""
    ag = CentralPlainsAgent(0)
    ag.g, ag.S, ag.camp, ag.foe = g, static_of(g), camp, g.enemy_of(camp)
    ag.me = g.turn().commander
    ag.seat = g.seats[0]
    ag._pc, ag._db = {}, {}
    ag._mor = {k: g.tracks(k).morale for k in g.order}
    return ag


def evaluate(g, camp: str) -> float:
    o = g.over()
    if o is not None:
        return 0.0 if o.winner is None else (WIN if o.winner == camp else -WIN)
    ag = reader(g, camp)
    v = ag.evaluate(ag.stacks())
    dc = g.data_camp
    for k in g.order:
        t = g.tracks(k)
        s = 1.0 if dc[k] == camp else -1.0
        v += s * (W_TROOPS * t.troops - W_TROOPS_LOW / (t.troops + 1) - W_BROKE / (ag.horizon(k) + 1)
                  + W_MORALE * t.morale)
    return v


class CentralPlainsAdapter(Adapter):
    game_id = "central_plains"
    scale = 400.0            # a camp near surrender moves the evaluation by hundreds
    # in the heuristic's command units (a card or an attack: a few points); docs/ai.md "thirteenth
    # round": at 5 normal beat easy only 64 % with 4 players, at 12 it does 72-81 % with 2-5
    easy_temperature = 12.0
    max_candidates = 4
    max_scored = 24
    # A simulation costs some 45 ms (the heuristic weighs every command it could give), so hard
    # spends its time where it decides most: the commands, each played out to the end of the
    # commander's turn (the evaluation reads what the enemy can reach next), over 4 worlds.
    hard_kinds = frozenset({COMMAND})
    horizon_turns = 0        # playouts: to the end of the commander's own turn
    config = SearchConfig(playout_depth=30, tree_depth=3, expand_after=3, widen=0.0, c_uct=0.6, worlds=4)

    def evaluate(self, g, side):
        return evaluate(g, side)

    def candidates(self, g, seat, legal, rng):
        if g.pending().kind == COMMAND:
            return self.command_candidates(g, seat, legal)
        return super().candidates(g, seat, legal, rng)

    def command_candidates(self, g, seat, legal):
        """A command scored as the heuristic scores it (in its units): a move by the change of
        its evaluation less the discarded card's worth, an attack by its exact odds, a card by
        what its ops would do now; ending the commands at 0."""
        ag = reader(g, g.seat_side(seat))
        ag.seat = seat
        scores = ag.command_scores(legal)
        return sorted((Candidate((a,), v) for v, a in scores), key=lambda c: -c.score)

    def turn_key(self, g, seat):
        t = g.turn()
        return (t.round, t.index)

    def decisions_left(self, g, seat):
        t = g.turn()
        if t.phase == "commands" and t.commander in g.roles_of(seat):
            return 2.0 + t.commands
        return 2.0


ADAPTER = CentralPlainsAdapter()
