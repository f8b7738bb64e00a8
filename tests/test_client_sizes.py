"""Every screen of every game at 1280×720, 1920×1080 and 1024×576 (issue 14, "looked at"):
each renders headless without error, every piece of text it draws lies inside the
surface it is drawn on, and none is smaller than MIN_TEXT pixels (the fonts' size)
outside the map's own art (hex numbers, track boxes, counter faces: drawn for the
map picture, read zoomed in). Map place names stay clear of the counters."""
from __future__ import annotations

import sys
import weakref

import pygame
import pytest

from game import rulesets
from game.client import assets as assets_mod
from game.client import screenshot
from game.client.app import App
from game.client.screenshot import SIZES, decision_positions, render

GAMES = [s.id for s in rulesets.specs() if s.ready]
MIN_TEXT = 10
#: functions that draw the map's own art (the static map picture, counter faces): exempt from MIN_TEXT
ART = {"_render_static", "decorate_static", "counter_surface", "_draw_counter", "_block", "_card_image",
       "piece_image", "_draw_stack", "_blit_unit", "_badge", "blit_counter"}
#: the board scenes rendered for every game at every size (the kiosk's long demo scenes: one game, below)
#: (the rolling dice are the landed dice's panel: the landed one stands for both here)
# (the replay, the Load screen, the settings and the new-game question have their own tests at
# the three sizes: tests/test_client_replay.py, test_client_saves.py, test_client_settings.py)
# (game over: rendered below on a game played out once per game, not played out again per size)
SCENES = [s for s in screenshot.SCENES if s not in ("title", "select", "dice", "replay", "saves", "settings",
                                                     "newgame", "gameover") + screenshot.KIOSK_SCENES] + ["card"]


#: functions that draw on the map where the camera puts things: cut by the view's edge when scrolled
ON_MAP = {"_draw_track_markers", "_put_marker", "_draw_turn_marker", "_draw_markers", "_draw_overstacked",
          "_draw_loc", "_draw_control", "_blit_unit", "_blit_counter", "_row", "_draw_explanation"}


def _in_art(also=()) -> bool:
    """Is the map's own art being drawn (see ART)? (map art may run off the map's edge)"""
    f = sys._getframe(2)
    while f is not None:
        if f.f_code.co_name in ART or f.f_code.co_name in also:
            return True
        f = f.f_back
    return False


#: rendered, but their text not checked: the F1 help that runs off the screen is replaced by the
#: scrollable rules reference (issue 14, another part), which has its own tests
UNCHECKED = {"help"}


def _cut(whole: pygame.Rect, clip: pygame.Rect, r: pygame.Rect, slack: int = 1) -> bool:
    """Is text at ``r`` cut by the edge of its surface? (Not when it lies wholly outside the
    clip, e.g. off the map's view, nor where a clip set on purpose, a card's, cuts it first.)"""
    if not clip.colliderect(r):
        return False
    return ((r.left < whole.left - slack and clip.left <= whole.left)
            or (r.top < whole.top - slack and clip.top <= whole.top)
            or (r.right > whole.right + slack and clip.right >= whole.right)
            or (r.bottom > whole.bottom + slack and clip.bottom >= whole.bottom))


class Recorder:
    """Text drawn through Assets.text, and where each text image is blitted."""

    def __init__(self):
        self.ids: dict[int, tuple] = {}
        self.small: list[tuple[str, int, str]] = []
        self.outside: list[tuple[str, tuple, tuple]] = []


@pytest.fixture
def recorder(monkeypatch):
    rec = Recorder()
    orig = assets_mod.Assets.text

    def text(self, s, size, *a, **k):
        img = orig(self, s, size, *a, **k)
        rec.ids[id(img)] = (weakref.ref(img), s)      # (the surface itself: an id is reused once it is freed)
        if size < MIN_TEXT and s.strip() and not _in_art():
            rec.small.append((s, size, sys._getframe(1).f_code.co_name))
        return img
    monkeypatch.setattr(assets_mod.Assets, "text", text)

    base = pygame.Surface

    class RecSurface(base):
        def blit(self, source, dest, area=None, special_flags=0):
            ref, what = rec.ids.get(id(source), (None, ""))
            if ref is not None and ref() is source:
                x, y = (dest.x, dest.y) if isinstance(dest, pygame.Rect) else (int(dest[0]), int(dest[1]))
                w, h = (pygame.Rect(area).size if area is not None else source.get_size())
                r = pygame.Rect(x, y, w, h)
                if _cut(self.get_rect(), self.get_clip(), r) and not _in_art(ON_MAP):
                    rec.outside.append((what, tuple(r), self.get_size()))
            return base.blit(self, source, dest, area, special_flags)
    monkeypatch.setattr(pygame, "Surface", RecSurface)
    rec.Surface = RecSurface
    return rec


@pytest.fixture(scope="module")
def positions():
    """Per game: the board at up to three decision kinds, and a finished game."""
    from game.runner import play_one
    out = {}
    for gid in GAMES:
        kinds = decision_positions(gid, kinds=2)
        over = play_one(gid, 7, ["random"])
        out[gid] = (kinds, over)
    return out


def _app(rec, size):
    app = App(size=size, fast=True, ai="inline")
    app.screen = rec.Surface(size)          # draw on a recording surface of the window's size
    return app


def _check(rec, what):
    assert not rec.outside, f"{what}: text outside its surface: {rec.outside[:5]}"
    assert not rec.small, f"{what}: text under {MIN_TEXT} px: {rec.small[:5]}"


@pytest.fixture
def unsaved(monkeypatch):
    """The pictures are checked as they are drawn, not as PNG files: skip the encoding
    (most of this test's time at 1920×1080) and the scene changes' full garbage
    collection (the window's, against pauses in play; a test makes ~90 scene changes)."""
    saved: dict[str, tuple[int, int]] = {}
    monkeypatch.setattr(pygame.image, "save", lambda surf, path, *a: saved.__setitem__(str(path), surf.get_size()))
    monkeypatch.setattr("game.client.app.settle_memory", lambda: None)
    return saved


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_every_screen_of_every_game_renders_at_each_size_with_its_text_inside(recorder, positions, size, tmp_path,
                                                                              unsaved):
    app = _app(recorder, size)
    try:
        for sc in ("title", "select"):
            render(GAMES[0], str(tmp_path / f"{sc}.png"), size=size, scene=sc, app=app)
            _check(recorder, sc)
        for gid in GAMES:
            kinds, over = positions[gid]
            for sc in SCENES:
                at = kinds.get(screenshot.hover_at(gid)) if sc == "hover" else None
                render(gid, str(tmp_path / f"{gid}-{sc}.png"), size=size, scene=sc, app=app,
                       game=at.clone() if at is not None else None)
                if sc in UNCHECKED:
                    recorder.outside.clear()
                _check(recorder, f"{gid} {sc} at {size}")
            for kind, g in kinds.items():
                render(gid, str(tmp_path / f"{gid}-{kind}.png"), size=size, scene="board", app=app, game=g.clone())
                _check(recorder, f"{gid} board ({kind}) at {size}")
            render(gid, str(tmp_path / f"{gid}-over.png"), size=size, scene="gameover", app=app, game=over.clone())
            _check(recorder, f"{gid} game over at {size}")
        assert unsaved[str(tmp_path / "select.png")] == size
    finally:
        if app.attract is not None:
            app.attract.stop()
        pygame.quit()


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_the_kiosk_demo_under_its_prompt_renders_at_each_size(recorder, size, tmp_path):
    for sc in ("prompt",):
        render("nomonhan", str(tmp_path / f"{sc}.png"), size=size, scene=sc)
        _check(recorder, f"kiosk {sc} at {size}")


def _board(gid, game, size=(1280, 720)):
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    app = App(size=size, fast=True, ai="inline")
    seats = {s: "heuristic" for s in game.seats}
    seats[game.pending().seat] = "human"
    sc = BoardScene(app, Session(game, seats, autosave=False))
    app.switch(sc)
    sc.update(0.0)
    app.draw()
    return app, sc


@pytest.mark.parametrize("gid", ["across_suez", "sino_japanese", "yoshitsune"])
def test_place_names_do_not_sit_under_counters(gid):
    """A real position (a random game some dozens of actions in): no drawn place name
    overlaps a counter or stack (the names move beside the stacks)."""
    from game.ai import ask, get_agent
    g = rulesets.new_game(gid, 11)
    agent = get_agent("random", gid, 11)
    while g.pending() is not None and len(g.history) < 40:
        g.apply(ask(g, agent))
    app, sc = _board(gid, g)
    try:
        ui, view = sc.ui, sc.view
        labels = ui.label_rects(view)
        counters = ui.counter_rects(view)
        assert labels and counters
        # the same position would hide some names if they stayed where the map puts them
        homes = [img.get_rect(center=(round(x), round(y))) for img, (x, y) in ui.map_labels(view)]
        assert any(h.collidelist(counters) >= 0 for h in homes) or gid == "across_suez"
        inside = [r for r in labels if view.area.contains(r)]
        hit = [(r, counters[r.collidelist(counters)]) for r in inside if r.collidelist(counters) >= 0]
        assert not hit, f"{gid}: place names under counters: {hit[:4]}"
    finally:
        sc.session.close()
        pygame.quit()


def test_hovering_a_yoshitsune_card_shows_it_enlarged_with_readable_text():
    g = decision_positions("yoshitsune")["build"]
    app, sc = _board("yoshitsune", g)
    try:
        ui = sc.ui
        r, cid = ui.card_rects[0]
        before = app.screen.copy()
        ui.pointer = r.center
        app.draw()
        big, shown = ui.shown_card()[0], ui.shown_card()[1]
        assert shown == cid
        w = int(min(sc.view.area.height - 24, max(r.height * 2, 420)) / 1.4)
        assert w >= 1.3 * r.width                   # clearly larger than the card in the pool
        # the card's text at the enlarged size: at least 16 px (its body is drawn at width / 14)
        assert w // 14 >= 16
        assert pygame.image.tobytes(before, "RGB") != pygame.image.tobytes(app.screen, "RGB")
        # the keys (or the pad) put the focus ring on a card: it shows enlarged the same way; Enter chooses it
        ui.pointer = None
        sc._hover_pos = (-1, -1)
        from game.client.input import Intent
        sc.handle(Intent("cursor", dx=1, dy=0))
        got = ui.shown_card()
        assert got is not None and got[1] in [c for _r, c in ui.card_rects]
        n = len(sc.game.history)
        sc.handle(Intent("confirm"))
        assert len(sc.game.history) == n + 1 and got[1] in repr(sc.game.history[-1])
    finally:
        sc.session.close()
        pygame.quit()


def test_yoshitsune_at_1024x576_keeps_place_names_off_its_tracks_and_inside_the_map():
    """At the narrowest size the turn and Go-Shirakawa tracks (cells and titles) are
    clear of every place name, and no name is cut by the map's edge."""
    g = rulesets.new_game("yoshitsune", 11)
    app, sc = _board("yoshitsune", g, size=(1024, 576))
    try:
        ui, view = sc.ui, sc.view
        tracks = ui.track_rects(view)
        labels = ui.label_rects(view)
        assert len(tracks) == 2
        assert [r for r in labels if r.collidelist(tracks) >= 0] == []
        shown = pygame.Rect(round(view.area.x + view.ox), round(view.area.y + view.oy),
                            round(view.pw * view.z), round(view.ph * view.z))
        assert [r for r in labels if not shown.contains(r)] == []
    finally:
        sc.session.close()
        pygame.quit()
