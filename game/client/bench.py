"""Frame-time benchmark of the board scene (headless)."""
from __future__ import annotations

import os
import time


def board_frame_times(frames: int = 300, size=(1280, 720), game_id: str = "nomonhan") -> list[float]:
    """Milliseconds per full board-scene frame (update + draw) for a mid-game
    position (the first seat human, to decide) with the ZOC overlay, targets,
    declared arrows and a hover box on."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game import rulesets
    from game.ai import ask, get_agent

    from .app import App
    from .scenes.board import BoardScene
    from .session import Session

    app = App(size=size, fast=True, ai="inline")
    try:
        game = rulesets.new_game(game_id, 3)
        agent = get_agent("random", game_id, 3)
        first = game.seats[0]
        # play into the game until the first seat must move, after 25 actions or more
        for _ in range(400):
            d = game.pending()
            if d is None:
                break
            if len(game.history) >= 25 and d.seat == first and (d.kind == "move" or len(game.history) >= 60):
                break
            game.apply(ask(game, agent))
        seats = {s: "heuristic" for s in game.seats} | {first: "human"}
        session = Session(game, seats, autosave=False)
        scene = BoardScene(app, session)
        app.switch(scene)
        scene.zoc = True
        hexes = list(game.board.cells)
        acts = scene.ui.actable_hexes()
        if acts:
            scene.ui.select_at(acts[0])
        scene.last_seat = session.to_move()
        if game.pending() is None:
            raise RuntimeError(f"{game_id}: the frame benchmark's game ended before its position")
        times = []
        for i in range(frames):
            scene.hover_hex = hexes[i % len(hexes)]
            t0 = time.perf_counter()
            scene.update(1 / 60)
            app.draw()
            times.append((time.perf_counter() - t0) * 1000.0)
        session.close()
        return times
    finally:
        pygame.quit()


def summary(times: list[float]) -> str:
    s = sorted(times)
    p = lambda q: s[min(len(s) - 1, int(q * len(s)))]  # noqa: E731
    return f"frames {len(s)}: median {p(0.5):.2f} ms, p95 {p(0.95):.2f} ms, max {s[-1]:.2f} ms"


if __name__ == "__main__":
    print(summary(board_frame_times()))
