"""The interface languages (issue 14): English, 繁體中文, 日本語, 한국어.

The catalogues are locale/<code>/LC_MESSAGES/sandtable.po; the workflow is in
docs/i18n.md (mark with _() / N_(), `python tools/i18n.py extract`, fill the msgstr
lines, `python tools/i18n.py check`)."""
from __future__ import annotations

import pytest

from game.client import i18n
from tools import i18n as tool

FIX = ("\nRun `python tools/i18n.py extract`, fill the empty msgstr lines in "
       "locale/{zh_TW,ja,ko}/LC_MESSAGES/sandtable.po (docs/i18n.md), then `python tools/i18n.py check`.")


@pytest.fixture(scope="module")
def scanned():
    """(msgids of game/client, problems) scanned once for the module."""
    return tool.scan()


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")


# -- (a) every msgid translated, with the same placeholders --------------------------------
def test_every_marked_string_has_a_translation_in_each_language(scanned):
    messages, _problems = scanned
    assert len(messages) > 300
    problems = [p for code in tool.TRANSLATED for p in tool.problems_of(code, messages)]
    assert not problems, "\n".join(problems[:40]) + FIX


def test_no_translation_call_of_an_f_string_or_a_concatenation(scanned):
    _messages, problems = scanned
    assert not problems, "\n".join(problems) + FIX


def test_the_catalogues_are_up_to_date_with_the_code(scanned):
    messages, _p = scanned
    stale = [code for code in i18n.LANGUAGES
             if tool.po_path(code).read_text(encoding="utf-8") != tool.render_po(code, messages, tool.read_po(code))]
    assert not stale, f"catalogues not up to date with the code: {stale}" + FIX


def test_placeholders_are_compared_by_name():
    assert tool.placeholders("Turn {turn}/{turns:d} {x!r}") == {"turn", "turns", "x"}
    assert tool.placeholders("100%") == set()


# -- (b) the lint: no word drawn without _() -------------------------------------------------
def test_no_user_visible_literal_is_drawn_without_translation():
    found = tool.lint()
    assert not found, "\n".join(found) + "\nWrap each in _() (docs/i18n.md)." + FIX


def test_the_lint_finds_an_untranslated_label(tmp_path):
    (tmp_path / "panel.py").write_text(
        "def draw(a, surf):\n"
        "    surf.blit(a.text('Save game', 20), (0, 0))\n"
        "    surf.blit(a.text(_('Load game'), 20), (0, 0))\n"
        "    surf.blit(a.text('12 · ▲', 20), (0, 0))\n"
        "    b = Button(f'Turn {t}', r, 'x')\n"
        "    app.toast('Saved' if ok else _('Not saved'))\n", encoding="utf-8")
    root = tool.ROOT
    try:
        tool.ROOT = tmp_path
        found = tool.lint(tmp_path)
    finally:
        tool.ROOT = root
    assert [f.split(": ", 1)[0] for f in found] == ["panel.py:2", "panel.py:5", "panel.py:6"]


# -- the API ------------------------------------------------------------------------------------
def test_available_languages_name_themselves_in_their_own_script():
    assert i18n.available_languages() == [("en", "English"), ("zh_TW", "繁體中文"), ("ja", "日本語"), ("ko", "한국어")]


def test_a_change_of_language_takes_effect_at_once():
    assert i18n._("Save game") == "Save game"
    assert i18n.set_language("ja") == "ja" and i18n.language() == "ja"
    assert i18n._("Save game") == "セーブ"
    i18n.set_language("ko")
    assert i18n._("Save game") == "게임 저장"
    i18n.set_language("zh_TW")
    assert i18n._("TURN {turn}").format(turn=3) == "第 3 回合"
    assert i18n.set_language("xx") == "en" and i18n._("Save game") == "Save game"


def test_an_untranslated_string_shows_in_english():
    i18n.set_language("ja")
    assert i18n._("no such message, never marked") == "no such message, never marked"


@pytest.mark.parametrize("env, want", [
    ({"LANG": "ja_JP.UTF-8"}, "ja"), ({"LANG": "ko_KR.UTF-8"}, "ko"), ({"LANG": "zh_TW.UTF-8"}, "zh_TW"),
    ({"LANG": "zh_HK.UTF-8"}, "zh_TW"), ({"LANG": "zh_CN.UTF-8"}, "en"), ({"LANG": "de_DE.UTF-8"}, "en"),
    ({"LANG": "C"}, "en"), ({}, "en"), ({"LANGUAGE": "ko:en", "LANG": "ja_JP"}, "ko"),
    ({"SANDTABLE_LANG": "ja", "LANG": "ko_KR"}, "ja"),
])
def test_the_default_language_comes_from_the_environment(env, want):
    assert i18n.from_environment(env) == want


def test_the_language_setting_is_kept_and_wins_over_lang(tmp_path, monkeypatch):
    from game.client.settings import Settings
    monkeypatch.delenv("SANDTABLE_LANG", raising=False)
    monkeypatch.setenv("LANG", "ko_KR.UTF-8")
    s = Settings(tmp_path / "settings.json", quiet=True)
    assert s["language"] == "" and s.language() == "ko"        # not chosen yet: $LANG
    s["language"] = "ja"
    again = Settings(tmp_path / "settings.json", quiet=True)
    assert again.language() == "ja" and not again.warning
    monkeypatch.setenv("SANDTABLE_LANG", "zh_TW")              # --lang / $SANDTABLE_LANG: this run only
    assert again.language() == "zh_TW"


def test_a_bad_language_in_settings_gives_the_default_with_a_warning(tmp_path):
    from game.client.settings import Settings
    (tmp_path / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    s = Settings(tmp_path / "settings.json", quiet=True)
    assert s["language"] == "" and "language" in s.warning


def test_names_show_english_and_the_original_script():
    assert i18n.bilingual("Port Arthur", "旅順", "zh") == "Port Arthur 旅順"
    i18n.set_language("zh_TW")
    assert i18n.bilingual("Port Arthur", "旅順", "zh") == "旅順 Port Arthur"
    assert i18n.bilingual("Minamoto no Yoritomo", "源頼朝", "ja") == "Minamoto no Yoritomo 源頼朝"
    i18n.set_language("ja")
    assert i18n.bilingual("Minamoto no Yoritomo", "源頼朝", "ja") == "源頼朝 Minamoto no Yoritomo"
    assert i18n.bilingual("Egypt", "", "") == "Egypt" and i18n.bilingual("", "清", "zh") == "清"


def test_po_files_round_trip():
    text = ('# c\nmsgid ""\nmsgstr ""\n"Language: ja\\n"\n\n#: a.py:1\n#, python-brace-format\n'
            'msgid "Turn {turn}"\nmsgstr "ターン {turn}"\n\n#, fuzzy\nmsgid "x"\nmsgstr "y"\n\n'
            'msgid ""\n"two "\n"lines"\nmsgstr "二行"\n\n#~ msgid "old"\n#~ msgstr "古い"\n')
    e = i18n.parse_po(text)
    assert [(x["msgid"], x["msgstr"], x["fuzzy"], x["obsolete"]) for x in e] == [
        ("", "Language: ja\n", False, False), ("Turn {turn}", "ターン {turn}", False, False),
        ("x", "y", True, False), ("two lines", "二行", False, False), ("old", "古い", False, True)]


# -- the font covers every translation -------------------------------------------------------------
def test_the_shipped_font_has_a_glyph_for_every_character_of_every_translation():
    import os
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame.freetype
    pygame.freetype.init()
    text = "".join(e["msgstr"] for code in tool.TRANSLATED for e in tool.read_po(code))
    chars = sorted({c for c in text if not c.isspace()})
    for weight in ("Regular", "Bold"):
        font = pygame.freetype.Font(str(tool.ROOT / "fonts" / f"SandtableSans-{weight}.otf"), 20)
        missing = "".join(c for c, m in zip(chars, font.get_metrics("".join(chars))) if m is None)
        assert not missing, (f"SandtableSans-{weight} lacks {missing!r}: reword, or add them to "
                             "tools/make_font.py UI_WORDS and rebuild the font (docs/i18n.md)")


# -- (c) every screen renders in every language, in that language ---------------------------------
GAMES = ("nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains")


@pytest.mark.parametrize("code", ["zh_TW", "ja", "ko"])
def test_the_title_and_every_board_render_in_each_language(app, code):
    """(English is what every other client test draws.)"""
    import pygame

    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.scenes.title import TitleScene
    from game.client.session import Session, default_seats

    app.set_language(code)
    assert app.settings["language"] == code
    drawn: list[str] = []
    text = app.assets.text
    app.assets.text = lambda s, *a, **k: (drawn.append(s), text(s, *a, **k))[1]     # what is drawn
    app.assets._text.clear()
    app.switch(TitleScene(app))
    app.scene.draw(app.screen)
    footer = i18n._("Enter / A / click: start    F11: fullscreen    M: mute    {esc}")
    assert any(s.startswith(footer.split("{")[0]) for s in drawn)
    if code != "en":
        assert not any(s.startswith("Enter / A / click: start") for s in drawn)
    for gid in GAMES:
        game = rulesets.new_game(gid, 3)
        scene = BoardScene(app, Session(game, default_seats(gid)))
        drawn.clear()
        app.switch(scene)
        for _ in range(3):
            app.frame(0.05, [])
        hints = [s for s in drawn if i18n._("F1: help") in s]     # the key hints under the side panel
        assert hints and i18n._("Esc: menu") in hints[0], (gid, code)
        if code != "en":
            assert "F1: help" not in hints[0]
        scene.session.close()
