"""Title: the name, "Press any key", menu music. Idle for 120 s starts the demo."""
from __future__ import annotations

import pygame

from ..input import Intent
from ..widgets import ACCENT, DIM, TEXT, blit_center
from .base import Scene, footer, hex_backdrop
from ..i18n import _

IDLE_DEMO_SECONDS = 120.0


class TitleScene(Scene):
    music = "music_menu"
    name = "title"

    def __init__(self, app):
        super().__init__(app)
        self.idle = 0.0

    def handle(self, it: Intent) -> None:
        if it.name in ("point", "drag", "release", "pad_added", "pad_removed", "confirm_up"):
            if it.name == "point":
                self.idle = 0.0
            return
        self.idle = 0.0
        if it.name == "back":
            if self.app.kiosk is not None:
                self.app.back_to_attract()      # a kiosk's title never quits
            else:
                self.app.quit()
            return
        self.app.audio.play("click")
        from .select import SelectScene
        self.app.switch(SelectScene(self.app))

    def update(self, dt: float) -> None:
        super().update(dt)
        self.idle += dt
        if self.idle >= IDLE_DEMO_SECONDS and self.app.mode == "play":
            self.idle = 0.0
            self.app.start_demo(from_play=True)

    def draw(self, surf: pygame.Surface) -> None:
        hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        band = pygame.Surface((w, 300), pygame.SRCALPHA)
        band.fill((8, 10, 14, 200))
        surf.blit(band, (0, h // 2 - 190))
        pygame.draw.rect(surf, ACCENT, (0, h // 2 - 190, w, 6))
        pygame.draw.rect(surf, ACCENT, (0, h // 2 + 104, w, 6))
        blit_center(surf, self.assets.text(_("SANDTABLE"), 120, ACCENT, bold=True), (w // 2, h // 2 - 90))
        blit_center(surf, self.assets.text(_("Historical board wargames on one screen  ·  歴史ウォーゲーム"),
                                           28, TEXT), (w // 2, h // 2 + 4))
        blit_center(surf, self.assets.text(_("hotseat  ·  versus the AI  ·  demo"), 22, DIM), (w // 2, h // 2 + 52))
        if int(self.time * 1.6) % 2 == 0:
            blit_center(surf, self.assets.text(_("PRESS ANY KEY"), 44, TEXT, bold=True), (w // 2, h // 2 + 190))
        esc = _("Esc: back to the demo") if self.app.kiosk is not None else _("Esc: quit")
        footer(surf, self.assets, _("Enter / A / click: start    F11: fullscreen    M: mute    {esc}").format(esc=esc))
