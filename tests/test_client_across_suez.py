"""Across Suez in the client: scene flow to the board, a move by clicks, an
attack declared with its odds preview and resolved, the crossed-units box and
the line-of-communication overlay, a whole game against the AI through the UI,
and a screenshot of each scene (headless)."""
from __future__ import annotations

import os
import random
from collections import Counter

import pytest

from tests.helpers import click, key

pytestmark = pytest.mark.client


def at(sc, h):
    return tuple(map(int, sc.view.hex_center(h)))


def new_scene(app, game, seats=None):
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    sc = BoardScene(app, Session(game, seats or {"ISR": "human", "EGY": "heuristic"}, autosave=False))
    app.switch(sc)
    return sc


def settle(app, sc, limit=2000):
    for _ in range(limit):
        if app.scene is not sc or sc.can_act() or (sc.game.is_over() and not sc.seq.busy):
            return
        app.frame(0.05, [])


def declare_position():
    """A day turn, Israeli declarations, two attackers next to one defender."""
    from game import rulesets
    from game.rulesets.across_suez.actions import Assign, EndPhase
    for seed in range(3, 13):                 # the first random game that comes to one
        g = rulesets.new_game("across_suez", seed)
        rng = random.Random(seed - 1)
        for _ in range(400):
            d = g.pending()
            if d and d.kind == "declare" and d.seat == "ISR" and not g.is_night():
                c = Counter(a.defender for a in g.legal_actions() if isinstance(a, Assign))
                if c and max(c.values()) >= 2:
                    return g
            legal = g.legal_actions()
            if not legal:
                break
            rest = [a for a in legal if not isinstance(a, EndPhase)]
            g.apply(rng.choice(rest if rest and rng.random() < 0.9 else legal))
    pytest.fail("no two-attacker declaration found")


def test_scene_flow_select_to_board(app):
    import pygame

    from game.client.games.across_suez import AcrossSuezUI
    from game.client.scenes.select import SelectScene
    s = SelectScene(app)
    app.switch(s)
    i = s.ids.index("across_suez")
    s.focus = i
    app.frame(0.05, [key(pygame.K_RETURN)])
    assert app.scene.name == "seats"
    assert set(app.scene.seats) == {"ISR", "EGY"}
    app.frame(0.05, [key(pygame.K_SPACE)])
    assert app.scene.name == "board"
    assert isinstance(app.scene.ui, AcrossSuezUI)
    app.frame(0.05, [])


def test_human_move_by_clicks(app):
    from game import rulesets
    from game.rulesets.across_suez.actions import Move
    sc = new_scene(app, rulesets.new_game("across_suez", 1))
    settle(app, sc)
    assert sc.can_act()
    moves = [a for a in sc.game.legal_actions() if isinstance(a, Move)]
    unit = moves[0].unit
    app.frame(0.05, click(at(sc, sc.game.pos(unit))))
    assert sc.ui.selected == unit
    lit = [h for h, k in sc.ui.targets().items() if k == "move"]
    assert sorted(lit) == sorted(a.to for a in moves if a.unit == unit)
    dest = lit[-1]
    app.frame(0.05, click(at(sc, dest)))
    assert sc.game.history[-1] == Move(unit, dest)
    settle(app, sc)
    assert sc.ui.unit_hex(unit) == dest


def test_attack_declared_with_preview_then_resolved(app):
    from game.rulesets.across_suez.actions import Assign, EndDeclarations, Resolve
    g = declare_position()
    sc = new_scene(app, g, {"ISR": "human", "EGY": "random"})
    settle(app, sc)
    assigns = [a for a in g.legal_actions() if isinstance(a, Assign)]
    dfn = Counter(a.defender for a in assigns).most_common(1)[0][0]
    a1, a2 = [a.attacker for a in assigns if a.defender == dfn][:2]
    sc.view.fit()                                       # the whole map in view: every unit can be clicked
    app.frame(0.05, click(at(sc, g.pos(a1))))
    assert sc.ui.selected == a1
    assert sc.ui.targets().get(g.pos(dfn)) == "attack"
    pv = sc.ui.preview(g.pos(dfn))                      # hovering the defender: the odds before committing
    p = g.preview((a1,), dfn)
    assert pv["p"].differential == p.differential and pv["p"].shifts == p.shifts
    assert abs(sum(pr for _, pr in pv["p"].odds) - 1) < 1e-9
    app.frame(0.05, click(at(sc, g.pos(dfn))))
    assert g.history[-1] == Assign(a1, dfn)
    settle(app, sc)
    app.frame(0.05, click(at(sc, g.pos(a2))))
    sc.hover_hex = g.pos(dfn)
    pv = sc.ui.preview(g.pos(dfn))
    assert pv["attackers"] == [sc.ui.lab(a1), sc.ui.lab(a2)]
    sc._info_key = None
    app.frame(0.05, [])                                  # the preview panel draws
    app.frame(0.05, click(at(sc, g.pos(dfn))))
    assert g.history[-1] == Assign(a2, dfn)
    settle(app, sc)
    assert not sc.ui.preview(None)["tentative"]           # the attack being declared, before it is resolved
    labels = [c.label for c in sc.ui.choices()]
    assert all(lab.startswith("Resolve") for lab in labels)
    assert any("artillery" in lab for lab in labels) == (Resolve(dfn, True) in g.legal_actions())
    assert EndDeclarations() not in g.legal_actions()
    app.frame(0.05, [])                                  # lays out the buttons
    btn = next(b for b in sc.buttons if isinstance(b.value, Resolve))
    app.frame(0.05, click(btn.rect.center))
    assert isinstance(g.history[-1], Resolve)
    assert any(e.kind == "CombatResolved" for e in g.events)
    seen_dice = False
    for _ in range(200):
        seen_dice |= sc.dice is not None and bool(sc.dice.get("rows"))
        if not sc.seq.busy:
            break
        app.frame(0.05, [])
    assert seen_dice or sc.seq.time_scale > 5


def test_loc_overlay_and_crossed_box(app):
    import pygame

    from game import rulesets
    sc = new_scene(app, rulesets.new_game("across_suez", 1))
    settle(app, sc)
    assert not sc.ui.show_loc
    app.frame(0.05, [key(pygame.K_l)])
    assert sc.ui.show_loc
    route, reach, blocked = sc.ui.loc_info()
    assert bool(route) == sc.game.loc_open()
    if route:
        assert route[0] == "0112" and route[-1] == "1708"
    app.frame(0.05, [key(pygame.K_l)])
    assert not sc.ui.show_loc
    assert sc.ui.crossed_rect is not None
    app.frame(0.05, click(sc.ui.crossed_rect.center))   # turn 1: nobody may cross, the click says why
    assert sc.game.history == [] or sc.game.history[-1].__class__.__name__ != "Cross"


def test_cross_by_clicking_the_box(app):
    from game.rulesets.across_suez.actions import Cross
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "0212", "EGY_16_1": "1020"}, turn=2, side="ISR")
    sc = new_scene(app, g)
    settle(app, sc)
    assert Cross("ISR_RESHEF_1") in g.legal_actions()
    app.frame(0.05, click(at(sc, "0212")))
    assert sc.ui.selected == "ISR_RESHEF_1"
    sc.draw(app.screen)
    app.frame(0.05, click(sc.ui.crossed_rect.center))
    assert g.history[-1] == Cross("ISR_RESHEF_1")
    settle(app, sc)
    assert "ISR_RESHEF_1" in sc.ui.state["crossed"]


def act_through_ui(app, sc, rng) -> None:
    from game.rulesets.across_suez.actions import Assign, EndPhase, Move
    g = sc.game
    legal = g.legal_actions()
    d = g.pending()
    if d.kind == "move" and rng.random() < 0.25 and EndPhase() in legal:
        a = EndPhase()
    else:
        a = rng.choice(legal)
    n = len(g.history)
    if isinstance(a, Move) and g.pos(a.unit) and sc.ui.units_in(g.pos(a.unit)) == [a.unit] \
            and not sc.ui.units_in(a.to) and a.to != g.crossing_hex:
        sc.ui.selected = None
        app.frame(0.02, click(at(sc, g.pos(a.unit))))
        app.frame(0.02, click(at(sc, a.to)))
    elif isinstance(a, Assign) and len(sc.ui.units_in(g.pos(a.attacker))) == 1 \
            and len(sc.ui.units_in(g.pos(a.defender))) == 1:
        sc.ui.selected = None
        app.frame(0.02, click(at(sc, g.pos(a.attacker))))
        app.frame(0.02, click(at(sc, g.pos(a.defender))))
    else:
        sc.submit(a)
    assert len(g.history) > n, f"{a} was not taken"


def test_human_vs_ai_game_to_game_over(app):
    from game import rulesets
    sc = new_scene(app, rulesets.new_game("across_suez", 4))
    sc.seq.time_scale = 50.0
    g = sc.game
    assert "EGY" in sc.session.agents
    rng = random.Random(4)
    for _ in range(20000):
        if app.scene is not sc:
            break
        if sc.can_act():
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    assert g.is_over() and app.scene.name == "gameover"


@pytest.mark.parametrize("scene", ["board", "seats", "gameover", "select", "title"])
def test_screenshot_each_scene(env, tmp_path, scene):
    from game.client.screenshot import render
    out = render("across_suez", str(tmp_path / f"{scene}.png"), scene=scene)
    assert os.path.getsize(out) > 10_000


def test_board_opens_zoomed_in_with_every_unit_in_view(app):
    """The map is tall: the board opens closer than the fitted view, so counters read
    from the sofa, and every unit on the map at the start is still in view."""
    from game import rulesets
    sc = new_scene(app, rulesets.new_game("across_suez", seed=1))
    view = sc.view
    assert view.z > view.fit_z
    assert sc.ui.counter_size(view) >= 36
    g = sc.game
    g.world.activate()
    for unit in g.unit_ent:
        h = g.pos(unit)
        if h is not None:
            x, y = view.hex_center(h)
            assert view.area.collidepoint(x, y), f"{unit} at {h} is out of view"


def test_game_select_picture_shows_the_map_without_panels(app, monkeypatch):
    """The small picture on the game select screen is the map and the counters:
    the crossed-units box, the night badge and the turn marker's label stay out."""
    from game.client.games.across_suez import AcrossSuezUI
    from game.client.thumbnails import map_thumbnail
    for name in ("_draw_crossed_box", "_draw_night_badge", "_draw_turn_marker"):
        monkeypatch.setattr(AcrossSuezUI, name, lambda *a, _n=name: pytest.fail(f"{_n} on a thumbnail"))
    app.cache.pop("thumbs", None)
    assert map_thumbnail(app, "across_suez", (208, 190)) is not None


def test_overstacking_warns_before_movement_ends_and_the_owner_chooses(app):
    """[4.4]: a hex with two units shows a warning, the End movement button says a unit
    will be lost, and ending movement asks which unit to remove."""
    from game.rulesets.across_suez.actions import EndPhase, Move, StackLoss
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_MATT": "1415", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    sc = new_scene(app, g)
    settle(app, sc)
    sc.submit(Move("ISR_MATT", "1416"))
    settle(app, sc)
    assert sc.ui.overstacked() == {"1416": ["ISR_MATT", "ISR_RESHEF_1"]}
    end = sc.ui.choices()[0]
    assert end.action == EndPhase() and "1 unit lost (1416)" in end.label
    assert any("Over-stacked" in line for line in sc.ui.hover_lines("1416"))
    sc.draw(app.screen)                                 # the red warning on the hex draws
    sc.submit(EndPhase())
    settle(app, sc)
    assert g.pending().kind == "stack_loss"
    labels = [c.label for c in sc.ui.choices()]
    assert labels == ["Remove Matt (1416)", "Remove Reshef 1 (1416)"]
    app.frame(0.05, [])
    btn = next(b for b in sc.buttons if b.value == StackLoss("ISR_MATT"))
    app.frame(0.05, click(btn.rect.center))
    assert StackLoss("ISR_MATT") in g.history and g.is_eliminated("ISR_MATT")


def test_the_bridge_panel_and_the_rules_say_losing_it_loses_the_game(app):
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_BRIDGE": "1011", "EGY_112_1": "0104"})
    sc = new_scene(app, g)
    settle(app, sc)
    lines = sc.ui.hover_lines("1011")
    assert lines[0].startswith("Bridge") and any("destroyed, Israel loses" in line for line in lines)
    from game.client.rules_ref import reference
    win = reference(g, sc.ui)[0]
    assert win.id == "win" and any("Israel loses at once" in str(b) for _k, b in win.blocks)


# -- the picks: what a click, a lit hex and a button do, from the actions' declarations ------------------
def human_board(app, g):
    sc = new_scene(app, g, {"ISR": "human", "EGY": "human"})
    settle(app, sc)
    return sc


def test_a_click_on_a_stack_chooses_its_top_unit_then_the_one_beneath_then_none(app):
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_MATT": "1416", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    ui = human_board(app, g).ui
    top, beneath = ui.units_in_cell("1416")
    assert ui.units_in("1416") == [beneath, top]          # the top counter is the one drawn last
    assert ui.click("1416").handled and ui.selected == top
    assert ui.click("1416").handled and ui.selected == beneath
    assert ui.click("1416").handled and ui.selected is None
    assert ui.click("1416").handled and ui.selected == top


def test_a_lit_entry_hex_brings_in_its_first_reinforcement_and_a_unit_standing_there_is_chosen_first(app):
    from game.rulesets.across_suez.actions import Enter
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_MATT": "1415", "EGY_112_1": "0104"})
    ui = human_board(app, g).ui
    due = [a for a in g.legal_actions() if isinstance(a, Enter)]
    assert ui.targets()["1708"] == "advance"
    assert ui.click("1708").action == due[0]
    assert [c.label for c in ui.choices()][1:] == [f"Bring in {ui.lab(a.unit)} at 1708" for a in due]
    g2 = AcrossSuez.from_position({"ISR_MATT": "1708", "EGY_112_1": "0104"})
    ui2 = human_board(app, g2).ui
    assert ui2.click("1708").handled and ui2.selected == "ISR_MATT"


def test_a_unit_crosses_by_0112_once_there_and_the_cross_button_is_the_chosen_units(app):
    """[11]: clicking 0112 with a unit that can reach it moves it there (lit as a move); a unit in
    0112 that can still cross is lit to cross there; the button crosses the chosen unit."""
    from game.rulesets.across_suez.actions import Cross, Move
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "0212", "ISR_MATT": "0112", "EGY_16_1": "1020"})
    ui = human_board(app, g).ui
    hint = [c for c in ui.choices() if c.action is None]
    assert hint and not hint[0].enabled and "can cross: select one" in hint[0].label
    ui.click("0212")
    assert ui.targets()["0112"] == "move" and ui.click("0112").action == Move("ISR_RESHEF_1", "0112")
    ui.click("0112")
    assert ui.selected == "ISR_MATT" and ui.targets()["0112"] == "resolve"
    assert [c.action for c in ui.choices() if isinstance(c.action, Cross)] == [Cross("ISR_MATT")]
    assert ui.click("0112").action == Cross("ISR_MATT")


def test_turn_1_the_main_button_refused_says_why_and_its_label_is_true(app):
    """[9.2] (issue 39, 8): while an attack is due, the main button does not read "No attack: end
    combat"; while a unit must still join the attack begun, it is that attack, refused, with why."""
    from game.rulesets.across_suez.actions import Assign, EndDeclarations, Resolve
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_RESHEF_3": "0312", "ISR_RESHEF_2": "0211", "EGY_16_1": "0311"},
                                 turn=1, phase="declare")
    sc = human_board(app, g)
    main = sc.ui.choices()[0]
    assert (main.action, main.primary, main.enabled) == (EndDeclarations(), True, False)
    assert main.label == "End combat" and main.reason == "turn 1: blinking units next to an enemy must attack"
    sc.ui.click("0312")
    assert sc.ui.targets()["0311"] == "attack"
    sc.submit(sc.ui.click("0311").action)
    settle(app, sc)
    main = sc.ui.choices()[0]
    assert (main.action, main.enabled) == (Resolve("EGY_16_1"), False) and main.label == "Resolve Reshef 3 → 16/1"
    assert main.reason == "turn 1: the blinking units must join this attack"
    sc.submit(Assign("ISR_RESHEF_2", "EGY_16_1"))
    settle(app, sc)
    main = sc.ui.choices()[0]
    assert main.enabled and main.label.startswith("Resolve Reshef 3+Reshef 2 → 16/1 [")
    assert sc.ui.targets()["0311"] == "resolve" and sc.ui.click("0311").action == Resolve("EGY_16_1", False)


def test_no_attack_yet_the_main_button_offers_to_end_combat_without_one(app):
    from game.rulesets.across_suez.actions import EndDeclarations
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "1415", "EGY_112_1": "1515"}, phase="declare")
    main = human_board(app, g).ui.choices()[0]
    assert (main.action, main.enabled, main.label) == (EndDeclarations(), True, "No attack: end combat")


def test_bombardment_lights_its_targets_and_a_click_bombards(app):
    """[13]: the Egyptian bombardment: the targets lit as attacks, a click or a button bombards,
    the main button ends it."""
    from game.rulesets.across_suez.actions import Bombard, EndBombardment
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "1415", "EGY_112_1": "1515"}, side="EGY", phase="combat")
    ui = human_board(app, g).ui
    assert g.pending().kind == "bombard" and ui.targets() == {"1415": "attack"}
    assert [(c.label, c.primary) for c in ui.choices()] == [("No (more) bombardment", True),
                                                            ("Bombard Reshef 1", False)]
    assert ui.main_action() == EndBombardment()
    assert ui.click("1415").action == Bombard("ISR_RESHEF_1")


def test_stacking_losses_are_chosen_by_their_buttons_and_a_click_says_so(app):
    """[4.4]: a click on the over-stacked hex removes nobody."""
    from game.rulesets.across_suez.actions import EndPhase, Move
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_MATT": "1415", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    sc = human_board(app, g)
    sc.submit(Move("ISR_MATT", "1416"))
    settle(app, sc)
    sc.submit(EndPhase())
    settle(app, sc)
    assert g.pending().kind == "stack_loss" and sc.ui.targets() == {}
    res = sc.ui.click("1416")
    assert res.action is None and res.error == "over-stacked: choose the unit to remove with the buttons"


def test_an_exchange_loss_is_a_click_on_a_lit_attacker(app):
    """[6.3]: Ee; the attacker picks the unit it loses (firepower at least the defender's)."""
    from game.rulesets.across_suez.actions import Assign, EeLoss, Resolve
    from game.rulesets.across_suez.rules import AcrossSuez
    from tests.helpers import load
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "1415", "ISR_MATT": "1514", "EGY_112_1": "1515"}, phase="declare")
    for a in (Assign("ISR_RESHEF_1", "EGY_112_1"), Assign("ISR_MATT", "EGY_112_1")):
        g.apply(a)
    load(g, 6)
    g.apply(Resolve("EGY_112_1", False))                 # +5: Ee
    ui = human_board(app, g).ui
    assert g.pending().kind == "ee_loss" and ui.targets() == {"1415": "attack", "1514": "attack"}
    assert [c.label for c in ui.choices()] == ["Lose Reshef 1 (firepower 4)", "Lose Matt (firepower 2)"]
    assert ui.click("1514").action == EeLoss("ISR_MATT")


def test_a_retreat_chooses_the_unit_at_once_and_a_click_on_a_lit_hex_retreats_it(app):
    """[6.4]: Dr: the defender's owner retreats it one hex."""
    from game.rulesets.across_suez.actions import Assign, Resolve, Retreat
    from game.rulesets.across_suez.rules import AcrossSuez
    from tests.helpers import load
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "1415", "EGY_112_1": "1515"}, phase="declare")
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    load(g, 2)
    g.apply(Resolve("EGY_112_1", False))                 # +2: Dr
    sc = human_board(app, g)
    assert g.pending().kind == "retreat" and sc.ui.selected == "EGY_112_1"
    to = {a.to for a in g.legal_actions() if isinstance(a, Retreat)}
    assert {h for h, how in sc.ui.targets().items() if how == "retreat"} == to
    h = sorted(to)[0]
    assert sc.ui.click(h).action == Retreat("EGY_112_1", h)
    assert sc.ui.refusal("1415") == "retreat to a lit hex"
