"""義經's levels: plans for a turned card, searched over several determinizations.

A turned card is played as a plan, as the heuristic does: pass; fight in the
contested areas where it pays; or play it (every order of the general, every
party and destination of a move, every target of an event). The candidates
at a "use" decision are those plans, scored by the heuristic's own planner
(its light position and expected battles); the chosen plan is then played out
action by action while it stays legal. Every other choice is scored one ply
ahead with sampled dice. The search draws several determinizations of what
the seat cannot see (the deck order, the opponent's unrevealed cards) from
its view. A turn is one game turn (deck building and every card of it).
"""
from __future__ import annotations

import random
from dataclasses import replace

from game.ai.adapter import Adapter
from game.ai.search import Candidate, SearchConfig
from game.ai.yoshitsune import PLAN_KINDS, State, YoshitsuneAgent, _sign, evaluate
from game.rulesets.yoshitsune.actions import EndBattles, Pick, UseCard
from game.rulesets.yoshitsune.kinds import ALLOCATE, BUILD, COMMANDER, CONTINUE, REPLENISH, RETREAT, USE


class YoshitsuneAdapter(Adapter):
    game_id = "yoshitsune"
    # a game turn's playout moves the evaluation by some 70 units (the median): at 40, 56 % of the
    # leaves were squashed past tanh(1.5) and candidates could not be told apart; at 120, 3 %
    # (docs/ai.md "Figures, third round")
    scale = 120.0
    easy_temperature = 250.0   # about even among the planner's five best plans: docs/ai.md "easy, tuned"
    max_candidates = 6
    plan_kinds = frozenset(PLAN_KINDS)
    # deck building and replenishment are the heuristic's (their effect shows only turns later)
    search_kinds = frozenset({USE, CONTINUE, COMMANDER, ALLOCATE, RETREAT})
    horizon_turns = 1           # playouts: to the end of the turn's cards and its adjustment
    config = SearchConfig(playout_depth=30, tree_depth=3, expand_after=3, widen=0.0, c_uct=0.6, worlds=8)

    def evaluate(self, g, side):
        return evaluate(g, side)

    def candidates(self, g, seat, legal, rng: random.Random):
        if g.pending().kind == USE:
            return self.plans(g, seat, legal)
        return super().candidates(g, seat, legal, rng)

    def plans(self, g, seat, legal):
        """Every plan for the turned card, with the heuristic planner's value of its outcome."""
        ag = YoshitsuneAgent(0)
        ag._sgn = _sign(seat)
        ag._dice = [random.Random(k).getstate() for k in range(ag.samples)]
        st = State.of(g)
        act = g._act()
        out: list[Candidate] = []
        if UseCard("pass") in legal:
            out.append(Candidate((UseCard("pass"),), ag._v(st) - 0.01))
        if UseCard("fight") in legal:
            v, acts = ag._plan_fight(st, g.fight_options(seat))
            out.append(Candidate(tuple([UseCard("fight")] + acts + [EndBattles()]), v))
        if UseCard("play") in legal:
            cd = g.cdata[act.card]
            if cd["type"] == "general":
                key = cd["effect"]["general"]
                for v, acts in ag._plan_general(g, st, key, replace(act, general=key)):
                    out.append(Candidate(tuple([UseCard("play")] + acts), v))
            elif act.card in ("C03", "G08", "H08"):
                for key in g.pick_options(act):
                    a2 = replace(act, general=key, coward_first=act.card == "G08")
                    for v, acts in ag._plan_general(g, st, key, a2):
                        out.append(Candidate(tuple([UseCard("play"), Pick(key)] + acts), v))
            else:
                for v, acts in ag._plan_event(g, legal, seat):
                    out.append(Candidate(tuple(acts), v))
        out.sort(key=lambda c: -c.score)
        return out

    def heuristic_candidate(self, g, agent, action):
        return Candidate((action,) + tuple(getattr(agent, "plan", ())), 0.0)

    def turn_key(self, g, seat):
        return g.track().turn

    def decisions_left(self, g, seat):
        f = g.flow()
        if f.phase in (BUILD, REPLENISH):
            return 10.0
        return 2.0 + g.cards().deck.__len__()


ADAPTER = YoshitsuneAdapter()
