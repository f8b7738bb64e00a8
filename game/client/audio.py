"""A small mixer wrapper: one effect per event kind, a music theme per scene
(cross-faded), effects volume, music volume and mute (persisted in the
settings). Silent when the mixer cannot start or a sound file is missing.

Music: every game has a looping theme (``audio/music_<game id>.wav``, made by
tools/gen_music.py) and the menus have ``music_menu``. A theme plays as a
:class:`pygame.mixer.Sound` on one of two reserved channels, so the next one
fades in on the other while the last fades out (a true cross-fade, and the
loop is sample-exact). The themes are IMA ADPCM WAV, which SDL's WAV loader
decodes (``pygame.mixer.music`` cannot); a theme is decoded off the main
thread when the app runs for real, and kept decoded for the last few themes.
"""
from __future__ import annotations

import threading
from collections import OrderedDict
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

MENU_THEME = "music_menu"
MUSIC_FADE_MS = 1500            # a scene change cross-fades over this long
MUSIC_VOLUME_DEFAULT = 0.5
MUSIC_LEVEL = 0.8               # the music's loudest under the effects (music volume 1.0)
MUSIC_CACHE = 3                 # decoded themes kept (about 12 MB each at 44.1 kHz stereo)
_decoded: "OrderedDict[tuple, bytes]" = OrderedDict()    # (path, mixer format) -> PCM, across Apps


def theme_for(game_id: str | None) -> str:
    """The theme of a game (its board, its replay, its demo in the kiosk); the menus' theme
    for a game without one of its own."""
    return f"music_{game_id}" if game_id else MENU_THEME


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
    def __init__(self, assets: Assets, settings: Settings, threaded: bool = True):
        self.assets = assets
        self.settings = settings
        self.sounds: dict[str, pygame.mixer.Sound | None] = {}
        self.music_name: str | None = None   # the theme asked for last (playing, or about to)
        self.music_requests: list[tuple[str | None, int]] = []   # (theme, fade ms) asked for, for tests
        self.played: list[str] = []          # last effects, for tests and the debug overlay
        self.enabled = False
        self.threaded = threaded             # decode themes off the main thread
        self._music_volume = MUSIC_VOLUME_DEFAULT    # (until settings.py knows the key music_volume)
        self._chans: list = []               # the two reserved music channels
        self._on = 0                         # the channel the current theme is on
        self._music_sound: pygame.mixer.Sound | None = None
        self._loading: tuple[str, int, threading.Thread, dict] | None = None
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init()
            self.enabled = bool(pygame.mixer.get_init())
            if self.enabled:
                pygame.mixer.set_num_channels(max(16, pygame.mixer.get_num_channels()))
                pygame.mixer.set_reserved(2)
                self._chans = [pygame.mixer.Channel(0), pygame.mixer.Channel(1)]
        except pygame.error:
            self.enabled = False

    # -- volume ---------------------------------------------------------------
    @property
    def volume(self) -> float:
        return 0.0 if self.settings["muted"] else float(self.settings["volume"])

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
        if self._music_sound is not None:
            self._music_sound.set_volume(self.music_gain)

    # -- music volume (its own, beside the effects' volume; mute silences both) ----------------
    @property
    def music_volume(self) -> float:
        """The music volume setting, 0..1 (``settings["music_volume"]`` when it is a setting)."""
        values = getattr(self.settings, "values", {})
        v = values.get("music_volume", self._music_volume) if isinstance(values, dict) else self._music_volume
        try:
            return min(1.0, max(0.0, float(v)))
        except (TypeError, ValueError):
            return MUSIC_VOLUME_DEFAULT

    @property
    def music_gain(self) -> float:
        """What the theme plays at now (0 when muted)."""
        return 0.0 if self.settings["muted"] else self.music_volume * MUSIC_LEVEL

    def set_music_volume(self, v: float) -> None:
        v = round(min(1.0, max(0.0, float(v))), 2)
        self._music_volume = v
        if "music_volume" in getattr(self.settings, "values", {}):
            self.settings["music_volume"] = v       # kept between runs
        self._apply_volume()

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
    def theme_for(self, game_id: str | None) -> str:
        """:func:`theme_for`, falling back to the menus' theme when the file is missing."""
        name = theme_for(game_id)
        return name if self.assets.sound_path(name) is not None else MENU_THEME

    def music(self, name: str | None, fade_ms: int = MUSIC_FADE_MS) -> None:
        """Cross-fade to theme ``name`` (None: fade out). The same theme again goes on playing."""
        if name == self.music_name:
            return
        self.music_name = name
        self.music_requests.append((name, fade_ms))
        del self.music_requests[:-20]
        self._loading = None
        if not self.enabled:
            return
        path = self.assets.sound_path(name) if name else None
        if path is None:
            self._fade_out(fade_ms)
            return
        job: dict = {}
        key = (str(path), pygame.mixer.get_init())
        if key in _decoded or not self.threaded:
            _decode(key, job)
            self._start(name, fade_ms, job)
            return
        t = threading.Thread(target=_decode, args=(key, job), name="sandtable-music", daemon=True)
        self._loading = (name, fade_ms, t, job)
        t.start()

    def poll(self) -> None:
        """Each frame: start the theme that has been decoded meanwhile."""
        if self._loading is not None and not self._loading[2].is_alive():
            name, fade_ms, _t, job = self._loading
            self._loading = None
            if name == self.music_name:
                self._start(name, fade_ms, job)

    def wait_music(self, timeout: float = 10.0) -> None:
        """Wait until the theme asked for is decoded and playing (tests)."""
        if self._loading is not None:
            self._loading[2].join(timeout)
        self.poll()

    def music_playing(self) -> str | None:
        """The theme on the music channel now (not fading out), or None."""
        if not self._chans or self._music_sound is None:
            return None
        ch = self._chans[self._on]
        return self.music_name if ch.get_busy() and ch.get_sound() is self._music_sound else None

    def _fade_out(self, fade_ms: int) -> None:
        self._music_sound = None
        for ch in self._chans:
            try:
                if ch.get_busy():
                    ch.fadeout(max(1, fade_ms))
            except pygame.error:
                pass

    def _start(self, name: str, fade_ms: int, job: dict) -> None:
        raw = job.get("raw")
        if raw is None or not self._chans:
            self._fade_out(fade_ms)
            return
        try:
            snd = pygame.mixer.Sound(buffer=raw)
        except pygame.error:
            self._fade_out(fade_ms)
            return
        self._fade_out(fade_ms)               # the last theme fades out ...
        self._on = 1 - self._on
        ch = self._chans[self._on]
        ch.stop()
        snd.set_volume(self.music_gain)
        ch.play(snd, loops=-1, fade_ms=max(0, fade_ms))     # ... while this one fades in
        self._music_sound = snd


def _decode(key: tuple, job: dict) -> None:
    """Decode a theme to the mixer's format (kept for the next few requests); job["raw"]."""
    raw = _decoded.get(key)
    if raw is None:
        try:
            raw = pygame.mixer.Sound(key[0]).get_raw()
        except (pygame.error, OSError):
            raw = None
        if raw is not None:
            _decoded[key] = raw
            while len(_decoded) > MUSIC_CACHE:
                _decoded.popitem(last=False)
    else:
        _decoded.move_to_end(key)
    job["raw"] = raw
