"""Rules regressions caught by numbers: perft counts and golden playthroughs
(written by tools/golden.py; rerun it only for a change meant to change a game)."""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import rulesets
from game.core.actions import action_from_json

from tools.golden import DATA, obs_hash, reach_of, replay

GAMES = rulesets.available()


def _load(kind: str, game_id: str) -> dict:
    p = DATA / kind / f"{game_id}.json"
    assert p.exists(), f"{p} is missing: run python tools/golden.py --game {game_id}"
    return json.loads(p.read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", GAMES)
def test_perft_counts(game_id):
    data = _load("perft", game_id)
    assert {p["name"] for p in data["positions"]} >= {"start", "mid-game", "busy combat"}
    for pos in data["positions"]:
        g = replay(game_id, pos["seed"], pos["actions"])
        d = g.pending()
        where = f"{game_id} {pos['name']}"
        assert (d.seat if d else None) == pos["to_move"], where
        assert (d.kind if d else None) == pos["decision"], where
        assert len(g.legal_actions()) == pos["legal_actions"], where
        if "reach" in pos:
            got = dict(sorted(g.reachable(pos["reach"]["unit"]).items()))
            assert got == pos["reach"]["hexes"], where
        assert ("reach" in pos) == (reach_of(g) is not None), where
        g.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_golden_playthrough(game_id):
    data = _load("golden", game_id)
    g = rulesets.new_game(game_id, seed=data["seed"])
    for i, step in enumerate(data["steps"]):
        where = f"{game_id} step {i}"
        assert len(g.legal_actions()) == step["legal"], where
        assert {s: obs_hash(g.observation(s)) for s in g.seats} == step["obs"], where
        if step["action"] is None:
            assert g.is_over(), where
            break
        a = action_from_json(step["action"])
        assert a in g.legal_actions(), where
        g.apply(a)
    if data["result"] is not None:
        r = g.result()
        assert {"winner": r.winner, "reason": r.reason} == data["result"]
    g.close()
