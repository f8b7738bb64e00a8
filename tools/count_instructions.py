"""Machine instructions per random game, counted by valgrind: a speed figure that
does not drift with the load of a shared machine (wall-clock time here swings by a
quarter from one minute to the next; the instruction count is the same every run).

    python tools/count_instructions.py [--game nomonhan] [--games 20]

Runs ``python -m game selfplay GAME --games N+1`` and ``--games 1`` (start-up:
imports, map load) under ``valgrind --tool=cachegrind --cache-sim=no`` and prints
the difference divided by N. Needs valgrind; takes about a minute for 20 games.
"""
from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys


def instructions(game: str, games: int, seed: int) -> int:
    cmd = ["valgrind", "--tool=cachegrind", "--cache-sim=no", "--cachegrind-out-file=/dev/null",
           sys.executable, "-m", "game", "selfplay", game, "--games", str(games), "--seed", str(seed),
           "--agents", "random"]
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stderr
    m = re.search(r"I\s+refs:\s+([\d,]+)", out)
    if m is None:
        raise SystemExit(f"valgrind printed no instruction count:\n{out[-2000:]}")
    return int(m.group(1).replace(",", ""))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", default="nomonhan")
    ap.add_argument("--games", type=int, default=20)
    ap.add_argument("--seed", type=int, default=0)
    a = ap.parse_args(argv)
    if shutil.which("valgrind") is None:
        print("valgrind is not installed (apt-get install valgrind)", file=sys.stderr)
        return 2
    start = instructions(a.game, 1, a.seed)
    total = instructions(a.game, a.games + 1, a.seed)
    per = (total - start) / a.games
    print(f"{a.game}: {per / 1e6:.1f} M instructions per random game "
          f"({a.games} games, seeds {a.seed}..{a.seed + a.games}; start-up {start / 1e6:.0f} M)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
