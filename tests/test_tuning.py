"""Hard's tuned weights (game/ai/tuning.py; each heuristic's TUNABLE and TUNED)."""
from __future__ import annotations

import importlib
import json

import pytest

from game import rulesets
from game.ai import agent_class, decide
from game.ai import tuning
from game.ai.tuning import heuristic_module, overlay, tunable, tunable_games, tuned, tuned_heuristic, written

GAMES = tunable_games()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_tunable_weight_is_a_number_or_a_table_of_numbers(game_id):
    for k, v in written(game_id).items():
        vals = v.values() if isinstance(v, dict) else [v]
        assert all(isinstance(x, (int, float)) for x in vals), (game_id, k, v)


def test_every_playable_game_lists_its_tunable_weights():
    assert GAMES == rulesets.available()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tuned_set_names_only_tunable_weights_in_their_shape(game_id):
    entry = tuning.tuned_set(game_id)
    if entry:
        tuning.check(game_id, entry.get("weights") or {})
        g = rulesets.new_game(game_id, seed=1)
        sides = {g.seat_side(s) for s in g.seats}
        g.close()
        for side, w in (entry.get("sides") or {}).items():
            assert side in sides, (game_id, side)
            tuning.check(game_id, w)
        assert entry.get("why"), f"{game_id}: a tuned set says why it was kept"
        assert entry.get("measured"), f"{game_id}: a tuned set gives the match that kept it"


def test_a_weight_that_is_not_tunable_is_refused():
    with pytest.raises(KeyError):
        tuning.check("yoshitsune", {"WIN": 1.0})
    with pytest.raises(ValueError):
        tuning.check("sino_japanese", {"W_DANGER": 0.5})


@pytest.mark.parametrize("game_id", GAMES)
def test_an_overlay_puts_the_written_values_back_even_after_an_error(game_id):
    mod = heuristic_module(game_id)
    before = written(game_id)
    k = tunable(game_id)[0]
    v = before[k]
    other = {s: x * 2 + 1 for s, x in v.items()} if isinstance(v, dict) else v * 2 + 1
    with pytest.raises(RuntimeError):
        with overlay(game_id, {k: other}):
            assert getattr(mod, k) == other
            raise RuntimeError("boom")
    assert written(game_id) == before


def test_the_tuned_heuristic_plays_its_weights_and_only_while_it_chooses():
    mod = importlib.import_module("game.ai.yoshitsune")
    base = agent_class("heuristic", "yoshitsune")
    seen = []

    class Spy(base):
        def _v(self, st):
            seen.append(mod.W_BASE)
            return super()._v(st)

    cls = tuned_heuristic("yoshitsune", {"W_BASE": 99.0}, Spy)
    g = rulesets.new_game("yoshitsune", seed=3)
    for _ in range(40):
        if g.pending() is None:
            break
        g.apply(decide(g, g.to_move(), cls(1), 7))
    g.close()
    assert seen and set(seen) == {99.0}
    assert mod.W_BASE == 30.0


@pytest.mark.parametrize("game_id", GAMES)
def test_hard_plays_the_tuned_set_and_normal_the_written_one(game_id):
    hard = agent_class("hard", game_id)(1, iterations=2)
    g = rulesets.new_game(game_id, seed=1)
    for side in dict.fromkeys(g.seat_side(s) for s in g.seats):
        assert hard.weights(side) == tuned(game_id, side)
    g.close()
    normal = agent_class("normal", game_id)(1)
    g = rulesets.new_game(game_id, seed=1)
    assert all(normal.weights(g.seat_side(s)) == {} for s in g.seats)    # the written ones
    g.close()


def test_hard_plays_each_side_its_own_set_and_puts_the_written_ones_back(monkeypatch):
    mod = importlib.import_module("game.ai.yoshitsune")
    monkeypatch.setattr(mod, "TUNED", {"weights": {"W_AREA": 5.0}, "sides": {"TAIRA": {"W_BASE": 77.0}}})
    cls = agent_class("hard", "yoshitsune")
    seen = {}

    def spy(self, view):
        seen[view.seat_side(view.pending().seat)] = (mod.W_BASE, mod.W_AREA)
        return view.legal_actions()[0]

    monkeypatch.setattr(cls, "_choose", spy)
    g = rulesets.new_game("yoshitsune", seed=3)
    agent = cls(1)
    while len(seen) < 2 and g.pending() is not None:
        g.apply(decide(g, g.to_move(), agent, 7))
    g.close()
    assert seen == {"TAIRA": (77.0, 5.0), "MINAMOTO": (30.0, 5.0)}
    assert (mod.W_BASE, mod.W_AREA) == (30.0, 4.0)


def test_the_tuning_tool_plays_a_set_on_both_sides_and_reports_its_score(capsys):
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tools"))
    import tune_ai
    assert tune_ai.main(["match", "yoshitsune", "--weights", "{}", "--games", "1", "--seed", "5",
                         "--jobs", "1"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    # the written weights against themselves: the same game twice, one win each way
    assert out["games"] == 2 and out["score"] == 0.5
    assert set(out["by_side"]) == {"MINAMOTO", "TAIRA"}
    with pytest.raises(KeyError):
        tune_ai.main(["match", "yoshitsune", "--weights", '{"NOPE": 1}', "--games", "1", "--jobs", "1"])
