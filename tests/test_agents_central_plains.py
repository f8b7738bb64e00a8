"""The 中原大戰 heuristic agent: its camp beats a random camp in at least 90% of
200 seeded games on each side, it only chooses legal actions, is deterministic,
plays every commander, and self-play runs for 2 to 5 players."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from game.ai import ask, get_agent
from game.ai.central_plains import CentralPlainsAgent, diff_distribution, p_clear
from game.rulesets.central_plains import CentralPlains
from game.runner import play_one, selfplay

ROOT = Path(__file__).resolve().parent.parent
CAMPS = ("central", "anti")


def camp_match(camp: str, games: int, seed: int, players: int = 2) -> int:
    """The heuristic holding every seat of ``camp``, random the others: the camp's wins."""
    wins = 0
    for i in range(games):
        g0 = CentralPlains(options={"players": players})
        names = ["heuristic" if g0.seat_side(s) == camp else "random" for s in g0.seats]
        g = play_one("central_plains", seed + i, names, options={"players": players})
        wins += g.result().winner == camp
        g.close()
    return wins


@pytest.mark.strength
@pytest.mark.parametrize("camp", CAMPS)
def test_heuristic_camp_beats_random_in_90_percent_of_200_games(camp):
    wins = camp_match(camp, 200, 4000)
    print(f"heuristic as {camp}: {wins}/200 = {wins / 200:.1%}")
    assert wins / 200 >= 0.90


@pytest.mark.strength
@pytest.mark.parametrize("camp", CAMPS)
def test_heuristic_camp_beats_random_with_five_players(camp):
    wins = camp_match(camp, 100, 4500, players=5)
    print(f"heuristic as {camp}, 5 players: {wins}/100")
    assert wins / 100 >= 0.90


@pytest.mark.parametrize("camp", CAMPS)
def test_heuristic_camp_beats_random_smoke(camp):
    """make test's short version of the match above (make strength plays it in full)."""
    assert camp_match(camp, 10, 4000) >= 9


def test_get_agent_gives_the_central_plains_heuristic():
    assert isinstance(get_agent("heuristic", "central_plains", 3), CentralPlainsAgent)


def test_agents_only_choose_legal_actions_and_are_deterministic():
    def run(seed):
        g = CentralPlains(seed=seed, options={"players": 3})
        agents = {s: CentralPlainsAgent(i) for i, s in enumerate(g.seats)}
        commanders = set()
        while not g.is_over():
            a = ask(g, agents[g.to_move()], view_seed=len(g.history))
            assert a in g.legal_actions()
            if g.pending().kind == "command":
                commanders.add(g.turn().commander)
            g.apply(a)
        h = g.state_hash()
        g.close()
        return h, commanders
    h1, cmds = run(5)
    assert h1 == run(5)[0]
    assert cmds == set(CentralPlains.seats) or len(cmds) >= 4        # every commander played his turns


def test_the_battle_odds_are_exact():
    dist = dict(diff_distribution())
    assert abs(sum(dist.values()) - 1) < 1e-12 and min(dist) == -4 and max(dist) == 11
    assert dist[3] == dist[4] == max(dist.values()) == 27 / 216
    zone = CentralPlains().zone
    assert p_clear(20, 1, 13, zone) == pytest.approx(1.0) and p_clear(-20, 1, 13, zone) == pytest.approx(0.0)


def test_the_heuristic_defends_its_hq_and_takes_an_open_enemy_hq():
    from game.rulesets.central_plains.actions import Attack, Discard, Move, Stand
    P = CentralPlains.from_position
    g = P({"TONGGUAN": "CHIANG inf", "XUZHOU": "CHIANG inf"}, hands={"CHIANG": ["C12", "C06"]})
    assert ask(g, CentralPlainsAgent(1)) == Move("TONGGUAN", "XIAN", ("infantry",))
    g = P({"BENGBU": "FENG inf inf inf", "NANJING": "CHIANG inf", "XIAN": "FENG inf"}, commander="FENG",
          hands={"FENG": ["F16", "F02", "F03"]})
    g.apply(Attack("BENGBU", "NANJING"))
    g.apply(Discard("F02"))
    g.apply(Discard("F03"))
    assert ask(g, CentralPlainsAgent(1)) == Stand("defend")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_selfplay_runs_for_every_number_of_players(players):
    stats = selfplay("central_plains", 1, 7, ["heuristic"], options={"players": players})
    assert stats.games == 1 and sum(stats.wins.values()) + stats.draws == 1
    assert set(stats.wins) == set(CAMPS)


def test_selfplay_command_line_with_players():
    out = subprocess.run([sys.executable, "-m", "game", "selfplay", "central_plains", "--games", "1", "--seed", "3",
                          "--agents", "random,random,random", "--players", "3", "--json"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    d = json.loads(out.stdout)
    assert d["games"] == 1 and set(d["wins"]) == set(CAMPS)
    bad = subprocess.run([sys.executable, "-m", "game", "selfplay", "central_plains", "--games", "1",
                          "--agents", "random,random,random,random", "--players", "3"], cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "3 seats" in bad.stderr and "one per side" in bad.stderr


@pytest.mark.parametrize("players", [3, 4, 5])
def test_selfplay_with_one_agent_per_camp_gives_every_seat_its_camps_agent(players):
    from game.runner import seat_agents
    g = CentralPlains(seed=1, options={"players": players})
    seated = seat_agents(g, ["heuristic", "random"])
    for s in g.seats:
        assert isinstance(seated[s].agent, CentralPlainsAgent) == (g.seat_side(s) == "central"), s
    g.close()
