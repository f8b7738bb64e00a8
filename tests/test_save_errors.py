"""Never lose a game: every damaged or crafted save and settings file gives one
clear line (exit code 2 on the command line, a message in the client), nothing
crashes, nothing is overwritten; oversized saves are refused before they are
read; temp files of an interrupted save are cleaned up."""
from __future__ import annotations

import copy
import json
import os
import time

import pytest

import game.rulesets as catalogue
from game.__main__ import main
from game.core import save as save_mod
from game.core.errors import SaveError
from game.core.save import MAX_SAVE_BYTES, clean_temp_files, load_game, read_save, write_save
from game.rulesets.nomonhan import Nomonhan

HEAD = {"format": "sandtable-save", "version": 1, "game": "nomonhan", "seed": 1, "options": {},
        "state_hash": "x"}


def crafted(**fields) -> bytes:
    return json.dumps({**HEAD, "actions": [], **fields}).encode()


def a_real_save(tmp_path, game_id="nomonhan", actions=12) -> dict:
    g = catalogue.new_game(game_id, 3)
    while len(g.history) < actions and not g.is_over():
        g.apply(g.legal_actions()[0])
    return json.loads(write_save(tmp_path / f"{game_id}.json", g).read_text(encoding="utf-8"))


def move(**fields) -> dict:
    return dict({"kind": "nomonhan.move", "unit": "JP_T3", "to": "0101"}, **fields)


# (name, file bytes, what the one line says)
CASES = [
    ("empty file", b"", "not valid JSON"),
    ("a JSON list", b"[1, 2, 3]", "not a Sandtable save"),
    ("a JSON string", b'"sandtable-save"', "not a Sandtable save"),
    ("JSON null", b"null", "not a Sandtable save"),
    ("a number", b"12", "not a Sandtable save"),
    ("latin-1 bytes", b'{"format": "sandtable-save", "game": "caf\xe9"}', "cannot read the save"),
    ("UTF-16", json.dumps(HEAD).encode("utf-16"), "cannot read the save"),
    ("deep nesting", b"[" * 200_000 + b"]" * 200_000, "nested too deeply"),
    ("deep nesting in an action", crafted(actions=[move(unit=json.loads("[" * 500 + "]" * 500))]),
     "nested too deeply"),
    ("a dict in an action field", crafted(actions=[move(unit={"a": 1})]), "a dict is not a field value"),
    ("a dict in a list in an action field", crafted(actions=[move(to=[{"a": 1}])]), "a dict is not a field value"),
    ("an action that is a list", crafted(actions=[["nomonhan.move"]]), "not an action"),
    ("an action that is a string", crafted(actions=["pass"]), "not an action"),
    ("an action kind that is a dict", crafted(actions=[{"kind": {"a": 1}}]), "not an action"),
    ("an action with an unknown field", crafted(actions=[move(extra=1)]), "unknown fields"),
    ("a number too long to read", b'{"format": "sandtable-save", "seed": ' + b"9" * 5000 + b"}", "damaged save"),
    ("seed is a string", json.dumps(dict(HEAD, seed="1", actions=[])).encode(), "field 'seed'"),
    ("seed is a bool", json.dumps(dict(HEAD, seed=True, actions=[])).encode(), "field 'seed'"),
    ("version is a bool", json.dumps(dict(HEAD, version=True, actions=[])).encode(), "version True"),
    ("game is a list", json.dumps(dict(HEAD, game=["nomonhan"], actions=[])).encode(), "field 'game'"),
    ("options is a list", json.dumps(dict(HEAD, options=[], actions=[])).encode(), "field 'options'"),
    ("meta is a list", crafted(meta=[1]), "field 'meta'"),
    ("unknown option", json.dumps(dict(HEAD, options={"fog": True}, actions=[])).encode(), "saved options"),
    ("option of the wrong type", json.dumps(dict(HEAD, options={"players": {"a": 1}}, actions=[])).encode(),
     "saved options"),
    ("a long game name", json.dumps(dict(HEAD, game="x" * 100_000, actions=[])).encode(), "unknown game"),
]


@pytest.mark.parametrize("name,content,message", CASES, ids=[c[0] for c in CASES])
def test_a_crafted_save_gives_one_clear_line(tmp_path, name, content, message):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    with pytest.raises(SaveError, match=message) as e:
        load_game(p)
    line = str(e.value)
    assert "\n" not in line and len(line) < 400 + len(str(p))


@pytest.mark.parametrize("name,content,message", CASES[:10], ids=[c[0] for c in CASES[:10]])
def test_replay_verify_on_a_crafted_save_prints_one_line_exits_2_and_writes_nothing(tmp_path, capsys,
                                                                                     name, content, message):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    before = (p.read_bytes(), os.stat(p).st_mtime_ns)
    assert main(["replay", str(p), "--verify"]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0]
    assert (p.read_bytes(), os.stat(p).st_mtime_ns) == before
    assert [x.name for x in tmp_path.iterdir()] == ["bad.json"]


def test_a_save_with_a_utf8_byte_order_mark_loads(tmp_path):
    p = write_save(tmp_path / "bom.json", Nomonhan(seed=2))
    p.write_bytes(b"\xef\xbb\xbf" + p.read_bytes())
    assert load_game(p).state_hash() == Nomonhan(seed=2).state_hash()


@pytest.mark.parametrize("game_id", catalogue.available())
def test_any_field_of_a_real_save_replaced_by_any_json_value_gives_save_error_only(tmp_path, game_id):
    base = a_real_save(tmp_path, game_id)
    weird = [None, True, 1.5, -1, 10**30, "x", [], [[]], {}, {"a": 1}, [{"k": 1}], "\ud800", [1, [2, [3, [4, [5]]]]]]
    variants = []
    for key in base:
        variants += [dict(base, **{key: w}) for w in weird]
    for i in range(3):
        for f in base["actions"][i]:
            for w in weird:
                d = copy.deepcopy(base)
                d["actions"][i][f] = w
                variants.append(d)
        for w in weird:
            d = copy.deepcopy(base)
            d["actions"][i] = w
            variants.append(d)
    for opt in [*base["options"], "players", "nonsense"]:
        variants += [dict(base, options=dict(base["options"], **{opt: w})) for w in weird]
    p = tmp_path / "v.json"
    for d in variants:
        p.write_text(json.dumps(d), encoding="utf-8")
        try:
            load_game(p)
        except SaveError as e:
            assert "\n" not in str(e)


def test_a_save_over_the_size_cap_is_refused_before_it_is_read(tmp_path, monkeypatch):
    p = tmp_path / "huge.json"
    with open(p, "wb") as f:
        f.truncate(MAX_SAVE_BYTES + 1)                 # sparse: no 16 MB written
    monkeypatch.setattr(save_mod.json, "loads", lambda *a, **k: pytest.fail("parsed an oversized save"))
    monkeypatch.setattr(type(p), "read_bytes", lambda self: pytest.fail("read an oversized save"))
    with pytest.raises(SaveError, match="the save file is 16,777,217 bytes, over the 16,777,216-byte limit"):
        read_save(p)


def test_a_save_at_the_size_cap_is_read(tmp_path):
    p = write_save(tmp_path / "big.json", Nomonhan(seed=4))
    text = p.read_text(encoding="utf-8")
    p.write_text(text + " " * (MAX_SAVE_BYTES - len(text.encode())), encoding="utf-8")
    assert read_save(p)["game"] == "nomonhan"


# -- the command line ----------------------------------------------------------------------

@pytest.fixture
def no_window(monkeypatch):
    import game.client.app
    monkeypatch.setattr(game.client.app, "run", lambda **k: pytest.fail("opened the window"))


@pytest.mark.parametrize("argv,message", [
    (["play", "--game", "chess"], "--game 'chess': not a playable game"),
    (["bench", "--game", "chess"], "--game 'chess': not a playable game"),
    (["bench", "--ai", "--game", "chess"], "--game 'chess': not a playable game"),
])
def test_an_unknown_game_id_prints_one_line_and_exits_2(no_window, capsys, argv, message):
    assert main(argv) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and message in err[0] and "nomonhan" in err[0]


@pytest.mark.parametrize("content,message", [
    (b'{"format": "sandtable-save", "vers', "not valid JSON"),
    (crafted(actions=[move(unit={"a": 1})]), "a dict is not a field value"),
    (b"[" * 100_000, "nested too deeply"),
])
def test_play_load_with_a_bad_save_prints_one_line_and_exits_2_before_the_window(tmp_path, no_window, capsys,
                                                                                  content, message):
    p = tmp_path / "bad.json"
    p.write_bytes(content)
    assert main(["play", "--load", str(p)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("play: ") and message in err[0]
    assert [x.name for x in tmp_path.iterdir()] == ["bad.json"]


def test_screenshot_with_a_bad_save_prints_one_line_and_exits_2(env, tmp_path, capsys):
    p = tmp_path / "bad.json"
    p.write_bytes(crafted(actions=[{"kind": {"a": 1}}]))
    assert main(["screenshot", "nomonhan", "--out", str(tmp_path / "x.png"), "--save", str(p)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and "not an action" in err[0]
    assert [x.name for x in tmp_path.iterdir()] == ["bad.json"]


# -- the client's in-game Load ---------------------------------------------------------------

@pytest.mark.parametrize("content,message", [
    (crafted(actions=[move(unit={"a": 1})]), "a dict is not a field value"),
    (b"[" * 100_000 + b"]" * 100_000, "nested too deeply"),
    (b"\xff\xfe\x00", "cannot read"),
    (crafted(meta="seats"), "field 'meta'"),
    (json.dumps(dict(HEAD, options={"players": [1]}, actions=[])).encode(), "saved options"),
])
def test_the_in_game_load_shows_a_message_for_a_crafted_save(app, env, content, message):
    from helpers import board_scene
    sc = board_scene(app, Nomonhan(seed=5), {"JP": "human", "SOV": "human"})
    bad = env / "saves" / "crafted.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_bytes(content)
    err = sc.load_from(bad)
    assert message in err and app.scene is sc
    app.frame(0.05, [])                                  # draws the message, no crash
    assert bad.read_bytes() == content
    bad.unlink()


def test_a_save_whose_seats_are_crafted_loads_with_default_seats(app, env, tmp_path):
    from game.client.session import Session
    p = write_save(tmp_path / "s.json", Nomonhan(seed=5), {"seats": {"JP": {"a": 1}, "SOV": "os.system"}})
    s = Session.load(p)
    try:
        assert set(s.seats) == {"JP", "SOV"} and all(isinstance(v, str) for v in s.seats.values())
    finally:
        s.close()


# -- temp files of an interrupted save ------------------------------------------------------

def _stale(path, age=3600):
    path.write_text("{half a sa", encoding="utf-8")
    t = time.time() - age
    os.utime(path, (t, t))
    return path


def test_temp_files_of_an_interrupted_save_are_removed_fresh_ones_and_saves_kept(tmp_path):
    keep = write_save(tmp_path / "game.json", Nomonhan(seed=1))
    old = _stale(tmp_path / ".game.json.abc123.tmp")
    fresh = tmp_path / ".game.json.def456.tmp"           # a save being written now
    fresh.write_text("{", encoding="utf-8")
    other = _stale(tmp_path / "notes.tmp")                # not ours (no leading dot)
    assert clean_temp_files(tmp_path) == [old]
    assert keep.exists() and fresh.exists() and other.exists() and not old.exists()
    assert clean_temp_files(tmp_path / "missing") == []


def test_listing_the_saves_and_starting_the_client_clean_up_temp_files(env):
    from game.client.app import App
    from game.client.session import list_saves
    saves = env / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    old = _stale(saves / ".autosave-nomonhan.json.x1.tmp")
    assert old not in list_saves() and not old.exists()
    old = _stale(saves / ".autosave-nomonhan.json.x2.tmp")
    (env / "config").mkdir(parents=True, exist_ok=True)
    settings_tmp = _stale(env / "config" / ".settings.zz")
    import pygame
    App(fast=True, ai="inline")
    try:
        assert not old.exists() and not settings_tmp.exists()
    finally:
        pygame.quit()


# -- settings.json -------------------------------------------------------------------------

@pytest.mark.parametrize("content,warning", [
    (b"{not json", "not valid JSON"),
    (b"[" * 30_000 + b"]" * 30_000, "nested too deeply"),
    (b"[1, 2]", "not a JSON object"),
    (b"null", "not a JSON object"),
    (b"\xff\xfe", "cannot read"),
    (b'{"volume": "loud", "muted": 1, "fullscreen": {"a": 1}}', "'volume', 'muted', 'fullscreen'"),
    (b'{"volume": 1e999}', "'volume'"),
    (b'{"volume": NaN}', "'volume'"),
    (b'{"volume": -3}', "'volume'"),
    (b'{"colour": "red"}', "'colour'"),
    (b'{"volume": ' + b"9" * 5000 + b"}", "damaged settings"),
    (b" " * (64 * 1024 + 1), "limit"),
])
def test_a_damaged_settings_file_gives_defaults_and_one_warning(tmp_path, capsys, content, warning):
    from game.client.settings import DEFAULTS, Settings
    p = tmp_path / "settings.json"
    p.write_bytes(content)
    s = Settings(p)
    assert s.values == DEFAULTS
    assert warning in s.warning and "\n" not in s.warning
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("settings: ")


def test_good_settings_are_kept_beside_bad_ones_and_a_missing_file_is_quiet(tmp_path, capsys):
    from game.client.settings import Settings
    p = tmp_path / "settings.json"
    assert Settings(p).warning == "" and capsys.readouterr().err == ""
    p.write_text('{"volume": 1, "muted": true, "fullscreen": "yes"}', encoding="utf-8")
    s = Settings(p)
    assert s["volume"] == 1.0 and s["muted"] is True and s["fullscreen"] is False
    assert "'fullscreen'" in s.warning


def test_the_client_starts_with_a_crafted_settings_file_and_says_so(env):
    import pygame

    from game.client.app import App
    cfg = env / "config"
    cfg.mkdir(parents=True, exist_ok=True)
    (cfg / "settings.json").write_bytes(b"[" * 60_000)
    try:
        a = App(fast=True, ai="inline")
        assert a.settings["volume"] == 0.7
        assert any("nested too deeply" in t[0] for t in a.toasts)
        pygame.quit()
    finally:
        (cfg / "settings.json").unlink()


def test_a_save_with_an_undecodable_name_or_nul_in_it_is_listed_and_refused_without_a_crash(app, env):
    from helpers import board_scene

    from game.client.scenes.saves import SavesScene
    sc = board_scene(app, Nomonhan(seed=5), {"JP": "human", "SOV": "human"})
    saves = env / "saves"
    saves.mkdir(parents=True, exist_ok=True)
    raw = os.path.join(os.fsencode(saves), b"bad\xff.json")
    with open(raw, "wb") as f:
        f.write(crafted(game="no\u0000monhan"))
    try:
        ls = SavesScene(app, back=sc)                    # the Load screen, from the board
        app.switch(ls)
        i = next(i for i, e in enumerate(ls.entries) if "bad" in e.path.name)
        assert "unknown game" in ls.entries[i].error     # listed as a damaged line
        assert "unknown game" in ls.load(i) and app.scene is ls
        app.frame(0.05, [])                              # the line with the name and the NUL, drawn
    finally:
        os.unlink(raw)


def test_loading_a_save_with_no_moves_leaves_the_games_autosave_alone(app, env, tmp_path):
    from game.client.session import Session
    g = Nomonhan(seed=6)
    while len(g.history) < 5:
        g.apply(g.legal_actions()[0])
    auto = write_save(env / "saves" / "autosave-nomonhan.json", g)
    before = auto.read_bytes()
    s = Session.load(write_save(tmp_path / "empty.json", Nomonhan(seed=7)))
    try:
        assert auto.read_bytes() == before
    finally:
        s.close()


# -- a save path that is not a regular file ------------------------------------------------------
# A named pipe would make the open wait for a writer forever; /dev/zero or /dev/urandom would
# be read until memory runs out. Each is refused at once with one line, without being read. The
# commands run in a child process with a time and memory limit: a regression fails, never hangs.

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICES = [d for d in ("/dev/zero", "/dev/urandom", "/dev/null") if os.path.exists(d)]


def _special(tmp_path, kind: str):
    """A save path that is a named pipe (kind "fifo") or a link to a device (kind: its path)."""
    p = tmp_path / "special.json"
    if kind == "fifo":
        if not hasattr(os, "mkfifo"):
            pytest.skip("no named pipes here")
        os.mkfifo(p)
    else:
        if not os.path.exists(kind):
            pytest.skip(f"no {kind} here")
        os.symlink(kind, p)
    return p


def _run_limited(args: list[str], tmp_path, seconds: float = 30.0):
    import subprocess
    import sys

    def limits():                                   # (a regression reading /dev/zero stops at 1.5 GB)
        import resource
        resource.setrlimit(resource.RLIMIT_AS, (1536 * 2**20, 1536 * 2**20))
    env = {**os.environ, "PYTHONPATH": ROOT, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
           "PYTHONWARNINGS": "ignore", "SANDTABLE_CONFIG": str(tmp_path / "config"),
           "SANDTABLE_SAVES": str(tmp_path / "saves")}
    return subprocess.run([sys.executable, "-m", "game", *args], capture_output=True, text=True, env=env,
                          cwd=tmp_path, timeout=seconds, preexec_fn=limits if os.name == "posix" else None)


def test_a_named_pipe_is_refused_at_once_without_waiting_for_a_writer(tmp_path):
    import threading
    p = _special(tmp_path, "fifo")
    out: list = []
    t = threading.Thread(target=lambda: out.append(_error_of(read_save, p)), daemon=True)
    t.start()
    t.join(5.0)
    if t.is_alive():                                # (a regression: let the stuck open go, then fail)
        fd = os.open(p, os.O_WRONLY | os.O_NONBLOCK)
        os.close(fd)
        t.join(5.0)
        pytest.fail("read_save waited on a named pipe")
    assert out == [f"{p}: is a named pipe (FIFO), not a regular file; not read as a save"]


def _error_of(fn, *args) -> str:
    try:
        fn(*args)
    except SaveError as e:
        return str(e)
    return "no error"


@pytest.mark.parametrize("kind", ["fifo", *DEVICES])
def test_replay_verify_refuses_a_save_that_is_no_regular_file_with_one_line_and_exit_2(tmp_path, kind):
    p = _special(tmp_path, kind)
    r = _run_limited(["replay", str(p), "--verify"], tmp_path)
    what = "a named pipe (FIFO)" if kind == "fifo" else "a device"
    link = "" if kind == "fifo" else f" (a link to {kind})"
    assert r.returncode == 2, r.stderr
    assert r.stderr.strip().splitlines() == [f"replay: {p}{link}: is {what}, not a regular file; not read as a save"]


@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
@pytest.mark.parametrize("cmd", [["play", "--load", "{p}"],
                                 ["screenshot", "nomonhan", "--out", "shot.png", "--save", "{p}"]],
                         ids=["play --load", "screenshot --save"])
def test_play_and_screenshot_refuse_a_save_that_is_no_regular_file_with_one_line_and_exit_2(tmp_path, kind,
                                                                                             cmd):
    p = _special(tmp_path, kind)
    r = _run_limited([a.format(p=p) for a in cmd], tmp_path)
    err = r.stderr.strip().splitlines()
    assert r.returncode == 2, r.stderr
    assert len(err) == 1 and err[0].startswith(f"{cmd[0]}: {p}") and "not a regular file" in err[0]
    assert not (tmp_path / "shot.png").exists()


def test_a_folder_is_refused_by_name_and_a_link_to_a_real_save_loads(tmp_path):
    with pytest.raises(SaveError, match=r": is a folder, not a regular file; not read as a save$"):
        read_save(tmp_path)
    real = write_save(tmp_path / "real.json", Nomonhan(seed=3))
    (tmp_path / "link.json").symlink_to(real)
    assert load_game(tmp_path / "link.json").state_hash() == Nomonhan(seed=3).state_hash()


def test_never_more_than_the_limit_and_one_byte_is_read(monkeypatch):
    # a file whose size says 0 but that holds more (as /proc files do, or a file that grows)
    p = "/proc/self/status"
    if not os.path.isfile(p):
        pytest.skip("no /proc here")
    read = []
    real = os.read
    monkeypatch.setattr(save_mod.os, "read", lambda fd, n: read.append(n) or real(fd, n))
    with pytest.raises(SaveError, match="over the 10-byte limit; not read"):
        save_mod.read_json_file(save_mod.Path(p), 10, "save", SaveError)
    assert sum(read) <= 11


# -- a write that fails names the save, not its temp file -------------------------------------

@pytest.mark.parametrize("where", ["os.replace", "os.fsync", "tempfile.mkstemp"])
def test_a_failed_atomic_write_names_the_final_file_and_leaves_no_temp_file(tmp_path, monkeypatch, where):
    import errno

    def fail(*args, **kw):                       # (named as the real call names it: the temp file, or none)
        if where == "os.fsync":
            raise OSError(errno.EROFS, "Read-only file system")
        temp = args[0] if where == "os.replace" else str(tmp_path / ".game.json.iijledzg.tmp")
        raise OSError(errno.EROFS, "Read-only file system", temp)
    monkeypatch.setattr(f"game.core.save.{where}", fail)
    with pytest.raises(OSError) as e:
        write_save(tmp_path / "game.json", Nomonhan(seed=1))
    assert e.value.filename == str(tmp_path / "game.json") and e.value.errno == errno.EROFS
    assert ".tmp" not in str(e.value) and list(tmp_path.iterdir()) == []
