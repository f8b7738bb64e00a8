"""Installed like real software: the wheel carries the maps, art, sound, fonts and
catalogues, and the installed game runs from any folder (issue 39).

The full check builds the wheel, installs it into a new virtual environment and
runs a headless screenshot and a self-play game from another folder: it takes a
minute or two and fetches the dependencies, so it is in ``make soak``. The fast
tests check how game/paths.py finds the data folders.
"""
from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DATA_FOLDERS = ("maps", "sprites", "audio", "fonts", "locale")


def test_a_checkout_reads_its_data_beside_the_package():
    from game import paths
    assert paths.CHECKOUT and paths.DATA == ROOT
    assert paths.MAPS == ROOT / "maps" and paths.LOCALE == ROOT / "locale"
    assert paths.SAVES == ROOT / "saves"


def test_an_installed_package_reads_its_data_inside_itself_and_saves_in_the_user_folder(tmp_path):
    """A copy of paths.py in a package laid out as the wheel installs it (no pyproject.toml
    beside it, the data folders in game/_data) finds them there, and saves in the user's data
    folder, not in site-packages."""
    site = tmp_path / "site-packages"
    pkg = site / "game"
    (pkg / "_data" / "maps").mkdir(parents=True)
    (pkg / "paths.py").write_text((ROOT / "game" / "paths.py").read_text(encoding="utf-8"), encoding="utf-8")
    code = ("import importlib.util, sys; s = importlib.util.spec_from_file_location('p', sys.argv[1]); "
            "p = importlib.util.module_from_spec(s); s.loader.exec_module(p); "
            "print(p.CHECKOUT, p.DATA, p.MAPS, p.SAVES, sep='\\n')")
    env = dict(os.environ, XDG_DATA_HOME=str(tmp_path / "share"))
    out = subprocess.run([sys.executable, "-c", code, str(pkg / "paths.py")], capture_output=True, text=True,
                         env=env, check=True).stdout.splitlines()
    assert out == ["False", str(pkg / "_data"), str(pkg / "_data" / "maps"),
                   str(tmp_path / "share" / "sandtable" / "saves")]


@pytest.mark.soak
def test_the_wheel_installs_into_a_clean_venv_and_plays_from_another_folder(tmp_path):
    """``make dist``'s wheel in a new venv: ``sandtable`` on its PATH, run from an empty
    folder, draws a board (a headless screenshot) and plays a game to its end."""
    dist = tmp_path / "dist"
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dist), str(ROOT)],
                   check=True, timeout=600)
    (wheel,) = dist.glob("sandtable-*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    for folder in DATA_FOLDERS:
        assert any(n.startswith(f"game/_data/{folder}/") for n in names), folder
    assert "game/_data/maps/nomonhan.tmx" in names and "game/rulesets/nomonhan/data.json" in names
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, timeout=300)
    subprocess.run([str(venv / "bin" / "python"), "-m", "pip", "install", "-q", str(wheel)], check=True, timeout=900)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", HOME=str(tmp_path / "home"))
    for k in ("PYTHONPATH", "SANDTABLE_MAPS", "SANDTABLE_SAVES", "SANDTABLE_CONFIG"):
        env.pop(k, None)
    exe = str(venv / "bin" / "sandtable")
    shot = elsewhere / "board.png"
    subprocess.run([exe, "screenshot", "yoshitsune", "--scene", "board", "--lang", "ja", "--out", str(shot)],
                   cwd=elsewhere, env=env, check=True, timeout=300)
    assert shot.stat().st_size > 20_000
    run = subprocess.run([exe, "selfplay", "nomonhan", "--games", "1", "--seed", "1"], cwd=elsewhere, env=env,
                         capture_output=True, text=True, check=True, timeout=300)
    assert "1 games" in run.stdout
    assert sorted(p.name for p in elsewhere.iterdir()) == ["board.png"]     # nothing else written here
