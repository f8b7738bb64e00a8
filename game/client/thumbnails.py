"""Boards drawn small: a game's map for the game select and the attract loop's cards
(:func:`map_thumbnail`), and a save's picture (:class:`Thumbnailer` writes it beside
the save whenever the board saves; :func:`draw_thumbnail` shows it in the Load
screen, the title's Continue card and the questions about a save).

A save's picture is a small PNG beside it (``name.png`` for ``name.json``), drawn
from the game's public position (no player's secrets) and written atomically; a
missing or damaged picture is drawn as a placeholder. No scene is imported here.
"""
from __future__ import annotations

import io
import logging
import math
from pathlib import Path

import pygame

from game import rulesets
from game.core.save import write_atomic

from .board_view import BoardView
from .games import plugin_for
from .session import SaveInfo, thumbnail_path
from .widgets import BAD, BORDER, blit_center

log = logging.getLogger("sandtable.saves")

THUMB_SIZE = (256, 144)             # a save's picture as written (16:9)


# -- a game's map ----------------------------------------------------------------------------------

def map_thumbnail(app, game_id: str, size: tuple[int, int]) -> pygame.Surface | None:
    """The board of a playable game drawn small (cached on the app)."""
    key = (game_id, size)
    cache = app.cache.setdefault("thumbs", {})
    if key in cache:
        return cache[key]
    surf = None
    try:
        g = rulesets.new_game(game_id, 0)
        try:
            ui = plugin_for(g, app.assets)
            surf = pygame.Surface(size, pygame.SRCALPHA)
            view = BoardView(g.board, app.assets, surf.get_rect(), decorate=ui.decorate_static)
            view.picture = True             # the map and the pieces only (GameUI.thumbnail)
            view.draw_static(surf)
            ui.draw(surf, view, 0.0)
        finally:
            g.close()
    except Exception:
        surf = None
    cache[key] = surf
    return surf


# -- a save's picture -----------------------------------------------------------------------------

def render_thumbnail(game, assets, cache: dict | None = None) -> pygame.Surface:
    """The game's board and pieces drawn small, as everyone may see it (no seat's secrets)."""
    key = id(game)
    hit = cache.get(key) if cache is not None else None
    if hit is None:
        ui = plugin_for(game, assets)
        ui.viewer = None
        ui.single_viewer = False
        surf = pygame.Surface(THUMB_SIZE, pygame.SRCALPHA)
        view = BoardView(game.board, assets, surf.get_rect(), decorate=ui.decorate_static)
        view.picture = True
        hit = (ui, view)
        if cache is not None:
            cache.clear()
            cache[key] = hit
    ui, view = hit
    ui.sync()
    surf = pygame.Surface(THUMB_SIZE, pygame.SRCALPHA)
    surf.fill((20, 24, 30, 255))
    view.draw_static(surf)
    ui.draw(surf, view, 0.0)
    return surf


def write_thumbnail(save: Path, surf: pygame.Surface) -> Path:
    """Write ``surf`` as ``save``'s picture, atomically. Raises OSError or pygame.error."""
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "thumb.png")
    return write_atomic(thumbnail_path(save), buf.getvalue())


class Thumbnailer:
    """The board's ``session.on_saved``: the picture of each save, written beside it."""

    def __init__(self, assets):
        self.assets = assets
        self.cache: dict = {}

    def __call__(self, save: Path, game) -> None:
        write_thumbnail(save, render_thumbnail(game, self.assets, self.cache))


def load_thumbnail(app, info: SaveInfo, size: tuple[int, int]) -> pygame.Surface | None:
    """``info``'s picture scaled to ``size`` (cached on the app by the save's time), or None."""
    cache = app.cache.setdefault("save_thumbs", {})
    key = (str(info.path), info.mtime, size)
    if key in cache:
        return cache[key]
    img = None
    p = thumbnail_path(info.path)
    try:
        if not info.error and p.is_file() and p.stat().st_size <= 2 * 1024 * 1024 and _small_png(p):
            raw = pygame.image.load(str(p))
            img = pygame.transform.smoothscale(raw.convert_alpha() if pygame.display.get_surface() else raw, size)
    except (pygame.error, OSError, ValueError) as e:
        log.info("no picture for %s: %s", info.path.name, e)
        img = None
    if len(cache) > 200:
        cache.clear()
    cache[key] = img
    return img


def _small_png(p: Path) -> bool:
    """A PNG of at most a megapixel, from its header (a crafted one could ask for gigabytes)."""
    with open(p, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return False
    w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    return 0 < w * h <= 1024 * 1024


def draw_thumbnail(surf: pygame.Surface, app, info: SaveInfo, rect: pygame.Rect) -> None:
    """The picture, or a drawn placeholder (a hex and the game's initial) when there is none."""
    img = load_thumbnail(app, info, rect.size)
    pygame.draw.rect(surf, (20, 24, 30), rect, border_radius=6)
    if img is not None:
        surf.blit(img, rect)
    else:
        cx, cy, r = rect.centerx, rect.centery, min(rect.width, rect.height) * 0.34
        pts = [(cx + r * math.cos(math.radians(60 * a - 30)), cy + r * math.sin(math.radians(60 * a - 30)))
               for a in range(6)]
        pygame.draw.polygon(surf, (60, 66, 80) if not info.error else (110, 50, 46), pts, 3)
        mark = "!" if info.error else (info.game_id[:1].upper() or "?")
        blit_center(surf, app.assets.text(mark, int(r), (90, 98, 116) if not info.error else BAD, bold=True),
                    (cx, cy))
    pygame.draw.rect(surf, BAD if info.error else BORDER, rect, 2, border_radius=6)
