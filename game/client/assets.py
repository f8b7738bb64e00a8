"""Fonts, sprites and sounds, loaded once and cached. Every loader survives a
missing or broken file: fonts fall back to pygame's default font, sprites to
None (callers then draw with pygame.draw), sounds to silence."""
from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pygame

from game import paths

from .linebreak import break_lines, has_cjk

def _render_lines(font, lines: list[str], colour, centre: bool) -> pygame.Surface:
    """Lines already broken (game/client/linebreak.py), one under the other, as SDL_ttf sets
    a wrapped text (its line skip), left-aligned or centred."""
    imgs = [font.render(line, True, colour) for line in lines]
    skip = font.get_linesize()
    w = max((im.get_width() for im in imgs), default=0)
    h = skip * (len(imgs) - 1) + max(imgs[-1].get_height(), 1) if imgs else font.get_height()
    out = pygame.Surface((max(1, w), max(1, h)), pygame.SRCALPHA)
    for i, im in enumerate(imgs):
        out.blit(im, ((w - im.get_width()) // 2 if centre else 0, i * skip))
    return out


FONT_FILES = {False: "SandtableSans-Regular.otf", True: "SandtableSans-Bold.otf"}
MIN_TEXT = 14       # no interface text is drawn smaller (map labels, which zoom with the map, may be)


class Assets:
    def __init__(self, root: Path | None = None):
        self.root = Path(root) if root else paths.DATA
        self._fonts: dict[tuple[int, bool], pygame.font.Font] = {}
        self._images: dict[str, pygame.Surface | None] = {}
        self._scaled: dict[tuple[str, int, int], pygame.Surface | None] = {}
        self._text: dict[tuple, pygame.Surface] = {}
        self._manifest: dict[str, Any] | None = None
        from .palette import Palette
        self.palette = Palette()            # side colours and glyphs (the app sets it from the settings)
        self.on_map = False                 # text drawn now is a map label (zooms with the map)
        self.sizes_used: list[tuple[int, bool]] | None = None   # (size, on the map) of each text, when a list

    # -- fonts and text -------------------------------------------------------
    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        key = (int(size), bool(bold))
        f = self._fonts.get(key)
        if f is None:
            path = self.root / "fonts" / FONT_FILES[bool(bold)]
            try:
                f = pygame.font.Font(str(path), key[0])
            except (OSError, FileNotFoundError, pygame.error):
                f = pygame.font.Font(None, int(key[0] * 1.3))
                f.set_bold(bool(bold))
            self._fonts[key] = f
        return f

    def text(self, s: str, size: int, colour=(240, 236, 224), bold: bool = False,
             wrap: int = 0, centre: bool = False) -> pygame.Surface:
        """A cached rendered line (or wrapped block if ``wrap`` > 0 pixels, its lines
        centred with ``centre``)."""
        if not self.on_map:
            size = max(MIN_TEXT, int(size))
        if self.sizes_used is not None:
            self.sizes_used.append((int(size), self.on_map))
        key = (s, size, tuple(colour), bold, wrap, centre)
        surf = self._text.get(key)
        if surf is None:
            font = self.font(size, bold)
            # (text from files, e.g. a save's name or error: no NUL or lone surrogate stops the render)
            s = s.encode("utf-8", "replace").decode("utf-8").replace("\0", "\N{REPLACEMENT CHARACTER}")
            if wrap and has_cjk(s):     # Chinese / Japanese / Korean: broken as those languages are set
                surf = _render_lines(font, break_lines(s, wrap, lambda t: font.size(t)[0]).split("\n"),
                                     colour, centre)
            elif wrap:
                align = font.align
                font.align = pygame.FONT_CENTER if centre else pygame.FONT_LEFT
                try:
                    surf = font.render(s, True, colour, None, wrap)
                finally:
                    font.align = align
            else:
                surf = font.render(s, True, colour)
            if len(self._text) > 2000:
                self._text.clear()
            self._text[key] = surf
        return surf

    # -- images ----------------------------------------------------------------
    def image(self, rel: str) -> pygame.Surface | None:
        """sprites/<rel> as a Surface, or None when missing or unreadable."""
        if rel not in self._images:
            path = self.root / "sprites" / rel
            img = None
            if path.is_file():
                try:
                    img = pygame.image.load(str(path))
                    if pygame.display.get_surface() is not None:
                        img = img.convert_alpha()
                except (pygame.error, OSError):
                    img = None
            self._images[rel] = img
        return self._images[rel]

    def scaled(self, rel: str, w: int, h: int) -> pygame.Surface | None:
        key = (rel, int(w), int(h))
        if key not in self._scaled:
            img = self.image(rel)
            if img is not None and self.palette.active:
                img = self.palette.dress(rel, img)
            self._scaled[key] = None if img is None else pygame.transform.smoothscale(img, (max(1, w), max(1, h)))
        return self._scaled[key]

    def forget_dressed(self) -> None:
        """The palette changed: sprites are dressed again when next drawn."""
        self._scaled.clear()

    def manifest(self) -> dict[str, Any]:
        if self._manifest is None:
            try:
                self._manifest = json.loads((self.root / "sprites" / "manifest.json").read_text(encoding="utf-8"))
            except (OSError, ValueError):
                self._manifest = {}
        return self._manifest

    def forget_missing(self) -> None:
        """Look again for files that were missing (assets generated while running)."""
        for k in [k for k, v in self._images.items() if v is None]:
            del self._images[k]
        for k in [k for k, v in self._scaled.items() if v is None]:
            del self._scaled[k]
        self._manifest = None

    def sound_path(self, name: str) -> Path | None:
        for ext in (".ogg", ".wav"):
            p = self.root / "audio" / f"{name}{ext}"
            if p.is_file():
                return p
        return None
