"""How fast the Load screen opens with many saves (wall clock: run it on a quiet machine).

    python tools/bench_saves.py [--saves 50]

Writes ``--saves`` saves of every game (random moves, each with its picture, as the
board writes them) into a temp folder, then opens the Load screen with cold caches
three times and prints the time of opening it and drawing its first frame, and of
the next frame.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--saves", type=int, default=50)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="sandtable-saves-")
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SANDTABLE_SAVES=str(Path(tmp) / "saves"),
                      SANDTABLE_CONFIG=str(Path(tmp) / "config"))
    import pygame

    from game import rulesets
    from game.client import session as S
    from game.client.app import App
    from game.client.scenes.saves import SavesScene
    from game.client.thumbnails import Thumbnailer

    app = App(fast=True, ai="inline")
    ids = rulesets.available()
    rng = random.Random(3)
    for i in range(a.saves):
        g = rulesets.new_game(ids[i % len(ids)], 100 + i)
        s = S.Session(g, {seat: ("human" if j == 0 else "normal") for j, seat in enumerate(g.seats)}, autosave=False)
        s.on_saved = Thumbnailer(app.assets)
        for _ in range(rng.randrange(5, 200)):
            if g.is_over():
                break
            g.apply(rng.choice(g.legal_actions()))
        s.save(s.autosave_path())
        s.close()
    for _ in range(3):
        app.cache.clear()
        S._INFO_CACHE.clear()
        t0 = time.perf_counter()
        sc = SavesScene(app)
        app.switch(sc)
        app.frame(0.016, [])
        t1 = time.perf_counter()
        app.frame(0.016, [])
        t2 = time.perf_counter()
        print(f"{len(sc.entries)} saves: open and first frame {1000 * (t1 - t0):.0f} ms, "
              f"next frame {1000 * (t2 - t1):.1f} ms")
    pygame.quit()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
