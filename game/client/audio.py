"""A small mixer wrapper: one effect per event kind, menu music, the effects
volume, the music volume and mute (persisted in the settings). Silent when the
mixer cannot start or a sound file is missing."""
from __future__ import annotations

from typing import Any

import pygame

from .assets import Assets
from .settings import Settings

# event kind -> effect name (GameOver and CombatResolved are decided in effect_for)
EVENT_SOUNDS = {
    "UnitMoved": "move", "DiceRolled": "dice", "StepLost": "hit", "UnitEliminated": "unit_lost",
    "InitiativeChanged": "initiative", "TurnStarted": "turn", "BridgeBlown": "bridge_blown",
    "UnitRetreated": "retreat", "UnitAdvanced": "advance", "ReinforcementArrived": "move",
    "PiecesMoved": "move", "PieceRetreated": "retreat", "Advanced": "advance", "PieceRemoved": "unit_lost",
    "PieceDefected": "unit_lost", "NeutralJoined": "initiative",
}


def effect_for(kind: str, data: dict[str, Any], human_seats: tuple[str, ...] = ()) -> str | None:
    if kind == "CombatResolved":
        return "hit" if (data.get("attack_hits") or data.get("defense_hits")) else None
    if kind == "GameOver":
        w = data.get("winner")
        if human_seats and len(human_seats) == 1 and w is not None and w not in human_seats:
            return "defeat"
        return "victory"
    return EVENT_SOUNDS.get(kind)


class Audio:
    def __init__(self, assets: Assets, settings: Settings):
        self.assets = assets
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.music_name: str | None = None
        self.played: list[str] = []          # last effects, for tests and the debug overlay
        self.enabled = False
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.enabled = bool(pygame.mixer.get_init())
        except pygame.error:
            self.enabled = False

    # -- volume ---------------------------------------------------------------
    @property
    def volume(self) -> float:
        """The effects volume as heard (0 when muted)."""
        return 0.0 if self.settings["muted"] else float(self.settings["volume"])

    @property
    def music_level(self) -> float:
        """The music volume as heard (0 when muted)."""
        return 0.0 if self.settings["muted"] else float(self.settings["music_volume"])

    def set_music_volume(self, v: float) -> None:
        self.settings["music_volume"] = round(min(1.0, max(0.0, v)), 2)
        self._apply_volume()

    def set_volume(self, v: float) -> None:
        self.settings["volume"] = round(min(1.0, max(0.0, v)), 2)
        self._apply_volume()

    def change_volume(self, delta: float) -> None:
        if self.settings["muted"]:
            self.settings["muted"] = False
        self.set_volume(self.settings["volume"] + delta)

    def toggle_mute(self) -> None:
        self.settings["muted"] = not self.settings["muted"]
        self._apply_volume()

    def _apply_volume(self) -> None:
        if self.enabled:
            try:
                pygame.mixer.music.set_volume(self.music_level)
            except pygame.error:
                pass

    # -- effects ---------------------------------------------------------------
    def _sound(self, name: str) -> pygame.mixer.Sound | None:
        if name not in self.sounds:
            snd = None
            path = self.assets.sound_path(name)
            if self.enabled and path is not None:
                try:
                    snd = pygame.mixer.Sound(str(path))
                except (pygame.error, OSError):
                    snd = None
            self.sounds[name] = snd
        return self.sounds[name]

    def play(self, name: str | None) -> None:
        if not name:
            return
        self.played.append(name)
        del self.played[:-50]
        if not self.enabled or self.volume <= 0:
            return
        snd = self._sound(name)
        if snd is not None:
            snd.set_volume(self.volume)
            snd.play()

    def event(self, ev, human_seats: tuple[str, ...] = ()) -> None:
        self.play(effect_for(ev.kind, ev.data, human_seats))

    # -- music -----------------------------------------------------------------
    def music(self, name: str | None) -> None:
        if name == self.music_name:
            return
        self.music_name = name
        if not self.enabled:
            return
        try:
            if name is None:
                pygame.mixer.music.fadeout(400)
                return
            path = self.assets.sound_path(name)
            if path is None:
                return
            pygame.mixer.music.load(str(path))
            pygame.mixer.music.set_volume(self.music_level)
            pygame.mixer.music.play(-1, fade_ms=600)
        except pygame.error:
            pass
