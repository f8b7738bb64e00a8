"""Never lose a game (issue 14): a slot per game started, Continue, the Load screen,
the failed-save banner, the questions before leaving, and the clumsy double Enter."""
from __future__ import annotations

import random

import pytest

from tests.helpers import key

pytestmark = pytest.mark.client

GAMES = ("nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains")


@pytest.fixture
def saves(env, monkeypatch, tmp_path):
    """A save folder of this test's own."""
    d = tmp_path / "saves"
    monkeypatch.setenv("SANDTABLE_SAVES", str(d))
    return d


def humans(game) -> dict:
    return {s: "human" for s in game.seats}


def board(app, game_id, seed=3, seats=None):
    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    g = rulesets.new_game(game_id, seed)
    sc = BoardScene(app, Session(g, seats or humans(g)))
    app.switch(sc)
    return sc


def play(session, n=None, until_turn=False, seed=1):
    """Random legal moves through the session: ``n`` of them, or until a new turn starts."""
    rng = random.Random(seed)
    for _ in range(n if n is not None else 3000):
        if session.game.is_over():
            return
        legal = session.game.legal_actions()
        keep_on = [a for a in legal if not any(w in a.label().lower() for w in ("concede", "resign", "surrender"))]
        events = session.submit(rng.choice(keep_on or legal))
        if until_turn and any(e.kind == "TurnStarted" for e in events):
            return


def pad(app, name: str) -> None:
    """A press and release of the pad's button ``name`` (SDL GameController names)."""
    import pygame
    b = getattr(pygame, f"CONTROLLER_BUTTON_{name}")
    app.frame(0.05, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=b)])
    app.frame(0.05, [pygame.event.Event(pygame.CONTROLLERBUTTONUP, instance_id=0, button=b)])


def after_quiet(app, dt=0.35):
    app.frame(dt, [])                   # a question ignores confirm keys for its first moments


# -- a slot per game -------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_a_new_game_does_not_touch_the_old_autosave(app, saves, game_id):
    import pygame

    from game.client.scenes.seats import SeatsScene
    old = board(app, game_id)
    play(old.session, 12)
    path = old.session.autosave_path()
    old.quit_to_title()
    old.modal.choose("leave")                            # (autosaved)
    assert app.scene.name == "title"
    before = path.read_bytes()
    app.switch(SeatsScene(app, game_id))
    app.frame(0.05, [key(pygame.K_RETURN)])            # start: an unfinished one is saved, so it asks
    q = app.scene.modal
    assert app.scene.name == "seats" and q is not None and q.info.path == path
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])    # "Start new"
    assert app.scene.name == "board" and app.scene.session is not old.session
    new = app.scene.session
    play(new, 6)
    assert new.autosave_now()
    assert new.autosave_path() != path and new.autosave_path().exists()
    assert path.read_bytes() == before                   # the old game, byte for byte


@pytest.mark.parametrize("game_id", GAMES)
def test_continue_restores_the_same_state_hash(app, saves, game_id):
    import pygame

    from game.client.scenes.title import TitleScene
    sc = board(app, game_id, seed=4)
    play(sc.session, 15, seed=2)
    h, slot = sc.game.state_hash(), sc.session.slot
    sc.quit_to_title()                                   # asks, then autosaves
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])    # "Save and leave"
    assert app.scene.name == "title"
    t = app.scene
    assert isinstance(t, TitleScene) and t.last is not None and t.last.game_id == game_id
    assert t.menu.buttons[t.menu.focus].value == "continue" and t.last.actions == 15
    app.frame(0.05, [])                                  # the card with the picture, drawn
    app.frame(0.05, [key(pygame.K_RETURN)])              # Continue
    assert app.scene.name == "board"
    s = app.scene.session
    assert s.game.state_hash() == h and s.slot == slot   # the same game, in the same slot
    play(s, 3, seed=5)
    assert s.autosave_now() and s.autosave_path() == t.last.path


# -- the Load screen --------------------------------------------------------------------------

def test_the_load_screen_lists_every_save_with_its_turn_and_deletes_only_after_confirm(app, saves, monkeypatch):
    import pygame

    from game.client.scenes.saves import SavesScene
    from game.client.thumbnails import write_thumbnail
    from game.client.session import Session
    made = {}
    for i in range(14):                                  # saves of every game, at different turns
        gid = GAMES[i % len(GAMES)]
        from game import rulesets
        s = Session(rulesets.new_game(gid, 10 + i), autosave=False)
        play(s, until_turn=True, seed=i) if i % 2 else play(s, 4, seed=i)
        p = s.save(saves / f"{gid}-{i:02}.json")
        made[p] = s.meta(False)["turn"]
        if i % 3:
            write_thumbnail(p, pygame.Surface((64, 36)))
        s.close()
    (saves / "across_suez-01.png").write_bytes(b"not a png")       # a damaged picture: a placeholder
    pygame.image.save(pygame.Surface((1100, 1000)), str(saves / "sino_japanese-02.png"))   # too large: the same
    (saves / "zz-broken.json").write_text('{"format": "sandtable-save", "vers', encoding="utf-8")
    with monkeypatch.context() as m:
        m.setattr("game.client.session.load_game", lambda *a, **k: pytest.fail("listing must not replay a save"))
        ls = SavesScene(app)
        app.switch(ls)
        app.frame(0.05, [])
    assert len(ls.entries) == 15
    listed = {e.path: e for e in ls.entries}
    for p, turn in made.items():
        assert listed[p].turn == turn and not listed[p].error and listed[p].turn is not None
    broken = listed[saves / "zz-broken.json"]
    assert "damaged save" in broken.error
    app.frame(0.05, [])                                  # every row drawn, pictures or placeholders
    from game.client.thumbnails import load_thumbnail
    assert load_thumbnail(app, listed[saves / "across_suez-01.json"], (64, 36)) is None
    assert load_thumbnail(app, listed[saves / "sino_japanese-02.json"], (64, 36)) is None
    assert load_thumbnail(app, listed[saves / "yoshitsune-13.json"], (64, 36)) is not None
    # scrolls: wheel, keys, the pad's D-pad
    rows = ls.layout(app.size)["rows"]
    assert rows < 15
    app.frame(0.05, [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False)] * 20)
    assert ls.top == 15 - rows
    app.frame(0.05, [key(pygame.K_PAGEUP)] * 5)
    assert ls.top == 0 and ls.focus == 0
    for _ in range(14):
        pad(app, "DPAD_DOWN")
    assert ls.focus == 14 and ls.top == 15 - rows
    app.frame(0.05, [key(pygame.K_UP)] * 14)
    assert ls.focus == 0 and ls.top == 0
    # the damaged save: a line, not loadable, never written
    i = next(i for i, e in enumerate(ls.entries) if e.path == broken.path)
    raw = broken.path.read_bytes()
    assert ls.load(i) and app.scene is ls and broken.path.read_bytes() == raw
    app.frame(0.05, [])
    # a delete asks; Esc, or Enter on the answer in focus, keeps the save
    while ls.entries[ls.focus].error or not ls.entries[ls.focus].path.with_suffix(".png").exists():
        app.frame(0.05, [key(pygame.K_DOWN)])           # onto a save with a picture
    target = ls.entries[ls.focus].path
    assert target.with_suffix(".png").exists() and not ls.entries[ls.focus].error
    app.frame(0.05, [key(pygame.K_DELETE)])
    assert ls.modal is not None and target.exists()
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert ls.modal is None and target.exists()
    pad(app, "Y")
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert ls.modal is None and target.exists() and len(ls.entries) == 15
    app.frame(0.05, [key(pygame.K_DELETE)])
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])      # "Delete"
    assert not target.exists() and not target.with_suffix(".png").exists()
    assert len(ls.entries) == 14 and target not in {e.path for e in ls.entries}
    # a good save loads (Enter, once the question has gone a moment)
    i = next(i for i, e in enumerate(ls.entries) if not e.error)
    p = ls.entries[i].path
    ls.focus = i
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RETURN)])
    again = Session.load(p)
    g = app.scene.game
    assert app.scene.name == "board" and list(g.history[:len(again.game.history)]) == list(again.game.history)
    for a in g.history[len(again.game.history):]:      # an AI seat to move may have played on at once
        again.game.apply(a)
    assert g.state_hash() == again.game.state_hash()
    again.close()


def test_the_load_screen_from_the_menu_autosaves_the_game_and_esc_comes_back(app, saves):
    import pygame
    from game import rulesets
    from game.core.save import write_save
    other = rulesets.new_game("yoshitsune", 1)
    other.apply(other.legal_actions()[0])
    write_save(saves / "yoshitsune-other.json", other)
    sc = board(app, "nomonhan", 7)
    play(sc.session, 5)
    app.frame(0.05, [key(pygame.K_l, pygame.KMOD_CTRL)])
    assert app.scene.name == "saves"
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.scene is sc and sc.session.game.history            # the same game, as it was
    app.frame(0.05, [key(pygame.K_l, pygame.KMOD_CTRL)])
    ls = app.scene
    i = next(i for i, e in enumerate(ls.entries) if e.path != sc.session.autosave_path())
    n = len(sc.session.game.history)
    ls.load(i)                                           # another game: this one is autosaved first
    from game.core.save import load_game
    assert len(load_game(sc.session.autosave_path()).history) == n
    assert app.scene.name == "board" and app.scene.game.game_id == "yoshitsune"
    assert app.scene is not sc


# -- a save that fails ----------------------------------------------------------------------

def test_a_failed_autosave_shows_a_banner_that_stays_and_the_retry_works(app, saves, monkeypatch, tmp_path):
    import pygame

    from game.core.save import load_game
    sc = board(app, "nomonhan", 8)
    s = sc.session
    blocker = tmp_path / "disk"                          # the save folder where a file is: every write fails
    blocker.write_text("a file, not a folder", encoding="utf-8")
    monkeypatch.setenv("SANDTABLE_SAVES", str(blocker / "saves"))
    play(s, until_turn=True)                             # a new turn: the autosave fails
    assert s.save_error and s.save_failures == 1
    app.frame(0.05, [])
    assert sc.save_warning.shown                         # said at once ...
    texts = []
    real = app.assets.text
    monkeypatch.setattr(app.assets, "text", lambda t, *a, **k: texts.append(t) or real(t, *a, **k))
    for _ in range(100):
        app.frame(0.1, [])
    assert sc.save_warning.shown and "The game could not be saved" in texts    # ... and kept
    n = len(s.game.history)
    play(s, 3, seed=4)
    assert len(s.game.history) == n + 3                  # the game goes on in memory
    blocker.unlink()                                     # the disk is writable again
    play(s, until_turn=True, seed=6)                     # the next turn: tried again, and it works
    assert not s.save_error
    assert load_game(s.autosave_path()).state_hash() == s.game.state_hash()
    app.frame(0.05, [])
    assert not sc.save_warning.shown and any("Saved again" in t[0] for t in app.toasts)
    # a failure is dismissed by Esc (the banner's button works too), and the menu stays shut
    monkeypatch.setattr("game.client.session.write_save", _raise_full_disk)
    sc.save()
    app.frame(0.05, [])
    assert sc.save_warning.shown and "No space left" in sc.save_warning.text
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert not sc.save_warning.shown and sc.modal is None


def _raise_full_disk(path, *a, **k):
    import errno
    raise OSError(errno.ENOSPC, "No space left on device", str(path))


def _fail_replace(src, dst, *a, **k):
    import errno
    raise OSError(errno.EACCES, "Permission denied", src, None, dst)   # (as os.replace names them)


def _fail_mkstemp(prefix="", suffix="", dir=None, **k):
    import errno
    import os
    raise PermissionError(errno.EACCES, "Permission denied", os.path.join(dir, f"{prefix}iijledzg{suffix}"))


@pytest.mark.parametrize("where,fake", [("os.replace", _fail_replace), ("tempfile.mkstemp", _fail_mkstemp)],
                         ids=["the rename", "the temp file"])
def test_the_could_not_be_saved_banner_names_the_save_not_its_temp_file(app, saves, monkeypatch, where, fake):
    sc = board(app, "nomonhan", 8)
    s = sc.session
    monkeypatch.setattr(f"game.core.save.{where}", fake)
    assert not s.autosave_now()                          # the autosave (at a turn, on quitting)
    app.frame(0.05, [])
    assert sc.save_warning.shown
    assert sc.save_warning.text == f"Permission denied: {s.autosave_path()}"   # the save the player knows
    assert sc.save() is None                             # Ctrl+S: a new named save
    app.frame(0.05, [])
    text = sc.save_warning.text
    assert text.startswith(f"Permission denied: {saves / 'nomonhan-'}") and text.endswith(".json")
    said = [t for t, _ in sc.log.lines if "Could not save" in t]       # (the log line too)
    assert len(said) == 2 and said[-1].endswith(text)
    assert not any(".tmp" in t or "iijledzg" in t for t in (*said, s.save_error))
    assert [p.name for p in saves.iterdir() if p.name.endswith(".tmp")] == []


# -- leaving ------------------------------------------------------------------------------------

def test_quit_asks_and_writes_an_autosave(app, saves):
    import pygame

    from game.core.save import load_game
    sc = board(app, "yoshitsune", 9)
    play(sc.session, 7)
    h = sc.game.state_hash()
    app.frame(0.05, [pygame.event.Event(pygame.QUIT)])  # the window's close button
    assert app.running and sc.modal is not None       # asks
    from game.client.dialogs import Confirm
    assert isinstance(sc.modal, Confirm)
    app.frame(0.05, [key(pygame.K_ESCAPE)])              # Esc: keep playing
    assert app.running and not isinstance(sc.modal, Confirm)     # (the hotseat cover, if it was up)
    app.frame(0.05, [key(pygame.K_q, pygame.KMOD_CTRL)])
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RIGHT), key(pygame.K_RETURN)])     # "Save and quit"
    assert not app.running
    assert load_game(sc.session.autosave_path()).state_hash() == h


def test_quit_to_title_and_esc_on_the_title_ask(app, saves):
    import pygame
    sc = board(app, "across_suez", 2)
    play(sc.session, 4)
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    menu = sc.modal
    menu._choose(next(b for b in menu.menu.buttons if b.value == "quit"))
    assert app.scene is sc and sc.modal is not None      # "Quit to the title?"
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.scene is sc and sc.modal is None
    sc.quit_to_title()
    sc.modal.choose("leave")
    assert app.scene.name == "title"
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.running and app.scene.modal is not None   # "Quit Sandtable?"
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.running and app.scene.modal is None
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert not app.running


def test_quitting_when_the_autosave_fails_asks_again_and_never_leaves_silently(app, saves, monkeypatch):
    import pygame
    sc = board(app, "central_plains", 5)
    play(sc.session, 6)
    with monkeypatch.context() as m:
        m.setattr("game.client.session.write_save", _raise_full_disk)
        app.frame(0.05, [pygame.event.Event(pygame.QUIT)])
        sc.modal.choose("leave")                        # "Save and quit": it fails
        assert app.running and "could not be saved" in sc.modal.title
        app.frame(0.05, [key(pygame.K_RETURN), key(pygame.K_RETURN)])
        assert app.running
    sc.modal.choose("retry")
    assert not app.running and sc.session.autosave_path().exists()


# -- the clumsy player ---------------------------------------------------------------------------

def test_pressing_enter_twice_on_a_question_loses_nothing(app, saves):
    import pygame

    from game.client.scenes.saves import SavesScene
    from game.client.scenes.seats import SeatsScene
    sc = board(app, "sino_japanese", 6)
    play(sc.session, 10)
    s = sc.session
    n = len(s.game.history)
    # quit (window close), then Enter twice at once, then twice more a moment later
    app.frame(0.05, [pygame.event.Event(pygame.QUIT)])
    app.frame(0.05, [key(pygame.K_RETURN), key(pygame.K_RETURN)])
    assert app.running and sc.modal is not None
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RETURN)])              # the answer in focus: keep playing
    app.frame(0.05, [key(pygame.K_RETURN)])              # (the board waits a moment before it acts)
    assert app.running and app.scene is sc and len(s.game.history) == n
    assert s.autosave_now()
    auto = s.autosave_path()
    before = auto.read_bytes()
    # a new game of the same game: Enter twice on "Continue it / Start new / Cancel"
    sc.quit_to_title()
    sc.modal.choose("leave")
    app.switch(SeatsScene(app, "sino_japanese"))
    app.frame(0.05, [key(pygame.K_RETURN)])
    app.frame(0.05, [key(pygame.K_RETURN), key(pygame.K_RETURN)])
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RETURN)])
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert app.scene.name == "board" and app.scene.session.slot == s.slot         # continued, not replaced
    assert auto.read_bytes() == before
    # a delete: Enter twice keeps the save
    ls = SavesScene(app)
    app.switch(ls)
    app.frame(0.05, [key(pygame.K_DELETE)])
    app.frame(0.05, [key(pygame.K_RETURN), key(pygame.K_RETURN)])
    after_quiet(app)
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert auto.exists() and app.scene is ls


@pytest.mark.parametrize("size", [(1280, 720), (1024, 576)])
def test_the_new_screens_render_at_each_size(env, saves, tmp_path, size):
    import pygame

    from game import rulesets
    from game.client.screenshot import render
    from game.core.save import write_save
    g = rulesets.new_game("nomonhan", 2)
    for _ in range(5):
        g.apply(g.legal_actions()[0])
    write_save(saves / "autosave-nomonhan-x.json", g, {"slot": "nomonhan-x", "turn": 1, "over": False})
    for scene in ("title", "saves", "newgame", "quit", "savefail"):
        out = render("nomonhan", str(tmp_path / f"{scene}.png"), size=size, scene=scene)
        assert pygame.image.load(out).get_size() == size


def test_closing_the_window_on_the_load_screen_asks_about_the_game_on_the_board(app, saves):
    import pygame

    from game.core.save import load_game
    sc = board(app, "nomonhan", 11)
    play(sc.session, 6)
    h = sc.game.state_hash()
    sc.open_load()
    ls = app.scene
    app.frame(0.05, [pygame.event.Event(pygame.QUIT)])
    assert app.running and ls.modal is not None
    app.frame(0.05, [pygame.event.Event(pygame.QUIT)])  # closed again: save and quit
    assert not app.running and load_game(sc.session.autosave_path()).state_hash() == h


def test_a_save_on_the_load_screen_opens_in_the_replay_viewer_and_esc_comes_back(app, saves):
    """R (or the row's Replay button, or the pad's X) on the Load screen opens the chosen
    save in the replay viewer, at its start; Esc there comes back to the Load screen."""
    from game import rulesets
    from game.client.scenes.replay import ReplayScene
    from game.client.scenes.saves import SavesScene
    from game.client.session import Session
    from tests.helpers import key, type_char
    s = Session(rulesets.new_game("nomonhan", 4), autosave=False)
    play(s, 12, seed=4)
    p = s.save(saves / "nomonhan-replay.json")
    n = len(s.game.history)
    s.close()
    ls = SavesScene(app)
    app.switch(ls)
    app.frame(0.05, [])
    assert [e.path for e in ls.entries] == [p]
    app.frame(0.05, [type_char("r")])
    rs = app.scene
    assert isinstance(rs, ReplayScene) and rs.replay.length == n and rs.replay.source == p
    import pygame
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.scene is ls
    pad(app, "X")                                        # the pad's X: the same
    assert isinstance(app.scene, ReplayScene)
