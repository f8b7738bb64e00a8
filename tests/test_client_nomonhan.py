"""ノモンハンの戦い in the client: the combat rules a player meets on the board
(lit retreat hexes and why the others are not, who may advance and with how many
points, the quiet-cycle count), on hand-built positions rendered headless."""
from __future__ import annotations

import pytest

from game.rulesets.nomonhan import Nomonhan
from game.rulesets.nomonhan.actions import Advance, Assign, EndDeclarations, Retreat, StepLoss
from tests.helpers import load

pytestmark = pytest.mark.client


def board(app, game, tmp_path, name):
    """The board scene on ``game`` with both seats human, drawn once and saved as a PNG."""
    import pygame

    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    sc = BoardScene(app, Session(game, {"JP": "human", "SOV": "human"}, autosave=False))
    app.switch(sc)
    app.frame(0.05, [])
    sc.draw(app.screen)
    pygame.image.save(app.screen, str(tmp_path / f"{name}.png"))
    return sc


def test_retreat_hexes_lit_are_the_ones_away_from_the_enemy_and_the_others_say_why(app, tmp_path):
    g = Nomonhan.from_position({"JP_KOB": "0404", "SV_149": "0403"}, phase="declare")
    g.apply(Assign("JP_KOB", "SV_149"))
    load(g, 6, 6, 6, 6, 1, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("SV_149", "0503"))
    g.apply(Retreat("SV_149", "0502"))
    sc = board(app, g, tmp_path, "retreat")
    ui = sc.ui
    lit = {h for h, what in ui.targets().items() if what == "retreat"}
    assert lit == {"0602", "0601"}
    assert any("nearer to 小林" in line for line in ui.hover_lines("0402"))
    assert any("already stood there" in line for line in ui.hover_lines("0503"))
    assert any("may retreat here" in line for line in ui.hover_lines("0602"))
    assert "away from the enemy" in g.pending().prompt


def test_the_advance_shows_its_points_and_every_unit_that_may_use_them(app, tmp_path):
    g = Nomonhan.from_position({"JP_T4": "0404", "SV_615": "0403", "JP_KOB": "0308"}, phase="declare")
    g.apply(Assign("JP_T4", "SV_615"))
    load(g, 5, 5, 6, 1)
    g.apply(EndDeclarations())
    g.apply(StepLoss("SV_615"))
    sc = board(app, g, tmp_path, "advance")
    ui = sc.ui
    assert "3 of 3 points" in g.pending().prompt
    assert set(ui._units_with(Advance)) == {"JP_T4", "JP_KOB"}
    assert any("may advance" in line for line in ui.hover_lines("0308"))    # did not fight, may advance


def test_the_artillery_says_it_never_attacks_or_advances(app, tmp_path):
    g = Nomonhan.from_position({"JP_T3": "0404", "SV_149": "0403", "SV_ART": "0102"}, phase="declare")
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 1, 1, 5, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("JP_T3", "0405"))
    sc = board(app, g, tmp_path, "artillery")
    lines = sc.ui.hover_lines("0102")
    assert any("never advances" in line for line in lines)
    assert any("never attacks" in line for line in lines)


def test_the_status_counts_quiet_cycles(app, tmp_path):
    g = Nomonhan.from_position({"JP_T3": "0408", "SV_149": "0402"}, idle=2)
    sc = board(app, g, tmp_path, "quiet")
    assert dict(sc.ui.status())["Phase"].endswith("quiet 2/4")
    from game.client.rules_ref import reference
    assert any("4 quiet cycles in a row" in str(b) for s in reference(g, sc.ui) for _k, b in s.blocks)
