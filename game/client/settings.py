"""Small persisted user settings (volume, mute, fullscreen) in a JSON file.

The folder is ``$SANDTABLE_CONFIG`` if set (tests point it at a temp dir),
else ``$XDG_CONFIG_HOME/sandtable``, else ``~/.config/sandtable``.
"""
from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

DEFAULTS: dict[str, Any] = {"volume": 0.7, "muted": False, "fullscreen": False}


def config_dir() -> Path:
    env = os.environ.get("SANDTABLE_CONFIG")
    if env:
        return Path(env)
    base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
    return Path(base) / "sandtable"


class Settings:
    def __init__(self, path: Path | None = None):
        self.path = path or config_dir() / "settings.json"
        self.values: dict[str, Any] = dict(DEFAULTS)
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if isinstance(data, dict):
                for k, v in data.items():
                    if k in DEFAULTS and isinstance(v, type(DEFAULTS[k])):
                        self.values[k] = v
        except (OSError, ValueError):
            pass  # missing or damaged settings: defaults
        self.values["volume"] = min(1.0, max(0.0, float(self.values["volume"])))

    def __getitem__(self, key: str) -> Any:
        return self.values[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.values[key] = value
        self.save()

    def save(self) -> None:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            fd, tmp = tempfile.mkstemp(prefix=".settings.", dir=self.path.parent)
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                json.dump(self.values, f, indent=1)
            os.replace(tmp, self.path)
        except OSError:
            pass  # a read-only home must not stop play
