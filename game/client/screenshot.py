"""Render a scene headless to a PNG (for docs, CI and eyeballing)."""
from __future__ import annotations

import os
from pathlib import Path


def render(game_id: str, out: str, save: str | None = None, size=(1280, 720), scene: str = "board",
           options: dict | None = None) -> str:
    """Render ``scene`` ("board", "title", "select", "seats", "gameover") for a
    fresh ``game_id`` game (with ``options``, e.g. {"players": 5}) or the
    position in ``save``; write a PNG to ``out`` and return its path. Raises
    SaveError for a bad save, OptionError for a bad option."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game import rulesets

    from .app import App
    from .session import Session

    app = App(size=size, fast=True, ai="inline")     # decisions in this process: nothing to wait for
    try:
        if save:
            session = Session.load(save)
            game_id = session.game_id
        else:
            session = None
        if scene == "title":
            from .scenes.title import TitleScene
            app.switch(TitleScene(app))
        elif scene == "select":
            from .scenes.select import SelectScene
            app.switch(SelectScene(app))
        elif scene == "seats":
            from .scenes.seats import SeatsScene
            app.switch(SeatsScene(app, game_id))
        elif scene in ("board", "gameover"):
            from .scenes.board import BoardScene
            if session is None:
                session = Session(rulesets.new_game(game_id, 1, options=options or None), autosave=False)
            session.autosave = False
            session.executor = app.ai
            if scene == "gameover":
                from .scenes.gameover import GameOverScene
                if not session.game.is_over():
                    session.seats = {s: "heuristic" for s in session.game.seats}
                    session.agents = {s: session.agent_seat("heuristic", i + 1, i + 1)
                                      for i, s in enumerate(session.game.seats)}
                    guard = 0
                    while not session.game.is_over() and guard < 5000:
                        session.machine_step()
                        guard += 1
                board = BoardScene(app, session)
                board.draw(app.screen)
                bg = app.screen.copy()
                app.switch(GameOverScene(app, session, bg))
            else:
                app.switch(BoardScene(app, session))
        else:
            raise ValueError(f"unknown scene {scene!r}: board, title, select, seats or gameover")
        app.scene.update(0.0)
        app.draw()
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        return str(out)
    finally:
        pygame.quit()
