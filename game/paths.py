"""Where the data folders are (the repo root holds maps/, sprites/, audio/, fonts/).

Maps can be read from another folder: set the environment variable
``SANDTABLE_MAPS`` to a folder laid out like ``maps/`` (the TMX files, with
``tiles/`` next to them). Rulesets and the client find every map through
:func:`map_path`, so the variable reaches all of them.
"""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SPRITES = ROOT / "sprites"
AUDIO = ROOT / "audio"
FONTS = ROOT / "fonts"
SAVES = ROOT / "saves"

MAPS_ENV = "SANDTABLE_MAPS"


def maps_dir() -> Path:
    """The maps folder: ``$SANDTABLE_MAPS`` if set, else ``maps/`` in the repo (read at each call)."""
    env = os.environ.get(MAPS_ENV, "").strip()
    return Path(env) if env else MAPS


def map_path(name: str) -> str:
    """The file of a map named as in a ruleset's data.json, ``"maps/nomonhan.tmx"``
    (or just ``"nomonhan.tmx"``), inside :func:`maps_dir`."""
    rel = Path(name)
    if rel.parts and rel.parts[0] == "maps":
        rel = Path(*rel.parts[1:])
    return str(maps_dir() / rel)
