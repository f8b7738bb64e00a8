"""Render a scene headless to a PNG (for docs, CI and eyeballing)."""
from __future__ import annotations

import os
from pathlib import Path


KIOSK_SCENES = ("card", "demo", "prompt", "summary", "locked")
SCENES = ("board", "threat", "title", "select", "seats", "gameover", "settings", "replay", "rules", "tutorial", "saves", "quit", "newgame", "savefail") + KIOSK_SCENES


def _kiosk_scene(app, game_id: str, scene: str) -> None:
    """The kiosk's screens for ``game_id``: its title card ("card"), its demo board a
    few dozen moves in ("demo"; "locked": the same in a locked kiosk), "press to
    play" over it ("prompt"), and the summary at its end ("summary")."""
    from .kiosk import KioskConfig
    app.kiosk = KioskConfig(games=(game_id,), seed=1, locked=scene == "locked")
    app.start_demo()
    a = app.attract
    if scene == "card":
        app.scene.update(1.0)
        a.t = a.config.card_seconds * 0.4
        return
    for _ in range(20000):
        app.frame(0.1, [])
        if app.scene.name == "summary" if scene == "summary" else (a.run is not None and a.run.actions >= 40):
            break
    if scene == "summary":
        a.t = a.config.summary_seconds * 0.3
        return
    sc = app.scene
    while sc.seq.busy and sc.seq.current is not None and sc.seq.current.kind != "dice":
        sc.update(0.02)
    if scene == "prompt":
        app._offer()


def render(game_id: str, out: str, save: str | None = None, size=(1280, 720), scene: str = "board",
           options: dict | None = None, palette: str | None = None) -> str:
    """Render ``scene`` (one of SCENES: the menus, the board, the board with the threat
    view on ("threat"), the game over, the settings ("settings"), the replay
    viewer half-way through the save or a fresh game played out ("replay"), the rules
    reference over the board ("rules"), the Nomonhan tutorial's first step ("tutorial"), and the
    kiosk's "card", "demo", "prompt", "summary", "locked") for a fresh ``game_id``
    game (with ``options``, e.g. {"players": 5}; the kiosk's scenes always play the
    default options, as the kiosk does) or the position in ``save``; write a PNG to
    ``out`` and return its path. Raises SaveError for a bad save, OptionError for a
    bad option. ``palette``: draw in that palette (game.client.palette; the settings
    file is not changed)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game import rulesets

    from game.core.save import default_save_dir

    from .app import App
    from .session import Session

    session = Session.load(save) if save else None    # a bad save stops here, before the window opens
    if session is not None:
        game_id = session.game_id
    app = App(size=size, fast=True, ai="inline")     # decisions in this process: nothing to wait for
    if palette is not None:
        from .palette import PALETTES
        if palette not in PALETTES:
            raise ValueError(f"unknown palette {palette!r}: {', '.join(PALETTES)}")
        app.assets.palette.name = palette
    try:
        if scene == "title":
            from .scenes.title import TitleScene
            app.switch(TitleScene(app))
        elif scene == "settings":
            from .scenes.settings import SettingsScene
            app.switch(SettingsScene(app))
        elif scene == "select":
            from .scenes.select import SelectScene
            app.switch(SelectScene(app))
        elif scene == "seats":
            from .scenes.seats import SeatsScene
            app.switch(SeatsScene(app, game_id))
        elif scene == "tutorial":
            from .tutorial import TutorialScene
            app.switch(TutorialScene(app))
        elif scene == "saves":                  # the Load screen (of the saves in SANDTABLE_SAVES)
            from .scenes.saves import SavesScene
            app.switch(SavesScene(app))
        elif scene == "newgame":                # the question before a new game, an unfinished one saved
            from .scenes.seats import SeatsScene
            from .scenes.saves import ask_new_game
            sc = SeatsScene(app, game_id)
            app.switch(sc)
            sc.modal = ask_new_game(sc, game_id, lambda: None)
            if sc.modal is None:
                raise ValueError(f"no unfinished {game_id} game is saved in {default_save_dir()}")
        elif scene in ("board", "threat", "gameover", "rules", "quit", "savefail", "replay"):
            from .scenes.board import BoardScene
            if session is None:
                session = Session(rulesets.new_game(game_id, 1, options=options or None), autosave=False)
            session.autosave = False
            session.executor = app.ai
            if scene in ("gameover", "replay"):
                from .scenes.gameover import GameOverScene
                if not session.game.is_over() and (scene == "gameover" or not session.game.history):
                    session.seats = {s: "heuristic" for s in session.game.seats}
                    session.agents = {s: session.agent_seat("heuristic", i + 1, i + 1)
                                      for i, s in enumerate(session.game.seats)}
                    guard = 0
                    while not session.game.is_over() and guard < 5000:
                        session.machine_step()
                        guard += 1
                if scene == "replay":           # (a save: its replay; else a game played out) half-way through
                    from .scenes.replay import open_replay
                    rs = open_replay(app, save if save else session)
                    rs.goto(rs.replay.turns[len(rs.replay.turns) // 2].pos + 1 if rs.replay.turns else 0)
                    rs.update(1.0)
                else:
                    board = BoardScene(app, session)
                    board.draw(app.screen)
                    bg = app.screen.copy()
                    app.switch(GameOverScene(app, session, bg))
            else:
                app.switch(BoardScene(app, session))
                if scene == "rules":            # the rules reference (F1) open over the board
                    from .scenes.overlays import HelpOverlay
                    app.scene.modal = HelpOverlay(session.game, app.scene.ui)
                elif scene == "quit":             # the question on quitting a person's game
                    session.autosave = True
                    app.scene.ask_quit()
                elif scene == "savefail":       # the banner of a save that failed
                    session.save_error = "[Errno 30] Read-only file system: 'saves/autosave-….json'"
                    session.save_failures += 1
                elif scene == "threat":           # the board with the threat view on (T)
                    app.scene.toggle_threat()
                    app.toasts.clear()
        elif scene in KIOSK_SCENES:
            _kiosk_scene(app, game_id, scene)
        else:
            raise ValueError(f"unknown scene {scene!r}: {', '.join(SCENES)}")
        if scene not in KIOSK_SCENES:
            app.scene.update(0.0)
        app.draw()
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        if app.attract is not None:
            app.attract.stop()
        return str(out)
    finally:
        pygame.quit()
