"""The rules reference (F1) and the Nomonhan tutorial read in 繁體中文, 日本語 and 한국어:
each language's prose file (game/client/games/rules/<lang>/<name>.json) has exactly the
English keys with the same placeholders, nothing left in English, English for a key a file
lacks, the open reference follows a change of language at once, and the reference and every
tutorial step fit their panels at 1280×720 and 1024×576. CJK text is broken between
characters and never begins a line with a closing mark."""
from __future__ import annotations

import json
import re

import pytest

from tests.test_client_rules_ref import open_reference

GAMES = ("nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains")
NAMES = GAMES + ("nomonhan_tutorial",)
LANGS = ("zh_TW", "ja", "ko")
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
KANA = re.compile(r"[\u3040-\u30ff]")
HAN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff]")
HANGUL = re.compile(r"[\uac00-\ud7af]")
#: the script a text in the language must use, and the scripts it may use only where the English does (names, quotes)
SCRIPT = {"ja": ((KANA, HAN), (HANGUL,)), "zh_TW": ((HAN,), (KANA, HANGUL)), "ko": ((HANGUL,), (KANA,))}


ROTATION = {"nomonhan": "ja", "yoshitsune": "ja", "sino_japanese": "zh_TW", "central_plains": "zh_TW",
            "across_suez": "ko"}


def translated(lang, name):
    from game.client import prose
    d = json.loads((prose.RULES_DIR / lang / f"{name}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in d.items() if not k.startswith("_")}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_each_language_file_has_exactly_the_english_keys_and_placeholders(lang, name):
    from game.client import prose
    english, tr = prose.english(name), translated(lang, name)
    assert not set(english) - set(tr), f"{lang}/{name}.json lacks {sorted(set(english) - set(tr))} (docs/i18n.md)"
    assert not set(tr) - set(english), f"{lang}/{name}.json has keys the English has not: {sorted(set(tr) - set(english))}"
    for k, v in tr.items():
        assert sorted(PLACEHOLDER.findall(v)) == sorted(PLACEHOLDER.findall(english[k])), (lang, name, k)


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_no_text_is_left_in_english(lang, name):
    from game.client import prose
    english, tr = prose.english(name), translated(lang, name)
    own, foreign = SCRIPT[lang]
    for k, v in tr.items():
        assert any(p.search(v) for p in own), f"{lang}/{name}.json {k} is not in {lang}: {v!r}"
        assert v != english[k] or any(p.search(english[k]) for p in own), (lang, name, k)   # (a quote in that language)
        for p in foreign:        # another language's script only where the English quotes it (a name, the rulebook)
            assert set(p.findall(v)) <= set(p.findall(english[k])), (lang, name, k)


@pytest.mark.client
def test_changing_the_language_in_the_settings_changes_the_open_reference_at_once(app):
    from game.client import i18n
    sc, ov = open_reference(app, "yoshitsune")
    assert ov.sections[0].title == "How to win"
    ov.jump(ov.section_index("combat"))
    try:
        app.set_language("ja")                  # what the settings' Language row does
        app.frame(0.05, [])
        ja = translated("ja", "yoshitsune")
        assert app.settings["language"] == "ja"
        assert [s.title for s in ov.sections[:5]] == [ja[f"{s}.title"] for s in
                                                    ("win", "sequence", "movement", "combat", "special")]
        assert ov.title == i18n._("Rules & controls") != "Rules & controls"
        assert ov.current() == ov.section_index("combat")          # still where the player was
        rul = [b for k, b in ov.sections[ov.section_index("rulings")].blocks if k in ("h", "p")]
        assert any(b.startswith(ja["rulings.kiso_turn_4.title"]) for b in rul)
        assert any(b.startswith(ja["rulings.kiso_turn_4"]) for b in rul)
        app.set_language("ko")
        app.frame(0.05, [])
        assert ov.sections[0].title == translated("ko", "yoshitsune")["win.title"]
    finally:
        app.set_language("en")
    app.frame(0.05, [])
    assert ov.sections[0].title == "How to win"
    sc.session.close()


@pytest.mark.client
def test_a_key_the_language_file_lacks_is_shown_in_english(app, monkeypatch):
    from game.client import i18n, prose
    real = prose.translation
    monkeypatch.setattr(prose, "translation",
                        lambda name, code=None: {k: v for k, v in real(name, code).items()
                                                 if k not in ("win.title", "rulings.losses")})
    i18n.set_language("zh_TW")
    try:
        sc, ov = open_reference(app, "nomonhan")
        zh = translated("zh_TW", "nomonhan")
        assert ov.sections[0].title == "How to win"
        assert ov.sections[1].title == zh["sequence.title"]
        texts = [b for k, b in ov.sections[ov.section_index("rulings")].blocks if k == "p"]
        assert any(t.startswith("Losses are taken by the losing units") and zh["rulings.losses.reason"] in t
                   for t in texts)
        sc.session.close()
    finally:
        i18n.set_language("en")


@pytest.mark.client
@pytest.mark.parametrize("size", [(1280, 720), (1024, 576)])
def test_the_reference_and_every_tutorial_step_fit_their_panels_in_every_language(env, size):
    import pygame

    from game import rulesets
    from game.client import i18n
    from game.client.app import App
    from game.client.games import plugin_for
    from game.client.rules_ref import RulesOverlay
    from game.client.tutorial import TutorialScene
    app = App(size=size, fast=True, ai="inline")
    try:
        for lang in LANGS:
            i18n.set_language(lang)
            # the narrow window: every game in every language; the default one: each game in one of them
            for gid in (GAMES if size[0] < 1280 else [g for g in GAMES if ROTATION[g] == lang]):
                g = rulesets.new_game(gid, 1)
                ov = RulesOverlay(g, plugin_for(g, app.assets))
                ov.draw(app.screen, app.assets)
                assert ov.frame.right <= size[0] and ov.frame.bottom <= size[1]
                assert all(it.x + it.surf.get_width() <= ov.body.width + 2 for it in ov.view.items), (lang, gid)
                assert ov.sections[0].title == translated(lang, gid)["win.title"]
            sc = TutorialScene(app)
            app.switch(sc)
            steps = translated(lang, "nomonhan_tutorial")
            screen = app.screen.get_rect()
            for i, st in enumerate(sc.steps):
                sc.index = i
                app.draw()
                assert sc.prompt(st) == steps[st["id"]]
                r = sc.prompt_rect
                assert screen.contains(r) and sc.view.area.contains(r), (lang, st["id"], r)
            sc.session.close()
    finally:
        i18n.set_language("en")
        pygame.quit()


def test_cjk_lines_break_between_characters_keep_words_and_never_start_with_a_closing_mark():
    from game.client.linebreak import NO_START, break_lines
    text = "損害 1 つごとに、ユニット 1 つを 1 ヘクス退却させるか、1 ステップを失う。敵 ZOC（0207–0308）には入れない。"
    for width in range(6, 40):
        lines = break_lines(text, width, len)
        assert "".join(lines.split("\n")).replace(" ", "") == text.replace(" ", "")
        for line in lines.split("\n"):
            assert len(line) <= width or " " not in line     # only an unbreakable word overflows
            assert not line.startswith(" ")
            if width >= 12:                          # (narrower: the longest word itself is cut)
                assert line[:1] not in NO_START
        if width >= 10:                              # words and numbers are never cut
            assert "ZOC" in lines and "0207–0308" in lines
    ko = "다리가 없는 한 ZOC는 하천을 넘지 않습니다."
    lines = break_lines(ko, 8, len).split("\n")           # Korean: at spaces only, words whole
    assert len(lines) > 1 and all(any(w in line for line in lines) for w in ko.split())


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("name", NAMES)
def test_every_translation_is_stamped_with_the_english_it_was_translated_from(lang, name):
    from game.client import prose
    st = prose.status(name, lang)
    assert not st["missing"] and not st["stale"], (
        f"{lang}/{name}.json: missing {sorted(st['missing'])}, stale (the English changed since it was "
        f"translated, or never stamped) {sorted(st['stale'])}. Translate or re-check them against "
        f"`python -m game.client.prose {name} --lang {lang}`, then `... --lang {lang} --stamp KEY ...` (docs/i18n.md)")


@pytest.fixture
def scratch_rules(tmp_path, monkeypatch):
    """A copy of the yoshitsune reference and its 日本語 file to change the English of."""
    import shutil

    from game.client import prose
    (tmp_path / "ja").mkdir()
    shutil.copy(prose.RULES_DIR / "yoshitsune.json", tmp_path / "yoshitsune.json")
    shutil.copy(prose.RULES_DIR / "ja" / "yoshitsune.json", tmp_path / "ja" / "yoshitsune.json")
    monkeypatch.setattr(prose, "RULES_DIR", tmp_path)
    return tmp_path


def _reword_how_to_win(root):
    p = root / "yoshitsune.json"
    spec = json.loads(p.read_text(encoding="utf-8"))
    spec["sections"][0]["title"] = "How the game is won"
    p.write_text(json.dumps(spec, ensure_ascii=False, indent=2), encoding="utf-8")


def test_a_changed_english_makes_its_translation_stale_until_it_is_stamped_and_the_stale_text_is_still_shown(
        scratch_rules, capsys):
    from game.client import prose
    _reword_how_to_win(scratch_rules)
    ja = translated("ja", "yoshitsune")
    assert prose.status("yoshitsune", "ja") == {"missing": {}, "stale": {"win.title": "How the game is won"}}
    assert prose.text(prose.translation("yoshitsune", "ja"), "win.title", "How the game is won") == ja["win.title"]
    assert prose.main(["yoshitsune", "--lang", "ja"]) == 0
    assert json.loads(capsys.readouterr().out) == {"missing": {}, "stale": {"win.title": "How the game is won"}}
    assert prose.main(["yoshitsune", "--lang", "ja", "--stamp", "win.title"]) == 0
    assert "stamped 1 key(s): win.title" in capsys.readouterr().out
    assert prose.status("yoshitsune", "ja") == {"missing": {}, "stale": {}}
    assert translated("ja", "yoshitsune") == ja                        # the texts are as they were


def test_a_key_translated_and_not_yet_stamped_is_stale_and_a_removed_one_is_listed_missing(scratch_rules):
    from game.client import prose
    p = scratch_rules / "ja" / "yoshitsune.json"
    d = json.loads(p.read_text(encoding="utf-8"))
    del d["_en"]["win.1"], d["win.2"]
    p.write_text(json.dumps(d, ensure_ascii=False, indent=2), encoding="utf-8")
    st = prose.status("yoshitsune", "ja")
    assert sorted(st["stale"]) == ["win.1"] and sorted(st["missing"]) == ["win.2"]
    with pytest.raises(KeyError):
        prose.stamp("yoshitsune", "ja", ["win.2"])                  # nothing to stamp: translate it first
    assert prose.stamp("yoshitsune", "ja") == ["win.1"]
    assert "win.2" not in json.loads(p.read_text(encoding="utf-8"))["_en"]


def test_the_prose_tool_refuses_an_unknown_name_and_a_stamp_without_a_language(capsys):
    from game.client import prose
    assert prose.main(["no_such_game"]) == 2
    assert prose.main(["yoshitsune", "--stamp"]) == 2
    assert "--stamp needs --lang" in capsys.readouterr().err
