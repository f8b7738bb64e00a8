"""Text made by the rules, in the player's language (issue 14): game.core.text.

The rules say what a line is made of (Msg: a template and its values; Name: a name
with its original script) and never translate; the client's tr() shows it in the
interface language. The English text is the str itself, so logs, saves and golden
playthroughs read exactly as before."""
from __future__ import annotations

import json
import pickle

import pytest

from game.client import i18n
from game.core.events import Event
from game.core.text import Msg, Name
from tools import i18n as tool


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")
    i18n.reload()


def test_a_msg_is_its_english_text():
    m = Msg("{unit} moves {frm} → {to}", unit="7th Tank", frm="0512", to="0613")
    assert m == "7th Tank moves 0512 → 0613" and isinstance(m, str)
    assert m.template == "{unit} moves {frm} → {to}" and m.values["to"] == "0613"
    assert json.dumps({"t": m}) == json.dumps({"t": "7th Tank moves 0512 → 0613"})
    assert "moves" in m


def test_a_msg_and_a_name_survive_pickling_with_what_they_are_made_of():
    m = Msg("{who} wins: {why}", who=Name("Yoshitsune", "義經", "ja"), why=Msg("capital taken"))
    back = pickle.loads(pickle.dumps(m))
    assert back == m and back.template == m.template
    assert isinstance(back.values["who"], Name) and back.values["who"].original == "義經"
    assert isinstance(back.values["why"], Msg)


def test_an_event_line_is_made_only_when_it_is_read():
    ev = Event("UnitMoved", {"unit": "u1"}, "{unit} moves to {to}", {"unit": "A", "to": "0101"})
    assert ev._values is not None                       # nothing formatted yet
    assert ev.text == "A moves to 0101" and isinstance(ev.text, Msg)
    assert ev._values is None and ev.text.template == "{unit} moves to {to}"
    assert ev.to_json() == {"kind": "UnitMoved", "unit": "u1", "text": "A moves to 0101"}
    assert pickle.loads(pickle.dumps(ev)) == ev


def test_an_event_with_a_plain_line_is_unchanged():
    ev = Event("X", {"a": 1}, "plain line")
    assert ev.text == "plain line" and ev["a"] == 1
    ev.text = "other"
    assert ev.text == "other"


def _with_catalogue(monkeypatch, code, table):
    i18n.reload()
    monkeypatch.setitem(i18n._catalogues, code, dict(table))
    i18n.set_language(code)


def test_tr_translates_the_template_and_then_each_value(monkeypatch):
    _with_catalogue(monkeypatch, "ja", {"{side} wins: {reason}": "{side}の勝利：{reason}", "Japan": "日本",
                                        "capital taken": "首都陥落"})
    m = Msg("{side} wins: {reason}", side="Japan", reason=Msg("capital taken"))
    assert i18n.tr(m) == "日本の勝利：首都陥落"
    assert str(m) == "Japan wins: capital taken"          # the rules' text is untouched


def test_tr_shows_names_with_their_original_script(monkeypatch):
    _with_catalogue(monkeypatch, "ko", {"{name} attacks": "{name} 공격"})
    assert i18n.tr(Msg("{name} attacks", name=Name("Yoshitsune", "義經", "ja"))) == "Yoshitsune 義經 공격"
    i18n.set_language("ja")
    assert i18n.tr(Name("Yoshitsune", "義經", "ja")) == "義經 Yoshitsune"


def test_a_name_may_print_its_original_script_in_the_rules_english_line(monkeypatch):
    """中原大戰's English log names people in Chinese: Name(..., text=) keeps that line as it
    was and still gives the client the English name."""
    n = Name("Chiang Kai-shek", "蔣中正", "zh", "蔣中正")
    m = Msg("{who} ends the commands", who=n)
    assert m == "蔣中正 ends the commands" and n.english == "Chiang Kai-shek"
    back = pickle.loads(pickle.dumps(n))
    assert back == "蔣中正" and back.english == "Chiang Kai-shek" and back.original == "蔣中正"
    _with_catalogue(monkeypatch, "ja", {"{who} ends the commands": "{who} 命令終了"})
    assert i18n.tr(m) == "Chiang Kai-shek 蔣中正 命令終了"


def test_tr_keeps_numbers_and_format_specs(monkeypatch):
    _with_catalogue(monkeypatch, "zh_TW", {"{n:+d} points": "{n:+d} 分"})
    assert i18n.tr(Msg("{n:+d} points", n=3)) == "+3 分"


def test_a_broken_translation_falls_back_to_english(monkeypatch):
    _with_catalogue(monkeypatch, "ja", {"{unit} retreats": "{unti} 退却"})     # a typo in the catalogue
    assert i18n.tr(Msg("{unit} retreats", unit="A")) == "A retreats"


def test_an_untranslated_line_shows_in_english(monkeypatch):
    _with_catalogue(monkeypatch, "ja", {})
    assert i18n.tr(Msg("{unit} retreats", unit="A")) == "A retreats"
    assert i18n.tr("0512") == "0512" and i18n.tr(3) == 3


def test_the_extractor_finds_rules_templates_and_data_fields(tmp_path, monkeypatch):
    pkg = tmp_path / "game" / "rulesets" / "toy"
    pkg.mkdir(parents=True)
    (tmp_path / "game" / "core").mkdir()
    (tmp_path / "game" / "systems").mkdir()
    (pkg / "rules.py").write_text(
        "from game.core.text import Msg, N_\n"
        "SIDE = N_('Red army')\n"
        "def f(self, u):\n"
        "    self.emit_msg('Moved', '{u} moves', {'u': u})\n"
        "    self.emit('Bad', f'{u} moves badly')\n"
        "    return Decision('red', 'move', Msg('Red movement phase'))\n", encoding="utf-8")
    (pkg / "data.json").write_text(json.dumps({"_translate": ["cards/*/text", "sides/*/name"],
                                               "cards": [{"text": "Draw two cards"}, {"text": "Move twice"}],
                                               "sides": {"red": {"name": "Reds", "code": "R"}}}), encoding="utf-8")
    monkeypatch.setattr(tool, "ROOT", tmp_path)
    found, problems = tool.scan_rules()
    assert set(found) == {"Red army", "{u} moves", "Red movement phase", "Draw two cards", "Move twice", "Reds"}
    assert len(problems) == 1 and "rules text without Msg" in problems[0] and "moves badly" in problems[0]


def test_the_core_and_shared_systems_mark_all_their_text():
    assert tool.scan_rules(())[1] == []


@pytest.mark.parametrize("game", tool.RULES_MARKED or ["(none yet)"])
def test_each_game_marks_all_its_rules_text(game):
    if game == "(none yet)":
        pytest.skip("no game's rules text is marked yet")
    assert tool.scan_rules((game,))[1] == []


# -- every line a played game makes can be shown in each language ----------------------------
def _untranslated(text, cats, where: str, out: list[str]) -> None:
    """What of ``text`` (made by the rules) no catalogue can show: a Msg whose template
    a language lacks, a plain word string that is neither a Name nor a msgid."""
    if isinstance(text, Msg):
        for code, cat in cats.items():
            if text.template not in cat:
                out.append(f"{where}: {code} has no {text.template!r}")
                break
        for v in text.values.values():
            if isinstance(v, str):
                _untranslated(v, cats, where, out)
    elif isinstance(text, Name):
        return
    elif isinstance(text, str) and tool.is_words(tool.ast.Constant(text)):
        if not all(text in cat for cat in cats.values()):
            out.append(f"{where}: plain text {text[:60]!r} (give a Msg, a Name, or mark it N_)")


def _played_lines(game_id: str, seed: int, limit: int = 400):
    """(where, text) for each event line, prompt, action label and result of a seeded random game."""
    import random

    from game import rulesets
    g = rulesets.new_game(game_id, seed=seed)
    rng = random.Random(seed)
    for ev in g.events:
        yield f"set-up {ev.kind}", ev.text
    for step in range(limit):
        d = g.pending()
        if d is None:
            break
        yield f"step {step} prompt ({d.kind})", d.prompt
        legal = g.legal_actions()
        for a in legal[:12]:
            yield f"step {step} label of {type(a).__name__}", a.label()
        for ev in g.apply(rng.choice(legal)):
            if ev.text:
                yield f"step {step} {ev.kind}", ev.text
    r = g.result()
    if r is not None:
        yield "result", r.reason
    g.close()


@pytest.mark.parametrize("game_id", tool.RULES_MARKED or ["(none yet)"])
def test_every_line_a_played_game_makes_is_in_each_catalogue(game_id):
    if game_id == "(none yet)":
        pytest.skip("no game's rules text is marked yet")
    cats = {code: i18n.catalogue(code) for code in tool.TRANSLATED}
    out: list[str] = []
    for seed in (1, 2, 3):
        for where, text in _played_lines(game_id, seed):
            _untranslated(text, cats, f"seed {seed} {where}", out)
    assert not out, f"{len(out)} lines cannot be shown in every language, e.g.:\n" + "\n".join(sorted(set(out))[:25])
