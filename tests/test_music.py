"""Music: a theme per game and for the menus (tools/gen_music.py), cross-faded between
scenes, with a volume of its own."""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
AUDIO = ROOT / "audio"


def gen_music():
    spec = importlib.util.spec_from_file_location("gen_music", ROOT / "tools" / "gen_music.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def themes() -> dict[str, dict]:
    files = json.loads((AUDIO / "manifest.json").read_text(encoding="utf-8"))["files"]
    return {k: v for k, v in files.items() if v.get("kind") == "music"}


def test_the_manifest_lists_a_theme_for_every_game_and_the_menus_with_its_licence():
    from game import rulesets
    m = themes()
    for gid in ["menu"] + [s.id for s in rulesets.specs()]:
        info = m.get(f"music_{gid}.wav")
        assert info is not None, f"no theme for {gid}: run python tools/gen_music.py"
        assert info["loop"] and info["generator"] == "tools/gen_music.py" and "licence" in info
        assert 60 <= info["seconds"] <= 90, gid
        assert (AUDIO / f"music_{gid}.wav").stat().st_size == info["bytes"]


def test_the_themes_keep_the_repository_small():
    assert sum((AUDIO / name).stat().st_size for name in themes()) < 6 * 1024 * 1024


def test_every_theme_loads_in_the_mixer(env):
    import pygame
    pygame.mixer.init()
    try:
        for name, info in themes().items():
            snd = pygame.mixer.Sound(str(AUDIO / name))
            assert abs(snd.get_length() - info["seconds"]) < 0.01, name     # no padding at the end
    finally:
        pygame.mixer.quit()


def test_every_theme_loops_without_a_seam():
    gm = gen_music()
    for name, info in themes().items():
        rate, data = gm.read_adpcm_wav(AUDIO / name, blocks=3)     # its last blocks, then its first
        blocks = info["seconds"] * rate / gm.SPB                    # (seconds are rounded to the ms)
        assert rate == 22050 and abs(blocks - round(blocks)) < 0.02, name   # whole blocks: no padding at the join
        k = 3 * gm.SPB
        data = data[k:] + data[:k]
        steps = sorted(abs(data[i + 1] - data[i]) for i in range(len(data) - 1))
        assert abs(data[k - 1] - data[k]) <= steps[int(len(steps) * 0.99)], name
        peak = max(map(abs, data))
        assert 0.3 * 32767 < peak < 32767, name                              # audible, not clipped


def test_the_composer_is_deterministic(tmp_path):
    gm = gen_music()
    a = gm.generate(tmp_path / "a", ["yoshitsune"], seconds=2)
    b = gm.generate(tmp_path / "b", ["yoshitsune"], seconds=2)
    assert a == b
    assert (tmp_path / "a" / "music_yoshitsune.wav").read_bytes() == (tmp_path / "b" / "music_yoshitsune.wav").read_bytes()


@pytest.mark.client
def test_menus_play_the_menu_theme_and_a_board_its_games_theme_cross_faded(app):
    from game import rulesets
    from game.client.scenes.select import SelectScene
    from game.client.scenes.title import TitleScene
    from tests.helpers import board_scene
    audio = app.audio
    app.switch(TitleScene(app))
    name, fade = audio.music_requests[-1]
    assert name == "music_menu" and fade > 0
    audio.wait_music()
    assert audio.music_playing() == "music_menu"
    app.switch(SelectScene(app))                    # the same theme goes on (no new request)
    assert audio.music_requests[-1] == ("music_menu", fade) and audio.music_playing() == "music_menu"
    for gid in rulesets.available():
        sc = board_scene(app, rulesets.new_game(gid, 1), {s: "human" for s in rulesets.spec(gid).seats})
        name, fade = audio.music_requests[-1]
        assert (name, fade > 0) == (f"music_{gid}", True)
        audio.wait_music()
        assert audio.music_playing() == f"music_{gid}"
        sc.session.close()
    faded = []                                      # (fade ms, channels busy) when the last theme is let go
    fade_out = audio._fade_out
    audio._fade_out = lambda ms: (faded.append((ms, [ch.get_busy() for ch in audio._chans])), fade_out(ms))
    app.switch(TitleScene(app))
    assert audio.music_requests[-1][0] == "music_menu"
    audio.wait_music()
    assert audio.music_playing() == "music_menu"
    # the game's theme was playing and fades out (over the fade, not cut) as the menu's comes in
    # (asserted at the cross-fade itself: on a loaded machine the fade may be over by now)
    assert faded and faded[-1][0] > 0 and any(faded[-1][1])


@pytest.mark.client
def test_music_volume_is_independent_of_the_effects_volume(app):
    from game.client.scenes.title import TitleScene
    audio = app.audio
    app.switch(TitleScene(app))
    audio.wait_music()
    audio.set_volume(0.9)
    audio.set_music_volume(0.2)
    assert app.settings["volume"] == 0.9 and audio.music_volume == 0.2
    audio.change_volume(-0.3)                       # the effects' +/- keys
    assert audio.music_volume == 0.2 and abs(app.settings["volume"] - 0.6) < 1e-9
    snd = audio._music_sound
    assert abs(snd.get_volume() - 0.2 * 0.8) < 0.01
    audio.set_music_volume(0.0)
    assert snd.get_volume() == 0.0 and app.settings["volume"] == 0.6
    audio.set_music_volume(0.5)
    audio.toggle_mute()                             # mute silences both
    assert snd.get_volume() == 0.0 and audio.volume == 0.0
    audio.toggle_mute()
    assert snd.get_volume() > 0


@pytest.mark.client
def test_the_music_volume_setting_is_read_when_settings_know_it(app):
    app.settings.values["music_volume"] = 0.3
    assert app.audio.music_volume == 0.3
    app.audio.set_music_volume(0.7)
    assert app.settings["music_volume"] == 0.7


@pytest.mark.client
def test_the_kiosk_plays_the_theme_of_the_game_it_shows(env):
    from game.client.app import App
    from game.client.kiosk import KioskConfig
    import pygame
    app = App(mode="demo", fast=True, ai="inline", kiosk=KioskConfig(seed=2, games=("yoshitsune",)))
    try:
        app.start_demo()
        assert app.scene.name == "title_card" and app.audio.music_name == "music_yoshitsune"
        for _ in range(2000):
            if app.scene.name == "board":
                break
            app.frame(0.05, [])
        assert app.scene.name == "board" and app.audio.music_name == "music_yoshitsune"
    finally:
        app.attract.stop()
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        pygame.quit()
