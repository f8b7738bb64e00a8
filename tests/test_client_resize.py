"""Live resize (issue 14, "the window may shrink to 1024×576 and everything stays
readable"): every scene follows the window at once, at 1280×720, 1024×576 and
1920×1080 (a VIDEORESIZE, or a new interface scale), with every button inside the
window and the player's place (menu focus, scroll, chosen seats) kept."""
from __future__ import annotations

import pygame
import pytest

pytestmark = pytest.mark.client

SIZES = ((1024, 576), (1920, 1080), (1280, 720))


def resize(app, w: int, h: int) -> None:
    app.frame(0.01, [pygame.event.Event(pygame.VIDEORESIZE, w=w, h=h, size=(w, h))])


def rects(obj, depth: int = 0):
    """Every button and rect the player clicks in ``obj`` (a scene or a panel over it)."""
    from game.client.widgets import Button, Menu
    skip = {"app", "assets", "scene", "session", "game", "ui", "view", "log", "replay", "under", "back_scene",
            "replay_scene", "bg", "info", "_veiled", "entries"}
    for k, v in vars(obj).items():
        if k in skip or k.startswith("_"):
            continue
        vals = list(v.values()) if isinstance(v, dict) else list(v) if isinstance(v, (list, tuple)) else [v]
        for x in vals:
            if isinstance(x, pygame.Rect):
                yield k, x
            elif isinstance(x, Button):
                yield k, x.rect
            elif isinstance(x, Menu):
                yield from ((k, b.rect) for b in x.buttons)
            elif depth < 1 and hasattr(x, "__dict__") and k in ("modal", "list", "menu", "sub"):
                yield from rects(x, depth + 1)


def inside(app, obj) -> None:
    win = pygame.Rect((0, 0), app.size)
    out = [(k, tuple(r)) for k, r in rects(obj) if r.width > 1 and not win.contains(r)]
    assert not out, f"{type(obj).__name__} at {app.size}: outside the window {out[:4]}"


def follow(app, sc, keep) -> None:
    """Resize through SIZES: each time laid out at once (before any frame is drawn), inside
    the window, and ``keep()`` (what the player had) the same."""
    want = keep()
    for w, h in SIZES:
        resize(app, w, h)
        assert app.size == (w, h) and sc.laid_out == (w, h)
        inside(app, sc)
        if getattr(sc, "modal", None) is not None:
            inside(app, sc.modal)
        assert keep() == want, f"{type(sc).__name__}: {keep()} != {want} at {(w, h)}"
    assert app.scene is sc


def test_the_title_follows_a_resize_with_its_focus(app):
    from game.client.scenes.title import TitleScene
    sc = TitleScene(app)
    app.switch(sc)
    sc.menu.focus = 2
    follow(app, sc, lambda: (sc.menu.focus, len(sc.menu.buttons)))


def test_the_game_select_follows_a_resize_with_the_chosen_game(app):
    from game.client.scenes.select import SelectScene
    sc = SelectScene(app)
    app.switch(sc)
    sc.focus = 3
    follow(app, sc, lambda: sc.focus)
    assert sc.cards[-1].right <= 1280 and sc.tutorial.rect.right <= 1280


def test_the_seats_follow_a_resize_with_the_seats_chosen(app):
    from game.client.scenes.seats import SeatsScene
    sc = SeatsScene(app, "central_plains")
    app.switch(sc)
    sc.set_players(3)
    sc.set_option(1, 2)
    sc.row = 3
    follow(app, sc, lambda: (sc.players, dict(sc.seats), sc.row))


def test_game_over_follows_a_resize_with_its_focus(app):
    from game import rulesets
    from game.client.scenes.gameover import GameOverScene
    from game.client.session import Session
    sc = GameOverScene(app, Session(rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"},
                                    autosave=False))
    app.switch(sc)
    sc.menu.focus = 1
    follow(app, sc, lambda: sc.menu.focus)


def test_the_load_screen_and_its_question_follow_a_resize(app, tmp_path):
    from game.client.dialogs import Confirm
    from game.client.scenes.saves import SavesScene
    sc = SavesScene(app)
    app.switch(sc)
    sc.modal = Confirm(app, "Delete?", ["a line"], [("Keep", None), ("Delete", "d")], lambda v: None, default=0)
    sc.modal.menu.focus = 1
    follow(app, sc, lambda: (sc.focus, sc.top, sc.modal.menu.focus))
    assert sc.back_button().rect.bottom <= 720


def test_the_replays_list_and_the_replay_viewer_follow_a_resize(app):
    from game import rulesets
    from game.client.replay import Replay
    from game.client.scenes.replay import ReplayScene, ReplaysScene, TurnList
    sc = ReplaysScene(app)
    app.switch(sc)
    follow(app, sc, lambda: (sc.list.focus, sc.list.top))
    g = rulesets.new_game("nomonhan", 3)
    rp = Replay(type(g), g.seed, g.options, [], seats={"JP": "human", "SOV": "easy"})
    g.close()
    rs = ReplayScene(app, rp)
    app.switch(rs)
    rs.modal = TurnList(rs)
    follow(app, rs, lambda: (rs.replay.pos, rs.modal.list.focus))
    assert rs.buttons[-1].rect.right <= 1280 and rs.view.area.bottom <= 720 - rs.bar_h
    rs.close()


def test_the_pause_menu_over_the_board_follows_a_new_interface_scale(app):
    from game import rulesets
    from game.client.pause_menu import PauseOverlay
    from tests.helpers import board_scene
    sc = board_scene(app, rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"})
    sc.modal = PauseOverlay(sc)
    sc.modal.menu.focus = 4
    app.set_ui_scale(1.25)                      # (a 1280×720 window: laid out at 1024×576)
    assert app.size == (1024, 576) and sc.laid_out == (1024, 576)
    inside(app, sc.modal)
    assert sc.modal.menu.focus == 4 and sc.map_w <= 1024
    app.set_ui_scale(1.0)
    assert sc.laid_out == (1280, 720) and sc.modal.menu.buttons[-1].rect.bottom > 576


def test_a_scene_resized_while_away_follows_when_it_comes_back(app):
    from game.client.scenes.gameover import GameOverScene
    from game.client.scenes.title import TitleScene
    from game import rulesets
    from game.client.session import Session
    over = GameOverScene(app, Session(rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"},
                                      autosave=False))
    app.switch(over)
    app.switch(TitleScene(app))
    resize(app, 1024, 576)
    app.switch(over)
    assert over.laid_out == (1024, 576)
    inside(app, over)


def test_the_rules_reference_and_the_pass_screen_follow_a_resize_with_their_place(app):
    from game.client.scenes.select import SelectScene
    from game.client.widgets import PassDevice
    sc = SelectScene(app)
    app.switch(sc)
    sc.open_rules()
    app.frame(0.01, [])
    sc.rules.jump(2)
    at = sc.rules.current()
    for w, h in SIZES:
        resize(app, w, h)
        app.frame(0.01, [])                     # (the reference lays out when drawn, at the new size)
        assert sc.rules.frame.right <= w and sc.rules.frame.bottom <= h and sc.rules.current() == at
    cover = PassDevice("Japan")
    for w, h in SIZES:
        surf = pygame.Surface((w, h))
        cover.draw(surf, app.assets)
        assert surf.get_rect().contains(cover.bar)
