"""Hard's root as a race over common random numbers (``SearchConfig.race``): the open
candidates take their k-th simulations in turn, each paired with the heuristic's k-th; a
candidate clearly behind the heuristic's is dropped and the next one opens; the choice
leaves the heuristic's only on a paired lead of ``keep_z`` standard errors."""
from __future__ import annotations

import random

from game import rulesets
from game.ai.adapter import adapter_for
from game.ai.search import MCTS, Candidate, SearchConfig


def _search(values, cfg: SearchConfig, n_cands: int = 4) -> MCTS:
    """A search at Nomonhan's first decision whose candidates are scored by ``values``: the
    value of candidate i's k-th simulation is ``values(i, k)`` (the playout is not played)."""
    g = rulesets.new_game("nomonhan", 3)
    view = g.view_for(g.to_move(), 1)
    seat = view.to_move()
    legal = view.legal_actions()[:n_cands]
    ad = adapter_for("nomonhan")
    cands = [Candidate((a,), 0.0) for a in legal]
    m = MCTS(view, seat, cands, evaluate=ad.evaluate, policy=ad.policy,
             new_agents=lambda r: ad.new_agents(view, r), scale=ad.scale, config=cfg, rng=random.Random(5))

    def iterate():
        ci = m._select_root()
        k = m.kids[ci].visits
        v = values(ci, k)
        m.root_values[ci].append(v)
        m.kids[ci].visits += 1
        m.kids[ci].total += v
        m.root.visits += 1
        m.iterations += 1
        m._race_round()
    m.iterate = iterate
    return m


def test_a_race_gives_the_open_candidates_their_simulations_in_turn():
    m = _search(lambda i, k: 0.1 * ((k * 7 + i * 3) % 5), SearchConfig(race=True, root_open=3, race_min=99))
    res = m.run(None, iterations=12)
    assert [k.visits for k in m.kids] == [4, 4, 4, 0]
    assert res.candidate is m.cands[0]          # no candidate leads the heuristic's


def test_a_race_drops_a_beaten_candidate_and_opens_the_next():
    # candidate 1 is always 0.3 worse than the heuristic's on the same luck
    def values(i, k):
        luck = ((k * 37) % 11) / 11.0
        return luck - (0.3 if i == 1 else 0.0)
    m = _search(values, SearchConfig(race=True, root_open=3, race_min=4, race_z=1.5))
    m.run(None, iterations=16)
    assert m.kids[1].visits == 4 and 1 not in m.active and 3 in m.active


def test_a_race_leaves_the_heuristic_only_on_a_clear_paired_lead():
    def values(i, k):
        luck = ((k * 37) % 11) / 11.0          # the same luck for every candidate's k-th
        return luck + (0.05 if i == 2 else 0.0) + (0.01 * ((k % 3) - 1) if i == 2 else 0.0)
    m = _search(values, SearchConfig(race=True, root_open=3, race_min=99, keep_z=1.5))
    res = m.run(None, iterations=18)
    assert res.candidate is m.cands[2]
    # a lead the noise could give (unpaired, it is lost in the luck) does not move it
    m2 = _search(lambda i, k: ((k * 37 + i * 5) % 11) / 11.0, SearchConfig(race=True, root_open=3, race_min=99))
    assert m2.run(None, iterations=18).candidate is m2.cands[0]


def test_a_race_stops_early_once_only_the_heuristics_choice_is_left():
    m = _search(lambda i, k: ((k * 37) % 11) / 11.0 - (0.0 if i == 0 else 0.4),
                SearchConfig(race=True, root_open=2, race_min=3, race_z=1.0, min_visits=3, batch=1), n_cands=3)
    res = m.run(10.0)
    assert m.active == [0] and res.candidate is m.cands[0] and res.iterations < 20
