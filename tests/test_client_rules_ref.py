"""The rules reference (F1): every game's, in sections (how to win first), scrolled with
keys, wheel and pad to its last line, its tables equal to the game's data.json, its
rulings the data's, its controls only those the game's plugin binds, wrapped to the
window at every size."""
from __future__ import annotations

import pytest

from game import rulesets
from tests.helpers import key

pytestmark = pytest.mark.client

GAMES = tuple(rulesets.available())


def open_reference(app, game_id):
    """The board of a fresh ``game_id`` game with F1 pressed: the reference over it."""
    import pygame

    from game import rulesets
    from game.client.rules_ref import RulesOverlay
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    s = Session(rulesets.new_game(game_id, 1), {seat: "human" for seat in rulesets.spec(game_id).seats},
                autosave=False)
    sc = BoardScene(app, s)
    app.switch(sc)
    app.frame(0.05, [key(pygame.K_F1)])
    assert isinstance(sc.modal, RulesOverlay)
    return sc, sc.modal


def last_line_visible(ov) -> bool:
    top, bottom = ov.visible()
    last = max(ov.view.items, key=lambda it: it.y + it.h)
    return top <= last.y and last.y + last.h <= bottom


def press_until(app, ov, events, done, limit=100):
    """Send ``events`` again and again (twenty at a frame) until ``done()``; assert it came."""
    for _ in range(limit):
        if done():
            return
        app.frame(0.0, events * 20)
    assert done()


def tables(ov):
    return {t.caption: t for s in ov.sections for k, t in s.blocks if k == "table"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_has_the_required_sections_how_to_win_first(app, game_id):
    from game.client.rules_ref import REQUIRED
    _sc, ov = open_reference(app, game_id)
    assert [s.id for s in ov.sections] == list(REQUIRED)
    assert all(s.blocks for s in ov.sections)
    assert any(k == "table" for s in ov.sections for k, _b in s.blocks)     # a table is drawn as a table


@pytest.mark.parametrize("game_id", GAMES)
def test_end_and_page_down_and_the_arrow_scroll_to_the_last_line(app, game_id):
    import pygame
    _sc, ov = open_reference(app, game_id)
    assert ov.scroll == 0 and not last_line_visible(ov)
    app.frame(0.05, [key(pygame.K_END)])
    assert last_line_visible(ov)
    app.frame(0.05, [key(pygame.K_HOME)])
    assert ov.scroll == 0
    press_until(app, ov, [key(pygame.K_PAGEDOWN)], lambda: last_line_visible(ov))
    app.frame(0.05, [key(pygame.K_HOME)])
    press_until(app, ov, [key(pygame.K_DOWN)], lambda: last_line_visible(ov))


def test_the_wheel_and_the_pad_scroll_too(app):
    import pygame
    _sc, ov = open_reference(app, "across_suez")
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1, flipped=False, precise_x=0.0, precise_y=-1.0,
                               touch=False, which=0)
    press_until(app, ov, [wheel], lambda: last_line_visible(ov))
    hat_up = pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(0, 1))
    hat_off = pygame.event.Event(pygame.JOYHATMOTION, joy=0, instance_id=0, hat=0, value=(0, 0))
    press_until(app, ov, [hat_up, hat_off], lambda: ov.scroll == 0)     # pressed and let go, again and again


def test_sections_are_reached_by_digit_pad_shoulder_and_click(app):
    import pygame

    from tests.helpers import click, type_char
    _sc, ov = open_reference(app, "nomonhan")
    combat = ov.section_index("combat")
    app.frame(0.05, [type_char(str(combat + 1))])
    assert ov.current() == combat
    app.frame(0.05, [pygame.event.Event(pygame.JOYBUTTONDOWN, joy=0, instance_id=0, button=5)])   # RB
    assert ov.current() == combat + 1
    app.frame(0.05, click(ov.index_rects[0].center))
    assert ov.current() == 0 and ov.scroll == 0
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert _sc.modal is None


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 576)])
def test_text_and_tables_wrap_to_the_window(env, size):
    import pygame

    from game.client.app import App
    app = App(size=size, fast=True, ai="inline")
    try:
        for gid in GAMES:
            sc, ov = open_reference(app, gid)
            app.draw()
            assert ov.frame.right <= size[0] and ov.frame.bottom <= size[1]
            assert all(it.x + it.surf.get_width() <= ov.body.width + 2 for it in ov.view.items), gid
            sc.session.close()
    finally:
        pygame.quit()


def test_across_suez_says_losing_the_bridge_loses_the_game_in_how_to_win(app):
    _sc, ov = open_reference(app, "across_suez")
    win = " ".join(str(b) for _k, b in ov.sections[0].blocks)
    assert "Israel loses at once" in win and "0112" in win


def test_the_crt_and_the_terrain_chart_are_the_data_sheets(app):
    from game.client.rules_ref import game_data
    sc, ov = open_reference(app, "across_suez")
    data = game_data(sc.game)
    t = tables(ov)
    crt = t["Combat results table (firepower differential)"]
    assert crt.header[1:] == data["crt"]["column_labels"]
    assert {r[0]: r[1:] for r in crt.rows} == data["crt"]["rows"]
    terrain = {r[0]: r[1:] for r in t["Terrain effects chart"].rows}
    assert terrain["elevated sand"] == ["2", "-1"] == [str(data["terrain_effects"]["terrain"]["elevated_sand"]["move"]),
                                                       str(data["terrain_effects"]["terrain"]["elevated_sand"]["shift"])]
    assert terrain["road"][0] == "½"


def test_nomonhan_tables_are_its_data_and_its_map(app):
    from game.client.rules_ref import game_data
    sc, ov = open_reference(app, "nomonhan")
    data = game_data(sc.game)
    t = tables(ov)
    terrain = {r[0]: r[1:] for r in t["Terrain"].rows}
    assert terrain["hill"][:2] == [str(sc.game.facts.cost[next(iter(sc.game.facts.hills))]), "6"]
    assert terrain["clear"][1] == ", ".join(map(str, data["combat"]["hit_on"]))
    units = t["Units (full strength – reduced)"].rows
    assert [r[3] for r in units] == ["–".join(map(str, u["attack"])) for u in data["units"]]
    ends = {r[0]: r[1] for r in t["Turn track"].rows}
    assert all(", ".join(map(str, sorted(v))) in ends[str(k)] for k, v in sc.game.facts.end_rolls.items())


def test_the_other_games_tables_are_their_data(app):
    from game.client.rules_ref import game_data
    sc, ov = open_reference(app, "sino_japanese")
    d = game_data(sc.game)
    terr = {r[0]: r for r in tables(ov)["Terrain effects"].rows}
    assert terr["hill 丘陵"][1] == str(d["terrain_types"]["hill"]["move"])
    assert terr["hill 丘陵"][2] == f"{d['terrain_types']['hill']['attacker_hits']:+g}"
    sc.session.close()
    sc, ov = open_reference(app, "yoshitsune")
    d = game_data(sc.game)
    assert [r[1] for r in tables(ov)["Tribute table"].rows] == [str(r["spaces"]) for r in d["tables"]["tribute"]["results"]]
    sc.session.close()
    sc, ov = open_reference(app, "central_plains")
    d = game_data(sc.game)
    assert [r[1] for r in tables(ov)["Upkeep (funds a turn)"].rows] == [str(r["pay"]) for r in d["upkeep"]["table"]]
    assert [r[1] for r in tables(ov)["Terrain"].rows] == [f"{t['defence']:+g}" for t in d["terrain_types"].values()]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rulings_section_has_every_ruling_of_the_data(app, game_id):
    from game.client.rules_ref import game_data, rulings
    sc, ov = open_reference(app, game_id)
    shown = [b for k, b in ov.sections[ov.section_index("rulings")].blocks if k == "p"]
    for _head, text in rulings(game_data(sc.game)):
        assert text in shown
    assert len(rulings(game_data(sc.game))) >= 3


@pytest.mark.parametrize("game_id", GAMES)
def test_the_controls_are_only_keys_the_plugin_binds(app, game_id):
    """Each listed key gives its intent in the input layer, and the game's plugin uses it:
    no ZOC key in the area and point-to-point games, L only where the game has an overlay,
    no bare "S: save"."""
    from game.client.input import InputMapper
    from game.client.rules_ref import controls_for
    sc, ov = open_reference(app, game_id)
    listed = controls_for(sc.ui)
    mapper = InputMapper()
    for _keys, _pad, _what, c in listed:
        for k, mod in c.events:
            assert c.intent in [i.name for i in mapper.translate(key(k, mod))], (c.keys, c.intent)
    keys = [k for k, _p, _w, _c in listed]
    assert ("Z" in keys) == bool(sc.ui.zoc_overlay)
    assert ("L" in keys) == bool(sc.ui.overlay_hint)
    assert "S" not in keys
    table = ov.sections[ov.section_index("controls")].blocks[0][1]
    assert [r[0] for r in table.rows] == keys


def test_yoshitsune_lists_no_zoc_and_no_hex_controls(app):
    _sc, ov = open_reference(app, "yoshitsune")
    text = " ".join(" ".join(r) for r in ov.sections[ov.section_index("controls")].blocks[0][1].rows)
    assert "zone" not in text and "hex" not in text and "S:" not in text


def test_the_select_screen_opens_the_focused_games_rules_before_playing(app):
    import pygame

    from game.client.scenes.select import SelectScene
    sel = SelectScene(app)
    app.switch(sel)
    app.frame(0.05, [key(pygame.K_RIGHT), key(pygame.K_F1)])
    assert sel.rules is not None and sel.rules.game.game_id == sel.ids[sel.focus]
    app.frame(0.05, [key(pygame.K_END)])
    assert last_line_visible(sel.rules)
    app.frame(0.05, [key(pygame.K_ESCAPE)])
    assert sel.rules is None and app.scene is sel          # Esc closes the reference, not the screen
