"""The 日清戰爭 heuristic agent: it beats the random agent in at least 90% of 200 seeded
games on each side, only chooses legal actions, is deterministic, never reads the real
dice, plays each side to its plan, and is reachable through get_agent and selfplay."""
from __future__ import annotations

import pytest

from game.ai import ask, get_agent
from game.ai.sino_japanese import SinoJapaneseAgent
from game.rulesets.sino_japanese import SinoJapanese
from game.rulesets.sino_japanese.actions import Activate, Declare, EndMovement, Form, Land, Move
from tests.helpers import decides_without_the_real_dice, load, play_match, plays_legal_and_deterministic

SEATS = SinoJapanese.seats
P = SinoJapanese.from_position


@pytest.mark.strength
@pytest.mark.parametrize("side", SEATS)
def test_heuristic_beats_random_in_90_percent_of_200_games(side):
    wins, gps = play_match(SinoJapanese, SinoJapaneseAgent, side, 200, 2024)
    print(f"heuristic as {side}: {wins}/200 = {wins / 200:.1%} ({gps:.2f} games/s)")
    assert wins / 200 >= 0.90


@pytest.mark.parametrize("side", SEATS)
def test_heuristic_beats_random_smoke(side):
    """make test's short version of the match above (make strength plays it in full)."""
    wins, _ = play_match(SinoJapanese, SinoJapaneseAgent, side, 10, 2024)
    assert wins >= 9


def test_agents_only_choose_legal_actions_and_are_deterministic():
    assert plays_legal_and_deterministic(SinoJapanese, SinoJapaneseAgent, 5) == \
        plays_legal_and_deterministic(SinoJapanese, SinoJapaneseAgent, 5)


def test_the_heuristic_does_not_read_the_real_dice():
    """Same decision whatever the real game's dice state is, in every kind of decision met."""
    assert {"move", "declare"} <= decides_without_the_real_dice(SinoJapanese, SinoJapaneseAgent, "JP", limit=600)


def test_japan_forms_its_brigades_and_drives_on_pyongyang():
    g = P({"J1": "incheon", "Q1": "1519", "Q2": "1519", "Q5": "0309"}, turn=1, mobilising=("J2",), cp=3)
    a = ask(g, SinoJapaneseAgent(0))
    assert a == Form("J2", "incheon")
    g.apply(a)
    a = ask(g, SinoJapaneseAgent(0))
    assert isinstance(a, Move) and a.unit == "J1"
    d = g.facts.neighbours
    assert a.to in d["1519"] or any(n in d["1519"] for n in d.get(a.to, ()))   # next to Pyongyang, or one off


def test_japan_goes_on_across_the_yalu_once_korea_is_taken():
    korea = ("1519", "1717", "1612", "1611")
    g = P({"J1": "1612", "Q3": "1905", "Q5": "0309"}, turn=3, jp_control=korea, cp=2)
    a = ask(g, SinoJapaneseAgent(0))
    assert isinstance(a, Move) and a.unit == "J1"
    dist = lambda h: g.board.distance(h, "1610")  # noqa: E731  Fenghuangcheng, over the Yalu
    assert dist(a.to) < dist("1612")


GARRISONS = {"Q4": "0208", "Q7": "0818", "Q8": "0616"}


def test_japan_lands_for_a_fleet_base_once_it_can():
    """Once the fleet has flipped and Pyongyang is taken, Japan lands next to a fleet base (Port
    Arthur or Weihaiwei): each is worth the fleet's points as well as its own to Japan."""
    g = P({"J1": "incheon", "J2": "1519", "Q3": "1905", "Q6": "0408", **GARRISONS}, turn=4, cp=6,
          jp_control=("1519",), fleet_flipped=True)
    a = ask(g, SinoJapaneseAgent(0))
    assert isinstance(a, Land) and a.to in g.facts.landing
    assert min(g.board.distance(a.to, b) for b in g.facts.fleet_bases) <= 2


def test_japan_lands_in_shandong_for_weihaiwei_once_it_holds_port_arthur():
    """With one fleet base taken, the other is worth the fleet's 3 VP too (the Rongcheng landing, 1895)."""
    g = P({"J1": "incheon", "J2": "1519", "Q3": "1905", "Q6": "0408", **GARRISONS}, turn=6, cp=6,
          jp_control=("1519", "0309", "0208"), fleet_flipped=True)
    a = ask(g, SinoJapaneseAgent(0))
    assert isinstance(a, Land) and g.facts.landing.get(a.to) == "shandong"
    assert g.board.distance(a.to, "0818") <= 2


def test_japan_attacks_a_weak_defender_it_has_next_to_it():
    g = P({"J1": "1418", "J2": "1518", "Q1": "1519"}, side="JP", phase="declare", activated=("J1", "J2"),
          ammo=(10, 0), damaged=("Q1",))
    a = ask(g, SinoJapaneseAgent(0))
    assert isinstance(a, Declare) and a.hex == "1519"


def test_qing_keeps_its_garrisons_and_saves_its_ammunition():
    """Nothing threatens Port Arthur: Qing spends nothing and stores its points as ammunition."""
    g = P({"Q4": "0208", "Q7": "0818", "J1": "incheon"}, side="QING", turn=2, cp=3, ammo=(0, 5))
    assert ask(g, SinoJapaneseAgent(0)) == EndMovement()
    g.apply(EndMovement())
    assert g.ammo("QING") == 8 and g.pos("Q4") == "0208"


def test_qing_does_not_attack_a_strong_stack_on_bad_odds():
    g = load(P({"Q1": "1319", "J1": "1320", "J2": "1320"}, side="QING", phase="declare", activated=("Q1",),
               ammo=(19, 19)), *([3, 1, 2] * 40))
    assert not isinstance(ask(g, SinoJapaneseAgent(0)), Declare)


def test_qing_activates_next_to_a_weak_enemy_for_a_prepared_attack():
    g = P({"Q1": "1319", "Q2": "1419", "J1": "1320"}, side="QING", cp=2, ammo=(0, 19), damaged=("J1",))
    a = ask(g, SinoJapaneseAgent(0))
    assert isinstance(a, (Activate, Move, EndMovement))


def test_get_agent_and_selfplay():
    assert isinstance(get_agent("heuristic", "sino_japanese", 3), SinoJapaneseAgent)
    from game.runner import selfplay
    stats = selfplay("sino_japanese", 2, 2024, ["heuristic", "random"])
    assert stats.games == 2 and stats.wins["JP"] >= 1


def test_evaluate_is_zero_sum_and_counts_japans_cities():
    from game.ai.sino_japanese import evaluate
    a = P({"J1": "1418", "Q1": "1620"}, turn=3)
    b = P({"J1": "1519", "Q1": "1620"}, turn=3, jp_control=("1519",))     # Pyongyang taken: +2 VP
    assert evaluate(a, "JP") == -evaluate(a, "QING")
    assert evaluate(b, "JP") > evaluate(a, "JP")


# -- what hard weighs against the heuristic's choice (game/ai/adapters/sino_japanese.py) ------------------
def _hard_candidates(g):
    import random
    from game.ai.adapters.sino_japanese import ADAPTER
    d = g.pending()
    return ADAPTER.candidates(g, d.seat, g.legal_actions(), random.Random(0))


def test_hard_weighs_the_heuristics_own_best_moves_and_ending_the_movement():
    """A move is weighed by the heuristic's own score of it (one ply ahead a move barely changes
    the evaluation): its choice comes first, ending the movement is among the candidates."""
    korea = ("1519", "1717", "1612", "1611")
    g = P({"J1": "1612", "Q3": "1905", "Q5": "0309"}, turn=3, jp_control=korea, cp=2)
    cands = _hard_candidates(g)
    agent_choice = ask(g, SinoJapaneseAgent(0))
    assert cands[0].first == agent_choice
    assert [c.score for c in cands] == sorted((c.score for c in cands), reverse=True)
    assert EndMovement() in [c.first for c in cands]
    legal = set(g.legal_actions())
    assert all(c.first in legal for c in cands)


def test_hard_weighs_each_hexs_attack_plan_and_resolving():
    from game.rulesets.sino_japanese.actions import EndDeclarations
    g = P({"J1": "1418", "J2": "1518", "Q1": "1519"}, side="JP", phase="declare", activated=("J1", "J2"),
          ammo=(10, 0), damaged=("Q1",))
    cands = _hard_candidates(g)
    assert cands[0].first == ask(g, SinoJapaneseAgent(0))
    assert isinstance(cands[0].first, Declare) and cands[0].first.hex == "1519"
    assert cands[-1].first == EndDeclarations() and cands[-1].score < cands[0].score


def test_easy_and_hard_weigh_forming_only_against_forming_another():
    """The heuristic forms a unit whenever it can; the other choices of that decision are forming
    another unit (or in another box), never ending the movement, which would lose the round's
    moves (one ply ahead a formed unit does not change the evaluation)."""
    from game.ai.adapters.sino_japanese import FORM_OTHER
    g = P({"J1": "incheon", "Q1": "1519", "Q2": "1519", "Q5": "0309"}, turn=1, mobilising=("J2", "J3"), cp=3)
    legal = g.legal_actions()
    assert EndMovement() in legal and any(isinstance(a, Move) for a in legal)
    cands = _hard_candidates(g)
    assert {c.first for c in cands} == {a for a in legal if isinstance(a, Form)} == {
        Form("J2", "incheon"), Form("J3", "incheon")}
    assert all(c.score == FORM_OTHER for c in cands)


def test_easy_plays_each_side_at_its_own_temperature(monkeypatch):
    """Easy's softmax runs at the side's own temperature where the adapter gives one (the Qing
    hold and must err more to be weaker; Japan must take its points)."""
    from game.ai import levels
    from game.ai.adapters.sino_japanese import ADAPTER
    assert ADAPTER.easy_temperatures["QING"] > ADAPTER.easy_temperature
    from game.ai.context import CONTEXT
    monkeypatch.setattr(CONTEXT, "explain", True)
    g = P({"J1": "1612", "Q3": "1905", "Q5": "0309"}, turn=3, jp_control=("1519", "1717", "1612", "1611"), cp=2)

    def shares(temperatures):
        monkeypatch.setattr(ADAPTER, "easy_temperatures", temperatures)
        agent = levels.level_class("easy", "sino_japanese")(0)
        ask(g, agent)
        ex = agent.last_explanation
        assert ex.note == "softmax" and len(ex.alternatives) > 1
        return [a.share for a in ex.alternatives]
    assert shares({"JP": 1e-9})[0] == pytest.approx(1.0)          # Japan's own, near 0: the best
    assert shares({"QING": 1e-9})[0] < 0.99                       # the Qing's does not apply to Japan
    assert max(shares({"JP": 1e9})) == pytest.approx(min(shares({"JP": 1e9})))   # even


def test_hards_playouts_for_japan_run_through_the_qings_next_round():
    """A side may have its own horizon (Adapter.horizon_turns_by_side): Japan's playouts end with
    the Qing round that answers its attacks, the Qing's with their own round."""
    from game.ai.adapters.sino_japanese import ADAPTER
    g = SinoJapanese(seed=1)
    seat = {g.seat_side(s): s for s in g.seats}
    assert ADAPTER.horizon(g, seat["JP"]).turns == 1
    assert ADAPTER.horizon(g, seat["QING"]).turns == ADAPTER.horizon_turns == 0
