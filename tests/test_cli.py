"""The command line: map-info and friends."""
from __future__ import annotations

import json

from game.__main__ import main


def test_map_info_json_has_the_documented_shape(capsys):
    assert main(["map-info", "maps/nomonhan.tmx", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    assert (d["orientation"], d["staggeraxis"], d["staggerindex"], d["width"], d["height"]) == (
        "hexagonal", "y", "odd", 8, 7)
    cell = {c["name"]: c for c in d["cells"]}["0207"]
    assert (cell["x"], cell["y"]) == (6, 1)
    assert sorted(cell["neighbours"]) == sorted(["0206", "0208", "0107", "0108", "0307", "0308"])


def test_map_info_on_a_bad_map_prints_one_line_and_exits_2(tmp_path, capsys):
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map", encoding="utf-8")
    assert main(["map-info", str(bad), "--json"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "bad.tmx" in err[0]


def test_count_instructions_divides_the_games_by_their_number(monkeypatch, capsys):
    """tools/count_instructions.py: (N+1 games - 1 game) / N, from valgrind's own line."""
    import importlib.util
    import shutil
    import subprocess
    from pathlib import Path
    spec = importlib.util.spec_from_file_location(
        "count_instructions", Path(__file__).resolve().parents[1] / "tools" / "count_instructions.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)

    def fake_run(cmd, **kw):
        games = int(cmd[cmd.index("--games") + 1])
        refs = f"{700_000_000 + (games - 1) * 60_000_000:,}"
        stats = '{"games": %d, "mean_actions": 100.0}' % games
        return subprocess.CompletedProcess(cmd, 0, stats + "\n", f"==1== I   refs:      {refs}\n")
    monkeypatch.setattr(shutil, "which", lambda name: "/usr/bin/valgrind")
    monkeypatch.setattr(subprocess, "run", fake_run)
    assert mod.main(["--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "60.0 M instructions per random game" in out and "600.0 k per action" in out


def test_selfplay_takes_options_and_refuses_unknown_ones(capsys):
    from game.__main__ import main
    assert main(["selfplay", "nomonhan", "--games", "2", "--agents", "random",
                 "--option", "artillery_on_defense=true", "--json"]) == 0
    assert '"games": 2' in capsys.readouterr().out
    assert main(["selfplay", "nomonhan", "--games", "1", "--agents", "random", "--option", "bogus=1"]) == 2
    assert "unknown option 'bogus'" in capsys.readouterr().err
    assert main(["selfplay", "nomonhan", "--games", "1", "--agents", "random", "--players", "3"]) == 2
    assert "unknown option 'players'" in capsys.readouterr().err
