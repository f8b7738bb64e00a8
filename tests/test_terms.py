"""One term for one thing: each game's 繁體中文, 日本語 and 한국어 (its prose files and the
catalogue entries its own files use) never use a variant its glossary
(game/client/games/rules/glossary.json and <game>_glossary.json) says to avoid. docs/i18n.md, "Terms"."""
from __future__ import annotations

import pytest

from tools import terms

LANGS = terms.LANGS


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", terms.GAMES + ("*",))
def test_each_game_uses_its_glossary_terms(game, lang):
    found = terms.problems(game, lang)
    assert not found, ("avoided variants (game/client/games/rules/*glossary.json; `python tools/terms.py`):\n"
                       + "\n".join(found))


def test_the_glossary_names_every_game_and_language_and_never_avoids_a_preferred_term():
    g = terms.glossary()
    assert set(terms.GAMES) <= set(g)
    for game, langs in g.items():
        if game.startswith("_"):
            continue
        assert set(LANGS) <= set(langs), game
        for lang in LANGS:
            own = {**g["*"].get(lang, {}), **langs[lang]}
            avoided = {v for vs in own.values() for v in vs}
            assert not avoided & set(own), (game, lang, avoided & set(own))


def test_a_text_with_an_avoided_variant_is_named_with_where_it_is(monkeypatch):
    monkeypatch.setattr(terms, "texts", lambda game, lang: [("rules/zh_TW/sino_japanese.json: win.3",
                                                             "移除北洋艦隊：3 分；北洋水師")])
    found = terms.problems("sino_japanese", "zh_TW")
    assert len(found) == 1 and "'北洋艦隊' → '北洋水師'" in found[0] and "win.3" in found[0]


def test_the_rules_reference_tables_of_a_game_count_as_that_games_text():
    m = terms._messages()
    assert terms.games_of(m["Counterfire hits"].where) == {"sino_japanese"}
    assert terms.games_of(m["Z: enemy ZOC"].where) == set()            # shared: checked against "*"


@pytest.mark.client
def test_the_reference_names_the_zoc_and_the_overlay_in_the_games_own_words(app):
    from game import rulesets
    from game.client import i18n
    from game.client.games import plugin_for
    from game.client.rules_ref import controls_for
    i18n.set_language("zh_TW")
    try:
        what = {c.intent: w for _k, _p, w, c in controls_for(plugin_for(rulesets.new_game("sino_japanese", 1), app.assets))}
        assert what["zoc"] == "敵軍防區（切換）" and what["overlay"] == "補給線（切換）"
        what = {c.intent: w for _k, _p, w, c in controls_for(plugin_for(rulesets.new_game("nomonhan", 1), app.assets))}
        assert "控制區" in what["zoc"]
    finally:
        i18n.set_language("en")
    what = {c.intent: w for _k, _p, w, c in controls_for(plugin_for(rulesets.new_game("sino_japanese", 1), app.assets))}
    assert what["overlay"] == "supply lines (toggle)"
