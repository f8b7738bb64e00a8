"""Machine instructions per random game, counted by valgrind: a speed figure that
does not drift with the load of a shared machine (wall-clock time here swings by a
quarter from one minute to the next; the instruction count is the same every run).

    python tools/count_instructions.py [--game nomonhan] [--games 20]

Runs ``python -m game selfplay GAME --games N+1`` and ``--games 1`` (start-up:
imports, map load) under ``valgrind --tool=cachegrind --cache-sim=no`` and prints
the difference divided by N, and by the number of actions played (the figure to
compare when a change of seeding plays other games). Needs valgrind; takes about
a minute for 20 games.
"""
from __future__ import annotations

import argparse
import json
import re
import shutil
import subprocess
import sys


def instructions(game: str, games: int, seed: int) -> tuple[int, float]:
    """(instructions, actions played) of ``selfplay GAME --games N`` under valgrind."""
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, "-m", "game", "selfplay", game, "--games", str(games), "--seed", str(seed),
           "--agents", "random", "--json"]
    run = subprocess.run(cmd, capture_output=True, text=True, check=True)
    m = re.search(r"I\s+refs:\s+([\d,]+)", run.stderr)
    if m is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{run.stderr[-2000:]}")
    stats = json.loads(run.stdout.strip().splitlines()[-1])
    return int(m.group(1).replace(",", "")), stats["mean_actions"] * stats["games"]


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="nomonhan")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    start, acts1 = instructions(a.game, 1, a.seed)
    total, acts = instructions(a.game, a.games + 1, a.seed)
    per = (total - start) / a.games
    per_action = (total - start) / max(1.0, acts - acts1)
    print(f"{a.game}: {per / 1e6:.1f} M instructions per random game, {per_action / 1e3:.1f} k per action "
          f"({a.games} games, seeds {a.seed}..{a.seed + a.games}, {acts - acts1:.0f} actions; "
          f"start-up {start / 1e6:.0f} M)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
