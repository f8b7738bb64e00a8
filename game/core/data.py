"""Reading a game's data files (JSON), cached: they are read-only at run time."""
from __future__ import annotations

import json
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=16)
def load_json(path: str) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)
