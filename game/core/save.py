"""Saves and replays: versioned JSON (game id, options, seed, action log, state hash).

A save is written atomically (temp file in the same folder, fsync, rename), so
a crash never leaves half a file. Reading never writes. Any problem with a save
raises SaveError with one line that says what is wrong.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from pathlib import Path
from typing import Any

from .actions import action_from_json
from .errors import IllegalActionError, OptionError, SaveError
from .game import Game
from .spec import lookup, registered

FORMAT = "sandtable-save"
VERSION = 1


def save_dict(game: Game, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.game_id,
        "options": game.options,
        "seed": game.seed,
        "actions": [a.to_json() for a in game.history],
        "state_hash": game.state_hash(),
        "meta": dict(meta or {}, saved_at=time.strftime("%Y-%m-%dT%H:%M:%S")),
    }


def write_save(path: str | os.PathLike, game: Game, meta: dict[str, Any] | None = None) -> Path:
    """Write ``game`` to ``path`` atomically and return the path."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    data = json.dumps(save_dict(game, meta), ensure_ascii=False, indent=1)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise
    return path


def read_save(path: str | os.PathLike) -> dict[str, Any]:
    """Read and check the structure of a save (does not replay it)."""
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise SaveError(f"{path}: no such save file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise SaveError(f"{path}: cannot read the save ({e.__class__.__name__})") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise SaveError(f"{path}: damaged save, not valid JSON (line {e.lineno}, column {e.colno})") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path}: not a Sandtable save")
    if data.get("version") != VERSION:
        raise SaveError(f"{path}: save version {data.get('version')!r} is not supported (this build reads {VERSION})")
    for key, typ in (("game", str), ("seed", int), ("actions", list), ("state_hash", str), ("options", dict)):
        if not isinstance(data.get(key), typ):
            raise SaveError(f"{path}: damaged save, field {key!r} is missing or not a {typ.__name__}")
    return data


def load_game(path: str | os.PathLike, *, verify: bool = True, upto: int | None = None) -> Game:
    """Rebuild the game a save describes by replaying its actions. The game's
    ruleset must be registered (import :mod:`game.rulesets`, the catalogue).

    With ``verify`` the final state hash must equal the saved one. ``upto``
    stops after that many actions (a replay viewer), skipping the hash check.
    """
    data = read_save(path)
    spec = lookup(data["game"])
    if spec is None or not spec.ready:
        known = ", ".join(sorted(s.id for s in registered().values() if s.ready)) or "none loaded"
        raise SaveError(f"{path}: unknown game {data['game']!r} (games: {known})")
    cls = spec.game_class()
    try:
        game = cls(seed=data["seed"], options=data["options"])
    except OptionError as e:
        raise SaveError(f"{path}: cannot start {data['game']} with the saved options ({e})") from None
    actions = data["actions"] if upto is None else data["actions"][:upto]
    for i, raw in enumerate(actions, 1):
        try:
            act = action_from_json(raw)
        except (ValueError, TypeError) as e:
            raise SaveError(f"{path}: damaged save, action {i}: {e}") from None
        try:
            game.apply(act)
        except IllegalActionError:
            raise SaveError(f"{path}: action {i} ({act.label()}) is not legal at that point; "
                            f"the save was edited or made by another rules version") from None
    if verify and upto is None and game.state_hash() != data["state_hash"]:
        raise SaveError(f"{path}: state hash mismatch after {len(actions)} actions "
                        f"(saved {data['state_hash']}, replayed {game.state_hash()})")
    return game


def default_save_dir() -> Path:
    from game.paths import SAVES
    return Path(os.environ.get("SANDTABLE_SAVES", SAVES))
