"""The guided tutorial on ノモンハンの戦い: it starts from the game select screen, points at
what to click, advances only when the player did what the step asks, refuses anything
else without touching the game, and ends in a normal game against the AI."""
from __future__ import annotations

import pytest

from tests.helpers import key, type_char

pytestmark = pytest.mark.client


def start(app):
    from game.client.scenes.select import SelectScene
    from game.client.tutorial import TutorialScene
    app.switch(SelectScene(app))
    app.frame(0.05, [type_char("t")])
    assert isinstance(app.scene, TutorialScene)
    return app.scene


def settle(app, sc):
    for _ in range(600):
        app.frame(0.05, [])
        if not sc.seq.busy and sc.dice is None and (sc.session.human_to_move() or sc.game.is_over()):
            return


def step_id(sc):
    return None if sc.finished else sc.step["id"]


def test_the_tutorial_opens_from_the_select_screen_by_key_pad_and_click(app):
    import pygame

    from game.client.scenes.select import SelectScene
    from game.client.tutorial import TutorialScene
    from tests.helpers import click
    start(app)
    app.switch(SelectScene(app))
    app.frame(0.05, [pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=3)])   # Y
    assert isinstance(app.scene, TutorialScene)
    app.scene.session.close()
    sel = SelectScene(app)
    app.switch(sel)
    app.frame(0.05, click(sel.tutorial.rect.center))
    assert isinstance(app.scene, TutorialScene) and step_id(app.scene) == "welcome"


def test_the_tutorial_completes_when_the_asked_actions_are_done(app):
    sc = start(app)
    app.frame(0.05, [key(13)])                       # Enter: the welcome read
    assert step_id(sc) == "select" and sc.target_pos() is not None
    sc.click_hex("0308")
    app.frame(0.05, [])
    assert step_id(sc) == "move"
    assert sc.target_pos()[0] == tuple(int(v) for v in sc.view.hex_center("0207"))
    sc.click_hex("0207")
    settle(app, sc)
    assert step_id(sc) == "end_move" and sc.ui.unit_hex("JP_KOB") == "0207"
    assert sc.target_pos()[0][0] > sc.map_w         # the arrow points at the End movement button
    sc.main_button()
    settle(app, sc)
    assert step_id(sc) == "declare"
    sc.click_hex("0207")
    sc.click_hex("0107")
    settle(app, sc)
    assert step_id(sc) == "resolve"
    sc.main_button()
    settle(app, sc)
    assert step_id(sc) == "result"
    assert any(e.kind == "CombatResolved" and "Soviet Union takes" in e.text for e in sc.game.events)
    app.frame(0.05, [key(13)])
    settle(app, sc)
    assert step_id(sc) == "advance"
    for _ in range(5):
        if step_id(sc) != "advance":
            break
        sc.main_button()                             # Stop advancing
        settle(app, sc)
    assert step_id(sc) == "done"
    app.frame(0.05, [key(13)])
    assert sc.finished and sc.step is None


def test_a_wrong_action_is_refused_and_the_step_stays(app):
    sc = start(app)
    app.frame(0.05, [key(13)])
    sc.click_hex("0308")
    app.frame(0.05, [])
    n = len(sc.game.history)
    sc.click_hex("0208")                             # a legal move, not the asked one
    settle(app, sc)
    assert step_id(sc) == "move" and len(sc.game.history) == n and sc.ui.unit_hex("JP_KOB") == "0308"
    assert "Not yet" in sc.note
    sc.main_button()                                 # End movement: not yet either
    settle(app, sc)
    assert step_id(sc) == "move" and len(sc.game.history) == n and sc.game.pending().kind == "move"


def test_selecting_the_wrong_unit_says_which_one_and_does_not_advance(app):
    sc = start(app)
    app.frame(0.05, [key(13)])
    sc.click_hex("0408")                             # the 3rd tank regiment
    app.frame(0.05, [])
    assert step_id(sc) == "select" and "小林" in sc.note


def test_an_ack_step_waits_for_a_key_and_undo_is_off(app):
    import pygame
    sc = start(app)
    app.frame(0.5, [])
    assert step_id(sc) == "welcome"
    app.frame(0.05, [key(13)])
    sc.click_hex("0308")
    app.frame(0.05, [])
    sc.click_hex("0207")
    settle(app, sc)
    n = len(sc.game.history)
    app.frame(0.05, [key(pygame.K_u)])
    assert len(sc.game.history) == n and sc.ui.unit_hex("JP_KOB") == "0207" and "Undo" in sc.note


def test_esc_backs_out_of_the_tutorial(app):
    import pygame
    sc = start(app)
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert sc.modal is not None                      # the pause menu: Quit to title is there
    sc.modal._choose(next(b for b in sc.modal.menu.buttons if b.value == "quit"))
    for _ in range(5):
        app.frame(0.05, [])
    assert app.scene is not sc
