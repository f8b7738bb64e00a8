"""The board draws only what changed from one frame to the next (dirty rectangles):
every such frame must be the very picture a full redraw gives."""
from __future__ import annotations

import hashlib

import pytest

pytestmark = pytest.mark.client

GAMES = ("nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains")


def frames(game_id: str, dirty: bool, n: int = 28) -> list[str]:
    """A digest of each frame of an animated sequence on the bench's busy board (dice
    rolling, a piece sliding, the hover and the log moving), with changes that need a
    full redraw on the way: a toast, a piece selected, the dice put away, the pointer
    on a card."""
    import pygame

    from game.client import bench
    from game.client.scenes.board import BoardScene
    was = BoardScene.dirty_rects
    BoardScene.dirty_rects = dirty
    app, scene = bench._open(game_id, (1024, 576))
    try:
        ui = scene.ui
        slide = bench._slider(scene)
        hexes = list(scene.game.board.cells)
        lines = [ui.log_text(e) for e in scene.game.events if ui.log_text(e)] or ["…"]
        acts = ui.actable_hexes()
        out = []
        for i in range(n):
            if i < 20:
                scene.dice = {"attack_dice": 3, "defense_dice": 2, "attack_hits_on": (5, 6), "defense_hits_on": (6,),
                              "attackers": (), "defender": None, "modifiers": [], "attack_rolls": None,
                              "defense_rolls": None, "t": (i % 36) / 60, "landed": False, "result": ""}
            else:
                scene.dice = None
            if slide is not None:
                unit, (x0, y0), (x1, y1) = slide
                t = (i % 9) / 9
                ui.moving[unit] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if i % 3 == 0:
                scene.log.add(lines[i % len(lines)])
            if i % 5 == 4:
                scene.log.wheel(1 if i % 2 else -1)
            scene.hover_hex = hexes[((i // 2) * 5) % len(hexes)]
            ui.pointer = scene._hover_pos = (scene.view.area.x + 17 * i, scene.view.area.y + 11 * i)
            cards = getattr(ui, "card_rects", None)
            if i >= 17 and cards:               # the pointer on a card (shown enlarged, or its details)
                ui.pointer = scene._hover_pos = cards[(i // 3) % len(cards)][0].center
            if i == 8:
                app.toast("a toast")
            if i == 14 and len(acts) > 1:
                ui.select_at(acts[1])
            scene.update(1 / 60)
            app.draw()
            out.append(hashlib.sha1(pygame.image.tobytes(app.screen, "RGB")).hexdigest())
        scene.session.close()
        return out
    finally:
        BoardScene.dirty_rects = was
        pygame.quit()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_frame_drawn_where_it_changed_is_the_full_picture(env, game_id):
    full, dirty = frames(game_id, False), frames(game_id, True)
    assert [i for i, (a, b) in enumerate(zip(full, dirty)) if a != b] == []
    assert len(set(dirty)) > len(dirty) // 2          # (the frames do change)


def test_merge_rects_covers_them_all_with_fewer():
    import pygame

    from game.client.scenes.board import merge_rects
    rs = [pygame.Rect(0, 0, 10, 10), pygame.Rect(5, 5, 10, 10), pygame.Rect(900, 900, 20, 20)]
    got = merge_rects(rs, waste=0)
    assert len(got) == 2 and all(any(g.contains(r) for g in got) for r in rs)
    assert len(merge_rects(rs, waste=10 ** 7)) == 1


@pytest.mark.parametrize("game_id", GAMES)
def test_the_piece_on_its_way_is_drawn_over_the_still_picture_and_not_in_it(env, game_id):
    """The still picture (kept for dirty frames) leaves out the piece sliding: drawn in
    full with the piece at two places on its way, it is the same picture, while the
    frames show the piece at each place."""
    import pygame

    from game.client import bench
    app, scene = bench._open(game_id, (1280, 720))
    try:
        ui = scene.ui
        slide = bench._slider(scene)
        assert slide is not None and scene._apart()
        unit, (x0, y0), (x1, y1) = slide
        got = []
        for t in (0.3, 0.7):
            ui.moving[unit] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            scene._drawn = None                 # (a full frame: the still picture drawn again)
            scene.update(1 / 60)
            app.draw()
            area = scene.view.area
            got.append((pygame.image.tobytes(scene._still[0], "RGB"),
                        pygame.image.tobytes(app.screen.subsurface(area), "RGB")))
        assert got[0][0] == got[1][0]           # the still picture: the same
        assert got[0][1] != got[1][1]           # the frames: the piece moved
        scene.session.close()
    finally:
        pygame.quit()
