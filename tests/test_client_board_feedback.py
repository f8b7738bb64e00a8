"""What the board tells a player about what happened and what may happen (issue 14):
the event log follows new events unless scrolled back, and then offers a "new
events" button; a combat's result stays on screen until the next action or a
click (and is in the log); toasts wrap and stay inside the window; the threat
view lights my units the enemy could attack next turn, with the odds, worked out
from my own view only."""
from __future__ import annotations

import pytest

from tests.helpers import click, key, load

pytestmark = pytest.mark.client


def board(app, game, seats=None):
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    sc = BoardScene(app, Session(game, seats or {s: "human" for s in game.seats}, autosave=False))
    app.switch(sc)
    app.frame(0.05, [])
    return sc


def nomonhan_board(app, units=None, **kw):
    from game.rulesets.nomonhan import Nomonhan
    g = Nomonhan.from_position(units or {"JP_KOB": "0404", "SV_149": "0403"}, **kw)
    return board(app, g, {"JP": "human", "SOV": "human"})


def wheel_over(app, rect, dy):
    from game.client.input import Intent
    app.route(Intent("zoom", rect.center, dy=dy, source="mouse"))


# -- the event log -------------------------------------------------------------------------------
def test_the_log_follows_new_events(app):
    sc = nomonhan_board(app)
    for i in range(30):
        sc.log.add(f"event {i}")
        app.frame(0.02, [])
        assert sc.log.shown[-1] == f"event {i}"          # the newest line is on screen
    assert sc.log.button is None                          # nothing to jump back to


def test_the_log_stops_following_when_scrolled_up_and_the_button_jumps_back(app):
    sc = nomonhan_board(app)
    for i in range(30):
        sc.log.add(f"event {i}")
    app.frame(0.02, [])
    wheel_over(app, sc.log.rect, 3)                       # the wheel turned up over the log
    app.frame(0.02, [])
    seen = list(sc.log.shown)
    assert seen[-1] != "event 29"
    for i in range(30, 35):
        sc.log.add(f"event {i}")
        app.frame(0.02, [])
    assert sc.log.shown == seen                           # it kept its place
    assert sc.log.button is not None                      # ... and offers the way back
    app.frame(0.02, click(sc.log.button.center))
    assert sc.log.shown[-1] == "event 34" and sc.log.button is None
    sc.log.add("event 35")
    app.frame(0.02, [])
    assert sc.log.shown[-1] == "event 35"                 # following again


def test_the_log_scrolls_and_jumps_back_with_keys(app):
    import pygame
    sc = nomonhan_board(app)
    for i in range(30):
        sc.log.add(f"event {i}")
    app.frame(0.02, [key(pygame.K_UP, mod=pygame.KMOD_CTRL)] * 3)
    assert sc.log.shown[-1] != "event 29" and sc.log.button is not None
    app.frame(0.02, [key(pygame.K_END)])
    assert sc.log.shown[-1] == "event 29" and sc.log.button is None


# -- combat results ------------------------------------------------------------------------------
def _fight(app):
    from game.rulesets.nomonhan.actions import Assign, EndDeclarations
    sc = nomonhan_board(app, phase="declare")
    assert sc.submit(Assign("JP_KOB", "SV_149"))
    load(sc.game, 6, 6, 6, 2, 1, 5)
    assert sc.submit(EndDeclarations())
    return sc


def test_a_combat_result_stays_on_screen_and_goes_on_the_next_click(app):
    sc = _fight(app)
    for _ in range(100):                                  # 5 s of frames
        app.frame(0.05, [])
    assert sc.dice is not None and sc.dice.get("held")
    assert sc.dice["attack_rolls"] == (6, 6, 6, 2)        # the dice as they fell
    assert any("6 6 6 2" in t and "Hits 3–1" in t for t, _c in sc.log.lines)   # and in the log
    done = len(sc.game.history)
    app.frame(0.05, click(sc.view.area.center))
    assert sc.dice is None
    assert len(sc.game.history) == done                   # the click only closed it


def test_the_next_action_closes_a_combat_result(app):
    sc = _fight(app)
    for _ in range(100):
        app.frame(0.05, [])
    assert sc.dice is not None
    action = sc.game.legal_actions()[0]
    assert sc.submit(action)
    assert sc.dice is None or not sc.dice.get("held")


def test_the_dice_popup_setting_closes_a_result_after_its_seconds(app):
    app.settings.values["dice_popup"] = 2
    try:
        sc = _fight(app)
        for _ in range(30):                               # the beat and a second
            app.frame(0.05, [])
        assert sc.dice is not None
        for _ in range(50):
            app.frame(0.05, [])
        assert sc.dice is None
    finally:
        app.settings.values.pop("dice_popup", None)


# -- toasts ------------------------------------------------------------------------------------
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1024, 576)])
def test_a_long_toast_wraps_inside_the_screen(env, size):
    import pygame

    from game.client.app import App
    from game.client.scenes.title import TitleScene
    app = App(fast=True, ai="inline", size=size)
    try:
        app.switch(TitleScene(app))
        long = ("/a/very/long/path/that/nobody/could/ever/read/in/one/line/" * 3 + "save.json: could not save: "
                "No space left on device — the game goes on in memory and will try again at the next turn")
        app.toast(long)
        app.toast("短い" * 60)                             # no spaces at all (CJK)
        app.frame(0.02, [])
        screen = pygame.Rect((0, 0), size)
        assert len(app.toast_rects) == 2
        for r in app.toast_rects:
            assert screen.contains(r), (r, size)
            assert r.height > 40                          # wrapped onto more lines, not shrunk to nothing
    finally:
        pygame.quit()


# -- the threat view -----------------------------------------------------------------------------
def _threats(app, game, seat, monkeypatch):
    """Switch the threat view on (T) for ``seat``'s board; also prove it reads only
    ``game.view_for(seat)`` and leaves the game as it was."""
    import pygame
    others = [s for s in game.seats if s != seat]
    sc = board(app, game, {seat: "human", **{s: "random" for s in others}})
    before = game.state_hash()
    asked = []
    real = type(game).view_for

    def view_for(self, s, seed=0):
        asked.append(s)
        return real(self, s, seed)
    monkeypatch.setattr(type(game), "view_for", view_for)
    for it in app.input.translate(key(pygame.K_t)):      # the T key (no frame: no AI move meanwhile)
        app.route(it)
    assert sc.threat_on
    assert asked and set(asked) == {seat}
    assert game.state_hash() == before
    app.frame(0.02, [])
    assert not sc.threat_map or sc.threat_seat == seat
    return sc


def test_threat_view_nomonhan(app, monkeypatch):
    """SV_149 (3 hexes off) can move next to 小林 and SV_615 is there already: 小林 is lit,
    with the dice of both attacking it; 4 (far in the north-east) is not."""
    from game.rulesets.nomonhan import Nomonhan
    from game.systems.combat import pool_odds
    g = Nomonhan.from_position({"JP_KOB": "0404", "JP_T4": "0108", "SV_149": "0402", "SV_615": "0405"},
                               initiative="JP")
    sc = _threats(app, g, "JP", monkeypatch)
    assert set(sc.threat_map) == {"0404"}
    t = sc.threat_map["0404"]
    assert {k for k, _c in t.attackers} == {"SV_149", "SV_615"}
    frm = dict(t.attackers)
    assert frm["SV_615"] == "0405" and frm["SV_149"] in g.reachable("SV_149")
    after = Nomonhan.from_position({"JP_KOB": "0404", "JP_T4": "0108", "SV_149": frm["SV_149"], "SV_615": "0405"})
    s = after.strengths(("SV_149", "SV_615"), "JP_KOB")
    o = pool_odds(s["attack_dice"], s["defense_dice"], s["attack_hits_on"], s["defense_hits_on"])
    assert t.label == f"{round(100 * o.attacker_wins)}%" and t.danger == pytest.approx(o.attacker_wins)
    import pygame
    app.frame(0.02, [pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=pygame.CONTROLLER_BUTTON_GUIDE,
                                        instance_id=0)])  # the pad's Guide button: off again
    assert not sc.threat_on


def test_threat_view_across_suez(app, monkeypatch):
    """Egypt's 16/1 can end its move next to Matt: Matt is lit with the column of that
    attack (the best cell for it); Erez 1, far off, is not."""
    from game.rulesets.across_suez.rules import AcrossSuez
    units = {"ISR_MATT": "0809", "ISR_EREZ_1": "1213", "EGY_16_1": "0806"}
    g = AcrossSuez.from_position(units, turn=2, side="ISR")
    sc = _threats(app, g, "ISR", monkeypatch)
    assert set(sc.threat_map) == {"0809"}
    t = sc.threat_map["0809"]
    ((att, frm),) = t.attackers
    assert att == "EGY_16_1" and frm in g.reachable("EGY_16_1") and g.board.distance(frm, "0809") == 1
    best = None
    for cell in g.reachable("EGY_16_1"):
        if g.board.distance(cell, "0809") == 1:
            p = AcrossSuez.from_position({**units, "EGY_16_1": cell}, turn=2, side="ISR").preview(
                ("EGY_16_1",), "ISR_MATT")
            best = p if best is None or p.column > best.column else best
    assert t.label == best.column_label


def test_threat_view_sino_japanese(app, monkeypatch):
    """Q1 and Q2 can both step next to J1 (a Qing unit has 3 MP and must keep 1 to attack, 7.1(6)):
    J1 is lit with the chance their dice flip it; J2 is not, Q1's way to it ends in J1's zone of control."""
    from game.rulesets.sino_japanese.rules import SinoJapanese
    g = SinoJapanese.from_position({"J1": "1618", "J2": "1619", "Q2": "1616", "Q1": "1817"})
    sc = _threats(app, g, "JP", monkeypatch)
    assert set(sc.threat_map) == {"1618"}
    t = sc.threat_map["1618"]
    frm = dict(t.attackers)
    assert set(frm) == {"Q1", "Q2"}
    for k, h in frm.items():        # each from a hex next to J1, at most 2 MP away (1 MP kept to attack)
        assert g.board.distance(h, "1618") == 1 and g.board.distance(h, g.pos(k)) <= 2
    after = SinoJapanese.from_position({"J1": "1618", "J2": "1619", **frm})
    p = after.preview("1618", ("Q1", "Q2"))
    flip = sum(q for k, q in enumerate(p.attack_hits) if k >= p.flip_cost)
    assert t.danger == pytest.approx(flip) and t.label == f"{round(100 * flip)}%"


def test_threat_view_yoshitsune_reads_no_secret(app, monkeypatch):
    """義經 (areas): the areas an enemy general could reach, from the public board only:
    the same whatever the other side's secret cards and the deck order."""
    from game import rulesets
    from game.client.games import plugin_for
    from tests.helpers import permute_deck, swap_opponent_choice
    g = rulesets.new_game("yoshitsune", 3)
    import random
    r = random.Random(2)
    while g.pending() is not None and g.pending().kind != "turn":
        g.apply(r.choice(g.legal_actions()))
    sc = _threats(app, g, "MINAMOTO", monkeypatch)
    assert sc.threat_map
    monkeypatch.undo()
    for other in (swap_opponent_choice(g, "MINAMOTO"), permute_deck(g)):
        if other is not None:
            assert plugin_for(other, app.assets).threats("MINAMOTO") == sc.threat_map


def test_threat_view_central_plains_reads_no_secret(app, monkeypatch):
    """中原大戰 (points): the strongholds an enemy commander could attack, from the public
    board only: the same when the enemies' hands are dealt again from another seed."""
    from game import rulesets
    from game.client.games import plugin_for
    g = rulesets.new_game("central_plains", 4)
    seat = g.seats[1]
    sc = _threats(app, g, seat, monkeypatch)
    assert sc.threat_map
    monkeypatch.undo()
    redealt = g.view_for(seat, 99)                  # the same board, others' hands dealt again
    try:
        assert plugin_for(redealt, app.assets).threats(seat) == sc.threat_map
    finally:
        redealt.close()
