"""What opens over a scene and waits for the player: panels, questions, the failed-save banner.


- :class:`Overlay`, the base of a panel open over a scene (``scene.modal``): the pause
  menu (game/client/pause_menu.py), the replay's list of turns, its controls and its
  take-over question; :func:`dim`, the veil drawn under one.
- :class:`Confirm` is the question box every scene uses. It gives the safe answer the
  focus and ignores confirm keys for its first ``QUIET`` seconds, so a player who
  presses Enter twice never deletes or leaves anything.
- :class:`SaveWarning`: a save or autosave that failed is said at once, in a red band
  on the board that stays until dismissed (Esc / B / its button); the session tries
  again at the next turn and the game goes on in memory.

No scene is imported here (the scenes import this).
"""
from __future__ import annotations

from typing import Any, Callable

import pygame

from .i18n import _
from .input import Intent
from .session import SaveInfo
from .thumbnails import draw_thumbnail
from .widgets import ACCENT, BAD, DIM, GOOD, TEXT, Button, Menu, blit_center, fit_text, panel

QUIET = 0.3                         # a question ignores confirm keys this long after it opens


# -- a panel over a scene -------------------------------------------------------------------------

class Overlay:
    """A panel open over a scene (its ``modal``); ``done``: the scene closes it."""

    done = False

    def handle(self, it: Intent) -> None:
        pass

    def update(self, dt: float) -> None:
        pass

    def relayout(self, size) -> None:
        """The window or the interface scale changed (``size``: the layout's): place again."""

    def draw(self, surf: pygame.Surface, assets) -> None:
        pass


def dim(surf: pygame.Surface, alpha: int = 170) -> None:
    """The veil under a panel: the scene shows through, darkened."""
    veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    veil.fill((6, 8, 12, alpha))
    surf.blit(veil, (0, 0))


# -- the question box ----------------------------------------------------------------------------

class Confirm:
    """A question with two or three answers (buttons in a row). The ``default`` answer has
    the focus: give it the one that loses nothing. Esc / B gives ``cancel``. Confirm keys
    and clicks are ignored for QUIET seconds after it opens (a double press)."""

    def __init__(self, app, title: str, lines: list[str], choices: list[tuple[str, Any]],
                 on_choose: Callable[[Any], None], *, default: int = 0, cancel: Any = None,
                 danger: tuple = (), info: SaveInfo | None = None):
        self.app = app
        self.title = title
        self.lines = lines
        self.choices = choices
        self.on_choose = on_choose
        self.cancel = cancel
        self.danger = danger            # values drawn in red (they throw something away)
        self.info = info                # a save to show the picture of
        self.under = None               # the board's modal it was asked over (the hotseat cover): drawn below
        self.age = 0.0
        self.done = False
        self.size: tuple[int, int] | None = None
        self.menu = Menu([], self._chosen, horizontal=True)
        self.default = default
        self._layout(app.size)

    def _layout(self, size) -> None:
        if size == self.size:
            return
        self.size = size
        w, h = size
        pw = min(w - 60, 860)
        n = len(self.choices)
        bw = min(260, (pw - 40 - 16 * (n - 1)) // n)
        text_w = pw - 52 - (180 if self.info is not None else 0)
        text_h = sum(self.app.assets.text(line, 20, TEXT, wrap=text_w).get_height() + 6 for line in self.lines)
        ph = 74 + max(text_h, 96 if self.info is not None else 0) + 120
        ph = min(ph, h - 40)
        self.rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x0 = self.rect.centerx - (n * bw + (n - 1) * 16) // 2
        by = self.rect.bottom - 96
        focus = self.menu.focus if self.menu.buttons else self.default
        self.menu.buttons = [Button(label, pygame.Rect(x0 + i * (bw + 16), by, bw, 56), value, size=22,
                                    primary=i == self.default) for i, (label, value) in enumerate(self.choices)]
        self.menu.focus = focus

    def relayout(self, size) -> None:
        self._layout(tuple(size))

    def _chosen(self, b: Button) -> None:
        self.choose(b.value)

    def choose(self, value: Any) -> None:
        if self.done:
            return
        self.done = True
        self.app.audio.play("click")
        self.on_choose(value)

    def handle(self, it: Intent) -> None:
        if self.done:
            return
        if it.name == "back":
            self.choose(self.cancel)
            return
        if it.name in ("confirm", "click_cursor", "press", "context") and self.age < QUIET:
            return                      # a press meant for what was there before
        if it.name == "context":        # (Space / X: the focused answer, like Enter)
            it = Intent("confirm")
        if it.name == "cursor" and it.dy and not it.dx:
            it = Intent("cursor", dx=it.dy)
        self.menu.handle(it)

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surf: pygame.Surface, assets) -> None:
        self._layout(surf.get_size())
        if self.under is not None:
            self.under.draw(surf, assets)
        veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        veil.fill((6, 8, 12, 180))
        surf.blit(veil, (0, 0))
        r = self.rect
        panel(surf, r, colour=(26, 30, 40), border=ACCENT, alpha=250)
        blit_center(surf, fit_text(assets, self.title, 32, r.width - 40, ACCENT, bold=True), (r.centerx, r.y + 38))
        y = r.y + 74
        x = r.x + 28
        if self.info is not None:
            pic = pygame.Rect(x, y, 160, 90)
            draw_thumbnail(surf, self.app, self.info, pic)
            x = pic.right + 20
        for line in self.lines:
            img = assets.text(line, 20, TEXT, wrap=r.right - x - 24)
            if y + img.get_height() > self.menu.buttons[0].rect.y - 8:
                break
            surf.blit(img, (x, y))
            y += img.get_height() + 6
        for i, b in enumerate(self.menu.buttons):
            b.draw(surf, assets, focused=i == self.menu.focus, hovered=i == self.menu.hover)
            if b.value in self.danger:
                pygame.draw.rect(surf, BAD, b.rect, 3, border_radius=12)
        keys = _("←/→ choose    Enter / A: answer    Esc / B: {cancel}").format(
            cancel=next((lab for lab, v in self.choices if v == self.cancel), _("cancel")))
        blit_center(surf, fit_text(assets, keys, 16, r.width - 30, DIM), (r.centerx, r.bottom - 18))


# -- the failed-save banner ----------------------------------------------------------------------

class SaveWarning:
    """The board's red band for a save that failed: shown at once, kept until dismissed
    (Esc / B, or its button), replaced by a line in green when a later save works."""

    def __init__(self, scene):
        self.scene = scene
        self.seen = scene.session.save_failures     # failures already said (none for a new board)
        self.text = ""
        self.button: pygame.Rect | None = None
        if scene.session.save_error:
            self.seen -= 1                          # (the game's first autosave failed: say so)

    @property
    def shown(self) -> bool:
        return bool(self.text)

    def update(self, dt: float) -> None:
        s = self.scene.session
        if s.save_failures != self.seen:
            self.seen = s.save_failures
            self.text = s.save_error
            self.scene.app.audio.play("error")
            self.scene.log.add(_("Could not save: {why}").format(why=s.save_error), BAD)
        elif self.text and not s.save_error:
            self.text = ""
            self.scene.app.toast(_("Saved again: {name}").format(name=s.last_save.name if s.last_save else ""),
                                 GOOD, ttl=5.0)

    def handle(self, it: Intent) -> bool:
        """True when the intent dismissed the band."""
        if not self.text:
            return False
        if it.name == "back" or (it.name == "press" and it.button == 1 and it.pos
                                 and self.button is not None and self.button.collidepoint(it.pos)):
            self.text = ""
            self.scene.app.audio.play("click")
            return True
        return False

    def draw(self, surf: pygame.Surface, assets) -> None:
        if not self.text:
            return
        area = self.scene.view.area
        r = pygame.Rect(area.x + 12, area.y + 12, area.width - 24, 92)
        panel(surf, r, colour=(70, 20, 18), border=BAD, alpha=240)
        bw = 170
        self.button = pygame.Rect(r.right - bw - 12, r.y + 18, bw, 56)
        Button(_("Dismiss (Esc)"), self.button, "dismiss", size=20).draw(surf, assets)
        tw = r.width - bw - 40
        surf.blit(fit_text(assets, _("The game could not be saved"), 24, tw, TEXT, bold=True), (r.x + 14, r.y + 8))
        surf.blit(fit_text(assets, self.text, 16, tw, (255, 200, 190)), (r.x + 14, r.y + 40))
        surf.blit(fit_text(assets, _("Play on: the game is kept in memory and the autosave is tried again "
                                     "at the next turn. Ctrl+S tries now."), 16, tw, TEXT), (r.x + 14, r.y + 64))
