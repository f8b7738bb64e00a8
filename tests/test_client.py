"""Client tests: scenes driven by synthetic events, headless (dummy drivers)."""
from __future__ import annotations

import gc
import os
import random
import time

import pytest

from tests.helpers import click, frames_until, key

pytestmark = pytest.mark.client


def board_scene(app, seats=None, seed=5):
    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    s = BoardScene(app, Session(rulesets.new_game("nomonhan", seed), seats or {"JP": "human", "SOV": "heuristic"}))
    app.switch(s)
    return s


def settle(app, limit=2000):
    """Run frames until the board waits for a human (or the game is over)."""
    for _ in range(limit):
        sc = app.scene
        if getattr(sc, "name", "") != "board":
            return
        if sc.can_act() or (sc.game.is_over() and not sc.seq.busy):
            return
        app.frame(0.05, [])


def test_a_game_not_ready_yet_cannot_be_chosen(app, monkeypatch):
    from dataclasses import replace

    import pygame

    from game import rulesets
    from game.client.scenes.select import SelectScene
    real = rulesets.spec
    ids = [s.id for s in rulesets.specs()]
    monkeypatch.setattr(rulesets, "spec", lambda gid: replace(real(gid), ready=False) if gid == ids[-1] else real(gid))
    app.switch(SelectScene(app))
    app.frame(0.05, [key(pygame.K_RIGHT)] * (len(ids) - 1))     # onto a card still "coming soon"
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert app.scene.name == "select"                           # not selectable


def test_scene_flow_title_to_board(app):
    import pygame

    from game.client.scenes.title import TitleScene
    app.switch(TitleScene(app))
    values = [b.value for b in app.scene.menu.buttons]       # (Continue first when a game is unfinished)
    app.frame(0.05, [key(pygame.K_DOWN)] * values.index("new") + [key(pygame.K_RETURN)])   # New game
    assert app.scene.name == "select"
    from game import rulesets
    ids = [s.id for s in rulesets.specs()]
    coming = next((i for i, s in enumerate(rulesets.specs()) if not s.ready), None)
    if coming is not None:                             # every game may be playable by now
        app.frame(0.05, [key(pygame.K_RIGHT)] * coming)   # onto a card still "coming soon"
        app.frame(0.05, [key(pygame.K_RETURN)])
        assert app.scene.name == "select"                 # not selectable
        app.frame(0.05, [key(pygame.K_LEFT)] * coming)
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert ids[0] == "nomonhan"
    assert app.scene.name == "seats"
    assert app.scene.seats == {"JP": "human", "SOV": "normal"}
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.scene.name == "select"                 # a way back
    app.frame(0.05, [key(pygame.K_RETURN)])
    app.frame(0.05, [key(pygame.K_SPACE)])
    if app.scene.name == "seats" and app.scene.modal is not None:   # an unfinished game saved by another test
        app.scene.modal.choose("new")
    assert app.scene.name == "board"
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.scene.modal is not None                # pause menu
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert app.scene.modal is None


def test_human_move_by_clicks(app):
    from game.rulesets.nomonhan.actions import Move
    sc = board_scene(app)
    settle(app)
    assert sc.can_act()
    moves = [a for a in sc.game.legal_actions() if isinstance(a, Move)]
    unit = moves[0].unit
    app.frame(0.05, click(tuple(map(int, sc.view.hex_center(sc.game.pos(unit))))))
    assert sc.ui.selected == unit
    lit = [h for h, k in sc.ui.targets().items() if k == "move"]
    assert sorted(lit) == sorted(a.to for a in moves if a.unit == unit)
    dest = lit[0]
    app.frame(0.05, click(tuple(map(int, sc.view.hex_center(dest)))))
    assert sc.game.history[-1] == Move(unit, dest)
    assert "move" in app.audio.played                 # the slide played its sound
    settle(app)
    assert sc.ui.unit_hex(unit) == dest


def _ui_step(app, sc, rng):
    """One human decision through the UI's own paths (clicks, keys, buttons)."""
    import pygame

    from game.rulesets.nomonhan.actions import Advance, Assign, Move, Resolve, Retreat, StepLoss
    legal = sc.game.legal_actions()
    a = rng.choice(legal)
    before = len(sc.game.history)
    at = lambda h: tuple(map(int, sc.view.hex_center(h)))  # noqa: E731
    if isinstance(a, (Move, Advance)):
        sc.ui.selected = None
        sc.ui.auto_select()
        if sc.ui.selected != a.unit:
            app.frame(0.02, click(at(sc.game.pos(a.unit))))
        app.frame(0.02, click(at(a.to)))
    elif isinstance(a, Assign):
        sc.ui.selected = None
        app.frame(0.02, click(at(sc.game.pos(a.attacker))))
        app.frame(0.02, click(at(sc.game.pos(a.defender))))
    elif isinstance(a, Resolve):
        app.frame(0.02, click(at(sc.game.pos(a.defender))))
    elif isinstance(a, Retreat):
        sc.ui.selected = a.unit
        app.frame(0.02, click(at(a.to)))
    elif isinstance(a, StepLoss):
        btn = next((b for b in sc.buttons if b.value == a), None)
        if btn is not None:
            app.frame(0.02, click(btn.rect.center))
    else:
        btn = next((b for b in sc.buttons if b.value == a), None)
        if btn is not None and btn.primary:
            app.frame(0.02, [key(pygame.K_SPACE)])
        elif btn is not None:
            app.frame(0.02, click(btn.rect.center))
    if len(sc.game.history) == before:            # the UI path did not apply: use the submit function
        assert sc.submit(a)
    assert sc.game.history[before] == a


def test_whole_game_human_vs_ai_to_game_over(app):
    sc = board_scene(app, seed=11)
    rng = random.Random(3)
    t0 = time.time()
    steps = 0
    while app.scene is sc and time.time() - t0 < 40:
        settle(app)
        if app.scene is not sc:
            break
        if sc.game.is_over():
            app.frame(0.05, [])
            continue
        _ui_step(app, sc, rng)
        steps += 1
    assert app.scene.name == "gameover", (steps, sc.game.pending())
    assert app.scene.result is not None
    assert any(getattr(a, "kind", "") for a in sc.game.history)
    # its replay steps through the same actions to the same end
    over = app.scene
    app.frame(0.05, [key(__import__("pygame").K_RETURN)])
    assert app.scene.name == "replay"
    rs = app.scene
    rs.goto(rs.replay.length)
    assert rs.game.history == sc.game.history and rs.game.state_hash() == sc.game.state_hash()
    last = lambda g: [e.text for e in g.events if e.kind == "GameOver"]  # noqa: E731
    assert last(rs.game) == last(sc.game) and last(sc.game)
    app.frame(0.05, [key(__import__("pygame").K_ESCAPE)])
    assert app.scene is over


def test_undo_restores_previous_position(app):
    from game.rulesets.nomonhan.actions import Move
    sc = board_scene(app)
    settle(app)
    before = sc.game.state_hash()
    a = next(a for a in sc.game.legal_actions() if isinstance(a, Move))
    assert sc.submit(a)
    assert sc.game.state_hash() != before
    import pygame
    app.frame(0.05, [key(pygame.K_u)])
    assert sc.game.state_hash() == before
    assert sc.ui.unit_hex(a.unit) == sc.game.pos(a.unit)
    assert not sc.session.can_undo()


def test_damaged_save_shows_error_and_is_untouched(app, env):
    sc = board_scene(app)
    bad = env / "saves" / "broken.json"
    bad.parent.mkdir(parents=True, exist_ok=True)
    bad.write_bytes(b'{"format": "sandtable-save", "version": 1, "game": "nomonhan", "seed": 1, "act')
    data = bad.read_bytes()
    mtime = bad.stat().st_mtime_ns
    err = sc.load_from(bad)
    assert "damaged" in err
    assert app.scene is sc
    assert any("damaged" in t[0] for t in app.toasts)
    app.frame(0.05, [])                                  # draws the message, no crash
    assert bad.read_bytes() == data and bad.stat().st_mtime_ns == mtime
    # through the Load screen as well
    from game.client.scenes.saves import SavesScene
    ls = SavesScene(app, back=sc)
    i = next(i for i, e in enumerate(ls.entries) if e.path == bad)
    assert "damaged" in ls.entries[i].error and "damaged" in ls.load(i)


def test_save_and_load_roundtrip(app):
    from game.rulesets.nomonhan.actions import Move
    sc = board_scene(app)
    settle(app)
    sc.submit(next(a for a in sc.game.legal_actions() if isinstance(a, Move)))
    p = sc.save()
    assert p is not None and p.exists()
    h = sc.game.state_hash()
    assert sc.load_from(p) == ""
    assert app.scene is not sc and app.scene.game.state_hash() == h


@pytest.mark.parametrize("scene", ["title", "select", "seats", "board", "gameover"])
def test_screenshot_each_scene(env, tmp_path, scene):
    import pygame

    from game.client.screenshot import render
    out = render("nomonhan", str(tmp_path / f"{scene}.png"), scene=scene)
    assert os.path.getsize(out) > 1000
    img = pygame.image.load(out)
    assert img.get_size() == (1280, 720)


def test_demo_plays_a_game_and_starts_the_next_without_growing_worlds(env):
    import esper
    import pygame

    from game.client.app import App
    app = App(mode="demo", fast=True)
    try:
        app.time_scale = 200.0
        app.start_demo()
        assert app.scene.name == "title_card"
        assert frames_until(app, lambda: app.scene.name == "board")
        first = app.scene
        assert frames_until(app, lambda: app.scene is not first)
        assert any(e.kind == "GameOver" for e in first.game.events)  # (its world is closed now)
        assert app.scene.name == "summary" and app.demo_games == 1
        gc.collect()
        worlds = len(esper.list_worlds())
        assert frames_until(app, lambda: app.demo_games == 2 and app.scene.name == "summary")
        gc.collect()
        assert len(esper.list_worlds()) <= worlds
        # a click offers "press to play" (the demo goes on); Ctrl+Q leaves (and ends a kiosk run)
        app.frame(0.05, click((300, 300)))
        assert app.in_demo and app.running and app.prompt_until > app.now
        app.frame(0.05, [key(pygame.K_q, pygame.KMOD_CTRL)])
        assert not app.running
    finally:
        if app.attract is not None:
            app.attract.stop()
        pygame.quit()


def test_demo_from_title_idle_and_back(app):
    import pygame

    from game.client.scenes.title import TitleScene
    app.switch(TitleScene(app))
    app.frame(121.0, [])
    assert app.in_demo and app.demo_hints() == "Any key: back to the title"
    for _ in range(400):                    # (the card, then the board of a game chosen at random)
        app.frame(0.05, [])
        if app.scene.name == "board":
            break
    assert app.scene.name == "board" and app.scene.demo
    app.frame(0.05, [key(pygame.K_x)])
    assert app.scene.name == "title" and not app.in_demo


def test_settings_persist_in_config_dir(app, env):
    import json

    import pygame

    from game.client.scenes.title import TitleScene
    app.switch(TitleScene(app))
    app.frame(0.05, [key(pygame.K_m)])
    app.frame(0.05, [key(pygame.K_MINUS)])
    data = json.loads((env / "config" / "settings.json").read_text())
    assert data["muted"] is False and abs(data["volume"] - 0.6) < 1e-6
    app.frame(0.05, [key(pygame.K_m)])
    assert json.loads((env / "config" / "settings.json").read_text())["muted"] is True
    app.frame(0.05, [key(pygame.K_m)])


def test_keyboard_cursor_and_gamepad(app):
    import pygame
    sc = board_scene(app)
    settle(app)
    app.frame(0.05, [key(pygame.K_TAB)])
    assert sc.show_cursor and sc.cursor_hex in sc.ui.actable_hexes()
    assert sc.ui.selected is not None
    app.frame(0.05, [key(pygame.K_RIGHT)])
    assert sc.cursor_hex is not None
    n = len(sc.game.history)
    app.frame(0.05, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=2, joy=0, instance_id=0)])  # X
    from game.rulesets.nomonhan.actions import EndPhase
    assert sc.game.history[n] == EndPhase()          # X = the main button: End movement
    app.frame(0.05, [pygame.event.Event(pygame.JOYBUTTONDOWN, button=7, joy=0, instance_id=0)])  # Start
    assert sc.modal is not None


def test_bench_runs(env):
    from game.client.bench import board_frame_times
    t = board_frame_times(frames=30)
    assert len(t) == 30 and all(x > 0 for x in t)


def test_scene_changes_collect_garbage_and_freeze_the_survivors(app):
    """The collector may pause only at a scene change, never in the middle of play."""
    import gc
    from game.client.scenes.title import TitleScene
    gc.unfreeze()
    app.switch(TitleScene(app))
    assert gc.get_freeze_count() > 0
