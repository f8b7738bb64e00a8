"""The application: window, main loop, scene switching, global keys, kiosk/demo.

``run()`` is what the CLI calls. Tests build ``App(fast=True)`` and call
``frame(dt)`` themselves with synthetic events.

AI decisions run in the AI worker process (:mod:`game.ai.worker`), started
with the app and shared by every session, so the window keeps drawing while an
agent thinks. ``App(ai="inline")`` runs them in the frame instead (the caller
waits): screenshots and the client tests in fast mode use that.
"""
from __future__ import annotations

import random

import pygame

from game import rulesets
from game.core.memory import settle_memory

from .assets import Assets
from .audio import Audio
from .input import InputMapper, Intent
from .settings import Settings
from .widgets import BAD, TEXT, blit_center

SIZE = (1280, 720)
DEMO_EXIT_HOLD = 2.0
FAST_SCALE = 40.0


class App:
    def __init__(self, mode: str = "play", fullscreen: bool = False, size=SIZE, fast: bool = False,
                 time_scale: float | None = None, ai: str = "worker"):
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
        flags = pygame.SCALED | pygame.RESIZABLE
        self.screen = pygame.display.set_mode(self.size, flags)
        pygame.display.set_caption("Sandtable")
        self.assets = Assets()
        icon = self.assets.image("icon.png")
        if icon is not None:
            try:
                pygame.display.set_icon(icon)
            except pygame.error:
                pass
        self.audio = Audio(self.assets, self.settings)
        self.input = InputMapper()
        self.time_scale = time_scale if time_scale is not None else (FAST_SCALE if fast else 1.0)
        self.clock = pygame.time.Clock()
        self.now = 0.0
        self.running = True
        self.exit_code = 0
        self.scene = None
        self.cache: dict = {}
        self.toasts: list[list] = []
        self.demo_from_play = False
        self.demo_games = 0
        self._rng = random.Random()
        self.fullscreen = False
        if fullscreen or (mode == "play" and False):
            self.toggle_fullscreen()

    # -- scenes -----------------------------------------------------------------
    def switch(self, scene) -> None:
        if self.scene is not None:
            self.scene.leave()
        self.scene = scene
        scene.enter()
        settle_memory()


    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    def toast(self, text: str, colour=TEXT, ttl: float = 3.0) -> None:
        if text:
            self.toasts.append([text, colour, ttl])
            del self.toasts[:-3]

    def next_seed(self) -> int:
        return self._rng.randrange(1, 2**31)

    def toggle_fullscreen(self) -> None:
        try:
            pygame.display.toggle_fullscreen()
            self.fullscreen = not self.fullscreen
            self.settings["fullscreen"] = self.fullscreen
        except pygame.error:
            pass

    # -- demo / kiosk -----------------------------------------------------------
    @property
    def in_demo(self) -> bool:
        return getattr(self.scene, "demo", False)

    def start_demo(self, from_play: bool = False) -> None:
        from .scenes.board import BoardScene
        from .session import Session
        ids = rulesets.available()
        gid = ids[self.demo_games % len(ids)]
        game = rulesets.new_game(gid, self.next_seed())
        seats = {s: "heuristic" for s in game.seats}
        self.demo_from_play = from_play
        self.audio.music(None)
        self.switch(BoardScene(self, Session(game, seats, autosave=False), demo=True))

    def next_demo(self, scene) -> None:
        """A demo game has ended and its result was shown: free it and play another."""
        self.demo_games += 1
        scene.session.close()
        self.start_demo(from_play=self.demo_from_play)

    def leave_demo(self) -> None:
        from .scenes.title import TitleScene
        if self.scene is not None and hasattr(self.scene, "session"):
            self.scene.session.close()
        if self.mode == "demo" and not self.demo_from_play:
            self.quit(0)
        else:
            self.switch(TitleScene(self))

    # -- loop ---------------------------------------------------------------------
    def dispatch(self, ev: pygame.event.Event) -> None:
        if ev.type == pygame.QUIT:
            self.quit(0)
            return
        if ev.type == pygame.VIDEORESIZE or ev.type == pygame.WINDOWSIZECHANGED:
            return
        for it in self.input.translate(ev, self.now):
            self.route(it)

    def route(self, it: Intent) -> None:
        """Global intents first, then the scene (the demo locks input)."""
        if it.name == "quit":
            if self.in_demo:
                self.leave_demo()
            else:
                self.quit(0)
            return
        if self.in_demo:
            if self.demo_from_play and it.name not in ("point", "release", "drag", "pad_added", "pad_removed"):
                self.leave_demo()
            return
        if it.name == "fullscreen":
            self.toggle_fullscreen()
            return
        if it.name == "mute":
            self.audio.toggle_mute()
            self.toast("Sound off" if self.settings["muted"] else "Sound on")
            return
        if it.name == "volume":
            self.audio.change_volume(0.1 * it.dx)
            self.audio.play("click")
            self.toast(f"Volume {int(round(self.settings['volume'] * 100))}%")
            return
        if self.scene is not None:
            self.scene.handle(it)

    def frame(self, dt: float, events: list | None = None) -> None:
        """One frame: events (from the queue unless given), update, draw."""
        self.now += dt
        for ev in (pygame.event.get() if events is None else events):
            self.dispatch(ev)
            if not self.running:
                return
        for it in self.input.poll(dt):
            self.route(it)
        if self.in_demo and self.input.esc_held_for(self.now) >= DEMO_EXIT_HOLD:
            self.input._esc_down_since = None
            self.leave_demo()
            if not self.running:
                return
        if self.scene is not None:
            self.scene.update(dt)
            self.draw()

    def draw(self) -> None:
        self.scene.draw(self.screen)
        y = 12
        for t in self.toasts:
            text, colour, ttl = t
            img = self.assets.text(text, 22, colour, bold=True)
            r = img.get_rect(midtop=(self.size[0] * 0.36, y)).inflate(28, 14)
            if r.width > self.size[0] * 0.7:
                img = self.assets.text(text, 17, colour, bold=True)
                r = img.get_rect(midtop=(self.size[0] * 0.36, y)).inflate(28, 14)
            s = pygame.Surface(r.size, pygame.SRCALPHA)
            s.fill((8, 10, 14, 225))
            self.screen.blit(s, r)
            pygame.draw.rect(self.screen, colour, r, 2, border_radius=6)
            blit_center(self.screen, img, r.center)
            y = r.bottom + 6
        for t in self.toasts:
            t[2] -= self._last_dt if hasattr(self, "_last_dt") else 0.016
        self.toasts = [t for t in self.toasts if t[2] > 0]

    def run_loop(self) -> int:
        while self.running:
            try:
                dt = min(0.1, self.clock.tick(60) / 1000.0)
                self._last_dt = dt
                self.frame(dt)
            except KeyboardInterrupt:
                break
            if self.running:
                pygame.display.flip()
        self.audio.music(None)
        return self.exit_code


def run(mode: str = "play", fullscreen: bool = False, game_id: str | None = None, load: str | None = None,
        seats: dict | None = None) -> int:
    """Start the client. ``mode``: "play" or "demo". Returns the exit code."""
    from .scenes.board import BoardScene
    from .scenes.seats import SeatsScene
    from .scenes.title import TitleScene
    from .session import Session, SaveError

    app = App(mode=mode, fullscreen=fullscreen or (mode == "play" and Settings()["fullscreen"]))
    try:
        if mode == "demo":
            app.start_demo(from_play=False)
        elif load:
            try:
                app.switch(BoardScene(app, Session.load(load, seats)))
            except SaveError as e:
                app.switch(TitleScene(app))
                app.toast(str(e), BAD, ttl=8.0)
        elif game_id:
            if game_id not in rulesets.available():
                app.switch(TitleScene(app))
                app.toast(f"{game_id}: not a playable game ({', '.join(rulesets.available())})", BAD, ttl=6.0)
            elif seats:
                game = rulesets.new_game(game_id, app.next_seed())
                app.switch(BoardScene(app, Session(game, seats)))
            else:
                app.switch(SeatsScene(app, game_id))
        else:
            app.switch(TitleScene(app))
        return app.run_loop()
    finally:
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        from game.ai.worker import close_shared
        close_shared()
        pygame.quit()
