"""Agents: the heuristic must beat random in at least 90% of 200 seeded games on each side."""
from __future__ import annotations

import json

import pytest

from game.__main__ import main
from game.ai import ask, get_agent
from game.ai.nomonhan import evaluate
from game.rulesets.nomonhan import Nomonhan
from game.runner import selfplay


SIDES = [(["heuristic", "random"], "JP"), (["random", "heuristic"], "SOV")]


@pytest.mark.strength
@pytest.mark.parametrize("agents,side", SIDES)
def test_heuristic_beats_random_in_90_percent_of_200_games(agents, side):
    stats = selfplay("nomonhan", 200, 2024, agents)
    rate = stats.wins[side] / stats.games
    print(f"heuristic as {side}: {stats.wins[side]}/200 = {rate:.1%}")
    assert rate >= 0.90


@pytest.mark.parametrize("agents,side", SIDES)
def test_heuristic_beats_random_smoke(agents, side):
    """make test's short version of the match above (make strength plays it in full)."""
    stats = selfplay("nomonhan", 20, 2024, agents)
    assert stats.wins[side] >= 16


def test_agents_only_choose_legal_actions_and_are_deterministic():
    def run(seed):
        g = Nomonhan(seed=seed)
        ag = {"JP": get_agent("heuristic", "nomonhan", 1), "SOV": get_agent("heuristic", "nomonhan", 2)}
        while not g.is_over():
            a = ask(g, ag[g.to_move()])
            assert a in g.legal_actions()
            g.apply(a)
        return g.state_hash()
    assert run(5) == run(5)


def test_the_heuristic_does_not_read_the_real_dice():
    """Searching on a copy with fresh dice: the choice is the same whatever the
    real game's dice state is."""
    g = Nomonhan(seed=3)
    a1 = ask(g, get_agent("heuristic", "nomonhan", 9))
    g.dice.setstate(Nomonhan(seed=999).dice.getstate())
    a2 = ask(g, get_agent("heuristic", "nomonhan", 9))
    assert a1 == a2


def test_evaluation_prefers_the_side_with_more_points():
    g = Nomonhan.from_position({"JP_T3": "0404", "SV_149": "0403", "SV_ART": "0102"}, phase="declare",
                               steps_lost={"SV_149": 1})
    assert evaluate(g, "JP") == -evaluate(g, "SOV")


def test_selfplay_command_prints_json(capsys):
    assert main(["selfplay", "nomonhan", "--games", "3", "--seed", "1", "--agents", "random,random", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert d["games"] == 3 and sum(d["wins"].values()) + d["draws"] == 3
    assert d["mean_turns"] > 0 and d["mean_actions"] > 0 and d["games_per_second"] > 0


def test_selfplay_command_rejects_bad_agents(capsys):
    assert main(["selfplay", "nomonhan", "--agents", "random,genius"]) == 2
    assert "unknown agent" in capsys.readouterr().err
