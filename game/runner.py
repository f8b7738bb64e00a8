"""Headless play: self-play matches and benchmarks (no pygame here, except
that the benchmark asks game.client.bench for the frame time)."""
from __future__ import annotations

import statistics
import time
from dataclasses import dataclass, field
from typing import Any, Callable

from game import rulesets
from game.ai import Seat, get_agent, mix_seed
from game.core.game import Game
from game.core.memory import settle_memory


@dataclass
class MatchStats:
    game_id: str
    games: int = 0
    wins: dict[str, int] = field(default_factory=dict)
    draws: int = 0
    turns: list[int] = field(default_factory=list)
    actions: list[int] = field(default_factory=list)
    seconds: float = 0.0
    results: list[dict[str, Any]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        n = max(self.games, 1)
        return {"game": self.game_id, "games": self.games, "wins": self.wins, "draws": self.draws,
                "mean_turns": round(sum(self.turns) / n, 2), "mean_actions": round(sum(self.actions) / n, 1),
                "games_per_second": round(self.games / self.seconds, 2) if self.seconds else None}


def seat_agents(game: Game, agent_names: list[str]) -> dict[str, Seat]:
    """One agent per seat (names in seat order), each with seeds of its own that do
    not reveal the game's seed. One name is every seat's; where a game has more
    seats than sides (中原大戰 with 3-5 players), one name per side (in the order
    the seats first name the sides) gives every seat its side's agent."""
    seats = game.seats
    sides = list(dict.fromkeys(game.seat_side(s) for s in seats))
    if len(agent_names) == 1:
        agent_names = agent_names * len(seats)
    elif len(agent_names) == len(sides) != len(seats):
        agent_names = [agent_names[sides.index(game.seat_side(s))] for s in seats]
    if len(agent_names) != len(seats):
        raise ValueError(f"{game.game_id} has {len(seats)} seats ({', '.join(seats)}); give {len(seats)} agents"
                         + (f" or one per side ({', '.join(sides)})" if len(sides) < len(seats) else ""))
    return {seat: Seat(get_agent(name, game.game_id, seed=mix_seed("agent", game.seed, k)),
                       mix_seed("view", game.seed, k))
            for k, (seat, name) in enumerate(zip(seats, agent_names))}


def play_one(game_id: str, seed: int, agents: dict[str, Any] | list[str], max_actions: int = 100_000,
             on_action: Callable[[Game], None] | None = None, options: dict | None = None,
             explain: Callable[[str], None] | None = None) -> Game:
    """Play one game to the end. ``agents``: seat -> agent (or Seat), or agent
    names in seat order. Each agent sees only its seat's view (:func:`decide`).
    ``explain``: called with the lines of each AI decision's explanation (forced
    moves and the steps of a plan left out)."""
    g = rulesets.new_game(game_id, seed=seed, options=options)
    if isinstance(agents, list):
        seated = seat_agents(g, agents)
    else:
        seated = {s: a if isinstance(a, Seat) else Seat(a, mix_seed("view", seed, k))
                  for k, (s, a) in enumerate(agents.items())}
    n = 0
    while (d := g.pending()) is not None:
        seat = seated[d.seat]
        a = seat.decide(g, d.seat)
        if explain is not None:
            ex = getattr(seat.agent, "last_explanation", None)
            if ex is not None and ex.note not in ("forced", "plan"):
                explain(f"[{game_id} seed {seed} #{len(g.history)}] " + "\n    ".join(ex.lines()))
        g.apply(a)
        n += 1
        if on_action is not None:
            on_action(g)
        if n > max_actions:
            raise RuntimeError(f"{game_id} seed {seed}: no end after {max_actions} actions")
    return g


def turn_of(g: Game) -> int:
    st = g.public_state()
    return int(st.get("turn", st.get("round", 0)))


def selfplay(game_id: str, games: int, seed: int, agent_names: list[str],
             options: dict[str, Any] | None = None,
             explain: Callable[[str], None] | None = None) -> MatchStats:
    """Play ``games`` games. Agent names are given per seat in seat order; wins
    are counted per side (or camp). ``explain``: log each AI decision's alternatives."""
    if explain is not None:
        from game.ai import levels
        levels.set_explain(True)
    cls = rulesets.get(game_id)
    opts = cls.check_options(options)
    probe = cls(seed=seed, options=opts)
    sides = list(dict.fromkeys(probe.seat_side(s) for s in probe.seats))
    seat_agents(probe, agent_names)          # the names fit the seats (ValueError if not)
    probe.close()
    stats = MatchStats(game_id, wins={s: 0 for s in sides})
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        g = play_one(game_id, s, list(agent_names), options=opts, explain=explain)
        r = g.result()
        stats.games += 1
        if r.winner is None:
            stats.draws += 1
        else:
            stats.wins[r.winner] += 1
        stats.turns.append(turn_of(g))
        stats.actions.append(len(g.history))
        stats.results.append({"seed": s, "winner": r.winner, "reason": r.reason})
        g.close()
    stats.seconds = time.perf_counter() - t0
    return stats


def _percentile(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    if not xs:
        return float("nan")
    k = min(len(xs) - 1, max(0, int(round(p / 100 * (len(xs) - 1)))))
    return xs[k]


def bench(game_id: str | None = None, seconds: float = 3.0, frames: int = 300,
          with_client: bool = True) -> dict[str, Any]:
    """Figures for the closing notes: random games/s, legal-action listing, clone, frame time
    (``game_id``: the catalogue's first game unless named)."""
    game_id = game_id or rulesets.available()[0]
    out: dict[str, Any] = {"game": game_id}
    # loading the map and data happens once per process: measured on its own, not in games/s
    t = time.perf_counter()
    rulesets.new_game(game_id, seed=0).close()
    out["first_game_setup_ms"] = round((time.perf_counter() - t) * 1000, 1)

    def random_game(n: int, on_action: Callable[[Game], None] | None = None) -> Game:
        return play_one(game_id, n, ["random"], on_action=on_action)

    # positions for the listing and clone figures: every 17th position of five games
    positions: list[Game] = []

    def grab(g: Game) -> None:
        if len(g.history) % 17 == 0 and not g.is_over():
            positions.append(g.clone(with_log=False))

    for n in range(5):
        random_game(n, grab).close()
    settle_memory()                 # as the client does at a scene change
    # full random games per second: five trials over fresh seeds; the median trial is the
    # figure (the machine is shared, so a single run can be slowed by other work)
    trials: list[float] = []
    n = 5
    acts = games = 0
    busy = 0.0
    c0 = time.process_time()
    for _ in range(5):
        t0 = time.perf_counter()
        k = 0
        while time.perf_counter() - t0 < seconds / 5:
            g = random_game(n)
            acts += len(g.history)
            g.close()
            n += 1
            k += 1
        el = time.perf_counter() - t0
        trials.append(k / el)
        games += k
        busy += el
    out["random_games_per_second"] = round(statistics.median(trials), 1)
    out["random_games_per_second_trials"] = [round(x, 1) for x in trials]
    # CPU seconds, not wall-clock: steadier when other work shares the machine
    out["random_games_per_cpu_second"] = round(games / (time.process_time() - c0), 1)
    out["actions_per_second"] = round(acts / busy, 0)
    # legal-action listing over sampled positions (cache cleared each time)
    times = []
    busiest = 0
    for _ in range(20):
        for p in positions:
            p.invalidate()
            t = time.perf_counter()
            la = p.legal_actions()
            times.append((time.perf_counter() - t) * 1000)
            busiest = max(busiest, len(la))
    out["legal_actions_ms_mean"] = round(statistics.mean(times), 4)
    out["legal_actions_ms_p95"] = round(_percentile(times, 95), 4)
    out["legal_actions_max_count"] = busiest
    def clone_times(sources: list[Game], cold: bool) -> list[float]:
        ms = []
        for p in sources:
            if cold:
                p.invalidate()
            t = time.perf_counter()
            c = p.clone(with_log=False)
            ms.append((time.perf_counter() - t) * 1000)
            c.close()
        return ms

    # clone, cold: the first copy of a position (nothing kept from an earlier copy)
    ct = clone_times(positions * 10, cold=True)
    out["clone_ms_mean"] = round(statistics.mean(ct), 4)
    out["clone_ms_p95"] = round(_percentile(ct, 95), 4)
    # clone, warm: the same position copied again and again, as AI search and undo do
    base = positions[len(positions) // 2] if positions else rulesets.new_game(game_id, seed=1)
    ct = clone_times([base] * 500, cold=False)
    out["clone_again_ms_mean"] = round(statistics.mean(ct), 4)
    out["clone_again_ms_p95"] = round(_percentile(ct, 95), 4)
    for p in positions:
        p.close()
    if with_client:
        try:
            from game.client.bench import board_frame_times
            ft = board_frame_times(frames=frames, game_id=game_id)
            out["frame_ms_mean"] = round(statistics.mean(ft), 3)
            out["frame_ms_p95"] = round(_percentile(ft, 95), 3)
            from game.client.bench import busy_frames
            busy = busy_frames([game_id], frames=frames)
            out["busy_frame_load"] = busy["load_before"]
            for size, f in busy["frames"][game_id].items():
                out[f"busy_frame_{size}_ms"] = {k: f[k] for k in ("mean", "p95", "max")}
                out[f"busy_frame_{size}_cpu_ms"] = {k: f["cpu"][k] for k in ("mean", "p95", "max")}
        except Exception as e:  # report, never crash the benchmark
            out["frame_error"] = f"{e.__class__.__name__}: {e}"
    return out


def bench_ai(game_id: str | None = None, games: int = 2, levels: list[str] | None = None,
             seed: int = 500, progress: Callable[[str], None] | None = None) -> dict[str, Any]:
    """The AI levels' timings (a benchmark: wall-clock, so note the machine's load):
    per game and level, seconds per decision (p50, p95, max; decisions with a
    choice only), per turn (the seat's decisions in one turn, by the adapter's
    turn key) and, for hard, simulations per second. Each level plays ``games``
    games against normal, on each side in turn."""
    import os
    from game.ai.adapter import adapter_for
    levels = levels or ["easy", "normal", "hard"]
    ids = [game_id] if game_id else [s.id for s in rulesets.specs() if s.ready and adapter_for(s.id)]
    out: dict[str, Any] = {"load_before": [round(x, 2) for x in os.getloadavg()], "cpus": os.cpu_count(),
                           "games": {}}
    say = progress or (lambda line: None)
    say(f"load average {out['load_before']} on {out['cpus']} cores")
    for gid in ids:
        ad = adapter_for(gid)
        if ad is None:
            raise KeyError(f"{gid} has no AI levels (no game/ai/adapters/{gid}.py)")
        res: dict[str, Any] = {}
        for level in levels:
            dec: list[float] = []
            turns: dict[tuple, float] = {}
            sims = secs = 0.0
            t_all = time.perf_counter()
            for i in range(games):
                g = rulesets.new_game(gid, seed=seed + i)
                sides = list(dict.fromkeys(g.seat_side(s) for s in g.seats))
                side = sides[i % len(sides)]
                names = [level if g.seat_side(s) == side else "normal" for s in g.seats]
                seated = seat_agents(g, names)
                while (d := g.pending()) is not None:
                    st = seated[d.seat]
                    mine = g.seat_side(d.seat) == side
                    many = len(g.legal_actions()) > 1
                    key = (i, d.seat, ad.turn_key(g, d.seat)) if mine else None
                    t = time.perf_counter()
                    a = st.decide(g, d.seat)
                    el = time.perf_counter() - t
                    if mine:
                        if many:
                            dec.append(el)
                        turns[key] = turns.get(key, 0.0) + el
                    g.apply(a)
                for s, st in seated.items():
                    stats = getattr(st.agent, "stats", None)
                    if stats and g.seat_side(s) == side:
                        sims += stats["iterations"]
                        secs += stats["search_seconds"]
                g.close()
            tv = list(turns.values())
            r = {"decisions": len(dec), "decision_s_p50": round(_percentile(dec, 50), 3),
                 "decision_s_p95": round(_percentile(dec, 95), 3), "decision_s_max": round(max(dec, default=0), 3),
                 "turns": len(tv), "turn_s_p50": round(_percentile(tv, 50), 3),
                 "turn_s_p95": round(_percentile(tv, 95), 3), "turn_s_max": round(max(tv, default=0), 3),
                 "wall_s": round(time.perf_counter() - t_all, 1)}
            if secs:
                r["simulations_per_s"] = round(sims / secs, 1)
            res[level] = r
            say(f"{gid:>12} {level:>6}: {r['decisions']} decisions, p50 {r['decision_s_p50']:.3f} s, "
                f"p95 {r['decision_s_p95']:.3f} s, max {r['decision_s_max']:.3f} s; turn p50 {r['turn_s_p50']:.2f} s, "
                f"p95 {r['turn_s_p95']:.2f} s, max {r['turn_s_max']:.2f} s"
                + (f"; {r['simulations_per_s']} simulations/s" if "simulations_per_s" in r else ""))
        out["games"][gid] = res
    out["load_after"] = [round(x, 2) for x in os.getloadavg()]
    say(f"load average {out['load_after']}")
    return out
