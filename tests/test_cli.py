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
