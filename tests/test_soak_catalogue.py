"""``make soak`` for every ready game in the catalogue, so a game that becomes
ready is soaked from that day on: seeded random games checked against what the
kernel promises of any game (its own invariants are in its own random-games
tests, which have soak tests of their own)."""
from __future__ import annotations

import os
import re
from pathlib import Path

import esper
import pytest

from game import rulesets
from game.ai import ask
from game.ai.random_agent import RandomAgent

GAMES = int(os.environ.get("SANDTABLE_SOAK_GAMES", "2000"))
MAX_ACTIONS = 50_000


def play_checked(game_id: str, seed: int) -> None:
    g = rulesets.new_game(game_id, seed)
    agents = {s: RandomAgent(seed * 7 + i) for i, s in enumerate(g.seats)}
    n = 0
    while (d := g.pending()) is not None:
        legal = g.legal_actions()
        assert legal, f"{game_id} seed {seed}: {d.seat} must decide but has no legal action"
        assert d.seat in g.seats
        a = ask(g, agents[d.seat])
        assert a in legal
        g.apply(a)
        n += 1
        assert n < MAX_ACTIONS, f"{game_id} seed {seed}: no end after {n} actions"
    r = g.result()
    assert r is not None and r.reason, f"{game_id} seed {seed}: over without a result"
    assert {s for s, _ in r.returns} == set(g.seats)
    assert g.legal_actions() == [] and g.to_move() is None
    for s in g.seats:
        g.observation(s)
    name = g.world.name
    g.close()
    assert name not in esper.list_worlds()


@pytest.mark.soak
@pytest.mark.parametrize("game_id", rulesets.available())
def test_soak_random_games_of_every_ready_game(game_id):
    for seed in range(50_000, 50_000 + GAMES):
        play_checked(game_id, seed)


def test_the_catalogue_soak_plays_one_game_of_each():
    for game_id in rulesets.available():
        play_checked(game_id, 1)


def test_make_soak_runs_the_random_game_invariant_soaks_of_every_ready_game():
    tests = Path(__file__).parent
    make = (tests.parent / "Makefile").read_text(encoding="utf-8")
    assert re.search(r"^soak:.*\n(\t.*\n)*\t.*pytest -m soak", make, re.M), "make soak runs the soak marker"
    for game_id in rulesets.available():
        f = tests / f"test_{game_id}_random_games.py"
        assert f.exists(), f"{game_id} has no random-game invariant tests"
        assert "@pytest.mark.soak" in f.read_text(encoding="utf-8"), f"{f.name} has no soak test"
