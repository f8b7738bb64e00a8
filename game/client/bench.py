"""Frame-time benchmarks of the board scene (headless, SDL's dummy video driver,
a real Surface of the window's size).

``board_frame_times``: a quiet board (a mid-game position, the ZOC overlay, the
targets lit, a hover moving over the hexes).

``busy_frame_times``: the busiest animated frame a game shows: the same position
with the dice rolling, a counter sliding between two cells, every target and
the ZOC (or the game's own map overlay) lit, the pointer moving, and the log
taking a new line and scrolling every few frames.

``static_frame_times``: the same board standing still (what most frames are).

``busy_frames``: those figures for every game at each size (``python -m game bench
--frames-only``; ``--json``).
"""
from __future__ import annotations

import os
import statistics
import time

SIZES = ((1280, 720), (1920, 1080))
#: the targets on a quiet 2-core machine (issue 14): p95 in ms per size
TARGET_P95 = {(1280, 720): 1.5, (1920, 1080): 3.0}


def _position(game_id: str, seed: int = 3):
    """A mid-game position where the first seat (a human) decides: at least 25
    actions in, a movement decision where the game has one (or 60 actions in)."""
    from game import rulesets
    from game.ai import ask, get_agent
    game = rulesets.new_game(game_id, seed)
    agent = get_agent("random", game_id, seed)
    first = game.seats[0]
    for _ in range(400):
        d = game.pending()
        if d is None:
            break
        if len(game.history) >= 25 and d.seat == first and (d.kind == "move" or len(game.history) >= 60):
            break
        game.apply(ask(game, agent))
    if game.pending() is None:
        raise RuntimeError(f"{game_id}: the frame benchmark's game ended before its position")
    return game


def _open(game_id: str, size):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from .app import App
    from .navigator import BOARD, make
    from .session import Session
    app = App(size=size, fast=True, ai="inline")
    game = _position(game_id)
    first = game.seats[0]
    seats = {s: "heuristic" for s in game.seats} | {first: "human"}
    session = Session(game, seats, autosave=False)
    scene = make(app, BOARD, session=session)
    app.switch(scene)
    scene.last_seat = session.to_move()
    return app, scene


def board_frame_times(frames: int = 300, size=(1280, 720), game_id: str | None = None) -> list[float]:
    """Milliseconds per full board-scene frame (update + draw) for a mid-game
    position (the first seat human, to decide) with the ZOC overlay, targets,
    declared arrows and a hover box on; ``game_id``: the catalogue's first game unless named."""
    import pygame
    from game import rulesets
    game_id = game_id or rulesets.available()[0]
    app, scene = _open(game_id, size)
    try:
        scene.zoc = True
        hexes = list(scene.game.board.cells)
        acts = scene.ui.actable_hexes()
        if acts:
            scene.ui.select_at(acts[0])
        times = []
        for i in range(frames):
            scene.hover_hex = hexes[i % len(hexes)]
            t0 = time.perf_counter()
            scene.update(1 / 60)
            app.draw()
            times.append((time.perf_counter() - t0) * 1000.0)
        scene.session.close()
        return times
    finally:
        pygame.quit()


def _light(scene):
    """Everything lit: the ZOC, the game's own map overlay (supply lines, LOC ...), the
    first unit that can act selected and its targets. Returns the game's plugin."""
    ui = scene.ui
    scene.zoc = True
    if ui.overlay_hint:
        ui.toggle_overlay()
    acts = ui.actable_hexes()
    if acts:
        ui.select_at(acts[0])
    return ui


def _slider(scene):
    """(piece, from, to) in map pixels: the game's last move that slides (as the game shows
    it), else a unit on the map and a neighbouring cell's centre."""
    ui, board = scene.ui, scene.game.board
    view = scene.view
    for ev in reversed(scene.game.events):          # (on screen, where a player would see it)
        got = ui.slide_for(ev)
        if got and got[0] is not None and len(got[1]) >= 2 and got[1][0] != got[1][-1] and all(
                view.area.collidepoint(view.to_screen(*p)) for p in (got[1][0], got[1][-1])):
            return got[0], got[1][0], got[1][-1]
    cells = list(ui.actable_hexes()) + list(board.cells)
    for h in cells:
        unit = ui.unit_at(h)
        if not unit:
            continue
        try:
            near = [n for n in board.neighbours(h) if n in board.cells]
        except Exception:
            near = []
        if near:
            return unit, board.cells[h].center, board.cells[near[0]].center
    return None


def busy_frame_times(game_id: str, size=(1280, 720), frames: int = 240, warmup: int = 30,
                     keep=None, cpu_times: list[float] | None = None) -> list[float]:
    """Milliseconds per busiest board frame (update + draw, the frame's own
    ``app.draw``) of ``game_id`` at ``size``, wall-clock: see the module's docstring.
    ``keep(i, surface)`` (if given) sees every timed frame after it is drawn;
    ``cpu_times`` (if given) gets each frame's CPU time of this thread (steadier
    than wall-clock on a shared machine: time spent waiting for a core is left out)."""
    import pygame
    app, scene = _open(game_id, size)
    try:
        ui = _light(scene)
        scene.explain = False
        slide = _slider(scene)
        hexes = list(scene.game.board.cells)
        for ev in scene.game.events[-60:]:
            scene.log.add(ui.log_text(ev))
        lines = [ui.log_text(e) for e in scene.game.events if ui.log_text(e)] or ["…"]
        area = scene.view.area
        times: list[float] = []
        for i in range(warmup + frames):
            # the dice: four against three, rolling (the first 0.6 s of a roll, over and over)
            scene.dice = {"attack_dice": 4, "defense_dice": 3, "attack_hits_on": (5, 6),
                          "defense_hits_on": (6,), "attackers": (), "defender": None, "modifiers": [],
                          "attack_rolls": None, "defense_rolls": None, "t": (i % 36) / 60, "landed": False,
                          "result": ""}
            if slide is not None:
                unit, (x0, y0), (x1, y1) = slide
                t = (i % 40) / 40
                ui.moving[unit] = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t)
            if i % 6 == 0:                  # the log: a new line, or a wheel turn back and forth
                if i % 12 == 0:
                    scene.log.add(lines[i % len(lines)])
                else:
                    scene.log.wheel(1 if (i // 12) % 2 == 0 else -1)
            # the pointer sweeping over the map, a hex every 8 frames (7.5 hexes a second)
            scene.hover_hex = hexes[((i // 8) * 7) % len(hexes)]
            scene._hover_pos = (area.x + (i * 13) % max(1, area.width), area.y + (i * 7) % max(1, area.height))
            ui.pointer = scene._hover_pos
            c0 = time.thread_time()
            t0 = time.perf_counter()
            scene.update(1 / 60)
            app.draw()
            el = (time.perf_counter() - t0) * 1000.0
            cpu = (time.thread_time() - c0) * 1000.0
            if i >= warmup:
                times.append(el)
                if cpu_times is not None:
                    cpu_times.append(cpu)
                if keep is not None:
                    keep(i - warmup, app.screen)
        scene.session.close()
        return times
    finally:
        pygame.quit()


def static_frame_times(game_id: str, size=(1280, 720), frames: int = 120, warmup: int = 10) -> list[float]:
    """CPU milliseconds per frame (update + draw) of the same board standing still: the
    ZOC (or the game's overlay) and the targets lit, nothing moving, the pointer still."""
    import pygame
    app, scene = _open(game_id, size)
    try:
        _light(scene)
        times: list[float] = []
        for i in range(warmup + frames):
            c0 = time.thread_time()
            scene.update(1 / 60)
            app.draw()
            if i >= warmup:
                times.append((time.thread_time() - c0) * 1000.0)
        scene.session.close()
        return times
    finally:
        pygame.quit()


def percentile(times: list[float], q: float) -> float:
    s = sorted(times)
    return s[min(len(s) - 1, int(q * len(s)))] if s else 0.0


def figures(times: list[float]) -> dict:
    return {"mean": round(statistics.mean(times), 3), "p95": round(percentile(times, 0.95), 3),
            "max": round(max(times), 3), "frames": len(times)}


def busy_frames(games=None, sizes=SIZES, frames: int = 240) -> dict:
    """{"load": load average before, "cpus", "frames": {game: {"WxH": {mean, p95, max, frames}}}}."""
    from game import rulesets
    ids = list(games) if games else [s.id for s in rulesets.specs() if s.ready]
    out: dict = {"load_before": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(), "frames": {}}
    for gid in ids:
        per = out["frames"][gid] = {}
        for w, h in sizes:
            cpu: list[float] = []
            per[f"{w}x{h}"] = figures(busy_frame_times(gid, (w, h), frames=frames, cpu_times=cpu))
            per[f"{w}x{h}"]["cpu"] = figures(cpu)
            per[f"{w}x{h}"]["static_cpu"] = figures(static_frame_times(gid, (w, h)))
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    return out


def table(d: dict) -> str:
    """The busy-frame figures as a table (ms)."""
    sizes = sorted({s for g in d["frames"].values() for s in g}, key=lambda s: int(s.split("x")[0]))
    rows = [f"busiest animated frame, ms: wall-clock mean / p95 / max, then CPU p95, and a still "
            f"board's CPU p95 (load {d['load_before']} on {d['cpus']} cores)",
            f"{'game':<16}" + "".join(f"{s:>41}" for s in sizes)]
    for gid, per in d["frames"].items():
        rows.append(f"{gid:<16}" + "".join(
            f"{per[s]['mean']:>9.2f}{per[s]['p95']:>8.2f}{per[s]['max']:>8.2f}{per[s]['cpu']['p95']:>8.2f}"
            f"{per[s].get('static_cpu', {}).get('p95', 0.0):>8.2f}"
            if s in per else f"{'':>41}" for s in sizes))
    return "\n".join(rows)


def summary(times: list[float]) -> str:
    p = lambda q: percentile(times, q)  # noqa: E731
    return f"frames {len(times)}: median {p(0.5):.2f} ms, p95 {p(0.95):.2f} ms, max {max(times):.2f} ms"


if __name__ == "__main__":
    import sys
    sel = sys.argv[1:] or None
    print(table(busy_frames(sel)))
