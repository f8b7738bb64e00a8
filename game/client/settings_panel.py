"""The settings panel: each setting with its value, changed by mouse, keys or pad, applied at once.

↑/↓ (D-pad, stick) pick a setting, ←/→ change it, Enter / A the next value,
a click on ◀ or ▶ (or on the value) changes it; Esc / B goes back. Every change
is applied now (the mixer's volume, the animation speed, the layout at the new
interface scale, the boards' palette) and saved at once (the settings file is
written atomically: game.client.settings). The same panel is the Settings scene
(from the title: scenes/settings.py) and an overlay of the in-game menu
(game/client/pause_menu.py).
"""
from __future__ import annotations

import pygame

from . import i18n
from .i18n import N_, _
from .input import Intent
from .settings import CHOICES
from .widgets import ACCENT, BORDER, DIM, FOCUS, PANEL_HI, TEXT, blit_center, fit_text, panel

VOLUME_STEPS = tuple(round(i / 10, 1) for i in range(11))
ANIM_NAMES = {0.5: N_("slow (½×)"), 1.0: N_("normal"), 2.0: N_("fast (2×)"), 0.0: N_("instant")}
PACE_NAMES = {"fast": N_("fast"), "normal": N_("normal"), "slow": N_("slow: easy to follow")}
PALETTE_NAMES = {"standard": N_("standard"), "colourblind": N_("colour-blind safe (with glyphs)")}

#: (setting key, its label) in the order shown
ROWS = (("muted", N_("Sound")), ("volume", N_("Effects volume")), ("music_volume", N_("Music volume")),
        ("anim_speed", N_("Animation speed")), ("ai_pace", N_("AI pace")),
        ("dice_popup", N_("Dice results stay")), ("fullscreen", N_("Fullscreen")),
        ("ui_scale", N_("Interface scale")), ("palette", N_("Colours")), ("language", N_("Language")),
        ("back", N_("◀ Back")))


def languages() -> list[tuple[str, str]]:
    """(code, name) of the interface languages (game.client.i18n's, when it has them)."""
    f = getattr(i18n, "available_languages", None)
    got = f() if f else []
    got = list(got.items()) if isinstance(got, dict) else list(got)
    out = []
    for x in got:
        out.append(tuple(x) if isinstance(x, (tuple, list)) else (x, x))
    return out or [("", "English")]


class SettingsPanel:
    """The settings list (used by the Settings scene and the in-game menu's overlay)."""

    done = False

    def __init__(self, app):
        self.app = app
        self.focus = 0
        self.hover: int | None = None
        self.rows: list[pygame.Rect] = []           # where each row was drawn (for the mouse)
        self.arrows: list[tuple[pygame.Rect, pygame.Rect]] = []
        self.message = ""

    # -- values ------------------------------------------------------------------
    def values(self, key: str) -> list:
        if key in ("volume", "music_volume"):
            return list(VOLUME_STEPS)
        if key in ("fullscreen", "muted"):
            return [False, True]
        if key == "language":
            return [c for c, _n in languages()]
        return list(CHOICES[key])

    def current(self, key: str):
        """The setting's value now (the language: the one in use when none was chosen)."""
        v = self.app.settings[key]
        if key == "language" and not v and hasattr(i18n, "language"):
            return i18n.language()
        return v

    def shown(self, key: str) -> str:
        v = self.app.settings[key]
        if key in ("volume", "music_volume"):
            if self.app.settings["muted"]:
                return _("{percent}% (muted: M)").format(percent=int(round(v * 100)))
            return _("{percent}%").format(percent=int(round(v * 100)))
        if key == "anim_speed":
            return _(ANIM_NAMES.get(v, str(v)))
        if key == "ai_pace":
            return _(PACE_NAMES.get(v, v))
        if key == "dice_popup":
            return _("until the next action or a click") if v == 0 else _("{seconds} s").format(seconds=f"{v:g}")
        if key == "fullscreen":
            return _("on") if v else _("off")
        if key == "muted":
            return _("muted (M)") if v else _("on")
        if key == "ui_scale":
            eff = self.app.ui_scale
            txt = _("{percent}%").format(percent=int(round(v * 100)))
            if abs(eff - v) > 0.01:
                txt = _("{percent}% (this window fits {now}%)").format(percent=int(round(v * 100)),
                                                                       now=int(round(eff * 100)))
            return txt
        if key == "palette":
            return _(PALETTE_NAMES.get(v, v))
        if key == "language":
            v = self.current(key)
            return dict(languages()).get(v, v or "English")
        return str(v)

    def change(self, key: str, step: int) -> None:
        """The setting's next (step 1) or previous (-1) value, applied and saved now."""
        if key == "back":
            return
        vals = self.values(key)
        cur = self.current(key)
        i = vals.index(cur) if cur in vals else 0
        if key in ("volume", "music_volume", "ui_scale"):
            j = max(0, min(len(vals) - 1, i + step))       # (a scale, not a cycle)
        else:
            j = (i + step) % len(vals)
        self.set(key, vals[j])

    def set(self, key: str, v) -> None:
        app = self.app
        self.message = ""
        if key == "volume":
            app.audio.set_volume(v)
            app.audio.play("click")                 # (heard at the new volume)
            return
        if key == "music_volume":
            app.audio.set_music_volume(v)
            return
        if key == "muted":
            if bool(v) != bool(app.settings["muted"]):
                app.audio.toggle_mute()
            app.audio.play("click")
            return
        if key == "fullscreen":
            if bool(v) != bool(app.fullscreen) and not app.toggle_fullscreen():
                self.message = _("Fullscreen is not available on this display")
                app.audio.play("error")
                return
        elif key == "ui_scale":
            app.set_ui_scale(v)
        elif key == "palette":
            app.set_palette(v)
        elif key == "language":
            if hasattr(app, "set_language"):
                app.set_language(v)
            else:
                app.settings["language"] = v
                f = getattr(i18n, "set_language", None)
                if f is not None:
                    f(v)
            if app.scene is not None:
                app.scene.restyle()             # (labels drawn once are drawn again, translated)
        else:
            app.settings[key] = v
        app.audio.play("click")

    # -- input -------------------------------------------------------------------
    def handle(self, it: Intent) -> None:
        n = it.name
        key = ROWS[self.focus][0]
        if n == "back":
            self.done = True
            self.app.audio.play("click")
        elif n == "cursor" and it.dy:
            self.focus = (self.focus + it.dy) % len(ROWS)
        elif n == "cycle":
            self.focus = (self.focus + it.dx) % len(ROWS)
        elif n == "cursor" and it.dx:
            self.change(key, it.dx)
        elif n in ("confirm", "click_cursor", "context"):
            if key == "back":
                self.done = True
                self.app.audio.play("click")
            else:
                self.change(key, 1)
        elif n == "point" and it.pos:
            self.hover = next((i for i, r in enumerate(self.rows) if r.collidepoint(it.pos)), None)
            if self.hover is not None:
                self.focus = self.hover
        elif n == "press" and it.button == 1 and it.pos:
            for i, r in enumerate(self.rows):
                if not r.collidepoint(it.pos):
                    continue
                self.focus = i
                k = ROWS[i][0]
                if k == "back":
                    self.done = True
                    self.app.audio.play("click")
                    return
                left, right = self.arrows[i]
                self.change(k, -1 if left.collidepoint(it.pos) else 1)
                return

    # -- drawing -----------------------------------------------------------------
    def draw(self, surf: pygame.Surface, assets) -> None:
        w, h = surf.get_size()
        veil = pygame.Surface((w, h), pygame.SRCALPHA)
        veil.fill((6, 8, 12, 150))
        surf.blit(veil, (0, 0))
        box = pygame.Rect(0, 0, min(w - 40, 980), h - 40)
        box.center = (w // 2, h // 2)
        panel(surf, box, alpha=245)
        blit_center(surf, assets.text(_("Settings"), 38, ACCENT, bold=True), (box.centerx, box.y + 36))
        top = box.y + 72
        bottom = box.bottom - 64
        row_h = min(54, (bottom - top) // len(ROWS))
        label_w = int(box.width * 0.36)
        self.rows, self.arrows = [], []
        for i, (key, label) in enumerate(ROWS):
            r = pygame.Rect(box.x + 24, top + i * row_h, box.width - 48, row_h - 6)
            self.rows.append(r)
            focused = i == self.focus
            pygame.draw.rect(surf, PANEL_HI if focused else (38, 44, 58), r, border_radius=10)
            pygame.draw.rect(surf, FOCUS if focused else BORDER, r, 3 if focused else 1, border_radius=10)
            size = max(16, min(24, row_h // 2))
            if key == "back":
                blit_center(surf, assets.text(_(label), size, TEXT, bold=True), r.center)
                self.arrows.append((pygame.Rect(0, 0, 0, 0), pygame.Rect(0, 0, 0, 0)))
                continue
            img = fit_text(assets, _(label), size, label_w - 16, TEXT, bold=True, min_size=14)
            surf.blit(img, img.get_rect(midleft=(r.x + 14, r.centery)))
            aw = max(28, row_h - 14)
            left = pygame.Rect(r.x + label_w, r.y + 3, aw, r.height - 6)
            right = pygame.Rect(r.right - aw - 8, r.y + 3, aw, r.height - 6)
            self.arrows.append((left, right))
            for a, t in ((left, "◀"), (right, "▶")):
                pygame.draw.rect(surf, (56, 64, 84), a, border_radius=8)
                blit_center(surf, assets.text(t, size, ACCENT if focused else DIM, bold=True), a.center)
            vw = right.x - left.right - 16
            blit_center(surf, fit_text(assets, self.shown(key), size, vw, ACCENT if focused else TEXT, bold=True,
                                       min_size=14), ((left.right + right.x) // 2, r.centery))
        hint = self.message or _("↑/↓: choose   ←/→ or click ◀ ▶: change   Enter / A: next   Esc / B: back")
        blit_center(surf, fit_text(assets, hint, 18, box.width - 40, DIM, min_size=14),
                    (box.centerx, box.bottom - 30))
