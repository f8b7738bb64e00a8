"""Small persisted user settings in a JSON file: effects and music volume, mute,
animation speed, AI pace, how long the dice popup stays, fullscreen, interface
scale, palette and language (see :data:`DEFAULTS` and :data:`CHOICES`).

The folder is ``$SANDTABLE_CONFIG`` if set (tests point it at a temp dir),
else ``$XDG_CONFIG_HOME/sandtable``, else ``~/.config/sandtable``.
"""
from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from game.core.save import clean_temp_files, read_json_file

from .i18n import LANGUAGES, from_environment

DEFAULTS: dict[str, Any] = {
    "volume": 0.7,              # sound effects, 0..1
    "music_volume": 0.5,        # music, 0..1
    "muted": False,
    "anim_speed": 1.0,          # animations run this much faster; 0 = instant (no animation)
    "ai_pace": "normal",        # the least time an AI move stays on show (AI_PACE_SECONDS)
    "dice_popup": 0.0,          # seconds the dice popup stays; 0 = until the next action or a click
    "fullscreen": False,
    "ui_scale": 1.0,            # interface scale (text and panels); see game.client.app
    "palette": "standard",      # or "colourblind": Okabe-Ito side colours and a glyph per side
    #: interface language code (i18n.LANGUAGES); "" until chosen: the
    #: environment's ($SANDTABLE_LANG, $LANG ...) if one of ours, else English
    "language": "",
}
#: the values a setting may take (a value outside these in the file falls back to the default)
CHOICES: dict[str, tuple] = {
    "anim_speed": (0.5, 1.0, 2.0, 0.0),
    "ai_pace": ("fast", "normal", "slow"),
    "dice_popup": (0.0, 1.5, 3.0, 5.0),
    "ui_scale": (0.8, 1.0, 1.25, 1.5),
    "palette": ("standard", "colourblind"),
}
#: settings that are a fraction 0..1
FRACTIONS = ("volume", "music_volume")
#: ai_pace: the least seconds an AI move is on show before the next one is applied
AI_PACE_SECONDS = {"fast": 0.25, "normal": 0.6, "slow": 1.4}


def config_dir() -> Path:
    env = os.environ.get("SANDTABLE_CONFIG")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "sandtable"


#: settings are a few short values: a larger file is not read
MAX_SETTINGS_BYTES = 64 * 1024


class SettingsError(Exception):
    """(internal) why a settings file was not used."""


class Settings:
    """The settings in ``path``. A missing file gives the defaults quietly; a damaged
    or crafted one (not JSON, too large, deeply nested, not an object, a value of the
    wrong type or out of range, unknown keys) gives the defaults for what is wrong,
    one line in :attr:`warning` (also printed on stderr), and never raises."""

    def __init__(self, path: Path | None = None, *, quiet: bool = False):
        self.path = path or config_dir() / "settings.json"
        self.values: dict[str, Any] = dict(DEFAULTS)
        self.warning = ""
        clean_temp_files(self.path.parent, prefix=".settings.", suffix="")
        try:
            data = read_json_file(self.path, MAX_SETTINGS_BYTES, "settings", SettingsError)
        except SettingsError as e:
            if self.path.exists() or self.path.is_symlink():
                self.warning = f"{e}; using the default settings"
            data = {}
        if not isinstance(data, dict):
            self.warning = f"{self.path}: damaged settings, not a JSON object; using the default settings"
            data = {}
        ignored = []
        for k, v in data.items():
            d = DEFAULTS.get(k)
            if k in DEFAULTS and (type(v) is type(d) or (type(d) is float and type(v) is int)):
                self.values[k] = v
            else:
                ignored.append(k)
        for k in FRACTIONS:
            vol = float(self.values[k])
            if not 0.0 <= vol <= 1.0:                   # (also NaN)
                ignored.append(k)
                vol = DEFAULTS[k]
            self.values[k] = vol
        for k, allowed in CHOICES.items():
            v = self.values[k]
            if type(DEFAULTS[k]) is float:
                v = float(v)
            if v not in allowed:
                ignored.append(k)
                v = DEFAULTS[k]
            self.values[k] = v
        if self.values["language"] and self.values["language"] not in LANGUAGES:
            ignored.append("language")
            self.values["language"] = DEFAULTS["language"]
        if ignored and not self.warning:
            shown = ", ".join(repr(k[:30]) for k in ignored[:5]) + (", …" if len(ignored) > 5 else "")
            self.warning = f"{self.path}: ignored unknown or bad settings {shown}; using the defaults for them"
        if self.warning and not quiet:
            print(f"settings: {self.warning}", file=sys.stderr)

    def language(self) -> str:
        """The interface language to use: $SANDTABLE_LANG if set (a one-off, e.g. for a
        screenshot), else the one chosen in settings, else the environment's, else English."""
        env = os.environ.get("SANDTABLE_LANG")
        return from_environment() if env or not self.values["language"] else self.values["language"]

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.values[key] = value
        self.save()

    def save(self) -> None:
        tmp = None
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".settings.", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.values, f, indent=1)
                f.flush()
                os.fsync(f.fileno())
            os.replace(tmp, self.path)
        except OSError:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass
            # a read-only home must not stop play
