"""How quickly the replay viewer steps back, per game, on a long seeded random game.

    python tools/bench_replay.py [--game ID] [--seeds 40]

Plays random games of seeds 1..N and replays the longest (in the client's
replay scene, headless). Prints the CPU time (process time, less swayed by a
shared machine's load than the wall clock) of: a step back to a position not
visited yet in the worst place (the last of a stretch between two snapshots: a
restore and SNAPSHOT_EVERY - 1 actions applied), a step back to a visited
position (one restore), each with the game's UI plugin redrawing its state, and
one frame of the replay screen drawn at 1280x720, for scale.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def longest_game(game_id: str, seeds: int):
    from game import rulesets
    from game.ai import ask
    from game.ai.random_agent import RandomAgent
    best = None
    for seed in range(1, seeds + 1):
        g = rulesets.new_game(game_id, seed)
        agents = {s: RandomAgent(i + 1) for i, s in enumerate(g.seats)}
        while not g.is_over():
            g.apply(ask(g, agents[g.to_move()]))
        if best is None or len(g.history) > len(best.history):
            best = g
    return best


def bench(app, game_id: str, seeds: int) -> str:
    from game.client.replay import Replay
    from game.client.scenes.replay import ReplayScene
    clock = time.process_time
    rp = Replay.from_game(longest_game(game_id, seeds))
    sc = ReplayScene(app, rp, start=rp.length)
    app.switch(sc)
    n, e = rp.length, rp.every
    cold = []
    for b in range(0, n - e, e)[::-1]:
        rp._visited.clear()
        rp.goto(b + e)
        t = clock()
        sc.goto(b + e - 1)
        cold.append(clock() - t)
    for p in range(n - 60, n + 1):
        rp.goto(p)
    sc.goto(n)
    warm = []
    for _ in range(50):
        t = clock()
        sc.step(-1)
        warm.append(clock() - t)
    sc.draw(app.screen)
    frames = []
    for _ in range(30):
        t = clock()
        sc.draw(app.screen)
        frames.append(clock() - t)
    sc.close()

    def f(xs):
        return f"median {statistics.median(xs) * 1e3:.2f} ms, max {max(xs) * 1e3:.2f} ms"
    return (f"{game_id}: {n} actions; step back, not visited (worst case): {f(cold)}; visited: {f(warm)}; "
            f"one frame drawn: {f(frames)}")


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default=None, help="one game (default: every playable game)")
    ap.add_argument("--seeds", type=int, default=40, help="replay the longest of this many random games")
    a = ap.parse_args(argv)
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from game import rulesets
    from game.client.app import App
    games = [a.game] if a.game else rulesets.available()
    app = App(size=(1280, 720), fast=True, ai="inline")
    for gid in games:
        print(bench(app, gid, a.seeds), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
