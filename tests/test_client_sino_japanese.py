"""日清戰爭 in the client: scene flow to the board, a move by clicks, an attack declared
with its preview (the rules' own arithmetic) and resolved, the damage allocation on
buttons, supply lines on request (L), the Incheon box in view, and a screenshot of
each scene and of each kind of decision (headless)."""
from __future__ import annotations

import os

import pytest

from tests.helpers import board_scene, click, hex_pos as at, key, load, settle

pytestmark = pytest.mark.client


def new_scene(app, game, seats=None):
    return board_scene(app, game, seats or {"JP": "human", "QING": "heuristic"})


def position(**kw):
    from game.rulesets.sino_japanese import SinoJapanese
    g = SinoJapanese.from_position(**kw)
    return load(g, *([3, 1, 2] * 40))


def test_scene_flow_select_to_board(app):
    import pygame

    from game.client.games.sino_japanese import SinoJapaneseUI
    from game.client.scenes.select import SelectScene
    s = SelectScene(app)
    app.switch(s)
    s.focus = s.ids.index("sino_japanese")
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert app.scene.name == "seats" and set(app.scene.seats) == {"JP", "QING"}
    app.frame(0.05, [key(pygame.K_SPACE)])
    assert app.scene.name == "board" and isinstance(app.scene.ui, SinoJapaneseUI)
    app.frame(0.05, [])


def test_the_incheon_box_below_the_hexes_is_in_view(app):
    from game import rulesets
    sc = new_scene(app, rulesets.new_game("sino_japanese", 1))
    board = sc.game.board
    ys = [y for _x, y in board.corners("incheon")]
    assert max(ys) > board.pixel_height                 # drawn below the hex grid
    assert sc.view.ph >= max(ys)                        # the view's extent takes it in
    settle(app, sc)
    sc.view.fit()
    x, y = sc.view.hex_center("incheon")
    assert sc.view.area.collidepoint(x, y)
    assert sc.view.hex_at((int(x), int(y))) == "incheon"


def test_human_move_by_clicks(app):
    from game.rulesets.sino_japanese.actions import Move
    g = position(units={"J1": "1321", "Q5": "0309"}, cp=3)
    sc = new_scene(app, g, {"JP": "human", "QING": "human"})
    settle(app, sc)
    sc.view.ensure_visible("1321")
    app.frame(0.05, click(at(sc, "1321")))
    assert sc.ui.selected == "J1"
    lit = {h for h, k in sc.ui.targets().items() if k == "move"}
    assert lit == {a.to for a in g.legal_actions() if isinstance(a, Move) and a.unit == "J1"}
    sc.view.ensure_visible("1320")
    app.frame(0.05, click(at(sc, "1320")))
    assert g.history[-1] == Move("J1", "1320")
    settle(app, sc)
    assert sc.ui.unit_hex("J1") == "1320"
    st = sc.ui.state
    assert next(u for u in st["units"] if u["key"] == "J1")["activated"] and st["cp"]["JP"] == 2


def test_attack_declared_with_the_rules_preview_then_resolved_and_allocated(app):
    from game.rulesets.sino_japanese.actions import Declare, EndDeclarations, Flip
    g = position(units={"Q1": "1319", "Q2": "1419", "J1": "1320", "J2": "1320"}, side="QING", phase="declare",
                 activated=("Q1", "Q2"), ammo=(0, 19))
    sc = new_scene(app, g, {"JP": "human", "QING": "human"})
    settle(app, sc)
    sc.view.ensure_visible("1320")
    app.frame(0.05, click(at(sc, "1319")))
    assert sc.ui.selected == "Q1" and sc.ui.targets().get("1320") == "attack"
    pv = sc.ui.preview("1320")                            # hovering the target: the odds before committing
    p = g.preview("1320", ("Q1",), ("Q1",))
    assert pv["p"] == p and abs(sum(p.attack_hits) - 1) < 1e-9
    assert [m[1] for m in p.modifiers] == [r for _t, r, _n in pv["p"].modifiers]
    sc.hover_hex = "1320"
    sc._info_key = None
    app.frame(0.05, [])
    app.frame(0.05, [])                                   # the side panel, then the map panel, draw
    labels = [c.label for c in sc.ui.choices()]
    assert any(lab.startswith("Prepared attack 1320") for lab in labels)
    app.frame(0.05, click(at(sc, "1320")))
    assert g.history[-1] == Declare("Q1", "1320", False)
    settle(app, sc)
    sc.submit(Declare("Q2", "1320", False))
    settle(app, sc)
    load(g, 6, 6, 1, 1, 1, 1, 1, 1, *([3, 1, 2] * 40))    # 2 hits on two brigades: one is damaged
    sc.submit(EndDeclarations())
    seen_dice = False
    for _ in range(400):
        seen_dice |= sc.dice is not None and bool(sc.dice.get("rows"))
        if not sc.seq.busy:
            break
        app.frame(0.05, [])
    assert seen_dice or sc.seq.time_scale > 5
    settle(app, sc)
    assert g.pending().kind == "allocate" and g.pending().seat == "JP"
    app.frame(0.05, [])
    btn = next(b for b in sc.buttons if isinstance(b.value, Flip))
    app.frame(0.05, click(btn.rect.center))
    assert isinstance(g.history[-1], Flip) and sum(g.is_damaged(k) for k in ("J1", "J2")) == 1
    assert any(e.kind == "StepLost" and "①" in e.text for e in g.events)


def test_supply_lines_on_request(app):
    import pygame
    g = position(units={"J1": "1320", "J2": "1418", "Q1": "1421", "Q2": "1220"}, cp=3)
    sc = new_scene(app, g, {"JP": "human", "QING": "human"})
    settle(app, sc)
    assert not sc.ui.show_supply
    app.frame(0.05, [key(pygame.K_l)])
    assert sc.ui.show_supply
    rep = {k: (line, why) for k, line, why in sc.ui.supply_report()}
    assert rep["J1"][0] is None and "cut off" in rep["J1"][1]
    assert rep["Q1"][0] is not None and rep["Q1"][0][-1] in g.supply_sources("QING")
    app.frame(0.05, [])
    app.frame(0.05, [key(pygame.K_l)])
    assert not sc.ui.show_supply


def test_counters_show_activation_and_supply(app):
    g = position(units={"J1": "1320", "J2": "1321", "Q1": "1421", "Q2": "1220"}, cp=3, activated=("J2",))
    sc = new_scene(app, g, {"JP": "human", "QING": "human"})
    settle(app, sc)
    live = {u["key"]: u for u in sc.ui.state["units"]}
    assert live["J2"]["activated"] and live["J1"]["supplied"] is True
    g2 = position(units={"J1": "1320", "Q1": "1421", "Q2": "1220"}, cp=3)
    sc2 = new_scene(app, g2, {"JP": "human", "QING": "human"})
    settle(app, sc2)
    assert next(u for u in sc2.ui.state["units"] if u["key"] == "J1")["supplied"] is False
    app.frame(0.05, [])


@pytest.mark.parametrize("scene", ["board", "seats", "gameover", "select", "title"])
def test_screenshot_each_scene(env, tmp_path, scene):
    from game.client.screenshot import render
    out = render("sino_japanese", str(tmp_path / f"{scene}.png"), scene=scene)
    assert os.path.getsize(out) > 10_000


def test_screenshot_of_each_kind_of_decision(env, tmp_path):
    """A seeded game saved at each kind of decision, each rendered (the screenshot command's path)."""
    from game import rulesets
    from game.client.screenshot import render
    from game.core.save import write_save
    rng = __import__("random").Random(5)
    g = rulesets.new_game("sino_japanese", 5)
    seen = {}
    while not g.is_over() and len(seen) < 6:
        d = g.pending()
        if d.kind not in seen:
            p = tmp_path / f"{d.kind}.json"
            write_save(p, g)
            seen[d.kind] = p
        legal = g.legal_actions()
        g.apply(rng.choice([a for a in legal if not a.resigns] or legal))
    assert {"move", "declare"} <= set(seen)
    for kind, p in seen.items():
        out = render("sino_japanese", str(tmp_path / f"{kind}.png"), save=str(p))
        assert os.path.getsize(out) > 10_000


def test_the_log_prompt_and_dice_result_read_in_the_players_language():
    """The rules' lines are Msgs: in 日本語 the log line, the prompt and the place names
    (original script first in 繁體中文) are shown translated; the English is untouched."""
    from game.client import i18n
    from game.rulesets.sino_japanese.actions import Activate
    g = position(units={"J1": "1519"}, cp=3, jp_control=("1519",))
    try:
        i18n.set_language("ja")
        line = next(ev.text for ev in g.apply(Activate("J1")) if ev.kind == "UnitActivated")
        assert line == "J1 混成第9旅団 is activated (1 CP; 2 left)"
        assert i18n.tr(line) == "J1 混成第9旅団 を起動（1 CP、残り 2）"
        assert i18n.tr(g.pending().prompt) == "日本 移動フェイズ：使えるコマンドポイントは 2（残りは弾薬になる）"
        i18n.set_language("zh_TW")
        assert i18n.tr(g.name("1519")) == "平壤 Pyongyang 1519"
    finally:
        i18n.set_language("en")
