"""中原大戰 in the client: the seats screen for 2-5 players (how many, who holds
which commanders), whole games through the UI's click paths, hotseat privacy
(a pass-the-device screen that a stray click or key cannot dismiss, the other
hands as counts, a recap of what the others did), the battle totals, and
screenshots for 2 and 5 players (headless)."""
from __future__ import annotations

import os
import random

import pytest

from tests.helpers import click, key, pass_device

pytestmark = pytest.mark.client


def new_scene(app, seats, seed, options=None):
    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    g = rulesets.new_game("central_plains", seed, options=options)
    sc = BoardScene(app, Session(g, seats, autosave=False))
    app.switch(sc)
    return sc


def act_through_ui(app, sc, rng) -> None:
    """One human decision through the UI: card clicks in the hand band, stronghold clicks, buttons."""
    from game.rulesets.central_plains.actions import Discard, Play, Sacrifice
    g = sc.game
    legal = g.legal_actions()
    a = rng.choice(legal)
    ui = sc.ui
    n = len(g.history)
    if isinstance(a, (Play, Discard, Sacrifice)) and a.card != "deck":
        sc.draw(app.screen)                    # lays out the hand band
        rect = next(r for r, cid in ui.card_rects if cid == a.card)
        app.frame(0.02, click(rect.center))
        assert len(g.history) > n, f"click on {a} did nothing"
        return
    path = ui._places(a)
    if path:
        for s in path:
            sc.click_hex(s)
        if len(g.history) == n:                # several choices there: the buttons list them
            sc._rebuild_buttons()
            b = next((b for b in sc.buttons if b.value == a), None)
            if b is None:
                assert sc.submit(a)
            else:
                app.frame(0.02, click(b.rect.center))
        assert len(g.history) > n, f"clicking {path} did not give {a}"
        return
    sc._rebuild_buttons()
    b = next((b for b in sc.buttons if b.value == a), None)
    if b is not None:
        app.frame(0.02, click(b.rect.center))
    else:
        assert sc.submit(a)
    assert len(g.history) > n


def play(app, sc, rng, limit=20000):
    """Frames until the game is over; returns the pass screens seen (seat, history length)."""
    from game.client.widgets import PassDevice
    passes = []
    for _ in range(limit):
        if app.scene is not sc:
            break
        if isinstance(sc.modal, PassDevice):
            assert sc.ui.viewer is None and sc.ui.obs is None
            passes.append((sc.game.pending().seat, len(sc.game.history)))
            app.frame(0.02, pass_device(sc.modal))
            continue
        if sc.can_act():
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    return passes


# -- the seats screen ---------------------------------------------------------------------------------------
def test_seats_screen_chooses_the_players_and_the_split(app):
    from game.client.scenes.seats import SeatsScene
    sc = SeatsScene(app, "central_plains")
    app.switch(sc)
    assert sc.seat_names == ["CHIANG", "HE", "YAN", "LI", "FENG"]
    app.frame(0.02, click(sc.player_rects[0].center))          # 2 players
    assert sc.seat_names == ["CHIANG+HE", "YAN+LI+FENG"]
    assert sc.seats == {"CHIANG+HE": "human", "YAN+LI+FENG": "normal"}
    app.frame(0.02, click(sc.player_rects[1].center))          # 3 players: four splits to cycle through
    seen = set()
    for _ in range(4):
        seen.add(tuple(sc.seat_names))
        app.frame(0.02, click((sc.split_rect.right - 5, sc.split_rect.centery)))
    assert len(seen) == 4 and all(len(s) == 3 for s in seen)
    app.frame(0.02, click(sc.opt_rects[(1, 0)].center))        # the second seat human too
    want = dict(sc.seats)
    app.frame(0.02, click(sc.start.rect.center))
    board = app.scene
    assert board.name == "board"
    assert list(board.game.seats) == sc.seat_names and board.session.seats == want
    assert board.game.options["players"] == 3


def test_seats_screen_by_keyboard(app):
    import pygame

    from game.client.scenes.seats import SeatsScene
    sc = SeatsScene(app, "central_plains")
    app.switch(sc)
    app.frame(0.02, [key(pygame.K_LEFT)] * 3)                  # players 5 -> 2
    assert sc.players == 2
    app.frame(0.02, [key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_DOWN), key(pygame.K_RIGHT)])
    assert sc.seats["YAN+LI+FENG"] == "hard"
    app.frame(0.02, [key(pygame.K_RETURN)])
    assert app.scene.name == "board" and app.scene.game.seats == ("CHIANG+HE", "YAN+LI+FENG")


def test_other_games_seats_screen_has_no_player_rows(app):
    from game.client.scenes.seats import SeatsScene
    sc = SeatsScene(app, "nomonhan")
    assert sc.option_rows == 0 and sc.seat_names == ["JP", "SOV"]


# -- hotseat privacy -------------------------------------------------------------------------------------------
def to_pass_screen(app, sc, limit=400):
    from game.client.widgets import PassDevice
    for _ in range(limit):
        if isinstance(sc.modal, PassDevice):
            return sc.modal
        app.frame(0.05, [])
    raise AssertionError("no pass screen")


def test_pass_screen_needs_a_deliberate_confirm(app):
    import pygame

    from game.client.widgets import PassDevice
    sc = new_scene(app, {"CHIANG+HE": "human", "YAN+LI+FENG": "human"}, seed=3, options={"players": 2})
    m = to_pass_screen(app, sc)
    assert sc.game.pending().seat == "YAN+LI+FENG" and sc.ui.viewer is None
    app.frame(0.02, click((200, 200)))                          # a stray click
    app.frame(0.02, [key(pygame.K_SPACE), key(pygame.K_x)])     # stray keys
    other = next(c for c in PassDevice.LETTERS if c != m.letter)
    app.frame(0.02, [pass_device(m)[0].__class__(pygame.KEYDOWN, key=ord(other.lower()), mod=0,
                                                    unicode=other.lower(), scancode=0)])
    press = pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0)
    up = pygame.event.Event(pygame.KEYUP, key=pygame.K_RETURN, mod=0, unicode="", scancode=0)
    app.frame(0.1, [press])
    app.frame(0.1, [up])                                        # a short Enter: not enough
    assert sc.modal is m and sc.ui.viewer is None
    app.frame(0.02, [])
    assert app.screen.get_at((200, 200))[:3] == (18, 22, 30)    # nothing of the board shows
    app.frame(0.2, [press])
    for _ in range(3):
        app.frame(0.2, [])                                      # held for half a second
    assert sc.modal is None and sc.ui.viewer == "YAN+LI+FENG"
    sc.draw(app.screen)
    assert {cid for _, cid in sc.ui.card_rects} == set(sc.game.hand("YAN+LI+FENG"))


def test_hotseat_shows_only_the_seat_with_the_device_its_hand_and_a_recap(app):
    sc = new_scene(app, {"CHIANG+HE": "human", "YAN+LI+FENG": "human"}, seed=4, options={"players": 2})
    g = sc.game
    rng = random.Random(4)
    first = to_pass_screen(app, sc)
    assert first.recap == []                                    # nothing to recap the first time
    app.frame(0.02, pass_device(first))
    seats_seen = []
    for _ in range(3000):
        from game.client.widgets import PassDevice
        if isinstance(sc.modal, PassDevice):
            seat = g.pending().seat
            assert sc.ui.viewer is None and sc.ui.obs is None
            if seat in seats_seen:
                assert sc.modal.recap, "a seat that looked before gets a recap"
            seats_seen.append(seat)
            app.frame(0.02, pass_device(sc.modal))
            if len(seats_seen) >= 4:
                break
            continue
        if sc.can_act():
            seat = g.pending().seat
            if sc.ui.private_decision():
                assert sc.ui.viewer == seat
                sc.draw(app.screen)
                shown = {cid for _, cid in sc.ui.card_rects}
                assert shown == set(g.hand(seat))
                others = {c for s in g.seats if s != seat for c in g.hand(s)}
                assert not shown & others
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    assert seats_seen[:2] == ["CHIANG+HE", "YAN+LI+FENG"] or len(set(seats_seen)) == 2
    # the log never names another seat's drawn cards in hotseat
    assert not any("only you see" in t for t, _ in sc.log.lines)


def test_a_defenders_choice_shows_no_hand(app):
    from game.rulesets.central_plains.rules import CentralPlains
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    from game.rulesets.central_plains.actions import Attack, Discard
    g = CentralPlains.from_position({"XUZHOU": "CHIANG inf inf", "GUIDE": "FENG inf"},
                                    hands={"CHIANG+HE": ["C12", "C06", "C02"]}, options={"players": 2})
    g.apply(Attack("XUZHOU", "GUIDE"))
    g.apply(Discard("C12"))
    g.apply(Discard("C06"))
    sc = BoardScene(app, Session(g, {"CHIANG+HE": "human", "YAN+LI+FENG": "human"}, autosave=False))
    app.switch(sc)
    app.frame(0.05, [])
    assert g.pending().kind == "stand" and not sc.ui.private_decision()
    assert sc.modal is None and sc.ui.viewer is None
    sc.draw(app.screen)
    assert sc.ui.card_rects == []


# -- whole games -----------------------------------------------------------------------------------------------
def test_human_vs_ai_game_to_game_over(app):
    sc = new_scene(app, {"CHIANG+HE": "human", "YAN+LI+FENG": "heuristic"}, seed=7, options={"players": 2})
    passes = play(app, sc, random.Random(7))
    assert passes == []                                         # one human: no pass screens
    assert sc.game.is_over() and app.scene.name == "gameover"


def test_five_player_hotseat_to_game_over(app):
    sc = new_scene(app, {s: "human" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")}, seed=2)
    passes = play(app, sc, random.Random(2))
    assert sc.game.is_over() and app.scene.name == "gameover"
    assert {s for s, _ in passes} >= {"LI", "CHIANG"}


# -- what is drawn -------------------------------------------------------------------------------------------------
def test_battle_totals_are_broken_down_on_the_dice_panel_and_in_the_side_panel(app):
    from game.core.events import Event
    sc = new_scene(app, {s: "human" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")}, seed=1)
    ev = Event("BattleResolved", {"attacker": "CHIANG", "defender": "FENG", "battlefield": "GUIDE", "origin": "XUZHOU",
                                  "attack": 14, "defence": 4, "loser": "FENG", "losses": 3, "red": [6, 6],
                                  "white": [1], "att": {"pieces": 2, "morale": 0, "card": 0, "lasting": 0},
                                  "dfn": {"pieces": 2, "morale": 0, "terrain": 1, "lasting": 0}}, "a battle")
    p = sc.ui.dice_for(ev)
    assert [r[1] for r in p["rows"]] == [(6, 6), (1,)]
    assert "pieces 2" in p["rows"][0][0] and "terrain" in p["rows"][1][0] and "loses 3" in p["result"]
    g = sc.game
    from game.rulesets.central_plains.components import LastBattle, Side
    g.put(g.game_ent, LastBattle("XUZHOU", "GUIDE", Side("CHIANG", 2, 0, 1, 0, 0, (6, 6), 15),
                                 Side("FENG", 2, 0, 0, 0, 1, (1,), 4), "FENG", 3))
    sc.ui.sync()
    lines = sc.ui.hover_lines(None)
    assert lines[0].startswith("Last battle") and "card 1" in lines[1] and "+1 terrain" in lines[2]


def test_hover_lines_and_the_attack_preview(app):
    from game.rulesets.central_plains.rules import CentralPlains
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    g = CentralPlains.from_position({"XUZHOU": "CHIANG inf inf", "GUIDE": "FENG inf"},
                                    hands={"CHIANG": ["C12", "C06"]})
    sc = BoardScene(app, Session(g, {s: "human" if s == "CHIANG" else "random" for s in g.seats}, autosave=False))
    app.switch(sc)
    app.frame(0.05, [])
    lines = sc.ui.hover_lines("GUIDE")
    assert lines[0].endswith("歸德") and any("馮玉祥" in ln for ln in lines) and "defence +1" in lines[1]
    assert sc.ui.selected == "XUZHOU"                          # the only stronghold that can act: selected
    sc.click_hex("XUZHOU")
    assert sc.ui.selected is None
    sc.click_hex("XUZHOU")
    assert sc.ui.selected == "XUZHOU" and sc.ui.targets()["GUIDE"] == "attack"
    pv = sc.ui.preview("GUIDE")
    assert pv["attack"].pieces == 2 and pv["defence"].terrain == 1 and 0 < pv["p_def"] < 1
    sc.click_hex("GUIDE")                                       # one action there: the attack
    assert g.pending().kind == "discard"


def test_map_shows_every_track_and_the_hand_band_hides(app):
    sc = new_scene(app, {s: "human" if s == "CHIANG" else "random" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")},
                   seed=1)
    sc.draw(app.screen)
    assert len(sc.ui.card_rects) == len(sc.game.hand("CHIANG")) == 5
    assert sc.ui.toggle_overlay() and not sc.ui.show_hand
    sc.draw(app.screen)
    assert sc.ui.card_rects == []


def test_a_hovered_card_shows_its_whole_text_in_the_side_panel(app):
    from game.client.input import Intent
    sc = new_scene(app, {s: "human" if s == "CHIANG" else "random" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")},
                   seed=1)
    sc.draw(app.screen)
    rect, cid = sc.ui.card_rects[0]
    sc.handle(Intent("point", pos=rect.center))
    c = sc.game.cdata[cid]
    lines = sc.ui.hover_lines(sc.hover_hex)
    assert lines[0] == f"{c['name_zh']} {c['name_en']}" and c["text"] in lines
    assert sc.ui.hover_key() == cid
    sc.handle(Intent("point", pos=(rect.centerx, rect.y - 200)))        # off the band: the stronghold's details
    assert sc.ui.hover_key() is None and c["text"] not in sc.ui.hover_lines(sc.hover_hex)


@pytest.mark.parametrize("players", [2, 5])
def test_screenshot_for_2_and_5_players(tmp_path, env, players):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    save = tmp_path / "s.json"
    from game import rulesets
    from game.core.save import write_save
    g = rulesets.new_game("central_plains", seed=5, options={"players": players})
    rng = random.Random(5)
    for _ in range(60):
        g.apply(rng.choice(g.legal_actions()))
    write_save(save, g, {"seats": {s: ("human" if i == 0 else "heuristic") for i, s in enumerate(g.seats)}})
    out = tmp_path / f"cp{players}.png"
    env_ = dict(os.environ, PYTHONPATH=str(root))
    r = subprocess.run([sys.executable, "-m", "game", "screenshot", "central_plains", "--out", str(out),
                        "--save", str(save)], cwd=root, env=env_, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    import pygame
    assert pygame.image.load(str(out)).get_size() == (1280, 720)


def test_screenshot_takes_the_number_of_players(tmp_path, env):
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parent.parent
    env_ = dict(os.environ, PYTHONPATH=str(root))
    out = tmp_path / "cp3.png"
    r = subprocess.run([sys.executable, "-m", "game", "screenshot", "central_plains", "--players", "3", "--out",
                        str(out)], cwd=root, env=env_, capture_output=True, text=True, timeout=300)
    assert r.returncode == 0 and out.exists(), r.stderr
    bad = subprocess.run([sys.executable, "-m", "game", "screenshot", "central_plains", "--players", "7", "--out",
                          str(tmp_path / "x.png")], cwd=root, env=env_, capture_output=True, text=True, timeout=300)
    assert bad.returncode == 2 and "players" in bad.stderr.splitlines()[-1]


def test_the_seats_screenshot_shows_the_number_of_players_asked_for(app, tmp_path):
    from game.client.screenshot import render
    out = render("central_plains", str(tmp_path / "seats3.png"), scene="seats", options={"players": 3},
                 app=app)
    assert os.path.getsize(out) > 1000
    assert app.scene.players == 3 and len(app.scene.seat_names) == 3
    render("central_plains", str(tmp_path / "seats4.png"), scene="seats",
           options={"players": 4, "split": "CHIANG/HE/YAN+FENG/LI"}, app=app)
    assert app.scene.seat_names == ["CHIANG", "HE", "YAN+FENG", "LI"]
    from game.core.errors import OptionError
    with pytest.raises(OptionError):                    # a split that is not one: an error, not ignored
        render("central_plains", str(tmp_path / "bad.png"), scene="seats",
               options={"players": 4, "split": "CHIANG/HE/YAN"}, app=app)


def test_the_log_and_the_cards_read_in_the_interface_language(app):
    """issue 14: the rules' lines (Msg) and the card text from data are shown translated,
    the commanders and places by name in both scripts; the rules' own text stays English."""
    from game.client import i18n
    sc = new_scene(app, {s: "human" if s == "CHIANG" else "random" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")},
                   seed=1)
    ui = sc.ui
    started = next(e for e in sc.game.events if e.kind == "TurnStarted")
    cid = ui._hand_cards()[0]
    text = sc.game.cdata[cid]["text"]
    try:
        i18n.set_language("zh_TW")
        assert ui.log_text(started) == "第 1 輪：李宗仁 Li Zongren 的回合"
        assert i18n.tr(text) in ui.card_lines(cid) and i18n.tr(text) != text
        sc.draw(app.screen)                                   # the hand band draws the translated text
    finally:
        i18n.set_language("en")
    assert started.text == "Round 1: 李宗仁's turn"
    assert ui.log_text(started) == "Round 1: Li Zongren 李宗仁's turn"
