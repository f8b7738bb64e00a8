"""The Across Suez heuristic agent: it beats the random agent in at least 90% of
200 seeded games on each side, only chooses legal actions, is deterministic,
never reads the real dice, and is reachable through get_agent and selfplay."""
from __future__ import annotations

import pytest

from game import rulesets
from game.ai import ask, get_agent
from game.ai.across_suez import AcrossSuezAgent, loc_path
from game.ai.random_agent import RandomAgent
from game.rulesets.across_suez import AcrossSuez
from game.rulesets.across_suez.actions import Assign, Bombard, EndPhase, Move
from tests.helpers import play_match

SEATS = AcrossSuez.seats


@pytest.mark.strength
@pytest.mark.parametrize("side", SEATS)
def test_heuristic_beats_random_in_90_percent_of_200_games(side):
    wins, gps = play_match(AcrossSuez, AcrossSuezAgent, side, 200, 2024)
    print(f"heuristic as {side}: {wins}/200 = {wins / 200:.1%} ({gps:.1f} games/s)")
    assert wins / 200 >= 0.90


@pytest.mark.parametrize("side", SEATS)
def test_heuristic_beats_random_smoke(side):
    """make test's short version of the match above (make strength plays it in full)."""
    wins, _ = play_match(AcrossSuez, AcrossSuezAgent, side, 20, 2024)
    assert wins >= 16


def test_agents_only_choose_legal_actions_and_are_deterministic():
    def run(seed):
        g = AcrossSuez(seed=seed)
        ag = {"ISR": AcrossSuezAgent(1), "EGY": AcrossSuezAgent(2)}
        while not g.is_over():
            a = ask(g, ag[g.to_move()])
            assert a in g.legal_actions()
            g.apply(a)
        return g.state_hash(), g.result().winner
    assert run(5) == run(5)


def test_the_heuristic_does_not_read_the_real_dice():
    """Same decision whatever the real game's dice state is, in every kind of decision met."""
    g = AcrossSuez(seed=3)
    ag = {"ISR": AcrossSuezAgent(1), "EGY": RandomAgent(2)}
    kinds = set()
    while not g.is_over():
        seat = g.to_move()
        if seat == "ISR":
            kinds.add(g.pending().kind)
            a1 = ask(g, AcrossSuezAgent(9))
            state = g.dice.getstate()
            g.dice.setstate(AcrossSuez(seed=999).dice.getstate())
            a2 = ask(g, AcrossSuezAgent(9))
            g.dice.setstate(state)
            assert a1 == a2
        g.apply(ask(g, ag[seat]))
    assert {"move", "declare"} <= kinds


def test_israel_brings_the_bridge_to_0112_and_never_moves_it_again():
    g = AcrossSuez(seed=11)
    ag = {"ISR": AcrossSuezAgent(1), "EGY": RandomAgent(2)}
    placed = False
    while not g.is_over():
        seat = g.to_move()
        a = ask(g, ag[seat])
        if placed and seat == "ISR":
            assert not (isinstance(a, Move) and a.unit == g.bridge_key)
        g.apply(a)
        placed = placed or g.bridge_deployed()
    assert placed and g.pos(g.bridge_key) == "0112"
    assert g.result().winner == "ISR"


def test_israel_holds_the_hexes_around_the_placed_bridge():
    """With the bridge in 0112, six units across and a free unit near, Israel fills a hex next to 0112."""
    crossed = ("ISR_AMIR_1", "ISR_AMIR_2", "ISR_AMIR_3", "ISR_AMIR_4", "ISR_EREZ_1", "ISR_EREZ_2")
    g = AcrossSuez.from_position({"ISR_BRIDGE": "0112", "ISR_RESHEF_1": "0314", "EGY_16_1": "0508"}, turn=4,
                                 crossed=crossed)
    a = ask(g, AcrossSuezAgent(0))
    assert isinstance(a, Move) and a.unit == "ISR_RESHEF_1" and a.to in g.facts.neighbours["0112"]


def test_egypt_bombards_the_bridge_first():
    g = AcrossSuez.from_position({"ISR_BRIDGE": "0112", "ISR_RESHEF_1": "0212", "EGY_16_1": "0211",
                                  "EGY_16_2": "0312"}, turn=3, side="EGY", phase="combat")
    assert g.pending().kind == "bombard"
    assert ask(g, AcrossSuezAgent(0)) == Bombard("ISR_BRIDGE")


def test_egypt_attacks_the_placed_bridge():
    g = AcrossSuez.from_position({"ISR_BRIDGE": "0112", "EGY_16_1": "0211", "ISR_RESHEF_1": "0909"},
                                 turn=3, side="EGY", phase="declare")
    assert ask(g, AcrossSuezAgent(0)) == Assign("EGY_16_1", "ISR_BRIDGE")


def test_egypt_moves_onto_the_line_of_communication():
    g = AcrossSuez.from_position({"ISR_BRIDGE": "0112", "ISR_RESHEF_1": "0211", "EGY_14_1": "1007"},
                                 turn=3, side="EGY")
    path = set(loc_path(g))
    a = ask(g, AcrossSuezAgent(0))
    assert isinstance(a, Move) and a.unit == "EGY_14_1"
    to = a.to
    assert to in path or any(n in path for n in g.facts.neighbours[to])
    assert not isinstance(a, EndPhase)


def test_get_agent_and_selfplay():
    assert isinstance(get_agent("heuristic", "across_suez", 3), AcrossSuezAgent)
    from game.runner import selfplay
    stats = selfplay("across_suez", 4, 2024, ["heuristic", "random"])
    assert stats.games == 4 and stats.wins["ISR"] >= 3


def test_israel_keeps_the_bridge_out_of_the_front_line_on_turn_1():
    """Losing the bridge loses the game: after Israel's turn-1 movement no Egyptian unit
    can reach a hex next to the bridge (nor bombard it), and it is not next to 0112 yet."""
    from game.ai.across_suez import egyptian_reach
    for seed in (1, 2, 3):
        g = AcrossSuez(seed=seed)
        ag = AcrossSuezAgent(seed)
        while g.flow().phase == "move":
            g.apply(ask(g, ag))
        h = g.pos(g.bridge_key)
        ring = set(g.facts.neighbours[h]) | {h}
        assert all(r.isdisjoint(ring) for r in egyptian_reach(g)), f"seed {seed}: the bridge at {h} can be attacked"
        assert h not in g.facts.neighbours[g.crossing_hex] and h != g.crossing_hex


# -- what easy and hard weigh (game/ai/adapters/across_suez.py) -----------------------------------------
def _candidates(g):
    import random
    from game.ai.adapters.across_suez import ADAPTER
    d = g.pending()
    return ADAPTER.candidates(g, d.seat, g.legal_actions(), random.Random(0))


def test_ending_the_movement_before_the_bridges_move_is_never_weighed_above_it():
    """Where the heuristic still has a move for the bridge, ending the phase scores with what it
    never does: easy, which picks among the best few by a softmax, does not forget the bridge."""
    from game.ai.adapters.across_suez import ADAPTER
    g = AcrossSuez(seed=11)
    ag = AcrossSuezAgent(1)
    while True:
        d = g.pending()
        if d.seat == "ISR" and d.kind == "move":
            bridge = ag._bridge_move(g, g.legal_actions())
            if bridge is not None:
                break
        g.apply(ask(g, ag))
    cands = _candidates(g)
    score = {c.first: c.score for c in cands}
    assert score[EndPhase()] < score[bridge]
    assert EndPhase() not in [c.first for c in cands[:ADAPTER.easy_top]]

