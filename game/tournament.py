"""Strength matches: two agents, each on every side in turn, with confidence intervals.

``tournament("nomonhan", "hard", "normal", games=50, seed=1, jobs=2)`` plays
50 seeded games with A on each side (B on the other sides), the same seeds
for every side, so both sides see the same dice streams' seeds. Games run in
``jobs`` processes. Win rates come with a 95 % Wilson interval; a draw counts
as half a win in the score, and the win rate counts wins only.
"""
from __future__ import annotations

import math
import os
import time
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from typing import Any


def wilson(k: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a proportion k/n."""
    if n <= 0:
        return 0.0, 1.0
    p = k / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


@dataclass
class SideResult:
    side: str
    games: int = 0
    wins: int = 0
    draws: int = 0
    seconds: float = 0.0

    def score(self) -> float:
        """Wins and half the draws, per game (what the strength targets count)."""
        return (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0

    def as_dict(self) -> dict[str, Any]:
        lo, hi = wilson(self.wins, self.games)
        return {"side": self.side, "games": self.games, "wins": self.wins, "draws": self.draws,
                "win_rate": round(self.wins / self.games, 4) if self.games else None,
                "score": round(self.score(), 4),
                "ci95": [round(lo, 4), round(hi, 4)], "seconds": round(self.seconds, 1)}


@dataclass
class Tournament:
    game_id: str
    a: str
    b: str
    seed: int
    sides: list[SideResult] = field(default_factory=list)
    clock: str = "wall"
    log: list[str] = field(default_factory=list)
    #: the game options the caller chose ({} : the game's defaults), e.g. {"players": 3}
    options: dict[str, Any] = field(default_factory=dict)

    def total(self) -> SideResult:
        t = SideResult("all")
        for s in self.sides:
            t.games += s.games
            t.wins += s.wins
            t.draws += s.draws
            t.seconds += s.seconds
        return t

    def as_dict(self) -> dict[str, Any]:
        d = {"game": self.game_id, "a": self.a, "b": self.b, "seed": self.seed, "clock": self.clock,
             "a_by_side": [s.as_dict() for s in self.sides], "a_overall": self.total().as_dict()}
        if self.options:
            d["options"] = dict(self.options)
        if len(self.sides) == 2:
            d["side_totals"] = side_totals(d["a_by_side"])
        return d

    def lines(self) -> list[str]:
        opts = "".join(f", {k} {v}" for k, v in self.options.items())
        out = [f"{self.game_id}{opts}: {self.a} (A) against {self.b} (B), seeds from {self.seed}"
               + (", budgets in CPU seconds" if self.clock == "cpu" else "")]
        for s in self.sides + [self.total()]:
            d = s.as_dict()
            lo, hi = d["ci95"]
            who = f"A as {s.side}" if s.side != "all" else "A overall"
            out.append(f"  {who:<14} wins {s.wins:>4}/{s.games:<4} = {d['win_rate']:6.1%}  "
                       f"95% CI [{lo:.1%}, {hi:.1%}]  draws {s.draws}  ({s.seconds:.0f} s of play)")
        if self.a == self.b and len(self.sides) == 2:
            out.append("  the sides, whichever copy held them (balance):")
            for d in side_totals([s.as_dict() for s in self.sides]):
                lo, hi = d["ci95"]
                out.append(f"  {d['side']:<14} wins {d['wins']:>4}/{d['games']:<4} = {d['win_rate']:6.1%}  "
                           f"95% CI [{lo:.1%}, {hi:.1%}]  draws {d['draws']}  score {d['score']:.1%}")
        return out


def side_totals(a_by_side: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each side's own record over every game of a match between two sides (``a_by_side`` of
    :meth:`Tournament.as_dict`): the games A won on it, and those B won on it while A held the
    other side. This is what balance is read from: in A against A, A's score as one side says
    nothing about the other (A winning 20 % as Israel is Egypt winning 80 % of those games)."""
    if len(a_by_side) != 2:
        raise ValueError(f"a side's record needs a match between two sides, not {len(a_by_side)}")
    out = []
    for me, other in (a_by_side, a_by_side[::-1]):
        wins = me["wins"] + other["games"] - other["wins"] - other["draws"]
        draws = me["draws"] + other["draws"]
        games = me["games"] + other["games"]
        lo, hi = wilson(wins, games)
        out.append({"side": me["side"], "games": games, "wins": wins, "draws": draws,
                    "win_rate": round(wins / games, 4) if games else None,
                    "score": round((wins + 0.5 * draws) / games, 4) if games else 0.0,
                    "ci95": [round(lo, 4), round(hi, 4)]})
    return out


def _play(args: tuple) -> dict[str, Any]:
    """One game (in a worker process): the winner side, and the explanation log if asked."""
    game_id, seed, names, options, explain, clock = args
    from game import rulesets
    from game.ai import levels
    from game.runner import seat_agents
    levels.set_explain(explain)
    levels.set_clock(clock)
    t0 = time.perf_counter()
    g = rulesets.new_game(game_id, seed=seed, options=options)
    seated = seat_agents(g, names)
    log: list[str] = []
    n = 0
    while (d := g.pending()) is not None:
        s = seated[d.seat]
        a = s.decide(g, d.seat)
        if explain:
            ex = getattr(s.agent, "last_explanation", None)
            if ex is not None and ex.note not in ("forced", "plan"):
                log.append(f"[seed {seed} #{len(g.history)}] " + "\n    ".join(ex.lines()))
        g.apply(a)
        n += 1
        if n > 100_000:
            raise RuntimeError(f"{game_id} seed {seed}: no end")
    r = g.result()
    out = {"seed": seed, "winner": r.winner, "reason": r.reason, "actions": len(g.history),
           "seconds": time.perf_counter() - t0, "log": log}
    g.close()
    return out


def tournament(game_id: str, a: str, b: str, games: int, seed: int, jobs: int = 1,
               options: dict[str, Any] | None = None, explain: bool = False,
               progress=None, clock: str = "wall") -> Tournament:
    """``games`` games with ``a`` on each side in turn (``b`` in every other seat).
    ``clock``: "wall" or "cpu" (the agents' budgets in CPU seconds of their process:
    the strength they would have on an idle machine, whatever else runs)."""
    from game import rulesets
    from game.ai import agent_class
    cls = rulesets.get(game_id)
    opts = cls.check_options(options)
    probe = cls(seed=seed, options=opts)
    seats = probe.seats
    side_of = {s: probe.seat_side(s) for s in seats}
    probe.close()
    for name in (a, b):
        agent_class(name, game_id)          # KeyError now, not in a worker
    sides = list(dict.fromkeys(side_of.values()))
    t = Tournament(game_id, a, b, seed, [SideResult(s) for s in sides], clock=clock, options=dict(options or {}))
    work = []
    for i in range(games):
        for k, side in enumerate(sides):
            names = [a if side_of[s] == side else b for s in seats]
            work.append((k, (game_id, seed + i, names, opts, explain, clock)))
    results: list[tuple[int, dict]] = []
    if jobs <= 1:
        for k, w in work:
            r = _play(w)
            results.append((k, r))
            if progress:
                progress(len(results), len(work))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as ex:
            futs = [(k, ex.submit(_play, w)) for k, w in work]
            for k, f in futs:
                results.append((k, f.result()))
                if progress:
                    progress(len(results), len(work))
    for k, r in results:
        sr = t.sides[k]
        sr.games += 1
        sr.seconds += r["seconds"]
        if r["winner"] is None:
            sr.draws += 1
        elif r["winner"] == sr.side:
            sr.wins += 1
        t.log.extend(r["log"])
    return t


def report_line(t: Tournament, check: str, target: float) -> str:
    """One match of ``make strength`` as a JSON line: its figures, what it checks ("strength":
    A's score overall at least ``target``; "balance": every side's score at most ``target``,
    over all the games, whichever agent held it: :func:`side_totals`) and whether it passed."""
    import json
    d = t.as_dict()
    return json.dumps({**d, "check": check, "target": target, "passed": passed(d, check, target)},
                      ensure_ascii=False)


def passed(match: dict[str, Any], check: str, target: float) -> bool:
    """Whether a match (:meth:`Tournament.as_dict`) met its target: "strength", A's score over
    both sides at least ``target``; "balance", each side's score (:func:`side_totals`) at most."""
    if check == "strength":
        return match["a_overall"]["score"] >= target
    if check == "balance":
        return all(d["score"] <= target for d in side_totals(match["a_by_side"]))
    raise ValueError(f"unknown check {check!r}")


def default_jobs() -> int:
    return max(1, min(2, os.cpu_count() or 1))


__all__ = ["Tournament", "report_line", "passed", "side_totals", "tournament", "wilson"]
