"""The kiosk: the attract loop through the ready games, "press to play", the idle
timeout, the locked mode, recovery from faults (a planted exception at the 40th
AI step, a frame that fails to draw, a stalled AI, a game that never ends) and a
short headless soak through the same loop."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import rulesets
from game.client.kiosk import Attract, KioskConfig, resolve_games, run_headless
from tests.helpers import click, key

ROOT = Path(__file__).resolve().parents[1]
HEADLESS = KioskConfig(seed=3).headless()


class Clock:
    """A clock the test moves by hand (the watchdog reads it)."""

    def __init__(self) -> None:
        self.t = 1000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture
def logs(tmp_path, monkeypatch):
    """The kiosk's log in a folder of this test's own."""
    from game.client.kiosk import kiosk_log
    monkeypatch.setenv("SANDTABLE_LOGS", str(tmp_path / "logs"))
    kiosk_log()
    return tmp_path / "logs" / "kiosk.log"


def inline():
    from game.ai.worker import Inline
    return Inline()


def play_until(a: Attract, cond, limit: int = 100_000) -> None:
    for _ in range(limit):
        if cond():
            return
        a.update(0.0)
    raise AssertionError("the loop never got there")


def planted_fault(monkeypatch, game_cls, at: int = 40):
    """The true game (not an agent's view of it) raises at its ``at``-th action (once)."""
    real = game_cls.apply
    calls = {"n": 0}

    def apply(self, action):
        if self.viewer is None:
            calls["n"] += 1
        if self.viewer is None and calls["n"] == at:
            raise RuntimeError("planted fault at the 40th AI step")
        return real(self, action)
    monkeypatch.setattr(game_cls, "apply", apply)
    return calls


# -- the games ---------------------------------------------------------------------------------
def test_the_loop_takes_every_ready_game_from_the_catalogue():
    assert resolve_games(()) == tuple(rulesets.available())
    assert resolve_games("all") == tuple(rulesets.available())
    a = Attract(HEADLESS, inline())
    assert a.games == tuple(rulesets.available())
    assert [a.next_game_id(i) for i in range(len(a.games) + 1)] == [*a.games, a.games[0]]


def test_a_game_that_becomes_ready_joins_the_loop_by_itself(monkeypatch):
    monkeypatch.setattr(rulesets, "available", lambda: ["nomonhan", "yoshitsune"])
    assert Attract(HEADLESS, inline()).games == ("nomonhan", "yoshitsune")


def test_a_list_of_games_is_checked_by_name():
    assert resolve_games("yoshitsune,nomonhan") == ("yoshitsune", "nomonhan")
    not_ready = next((s.id for s in rulesets.specs() if not s.ready), None)
    with pytest.raises(ValueError, match="not a game"):
        resolve_games("chess")
    if not_ready:
        with pytest.raises(ValueError, match="not ready yet"):
            resolve_games(not_ready)


def test_each_game_plays_with_its_default_options_and_ai_in_every_seat():
    a = Attract(HEADLESS, inline())
    a.update(0.0)                               # (headless: the whole first game in one tick)
    assert a.played == 1 and a.by_game[a.games[0]] == 1
    s = a.last_summary
    assert s.game_id == a.games[0] and s.turns >= 1 and s.actions > 0 and s.reason
    assert s.next_title == rulesets.spec(a.games[1 % len(a.games)]).title


def test_the_summary_says_who_won_why_and_in_how_many_turns():
    a = Attract(KioskConfig(games=("nomonhan",), seed=4).headless(), inline())
    a.update(0.0)
    s = a.last_summary
    assert s.headline in ("DRAW", "JAPAN WINS", "SOVIET UNION WINS")
    assert s.line.startswith(f"in {s.turns} turn") and f"{s.actions} decisions" in s.line


def test_the_summary_names_each_score_in_words():
    from game.client.kiosk import score_label
    assert score_label(rulesets.spec("nomonhan"), "SOV") == "Soviet Union"
    assert score_label(rulesets.spec("sino_japanese"), "JP_vp") == "Japan VP"
    assert score_label(rulesets.spec("across_suez"), "crossed") == "crossed"
    assert score_label(rulesets.spec("central_plains"), "anti") == "反蔣軍 Anti-Chiang coalition"


# -- never stuck, never down ------------------------------------------------------------------------
def test_a_fault_at_the_40th_ai_step_is_logged_and_the_loop_goes_on(monkeypatch, logs):
    from game.rulesets.nomonhan import Nomonhan
    planted_fault(monkeypatch, Nomonhan)
    a = Attract(KioskConfig(games=("nomonhan",), seed=5).headless(), inline())
    play_until(a, lambda: a.ended >= 3)
    assert a.faults == 1 and a.played == 2 and a.watchdog == 0
    text = logs.read_text(encoding="utf-8")
    assert "planted fault at the 40th AI step" in text and "in nomonhan" in text
    assert "Traceback" in text
    line = next(ln for ln in text.splitlines() if ln.startswith("action log: "))
    logged = json.loads(line.removeprefix("action log: "))
    assert logged["game"] == "nomonhan" and len(logged["actions"]) == 39 and logged["seed"] > 0


@pytest.mark.parametrize("game_id", rulesets.available())
def test_a_fault_in_any_ready_game_is_logged_and_the_next_game_plays(monkeypatch, logs, game_id):
    g = rulesets.new_game(game_id, 0)
    game_cls = type(g)
    g.close()
    planted_fault(monkeypatch, game_cls, at=25)
    a = Attract(KioskConfig(games=(game_id,), seed=6).headless(), inline())
    play_until(a, lambda: a.ended >= 2)
    assert a.faults == 1 and a.played == 1 and a.watchdog == 0 and a.by_game[game_id] == 1
    text = logs.read_text(encoding="utf-8")
    assert "planted fault" in text and f"in {game_id}" in text


def test_the_action_log_of_a_fault_replays_to_the_same_position(monkeypatch, logs, tmp_path):
    from game.core.save import load_game
    from game.rulesets.nomonhan import Nomonhan
    planted_fault(monkeypatch, Nomonhan)
    a = Attract(KioskConfig(games=("nomonhan",), seed=5).headless(), inline())
    play_until(a, lambda: a.faults == 1)
    line = next(ln for ln in logs.read_text(encoding="utf-8").splitlines() if ln.startswith("action log: "))
    save = tmp_path / "fault.json"
    save.write_text(line.removeprefix("action log: "), encoding="utf-8")
    g = load_game(save, verify=True)
    assert len(g.history) == 39
    g.close()


def test_the_watchdog_moves_on_when_no_action_comes(logs):
    class Silent:                               # an AI that never answers
        def prepare(self, *a): pass
        def submit(self, owner, seat, agent_seat, game): return object()
        def poll(self, ticket, wait=0.0): return None
        def cancel(self, ticket): pass
        def release(self, owner): pass
    clock = Clock()
    a = Attract(KioskConfig(games=("nomonhan", "yoshitsune"), stall=30.0, seed=1).headless(), Silent(),
                clock=clock)
    a.update(0.0)
    assert a.run is not None and a.run.game_id == "nomonhan" and a.watchdog == 0
    clock.t += 29.0
    a.update(0.0)
    assert a.watchdog == 0
    clock.t += 2.0
    a.update(0.0)
    assert a.watchdog == 1 and a.fault_kinds["stalled"] == 1 and a.faults == 0
    a.update(0.0)
    assert a.run is not None and a.run.game_id == "yoshitsune"      # the next game
    assert "stalled in nomonhan" in logs.read_text(encoding="utf-8")


def test_the_watchdog_moves_on_from_a_game_past_the_action_cap():
    a = Attract(KioskConfig(games=("nomonhan",), max_actions=25, seed=1).headless(), inline())
    play_until(a, lambda: a.ended >= 2)
    assert a.watchdog == 2 and a.fault_kinds["too long"] == 2 and a.played == 0


def test_a_hung_ai_worker_is_stopped_and_the_next_game_gets_a_fresh_one(env, logs):
    from game.ai.worker import AIWorker
    w = AIWorker()
    try:
        cfg = KioskConfig(games=("nomonhan",), stall=1.0, seed=1,
                          agent="game.ai.testing:SlowAgent").headless()    # 2 s a decision: "hung"
        a = Attract(cfg, w, wait=0.1)
        play_until(a, lambda: a.watchdog >= 1, limit=400)
        first = w.restarts, w.alive()
        assert not first[1]                     # stopped ...
        a.update(0.0)
        assert a.run is not None and w.alive()  # ... and started again for the next game
    finally:
        a.stop()
        w.close()


def test_an_ai_that_fails_is_logged_and_the_loop_goes_on(logs):
    a = Attract(KioskConfig(games=("nomonhan",), seed=1, agent="game.ai.testing:FailingAgent").headless(),
                inline())
    play_until(a, lambda: a.ended >= 2)
    assert a.faults == 2 and a.fault_kinds["AI failed"] == 2
    assert "AI failed in nomonhan" in logs.read_text(encoding="utf-8")


def test_a_game_that_cannot_be_set_up_is_skipped(monkeypatch, logs):
    from game.rulesets.nomonhan import Nomonhan

    def broken(self):
        raise KeyError("planted: no such unit")
    monkeypatch.setattr(Nomonhan, "_setup", broken)
    a = Attract(KioskConfig(games=("nomonhan", "yoshitsune"), seed=1).headless(), inline())
    play_until(a, lambda: a.played >= 1)
    assert a.faults == 1 and a.by_game["yoshitsune"] == 1
    assert "error in nomonhan" in logs.read_text(encoding="utf-8")


def test_the_same_fault_again_and_again_is_logged_once_a_minute(monkeypatch, logs):
    from game.rulesets.nomonhan import Nomonhan

    def broken(self):
        raise KeyError("planted")
    monkeypatch.setattr(Nomonhan, "_setup", broken)
    a = Attract(KioskConfig(games=("nomonhan",), seed=1).headless(), inline(), clock=Clock())
    for _ in range(20):
        a.update(0.0)
    assert a.faults == 20
    assert logs.read_text(encoding="utf-8").count("error in nomonhan") == 1


# -- the headless soak ---------------------------------------------------------------------------------
def test_a_short_headless_soak_through_the_same_loop(capsys, logs):
    # one game of each (make soak plays 1,000 through the same loop)
    code = run_headless(len(rulesets.available()), KioskConfig(seed=11), ai="inline", every=0)
    out = capsys.readouterr().out
    assert code == 0, out
    assert "start: RSS" in out and "end: " in out
    n = len(rulesets.available())
    assert f"{n} games played" in out and "0 exceptions" in out and "0 moved on by the watchdog" in out


def test_the_headless_soak_fails_when_a_game_raises(monkeypatch, capsys, logs):
    from game.rulesets.nomonhan import Nomonhan
    planted_fault(monkeypatch, Nomonhan)
    code = run_headless(3, KioskConfig(games=("nomonhan",), seed=5), ai="inline", every=0)
    out = capsys.readouterr().out
    assert code == 1 and "2 games played" in out and "1 exceptions" in out and "error 1" in out


def test_demo_headless_on_the_command_line(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT), SANDTABLE_LOGS=str(tmp_path / "logs"),
               SANDTABLE_CONFIG=str(tmp_path / "config"))
    r = subprocess.run([sys.executable, "-m", "game", "demo", "--headless", "--count", "2", "--seed", "1",
                        "--games", "nomonhan", "--ai", "inline"], capture_output=True, text=True, env=env,
                       cwd=tmp_path, timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "end: 2 games played (nomonhan 2), 0 exceptions" in r.stdout and "RSS" in r.stdout
    n = subprocess.run([sys.executable, "-m", "game", "demo", "--headless", "--games", "1", "--seed", "1",
                        "--ai", "inline"], capture_output=True, text=True, env=env, cwd=tmp_path, timeout=300)
    first = rulesets.available()[0]
    assert n.returncode == 0 and f"end: 1 games played ({first} 1," in n.stdout, n.stdout + n.stderr
    assert "start: RSS" in n.stdout and "MB" in n.stdout.split("end:")[1]
    windowed = subprocess.run([sys.executable, "-m", "game", "demo", "--games", "3"],
                              capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert windowed.returncode == 2 and "needs --headless" in windowed.stderr
    bad = subprocess.run([sys.executable, "-m", "game", "demo", "--headless", "--games", "chess"],
                         capture_output=True, text=True, env=env, cwd=tmp_path, timeout=120)
    assert bad.returncode == 2 and bad.stderr.strip().startswith("demo: --games: 'chess' is not a game")


# -- the window ------------------------------------------------------------------------------------------
def kiosk_app(**cfg):
    from game.client.app import App
    return App(mode="demo", fast=True, ai="inline", kiosk=KioskConfig(seed=2, **cfg))


def close(app):
    import pygame
    if app.attract is not None:
        app.attract.stop()
    if hasattr(app.scene, "session"):
        app.scene.session.close()
    pygame.quit()


def frames(app, n: int, dt: float = 0.05, events=None) -> None:
    for _ in range(n):
        app.frame(dt, events or [])


def until_scene(app, name: str, limit: int = 20000, dt: float = 0.05) -> None:
    for _ in range(limit):
        if app.scene.name == name:
            return
        app.frame(dt, [])
    raise AssertionError(f"never reached {name} (on {app.scene.name})")


def take_over(app, before_second=None) -> None:
    """A passer-by presses a key (the prompt), waits a moment and presses another
    (the seats screen of the game on show)."""
    import pygame
    app.frame(0.05, [key(pygame.K_x)])
    frames(app, 10)
    if before_second is not None:
        before_second()
    app.frame(0.05, [key(pygame.K_x)])


def drawn_texts(app, monkeypatch) -> list[str]:
    """Every string the next frame draws."""
    seen: list[str] = []
    real = app.assets.text

    def text(s, *a, **k):
        seen.append(s)
        return real(s, *a, **k)
    monkeypatch.setattr(app.assets, "text", text)
    app.frame(0.01, [])
    monkeypatch.setattr(app.assets, "text", real)
    return seen


def test_the_title_card_names_the_game_in_both_scripts_with_year_history_and_map(env, monkeypatch):
    app = kiosk_app(games=("yoshitsune",))
    try:
        app.start_demo()
        assert app.scene.name == "title_card" and app.attract.phase == "card"
        spec = rulesets.spec("yoshitsune")
        texts = drawn_texts(app, monkeypatch)
        for want in (spec.title, spec.local, spec.year, spec.blurb):
            assert want in texts, want
        assert any(k[0] == "yoshitsune" for k in app.cache.get("thumbs", {}))     # the map's picture
        assert any("play this game" in t for t in texts)
        until_scene(app, "board")
        assert app.scene.demo and app.scene.game.game_id == "yoshitsune"
    finally:
        close(app)


@pytest.mark.parametrize("game_id", rulesets.available())
def test_every_ready_games_card_has_its_names_year_history_sides_and_a_picture_of_the_map(env, monkeypatch,
                                                                                          game_id):
    from game.client.board_view import BoardView
    from game.client.scenes.attract import side_rows
    pictures = []
    real_draw = BoardView.draw_static
    monkeypatch.setattr(BoardView, "draw_static", lambda v, surf: (pictures.append(v.picture), real_draw(v, surf)))
    app = kiosk_app(games=(game_id,))
    try:
        app.start_demo()
        assert app.scene.name == "title_card"
        texts = " | ".join(drawn_texts(app, monkeypatch))
        spec = rulesets.spec(game_id)
        for want in (spec.title, spec.local, spec.year, spec.blurb):
            assert want and want in texts, want
        rows = side_rows(app.attract.run.game, app.assets)
        assert {r.side for r in rows} == {app.attract.run.game.seat_side(s) for s in app.attract.run.game.seats}
        for r in rows:
            assert r.name in texts
            for name, _ in r.members:
                assert name in texts
        assert app.cache["thumbs"][(game_id, (600, 430))] is not None and pictures and all(pictures)
    finally:
        close(app)


def test_a_side_of_several_seats_shows_its_camp_and_its_commanders():
    from game.client.scenes.attract import side_rows
    from game.client.assets import Assets
    if "central_plains" not in rulesets.available():
        pytest.skip("中原大戰 is not ready")
    g = rulesets.new_game("central_plains", 1)
    try:
        rows = side_rows(g, Assets())
    finally:
        g.close()
    assert [r.side for r in rows] == ["central", "anti"]
    assert rows[0].name == rulesets.spec("central_plains").side_name("central")
    assert [n for n, _ in rows[0].members] == ["Chiang Kai-shek 蔣中正", "He Yingqin 何應欽"]   # English 原名 (i18n.bilingual)
    assert len(rows[1].members) == 3


def test_the_loop_plays_a_game_shows_its_summary_and_the_next_card_without_growing_worlds(env, monkeypatch):
    import gc

    import esper
    app = kiosk_app(games=("nomonhan", "across_suez"))
    try:
        app.start_demo()
        until_scene(app, "board")
        first = app.scene.game
        n = len(first.history)
        frames(app, 40)
        assert len(first.history) > n          # moves, paced
        assert any(s in app.audio.played for s in ("move", "dice", "hit"))
        until_scene(app, "summary")
        s = app.scene.summary
        assert s.game_id == "nomonhan" and s.next_title == "Across Suez"
        texts = drawn_texts(app, monkeypatch)
        assert s.headline in texts and s.line in texts and s.reason in " ".join(texts)
        gc.collect()
        worlds = len(esper.list_worlds())       # (the game just played is closed)
        until_scene(app, "title_card")
        assert app.attract.run.game_id == "across_suez"
        until_scene(app, "board")
        until_scene(app, "summary")
        gc.collect()
        assert len(esper.list_worlds()) <= worlds and app.attract.played == 2
    finally:
        close(app)


def test_the_demo_board_hints_say_only_what_works_there(env, monkeypatch):
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        until_scene(app, "board")
        frames(app, 10)
        texts = " | ".join(drawn_texts(app, monkeypatch))
        assert "Esc: menu" not in texts and "F1: help" not in texts
        assert "play this game" in texts and "hold esc: exit" in texts.lower()
        assert "DEMO  ·  Battle of Nomonhan  ノモンハンの戦い" in texts
    finally:
        close(app)


@pytest.mark.parametrize("game_id", rulesets.available())
def test_the_demo_pill_keeps_clear_of_the_games_own_top_panels(env, game_id):
    app = kiosk_app(games=(game_id,))
    try:
        app.start_demo()
        until_scene(app, "board")
        frames(app, 2)
        pill, ui = app.scene.demo_pill, app.scene.ui
        assert pill.top >= ui.top_band and pill.left >= ui.top_left and pill.right <= app.scene.map_w
    finally:
        close(app)


def test_any_key_offers_press_to_play_and_the_next_gives_the_seats_of_the_game_on_show(env, monkeypatch):
    import pygame
    app = kiosk_app(games=("nomonhan", "yoshitsune"))
    try:
        app.start_demo()
        until_scene(app, "board")
        frames(app, 5)
        app.frame(0.05, [key(pygame.K_x)])
        assert app.in_demo and app.prompt_until > app.now and app.scene.name == "board"
        assert "▶  PRESS ANY KEY, CLICK OR (A) TO PLAY" in drawn_texts(app, monkeypatch)
        app.frame(0.05, [key(pygame.K_y)])      # mashing: too soon after the prompt came
        assert app.in_demo
        frames(app, 10)
        app.frame(0.05, click((400, 400)))
        assert not app.in_demo and app.scene.name == "seats" and app.scene.game_id == "nomonhan"
        assert app.attract.run is None          # the demo's game is closed
    finally:
        close(app)


def test_esc_keeps_watching_and_the_prompt_goes_away_by_itself(env):
    import pygame
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        app.frame(0.05, [key(pygame.K_SPACE)])
        assert app.prompt_until > app.now
        frames(app, 10)
        app.frame(0.05, [key(pygame.K_ESCAPE), pygame.event.Event(pygame.KEYUP, key=pygame.K_ESCAPE, mod=0)])
        assert app.in_demo and app.prompt_until <= app.now
        app.frame(0.05, [key(pygame.K_SPACE)])
        frames(app, 220)                        # 11 s
        assert app.in_demo and app.prompt_until <= app.now and app.running
    finally:
        close(app)


def test_a_gamepad_button_plays_too(env):
    import pygame
    app = kiosk_app(games=("yoshitsune",))
    try:
        app.start_demo()
        pad = pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, joy=0, instance_id=0)
        app.frame(0.05, [pad])
        frames(app, 10)
        app.frame(0.05, [pad])
        assert app.scene.name == "seats" and app.scene.game_id == "yoshitsune"
    finally:
        close(app)


def test_a_persons_game_left_alone_goes_back_to_the_demo_after_the_idle_timeout(env, monkeypatch):
    import pygame
    app = kiosk_app(games=("nomonhan",), idle=90.0)
    try:
        app.start_demo()
        take_over(app)
        assert app.scene.name == "seats"
        frames(app, 20)
        app.frame(0.05, [key(pygame.K_RETURN)])         # starts: a person against the AI
        assert app.scene.name == "board" and not app.scene.demo
        session = app.scene.session
        for _ in range(60):                             # 80 s alone, then a key: still playing
            app.frame(80 / 60, [])
        assert app.scene.name == "board" and not app.in_demo
        assert any("the demo resumes in" in t for t in drawn_texts(app, monkeypatch))
        app.frame(0.05, [key(pygame.K_z)])
        assert app.idle < 0.1
        for _ in range(100):
            app.frame(1.0, [])
        assert app.in_demo and app.scene.name in ("title_card", "board")
        assert not session.game.world._finalizer.alive          # its world was deleted
    finally:
        close(app)


def test_quit_in_a_persons_kiosk_game_goes_back_to_the_demo_and_the_title_never_quits(env):
    import pygame

    from game.client.scenes.title import TitleScene
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        take_over(app)
        frames(app, 10)
        app.frame(0.05, [key(pygame.K_q, pygame.KMOD_CTRL)])
        assert app.in_demo and app.running
        app._stop_attract()
        app.switch(TitleScene(app))
        app.frame(0.05, [key(pygame.K_ESCAPE)])
        assert app.in_demo and app.running
    finally:
        close(app)


def test_locked_ignores_everything_but_the_exit_combination(env, monkeypatch):
    import pygame
    app = kiosk_app(games=("nomonhan",), locked=True)
    try:
        app.start_demo()
        until_scene(app, "board")
        pad = pygame.event.Event(pygame.JOYBUTTONDOWN, button=0, joy=0, instance_id=0)
        mash = [key(pygame.K_x), key(pygame.K_RETURN), *click((300, 300)), pad, key(pygame.K_F11),
                key(pygame.K_q, pygame.KMOD_CTRL), key(pygame.K_m)]
        for _ in range(3):
            app.frame(0.05, mash)
        app.frame(0.05, [key(pygame.K_ESCAPE)])
        frames(app, 80)                         # Esc held 4 s: nothing in a locked kiosk
        assert app.in_demo and app.running and app.prompt_until == 0.0 and not app.fullscreen
        assert not app.settings["muted"]
        texts = " | ".join(drawn_texts(app, monkeypatch))
        assert "play this game" not in texts and "Esc" not in texts
        combo = key(pygame.K_q, pygame.KMOD_CTRL | pygame.KMOD_SHIFT)
        app.frame(0.05, [combo])
        frames(app, 20)
        assert app.running                      # held 1 s
        app.frame(0.05, [pygame.event.Event(pygame.KEYUP, key=pygame.K_q, mod=0)])
        frames(app, 40)
        assert app.running                      # let go: starts again
        app.frame(0.05, [combo])
        frames(app, 45)
        assert not app.running and app.exit_code == 0
    finally:
        close(app)


def test_hold_esc_or_ctrl_q_leaves_the_unlocked_demo(env):
    import pygame
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        app.frame(0.05, [key(pygame.K_ESCAPE)])
        frames(app, 45)
        assert not app.running
    finally:
        close(app)
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        app.frame(0.05, [key(pygame.K_q, pygame.KMOD_CTRL)])
        assert not app.running
    finally:
        close(app)


def test_a_fault_in_a_demo_game_through_the_window_moves_on(env, monkeypatch, logs):
    from game.rulesets.nomonhan import Nomonhan
    planted_fault(monkeypatch, Nomonhan)
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        until_scene(app, "attract_pause")
        assert app.attract.faults == 1 and app.running
        until_scene(app, "title_card")
        until_scene(app, "board")
        n = len(app.scene.game.history)
        frames(app, 30)
        assert len(app.scene.game.history) > n
        assert "planted fault" in logs.read_text(encoding="utf-8")
    finally:
        close(app)


def test_a_frame_that_fails_to_draw_is_logged_and_the_loop_goes_on(env, monkeypatch, logs):
    from game.client.scenes.board import BoardScene
    real = BoardScene.draw
    calls = {"n": 0}

    def draw(self, surf):
        calls["n"] += 1
        if calls["n"] == 20:
            raise ZeroDivisionError("planted fault in a frame")
        return real(self, surf)
    monkeypatch.setattr(BoardScene, "draw", draw)
    app = kiosk_app(games=("nomonhan", "yoshitsune"))
    try:
        app.start_demo()
        until_scene(app, "board")
        until_scene(app, "attract_pause")
        assert app.attract.faults == 1 and app.attract.fault_kinds["error"] == 1
        until_scene(app, "board")
        assert app.scene.game.game_id == "yoshitsune"
        frames(app, 30)
        text = logs.read_text(encoding="utf-8")
        assert "planted fault in a frame" in text and "(draw)" in text and "action log" in text
    finally:
        close(app)


def test_a_fault_in_a_persons_kiosk_game_goes_back_to_the_demo(env, monkeypatch, logs):
    import pygame

    from game.client.scenes.seats import SeatsScene

    def draw(self, surf):
        raise ValueError("planted fault in the seats screen")
    app = kiosk_app(games=("nomonhan",))
    try:
        app.start_demo()
        take_over(app, lambda: monkeypatch.setattr(SeatsScene, "draw", draw))
        assert app.in_demo and app.running
        assert "planted fault in the seats screen" in logs.read_text(encoding="utf-8")
    finally:
        close(app)


@pytest.mark.parametrize("frames", [pytest.param(600, id="600"),
                                    pytest.param(3000, id="3000", marks=pytest.mark.soak)])
def test_mashing_keys_and_clicks_during_a_card_and_a_game_never_breaks_the_loop(env, frames, monkeypatch):
    """A clumsy passer-by: everything at once, many times; the kiosk ends up playing
    or back in the demo, and is still running (600 frames in make test, 3,000 in the soak).
    The keys may set a seat to hard, which thinks inline here: its budget is cut to
    0.1 s a decision so that the test spends its time on input, not on search."""
    import random

    from game.ai import levels
    monkeypatch.setitem(levels.BUDGETS, "hard", levels.Budget(0.1, 0.5, 0.05))

    import pygame
    rng = random.Random(7)
    keys = [pygame.K_a, pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_TAB, pygame.K_LEFT,
            pygame.K_u, pygame.K_z, pygame.K_F1, pygame.K_m, pygame.K_PLUS, pygame.K_BACKSPACE, pygame.K_h]
    app = kiosk_app(games=("nomonhan", "yoshitsune"), idle=20.0)
    try:
        app.start_demo()
        for i in range(frames):
            ev = []
            if rng.random() < 0.5:
                k = rng.choice(keys)
                ev += [key(k), pygame.event.Event(pygame.KEYUP, key=k, mod=0)]
            if rng.random() < 0.3:
                ev.extend(click((rng.randrange(1280), rng.randrange(720)), rng.choice((1, 1, 3))))
            app.frame(0.05 if i % 300 < 250 else 0.5, ev)
            assert app.running
        assert app.scene is not None
    finally:
        close(app)


def test_the_kiosk_screens_render_to_png(env, tmp_path):
    import pygame

    from game.client.screenshot import KIOSK_SCENES, render
    for scene in KIOSK_SCENES:
        out = render("nomonhan", str(tmp_path / f"{scene}.png"), scene=scene)
        assert pygame.image.load(out).get_size() == (1280, 720)


def test_press_to_play_during_a_summary_offers_the_game_just_played(env):
    import pygame
    app = kiosk_app(games=("nomonhan", "yoshitsune"))
    try:
        app.start_demo()
        until_scene(app, "summary", dt=0.1)
        app.time_scale = 1.0                    # (the summary shows for 8 s)
        take_over(app)
        assert app.scene.name == "seats" and app.scene.game_id == "nomonhan"
    finally:
        close(app)
