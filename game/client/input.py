"""Input mapping: keyboard, mouse and gamepad events become :class:`Intent`s.

Scenes react to intents, not raw events, so every action has a keyboard and
a gamepad path as well as a mouse one.

Keyboard: Enter = confirm (click at the cursor, else the main button), Space =
main context button, arrows = hex cursor (Shift+arrows pan), A = click at the
cursor, Tab/Shift+Tab = cycle units, F = focus the panel's buttons and cards,
Z = ZOC overlay, E = explain the AI's last decision (toggle), I = hint (what the
normal AI would do), U = undo, Ctrl+S = save, Ctrl+L = load, Esc = menu/back,
M = mute, +/- = volume, F11 or Alt+Enter = fullscreen, F1 = help (the rules reference), PageUp/PageDown
= zoom, Home/End = top/end (the rules reference), Ctrl+Q = quit, Delete = delete (a save, on the Load screen). The kiosk's exit combination, which works even when it is
locked: hold Ctrl+Shift+Q 2 s.

Gamepad (the SDL GameController layout, Xbox names): D-pad / left stick =
cursor and menu focus (repeats while held), right stick = scroll the map (and
long pages), A = confirm, B = back / cancel, X = main button, Y = focus the
panel's buttons and cards (again: the next one), LB/RB = cycle units (pages),
LT/RT = zoom out/in, Start = menu, Back/Select (a tap) = help, L3 = ZOC overlay,
R3 = the game's map overlay, Guide = the threat view. Held, Back is a shift for
the rest: Back + D-pad up/down scrolls the event log (as the wheel over it,
Ctrl+Up/Down), Back + right jumps to its newest events (End), Back + X asks for a
hint (I), Back + Y toggles the AI's explanations (E); a Back used so gives no help
when let go. The event log: Ctrl+Up/Down scroll it, End jumps back to the newest
events; T = the threat view. A pad SDL knows (``pygame._sdl2.controller``) is
opened as a GameController, so any make maps to these; any other joystick is
read by the usual XInput numbering. Pads may come and go while the client runs
(``pad_added`` / ``pad_removed`` intents; the app shows a toast).
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

try:                                    # SDL's GameController API (standard mapping of any known pad)
    from pygame._sdl2 import controller as sdl_controller
except ImportError:                     # pragma: no cover - an older pygame
    sdl_controller = None

# Xbox-style joystick button numbers (SDL's usual numbering for XInput pads, the fallback)
PAD_A, PAD_B, PAD_X, PAD_Y, PAD_LB, PAD_RB, PAD_BACK, PAD_START, PAD_L3, PAD_R3 = range(10)
JOY_BUTTONS = {PAD_A: "a", PAD_B: "b", PAD_X: "x", PAD_Y: "y", PAD_LB: "lb", PAD_RB: "rb", PAD_BACK: "back",
               PAD_START: "start", PAD_L3: "l3", PAD_R3: "r3"}
#: SDL GameController buttons (CONTROLLERBUTTONDOWN ev.button) by name
CONTROLLER_BUTTONS = {
    pygame.CONTROLLER_BUTTON_A: "a", pygame.CONTROLLER_BUTTON_B: "b", pygame.CONTROLLER_BUTTON_X: "x",
    pygame.CONTROLLER_BUTTON_Y: "y", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "lb",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "rb", pygame.CONTROLLER_BUTTON_BACK: "back",
    pygame.CONTROLLER_BUTTON_START: "start", pygame.CONTROLLER_BUTTON_LEFTSTICK: "l3",
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: "r3", pygame.CONTROLLER_BUTTON_GUIDE: "guide",
    pygame.CONTROLLER_BUTTON_DPAD_UP: "up", pygame.CONTROLLER_BUTTON_DPAD_DOWN: "down",
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: "left", pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "right",
}
DPAD = {"up": (0, -1), "down": (0, 1), "left": (-1, 0), "right": (1, 0)}
#: what each pad button means
PAD_INTENTS = {"a": ("confirm", 0), "b": ("back", 0), "x": ("context", 0), "y": ("panel", 0),
               "lb": ("cycle", -1), "rb": ("cycle", 1), "start": ("menu", 0),
               "l3": ("zoc", 0), "r3": ("overlay", 0), "guide": ("threat", 0)}
#: the pad's Back: "help" when tapped alone (given when let go); held, a shift for these buttons ...
SHIFT = "back"
SHIFT_BUTTONS = {"x": ("hint", 0), "y": ("explain", 0)}
#: ... and these directions (d-pad or left stick): the event log back / forward, its newest events
SHIFT_DIRECTIONS = {(0, -1): ("log_scroll", 1), (0, 1): ("log_scroll", -1), (1, 0): ("log_newest", 0)}
# the sticks: (x axis, y axis) of the GameController; the fallback joystick's are looked up per device
LEFT_STICK = (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY)
RIGHT_STICK = (pygame.CONTROLLER_AXIS_RIGHTX, pygame.CONTROLLER_AXIS_RIGHTY)
TRIGGERS = {pygame.CONTROLLER_AXIS_TRIGGERLEFT: -1, pygame.CONTROLLER_AXIS_TRIGGERRIGHT: 1}   # zoom out / in
STICK_DEADZONE = 0.5        # the left stick steps the cursor beyond this
PAN_DEADZONE = 0.25         # the right stick scrolls beyond this (no drift from a worn stick)
TRIGGER_ON = 0.5
PAN_SPEED = 900.0           # pixels a second, the right stick fully over
REPEAT_DELAY = 0.38         # seconds before a held direction (d-pad, stick) repeats ...
REPEAT_EVERY = 0.14         # ... and then between steps
ZOOM_EVERY = 0.3            # a held trigger zooms again after this
STICK_REPEAT = REPEAT_EVERY  # (the old name)
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
    text: str = ""               # pad_added / pad_removed: the pad's name


def _axis(v) -> float:
    """An axis value as -1..1 (GameController events give SDL's integers)."""
    v = float(v)
    return max(-1.0, min(1.0, v / 32767.0 if abs(v) > 1.0 else v))


def _sign(v: float, dead: float) -> int:
    return (v > dead) - (v < -dead)


class InputMapper:
    def __init__(self) -> None:
        self.pads: dict[int, object] = {}     # instance id -> Joystick or Controller
        self.controllers: set[int] = set()    # ... of those, opened as GameControllers
        self.names: dict[int, str] = {}
        self._held: dict[str, tuple[int, int]] = {}   # "dpad" / "hat" / "stick" -> direction held
        self._move: tuple[int, int] = (0, 0)          # the direction repeating now
        self._move_timer = 0.0
        self._stick = [0.0, 0.0]                      # the left stick (cursor steps)
        self._pan = [0.0, 0.0]                        # the right stick (scrolling)
        self._pan_acc = [0.0, 0.0]
        self._trig: dict[int, list] = {}              # trigger held -> [time to its next zoom step, direction]
        self._shift: bool | None = None              # Back held: None (not), False (alone so far), True (used)
        self._esc_down_since: float | None = None
        self._combo_since: float | None = None     # Ctrl+Shift+Q held since (the kiosk's exit)
        self.last_input_time = 0.0
        try:
            pygame.joystick.init()
            if sdl_controller is not None:
                sdl_controller.init()
            for i in range(pygame.joystick.get_count()):
                self._add_pad(i)
        except pygame.error:
            pass

    # -- gamepads (hot-plug) -------------------------------------------------
    def _add_pad(self, index: int) -> int | None:
        """Open device ``index`` (as a GameController when SDL knows its mapping); its
        instance id if it was not open yet, else None."""
        try:
            if sdl_controller is not None and sdl_controller.is_controller(index):
                c = sdl_controller.Controller(index)
                iid = c.as_joystick().get_instance_id()
                if iid in self.pads:
                    return None
                self.pads[iid] = c
                self.controllers.add(iid)
                self.names[iid] = str(getattr(c, "name", "") or "")
                return iid
            js = pygame.joystick.Joystick(index)
            js.init()
            iid = js.get_instance_id()
            if iid in self.pads:
                return None
            self.pads[iid] = js
            self.names[iid] = js.get_name() or ""
            return iid
        except (pygame.error, ValueError, IndexError):
            return None

    def _remove_pad(self, iid: int) -> str | None:
        """Close a device that went away; its name if it was open."""
        dev = self.pads.pop(iid, None)
        self.controllers.discard(iid)
        name = self.names.pop(iid, None)
        if dev is None:
            return None
        try:
            dev.quit()
        except (pygame.error, AttributeError):
            pass
        self._held.clear()
        self._move = (0, 0)
        self._stick = [0.0, 0.0]
        self._pan = [0.0, 0.0]
        self._trig.clear()
        self._shift = None
        return name or ""

    def esc_held_for(self, now: float) -> float:
        return 0.0 if self._esc_down_since is None else now - self._esc_down_since

    def combo_held_for(self, now: float) -> float:
        """How long Ctrl+Shift+Q has been held (the kiosk's exit combination)."""
        return 0.0 if self._combo_since is None else now - self._combo_since

    # -- translation -----------------------------------------------------------
    def translate(self, ev: pygame.event.Event, now: float = 0.0) -> list[Intent]:
        t = ev.type
        out: list[Intent] = []
        if t in (pygame.JOYDEVICEADDED, pygame.CONTROLLERDEVICEADDED):
            iid = self._add_pad(getattr(ev, "device_index", getattr(ev, "instance_id", -1)))
            return [] if iid is None else [Intent("pad_added", source="pad", text=self.names.get(iid, ""))]
        if t in (pygame.JOYDEVICEREMOVED, pygame.CONTROLLERDEVICEREMOVED):
            name = self._remove_pad(getattr(ev, "instance_id", -1))
            return [] if name is None else [Intent("pad_removed", source="pad", text=name)]
        if t in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION):
            return self._controller(ev, now)
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.JOYHATMOTION, pygame.JOYAXISMOTION):
            if getattr(ev, "instance_id", None) in self.controllers:
                return []               # a GameController: its CONTROLLER* events say the same, mapped
            return self._joystick(ev, now)
        if t in (pygame.KEYDOWN, pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
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
        return out

    # -- pads ---------------------------------------------------------------------------
    def _controller(self, ev, now: float) -> list[Intent]:
        if ev.type == pygame.CONTROLLERAXISMOTION:
            return self._axis_moved(ev.axis, _axis(ev.value), now, LEFT_STICK, RIGHT_STICK, TRIGGERS)
        name = CONTROLLER_BUTTONS.get(ev.button)
        if name is None:
            return []
        return self._button(name, ev.type == pygame.CONTROLLERBUTTONDOWN, now)

    def _joystick(self, ev, now: float) -> list[Intent]:
        t = ev.type
        if t in (pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP):
            name = JOY_BUTTONS.get(ev.button)
            if name is None:
                return [Intent("any", source="pad")] if t == pygame.JOYBUTTONDOWN else []
            return self._button(name, t == pygame.JOYBUTTONDOWN, now)
        if t == pygame.JOYHATMOTION:
            hx, hy = ev.value
            return self._direction("hat", (hx, -hy), now)
        # XInput numbering: 0/1 the left stick; the right stick 2/3 (4 axes) or 3/4 (with the triggers on 2 and 5)
        dev = self.pads.get(getattr(ev, "instance_id", -1))
        axes = dev.get_numaxes() if hasattr(dev, "get_numaxes") else 6
        right = (2, 3) if axes == 4 else (3, 4)
        triggers = {} if axes == 4 else {2: -1, 5: 1}
        return self._axis_moved(ev.axis, _axis(ev.value), now, (0, 1), right, triggers)

    def _button(self, name: str, down: bool, now: float) -> list[Intent]:
        if name in DPAD:
            return self._direction(("dpad", name), DPAD[name] if down else (0, 0), now)
        if name == SHIFT:
            return self._shift_button(down, now)
        if not down:
            return [Intent("confirm_up", source="pad")] if name == "a" else []
        self.last_input_time = now
        if self._shift is not None and name in SHIFT_BUTTONS:
            self._shift = True
            intent, dx = SHIFT_BUTTONS[name]
            return [Intent(intent, dx=dx, source="pad")]
        if name not in PAD_INTENTS:
            return [Intent("any", source="pad")]
        intent, dx = PAD_INTENTS[name]
        return [Intent(intent, dx=dx, source="pad")]

    def _shift_button(self, down: bool, now: float) -> list[Intent]:
        """The pad's Back: held, a shift (see SHIFT_BUTTONS, SHIFT_DIRECTIONS); let go
        without having been used so, the help."""
        if down:
            self.last_input_time = now
            self._shift = False
            return []
        used, self._shift = self._shift, None
        if used:                        # (a direction still held does not go on as the cursor)
            self._held.clear()
            self._move = (0, 0)
            return []
        return [] if used is None else [Intent("help", source="pad")]

    def _step(self, d: tuple[int, int]) -> list[Intent]:
        """A step of the direction ``d``: the cursor, or with Back held what SHIFT_DIRECTIONS says."""
        if self._shift is None:
            return [Intent("cursor", dx=d[0], dy=d[1], source="pad")]
        self._shift = True
        if d not in SHIFT_DIRECTIONS:
            return []
        intent, dy = SHIFT_DIRECTIONS[d]
        return [Intent(intent, dy=dy, source="pad")]

    def _direction(self, source, d: tuple[int, int], now: float) -> list[Intent]:
        """A direction pressed (or let go, ``(0, 0)``) on the d-pad, hat or left stick: a step
        now, then repeats while held (:meth:`poll`)."""
        if d == (0, 0):
            self._held.pop(source, None)
        else:
            self._held[source] = d
        cur = next(reversed(self._held.values()), (0, 0)) if self._held else (0, 0)
        if cur == self._move:
            return []
        self._move = cur
        if cur == (0, 0):
            return []
        self.last_input_time = now
        self._move_timer = REPEAT_DELAY
        return self._step(cur)

    def _axis_moved(self, axis: int, v: float, now: float, left, right, triggers) -> list[Intent]:
        if axis in left:
            self._stick[left.index(axis)] = v
            d = (_sign(self._stick[0], STICK_DEADZONE), _sign(self._stick[1], STICK_DEADZONE))
            return self._direction("stick", d, now)
        if axis in right:
            self._pan[right.index(axis)] = v if abs(v) >= PAN_DEADZONE else 0.0
            if any(self._pan):
                self.last_input_time = now
            return []
        if axis in triggers:
            if v >= TRIGGER_ON and axis not in self._trig:
                self._trig[axis] = [ZOOM_EVERY, triggers[axis]]
                self.last_input_time = now
                return [Intent("zoom", dy=triggers[axis], source="pad")]
            if v < TRIGGER_ON:
                self._trig.pop(axis, None)
            return []
        return []

    def poll(self, dt: float) -> list[Intent]:
        """Held pad controls: a direction repeats, the right stick scrolls (``pan`` by whole
        pixels this frame), a held trigger zooms again."""
        out: list[Intent] = []
        if self._move != (0, 0):
            self._move_timer -= dt
            if self._move_timer <= 0:
                self._move_timer = REPEAT_EVERY
                out.extend(self._step(self._move))
        if any(self._pan):
            step = []
            for i in (0, 1):
                v = self._pan[i]
                mag = (abs(v) - PAN_DEADZONE) / (1 - PAN_DEADZONE) if v else 0.0
                self._pan_acc[i] += (1 if v > 0 else -1) * mag * mag * PAN_SPEED * dt if v else 0.0
                whole = int(self._pan_acc[i])
                self._pan_acc[i] -= whole
                step.append(whole)
            if step[0] or step[1]:
                out.append(Intent("pan", dx=step[0], dy=step[1], source="pad"))
        for held in self._trig.values():
            held[0] -= dt
            if held[0] <= 0:
                held[0] = ZOOM_EVERY
                out.append(Intent("zoom", dy=held[1], source="pad"))
        return out

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
        arrows = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
        if k in arrows:
            dx, dy = arrows[k]
            return [Intent("pan" if shift else "cursor", dx=dx, dy=dy)]
        simple = {pygame.K_SPACE: "context", pygame.K_a: "click_cursor", pygame.K_z: "zoc",
                  pygame.K_u: "undo", pygame.K_m: "mute", pygame.K_F1: "help", pygame.K_h: "help",
                  pygame.K_l: "overlay", pygame.K_e: "explain", pygame.K_i: "hint", pygame.K_f: "panel",
                  pygame.K_DELETE: "delete",
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
        if k == pygame.K_HOME:
            return [Intent("home")]
        if k == pygame.K_END:
            return [Intent("end")]
        if k == pygame.K_BACKSPACE:
            return [Intent("back")]
        return [Intent("any")]
