"""Gamepad: every screen by pad alone, hot-plugging, dead zone and repeat."""
from __future__ import annotations

import ctypes
import glob
import os

import pytest

from tests.helpers import settle

pytestmark = pytest.mark.client


def btn(name: str, down: bool = True):
    import pygame
    b = getattr(pygame, f"CONTROLLER_BUTTON_{name}")
    return pygame.event.Event(pygame.CONTROLLERBUTTONDOWN if down else pygame.CONTROLLERBUTTONUP,
                              instance_id=0, button=b)


def press(app, name: str, dt: float = 0.05) -> None:
    app.frame(dt, [btn(name)])
    app.frame(dt, [btn(name, False)])


def axis(name: str, value: float):
    import pygame
    return pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                              axis=getattr(pygame, f"CONTROLLER_AXIS_{name}"), value=int(value * 32767))


DIRS = {(0, -1): "DPAD_UP", (0, 1): "DPAD_DOWN", (-1, 0): "DPAD_LEFT", (1, 0): "DPAD_RIGHT"}


def _sdl():
    import pygame
    libs = glob.glob(os.path.join(os.path.dirname(pygame.__file__), "..", "pygame_ce.libs", "libSDL2-*"))
    try:
        lib = ctypes.CDLL(libs[0]) if libs else ctypes.CDLL("libSDL2-2.0.so.0")
        lib.SDL_JoystickAttachVirtual.argtypes = [ctypes.c_int] * 4
        lib.SDL_JoystickDetachVirtual.argtypes = [ctypes.c_int]
        return lib
    except (OSError, AttributeError):
        return None


def test_a_virtual_controller_plugged_in_and_out_opens_and_closes_it(app):
    import pygame
    sdl = _sdl()
    if sdl is None:
        pytest.skip("SDL's virtual joystick is not reachable here")
    from game.client.scenes.title import TitleScene
    app.switch(TitleScene(app))
    idx = sdl.SDL_JoystickAttachVirtual(1, 6, 15, 0)        # SDL_JOYSTICK_TYPE_GAMECONTROLLER
    assert idx >= 0
    try:
        for _ in range(3):
            app.frame(0.05)                                  # (from the real event queue)
        assert len(app.input.pads) == 1 and len(app.input.controllers) == 1
        assert any("Controller connected" in t[0] for t in app.toasts)
    finally:
        sdl.SDL_JoystickDetachVirtual(idx)
    for _ in range(3):
        app.frame(0.05)
    assert app.input.pads == {} and app.input.controllers == set()
    assert any("Controller disconnected" in t[0] for t in app.toasts)
    assert app.scene.name == "title"                         # nothing else happened
    del pygame


def test_synthetic_device_events_open_only_a_device_that_is_there(app):
    import pygame
    from game.client.scenes.title import TitleScene
    app.switch(TitleScene(app))
    n = pygame.joystick.get_count()
    app.frame(0.05, [pygame.event.Event(pygame.JOYDEVICEADDED, device_index=n + 3)])
    app.frame(0.05, [pygame.event.Event(pygame.JOYDEVICEREMOVED, instance_id=99)])
    assert app.input.pads == {} and not app.toasts and app.scene.name == "title"


def test_the_left_stick_has_a_dead_zone_and_repeats_while_held():
    from game.client.input import REPEAT_DELAY, REPEAT_EVERY, InputMapper
    m = InputMapper()
    assert m.translate(axis("LEFTX", 0.3)) == []                       # inside the dead zone
    first = m.translate(axis("LEFTX", 0.9))
    assert [(i.name, i.dx, i.dy) for i in first] == [("cursor", 1, 0)]
    assert m.translate(axis("LEFTX", 0.95)) == []                      # still the same push
    assert m.poll(REPEAT_DELAY - 0.05) == []
    assert [i.name for i in m.poll(0.06)] == ["cursor"]                 # held: it repeats ...
    assert [i.name for i in m.poll(REPEAT_EVERY)] == ["cursor"]         # ... and again
    m.translate(axis("LEFTX", 0.1))
    assert m.poll(1.0) == []                                           # let go: no more


def test_the_dpad_repeats_and_the_right_stick_scrolls_and_the_triggers_zoom():
    from game.client.input import REPEAT_DELAY, InputMapper
    m = InputMapper()
    assert [(i.name, i.dy) for i in m.translate(btn("DPAD_DOWN"))] == [("cursor", 1)]
    assert [i.name for i in m.poll(REPEAT_DELAY + 0.01)] == ["cursor"]
    m.translate(btn("DPAD_DOWN", False))
    assert m.poll(1.0) == []
    assert m.translate(axis("RIGHTY", 0.2)) == [] and m.poll(0.1) == []   # a worn stick does not drift
    m.translate(axis("RIGHTY", 1.0))
    pans = m.poll(0.1)
    assert pans and pans[0].name == "pan" and pans[0].dy > 20 and pans[0].source == "pad"
    assert [(i.name, i.dy) for i in m.translate(axis("TRIGGERRIGHT", 1.0))] == [("zoom", 1)]
    assert [(i.name, i.dy) for i in m.translate(axis("TRIGGERLEFT", 1.0))] == [("zoom", -1)]


def test_a_joystick_without_a_mapping_uses_the_xinput_numbers():
    import pygame
    from game.client.input import InputMapper
    m = InputMapper()
    ev = lambda b: pygame.event.Event(pygame.JOYBUTTONDOWN, button=b, joy=0, instance_id=5)  # noqa: E731
    names = [m.translate(ev(b))[0].name for b in (0, 1, 2, 3, 4, 5, 7)]
    assert names == ["confirm", "back", "context", "panel", "cycle", "cycle", "menu"]
    assert m.translate(ev(6)) == []             # Back: the help when let go (held, a shift)
    up = pygame.event.Event(pygame.JOYBUTTONUP, button=6, joy=0, instance_id=5)
    assert [i.name for i in m.translate(up)] == ["help"]
    hat = m.translate(pygame.event.Event(pygame.JOYHATMOTION, value=(0, 1), joy=0, instance_id=5, hat=0))
    assert [(i.name, i.dy) for i in hat] == [("cursor", -1)]
    m.controllers.add(5)                        # the same device opened as a GameController:
    assert m.translate(ev(0)) == []             # its joystick events are not read twice


# -- every screen by pad alone ---------------------------------------------------------------
def steer_cursor(app, sc, target: str) -> None:
    """D-pad presses that walk the board's hex cursor to ``target``."""
    import math
    for _ in range(80):
        if sc.cursor_hex == target:
            return
        tx, ty = sc.view.hex_center(target)
        here = sc.cursor_hex

        def dist(d):
            h = sc.view.neighbour_in_direction(here, *d)
            if h is None:
                return math.inf
            x, y = sc.view.hex_center(h)
            return math.hypot(x - tx, y - ty)
        d = min(DIRS, key=dist)
        press(app, DIRS[d])
    raise AssertionError(f"the cursor never reached {target}")


def pad_move(app, sc) -> None:
    """Make one decision with the pad alone: a unit and a lit hex, else the focus ring, else X."""
    settle(app, sc)
    assert sc.can_act(), "no human decision to make"
    n = len(sc.game.history)
    targets = {h: k for h, k in sc.ui.targets().items() if k != "select"}
    if not targets and sc.ui.actable_hexes():
        press(app, "RIGHTSHOULDER")                          # a unit, selected
        targets = {h: k for h, k in sc.ui.targets().items() if k != "select"}
    if targets:
        if sc.cursor_hex is None:
            press(app, "DPAD_RIGHT")
        steer_cursor(app, sc, sorted(targets)[0])
        press(app, "A")
    else:
        press(app, "Y")                                      # the focus ring: a card or a button
        if not sc.pad_focus.active:
            press(app, "X")
        else:
            press(app, "A")
    for _ in range(40):
        if len(sc.game.history) > n:
            return
        app.frame(0.05, [])
    raise AssertionError(f"{sc.game.game_id}: no decision made by the pad")


@pytest.mark.parametrize("gid", ["nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains"])
def test_a_new_game_is_started_from_the_title_and_a_move_made_by_pad_alone(app, gid):
    from game import rulesets
    from game.client.scenes.title import TitleScene
    app.switch(TitleScene(app))
    while app.scene.menu.buttons[app.scene.menu.focus].value != "new":   # (Continue first, if a game is saved)
        press(app, "DPAD_DOWN")
    press(app, "A")
    assert app.scene.name == "select"
    while app.scene.ids[app.scene.focus] != gid:
        press(app, "DPAD_RIGHT")
    press(app, "A")
    assert app.scene.name == "seats" and app.scene.game_id == gid
    st = app.scene
    for i, seat in enumerate(st.seat_names):                 # the first seat human, the others AI easy
        while st.row != st.option_rows + i:
            press(app, "DPAD_DOWN")
        while st.seats[seat] != ("human" if i == 0 else "easy"):
            press(app, "DPAD_LEFT")
    press(app, "A")
    if app.scene.name == "seats" and app.scene.modal is not None:      # an unfinished game of it is saved
        app.frame(0.35, [])
        press(app, "DPAD_RIGHT")                                        # "Start new"
        press(app, "A")
    sc = app.scene
    assert sc.name == "board" and sc.game.game_id == gid
    assert set(sc.session.seats.values()) <= {"human", "easy"}
    if len(sc.session.human_seats) > 1:
        pytest.skip("hotseat")
    pad_move(app, sc)
    press(app, "START")                                      # the menu ...
    assert sc.modal is not None
    press(app, "B")                                          # ... and out again
    assert sc.modal is None
    del rulesets


def test_a_card_is_chosen_in_yoshitsune_by_pad_alone(app):
    from game import rulesets
    from tests.helpers import board_scene
    g = rulesets.new_game("yoshitsune", 3)
    sc = board_scene(app, g, {"MINAMOTO": "human", "TAIRA": "easy"})
    settle(app, sc)
    for _ in range(50):                                      # to the first deck building of a human seat
        if sc.game.pending() and sc.game.pending().kind == "build":
            break
        pad_move(app, sc)
    assert sc.game.pending().kind == "build"
    app.frame(0.05, [])
    before = list(sc.ui.obs.get("my_chosen", []))
    press(app, "A")                                          # the ring comes up on the first card
    assert sc.pad_focus.active
    press(app, "DPAD_RIGHT")
    press(app, "A")                                          # ... and that card goes in the deck
    app.frame(0.05, [])
    assert len(sc.ui.obs.get("my_chosen", [])) == len(before) + 1


def test_the_pause_menu_and_the_rules_work_by_pad(app):
    from game import rulesets
    from tests.helpers import board_scene
    sc = board_scene(app, rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"})
    settle(app, sc)
    press(app, "START")
    menu = sc.modal
    while menu.menu.buttons[menu.menu.focus].value != "help":
        press(app, "DPAD_DOWN")
    press(app, "A")
    assert menu.sub is not None                              # the rules and controls
    press(app, "B")
    assert menu.sub is None and sc.modal is menu
    press(app, "B")
    assert sc.modal is None


def test_game_over_screen_by_pad(app):
    from game import rulesets
    from game.client.scenes.gameover import GameOverScene
    from game.client.session import Session
    s = Session(rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"}, autosave=False)
    app.switch(GameOverScene(app, s))
    press(app, "DPAD_DOWN")
    press(app, "DPAD_DOWN")
    press(app, "A")
    assert app.scene.name == "title"


def test_the_side_buttons_are_reached_by_the_focus_ring(app):
    from game import rulesets
    from tests.helpers import board_scene
    sc = board_scene(app, rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"})
    settle(app, sc)
    app.frame(0.05, [])
    assert sc.buttons
    n = len(sc.game.history)
    press(app, "Y")
    assert sc.pad_focus.active
    app.frame(0.05, [])                                      # (drawn: the ring round the button)
    press(app, "B")
    assert not sc.pad_focus.active and sc.modal is None      # B takes the ring away first
    press(app, "Y")
    press(app, "A")
    assert len(sc.game.history) == n + 1


def test_the_dpad_reaches_every_cell_of_every_board(env):
    """The hex cursor goes from any cell to any other by d-pad steps (hexes, areas, points)."""
    import pygame
    from game import rulesets
    from game.client.assets import Assets
    from game.client.board_view import BoardView
    pygame.display.init()
    pygame.display.set_mode((1280, 720))
    try:
        for gid in rulesets.available():
            g = rulesets.new_game(gid, 1)
            view = BoardView(g.board, Assets(), pygame.Rect(0, 0, 920, 720))
            cells = list(g.board.cells)
            step = {c: {view.neighbour_in_direction(c, *d) for d in DIRS} for c in cells}
            back: dict = {c: set() for c in cells}
            for a, bs in step.items():
                for b in bs:
                    back[b].add(a)
            for graph in (step, back):              # reached from the first cell, and reaching it
                seen, todo = {cells[0]}, [cells[0]]
                while todo:
                    for y in graph[todo.pop()] - seen:
                        seen.add(y)
                        todo.append(y)
                assert seen == set(cells), (gid, sorted(set(cells) - seen)[:5])
            g.close()
    finally:
        pygame.display.quit()


def test_a_card_of_the_hand_is_played_in_central_plains_by_pad_alone(app):
    """中原大戰: Y brings the ring to the hand; it shows the card's text as a hover does; A plays it."""
    from game import rulesets
    from game.rulesets.central_plains.actions import Play
    from tests.helpers import board_scene
    seats = {s: "human" if s == "CHIANG" else "random" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")}
    sc = board_scene(app, rulesets.new_game("central_plains", 1), seats)
    settle(app, sc)
    app.frame(0.05, [])
    playable = [i for i, (_, cid) in enumerate(sc.ui.card_rects) if Play(cid) in sc.game.legal_actions()]
    assert playable, "no card to play in this position"
    i = playable[0]
    cid = sc.ui.card_rects[i][1]
    for _ in range(i + 1):
        press(app, "Y")
    assert sc.pad_focus.index == i and sc.ui.hover_key() == cid        # its details show, as on a hover
    n = len(sc.game.history)
    press(app, "A")
    assert sc.game.history[n] == Play(cid)


def test_the_pass_screen_is_passed_by_holding_a(app):
    from game.client.widgets import PassDevice
    from tests.test_client_central_plains import new_scene, to_pass_screen
    sc = new_scene(app, {"CHIANG+HE": "human", "YAN+LI+FENG": "human"}, seed=3, options={"players": 2})
    m = to_pass_screen(app, sc)
    assert isinstance(m, PassDevice) and sc.ui.viewer is None
    press(app, "A")                                          # a tap is not enough
    assert sc.modal is m
    app.frame(0.05, [btn("A")])
    for _ in range(12):
        app.frame(0.05, [])                                  # held for half a second
    assert sc.modal is None and sc.ui.viewer == "YAN+LI+FENG"


# -- Back held: a shift for the event log, the hint and the AI's explanations -----------------
def chord(app, name: str, dt: float = 0.05) -> None:
    """Hold the pad's Back, press ``name``, let both go."""
    app.frame(dt, [btn("BACK"), btn(name)])
    app.frame(dt, [btn(name, False), btn("BACK", False)])


def test_back_held_with_the_dpad_scrolls_the_event_log_and_right_jumps_to_the_newest(app):
    from game import rulesets
    from tests.helpers import board_scene
    sc = board_scene(app, rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "easy"})
    settle(app, sc)
    for i in range(30):
        sc.log.add(f"line {i}")
    cursor = sc.cursor_hex
    chord(app, "DPAD_UP")
    assert sc.log.scroll == 2 and not sc.log.following      # back two lines, as a notch of the wheel
    app.frame(0.05, [btn("BACK"), btn("DPAD_UP")])          # held: it repeats
    app.frame(0.5, [])
    app.frame(0.05, [btn("DPAD_UP", False), btn("BACK", False)])
    assert sc.log.scroll >= 6
    chord(app, "DPAD_DOWN")
    back = sc.log.scroll
    sc.log.add("a new event")
    chord(app, "DPAD_RIGHT")                                # the newest events, as End
    assert sc.log.following and sc.log.unseen == 0 and back > 0
    assert sc.cursor_hex == cursor and sc.modal is None     # the cursor did not move, no help opened


def test_back_held_with_x_asks_for_a_hint_and_with_y_toggles_the_explanations(app):
    from game import rulesets
    from tests.helpers import board_scene
    sc = board_scene(app, rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": "normal"})
    settle(app, sc)
    chord(app, "X")
    for _ in range(200):
        if sc.session.current_hint() is not None:
            break
        app.frame(0.05, [])
    hint = sc.session.current_hint()
    assert hint is not None and hint.seat == "JP" and sc.shown_explanation()[0] is hint
    assert not sc.pad_focus.active and sc.modal is None     # (X alone is the main button: not pressed)
    chord(app, "Y")
    assert sc.explain and not sc.pad_focus.active           # (Y alone is the focus ring)
    chord(app, "Y")
    assert not sc.explain


def test_back_tapped_alone_opens_the_rules_and_back_used_as_a_shift_does_not():
    import pygame
    from game.client.input import InputMapper
    m = InputMapper()
    assert m.translate(btn("BACK")) == []
    assert [i.name for i in m.translate(btn("BACK", False))] == ["help"]
    m.translate(btn("BACK"))
    assert [i.name for i in m.translate(btn("Y"))] == ["explain"]
    assert m.translate(btn("BACK", False)) == []
    assert [i.name for i in m.translate(btn("Y"))] == ["panel"]     # let go: Y is itself again
    m.translate(btn("BACK"))                                         # a direction held past Back ...
    assert [(i.name, i.dy) for i in m.translate(btn("DPAD_UP"))] == [("log_scroll", 1)]
    m.translate(btn("BACK", False))
    assert m.poll(1.0) == []                                         # ... does not go on as the cursor
    js = pygame.event.Event(pygame.JOYBUTTONDOWN, instance_id=5, button=6)   # (an unmapped pad's Back)
    assert m.translate(js) == []


@pytest.mark.parametrize("intent", ["log_scroll", "end", "explain", "hint"])
def test_the_controls_list_names_the_pad_way_of_the_log_hint_and_explain(intent):
    from game.client.input import SHIFT_BUTTONS, SHIFT_DIRECTIONS
    from game.client.rules_ref import CONTROLS
    c = next(c for c in CONTROLS if c.intent == intent)
    assert c.pad.startswith("Back + ")
    given = {v[0] for v in SHIFT_BUTTONS.values()} | {v[0] for v in SHIFT_DIRECTIONS.values()}
    assert {"end": "log_newest"}.get(intent, intent) in given
