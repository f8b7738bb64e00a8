"""A game on a bad map: every command reports one line and exits 2, and a terrain
the ruleset does not know is refused by name. The maps are copies in a
temporary folder that SANDTABLE_MAPS points at (game/paths.py)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game import paths, rulesets
from game.core.data import load_json
from game.core.errors import MapError
from game.core.save import write_save

ROOT = Path(__file__).resolve().parents[1]
BRIDGE = 'name="Soviet bridge" type="bridge" x="140"'


def copy_maps(dest: Path) -> Path:
    shutil.copytree(ROOT / "maps", dest)
    return dest


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.fixture(scope="module")
def broken(tmp_path_factory) -> Path:
    """maps/ with the Soviet bridge of nomonhan.tmx moved 10 px off its hexside."""
    d = copy_maps(tmp_path_factory.mktemp("broken") / "maps")
    edit(d / "nomonhan.tmx", BRIDGE, BRIDGE.replace('x="140"', 'x="150"'))
    return d


@pytest.fixture(scope="module")
def save(tmp_path_factory) -> Path:
    """A Nomonhan save made on the real map."""
    g = rulesets.new_game("nomonhan", seed=3)
    for _ in range(3):
        g.apply(g.legal_actions()[0])
    p = write_save(tmp_path_factory.mktemp("saves") / "nomonhan.json", g)
    g.close()
    return p


def run(args: list[str], maps: Path, tmp: Path, timeout: float = 300) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT), paths.MAPS_ENV: str(maps), "PYTHONWARNINGS": "ignore",
           "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "SANDTABLE_CONFIG": str(tmp / "config"), "SANDTABLE_SAVES": str(tmp / "saves")}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True,
                          env=env, cwd=tmp, timeout=timeout)


# -- the maps folder ----------------------------------------------------------------------------

def test_maps_are_found_in_the_folder_sandtable_maps_names(monkeypatch, tmp_path):
    assert paths.map_path("maps/nomonhan.tmx") == str(ROOT / "maps" / "nomonhan.tmx")
    monkeypatch.setenv(paths.MAPS_ENV, str(tmp_path))
    assert paths.map_path("maps/nomonhan.tmx") == str(tmp_path / "nomonhan.tmx")
    assert paths.map_path("nomonhan.tmx") == str(tmp_path / "nomonhan.tmx")


def test_a_ruleset_loads_its_map_from_that_folder(monkeypatch, broken):
    monkeypatch.setenv(paths.MAPS_ENV, str(broken))
    with pytest.raises(MapError) as e:
        rulesets.new_game("nomonhan", seed=1)
    assert str(e.value) == (f'{broken / "nomonhan.tmx"}: object 2 "Soviet bridge" (bridge): point (150,208) '
                            "is not at a hexside midpoint (within 7 px)")


# -- every command: one line, exit 2 ------------------------------------------------------------

BAD_OBJECT = 'nomonhan.tmx: object 2 "Soviet bridge" (bridge): point (150,208) is not at a hexside midpoint'


@pytest.mark.parametrize("args", [
    ["selfplay", "nomonhan", "--games", "1"],
    ["bench", "--game", "nomonhan", "--seconds", "0.1", "--no-client"],
    ["screenshot", "nomonhan", "--out", "shot.png"],
    ["demo"],
    ["replay", "{save}", "--verify"],
    ["play", "--load", "{save}"],
    ["map-info", "{maps}/nomonhan.tmx"],
], ids=lambda a: a[0])
def test_a_broken_map_object_is_one_line_and_exit_2(args, broken, save, tmp_path):
    args = [a.format(save=save, maps=broken) for a in args]
    r = run(args, broken, tmp_path)
    err = r.stderr.strip().splitlines()
    assert r.returncode == 2, r.stderr
    assert err == [f"{args[0]}: {broken / 'nomonhan.tmx'}{BAD_OBJECT.removeprefix('nomonhan.tmx')} (within 7 px)"]


@pytest.mark.parametrize("game_id", ["nomonhan", "across_suez", "yoshitsune"])
def test_a_missing_map_file_is_one_line_and_exit_2(game_id, tmp_path):
    empty = tmp_path / "no_maps"
    empty.mkdir()
    r = run(["selfplay", game_id, "--games", "1"], empty, tmp_path)
    assert r.returncode == 2
    assert r.stderr.strip().splitlines() == [f"selfplay: {empty / (game_id + '.tmx')}: no such file"]


# -- values the ruleset does not know --------------------------------------------------------------

SWAMP = ('<object id="900" name="Bog" type="cell" x="0" y="0"><properties>'
         '<property name="cell" value="{cell}"/><property name="terrain" value="swamp"/></properties>'
         '<point/></object>\n </objectgroup>')


@pytest.mark.parametrize("game_id, cell, allowed", [
    ("nomonhan", "hex 0304", "clear, hill, impassable"),
    ("across_suez", "hex 0510", "clear, elevated_sand, chinese_farm, lake"),
    ("yoshitsune", "region kita_kanto", "land, sea, offboard"),
])
def test_a_terrain_the_ruleset_does_not_know_is_refused_by_name(game_id, cell, allowed, monkeypatch, tmp_path):
    maps = copy_maps(tmp_path / "maps")
    tmx = maps / f"{game_id}.tmx"
    if game_id == "yoshitsune":      # an area map: the region's own terrain property
        edit(tmx, '<property name="terrain" value="land"/>', '<property name="terrain" value="swamp"/>')
    else:                            # a hex map: a cell object over the hex
        edit(tmx, "\n </objectgroup>", "\n  " + SWAMP.format(cell=cell.split()[1]))
    monkeypatch.setenv(paths.MAPS_ENV, str(maps))
    with pytest.raises(MapError) as e:
        rulesets.new_game(game_id, seed=1)
    assert str(e.value) == f'{tmx}: {cell}: terrain "swamp" is not one of {allowed}'


def test_each_ruleset_declares_the_terrains_of_its_map():
    for game_id in ("nomonhan", "across_suez", "yoshitsune"):
        g = rulesets.new_game(game_id, seed=1)        # the real maps pass their own check
        assert {c.terrain for c in g.board.cells.values()} <= set(g.data["map_cells"]["terrain"])
        g.close()
    suez = load_json(str(ROOT / "game" / "rulesets" / "across_suez" / "data.json"))
    assert set(suez["map_cells"]["terrain"]) == set(suez["terrain_effects"]["terrain"])


def test_replay_in_a_fresh_process_finds_the_game(save, tmp_path):
    r = run(["replay", str(save), "--verify"], ROOT / "maps", tmp_path)
    assert r.returncode == 0 and "hash verified" in r.stdout, r.stderr


# -- damaged maps: refused at once, one line -------------------------------------------------------
# The terrain layer of maps/nomonhan.tmx is 8 x 7 tiles of the tileset "terrain" (gids 1-4).

FIRST_ROW, LAST_ROW = "2,2,2,2,2,2,1,1,", ",\n4,4,4,4,4,4,4,4\n"
DAMAGED = {
    "a tile in no tileset": (FIRST_ROW, "2,2,9,2,2,2,1,1,",
                             "tile layer \"terrain\": the tile at (2,0) is gid 9, which no tileset of the map "
                             "holds (tilesets: \"terrain\" from gid 1)"),
    "a short terrain layer": (LAST_ROW, "\n",
                              "tile layer \"terrain\" has 48 tile values, not 8 x 7 = 56 (the map's width x "
                              "height): the layer data is damaged"),
    "a huge header": ('width="8" height="7" tilewidth', 'width="800000" height="7000000" tilewidth',
                      "the map is 800,000 x 7,000,000 tiles, over the limit of 1,000 tiles a side and 250,000 "
                      "in all"),
}


def damaged(tmp_path: Path, name: str) -> Path:
    maps = copy_maps(tmp_path / "maps")
    old, new, _ = DAMAGED[name]
    edit(maps / "nomonhan.tmx", old, new)
    return maps


@pytest.mark.parametrize("name", DAMAGED)
def test_a_damaged_map_is_one_line_and_exit_2_at_once(name, tmp_path):
    maps = damaged(tmp_path, name)
    tmx = maps / "nomonhan.tmx"
    r = run(["map-info", str(tmx)], maps, tmp_path, timeout=30)      # (a map that hangs fails, not the suite)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().splitlines() == [f"map-info: {tmx}: {DAMAGED[name][2]}"]


@pytest.mark.parametrize("name", ["a tile in no tileset", "a short terrain layer"])
def test_a_game_on_a_damaged_map_does_not_start_and_says_why(name, monkeypatch, tmp_path):
    import time
    maps = damaged(tmp_path, name)
    monkeypatch.setenv(paths.MAPS_ENV, str(maps))
    t = time.perf_counter()
    with pytest.raises(MapError) as e:
        rulesets.new_game("nomonhan", seed=1)
    assert time.perf_counter() - t < 0.5
    assert str(e.value) == f"{maps / 'nomonhan.tmx'}: {DAMAGED[name][2]}"


def test_a_map_at_the_size_limit_is_read(tmp_path):
    from game.core.tmx import MAX_MAP_SIDE, MAX_MAP_TILES, clear_cache, load_board
    w, h = MAX_MAP_SIDE, MAX_MAP_TILES // MAX_MAP_SIDE
    p = tmp_path / "wide.tmx"
    p.write_text('<?xml version="1.0"?><map orientation="orthogonal" width="%d" height="%d" tilewidth="32" '
                 'tileheight="32" infinite="0"><objectgroup id="1" name="n"><object id="1" name="A" x="10" '
                 'y="10"><point/></object></objectgroup></map>' % (w, h), encoding="utf-8")
    assert (load_board(p).width, load_board(p).height) == (w, h)
    p.write_text(p.read_text().replace(f'height="{h}"', f'height="{h + 1}"'), encoding="utf-8")
    clear_cache()
    with pytest.raises(MapError, match="over the limit"):
        load_board(p)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_map_path_that_is_a_named_pipe_is_refused_without_waiting(tmp_path):
    fifo = tmp_path / "pipe.tmx"
    os.mkfifo(fifo)
    r = run(["map-info", str(fifo)], ROOT / "maps", tmp_path, timeout=30)
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().splitlines() == [f"map-info: {fifo}: is not a regular file (a pipe or a device?), "
                                             "not a TMX map"]
