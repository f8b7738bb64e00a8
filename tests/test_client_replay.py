"""The replay viewer (game/client/replay.py, scenes/replay.py): for each game, a seeded game
played some steps and replayed in the client, driven by keys, the pad and clicks."""
from __future__ import annotations

from functools import lru_cache

import pytest

from game import rulesets
from tests.helpers import click, key, type_char

pytestmark = pytest.mark.client

GAMES = rulesets.available()


@lru_cache(maxsize=None)
def played(game_id: str, turns: int = 3, limit: int = 400, seed: int = 7):
    """A seeded random game played until ``turns`` turns have started (or ``limit`` actions or
    its end): (seed, actions, the state hash after each number of actions)."""
    from game.ai import ask
    from game.ai.random_agent import RandomAgent
    g = rulesets.new_game(game_id, seed)
    agents = {s: RandomAgent(i + 1) for i, s in enumerate(g.seats)}
    hashes = [g.state_hash()]
    started = sum(e.kind == "TurnStarted" for e in g.events)
    while not g.is_over() and len(g.history) < limit and started < turns:
        started += sum(e.kind == "TurnStarted" for e in g.apply(ask(g, agents[g.to_move()])))
        hashes.append(g.state_hash())
    out = (seed, tuple(g.history), tuple(hashes))
    g.close()
    return out


def live(game_id: str, upto: int | None = None, **kw):
    """The played game, live, after ``upto`` of its actions."""
    seed, actions, _ = played(game_id, **kw)
    g = rulesets.new_game(game_id, seed)
    for a in actions[:upto]:
        g.apply(a)
    return g


def finished(game_id: str, seed: int = 3):
    from game.ai import ask
    from game.ai.random_agent import RandomAgent
    g = rulesets.new_game(game_id, seed)
    agents = {s: RandomAgent(i + 1) for i, s in enumerate(g.seats)}
    while not g.is_over():
        g.apply(ask(g, agents[g.to_move()]))
    return g


def opened(app, what, **kw):
    from game.client.navigator import REPLAY, go
    sc = go(app, REPLAY, what=what, **kw)
    assert sc is not None and app.scene is sc
    return sc


def pad(button):
    import pygame
    return pygame.event.Event(pygame.JOYBUTTONDOWN, button=button, joy=0, instance_id=0)


def hat(x, y):
    import pygame
    return pygame.event.Event(pygame.JOYHATMOTION, value=(x, y), joy=0, instance_id=0, hat=0)


@pytest.mark.parametrize("game_id", GAMES)
def test_stepping_forward_k_steps_gives_the_live_games_position_at_k(app, game_id):
    import pygame
    _, actions, hashes = played(game_id)
    sc = opened(app, live(game_id))
    assert sc.replay.pos == 0 and sc.game.state_hash() == hashes[0]      # opens at the set-up
    k = min(25, len(actions))
    for i in range(1, k + 1):
        app.frame(0.02, [key(pygame.K_RIGHT)])
        assert sc.replay.pos == i and sc.game.state_hash() == hashes[i]
    assert sc.game.history == list(actions[:k])


@pytest.mark.parametrize("game_id", GAMES)
def test_back_then_forward_again_gives_the_same_positions(app, game_id):
    import pygame
    _, actions, hashes = played(game_id)
    sc = opened(app, live(game_id))
    sc.goto(len(actions))                                   # from the end, back over snapshot boundaries
    for i in range(len(actions) - 1, max(-1, len(actions) - 20), -1):
        app.frame(0.02, [key(pygame.K_LEFT)])
        assert sc.game.state_hash() == hashes[i]
    here = sc.replay.pos
    app.frame(0.02, [hat(1, 0), hat(0, 0)] * 5)             # the pad's D-pad, pressed 5 times: forward again
    assert sc.replay.pos == here + 5 and sc.game.state_hash() == hashes[here + 5]
    for p in (3, len(actions) // 2, 1, len(actions), 0):   # and jumps anywhere
        sc.goto(p)
        assert sc.game.state_hash() == hashes[p]


@pytest.mark.parametrize("game_id", GAMES)
def test_jump_to_a_turn_lands_at_that_turns_first_step(app, game_id):
    import pygame
    _, actions, hashes = played(game_id)
    sc = opened(app, live(game_id))
    rp = sc.replay
    later = [t for t in rp.turns if t.pos > 0]
    assert len(later) >= 2, "the played game should start a few turns"
    app.frame(0.02, [key(pygame.K_PAGEDOWN)])               # PgDn: the next turn's start
    t = later[0]
    assert rp.pos == t.pos and sc.game.state_hash() == hashes[t.pos]
    assert any(e.kind == "TurnStarted" for e in rp.events_at())        # the step that started it
    assert sum(e.kind == "TurnStarted" for e in sc.game.events) == rp.turn_index() + 1
    app.frame(0.02, [key(pygame.K_RIGHT), key(pygame.K_RIGHT), key(pygame.K_PAGEUP)])
    assert rp.pos == t.pos                                  # PgUp inside a turn: back to its start
    # the turn list (G): the second turn after the set-up
    app.frame(0.02, [type_char("g")])
    assert sc.modal is not None
    app.frame(0.02, [key(pygame.K_DOWN), key(pygame.K_RETURN)])
    assert sc.modal is None and rp.pos == later[1].pos and sc.game.state_hash() == hashes[later[1].pos]
    # a click on the timeline goes to that step
    x = sc.timeline.x + round(sc.timeline.width * 2 / rp.length)
    app.frame(0.02, click((x, sc.timeline.centery)))
    assert rp.pos == 2 and sc.game.state_hash() == hashes[2]


@pytest.mark.parametrize("game_id", GAMES)
def test_take_over_starts_a_live_game_at_that_position_saved_to_a_new_file(app, game_id, env):
    import pygame

    from game.core.save import default_save_dir, write_save
    from game.client.scenes.board import BoardScene
    _, actions, hashes = played(game_id)
    src = write_save(default_save_dir() / f"autosave-{game_id}.json", live(game_id),
                     {"seats": {s: "human" for s in rulesets.spec(game_id).seats}})
    before = src.read_bytes()
    sc = opened(app, src)
    k = len(actions) // 2
    sc.goto(k)
    app.frame(0.02, [type_char("t")])                       # T: take over
    assert sc.modal is not None
    app.frame(0.02, [key(pygame.K_RETURN)])                 # "Keep the seats"
    board = app.scene
    assert isinstance(board, BoardScene)
    s = board.session
    assert s.game.state_hash() == hashes[k] and s.game.history == list(actions[:k])
    assert all(kind == "human" for kind in s.seats.values())
    a = s.game.legal_actions()[0]
    s.submit(a)                                             # its first new action is legal
    ref = live(game_id, k)
    ref.apply(a)
    assert s.game.state_hash() == ref.state_hash()
    assert s.last_save is not None and s.last_save.exists() and s.last_save != src
    assert s.autosave_path() == s.last_save                 # and it autosaves there too
    s.save(s.autosave_path())
    assert src.read_bytes() == before                       # the replayed file is never touched


def test_take_over_can_choose_the_seats_and_back_out_to_the_same_step(app):
    import pygame
    from game.client.scenes.board import BoardScene
    _, actions, hashes = played("nomonhan")
    sc = opened(app, live("nomonhan"))
    sc.goto(9)
    app.frame(0.02, [pad(3)])                               # the pad's Y: take over
    app.frame(0.02, [key(pygame.K_DOWN), key(pygame.K_RETURN)])   # "Choose the seats…"
    assert app.scene.name == "seats"
    app.frame(0.02, [key(pygame.K_ESCAPE)])
    assert app.scene is sc and sc.replay.pos == 9 and sc.game.state_hash() == hashes[9]
    app.frame(0.02, [key(pygame.K_t), type_char("t"), key(pygame.K_DOWN), key(pygame.K_RETURN)])
    seats = app.scene
    assert seats.name == "seats" and seats.seat_names == list(sc.game.seats)
    app.frame(0.02, [key(pygame.K_RIGHT)])                  # JP: human -> AI easy
    app.frame(0.02, [key(pygame.K_RETURN)])
    assert isinstance(app.scene, BoardScene)
    assert app.scene.session.seats["JP"] == "easy"
    assert app.scene.game.history[:9] == list(actions[:9])    # (the AI may have moved on already)


def test_the_end_of_a_finished_game_cannot_be_taken_over(app):
    g = finished("nomonhan")
    sc = opened(app, g)
    sc.goto(sc.replay.length)
    app.frame(0.02, [type_char("t")])
    assert sc.modal is None and app.scene is sc


@pytest.mark.parametrize("game_id", ["nomonhan", "yoshitsune"])
def test_play_advances_at_the_chosen_speed(app, game_id):
    import pygame
    sc = opened(app, live(game_id))
    vol = app.settings["volume"]
    app.frame(0.0, [key(pygame.K_SPACE)])                   # play, at 2 steps a second
    assert sc.playing
    for _ in range(10):
        app.frame(0.1, [])
    assert sc.replay.pos == 2
    app.frame(0.0, [key(pygame.K_EQUALS), key(pygame.K_EQUALS)])     # + +: 8 steps a second
    assert sc.speed == 8 and app.settings["volume"] == vol         # (the speed, not the volume)
    for _ in range(5):
        app.frame(0.1, [])
    assert sc.replay.pos == 6
    app.frame(0.0, [pad(4)])                                # the pad's LB: 4 steps a second
    app.frame(0.5, [])
    assert sc.speed == 4 and sc.replay.pos == 8
    app.frame(0.0, [pad(0)])                                # the pad's A: pause
    app.frame(1.0, [])
    assert not sc.playing and sc.replay.pos == 8
    sc.goto(sc.replay.length - 1)
    app.frame(0.0, [key(pygame.K_SPACE)])
    app.frame(2.0, [])
    assert sc.replay.at_end and not sc.playing              # stops at the end


def test_the_game_over_screen_opens_the_replay_and_esc_comes_back(app):
    import pygame

    from game.client.scenes.gameover import GameOverScene
    from game.client.session import Session
    g = finished("nomonhan")
    s = Session(g, {"JP": "human", "SOV": "random"}, autosave=False)
    over = GameOverScene(app, s)
    app.switch(over)
    assert over.menu.buttons[0].value == "replay"
    app.frame(0.02, [key(pygame.K_RETURN)])                 # "Watch replay"
    sc = app.scene
    assert sc.name == "replay" and sc.replay.length == len(g.history) and sc.replay.finished
    sc.goto(sc.replay.length)
    assert sc.game.state_hash() == g.state_hash() and sc.game.is_over()
    app.frame(0.02, [key(pygame.K_ESCAPE)])
    assert app.scene is over and over.session.game is g
    app.frame(0.02, [key(pygame.K_RETURN)])                 # again, and take over three steps before the end
    sc = app.scene
    sc.goto(sc.replay.length - 3)
    app.frame(0.02, [type_char("t"), key(pygame.K_RETURN)])
    assert app.scene.name == "board" and app.scene.game.history[:len(g.history) - 3] == g.history[:-3]
    assert app.scene.session.seats == {"JP": "human", "SOV": "random"}


def test_the_title_lists_the_saves_and_opens_one_as_a_replay(app, env):
    import pygame

    from game.client.scenes.title import TitleScene
    from game.core.save import default_save_dir, write_save
    p = write_save(default_save_dir() / "replay-me.json", live("across_suez", 12))
    app.switch(TitleScene(app))
    app.frame(0.02, [type_char("r")])                       # R: the replays
    assert app.scene.name == "replays"
    lst = app.scene.list
    i = next(i for i, (_, v) in enumerate(lst.rows) if v == p)
    app.frame(0.02, [key(pygame.K_DOWN)] * i + [key(pygame.K_RETURN)])
    sc = app.scene
    assert sc.name == "replay" and sc.replay.source == p and sc.replay.length == 12
    app.frame(0.02, [key(pygame.K_ESCAPE)])
    assert app.scene.name == "replays"
    app.frame(0.02, [key(pygame.K_ESCAPE)])
    assert app.scene.name == "title"
    app.frame(0.02, click(app.scene.replays_button().center))      # the title's button
    assert app.scene.name == "replays"
    app.frame(0.02, [pad(1)])                               # the pad's B: back
    assert app.scene.name == "title"


def test_a_damaged_save_is_said_and_nothing_opens(app, env):
    from game.client.navigator import REPLAY, go
    from game.client.scenes.replay import ReplaysScene
    from game.core.save import default_save_dir
    p = default_save_dir() / "broken.json"
    p.parent.mkdir(parents=True, exist_ok=True)
    p.write_text('{"format": "sandtable-save", "version": 1, "game": "nomonhan", "seed": 1, '
                 '"options": {}, "actions": [{"kind": "nope"}], "state_hash": "x"}')
    app.switch(ReplaysScene(app))
    assert go(app, REPLAY, what=p) is None
    assert app.scene.name == "replays" and app.toasts and "broken.json" in app.toasts[-1][0]


# -- hidden information -------------------------------------------------------------------------
def _secret_lines(sc) -> list[str]:
    """Every log line the replay would show, at every position."""
    out = []
    for p in range(sc.replay.length + 1):
        sc.goto(p)
        out += [sc.ui.log_text(e) for e in sc.replay.events_at()]
    return out


@pytest.mark.parametrize("game_id", ["yoshitsune", "central_plains"])
def test_an_unfinished_hotseat_game_with_secrets_shows_only_public_information(app, env, game_id):
    from game.core.save import default_save_dir, write_save
    g = live(game_id)
    assert not g.is_over()
    p = write_save(default_save_dir() / f"hotseat-{game_id}.json", g, {"seats": {s: "human" for s in g.seats}})
    sc = opened(app, p)
    assert sc.views == [None]
    app.frame(0.02, [type_char("v"), pad(2)])               # V, the pad's X: nothing else to see
    assert sc.viewer() is None and sc.ui.viewer is None
    assert not any("only you see this" in t for t in _secret_lines(sc))
    assert sc.ui.obs is None                                # no seat's observation is drawn


def test_an_unfinished_game_against_the_ai_may_show_the_human_seats_own_view(app, env):
    from game.core.save import default_save_dir, write_save
    g = live("yoshitsune")
    p = write_save(default_save_dir() / "vs-ai.json", g, {"seats": {"MINAMOTO": "human", "TAIRA": "normal"}})
    sc = opened(app, p)
    assert sc.views == [None, "MINAMOTO"]


def test_a_finished_game_shows_the_secrets_of_the_side_that_acts_and_v_changes_the_view(app):
    g = finished("yoshitsune")
    sc = opened(app, g)
    assert sc.views[0] == "auto"
    rp = sc.replay
    chose = next(s for s in rp.steps if any(e.kind == "CardChosen" and "card" in e.data for e in s.events))
    sc.goto(chose.pos)
    assert sc.ui.viewer == chose.seat                       # the acting side's secrets show
    assert any("only you see this" in sc.ui.log_text(e) for e in rp.events_at())
    seen = []
    for _ in range(len(sc.views)):
        app.frame(0.02, [type_char("v")])
        seen.append(sc.ui.viewer)
    assert set(seen) == {None, *g.seats, chose.seat}


# -- quick stepping back, the layout ------------------------------------------------------------
def test_stepping_back_restores_a_snapshot_instead_of_replaying_from_the_start(monkeypatch):
    from game.client.replay import SNAPSHOT_EVERY, Replay
    g = finished("across_suez")
    rp = Replay.from_game(g)
    applied = []
    real = type(rp.game).apply
    monkeypatch.setattr(type(rp.game), "apply", lambda self, a: applied.append(a) or real(self, a))
    rp.goto(rp.length - 3)                                  # a cold jump: at most a stretch between snapshots
    assert len(applied) < SNAPSHOT_EVERY
    counts = []
    for _ in range(3 * SNAPSHOT_EVERY):                     # step back, one at a time
        applied.clear()
        rp.step(-1)
        counts.append(len(applied))
    assert max(counts) < SNAPSHOT_EVERY                     # never more than one stretch ...
    assert sum(counts) <= 4 * (SNAPSHOT_EVERY - 1)          # ... once per stretch entered, then restores only
    applied.clear()
    rp.step(SNAPSHOT_EVERY)                                 # forward again over visited positions
    rp.step(-SNAPSHOT_EVERY)
    assert applied == []
    ref = rulesets.new_game("across_suez", g.seed)
    for a in g.history[:rp.pos]:
        ref.apply(a)
    assert rp.game.state_hash() == ref.state_hash()


@pytest.mark.parametrize("size", [(1280, 720), (1024, 576), (1920, 1080)])
def test_the_replay_screen_lays_out_at_each_size(app, size):
    import pygame
    sc = opened(app, live("central_plains"))
    sc.goto(10)
    app.frame(0.01, [pygame.event.Event(pygame.VIDEORESIZE, w=size[0], h=size[1], size=size)])
    surf = app.screen
    assert surf.get_size() == size
    sc.draw(surf)
    w, h = size
    assert sc.view.area.bottom <= sc.timeline.top and sc.timeline.right <= w
    assert all(surf.get_rect().contains(b.rect) for b in sc.buttons)
    assert sc.buttons[-1].rect.right <= w - 8 and sc.buttons[0].rect.bottom <= h


def test_screenshot_of_the_replay_scene(env, tmp_path):
    import pygame

    from game.client.screenshot import render
    from game.core.save import write_save
    p = write_save(tmp_path / "s.json", live("sino_japanese"))
    out = render("sino_japanese", str(tmp_path / "replay.png"), save=str(p), size=(1024, 576), scene="replay")
    assert pygame.image.load(out).get_size() == (1024, 576)


def test_a_save_with_no_moves_replays_and_can_be_taken_over(app, env):
    import pygame

    from game.core.save import default_save_dir, write_save
    p = write_save(default_save_dir() / "fresh.json", rulesets.new_game("yoshitsune", 4))
    sc = opened(app, p)
    assert sc.replay.length == 0
    app.frame(0.1, [key(pygame.K_RIGHT), key(pygame.K_SPACE), key(pygame.K_PAGEDOWN), key(pygame.K_LEFT)])
    app.frame(1.0, [])
    assert sc.replay.pos == 0 and not sc.playing
    app.frame(0.02, [type_char("t"), key(pygame.K_RETURN)])
    s = app.scene.session
    assert app.scene.name == "board" and s.last_save is not None and s.last_save != p


def test_mashing_keys_buttons_and_clicks_always_shows_the_position_at_the_step_shown(app):
    """The clumsy player: random keys, pad buttons and clicks (not the ones that leave), in
    play and paused, through the overlays: the position is always the live game's at that step."""
    import random

    import pygame
    _, actions, hashes = played("central_plains")
    sc = opened(app, live("central_plains"))
    rng = random.Random(5)
    keys = [pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN, pygame.K_PAGEUP, pygame.K_PAGEDOWN,
            pygame.K_SPACE, pygame.K_RETURN, pygame.K_EQUALS, pygame.K_MINUS, pygame.K_TAB, pygame.K_F1]
    leave = {b.value for b in sc.buttons} & {"back", "takeover"}
    w, h = app.size
    for _ in range(300):
        r = rng.random()
        if r < 0.5:
            ev = [key(rng.choice(keys))]
        elif r < 0.6:
            ev = [type_char(rng.choice("gv"))]
        elif r < 0.75:
            ev = [pad(rng.choice([0, 2, 4, 5, 6, 7])), hat(rng.choice([-1, 0, 1]), rng.choice([-1, 0, 1]))]
        else:
            pos = (rng.randrange(w), rng.randrange(h))
            if any(b.rect.collidepoint(pos) for b in sc.buttons if b.value in leave):
                continue
            ev = click(pos)
        app.frame(rng.choice([0.0, 0.05, 0.3]), ev)
        assert app.scene is sc
        if sc.modal is not None and rng.random() < 0.3:
            app.frame(0.02, [key(pygame.K_ESCAPE)])         # Esc closes whatever is open
            assert sc.modal is None and app.scene is sc
        assert sc.game.state_hash() == hashes[sc.replay.pos]
        assert sc.game.history == list(actions[:sc.replay.pos])
    if sc.modal is not None:
        app.frame(0.02, [key(pygame.K_ESCAPE)])
    app.frame(0.02, [key(pygame.K_ESCAPE)])                 # and Esc leaves the replay
    assert app.scene.name == "replays"
