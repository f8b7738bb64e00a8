"""Saves and replays: versioned JSON (game id, options, seed, action log, state hash).

A save is written atomically (temp file in the same folder, fsync, rename), so
a crash never leaves half a file; the temp files a killed save leaves behind are
removed by :func:`clean_temp_files` (the client runs it at start and when it lists
the saves). Reading never writes. Any problem with a save -- any JSON shape, size,
encoding or nesting, a wrong type in any field, unknown options -- raises SaveError
with one line that says what is wrong; a file over MAX_SAVE_BYTES is refused
before it is read, and anything but a regular file (a named pipe, a device such
as /dev/zero, a folder) is refused without being read.
"""
from __future__ import annotations

import json
import os
import stat
import tempfile
import time
from pathlib import Path
from typing import Any

from .actions import action_from_json, short_repr
from .errors import OptionError, SaveError
from .game import Game
from .spec import lookup, registered

FORMAT = "sandtable-save"
VERSION = 1
#: a save larger than this is refused before it is read (the longest real games save in well under 1 MB)
MAX_SAVE_BYTES = 16 * 1024 * 1024
#: a temp file of write_save untouched this long belongs to a save that was interrupted
STALE_TEMP_SECONDS = 60.0
_TEMP_SUFFIX = ".tmp"



def save_dict(game: Game, meta: dict[str, Any] | None = None) -> dict[str, Any]:
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": game.game_id,
        "options": game.options,
        "seed": game.seed,
        "actions": [a.to_json() for a in game.history],
        "state_hash": game.state_hash(),
        "position_hash": game.position_hash(),
        "meta": dict(meta or {}, saved_at=time.strftime("%Y-%m-%dT%H:%M:%S")),
    }


def write_save(path: str | os.PathLike, game: Game, meta: dict[str, Any] | None = None) -> Path:
    """Write ``game`` to ``path`` atomically and return the path."""
    data = json.dumps(save_dict(game, meta), ensure_ascii=False, indent=1)
    return write_atomic(path, data.encode("utf-8"))


def write_atomic(path: str | os.PathLike, data: bytes) -> Path:
    """Write ``data`` to ``path`` atomically (a temp file beside it, fsync, rename;
    the temp file is removed if anything fails) and return the path. Raises OSError
    whose ``filename`` is ``path``: the file the player knows, never the temp file
    (mkstemp and os.replace name the temp file in their errors)."""
    path = Path(path)
    tmp = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=_TEMP_SUFFIX, dir=path.parent)
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException as e:
        if tmp is not None:
            try:
                os.unlink(tmp)
            except OSError:
                pass
        if isinstance(e, OSError):
            raise OSError(e.errno, e.strerror or str(e) or e.__class__.__name__, str(path)) from e
        raise
    return path


def clean_temp_files(folder: str | os.PathLike, prefix: str = ".", suffix: str = _TEMP_SUFFIX,
                     older_than: float = STALE_TEMP_SECONDS) -> list[Path]:
    """Remove the temp files an interrupted atomic write left in ``folder`` (names
    ``prefix…suffix``, untouched for ``older_than`` seconds, so a save being written
    right now by another window is left alone). Returns what was removed; never raises."""
    removed: list[Path] = []
    now = time.time()
    try:
        candidates = [p for p in Path(folder).iterdir() if p.name.startswith(prefix) and p.name.endswith(suffix)]
    except OSError:
        return removed
    for p in candidates:
        try:
            if p.is_file() and not p.is_symlink() and now - p.stat().st_mtime >= older_than:
                p.unlink()
                removed.append(p)
        except OSError:
            pass
    return removed


_KINDS = ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a named pipe (FIFO)"), (stat.S_ISCHR, "a device"),
          (stat.S_ISBLK, "a device"), (stat.S_ISSOCK, "a socket"))


def _not_regular(path: Path, mode: int, what: str) -> str:
    kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
    link = ""
    if os.path.islink(path):
        link = f" (a link to {os.path.realpath(path)})"
    return f"{path}{link}: is {kind}, not a regular file; not read as a {what}"


def read_limited(path: str | os.PathLike, max_bytes: int, what: str, error: type[Exception]) -> bytes:
    """The bytes of ``path``, which must be a regular file (a link to one is fine)
    of at most ``max_bytes``; else ``error`` with one line naming the path. A named
    pipe, a device (/dev/zero, /dev/urandom, /dev/null), a folder or a socket is
    refused without being read (its open never waits for a writer), and never more
    than ``max_bytes`` + 1 bytes are read, so a file that grows while it is read
    cannot eat memory either. Raises FileNotFoundError / OSError for the caller to word."""
    path = Path(path)
    st = os.stat(path)                               # (follows links)
    if not stat.S_ISREG(st.st_mode):
        raise error(_not_regular(path, st.st_mode, what))
    if st.st_size > max_bytes:
        raise error(f"{path}: the {what} file is {st.st_size:,} bytes, over the {max_bytes:,}-byte limit; not read")
    # O_NONBLOCK: if the file was swapped for a pipe since the stat, the open does not wait for a writer
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise error(_not_regular(path, st.st_mode, what))
        chunks, left = [], max_bytes + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    data = b"".join(chunks)
    if len(data) > max_bytes:
        raise error(f"{path}: the {what} file is over the {max_bytes:,}-byte limit; not read")
    return data


def read_json_file(path: Path, max_bytes: int, what: str, error: type[Exception]) -> Any:
    """The JSON value in ``path``, or ``error`` with one line: missing, not a regular
    file, too large (checked before reading), unreadable, not UTF-8, not JSON, or
    nested too deeply. Every save and the settings are read here (:func:`read_limited`)."""
    try:
        text = read_limited(path, max_bytes, what, error).decode("utf-8-sig")
    except FileNotFoundError:
        raise error(f"{path}: no such {what} file") from None
    except (OSError, UnicodeDecodeError) as e:
        raise error(f"{path}: cannot read the {what} ({e.__class__.__name__})") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise error(f"{path}: damaged {what}, not valid JSON (line {e.lineno}, column {e.colno})") from None
    except RecursionError:
        raise error(f"{path}: damaged {what}, nested too deeply") from None
    except ValueError as e:                       # e.g. an integer with too many digits
        raise error(f"{path}: damaged {what}, {str(e).splitlines()[0] if str(e) else 'bad value'}") from None


def read_save(path: str | os.PathLike) -> dict[str, Any]:
    """Read and check the structure of a save (does not replay it)."""
    path = Path(path)
    data = read_json_file(path, MAX_SAVE_BYTES, "save", SaveError)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(f"{path}: not a Sandtable save")
    if data.get("version") != VERSION or isinstance(data.get("version"), bool):
        raise SaveError(f"{path}: save version {short_repr(data.get('version'))} is not supported (this build reads {VERSION})")
    for key, typ in (("game", str), ("seed", int), ("actions", list), ("state_hash", str), ("options", dict)):
        v = data.get(key)
        if not isinstance(v, typ) or isinstance(v, bool):
            raise SaveError(f"{path}: damaged save, field {key!r} is missing or not a {typ.__name__}")
    if "meta" in data and not isinstance(data["meta"], dict):
        raise SaveError(f"{path}: damaged save, field 'meta' is not a dict")
    return data


def load_game(path: str | os.PathLike, *, verify: bool = True, upto: int | None = None,
              accept_older: bool = False) -> Game:
    """Rebuild the game a save describes by replaying its actions. The game's
    ruleset must be registered (import :mod:`game.rulesets`, the catalogue).

    With ``verify`` the final position must be the saved one: its
    ``position_hash`` (the position as the rules show it, whatever components
    hold it), or for a save written before saves carried one, its
    ``state_hash``. A save of that older kind whose state hash differs, though
    every action replayed as legal, was made before the game's components were
    rearranged: ``accept_older`` loads it anyway and marks the game
    (``game.replayed_older = True``) so the client can say so; otherwise it is
    refused. ``upto`` stops after that many actions (a replay viewer), skipping
    the check.
    """
    data = read_save(path)
    spec = lookup(data["game"])
    if spec is None or not spec.ready:
        known = ", ".join(sorted(s.id for s in registered().values() if s.ready)) or "none loaded"
        raise SaveError(f"{path}: unknown game {short_repr(data['game'])} (games: {known})")
    cls = spec.game_class()
    try:
        game = cls(seed=data["seed"], options=data["options"])
    except (OptionError, TypeError, ValueError, KeyError, OverflowError) as e:
        reason = str(e).splitlines()[0][:200] if str(e) else e.__class__.__name__
        raise SaveError(f"{path}: cannot start {data['game']} with the saved options ({reason})") from None
    actions = data["actions"] if upto is None else data["actions"][:upto]
    for i, raw in enumerate(actions, 1):
        try:
            act = action_from_json(raw)
        except (ValueError, TypeError) as e:
            raise SaveError(f"{path}: damaged save, action {i}: {str(e)[:200]}") from None
        if not game.is_legal(act):        # (checked first: a crafted action may not even have a label)
            raise SaveError(f"{path}: action {i} ({short_repr(raw, 120)}) is not legal at that point; "
                            f"the save was edited or made by another rules version")
        game.apply(act)
    game.replayed_older = False
    if verify and upto is None:
        saved = data.get("position_hash")
        if isinstance(saved, str):
            if game.position_hash() != saved:
                raise SaveError(f"{path}: position mismatch after {len(actions)} actions "
                                f"(saved {saved}, replayed {game.position_hash()})")
        elif game.state_hash() != data["state_hash"]:
            if not accept_older:
                raise SaveError(f"{path}: state hash mismatch after {len(actions)} actions "
                                f"(saved {data['state_hash']}, replayed {game.state_hash()})")
            game.replayed_older = True
    return game


def default_save_dir() -> Path:
    from game.paths import SAVES
    return Path(os.environ.get("SANDTABLE_SAVES", SAVES))
