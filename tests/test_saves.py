"""Saves and replays: determinism by state hash, and every way a save can be bad."""
from __future__ import annotations
from game.ai import ask

import json
import os

import pytest

from game.__main__ import main
from game.ai.random_agent import RandomAgent
from game.core.errors import SaveError
from game.core.save import load_game, read_save, write_save
from game.rulesets.nomonhan import Nomonhan


def random_game(seed: int, upto: int | None = None) -> Nomonhan:
    g = Nomonhan(seed=seed)
    agents = {"JP": RandomAgent(seed), "SOV": RandomAgent(seed + 99)}
    while not g.is_over() and (upto is None or len(g.history) < upto):
        g.apply(ask(g, agents[g.to_move()]))
    return g


def test_same_seed_and_actions_give_the_same_hash():
    a = random_game(11)
    b = Nomonhan(seed=11)
    for act in a.history:
        b.apply(act)
    assert a.state_hash() == b.state_hash()
    assert [e.to_json() for e in a.events] == [e.to_json() for e in b.events]


def test_a_different_seed_gives_a_different_game():
    assert random_game(11).state_hash() != random_game(12).state_hash()


def test_save_and_replay_round_trip(tmp_path):
    g = random_game(5)
    path = write_save(tmp_path / "g.json", g)
    again = load_game(path)
    assert again.state_hash() == g.state_hash() and again.result() == g.result()


def test_save_mid_game_and_continue(tmp_path):
    g = random_game(6, upto=40)
    again = load_game(write_save(tmp_path / "mid.json", g))
    assert again.to_move() == g.to_move() and again.legal_actions() == g.legal_actions()


def test_snapshot_restore_and_clone():
    g = random_game(7, upto=30)
    snap, h = g.snapshot(), g.state_hash()
    n = len(g.history)
    c = g.clone()
    while not g.is_over():
        g.apply(g.legal_actions()[0])
    assert g.state_hash() != h
    g.restore(snap)
    assert g.state_hash() == h and len(g.history) == n
    assert c.state_hash() == h


def test_save_is_written_atomically_and_leaves_no_temp_files(tmp_path):
    g = random_game(8, upto=10)
    write_save(tmp_path / "a.json", g)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a.json"]
    data = read_save(tmp_path / "a.json")
    assert data["game"] == "nomonhan" and data["version"] == 1 and len(data["actions"]) == 10


def _bad(tmp_path, name, content):
    p = tmp_path / name
    p.write_text(content, encoding="utf-8")
    return p


@pytest.mark.parametrize("content,message", [
    ("{not json", "not valid JSON"),
    ('{"hello": 1}', "not a Sandtable save"),
    ('{"format": "sandtable-save", "version": 99}', "version 99 is not supported"),
    ('{"format": "sandtable-save", "version": 1, "game": "nomonhan", "seed": 1, "options": {}, '
     '"state_hash": "x"}', "field 'actions'"),
    ('{"format": "sandtable-save", "version": 1, "game": "chess", "seed": 1, "options": {}, '
     '"actions": [], "state_hash": "x"}', "unknown game"),
    ('{"format": "sandtable-save", "version": 1, "game": "nomonhan", "seed": 1, "options": {}, '
     '"actions": [{"kind": "nomonhan.move", "unit": "JP_T3", "to": "0101"}], "state_hash": "x"}',
     "action 1 .* is not legal"),
    ('{"format": "sandtable-save", "version": 1, "game": "nomonhan", "seed": 1, "options": {}, '
     '"actions": [{"kind": "warp"}], "state_hash": "x"}', "unknown action kind"),
])
def test_a_damaged_save_gives_one_clear_error(tmp_path, content, message):
    p = _bad(tmp_path, "bad.json", content)
    with pytest.raises(SaveError, match=message):
        load_game(p)


def test_a_hand_edited_save_fails_the_hash_check(tmp_path):
    g = random_game(9, upto=25)
    p = write_save(tmp_path / "e.json", g)
    data = json.loads(p.read_text())
    data["seed"] = 10                                  # same actions, other dice
    p.write_text(json.dumps(data))
    with pytest.raises(SaveError):
        load_game(p)


def test_replay_command_verifies_and_exits_0(tmp_path, capsys):
    p = write_save(tmp_path / "ok.json", random_game(4))
    assert main(["replay", str(p), "--verify"]) == 0
    assert "hash verified" in capsys.readouterr().out


def test_replay_command_on_a_damaged_save_prints_one_line_exits_2_and_overwrites_nothing(tmp_path, capsys):
    p = _bad(tmp_path, "broken.json", '{"format": "sandtable-save", "vers')
    before = (p.read_bytes(), os.stat(p).st_mtime_ns)
    assert main(["replay", str(p), "--verify"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not valid JSON" in err[0]
    assert (p.read_bytes(), os.stat(p).st_mtime_ns) == before
    assert sorted(x.name for x in tmp_path.iterdir()) == ["broken.json"]


def test_golden_replay_hash_is_stable():
    """Guards determinism across runs and machines: regenerate with
    ``python -m game selfplay`` only when the rules change on purpose."""
    golden = os.path.join(os.path.dirname(__file__), "data", "golden_nomonhan.json")
    with open(golden, encoding="utf-8") as f:
        want = json.load(f)
    for case in want["games"]:
        g = random_game(case["seed"])
        assert (len(g.history), g.state_hash()) == (case["actions"], case["hash"]), case["seed"]


def test_the_hash_is_the_same_in_another_process():
    import subprocess
    import sys
    code = "from tests.test_saves import random_game; print(random_game(21).state_hash())"
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    env = dict(os.environ, PYTHONHASHSEED="12345")
    out = subprocess.run([sys.executable, "-c", code], cwd=root, env=env, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == random_game(21).state_hash()


def test_yoshitsune_hash_is_the_same_in_another_process_and_its_save_replays(tmp_path):
    """The hidden-deck game too: same seed and actions, same hash, in any process."""
    import subprocess
    import sys
    code = ("from game.runner import play_one; from game.ai.random_agent import RandomAgent; "
            "g = play_one('yoshitsune', 8, {'MINAMOTO': RandomAgent(1), 'TAIRA': RandomAgent(2)}); "
            "print(g.state_hash())")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outs = {subprocess.run([sys.executable, "-c", code], cwd=root, env=dict(os.environ, PYTHONHASHSEED=s),
                           capture_output=True, text=True, check=True).stdout.strip() for s in ("1", "2")}
    assert len(outs) == 1
    from game.runner import play_one
    g = play_one("yoshitsune", 8, {"MINAMOTO": RandomAgent(1), "TAIRA": RandomAgent(2)})
    assert outs == {g.state_hash()}
    assert load_game(write_save(tmp_path / "y.json", g)).state_hash() == g.state_hash()


def test_across_suez_hash_is_the_same_in_another_process_and_its_save_replays(tmp_path):
    import subprocess
    import sys
    code = ("from game.runner import play_one; from game.ai.random_agent import RandomAgent; "
            "g = play_one('across_suez', 5, {'ISR': RandomAgent(1), 'EGY': RandomAgent(2)}); "
            "print(g.state_hash())")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outs = {subprocess.run([sys.executable, "-c", code], cwd=root, env=dict(os.environ, PYTHONHASHSEED=s),
                           capture_output=True, text=True, check=True).stdout.strip() for s in ("1", "2")}
    from game.runner import play_one
    g = play_one("across_suez", 5, {"ISR": RandomAgent(1), "EGY": RandomAgent(2)})
    assert outs == {g.state_hash()}
    assert load_game(write_save(tmp_path / "s.json", g)).state_hash() == g.state_hash()


def test_the_readme_says_where_saves_are_and_that_a_hotseat_save_shows_every_secret(tmp_path):
    import random
    from pathlib import Path

    from game import paths, rulesets
    from game.core.save import default_save_dir
    readme = (Path(paths.ROOT) / "README.md").read_text(encoding="utf-8")
    folder = f"`{paths.SAVES.relative_to(paths.ROOT)}/`"                 # where the code keeps them
    env = os.environ.pop("SANDTABLE_SAVES", None)
    try:
        assert default_save_dir() == paths.SAVES
    finally:
        if env is not None:
            os.environ["SANDTABLE_SAVES"] = env
    para = " ".join(next((p for p in readme.split("\n\n") if "A save is not secret" in p), "").split())
    for words in (folder, "`SANDTABLE_SAVES`", "seed", "every action of every seat", "secret", "hotseat",
                  "whoever can open the file"):
        assert words in para, words
    # ... and it is so: a hidden-hand game's save holds the seed and every seat's every choice
    g = rulesets.new_game("yoshitsune", seed=7)
    rng = random.Random(7)
    for _ in range(40):
        g.apply(rng.choice(g.legal_actions()))
    data = json.loads(write_save(tmp_path / "hotseat.json", g).read_text(encoding="utf-8"))
    assert data["seed"] == 7 and data["actions"] == [a.to_json() for a in g.history]


# -- the position hash: saves that survive a rearrangement of the game's components --------------

@pytest.mark.parametrize("game_id", ["nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains"])
def test_the_position_hash_is_the_same_in_another_process(game_id):
    """The position hash (public state, every seat's view, who decides, the dice) hashes sets
    and text the same whatever the process's string hashing."""
    import subprocess
    import sys
    code = ("import random; from game import rulesets; from game.core.actions import playable; "
            f"g = rulesets.new_game({game_id!r}, seed=3); r = random.Random(3)\n"
            "for _ in range(150):\n"
            "    if g.is_over(): break\n"
            "    g.apply(r.choice(playable(g.legal_actions())))\n"
            "print(g.position_hash())")
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    outs = {subprocess.run([sys.executable, "-c", code], cwd=root, env=dict(os.environ, PYTHONHASHSEED=s),
                           capture_output=True, text=True, check=True).stdout.strip() for s in ("1", "2")}
    assert len(outs) == 1 and len(next(iter(outs))) == 20


def test_a_save_carries_the_position_hash_and_a_wrong_one_is_refused(tmp_path):
    g = random_game(12, upto=30)
    p = write_save(tmp_path / "p.json", g)
    data = json.loads(p.read_text())
    assert data["position_hash"] == g.position_hash()
    assert load_game(p).position_hash() == g.position_hash()
    data["position_hash"] = "0" * 20
    p.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="position mismatch"):
        load_game(p)


def _older_save(tmp_path, g) -> "os.PathLike":
    """A save as written before saves carried a position hash, by a build whose components
    were laid out otherwise (so its state hash is not today's)."""
    p = write_save(tmp_path / "old.json", g)
    data = json.loads(p.read_text())
    del data["position_hash"]
    data["state_hash"] = "f" * 20
    p.write_text(json.dumps(data))
    return p


def test_an_older_save_whose_components_were_rearranged_still_loads_and_says_so(tmp_path):
    """Saves written before the entities were rearranged (issue 36) replay move by move: every
    action legal, the game loads, and the board says it was made by an earlier version; only the
    strict check (replay --verify) refuses it."""
    from game.client.session import Session
    g = random_game(13, upto=35)
    p = _older_save(tmp_path, g)
    with pytest.raises(SaveError, match="state hash mismatch"):
        load_game(p)
    again = load_game(p, accept_older=True)
    assert again.replayed_older and again.position_hash() == g.position_hash()
    s = Session.load(p)
    assert s.game.position_hash() == g.position_hash() and "earlier version" in s.load_notice
    s.close()
    assert main(["replay", str(p), "--verify"]) == 2


def test_a_save_with_its_position_hash_loads_without_a_notice(tmp_path):
    from game.client.session import Session
    g = random_game(14, upto=20)
    s = Session.load(write_save(tmp_path / "n.json", g))
    assert s.load_notice == "" and not s.game.replayed_older
    s.close()
