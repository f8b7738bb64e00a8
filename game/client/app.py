"""The application: window, main loop, scene switching, global keys, kiosk/demo.

Scenes reach each other through the navigator (game/client/navigator.py): this
module imports the scenes (the package imports each of its modules) and the
tutorial once, so that each registers its routes.

``run()`` is what the CLI calls. Tests build ``App(fast=True)`` and call
``frame(dt)`` themselves with synthetic events.

AI decisions run in the AI worker process (:mod:`game.ai.worker`), started
with the app and shared by every session, so the window keeps drawing while an
agent thinks. ``App(ai="inline")`` runs them in the frame instead (the caller
waits): screenshots and the client tests in fast mode use that.
"""
from __future__ import annotations

import dataclasses
import logging
import random
import traceback
import warnings

import pygame

from game import rulesets
from game.core.memory import settle_memory
from game.core.save import clean_temp_files, default_save_dir

from .assets import Assets
from .audio import Audio
from .i18n import _
from .input import InputMapper, Intent
from .kiosk import Attract, KioskConfig, kiosk_log
from . import i18n
from . import scenes, tutorial  # noqa: F401  (every scene module, once: each registers its routes)
from .navigator import BOARD, SEATS, TITLE, go
from .scenes.attract import AttractPresenter, draw_exit_hold, draw_idle_warning, draw_play_prompt
from .settings import Settings
from .widgets import BAD, TEXT, draw_toasts
from .i18n import _

SIZE = (1280, 720)
MIN_SIZE = (1024, 576)      # the window may shrink to this; the layout is never smaller
DEMO_EXIT_HOLD = 2.0        # hold Esc this long to leave the (unlocked) demo
EXIT_HOLD = 2.0             # hold the kiosk's exit combination (Ctrl+Shift+Q) this long to quit
PROMPT_SECONDS = 10.0       # "press to play" stays up this long
INPUT_QUIET = 0.4           # input ignored this long after the prompt opens or the seats screen comes
MOTION_OFFER = 40           # pixels of mouse movement that offer "press to play"
IDLE_WARNING = 15.0         # a person's game left alone: the countdown shows this long before the demo
FAST_SCALE = 40.0


class App:
    def __init__(self, mode: str = "play", fullscreen: bool = False, size=SIZE, fast: bool = False,
                 time_scale: float | None = None, ai: str = "worker", kiosk: "KioskConfig | None" = None):
        if ai not in ("worker", "inline"):
            raise ValueError(f"ai must be 'worker' or 'inline', not {ai!r}")
        if ai == "worker":
            from game.ai.worker import shared
            self.ai = shared()              # started now: its first decision will not wait for it
        else:
            from game.ai import levels
            from game.ai.worker import Inline
            self.ai = Inline()
            levels.set_explain(True)        # (the worker does this itself) the explain toggle and hints
        pygame.init()
        self.size = tuple(size)
        self.mode = mode
        self.settings = Settings()
        i18n.set_language(self.settings.language())
        self.window_size = self.size
        self.display = pygame.display.set_mode(self.size, pygame.RESIZABLE)
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                pygame.Window.from_display_module().minimum_size = MIN_SIZE
        except (AttributeError, pygame.error):
            pass
        pygame.display.set_caption("Sandtable")
        self.assets = Assets()
        self.assets.palette.name = self.settings["palette"]
        self.screen = self.display
        self.ui_scale = 1.0
        self._layout_size()
        icon = self.assets.image("icon.png")
        if icon is not None:
            try:
                pygame.display.set_icon(icon)
            except pygame.error:
                pass
        self.audio = Audio(self.assets, self.settings, threaded=not fast)
        self.input = InputMapper()
        self.time_scale = time_scale if time_scale is not None else (FAST_SCALE if fast else 1.0)
        self.clock = pygame.time.Clock()
        self.now = 0.0
        self.running = True
        self.exit_code = 0
        self.scene = None
        self.cache: dict = {}
        self.toasts: list[list] = []
        self.toast_rects: list = []         # where the toasts were drawn last (inside the window)
        self.frames = 0                     # frames drawn (App.draw)
        self.kiosk = kiosk if kiosk is not None else (KioskConfig() if mode == "demo" else None)
        self.attract = None                 # the attract loop (game.client.kiosk.Attract), once started
        self.attracting = False             # ... and it is on show now
        self.demo_from_play = False         # the loop started from the title (idle): a key goes back
        self.prompt_until = 0.0             # "press to play" is on screen until then
        self.quiet_until = 0.0              # input ignored until then (no mashing through a prompt)
        self.idle = 0.0                     # (kiosk) how long a person's game has been left alone
        self._motion = 0
        if self.kiosk is not None:
            kiosk_log()
        self._rng = random.Random()
        self.fullscreen = False
        if fullscreen or (mode == "play" and False):
            self.toggle_fullscreen()
        clean_temp_files(default_save_dir())    # what a save killed half-way left behind
        if self.settings.warning:
            self.toast(self.settings.warning, BAD, ttl=8.0)

    # -- scenes -----------------------------------------------------------------
    def switch(self, scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        scene.fit()                         # (a scene coming back after a resize while away)
        scene.enter()
        settle_memory()


    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def request_quit(self) -> None:
        """The window's close button or Ctrl+Q: a scene with a person's game in it asks
        first and autosaves (``scene.ask_quit()`` True: it asked); else quit now."""
        ask = getattr(self.scene, "ask_quit", None)
        if ask is None or self.kiosk is not None or self.attracting or not ask():
            self.quit(0)

    def toast(self, text: str, colour=TEXT, ttl: float = 3.0) -> None:
        if text:                            # (a long message stays long enough to be read)
            self.toasts.append([text, colour, max(ttl, len(text) / 20)])
            del self.toasts[:-3]

    def set_language(self, code: str) -> None:
        """Switch the interface language now and keep it in settings (the settings
        screen's chooser calls this with a code from ``i18n.available_languages()``)."""
        self.settings["language"] = i18n.set_language(code)

    def next_seed(self) -> int:
        return self._rng.randrange(1, 2**31)

    def toggle_fullscreen(self) -> bool:
        """Fullscreen on or off (kept in the settings); False when the display cannot."""
        try:
            if pygame.display.toggle_fullscreen() == 0:
                self.fullscreen = not self.fullscreen
                self.settings["fullscreen"] = self.fullscreen
                return True
        except pygame.error:
            pass
        return False

    # -- window size and interface scale ----------------------------------------------
    def effective_scale(self, window: tuple[int, int] | None = None) -> float:
        """The interface scale set in the settings, made smaller when the window is too
        small for it: the layout (the window's size divided by the scale) is never
        smaller than MIN_SIZE."""
        w, h = window or self.window_size
        want = float(self.settings["ui_scale"])
        return max(0.5, min(want, w / MIN_SIZE[0], h / MIN_SIZE[1])) if want > 1.0 else want

    def _layout_size(self) -> None:
        """Lay out at the window's size divided by the interface scale: scenes draw on
        ``self.screen`` of ``self.size``, scaled to the window when the scale is not 1."""
        s = self.effective_scale()
        w, h = self.window_size
        size = (max(1, round(w / s)), max(1, round(h / s))) if s != 1.0 else (w, h)
        self.ui_scale = s
        self.size = size
        self.screen = self.display if size == tuple(self.display.get_size()) else pygame.Surface(size).convert()

    def resize(self, w: int, h: int) -> None:
        """The window is now w×h: lay out again at that size (never below MIN_SIZE)."""
        self.display = pygame.display.get_surface() or self.display    # (SDL2 resizes it itself)
        w, h = max(MIN_SIZE[0], int(w)), max(MIN_SIZE[1], int(h))
        if (w, h) != tuple(self.display.get_size()) and not self.fullscreen:
            self.display = pygame.display.set_mode((w, h), pygame.RESIZABLE)
        self.window_size = (w, h)
        self.relayout()

    def relayout(self) -> None:
        """The window or the interface scale changed: new drawing surface, scenes laid out again."""
        self._layout_size()
        if self.scene is not None:
            self.scene.fit()

    def set_ui_scale(self, v: float) -> None:
        self.settings["ui_scale"] = v
        self.relayout()

    def set_palette(self, name: str) -> None:
        """Side colours and glyphs (game.client.palette); every board redraws with them."""
        self.settings["palette"] = name
        self.assets.palette.name = name
        self.assets.forget_dressed()
        self.cache.pop("thumbs", None)
        if self.scene is not None:
            self.scene.restyle()

    def to_layout(self, pos):
        """A window position (mouse) in layout coordinates."""
        if pos is None or self.screen is self.display:
            return pos
        ww, wh = self.display.get_size()
        return (int(pos[0] * self.size[0] / ww), int(pos[1] * self.size[1] / wh))

    def present(self) -> None:
        """Put the frame on the window (scaled when the interface scale is not 1)."""
        if self.screen is not self.display:
            pygame.transform.smoothscale(self.screen, self.display.get_size(), self.display)

    # -- demo / kiosk -----------------------------------------------------------
    @property
    def in_demo(self) -> bool:
        """The attract loop is on show (input is the kiosk's, not the scene's)."""
        return self.attracting

    @property
    def locked(self) -> bool:
        return self.kiosk is not None and self.kiosk.locked

    @property
    def demo_games(self) -> int:
        """Demo games ended so far (played out or moved on from)."""
        return self.attract.ended if self.attract is not None else 0

    def start_demo(self, from_play: bool = False) -> None:
        """Start (or go back to) the attract loop; its first title card shows now."""
        if self.attract is None:
            self.attract = Attract(self.kiosk or KioskConfig(), self.ai, AttractPresenter(self),
                                   logger=logging.getLogger("sandtable.kiosk"))
        self.attracting = True
        self.demo_from_play = from_play
        self.prompt_until = 0.0
        self.idle = 0.0
        self.audio.music(None)
        self.attract.update(0.0)

    def _stop_attract(self) -> None:
        self.attracting = False
        self.prompt_until = 0.0
        if self.attract is not None:
            self.attract.stop()

    def leave_demo(self) -> None:
        """Out of the attract loop: back to the title when it started from there, else quit."""
        self._stop_attract()
        if self.mode == "demo" and not self.demo_from_play:
            self.quit(0)
        else:
            go(self, TITLE)

    def play_from_demo(self) -> None:
        """"Press to play": the seats screen of the game on show."""
        a = self.attract
        gid = a.on_show
        self._stop_attract()
        self.idle = 0.0
        self.quiet_until = self.now + INPUT_QUIET
        self.audio.play("click")
        go(self, SEATS, game_id=gid)

    def back_to_attract(self) -> None:
        """A person's game is over or left alone: close it and show the demo again."""
        sc = self.scene
        if sc is not None and hasattr(sc, "session"):
            try:
                sc.session.close()
            except Exception:
                pass
        self.start_demo(from_play=self.mode != "demo")

    def demo_hints(self) -> str:
        """What input does on the attract loop's screens (nothing is said when locked)."""
        if not self.attracting or self.locked:
            return ""
        if self.demo_from_play:
            return _("Any key: back to the title")
        return _("Any key, click or (A): play this game   ·   hold Esc: exit")

    def _attract_input(self, it: Intent) -> None:
        """Input on the attract loop: the first touch offers "press to play", the next plays."""
        if self.locked:
            return                      # only the exit combination (see frame) and QUIT
        n = it.name
        if n == "quit":
            self.quit(0)
            return
        if n in ("pad_added", "pad_removed", "release", "drag", "confirm_up", "pan"):
            return                      # (a release, a stick's scroll each frame: not a person's "play")
        if self.demo_from_play:
            if n != "point":
                self.leave_demo()
            return
        if self.now < self.quiet_until:
            return
        if n == "point":
            self._motion += abs(it.dx) + abs(it.dy)
            if self._motion >= MOTION_OFFER and self.prompt_until <= self.now:
                self._offer()
            return
        if self.prompt_until > self.now:
            if n == "back":
                self.prompt_until = 0.0         # keep watching
            else:
                self.play_from_demo()
            return
        if n == "back":
            return                              # (held, it exits)
        self._offer()

    def _offer(self) -> None:
        self._motion = 0
        self.prompt_until = self.now + PROMPT_SECONDS
        self.quiet_until = self.now + INPUT_QUIET     # a hand mashing keys does not go straight through
        self.audio.play("click")

    def waiting_for_person(self) -> bool:
        f = getattr(self.scene, "waiting_for_person", None)
        return True if f is None else bool(f())

    # -- faults (kiosk) ----------------------------------------------------------------
    def _guard(self, where: str, fn, *args) -> None:
        """Run ``fn``; in a kiosk an exception is logged and the loop goes on."""
        if self.kiosk is None:
            fn(*args)
            return
        try:
            fn(*args)
        except Exception as e:
            self._fault(where, e)

    def _fault(self, where: str, e: Exception) -> None:
        if self.attracting and self.attract is not None:
            self.attract.fault(where, e)
            return
        from .kiosk import action_log
        sc = self.scene
        game = getattr(getattr(sc, "session", None), "game", None)
        try:
            logging.getLogger("sandtable.kiosk").error(
                "error in a person's %s (%s, scene %s, seed %s, %d actions): %s\n%saction log: %s",
                getattr(game, "game_id", "game"), where, getattr(sc, "name", "?"), getattr(game, "seed", None),
                len(getattr(game, "history", ())), e, "".join(traceback.format_exception(e)),
                action_log(game) if game is not None else "{}")
        finally:
            self.back_to_attract()

    # -- loop ---------------------------------------------------------------------
    def dispatch(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            if self.attracting or self.kiosk is not None:
                self.quit(0)
            else:
                self.request_quit()
            return
        if ev.type == pygame.VIDEORESIZE:
            self.resize(ev.w, ev.h)
            return
        if ev.type == pygame.WINDOWSIZECHANGED:
            return
        for it in self.input.translate(ev, self.now):
            if it.pos is not None and self.screen is not self.display:
                it = dataclasses.replace(it, pos=self.to_layout(it.pos))
            self.route(it)

    def route(self, it: Intent) -> None:
        """Global intents first, then the scene (the attract loop takes input itself)."""
        if self.attracting:
            self._attract_input(it)
            return
        if self.kiosk is not None:              # a person's game in a kiosk
            if it.name not in ("pad_added", "pad_removed"):
                self.idle = 0.0
            if self.now < self.quiet_until:
                return
            if it.name == "quit":
                self.back_to_attract()
                return
        if it.name == "quit":
            self.request_quit()
            return
        if it.name in ("pad_added", "pad_removed"):     # (the scene is told too: a title may ignore it)
            self.toast((_("Controller connected: {name}") if it.name == "pad_added"
                        else _("Controller disconnected: {name}")).format(name=it.text or _("gamepad")))
        if it.name in getattr(self.scene, "own_intents", ()):    # a scene that uses these keys itself (the replay: +/- speed)
            self.scene.handle(it)
            return
        if it.name == "fullscreen":
            self.toggle_fullscreen()
            return
        if it.name == "mute":
            self.audio.toggle_mute()
            self.toast(_("Sound off") if self.settings["muted"] else _("Sound on"))
            return
        if it.name == "volume":
            self.audio.change_volume(0.1 * it.dx)
            self.audio.play("click")
            self.toast(_("Volume {v}%").format(v=int(round(self.settings['volume'] * 100))))
            return
        if self.scene is not None:
            self.scene.handle(it)

    def frame(self, dt: float, events: list | None = None) -> None:
        """One frame: events (from the queue unless given), update, draw."""
        self.now += dt
        for ev in (pygame.event.get() if events is None else events):
            self._guard("input", self.dispatch, ev)
            if not self.running:
                return
        for it in self.input.poll(dt):
            self._guard("input", self.route, it)
        self.audio.poll()                       # a theme decoded meanwhile starts its cross-fade
        if self.kiosk is not None and self.input.combo_held_for(self.now) >= EXIT_HOLD:
            self.quit(0)                        # the kiosk's exit combination, locked or not
            return
        if self.attracting and not self.locked and self.input.esc_held_for(self.now) >= DEMO_EXIT_HOLD:
            self.input._esc_down_since = None
            self.leave_demo()
            if not self.running:
                return
        if self.scene is not None:
            self._guard("update", self.scene.update, dt)
        if self.attracting:
            self.attract.update(dt * self.time_scale)      # (never raises: faults move it on)
        elif self.kiosk is not None and self.waiting_for_person():
            self.idle += dt
            if self.idle >= self.kiosk.idle:
                logging.getLogger("sandtable.kiosk").info("idle for %.0f s: back to the demo", self.idle)
                self.back_to_attract()
        if self.scene is not None:
            self._guard("draw", self.draw)

    def draw(self) -> None:
        self.frames += 1                        # (a scene may draw only what changed since the frame before)
        self.scene.draw(self.screen)
        self.toast_rects = draw_toasts(self.screen, self.assets, self.toasts)
        for t in self.toasts:
            t[2] -= self._last_dt if hasattr(self, "_last_dt") else 0.016
        self.toasts = [t for t in self.toasts if t[2] > 0]
        if self.kiosk is not None:
            self._draw_kiosk()

    def _draw_kiosk(self) -> None:
        """Over any scene: "press to play", the idle countdown, the exit being held."""
        a = self.attract
        if self.attracting and self.prompt_until > self.now and a is not None:
            spec = rulesets.spec(a.on_show)
            draw_play_prompt(self.screen, self.assets, spec.title, spec.local, self.prompt_until - self.now)
        if not self.attracting and self.idle >= self.kiosk.idle - IDLE_WARNING:
            draw_idle_warning(self.screen, self.assets, self.kiosk.idle - self.idle)
        held = self.input.combo_held_for(self.now) / EXIT_HOLD
        if self.attracting and not self.locked:
            held = max(held, self.input.esc_held_for(self.now) / DEMO_EXIT_HOLD)
        draw_exit_hold(self.screen, held)

    def run_loop(self) -> int:
        while self.running:
            try:
                dt = min(0.1, self.clock.tick(60) / 1000.0)
                self._last_dt = dt
                self.frame(dt)
                if self.running:
                    self.present()
                    pygame.display.flip()
            except KeyboardInterrupt:
                break
            except Exception as e:
                if self.kiosk is None:
                    raise
                self._fault("frame", e)     # a kiosk never goes down
        self.audio.music(None)
        return self.exit_code


def run(mode: str = "play", fullscreen: bool = False, game_id: str | None = None, load: str | None = None,
        seats: dict | None = None, kiosk: KioskConfig | None = None) -> int:
    """Start the client. ``mode``: "play" or "demo" (the kiosk: ``kiosk`` says how it
    runs). Returns the exit code."""
    from .session import Session, SaveError

    app = App(mode=mode, fullscreen=fullscreen or (mode == "play" and Settings(quiet=True)["fullscreen"]), kiosk=kiosk)
    try:
        if mode == "demo":
            app.start_demo(from_play=False)
        elif load:
            try:
                go(app, BOARD, session=Session.load(load, seats))
            except SaveError as e:
                go(app, TITLE)
                app.toast(str(e), BAD, ttl=8.0)
        elif game_id:
            if game_id not in rulesets.available():
                go(app, TITLE)
                app.toast(_("{game_id}: not a playable game ({join})").format(game_id=game_id, join=', '.join(rulesets.available())), BAD, ttl=6.0)
            elif seats:
                game = rulesets.new_game(game_id, app.next_seed())
                go(app, BOARD, session=Session(game, seats))
            else:
                go(app, SEATS, game_id=game_id)
        else:
            go(app, TITLE)
        return app.run_loop()
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        from game.ai.worker import close_shared
        close_shared()
        pygame.quit()
