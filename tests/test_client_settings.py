"""Settings, kept between runs (issue 14): each setting persists, is applied at once, is
operable by keys and by pad alone, and falls back when the file is bad; the window lays
out at the interface scale and down to 1024×576; the colour-blind palette changes the
side colours and puts a glyph on every side's counter."""
from __future__ import annotations

import json

import pytest

from game import rulesets
from tests.helpers import click, key, type_char

pytestmark = pytest.mark.client

GAMES = tuple(rulesets.available())
CHANGED = {"volume": 0.3, "music_volume": 0.9, "muted": True, "anim_speed": 2.0, "ai_pace": "slow",
           "dice_popup": 3.0, "fullscreen": True, "ui_scale": 1.25, "palette": "colourblind", "language": "ja"}


@pytest.fixture
def fresh(env):
    """A client App on a settings file of its own (the defaults)."""
    import pygame

    from game.client.app import App
    (env / "config").mkdir(parents=True, exist_ok=True)
    p = env / "config" / "settings.json"
    if p.exists():
        p.unlink()

    made = []

    def make(size=(1280, 720), **settings):
        if settings:
            p.write_text(json.dumps(settings), encoding="utf-8")
        a = App(fast=True, ai="inline", size=size)
        made.append(a)
        return a
    yield make
    for a in made:
        sc = a.scene
        if sc is not None and hasattr(sc, "session"):
            sc.session.close()
    pygame.quit()
    if p.exists():
        p.unlink()


def saved(env) -> dict:
    return json.loads((env / "config" / "settings.json").read_text(encoding="utf-8"))


def board(app, game_id="nomonhan", seats=None):
    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    g = rulesets.new_game(game_id, 3)
    seats = seats or {seat: "human" if i == 0 else "heuristic" for i, seat in enumerate(g.seats)}
    s = BoardScene(app, Session(g, seats, autosave=False))
    app.switch(s)
    return s


def pad_button(b):
    import pygame
    return pygame.event.Event(pygame.JOYBUTTONDOWN, button=b, joy=0, instance_id=0)


def pad_hat(x, y):
    """A D-pad press (and its release, so the next is a press again)."""
    import pygame
    return [pygame.event.Event(pygame.JOYHATMOTION, value=(x, y), joy=0, instance_id=0, hat=0),
            pygame.event.Event(pygame.JOYHATMOTION, value=(0, 0), joy=0, instance_id=0, hat=0)]


def focus_row(app, key_name):
    from game.client.settings_panel import ROWS
    return [k for k, _l in ROWS].index(key_name)


# -- persisted and validated ------------------------------------------------------------

def test_each_setting_persists_across_a_restart(tmp_path):
    from game.client.settings import DEFAULTS, Settings
    p = tmp_path / "settings.json"
    s = Settings(p)
    for k, v in CHANGED.items():
        assert s[k] != v, k
        s[k] = v
    again = Settings(p)
    assert again.warning == ""
    assert {k: again[k] for k in DEFAULTS} == {**DEFAULTS, **CHANGED}


@pytest.mark.parametrize("name,bad", [
    ("music_volume", 1.5), ("music_volume", -0.1), ("music_volume", "loud"), ("anim_speed", 3.0),
    ("anim_speed", "fast"), ("ai_pace", "warp"), ("ai_pace", 2), ("dice_popup", -1.0), ("dice_popup", 99),
    ("ui_scale", 4.0), ("ui_scale", 0), ("palette", "neon"), ("palette", None), ("language", "../../etc"),
    ("language", "x" * 40), ("language", 7), ("fullscreen", 1)])
def test_a_bad_value_of_a_setting_falls_back_to_its_default_and_says_so(tmp_path, capsys, name, bad):
    from game.client.settings import DEFAULTS, Settings
    p = tmp_path / "settings.json"
    p.write_text(json.dumps({name: bad, "ai_pace": "slow"} if name != "ai_pace" else {name: bad}), encoding="utf-8")
    s = Settings(p)
    assert s[name] == DEFAULTS[name]
    assert repr(name) in s.warning
    assert capsys.readouterr().err.count("\n") == 1
    if name != "ai_pace":
        assert s["ai_pace"] == "slow"               # the good ones beside it are kept


# -- applied ---------------------------------------------------------------------------------

def test_the_volumes_reach_the_mixer_and_are_kept(fresh, env):
    import pygame

    from game.client.settings_panel import SettingsPanel
    app = fresh()
    panel = SettingsPanel(app)
    panel.change("music_volume", 1)
    assert saved(env)["music_volume"] == 0.6
    theme = app.audio._music_sound
    if theme is not None:                   # the theme playing now is at the new level
        assert abs(theme.get_volume() - app.audio.music_gain) < 0.02
    panel.change("volume", -1)
    assert saved(env)["volume"] == 0.6
    snd = app.audio.sounds.get("click")
    if snd is not None:                     # the click played at the new volume
        assert abs(snd.get_volume() - 0.6) < 0.02
    assert app.audio.volume == 0.6 and app.audio.music_volume == 0.6


def test_the_animation_speed_scales_every_beat_and_instant_skips_them():
    from game.client.anim import Beat, Sequencer
    for speed, after in ((1.0, 0.5), (2.0, 1.0), (0.5, 0.25)):
        seq = Sequencer()
        seq.speed = speed
        b = seq.add(Beat("slide", 1.0))
        seq.update(0.5)
        assert abs(b.elapsed - after) < 1e-9 if after < 1 else not seq.busy
    seq = Sequencer()
    seq.speed = 0.0
    for _ in range(5):
        seq.add(Beat("dice", 2.0))
    seq.update(0.0)
    assert not seq.busy


def test_the_board_follows_the_animation_speed_and_ai_pace_settings_at_once(fresh):
    app = fresh()
    sc = board(app, seats={"JP": "human", "SOV": "heuristic"})
    app.frame(0.01, [])
    assert sc.seq.speed == 1.0 and sc.pace == 0.6
    app.settings["anim_speed"] = 0.0
    app.settings["ai_pace"] = "slow"
    app.frame(0.01, [])
    assert sc.seq.speed == 0.0 and sc.pace > 1.0
    app.settings["ai_pace"] = "fast"
    assert sc.pace < 0.3


def test_fullscreen_the_display_cannot_do_is_said_and_not_kept(fresh, env):
    from game.client.settings_panel import SettingsPanel
    app = fresh()
    panel = SettingsPanel(app)
    panel.change("fullscreen", 1)           # (the dummy display has no fullscreen)
    assert "not available" in panel.message
    assert not app.settings["fullscreen"]


def test_the_window_lays_out_at_the_interface_scale(fresh):
    app = fresh(ui_scale=1.25)
    assert app.size == (1024, 576) and app.screen.get_size() == (1024, 576)
    assert app.display.get_size() == (1280, 720)
    assert app.to_layout((1280, 720)) == (1024, 576)
    app.set_ui_scale(1.5)                   # a 1280×720 window fits 125% at most
    assert app.size == (1024, 576) and app.ui_scale == 1.25
    app.set_ui_scale(0.8)
    assert app.size == (1600, 900)
    app.set_ui_scale(1.0)
    assert app.size == (1280, 720) and app.screen is app.display


def test_the_window_may_shrink_to_1024x576_and_the_board_fits_it(fresh):
    import pygame

    from game.client.scenes.board import PANEL_MIN_W
    app = fresh()
    sc = board(app)
    app.frame(0.01, [pygame.event.Event(pygame.VIDEORESIZE, w=1024, h=576, size=(1024, 576))])
    assert app.size == (1024, 576)
    assert sc.view.area.right <= 1024 - PANEL_MIN_W and sc.log.rect.bottom <= 576
    w, h = sc.view.pw * sc.view.z, sc.view.ph * sc.view.z
    assert w <= sc.view.area.width and h <= sc.view.area.height      # the whole map is in view
    app.frame(0.01, [pygame.event.Event(pygame.VIDEORESIZE, w=800, h=400, size=(800, 400))])
    assert app.size == (1024, 576)                                    # never smaller


def test_a_bigger_interface_scale_relays_the_board_out(fresh):
    app = fresh()
    sc = board(app)
    before = sc.view.area.size
    app.set_ui_scale(1.25)
    assert sc.view.area.size != before and sc.view.area.height == 576


# -- the colour-blind palette -----------------------------------------------------------------

def _side_sprites(game_id):
    """A sprite of each side (two sides: their glyphs differ)."""
    return {"nomonhan": ("nomonhan/JP_KOB_front.png", "nomonhan/SV_11_front.png"),
            "across_suez": ("across_suez/ISR_AMIR_1_front.png", "across_suez/EGY_1_1_front.png"),
            "sino_japanese": ("sino_japanese/J1_front.png", "sino_japanese/Q1_front.png"),
            "central_plains": ("central_plains/piece_CHIANG_infantry.png", "central_plains/piece_YAN_infantry.png"),
            }.get(game_id)


@pytest.mark.parametrize("game_id", GAMES)
def test_the_colourblind_palette_changes_the_side_colours_and_draws_a_glyph_per_side(fresh, game_id):
    from game import rulesets
    from game.client.games import plugin_for
    from game.client.facts import client_facts
    app = fresh()
    g = rulesets.new_game(game_id, 3)
    try:
        ui = plugin_for(g, app.assets)
        seats = [s for s in g.seats if s in client_facts(game_id).sides]
        std = {s: ui.side_colour(s) for s in seats}
        app.set_palette("colourblind")
        cb = {s: ui.side_colour(s) for s in seats}
        assert std != cb
        assert len(set(cb.values())) == len(seats)
        if game_id == "yoshitsune":             # the blocks on the map: a badge with the side's glyph
            app.set_palette("standard")
            plain = ui._block("義経", "genji", 24), ui._block("知盛", "heike", 24)
            ui._blocks.clear()
            app.set_palette("colourblind")
            dressed = ui._block("義経", "genji", 24), ui._block("知盛", "heike", 24)
            for p, d in zip(plain, dressed):
                assert d.get_width() > p.get_width()
            imgs = dressed

            def where(img):
                gw = img.get_height() - 7               # (the badge is as wide as the text is high)
                gr = gw * 0.4 * 0.62
                return round(4 + gw / 2 - 0.5 * gr), round((gw + 4) / 2 - 0.5 * gr)
        else:
            a, b = _side_sprites(game_id)
            app.set_palette("standard")
            plain = [app.assets.scaled(r, 96, 96).copy() for r in (a, b)]
            app.set_palette("colourblind")
            imgs = [app.assets.scaled(r, 96, 96) for r in (a, b)]
            for p, d in zip(plain, imgs):       # recoloured: the face is another colour
                assert p.get_at((48, 60))[:3] != d.get_at((48, 60))[:3] or game_id == "sino_japanese"
            from game.client.palette import _BADGE
            fx, fy, fr = _BADGE["piece" if game_id == "central_plains" else "counter"]
            gr = 96 * fr * 0.62
            where = lambda img: (round(96 * fx - 0.5 * gr), round(96 * fy - 0.5 * gr))
        # a circle covers the glyph's upper-left, a triangle does not: the two sides' glyphs differ
        first, second = (img.get_at(where(img))[:3] for img in imgs)
        assert sum(first) < 120 and sum(second) > 400
    finally:
        g.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_board_redraws_in_the_palette_at_once(fresh, game_id):
    import pygame
    app = fresh()
    sc = board(app, game_id)
    sc.update(0.0)
    app.draw()
    before = pygame.image.tobytes(app.screen.subsurface(sc.view.area), "RGB")
    app.set_palette("colourblind")
    app.draw()
    after = pygame.image.tobytes(app.screen.subsurface(sc.view.area), "RGB")
    diff = sum(1 for i in range(0, len(before), 3 * 7) if before[i:i + 3] != after[i:i + 3])
    assert diff > 50


# -- the Settings scene: keys, pad, mouse ----------------------------------------------------------

def test_the_settings_scene_by_keys_alone(fresh, env):
    import pygame

    from game.client.scenes.title import TitleScene
    app = fresh()
    app.switch(TitleScene(app))
    app.frame(0.02, [type_char("s")])
    assert app.scene.name == "settings"
    for _ in range(focus_row(app, "anim_speed")):
        app.frame(0.02, [key(pygame.K_DOWN)])
    app.frame(0.02, [key(pygame.K_RIGHT)])
    assert saved(env)["anim_speed"] == 2.0
    app.frame(0.02, [key(pygame.K_LEFT)])
    app.frame(0.02, [key(pygame.K_LEFT)])
    assert saved(env)["anim_speed"] == 0.5
    for _ in range(focus_row(app, "palette") - focus_row(app, "anim_speed")):
        app.frame(0.02, [key(pygame.K_DOWN)])
    app.frame(0.02, [key(pygame.K_RETURN)])
    assert saved(env)["palette"] == "colourblind" and app.assets.palette.active
    app.frame(0.02, [key(pygame.K_UP)])
    app.frame(0.02, [key(pygame.K_RIGHT)])                        # interface scale: relaid at once
    assert saved(env)["ui_scale"] == 1.25 and app.size == (1024, 576)
    app.frame(0.02, [key(pygame.K_ESCAPE)])
    assert app.scene.name == "title"


def test_the_settings_by_pad_alone_from_the_in_game_menu(fresh, env):
    from game.client.pause_menu import PauseOverlay
    from game.client.settings_panel import SettingsPanel
    from tests.helpers import type_char  # noqa: F401
    app = fresh()
    sc = board(app)
    app.frame(0.02, [pad_button(7)])                                # Start: the menu
    assert isinstance(sc.modal, PauseOverlay)
    menu = sc.modal.menu
    for _ in range(len(menu.buttons)):
        if menu.buttons[menu.focus].value == "settings":
            break
        app.frame(0.02, pad_hat(0, -1))
    app.frame(0.02, [pad_button(0)])                                # A
    assert isinstance(sc.modal.sub, SettingsPanel)
    for _ in range(focus_row(app, "ai_pace")):
        app.frame(0.02, pad_hat(0, -1))
    app.frame(0.02, pad_hat(1, 0))
    assert saved(env)["ai_pace"] == "slow"
    app.frame(0.02, pad_hat(0, -1))
    app.frame(0.02, [pad_button(0)])                                # A: the next value
    assert saved(env)["dice_popup"] == 1.5
    app.frame(0.02, [pad_button(1)])                                # B: back to the menu
    assert sc.modal is not None and sc.modal.sub is None
    app.frame(0.02, [pad_button(1)])                                # B: back to the game
    assert sc.modal is None


def test_the_settings_scene_by_mouse(fresh, env):
    from game.client.scenes.settings import SettingsScene
    app = fresh()
    app.switch(SettingsScene(app))
    app.frame(0.02, [])
    p = app.scene.panel
    i = focus_row(app, "music_volume")
    left, right = p.arrows[i]
    app.frame(0.02, click(right.center))
    app.frame(0.02, click(right.center))
    assert saved(env)["music_volume"] == 0.7
    app.frame(0.02, click(left.center))
    assert saved(env)["music_volume"] == 0.6
    app.frame(0.02, click(p.rows[-1].center))                       # ◀ Back
    assert app.scene.name == "title"


def test_the_language_chooser_switches_the_interface_language_at_once_and_keeps_it(fresh, env):
    from game.client import i18n
    from game.client.scenes.settings import SettingsScene
    from game.client.settings_panel import SettingsPanel
    app = fresh()
    app.switch(SettingsScene(app))
    panel = app.scene.panel
    try:
        panel.change("language", 1)                  # English → the next language
        code = saved(env)["language"]
        assert code != "en" and i18n.language() == code
        assert panel.shown("language") == dict(i18n.available_languages())[code]
        drawn = []
        text = app.assets.text
        app.assets.text = lambda s, *a, **k: (drawn.append(s), text(s, *a, **k))[1]
        app.draw()
        assert i18n._("Settings") in drawn and "Settings" not in drawn
    finally:
        i18n.set_language("en")


# -- readable at 1024×576 ---------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_at_1024x576_the_board_draws_no_interface_text_below_14_px(fresh, game_id):
    from game.client.assets import MIN_TEXT
    app = fresh(size=(1024, 576))
    app.assets._text.clear()
    app.assets.sizes_used = []
    sc = board(app, game_id)
    sc.update(0.0)
    app.draw()
    used = app.assets.sizes_used
    ui_sizes = [s for s, on_map in used if not on_map]
    assert ui_sizes and min(ui_sizes) >= MIN_TEXT == 14
    assert sc.view.area.width + sc.pw <= 1024 and sc.pw >= 300


def test_at_a_bigger_interface_scale_clicks_land_where_things_are_drawn(fresh, env):
    import pygame

    from game.client.scenes.settings import SettingsScene
    app = fresh(ui_scale=1.25)
    app.switch(SettingsScene(app))
    app.frame(0.02, [])
    app.present()
    right = app.scene.panel.arrows[focus_row(app, "volume")][1]    # effects volume ▶, in layout pixels
    at = (round(right.centerx * 1.25), round(right.centery * 1.25))    # ... and in window pixels
    app.frame(0.02, click(at))
    assert saved(env)["volume"] == 0.8
    assert pygame.display.get_surface().get_size() == (1280, 720)


def test_the_pad_s_y_opens_the_settings_from_the_title(fresh):
    from game.client.scenes.title import TitleScene
    app = fresh()
    app.switch(TitleScene(app))
    app.frame(0.02, [pad_button(3)])                                # Y
    assert app.scene.name == "settings"
    app.frame(0.02, [pad_button(1)])                                # B
    assert app.scene.name == "title"
