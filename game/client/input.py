"""Input mapping: keyboard, mouse and gamepad events become :class:`Intent`s.

Scenes react to intents, not raw events, so every action has a keyboard and
a gamepad path as well as a mouse one.

Keyboard: Enter = confirm (click at the cursor, else the main button), Space =
main context button, arrows = hex cursor (Shift+arrows pan), A = click at the
cursor, Tab/Shift+Tab = cycle units, Z = ZOC overlay, E = explain the AI's last
decision (toggle), I = hint (what the normal AI would do), U = undo, Ctrl+S = save,
Ctrl+L = load, Esc = menu/back, M = mute, +/- = volume, F11 or Alt+Enter =
fullscreen, F1 = help, PageUp/PageDown = zoom, Ctrl+Q = quit. The kiosk's
exit combination, which works even when it is locked: hold Ctrl+Shift+Q 2 s.
Gamepad (SDL/Xbox layout): D-pad / left stick = cursor, A = confirm, B = back,
X = main button, Y = ZOC overlay, LB/RB = cycle units, Start = menu,
Back/Select = help. The event log: Ctrl+Up/Down or the right stick scroll it, End or R3
jump back to the newest events. T or L3: the threat view (what the enemy can attack next turn).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

# Xbox-style joystick button numbers (SDL's usual mapping for XInput pads)
PAD_A, PAD_B, PAD_X, PAD_Y, PAD_LB, PAD_RB, PAD_BACK, PAD_START = 0, 1, 2, 3, 4, 5, 6, 7
PAD_L3, PAD_R3 = 8, 9           # the sticks pressed in
PAD_RIGHT_Y = 3                 # the right stick's vertical axis (scrolls the event log)
STICK_DEADZONE = 0.55
STICK_REPEAT = 0.22   # seconds between cursor steps while the stick is held
EXIT_COMBO_KEYS = (pygame.K_q, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LSHIFT, pygame.K_RSHIFT)


@dataclass(frozen=True)
class Intent:
    name: str
    pos: tuple[int, int] | None = None
    button: int = 0
    dx: int = 0
    dy: int = 0
    source: str = "key"          # "key" | "mouse" | "pad"
    char: str = ""               # the character a key types (for "type the shown key")


class InputMapper:
    def __init__(self) -> None:
        self.pads: dict[int, object] = {}     # instance id -> Joystick
        self._stick = [0.0, 0.0]
        self._stick_timer = 0.0
        self._log_stick = 0             # the right stick's last direction (one scroll per push)
        self._esc_down_since: float | None = None
        self._combo_since: float | None = None     # Ctrl+Shift+Q held since (the kiosk's exit)
        self.last_input_time = 0.0
        try:
            pygame.joystick.init()
            for i in range(pygame.joystick.get_count()):
                self._add_pad(i)
        except pygame.error:
            pass

    # -- gamepads (hot-plug) -------------------------------------------------
    def _add_pad(self, index: int) -> None:
        try:
            js = pygame.joystick.Joystick(index)
            js.init()
            self.pads[js.get_instance_id()] = js
        except pygame.error:
            pass

    def esc_held_for(self, now: float) -> float:
        return 0.0 if self._esc_down_since is None else now - self._esc_down_since

    def combo_held_for(self, now: float) -> float:
        """How long Ctrl+Shift+Q has been held (the kiosk's exit combination)."""
        return 0.0 if self._combo_since is None else now - self._combo_since

    # -- translation -----------------------------------------------------------
    def translate(self, ev: pygame.event.Event, now: float = 0.0) -> list[Intent]:
        t = ev.type
        out: list[Intent] = []
        if t == pygame.JOYDEVICEADDED:
            self._add_pad(ev.device_index)
            return [Intent("pad_added")]
        if t == pygame.JOYDEVICEREMOVED:
            self.pads.pop(getattr(ev, "instance_id", -1), None)
            return [Intent("pad_removed")]
        if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.JOYBUTTONDOWN, pygame.JOYHATMOTION,
                 pygame.MOUSEWHEEL):
            self.last_input_time = now
        if t == pygame.KEYUP and ev.key == pygame.K_ESCAPE:
            self._esc_down_since = None
        if t == pygame.KEYUP and ev.key in EXIT_COMBO_KEYS:
            self._combo_since = None
        if t == pygame.KEYDOWN:
            combo = ev.key == pygame.K_q and ev.mod & pygame.KMOD_CTRL and ev.mod & pygame.KMOD_SHIFT
            if combo and self._combo_since is None:
                self._combo_since = now
            elif not combo and ev.key not in EXIT_COMBO_KEYS:
                self._combo_since = None
        if t == pygame.KEYUP and ev.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            out.append(Intent("confirm_up"))
        if t == pygame.JOYBUTTONUP and ev.button == PAD_A:
            out.append(Intent("confirm_up", source="pad"))
        if t == pygame.KEYDOWN:
            ch = (getattr(ev, "unicode", "") or "")[:1]
            out.extend(Intent(i.name, i.pos, i.button, i.dx, i.dy, i.source, ch) if ch else i
                       for i in self._key(ev, now))
        elif t == pygame.MOUSEBUTTONDOWN:
            if ev.button in (1, 2, 3):
                out.append(Intent("press", ev.pos, ev.button, source="mouse"))
        elif t == pygame.MOUSEBUTTONUP:
            if ev.button in (1, 2, 3):
                out.append(Intent("release", ev.pos, ev.button, source="mouse"))
        elif t == pygame.MOUSEMOTION:
            out.append(Intent("point", ev.pos, dx=ev.rel[0], dy=ev.rel[1], source="mouse"))
            if ev.buttons[1] or ev.buttons[2]:
                out.append(Intent("drag", ev.pos, dx=ev.rel[0], dy=ev.rel[1], source="mouse"))
        elif t == pygame.MOUSEWHEEL:
            pos = pygame.mouse.get_pos()
            out.append(Intent("zoom", pos, dy=int(ev.y) if ev.y else 0, source="mouse"))
        elif t == pygame.JOYBUTTONDOWN:
            out.extend(self._pad_button(ev.button))
        elif t == pygame.JOYHATMOTION:
            hx, hy = ev.value
            if hx or hy:
                out.append(Intent("cursor", dx=hx, dy=-hy, source="pad"))
        elif t == pygame.JOYAXISMOTION and ev.axis == PAD_RIGHT_Y:
            up = ev.value <= -STICK_DEADZONE
            if (up or ev.value >= STICK_DEADZONE) and self._log_stick != (1 if up else -1):
                self.last_input_time = now
                out.append(Intent("log_scroll", dy=1 if up else -1, source="pad"))
            self._log_stick = (1 if up else -1) if abs(ev.value) >= STICK_DEADZONE else 0
        elif t == pygame.JOYAXISMOTION and ev.axis in (0, 1):
            self._stick[ev.axis] = ev.value
            if abs(ev.value) >= STICK_DEADZONE and self._stick_timer <= 0:
                self.last_input_time = now
                self._stick_timer = STICK_REPEAT
                out.append(self._stick_intent())
        return out

    def _stick_intent(self) -> Intent:
        sx, sy = self._stick
        dx = (sx > STICK_DEADZONE) - (sx < -STICK_DEADZONE)
        dy = (sy > STICK_DEADZONE) - (sy < -STICK_DEADZONE)
        return Intent("cursor", dx=dx, dy=dy, source="pad")

    def poll(self, dt: float) -> list[Intent]:
        """Held stick: repeat cursor steps."""
        self._stick_timer -= dt
        if self._stick_timer <= 0 and (abs(self._stick[0]) >= STICK_DEADZONE or abs(self._stick[1]) >= STICK_DEADZONE):
            self._stick_timer = STICK_REPEAT
            return [self._stick_intent()]
        return []

    def _pad_button(self, b: int) -> list[Intent]:
        m = {PAD_A: "confirm", PAD_B: "back", PAD_X: "context", PAD_Y: "zoc", PAD_START: "menu",
             PAD_BACK: "help", PAD_L3: "threat", PAD_R3: "log_newest"}
        if b in m:
            return [Intent(m[b], button=b, source="pad")]
        if b == PAD_LB:
            return [Intent("cycle", dx=-1, source="pad")]
        if b == PAD_RB:
            return [Intent("cycle", dx=1, source="pad")]
        return [Intent("any", source="pad")]

    def _key(self, ev: pygame.event.Event, now: float) -> list[Intent]:
        k, mod = ev.key, ev.mod
        ctrl = bool(mod & pygame.KMOD_CTRL)
        shift = bool(mod & pygame.KMOD_SHIFT)
        alt = bool(mod & pygame.KMOD_ALT)
        if k == pygame.K_ESCAPE:
            if self._esc_down_since is None:
                self._esc_down_since = now
            return [Intent("back")]
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            return [Intent("fullscreen")] if alt else [Intent("confirm")]
        if k == pygame.K_F11:
            return [Intent("fullscreen")]
        if ctrl and k == pygame.K_q:
            return [Intent("quit")]
        if ctrl and k == pygame.K_s:
            return [Intent("save")]
        if ctrl and k == pygame.K_l:
            return [Intent("load")]
        if ctrl and k == pygame.K_z:
            return [Intent("undo")]
        if ctrl and k in (pygame.K_UP, pygame.K_DOWN):
            return [Intent("log_scroll", dy=1 if k == pygame.K_UP else -1)]
        if k == pygame.K_END:
            return [Intent("log_newest")]
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k in arrows:
            dx, dy = arrows[k]
            return [Intent("pan" if shift else "cursor", dx=dx, dy=dy)]
        simple = {pygame.K_SPACE: "context", pygame.K_a: "click_cursor", pygame.K_z: "zoc",
                  pygame.K_u: "undo", pygame.K_m: "mute", pygame.K_F1: "help", pygame.K_h: "help",
                  pygame.K_l: "overlay", pygame.K_e: "explain", pygame.K_i: "hint",
                  pygame.K_t: "threat"}
        if k in simple:
            return [Intent(simple[k])]
        if k == pygame.K_TAB:
            return [Intent("cycle", dx=-1 if shift else 1)]
        if k in (pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS):
            return [Intent("volume", dx=1)]
        if k in (pygame.K_MINUS, pygame.K_KP_MINUS):
            return [Intent("volume", dx=-1)]
        if k == pygame.K_PAGEUP:
            return [Intent("zoom", dy=1)]
        if k == pygame.K_PAGEDOWN:
            return [Intent("zoom", dy=-1)]
        if k == pygame.K_BACKSPACE:
            return [Intent("back")]
        return [Intent("any")]
