"""Where the data folders are: maps/, sprites/, audio/, fonts/ and locale/.

Run from a checkout, they are the folders beside ``game/`` (the repo root);
installed from a wheel (``pip install .``, ``pipx install``), they are inside
the package, ``game/_data/`` (setup.py puts them there). :data:`DATA` is
whichever this is; nothing else needs to know.

Saves go to ``saves/`` in a checkout, and to the user's data folder
(``$XDG_DATA_HOME/sandtable/saves``, else ``~/.local/share/sandtable/saves``)
when installed; ``$SANDTABLE_SAVES`` overrides both (game.core.save).

Maps can be read from another folder: set the environment variable
``SANDTABLE_MAPS`` to a folder laid out like ``maps/`` (the TMX files, with
``tiles/`` next to them). Rulesets and the client find every map through
:func:`map_path`, so the variable reaches all of them.
"""
import os
from pathlib import Path

#: the ``game`` package
PKG = Path(__file__).resolve().parent
#: the folder holding ``game/`` (a checkout's root; site-packages when installed)
ROOT = PKG.parent
#: a checkout: the repo's own files are around the package
CHECKOUT = (ROOT / "pyproject.toml").is_file() and (ROOT / "maps").is_dir()
#: the folder holding maps/, sprites/, audio/, fonts/ and locale/
DATA = ROOT if CHECKOUT or not (PKG / "_data").is_dir() else PKG / "_data"

MAPS = DATA / "maps"
SPRITES = DATA / "sprites"
AUDIO = DATA / "audio"
FONTS = DATA / "fonts"
LOCALE = DATA / "locale"


def _user_saves() -> Path:
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "sandtable" / "saves"


SAVES = ROOT / "saves" if CHECKOUT else _user_saves()

MAPS_ENV = "SANDTABLE_MAPS"


def maps_dir() -> Path:
    """The maps folder: ``$SANDTABLE_MAPS`` if set, else :data:`MAPS` (read at each call)."""
    env = os.environ.get(MAPS_ENV, "").strip()
    return Path(env) if env else MAPS


def map_path(name: str) -> str:
    """The file of a map named as in a ruleset's data.json, ``"maps/nomonhan.tmx"``
    (or just ``"nomonhan.tmx"``), inside :func:`maps_dir`."""
    rel = Path(name)
    if rel.parts and rel.parts[0] == "maps":
        rel = Path(*rel.parts[1:])
    return str(maps_dir() / rel)
