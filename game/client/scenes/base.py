"""The scene interface and shared drawing for menu scenes."""
from __future__ import annotations

import math

import pygame

from ..input import Intent
from ..widgets import BG, DIM, blit_center, fit_scale  # noqa: F401  (fit_scale: for the scenes)


class Scene:
    music: str | None = None
    name = "scene"

    def __init__(self, app):
        self.app = app
        self.assets = app.assets
        self.time = 0.0
        self.laid_out = tuple(app.size)     # the layout size the scene was placed at (see fit)

    def enter(self) -> None:
        self.app.audio.music(self.music)

    def leave(self) -> None:
        pass

    def place(self) -> None:
        """Place what the scene shows (menus, buttons, lists) at ``app.size``. A scene that
        places things when it is made does it here and calls this from its ``__init__``;
        :meth:`relayout` calls it again. It only places: the state (the focus, the scroll,
        the choices made) is kept."""

    def relayout(self) -> None:
        """The layout size (``app.size``) changed: the window was resized or the interface
        scale set. The scene is placed again, and the question or panel open over it."""
        self.place()
        modal = getattr(self, "modal", None)
        if modal is not None and hasattr(modal, "relayout"):
            modal.relayout(self.app.size)

    def fit(self) -> None:
        """Lay out again if ``app.size`` is not the size the scene was placed at (the app
        calls this when the window or the interface scale changes, and when a scene comes
        back on show: one resized while away follows it then)."""
        size = tuple(self.app.size)
        if size != self.laid_out:
            self.laid_out = size
            self.relayout()

    def restyle(self) -> None:
        """The colour palette (game.client.palette) or the language changed: drop cached pictures."""

    def handle_modal(self, it: Intent) -> bool:
        """Give ``it`` to the question or panel open over this scene (``self.modal``), and
        close it once it is done; True if one was open (it had the intent)."""
        modal = getattr(self, "modal", None)
        if modal is None:
            return False
        modal.handle(it)
        if self.modal is not None and self.modal.done:
            self.modal = None
        return True

    def handle(self, it: Intent) -> None:
        pass

    def update(self, dt: float) -> None:
        self.time += dt

    def draw(self, surf: pygame.Surface) -> None:
        surf.fill(BG)


def hex_backdrop(surf: pygame.Surface, t: float, tint=(30, 36, 48)) -> None:
    """A slowly drifting hex grid for menu backgrounds."""
    surf.fill((16, 19, 26))
    w, h = surf.get_size()
    r = 46
    dx = r * math.sqrt(3)
    dy = r * 1.5
    off = (t * 12) % dx
    rows = int(h / dy) + 3
    cols = int(w / dx) + 3
    for j in range(-1, rows):
        for i in range(-1, cols):
            cx = i * dx + (dx / 2 if j % 2 else 0) - off
            cy = j * dy
            k = 0.5 + 0.5 * math.sin(t * 0.7 + i * 0.4 + j * 0.6)
            col = tuple(int(c + 10 * k) for c in tint)
            pts = [(cx + r * math.cos(math.radians(60 * a - 30)), cy + r * math.sin(math.radians(60 * a - 30)))
                   for a in range(6)]
            pygame.draw.polygon(surf, col, pts, 2)


def footer(surf: pygame.Surface, assets, text: str) -> None:
    w, h = surf.get_size()
    s = fit_scale((w, h))
    blit_center(surf, assets.text(text, max(16, round(20 * s)), DIM), (w // 2, h - round(26 * s)))
