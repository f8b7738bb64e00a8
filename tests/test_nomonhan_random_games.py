"""Property tests: seeded random games with the invariants checked after every action."""
from __future__ import annotations
from game.ai import ask

import os

import pytest

from game.ai.random_agent import RandomAgent
from game.rulesets.nomonhan import Nomonhan

GAMES = int(os.environ.get("SANDTABLE_RANDOM_GAMES", "500"))


def check_invariants(g: Nomonhan) -> None:
    st = g.public_state()
    seen: dict[str, str] = {}
    for u in st["units"]:
        h = u["hex"]
        assert 0 <= u["steps_lost"] <= u["max_steps"], u
        if u["eliminated"]:
            assert h is None and u["steps_lost"] == u["max_steps"], u
        if h is not None:
            assert h not in seen, f"two units in {h}: {seen[h]} and {u['key']}"   # no stacking
            seen[h] = u["key"]
            assert u["steps_lost"] < u["max_steps"], u
            assert g.facts.board.cell(h).terrain != "impassable", u
    assert 1 <= st["turn"] <= 8
    lost = {"JP": 0, "SOV": 0}
    for u in st["units"]:
        lost[u["side"]] += u["steps_lost"] * (2 if u["tank"] else 1)
    assert st["score"] == {"JP": lost["SOV"], "SOV": lost["JP"]}     # points = enemy steps lost
    if not g.is_over():
        assert g.legal_actions(), "a live game always has a legal action"


def play(seed: int, check_every: bool = True) -> Nomonhan:
    g = Nomonhan(seed=seed)
    agents = {"JP": RandomAgent(seed * 2 + 1), "SOV": RandomAgent(seed * 2 + 2)}
    n = 0
    while not g.is_over():
        g.apply(ask(g, agents[g.to_move()]))
        n += 1
        if check_every:
            check_invariants(g)
        assert n < 5000, "game did not end"
    check_invariants(g)
    r = g.result()
    assert r is not None and r.winner in ("JP", "SOV", None)
    return g


def listing_from_scratch(g: Nomonhan) -> list:
    """The legal actions as a copy that kept no memo computes them."""
    c = g.clone(with_log=False)
    c.invalidate()
    c._unit_searches.clear()
    got = c.legal_actions()
    c.close()
    return got


def test_memos_agree_with_a_fresh_reading_after_every_action():
    """The memos patched after a move, the searches kept while friendly units move and the
    searches shared between states must list exactly what a fresh reading lists."""
    for seed in range(40):
        g = Nomonhan(seed=seed)
        agents = {"JP": RandomAgent(seed * 2 + 1), "SOV": RandomAgent(seed * 2 + 2)}
        while not g.is_over():
            assert g.legal_actions() == listing_from_scratch(g)
            g.apply(ask(g, agents[g.to_move()]))
        g.close()


@pytest.mark.parametrize("block", range(10))
def test_random_games_keep_the_invariants(block):
    per = GAMES // 10
    for seed in range(block * per, (block + 1) * per):
        g = play(seed)
        g.close()


@pytest.mark.soak
def test_soak_many_random_games():
    for seed in range(10_000, 10_000 + int(os.environ.get("SANDTABLE_SOAK_GAMES", "20000"))):
        play(seed, check_every=seed % 10 == 0).close()
