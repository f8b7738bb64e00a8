"""義經 in the client: whole games through the UI's submit paths (headless),
hotseat privacy (the pass-the-device screen between secret card choices,
nothing secret in the log while it shows), and screenshots of each scene."""
from __future__ import annotations

import os
import random

import pytest

from tests.helpers import click, key, pass_device

pytestmark = pytest.mark.client


def secret_names(game) -> list[str]:
    """How the chosen cards not turned yet (of both sides) would be named in a
    log line. A general card's kanji is also its general's public name, so for
    those the card's own wording is looked for."""
    game.world.activate()
    c = game.cards()
    out = []
    for _, cards in c.chosen:
        for cid in cards:
            if cid not in c.revealed:
                d = game.cdata[cid]
                out += [f"{d['name_local']} ({d['name']})", f"{d['name_local']} {d['name']}"]
                if d["type"] != "general":
                    out += [d["name_local"], d["name"]]
    return out


def act_through_ui(app, sc, rng) -> None:
    """One human decision through the UI: card clicks, area clicks, buttons."""
    from game.rulesets.yoshitsune.actions import Choose, DoneChoosing
    g = sc.game
    legal = g.legal_actions()
    a = rng.choice(legal)
    ui = sc.ui
    if isinstance(a, (Choose, DoneChoosing)):
        sc.draw(app.screen)                    # lays out the card panel
        if isinstance(a, Choose):
            rect = next(r for r, cid in ui.card_rects if cid == a.card)
        else:
            rect = ui.confirm_rect
        n = len(g.history)
        app.frame(0.02, click(rect.center))
        assert len(g.history) > n, f"click on {a} did nothing"
        return
    path = ui._areas_of(a)
    if path:
        n = len(g.history)
        for area in path:
            sc.click_hex(area)
        if len(g.history) == n and ui.selected == path[0]:     # several choices there: the buttons list them
            sc._rebuild_buttons()
            b = next(b for b in sc.buttons if b.value == a)
            app.frame(0.02, click(b.rect.center))
        assert len(g.history) > n, f"clicking {path} did not give {a}"
        return
    sc._rebuild_buttons()
    b = next((b for b in sc.buttons if b.value == a), None)
    if b is not None:
        app.frame(0.02, click(b.rect.center))
    else:
        assert sc.submit(a)


def play(app, sc, rng, limit=6000):
    """Frames until the game is over; returns how many pass screens appeared and
    checks privacy while each one shows."""
    from game.client.widgets import PassDevice
    passes = []
    for _ in range(limit):
        if app.scene is not sc:
            break
        if isinstance(sc.modal, PassDevice):
            names = secret_names(sc.game)
            texts = [t for t, _ in sc.log.lines]
            start = max((i for i, t in enumerate(texts) if t.startswith("Deck building")), default=0)
            seen = " ".join(texts[start:])        # this turn's lines (earlier turns' cards were public)
            for nm in names:
                assert nm not in seen, f"secret card {nm} in the log behind the pass screen"
            assert sc.ui.viewer is None
            assert sc.ui.choices() == [] or sc.game.pending().kind != "build"
            passes.append((sc.game.pending().seat, len(sc.game.history)))
            app.frame(0.02, pass_device(sc.modal))
            continue
        if sc.can_act():
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    return passes


def new_scene(app, seats, seed):
    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    sc = BoardScene(app, Session(rulesets.new_game("yoshitsune", seed), seats, autosave=False))
    app.switch(sc)
    return sc


def test_hotseat_game_passes_the_device_before_each_secret_choice(app):
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "human"}, seed=4)
    g = sc.game
    passes = play(app, sc, random.Random(4))
    assert g.is_over()
    assert app.scene.name == "gameover"
    # every turn: the device goes to Genji, then to Heike, before their secret choices
    turns = g.public_state()["turn"]
    seats = [s for s, _ in passes]
    assert seats[:2] == ["MINAMOTO", "TAIRA"]
    assert seats.count("TAIRA") >= turns - 1 and seats.count("MINAMOTO") >= turns - 1
    # in hotseat the log never names a chosen card for its owner either
    assert not any("only you see" in t for t, _ in sc.log.lines)


def test_pass_screen_hides_everything_secret(app):
    import pygame

    from game.client.widgets import PassDevice
    from game.rulesets.yoshitsune.actions import Choose, DoneChoosing
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "human"}, seed=2)
    g = sc.game
    rng = random.Random(2)
    for _ in range(400):      # to Genji's choice, through the first pass screen
        if isinstance(sc.modal, PassDevice):
            assert g.pending().kind == "build"
            app.frame(0.02, pass_device(sc.modal))
            continue
        if sc.can_act() and g.pending().kind == "build":
            break
        if sc.can_act():
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    assert g.pending().seat == "MINAMOTO" and sc.ui.viewer == "MINAMOTO"
    pick = next(a for a in g.legal_actions() if isinstance(a, Choose))
    sc.draw(app.screen)
    r = next(r for r, cid in sc.ui.card_rects if cid == pick.card)
    app.frame(0.02, click(r.center))
    assert pick.card in g.observation("MINAMOTO")["my_chosen"]
    sc.draw(app.screen)
    app.frame(0.02, click(sc.ui.confirm_rect.center))
    assert g.pending().seat == "TAIRA"
    app.frame(0.05, [])
    assert isinstance(sc.modal, PassDevice) and sc.modal.seat_name.startswith("Heike")
    assert sc.ui.viewer is None and sc.ui.card_rects == [] or sc.ui.viewer is None
    lines = " ".join(t for t, _ in sc.log.lines)
    for nm in secret_names(g):
        assert nm not in lines
    # what is on screen is the pass screen only: the map's pixels are not drawn
    app.frame(0.02, [])
    assert app.screen.get_at((200, 200))[:3] == (18, 22, 30)
    # Heike takes the device: its own pool shows, Genji's choice does not
    app.frame(0.02, pass_device(sc.modal))
    app.frame(0.02, [])
    assert sc.modal is None and sc.ui.viewer == "TAIRA"
    assert sc.ui.obs["my_chosen"] == [] and pick.card not in {cid for _, cid in sc.ui.card_rects}
    assert sc.ui.hover_lines(None) == []
    for _ in range(3):
        legal = [a for a in g.legal_actions() if isinstance(a, Choose)]
        if not legal:
            break
        sc.draw(app.screen)
        r = next(r for r, cid in sc.ui.card_rects if cid == legal[0].card)
        app.frame(0.02, click(r.center))
    assert DoneChoosing() in g.legal_actions()


def test_human_vs_ai_game_to_game_over(app):
    from game.client.widgets import PassDevice
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "heuristic"}, seed=7)
    g = sc.game
    assert "TAIRA" in sc.session.agents              # heuristic, or random when there is none yet
    passes = play(app, sc, random.Random(7))
    assert passes == []
    assert g.is_over() and app.scene.name == "gameover"
    # one human: its own choices are named for it in the log
    assert any("only you see" in t for t, _ in sc.log.lines)
    assert not isinstance(sc.modal, PassDevice)


def test_ai_log_lines_never_name_the_opponents_cards(app):
    sc = new_scene(app, {"MINAMOTO": "random", "TAIRA": "human"}, seed=3)
    g = sc.game
    rng = random.Random(3)
    for _ in range(300):
        if g.public_state()["phase"] == "turn" or g.is_over():
            break
        if sc.can_act():
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    lines = " ".join(t for t, _ in sc.log.lines)
    g.world.activate()
    genji = g.cards().of("chosen", "MINAMOTO")
    assert genji
    for cid in genji:
        if cid not in g.cards().revealed:
            assert g.cdata[cid]["name_local"] not in lines


def test_seats_offer_human_and_ai_for_both(app):
    from game.client.scenes.seats import SeatsScene
    from game.client.seat_kinds import OPTIONS
    s = SeatsScene(app, "yoshitsune")
    app.switch(s)
    assert s.seat_names == ["MINAMOTO", "TAIRA"]
    for i in range(2):
        for j in range(len(OPTIONS)):
            s.set_option(i, j)
            assert s.seats[s.seat_names[i]] == OPTIONS[j][0]
    s.set_option(0, 0)
    s.set_option(1, 1)
    app.frame(0.05, [])
    s.start_game()
    assert app.scene.name == "board" and app.scene.game.game_id == "yoshitsune"


@pytest.mark.parametrize("scene", ["board", "seats", "gameover", "select"])
def test_screenshot_each_scene(env, tmp_path, scene):
    from game.client.screenshot import render
    out = render("yoshitsune", str(tmp_path / f"{scene}.png"), scene=scene)
    assert os.path.getsize(out) > 10_000


@pytest.mark.parametrize("kind,data", [
    ("LeaderFate", {"general": "yoshitsune", "roll": 4, "result": "wounded"}),
    ("Tribute", {"roll": 3, "modifier": 2, "spaces": 2, "side": "MINAMOTO"}),
    ("Fire", {"area": "kyo", "clan": "heike", "rolls": (1, 4, 2, 6, 3), "valour": 4, "hits": 4}),
])
def test_rolls_show_on_the_dice_panel(app, kind, data):
    from game.core.events import Event
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "random"}, seed=1)
    sc.seq.time_scale = 1.0
    sc.play_events([Event(kind, data, f"{kind} line")])
    for _ in range(40):
        sc.update(0.05)
        if sc.dice and sc.dice.get("landed"):
            break
    assert sc.dice and sc.dice["rows"] and sc.dice["landed"]
    rolls = sc.dice["rows"][0][1]
    assert rolls == tuple(data.get("rolls", (data.get("roll"),)))
    sc.draw(app.screen)
    assert f"{kind} line" in [t for t, _ in sc.log.lines]


def test_demo_runs_yoshitsune_ai_against_ai(app, monkeypatch):
    from game import rulesets
    monkeypatch.setattr(rulesets, "available", lambda: ["yoshitsune"])
    app.start_demo(from_play=False)
    for _ in range(200):
        if app.scene.name == "board":
            break
        app.frame(0.05, [])
    sc = app.scene
    assert sc.game.game_id == "yoshitsune" and sc.ui.viewer is None
    n = len(sc.game.history)
    for _ in range(200):
        app.frame(0.05, [])
    assert len(sc.game.history) > n


def test_hotseat_undo_never_goes_back_into_the_other_players_choice(app):
    import pygame

    from game.client.widgets import PassDevice
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "human"}, seed=2)
    g = sc.game
    rng = random.Random(2)
    for _ in range(600):
        if isinstance(sc.modal, PassDevice):
            if g.pending().seat == "TAIRA":
                break
            app.frame(0.02, pass_device(sc.modal))
            continue
        if sc.can_act():
            act_through_ui(app, sc, rng)
        app.frame(0.05, [])
    assert g.pending().kind == "build" and g.pending().seat == "TAIRA"
    app.frame(0.02, pass_device(sc.modal))
    assert not sc.session.can_undo()


@pytest.mark.parametrize("kind,data", [
    ("GeneralMoved", {"general": "yoshitsune", "frm": "sekkasen", "to": "kyo", "party": 2}),
    ("GeneralEntered", {"general": "yoshitsune", "area": "sekkasen"}),
])
def test_generals_slide_from_area_to_area(app, kind, data):
    """A general's move is animated: it leaves its stack and is drawn on the way there."""
    from game.core.events import Event
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "random"}, seed=1)
    sc.seq.time_scale = 1.0
    ui = sc.ui
    frm = ui._where_pixel(data.get("frm", "waiting_box"))
    to = ui._where_pixel(data.get("to", data.get("area")))
    sc.play_events([Event(kind, data, f"{kind} line")])
    seen = []
    for _ in range(30):
        sc.update(0.03)
        if "yoshitsune" in ui.moving:
            seen.append(ui.moving["yoshitsune"])
            sc.draw(app.screen)            # draws the sliding block, not the stacked one
    assert seen, "no slide"
    assert seen[0] != seen[-1]
    dist = lambda p, q: ((p[0] - q[0]) ** 2 + (p[1] - q[1]) ** 2) ** 0.5
    assert dist(seen[-1], to) < dist(seen[0], to) and dist(seen[0], frm) < dist(seen[0], to)
    assert "yoshitsune" not in ui.moving            # the slide ended


def test_log_lines_and_card_text_read_in_the_interface_language(app):
    """The rules' text (game.core.text) in 日本語: a log line with its names in both scripts,
    the prompt, and a card's effect text, painted over its English sprite."""
    import pygame

    from game.client import i18n
    from game.client.games.yoshitsune import card_face_lines
    sc = new_scene(app, {"MINAMOTO": "human", "TAIRA": "random"}, seed=1)
    g, ui = sc.game, sc.ui
    ev = next(e for e in g.apply(g.legal_actions()[0]) if e.kind == "Replenished")
    english = pygame.image.tobytes(ui._card_image("H07", 300, 420), "RGBA")
    try:
        i18n.set_language("ja")
        line = ui.log_text(ev)
        assert "郎党" in line and "補充" in line and ev.text.values["area"].original in line
        assert i18n.tr(g.pending().prompt) == "郎党を1つ配置"
        assert card_face_lines(g, g.cdata["H07"])[-1].startswith("東瀬戸か西瀬戸を選ぶ")
        assert pygame.image.tobytes(ui._card_image("H07", 300, 420), "RGBA") != english
    finally:
        i18n.set_language("en")
    assert "retainer in" in ui.log_text(ev)
