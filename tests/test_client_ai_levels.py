"""The AI levels in the client: the seats screen offers Human / easy / normal / hard with a
line about each; older saves that name "heuristic" load as normal; E shows the AI's last
decision and the alternatives it weighed over the board; I asks what normal would do
for the human to move and shows it the same way. Secret choices are never explained."""
from __future__ import annotations

import json

import pytest

from tests.helpers import key

pytestmark = pytest.mark.client


def board(app, seats, game_id="nomonhan", seed=5):
    from game import rulesets
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    sc = BoardScene(app, Session(rulesets.new_game(game_id, seed), seats, autosave=False))
    app.switch(sc)
    return sc


def run_until(app, cond, limit=3000):
    for _ in range(limit):
        if cond():
            return True
        app.frame(0.05, [])
    return False


def test_the_seats_screen_offers_the_three_levels_each_with_a_line(app):
    import pygame

    from game.client.scenes.seats import SeatsScene
    from game.client.seat_kinds import OPTION_INFO, OPTIONS
    assert [k for k, _ in OPTIONS] == ["human", "easy", "normal", "hard"]
    assert all(OPTION_INFO[k] for k, _ in OPTIONS)
    assert "random" not in dict(OPTIONS)
    sc = SeatsScene(app, "nomonhan")
    app.switch(sc)
    app.frame(0.05, [key(pygame.K_DOWN), key(pygame.K_RIGHT)])       # the Soviet seat: normal -> hard
    assert sc.seats["SOV"] == "hard"
    app.frame(0.05, [])
    for (i, j), r in sc.opt_rects.items():                            # every button inside its row
        assert sc.row_rects[i].contains(r)


@pytest.mark.parametrize("size", [(1024, 576), (1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_seats_line_about_a_choice_stands_clear_of_start_and_the_rows_at_five_players(app, size):
    from game.client.scenes.seats import SeatsScene
    app.resize(*size)
    for game_id, players in (("nomonhan", None), ("central_plains", 2), ("central_plains", 5)):
        sc = SeatsScene(app, game_id)
        app.switch(sc)
        if players:
            sc.set_players(players)
            sc._layout(sc.seats)
        x, y = sc.choice_line_centre()
        band = round(13 * sc.s)                        # half the line's height at its 22 px
        assert sc.start.rect.bottom <= y - band, (game_id, players, size)
        assert y + band <= size[1] - round(40 * sc.s)  # above the keys' footer
        assert sc.row_rects[-1].bottom <= sc.start.rect.top


def test_a_save_naming_the_heuristic_loads_with_normal(tmp_path):
    from game import rulesets
    from game.client.session import Session
    from game.core.save import write_save
    p = tmp_path / "old.json"
    write_save(p, rulesets.new_game("nomonhan", 3), {"seats": {"JP": "human", "SOV": "heuristic"}})
    s = Session.load(p)
    assert s.seats == {"JP": "human", "SOV": "normal"}
    assert s.agents["SOV"].spec.name == "normal"
    s.close()


def test_explain_toggle_shows_the_ai_s_last_decision(app):
    import pygame
    sc = board(app, {"JP": "hard@0.05", "SOV": "human"}, seed=7)
    assert sc.shown_explanation() is None                       # off until asked for
    app.frame(0.05, [key(pygame.K_e)])
    assert sc.explain
    assert "next open decision" in app.toasts[-1][0]            # nothing to show yet: it says so
    assert run_until(app, lambda: sc.session.last_explanation() is not None)
    ex = sc.session.last_explanation()
    assert ex.level == "hard" and ex.seat == "JP" and ex.chosen() is not None
    got = sc.shown_explanation()
    assert got is not None and got[0] is ex
    assert run_until(app, sc.can_act)                           # the human's turn: still shown
    ex = sc.session.last_explanation()
    assert sc.shown_explanation()[0] is ex
    assert any(sc.ui.action_cells(a.action) for a in ex.alternatives) or ex.note != "search"
    app.frame(0.05, [])                                          # draws the lit hexes and the list
    app.frame(0.05, [key(pygame.K_e)])
    assert not sc.explain and sc.shown_explanation() is None
    app.frame(0.05, [key(pygame.K_e)])                           # on again: the last decision
    assert "its last decision" in app.toasts[-1][0] and sc.shown_explanation()[0] is ex


def test_hint_shows_what_normal_would_do_for_the_human(app):
    import pygame
    sc = board(app, {"JP": "human", "SOV": "normal"}, seed=5)
    assert run_until(app, sc.can_act)
    app.frame(0.05, [key(pygame.K_i)])
    assert run_until(app, lambda: sc.session.current_hint() is not None, limit=200)
    hint = sc.session.current_hint()
    assert hint.level == "normal" and hint.seat == "JP"
    assert hint.chosen().action in sc.game.legal_actions()
    assert len(hint.alternatives) >= 2                          # with the alternatives it scored
    got = sc.shown_explanation()
    assert got is not None and got[0] is hint
    app.frame(0.05, [])
    assert sc.submit(hint.chosen().action)                       # a move: the hint is gone
    assert sc.session.current_hint() is None


def test_action_cells_name_where_an_action_acts_first(app):
    from game.rulesets.nomonhan.actions import Assign, EndPhase, Move
    sc = board(app, {"JP": "human", "SOV": "human"})
    ui = sc.ui
    unit_hex = ui.unit_hex("JP_KOB")
    assert ui.action_cells(Move("JP_KOB", "0307")) == ["0307", unit_hex]
    assert ui.action_cells(Assign("JP_KOB", "SV_149"))[0] == ui.unit_hex("SV_149")
    assert ui.action_cells(EndPhase()) == []


def test_the_alternatives_are_worded_with_the_names_the_board_shows(app):
    """The explanation's and the hint's list name units as their counters do (not by the
    rules' keys), in the interface language, a plan by its first three actions."""
    from game.ai.search import Alternative, Candidate
    from game.rulesets.across_suez.actions import Bombard
    from game.rulesets.nomonhan.actions import EndPhase, Move, Retreat
    sc = board(app, {"JP": "human", "SOV": "human"})
    assert sc.ui.action_text(Retreat("SV_615", "0106")) == "6/15 retreats to 0106"
    plan = Candidate((Move("JP_KOB", "0307"), Move("JP_T3", "0405"), EndPhase(), EndPhase()), 1.0, "heuristic: x")
    alt = Alternative.of(plan, "heuristic: x", 1.0)
    assert alt.action == plan.first and alt.actions() == plan.actions
    assert sc.alt_text(alt) == "move 小林 to 0307 → move 3 to 0405 → end movement …"
    assert sc.alt_text(Alternative(EndPhase(), "end movement")) == "end movement"
    suez = board(app, {"ISR": "human", "EGY": "human"}, game_id="across_suez")
    assert suez.ui.action_text(Bombard("ISR_EREZ_1")) == "bombard Erez 1"
    from game.rulesets.central_plains.actions import Play
    cp = board(app, {s: "human" for s in ("CHIANG", "HE", "YAN", "LI", "FENG")}, game_id="central_plains")
    card = sorted(cp.game.cdata)[0]
    assert cp.ui.action_text(Play(card)) == "Play " + cp.ui.card_title(card) and card not in cp.ui.card_title(card)


def test_a_secret_choice_is_never_explained(app):
    import pygame
    sc = board(app, {"MINAMOTO": "human", "TAIRA": "normal"}, game_id="yoshitsune", seed=3)
    app.frame(0.05, [key(pygame.K_e)])
    kinds = set()
    for _ in range(600):
        if sc.game.is_over():
            break
        if sc.session.human_to_move() and not sc.seq.busy and sc.modal is None:
            sc.submit(sc.game.legal_actions()[-1])
        app.frame(0.05, [])
        if sc.modal is not None:                # (no hotseat here: nothing to pass)
            sc.modal = None
        ex = sc.session.last_explanation()
        if ex is not None:
            kinds.add(ex.kind)
            assert ex.kind != "build", ex
    assert kinds - {"build"}                    # its other decisions were explained


def test_bench_ai_reports_times_per_level(capsys):
    from game.__main__ import main
    assert main(["bench", "--ai", "--game", "nomonhan", "--games", "1", "--levels", "easy", "--json"]) == 0
    d = json.loads(capsys.readouterr().out)
    r = d["games"]["nomonhan"]["easy"]
    assert r["decisions"] > 0 and 0 <= r["decision_s_p50"] <= r["decision_s_p95"] <= r["decision_s_max"]
    assert r["turns"] > 0 and "load_before" in d
