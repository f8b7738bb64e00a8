"""The games' own panels in a small window (issue 14, "the window may shrink to 1024×576
and everything stays readable"): 日清戰爭's HUD off its printed tracks, 中原大戰's
commanders' strip and Across Suez's canal box with every line whole (nothing cut with
"…"), and the side panel's phase and buttons whole too, at 1024×576 and 1280×720."""
from __future__ import annotations

import sys

import pygame
import pytest

pytestmark = pytest.mark.client


@pytest.fixture
def cut(monkeypatch):
    """The texts fit_text cut with "…" (see game.client.widgets): id of the picture -> text."""
    from game.client import assets as assets_mod
    got: dict[int, str] = {}
    orig = assets_mod.Assets.text

    def text(self, s, size, *a, **k):
        img = orig(self, s, size, *a, **k)
        if s.endswith("…") and sys._getframe(1).f_code.co_name == "fit_text":
            got[id(img)] = s
        return img
    monkeypatch.setattr(assets_mod.Assets, "text", text)
    return got


class Rec(pygame.Surface):
    """A surface that keeps where each picture was blitted."""

    def __init__(self, size):
        super().__init__(size)
        self.blits: list[pygame.Rect] = []
        self.ids: list[int] = []

    def blit(self, source, dest, area=None, special_flags=0):
        r = source.get_rect(topleft=(dest.x, dest.y) if isinstance(dest, pygame.Rect) else tuple(map(int, dest)))
        self.blits.append(r)
        self.ids.append(id(source))
        return super().blit(source, dest, area, special_flags)


def board(app, game_id, size, seats):
    from game import rulesets
    from tests.helpers import board_scene
    app.resize(*size)
    sc = board_scene(app, rulesets.new_game(game_id, 5), seats)
    app.frame(0.01, [])
    return sc


@pytest.mark.parametrize("size", [(1024, 576), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("game_id", ["central_plains", "across_suez", "sino_japanese"])
def test_the_games_panels_show_every_line_whole(app, cut, game_id, size):
    from game import rulesets
    seats = {s: "human" if i == 0 else "easy" for i, s in enumerate(rulesets.spec(game_id).seats)}
    sc = board(app, game_id, size, seats)                   # (one person: no hotseat cover over the board)
    assert sc.modal is None
    surf = Rec(app.size)
    sc.draw(surf)
    shown = [cut[i] for i in surf.ids if i in cut]
    assert not shown, f"{game_id} at {size}: cut {shown[:4]}"


def test_central_plains_strip_takes_two_rows_on_a_narrow_map_and_clicks_on_it_do_nothing(app):
    from game import rulesets
    from game.client.games.central_plains import TOP_H, TOP_H_TWO_ROWS
    sc = board(app, "central_plains", (1024, 576),
               {s: "human" if i == 0 else "easy" for i, s in enumerate(rulesets.spec("central_plains").seats)})
    assert sc.ui.top_band == TOP_H_TWO_ROWS
    res = sc.ui.click_at((sc.view.area.x + 40, sc.view.area.y + TOP_H + 10), sc.view)
    assert res is not None and res.handled                  # (the second row is the strip, not the map)
    app.resize(1280, 720)
    app.frame(0.01, [])
    assert sc.ui.top_band == TOP_H


def test_sino_japanese_hud_leaves_the_printed_tracks_in_sight(app):
    sc = board(app, "sino_japanese", (1024, 576), {"JP": "human", "QING": "human"})
    ui, view = sc.ui, sc.view
    assert not ui.hud_rect(view).colliderect(ui._tracks_rect(view))     # the start view: below it
    assert ui.hud_rect(view).topleft == (view.area.x + 8, view.area.y + 8)
    tracks = ui._tracks_rect(view)
    view.pan(view.area.x + 20 - tracks.x, view.area.y + 20 - tracks.y)  # the tracks panned to the corner
    hud, tracks = ui.hud_rect(view), ui._tracks_rect(view)
    assert view.area.contains(hud)
    if tracks.y <= view.area.y + 40:                       # (as far as the map lets them go)
        assert not hud.colliderect(tracks) and hud.x > view.area.x + 8


@pytest.mark.parametrize("size", [(1024, 576), (1280, 720)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_across_suez_canal_box_holds_its_lines_and_the_night_badge_is_beside_it(app, size):
    sc = board(app, "across_suez", size, {"ISR": "human", "EGY": "human"})
    surf = Rec(app.size)
    sc.ui._draw_crossed_box(surf, sc.view)
    box = sc.ui.crossed_rect
    assert surf.blits and all(box.contains(r) for r in surf.blits), (box, surf.blits)
    surf.blits.clear()
    sc.ui._draw_night_badge(surf, sc.view)
    assert all(not r.colliderect(box) for r in surf.blits)
