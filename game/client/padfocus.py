"""Pad and keyboard focus on the board's buttons and on the panels a game draws over the map.

The hex cursor reaches the map; this reaches the rest, so nothing on the board
is for the mouse only. Y on the pad (F on the keys) puts a focus ring on the
side panel's buttons and on the game's own panels (its cards, its confirm box:
``GameUI.focus_rects()``); the d-pad / arrows then move the ring to the nearest
item that way, LB/RB (Tab) and Y again step through them in order, A / Enter
presses the one in focus, B / Esc takes the ring away. When the decision has
nothing on the map to point at (a card to choose ...) the d-pad and the pad's A
bring the ring up by themselves. A mouse move hides it.
"""
from __future__ import annotations

import math

import pygame

from .input import Intent
from .widgets import FOCUS


def nearest(rects: list[pygame.Rect], cur: int, dx: int, dy: int) -> int:
    """The rect nearest to ``rects[cur]`` in the direction (dx, dy), else ``cur``."""
    cx, cy = rects[cur].center
    best, score = cur, None
    for i, r in enumerate(rects):
        if i == cur:
            continue
        vx, vy = r.centerx - cx, r.centery - cy
        norm = math.hypot(dx, dy)
        along = (vx * dx + vy * dy) / norm
        if along <= 0:
            continue
        s = along + 2.5 * abs(vx * dy - vy * dx) / norm     # straight on counts, off to the side less
        if score is None or s < score:
            best, score = i, s
    return best


class PanelFocus:
    """The focus ring of one board scene (see the module's docstring)."""

    def __init__(self, scene):
        self.scene = scene
        self.index: int | None = None

    def items(self) -> list[tuple[pygame.Rect, object]]:
        """What may take the focus now: the game's panels, then the side buttons."""
        sc = self.scene
        if not sc.can_act():
            return []
        sc._rebuild_buttons()
        out: list[tuple[pygame.Rect, object]] = [(pygame.Rect(r), None) for r in sc.ui.focus_rects()]
        out += [(b.rect, b) for b in sc.buttons]
        return out

    @property
    def active(self) -> bool:
        return self.index is not None

    def _show(self, index: int, items=None) -> None:
        self.index = index
        sc = self.scene
        sc.show_cursor = False                  # one thing in focus at a time: not the hex cursor too
        items = self.items() if items is None else items
        if items:                               # what a hover shows (a card's details ...) follows the ring
            sc.ui.pointer = sc._hover_pos = items[min(index, len(items) - 1)][0].center
        sc.app.audio.play("click")

    def handle(self, it: Intent) -> bool:
        """True if the intent was the focus ring's."""
        n = it.name
        if n in ("point", "press"):
            self.index = None
            return False
        if n == "panel":
            items = self.items()
            if not items:
                self.index = None
                return bool(self.scene.can_act())
            self._show(0 if self.index is None else (self.index + 1) % len(items))
            return True
        if self.index is None:
            if (n in ("cursor", "confirm") and (n == "cursor" or it.source == "pad")
                    and self.scene.can_act() and self.scene.ui.focus_rects() and not self.scene.ui.targets()):
                self._show(0)           # nothing on the map to point at: the ring comes up by itself
                return True
            return False
        items = self.items()
        if not items:
            self.index = None
            return False
        self.index = min(self.index, len(items) - 1)
        if n == "back":
            self.index = None
            self.scene.app.audio.play("click")
            return True
        if n == "cursor" and (it.dx or it.dy):
            self._show(nearest([r for r, _ in items], self.index, it.dx, it.dy), items)
            return True
        if n == "cycle":
            self._show((self.index + (it.dx or 1)) % len(items), items)
            return True
        if n in ("confirm", "click_cursor"):
            self.press(items[self.index])
            return True
        return False

    def press(self, item: tuple[pygame.Rect, object]) -> None:
        sc = self.scene
        rect, button = item
        if button is None:
            res = sc.ui.click_at(rect.center, sc.view)
            if res is not None:
                sc._click_result(res)
            return
        sc.press_button(button)

    def draw(self, surf: pygame.Surface) -> None:
        if self.index is None:
            return
        items = self.items()
        if not items:
            self.index = None
            return
        r = items[min(self.index, len(items) - 1)][0]
        pygame.draw.rect(surf, (0, 0, 0), r.inflate(14, 14), 3, border_radius=14)
        pygame.draw.rect(surf, FOCUS, r.inflate(10, 10), 4, border_radius=12)
