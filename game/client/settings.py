"""Small persisted user settings (volume, mute, fullscreen, language) in a JSON file.

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

DEFAULTS: dict[str, Any] = {"volume": 0.7, "muted": False, "fullscreen": False,
                            #: interface language code (i18n.LANGUAGES); "" until chosen: the
                            #: environment's ($SANDTABLE_LANG, $LANG ...) if one of ours, else English
                            "language": ""}


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
        vol = float(self.values["volume"])
        if not 0.0 <= vol <= 1.0:                   # (also NaN)
            ignored.append("volume")
            vol = DEFAULTS["volume"]
        self.values["volume"] = vol
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
