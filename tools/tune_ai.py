"""Tune hard's weights by self-play: the heuristic with a candidate set of weights against
the heuristic as written (normal), on both sides, over the same seeds for every candidate.

    python tools/tune_ai.py search GAME [--side SIDE] [--candidates 24] [--games 30]
                                      [--seed 20000] [--sigma 0.35] [--jobs 2] [--out FILE.jsonl]
    python tools/tune_ai.py match GAME [--weights '{"W_BASE": 33}' | --tuned] [--side SIDE]
                                     [--games 100] [--seed 30000] [--jobs 2]

``search`` draws candidates around the written weights (and around the best so far in
later rounds: ``--around FILE.jsonl``), plays ``--games`` a side of each and prints them
best first. ``match`` plays one set (``--tuned``: the one kept as ``TUNED`` in the game's heuristic, game/ai/<id>.py) on fresh
seeds and prints its score with a 95 % interval: a set is kept only after a match on
seeds the search never saw. See docs/ai.md, "Hard's weights".
"""
from __future__ import annotations

import argparse
import functools
import json
import math
import random
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _one(args: tuple) -> tuple[int, str, str | None]:
    """One game: the tuned set of ``side`` (``weights``: side -> set) on ``side``;
    (seed, side, winner side or None)."""
    game_id, seed, weights, side = args
    from game import rulesets
    from game.ai import Seat, agent_class, mix_seed
    from game.ai.tuning import tuned_heuristic
    from game.runner import play_one
    base = agent_class("heuristic", game_id)
    tuned = tuned_heuristic(game_id, weights[side], base)
    probe = rulesets.new_game(game_id, seed=seed)
    seats = list(probe.seats)
    side_of = {s: probe.seat_side(s) for s in seats}
    probe.close()
    agents = {}
    for k, s in enumerate(seats):
        cls = tuned if side_of[s] == side else base
        agents[s] = Seat(cls(mix_seed("agent", seed, k)), mix_seed("view", seed, k))
    g = play_one(game_id, seed, agents)
    w = g.result().winner
    g.close()
    return seed, side, w


@functools.lru_cache(maxsize=None)
def _sides(game_id: str) -> tuple[str, ...]:
    from game import rulesets
    probe = rulesets.new_game(game_id, seed=1)
    sides = tuple(dict.fromkeys(probe.seat_side(s) for s in probe.seats))
    probe.close()
    return sides


def sides_of(game_id: str) -> list[str]:
    return list(_sides(game_id))


def score(results: list[tuple[int, str, str | None]]) -> tuple[float, int, int, int]:
    """(score, won, drawn, games): a draw counts half."""
    won = sum(1 for _, side, w in results if w == side)
    drawn = sum(1 for _, _, w in results if w is None)
    n = len(results)
    return (won + 0.5 * drawn) / max(1, n), won, drawn, n


def play(pool, game_id: str, weights: dict, games: int, seed: int, sides: list[str]) -> list:
    """``games`` games a side of ``sides``, each side's set (``weights``: side -> set) on it."""
    work = [(game_id, seed + i, weights, side) for i in range(games) for side in sides]
    return list(pool.map(_one, work, chunksize=2))


def perturb(base: dict, rng: random.Random, sigma: float, share: float) -> dict:
    """Each weight, with chance ``share``, times exp(N(0, sigma)); a dict weight per entry."""
    out = {}
    for k, v in base.items():
        if rng.random() >= share:
            continue
        if isinstance(v, dict):
            out[k] = {s: round(x * math.exp(rng.gauss(0, sigma)), 4) for s, x in v.items()}
        else:
            out[k] = round(v * math.exp(rng.gauss(0, sigma)), 4)
    return out


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = p.add_subparsers(dest="cmd", required=True)
    s = sub.add_parser("search")
    s.add_argument("game")
    s.add_argument("--candidates", type=int, default=24)
    s.add_argument("--games", type=int, default=30, help="games a side per candidate")
    s.add_argument("--seed", type=int, default=20000)
    s.add_argument("--sigma", type=float, default=0.35)
    s.add_argument("--share", type=float, default=0.4, help="chance that a weight is changed")
    s.add_argument("--around", help="a search's output: draw around its best candidate")
    s.add_argument("--jobs", type=int, default=2)
    s.add_argument("--out", help="append one JSON line per candidate")
    s.add_argument("--side", help="tune this side's play only (its games alone are played)")
    m = sub.add_parser("match")
    m.add_argument("game")
    g = m.add_mutually_exclusive_group(required=True)
    g.add_argument("--weights", help="JSON object of weights")
    g.add_argument("--tuned", action="store_true", help="the set kept as TUNED in the game's heuristic module (each side its own)")
    m.add_argument("--side", help="play this side's games only")
    m.add_argument("--games", type=int, default=100, help="games a side")
    m.add_argument("--seed", type=int, default=30000)
    m.add_argument("--jobs", type=int, default=2)
    a = p.parse_args(argv)

    from game.ai.tuning import check, tuned, written
    from game.tournament import wilson
    base = written(a.game)
    with ProcessPoolExecutor(max_workers=a.jobs) as pool:
        if a.cmd == "match":
            sides = [a.side] if a.side else sides_of(a.game)
            w = {sd: tuned(a.game, sd) if a.tuned else json.loads(a.weights) for sd in sides}
            for x in w.values():
                check(a.game, x)
            res = play(pool, a.game, w, a.games, a.seed, sides)
            sc, won, drawn, n = score(res)
            lo, hi = wilson(sc * n, n)
            by_side = {sd: score([r for r in res if r[1] == sd])[0] for sd in sides}
            print(json.dumps({"game": a.game, "weights": w, "score": round(sc, 4), "won": won,
                              "drawn": drawn, "games": n, "ci95": [round(lo, 3), round(hi, 3)],
                              "by_side": by_side, "seed": a.seed}))
            return 0
        rng = random.Random(a.seed * 31 + len(a.game))
        centre = dict(base)
        if a.around:
            rows = [json.loads(x) for x in Path(a.around).read_text().splitlines() if x.strip()]
            rows = [r for r in rows if r.get("side") == a.side] or rows
            best = max(rows, key=lambda r: r["score"])
            centre.update(best["weights"])
        rows = []
        for k in range(a.candidates):
            delta = perturb(centre, rng, a.sigma, a.share) if k else {}
            w = {**{x: y for x, y in centre.items() if y != base[x]}, **delta}
            w = {x: y for x, y in w.items() if y != base[x]}
            sides = [a.side] if a.side else sides_of(a.game)
            res = play(pool, a.game, {sd: w for sd in sides}, a.games, a.seed, sides)
            sc, won, drawn, n = score(res)
            row = {"game": a.game, "k": k, "score": round(sc, 4), "games": n, "weights": w,
                   "side": a.side}
            rows.append(row)
            print(json.dumps(row), flush=True)
            if a.out:
                with open(a.out, "a") as fh:
                    fh.write(json.dumps(row) + "\n")
        rows.sort(key=lambda r: -r["score"])
        print("best:", json.dumps(rows[0]))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
