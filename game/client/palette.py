"""Colour palettes for the sides, and the glyph that tells sides apart without colour.

Two palettes (the ``palette`` setting): "standard", the games' own colours, and
"colourblind", where each side (each commander in 中原大戰, each clan in 義經)
takes a colour from Okabe & Ito's colour-universal set ("Color Universal Design",
2008: black, orange, sky blue, bluish green, yellow, blue, vermillion, reddish
purple; told apart with protanopia, deuteranopia and tritanopia) AND carries a
glyph, a shape per side in a white badge on every counter, piece and side marker:
● ▲ ■ ◆ ✚ ★. Two-sided games use the set's safest pair, blue and orange.

Counters are pre-rendered PNGs (tools/gen_sprites.py); in the colour-blind palette
they are dressed at draw time (:meth:`Palette.dress`): the side colour and its
shades are replaced by the new colour's, and the badge is drawn in the corner where
the side emblem was. Which side a sprite shows is read from its file name
(:func:`sprite_identity`). Nothing here changes a game.

Each game's colours, glyphs and sprite names are its own: the ``CLIENT`` facts in its
UI module (``sides``, ``ui_colours``, ``groups``, ``sprites``; game/client/facts.py,
``ClientFacts``), found through its spec. This module keeps the colours they choose from.
"""
from __future__ import annotations

import math
import re

import pygame

PALETTES = ("standard", "colourblind")

# Okabe & Ito's colour-universal palette
ORANGE = (230, 159, 0)
SKY_BLUE = (86, 180, 233)
BLUISH_GREEN = (0, 158, 115)
YELLOW = (240, 228, 66)
BLUE = (0, 114, 178)
VERMILLION = (213, 94, 0)
REDDISH_PURPLE = (204, 121, 167)
GREY = (140, 140, 136)
WHITE = (236, 232, 222)

GLYPHS = ("circle", "triangle", "square", "diamond", "cross", "star")

# the badge's place on a sprite, in fractions of its size: (x, y, radius)
_BADGE = {"counter": (0.16, 0.16, 0.15), "piece": (0.2, 0.2, 0.19), "marker": (0.2, 0.2, 0.17)}
# the shades of a side colour the sprite tool paints with (tools/assetlib.py: borders, bevels, backs)
_SHADES = (1.0, 0.55, 0.5, 1.25, 0.82, 0.62, 0.7, 1.38, 1.5, 1.15, 0.9)


def _facts(game_id: str):
    from .facts import client_facts
    return client_facts(game_id)


def sprite_identity(rel: str) -> tuple[str, str, str] | None:
    """(game, identity, badge kind) for a sprite path that shows a side, else None."""
    game, _, name = rel.partition("/")
    for pattern, ident, kind in _facts(game).sprites:
        m = re.match(pattern, name)
        if m:
            return game, m.expand(ident), kind
    return None


def shade(c, f: float) -> tuple[int, int, int]:
    """(as tools/assetlib.py) f < 1 darkens, f > 1 lightens towards white."""
    if f <= 1:
        return tuple(max(0, min(255, round(x * f))) for x in c[:3])
    t = f - 1
    return tuple(max(0, min(255, round(x + (255 - x) * t))) for x in c[:3])


def draw_glyph(surf: pygame.Surface, glyph: str, centre, r: float, colour=(16, 16, 16)) -> None:
    """A side's shape, radius ``r``, filled."""
    if not glyph or r < 1:
        return
    cx, cy = centre
    if glyph == "circle":
        pygame.draw.circle(surf, colour, (cx, cy), r)
    elif glyph == "triangle":
        pygame.draw.polygon(surf, colour, [(cx, cy - r * 1.05), (cx + r * 1.0, cy + r * 0.75),
                                           (cx - r * 1.0, cy + r * 0.75)])
    elif glyph == "square":
        pygame.draw.rect(surf, colour, pygame.Rect(round(cx - r * 0.8), round(cy - r * 0.8),
                                                   round(r * 1.6), round(r * 1.6)))
    elif glyph == "diamond":
        pygame.draw.polygon(surf, colour, [(cx, cy - r * 1.1), (cx + r * 1.0, cy), (cx, cy + r * 1.1),
                                           (cx - r * 1.0, cy)])
    elif glyph == "cross":
        t = max(1, round(r * 0.62))
        pygame.draw.rect(surf, colour, pygame.Rect(round(cx - t / 2), round(cy - r), t, round(2 * r)))
        pygame.draw.rect(surf, colour, pygame.Rect(round(cx - r), round(cy - t / 2), round(2 * r), t))
    elif glyph == "star":
        pts = [(cx + (r * 1.1 if i % 2 == 0 else r * 0.45) * math.sin(math.pi * i / 5),
                cy - (r * 1.1 if i % 2 == 0 else r * 0.45) * math.cos(math.pi * i / 5)) for i in range(10)]
        pygame.draw.polygon(surf, colour, pts)


def draw_badge(surf: pygame.Surface, glyph: str, centre, r: float) -> None:
    """The glyph in black on a white disc with a black rim: readable on any colour."""
    if not glyph:
        return
    pygame.draw.circle(surf, (16, 16, 16), centre, r + max(1.0, r * 0.14))
    pygame.draw.circle(surf, (250, 250, 246), centre, r)
    draw_glyph(surf, glyph, centre, r * 0.62)


class Palette:
    """The palette in use (``name``); the app sets it from the settings."""

    def __init__(self, name: str = "standard"):
        self.name = name

    @property
    def active(self) -> bool:
        """The colour-blind palette is on (colours replaced, glyphs drawn)."""
        return self.name == "colourblind"

    def side(self, game_id: str, ident: str) -> tuple[tuple, tuple, str] | None:
        return _facts(game_id).sides.get(ident)

    def glyph(self, game_id: str, ident: str) -> str:
        """The side's glyph in this palette ('' in the standard palette or for no side)."""
        if not self.active:
            return ""
        got = self.side(game_id, ident)
        return got[2] if got else ""

    def side_colour(self, game_id: str, ident: str, standard: tuple) -> tuple:
        """A side's colour in this palette (``standard``: the game's own)."""
        if not self.active:
            return standard
        facts = _facts(game_id)
        ui = facts.ui_colours.get(ident)
        if ui is not None:
            return ui
        got = facts.sides.get(ident)
        if got is None:                 # (a camp, a group: the side drawn in that colour)
            got = next((v for v in facts.sides.values() if v[0] == tuple(standard)), None)
        return got[1] if got else standard

    def group(self, game_id: str, key: str, standard: tuple) -> tuple[tuple, str]:
        """A group of pieces drawn in its own colour (a clan): its (colour, glyph) in this palette."""
        if not self.active:
            return standard, ""
        return _facts(game_id).groups.get(key, (standard, ""))

    def dress(self, rel: str, img: pygame.Surface) -> pygame.Surface:
        """A sprite as this palette shows it: a side's counter recoloured, with its badge."""
        if not self.active:
            return img
        who = sprite_identity(rel)
        got = self.side(who[0], who[1]) if who else None
        if got is None:
            return img
        std, new, glyph = got
        out = img.copy()
        if std != new:
            arr = pygame.PixelArray(out)
            try:
                for f in _SHADES:
                    arr.replace(shade(std, f), shade(new, f), distance=0.02)
            finally:
                arr.close()
        w, h = out.get_size()
        fx, fy, fr = _BADGE[who[2]]
        draw_badge(out, glyph, (w * fx, h * fy), min(w, h) * fr)
        return out
