"""Command line: python -m game COMMAND ...

  play [--fullscreen] [--game ID] [--load SAVE] [--lang CODE]   open the window (title screen)
  demo [--games LIST] [--fullscreen] [--locked] [--idle S] [--stall S] [--max-actions N] [--seed S]
                                                  kiosk: AI plays AI in an attract loop
  demo --headless [--games N | --count N --games LIST] [--seed S] [--ai worker|inline] [--max-growth PCT]
                                                  the same loop without a window: a soak
  selfplay GAME --games N --seed S --agents A,B [--players N] [--option K=V] [--json] [--explain]
  tournament GAME --a X --b Y --games N --seed S [--jobs J] [--json] [--explain] [--clock cpu]
                                                  X against Y on every side, with 95 % intervals
  replay SAVE [--verify]                          re-play a save, check its hash
  screenshot GAME --out FILE.png [--save SAVE] [--scene SCENE] [--size WxH] [--palette colourblind] [--players N] [--lang CODE]
                                                  render a screen headless (--all: every screen of GAME
                                                  or 'all' at the three sizes, into the folder --out)
  map-info PATH [--json]                          what the loader reads from a TMX map
  bench [--game ID] [--json] [--ai] [--busy-frames]  speed figures (--ai: the AI levels' timings;
                                                  --busy-frames: the busiest board frame, ms)

Agents: easy, normal, hard (the levels; "hard@0.5" gives 0.5 s per decision),
random, heuristic (the game's own agent), or "package.module:Class".

A bad map, option or save stops any command with one line on stderr naming
the file and the problem, and exit code 2. The environment variable
SANDTABLE_MAPS points every command at another maps folder (see game/paths.py).
"""
from __future__ import annotations

import argparse
import json
import os
import sys


def _unknown_game(cmd: str, game_id: str | None) -> bool:
    """Print one line and say so when ``game_id`` is given but not a playable game."""
    from game import rulesets
    if game_id is None or game_id in rulesets.available():
        return False
    print(f"{cmd}: --game {game_id!r}: not a playable game (games: {', '.join(rulesets.available())})",
          file=sys.stderr)
    return True


def _first_game() -> str:
    """The catalogue's first playable game (the default of ``bench``)."""
    from game import rulesets
    return rulesets.available()[0]


def _lang_arg(s: argparse.ArgumentParser) -> None:
    from game.client.i18n import LANGUAGES
    s.add_argument("--lang", default=None, choices=list(LANGUAGES), metavar="CODE",
                   help="interface language for this run: " + ", ".join(f"{k} ({v})" for k, v in LANGUAGES.items())
                   + " (as $SANDTABLE_LANG; the settings keep their own)")


def _apply_lang(a: argparse.Namespace) -> None:
    if getattr(a, "lang", None):
        os.environ["SANDTABLE_LANG"] = a.lang


def _cmd_play(a: argparse.Namespace) -> int:
    _apply_lang(a)
    if _unknown_game("play", a.game):
        return 2
    if a.load:                              # a bad save stops here, before the window opens
        from game.core.save import load_game
        load_game(a.load, accept_older=True).close()   # (SaveError: one line and exit 2, in main)
    from game.client.app import run
    return run(mode="play", fullscreen=a.fullscreen, game_id=a.game, load=a.load)


def _cmd_demo(a: argparse.Namespace) -> int:
    from game.client.kiosk import KioskConfig, resolve_games, run_headless
    if a.games.strip().isdigit():           # --games N: N games over every ready game (headless)
        if not a.headless:
            print(f"demo: --games {a.games}: a number of games needs --headless (else name the games)",
                  file=sys.stderr)
            return 2
        if a.count is not None and a.count != int(a.games):
            print(f"demo: --games {a.games} and --count {a.count} disagree", file=sys.stderr)
            return 2
        a.count, a.games = int(a.games), ""
    try:
        games = resolve_games(a.games)
    except ValueError as e:
        print(f"demo: --games: {e}", file=sys.stderr)
        return 2
    for n, v in (("--idle", a.idle), ("--stall", a.stall), ("--count", a.count), ("--max-actions", a.max_actions)):
        if v is not None and v <= 0:
            print(f"demo: {n} must be more than 0, not {v}", file=sys.stderr)
            return 2
    import game.rulesets as catalogue
    for gid in games:                       # a bad map or data stops here, before the loop starts
        catalogue.new_game(gid, 0).close()
    cfg = KioskConfig(games=games, locked=a.locked, idle=a.idle, stall=a.stall, max_actions=a.max_actions,
                      seed=a.seed)
    if a.headless:
        return run_headless(a.count or 1000, cfg, ai=a.ai, max_growth=a.max_growth)
    from game.client.app import run
    return run(mode="demo", fullscreen=a.fullscreen, kiosk=cfg)


def _options(a: argparse.Namespace) -> dict:
    """--option key=value (JSON values, else strings) and --players N."""
    out: dict = {}
    for item in a.option or ():
        key, sep, raw = item.partition("=")
        if not sep:
            raise ValueError(f"--option {item!r}: write key=value")
        try:
            out[key] = json.loads(raw)
        except json.JSONDecodeError:
            out[key] = raw
    if getattr(a, "players", None) is not None:
        out["players"] = a.players
    return out


def _cmd_selfplay(a: argparse.Namespace) -> int:
    from game.runner import selfplay
    try:
        stats = selfplay(a.game, a.games, a.seed, a.agents.split(","), options=_options(a),
                         explain=print if a.explain else None)
    except (KeyError, ValueError) as e:
        print(f"selfplay: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    d = stats.as_dict()
    if a.json:
        print(json.dumps(d))
    else:
        wins = ", ".join(f"{k} {v}" for k, v in d["wins"].items())
        print(f"{d['game']}: {d['games']} games, {a.agents}: wins {wins}, draws {d['draws']}; "
              f"mean {d['mean_turns']} turns, {d['mean_actions']} actions; {d['games_per_second']} games/s")
    return 0


def _cmd_tournament(a: argparse.Namespace) -> int:
    from game.tournament import tournament

    def progress(done: int, total: int) -> None:
        if not a.json:
            print(f"\r  {done}/{total} games", end="", file=sys.stderr, flush=True)
    try:
        t = tournament(a.game, a.a, a.b, a.games, a.seed, jobs=a.jobs, options=_options(a),
                       explain=a.explain, progress=progress, clock=a.clock)
    except (KeyError, ValueError) as e:
        print(f"tournament: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    if not a.json:
        print(file=sys.stderr)
    for line in t.log:
        print(line, file=sys.stderr if a.json else sys.stdout)
    if a.json:
        print(json.dumps(t.as_dict()))
    else:
        print("\n".join(t.lines()))
    return 0


def _cmd_replay(a: argparse.Namespace) -> int:
    import game.rulesets  # noqa: F401  (the catalogue: load_game looks the save's game up in it)
    from game.core.errors import SaveError
    from game.core.save import load_game, read_save
    try:
        data = read_save(a.save)
        g = load_game(a.save, verify=a.verify)
    except SaveError as e:
        print(f"replay: {e}", file=sys.stderr)
        return 2
    r = g.result()
    status = f"over, {r.winner or 'draw'} ({r.reason})" if r else f"in progress, {g.to_move()} to move"
    check = "hash verified" if a.verify else "hash not checked"
    print(f"{a.save}: {data['game']} seed {data['seed']}, {len(g.history)} actions, {status}; "
          f"state {g.state_hash()} ({check})")
    return 0


def _cmd_screenshot(a: argparse.Namespace) -> int:
    from game.client.screenshot import render
    from game.core.errors import SaveError
    _apply_lang(a)
    try:
        from game.client.screenshot import parse_size, render_all
        size = parse_size(a.size)
        if a.all:
            sizes = [size] if a.size_given else None
            games = None if a.game == "all" else [a.game]
            if games and _unknown_game("screenshot", a.game):
                return 2
            for p in render_all(a.out, games, **({"sizes": sizes} if sizes else {})):
                print(p)
            return 0
        out = render(a.game, a.out, save=a.save, scene=a.scene, options=_options(a), size=size,
                     palette=a.palette)
    except (SaveError, KeyError, ValueError) as e:
        print(f"screenshot: {e.args[0] if e.args else e}", file=sys.stderr)
        return 2
    print(out)
    return 0


def _cmd_map_info(a: argparse.Namespace) -> int:
    from game.core.errors import MapError
    from game.core.tmx import map_info
    try:
        info = map_info(a.path)
    except MapError as e:
        print(f"map-info: {e}", file=sys.stderr)
        return 2
    if a.json:
        print(json.dumps(info, ensure_ascii=False))
    else:
        print(f"{a.path}: {info['orientation']} {info['width']}x{info['height']} "
              f"(stagger {info['staggeraxis']}/{info['staggerindex']}), {len(info['cells'])} cells")
        for c in info["cells"]:
            print(f"  {c['name']:>6} ({c['x']},{c['y']}): {' '.join(c['neighbours'])}")
        for k in info["links"]:
            print(f"  link {k['kind']} {k['from']} {'->' if k['oneway'] else '<->'} {k['to']}"
                  + (f" ({k['name']})" if k["name"] else ""))
    return 0


def _cmd_bench(a: argparse.Namespace) -> int:
    if _unknown_game("bench", a.game):
        return 2
    from game.runner import bench
    if a.ai:
        from game.runner import bench_ai
        try:
            d = bench_ai(a.game if a.game_given else None, games=a.games, levels=a.levels.split(","),
                         progress=None if a.json else print)
        except (KeyError, ValueError) as e:
            print(f"bench: {e.args[0] if e.args else e}", file=sys.stderr)
            return 2
        if a.json:
            print(json.dumps(d))
        return 0
    if a.busy_frames:
        from game.client.bench import busy_frames, table
        d = busy_frames([a.game] if a.game_given else None, frames=a.frames)
        print(json.dumps(d) if a.json else table(d))
        return 0
    d = bench(a.game, seconds=a.seconds, frames=a.frames, with_client=not a.no_client)
    if a.json:
        print(json.dumps(d))
    else:
        for k, v in d.items():
            print(f"{k:>28}: {v}")
    return 0


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m game", description="Sandtable: historical board wargames.")
    sub = p.add_subparsers(dest="cmd", required=True)

    s = sub.add_parser("play", help="open the game window")
    s.add_argument("--fullscreen", action="store_true")
    s.add_argument("--game", default=None, help="skip to this game's seat screen")
    s.add_argument("--load", default=None, help="open a save")
    _lang_arg(s)
    s.set_defaults(fn=_cmd_play)

    s = sub.add_parser("demo", help="kiosk: AI plays AI in an attract loop (hold Esc 2 s to exit)",
                       description="The kiosk: AI plays AI through the games, each with a title card and a "
                                   "summary; any input offers \"press to play\". Exit: hold Esc 2 s or Ctrl+Q "
                                   "(unlocked), hold Ctrl+Shift+Q 2 s (always, also when --locked). "
                                   "Faults are logged to $SANDTABLE_LOGS/kiosk.log (default "
                                   "~/.config/sandtable/logs/kiosk.log) and the loop goes on.")
    s.add_argument("--games", default="", metavar="LIST",
                   help="comma-separated game ids to cycle through (default: every ready game); "
                        "with --headless a number N plays N games over every ready game")
    s.add_argument("--fullscreen", action="store_true")
    s.add_argument("--locked", action="store_true",
                   help="ignore all input but the exit combination (hold Ctrl+Shift+Q 2 s)")
    s.add_argument("--idle", type=float, default=90.0, metavar="SECONDS",
                   help="a person's game left alone this long goes back to the demo (default 90)")
    s.add_argument("--stall", type=float, default=60.0, metavar="SECONDS",
                   help="watchdog: move on when a game makes no move for this long (default 60)")
    s.add_argument("--max-actions", type=int, default=3000, metavar="N",
                   help="watchdog: move on when a game passes N actions (default 3000)")
    s.add_argument("--seed", type=int, default=None, help="the sequence of games (default: new every run)")
    s.add_argument("--headless", action="store_true",
                   help="no window: play --games N (or --count N) games back to back through the same loop and print "
                        "games played, exceptions and memory (RSS)")
    s.add_argument("--count", type=int, default=None, metavar="N", help="(headless) games to play (default 1000)")
    s.add_argument("--ai", choices=["worker", "inline"], default="worker",
                   help="(headless) decide in the AI worker process as the window does (default), or inline")
    s.add_argument("--max-growth", type=float, default=None, metavar="PERCENT",
                   help="(headless) fail when RSS grows more than this from game 100 to the end")
    s.set_defaults(fn=_cmd_demo)

    s = sub.add_parser("selfplay", help="play headless games between agents")
    s.add_argument("game")
    s.add_argument("--games", type=int, default=10)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--agents", default="heuristic,random", help="one agent per seat, in seat order, or one per side")
    s.add_argument("--players", type=int, default=None, help="number of players (games that have the option)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--explain", action="store_true", help="log each AI decision's top alternatives")
    s.set_defaults(fn=_cmd_selfplay)

    s = sub.add_parser("tournament", help="two agents, each on every side, win rates with 95%% intervals")
    s.add_argument("game")
    s.add_argument("--a", required=True, help="agent A (e.g. hard, hard@0.3, normal, easy, random)")
    s.add_argument("--b", required=True, help="agent B")
    s.add_argument("--games", type=int, default=20, help="games per side")
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--jobs", type=int, default=1, help="games played at once, each in its own process")
    s.add_argument("--players", type=int, default=None, help="number of players (games that have the option)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    s.add_argument("--json", action="store_true")
    s.add_argument("--explain", action="store_true", help="log each AI decision's top alternatives")
    s.add_argument("--clock", choices=("wall", "cpu"), default="wall",
                   help="read the agents' time budgets on the wall clock (as in play) or in CPU seconds "
                   "(the strength they would have on an idle machine)")
    s.set_defaults(fn=_cmd_tournament)

    s = sub.add_parser("replay", help="re-play a save")
    s.add_argument("save")
    s.add_argument("--verify", action="store_true", help="check the final state hash")
    s.set_defaults(fn=_cmd_replay)

    s = sub.add_parser("screenshot", help="render a screen to PNG, headless")
    s.add_argument("game")
    s.add_argument("--out", required=True)
    s.add_argument("--save", default=None)
    from game.client.screenshot import SCENES
    s.add_argument("--scene", default="board", choices=list(SCENES))
    s.add_argument("--players", type=int, default=None, help="number of players (games that have the option)")
    s.add_argument("--option", action="append", metavar="KEY=VALUE", help="a game option (repeatable)")
    s.add_argument("--size", default=None, metavar="WxH", help="the window size (default 1280x720)")
    s.add_argument("--all", action="store_true", help="every screen (GAME or 'all' for every game) at "
                   "1280x720, 1920x1080 and 1024x576 (or --size), as PNGs under the directory --out")
    s.add_argument("--palette", default=None, help="standard or colourblind")
    _lang_arg(s)
    s.set_defaults(fn=_cmd_screenshot)

    s = sub.add_parser("map-info", help="print what the loader reads from a TMX map")
    s.add_argument("path")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_cmd_map_info)

    s = sub.add_parser("bench", help="speed figures")
    s.add_argument("--game", default=None)
    s.add_argument("--ai", action="store_true", help="the AI levels: time per decision and per turn, "
                   "simulations per second (every game with levels, or --game ID)")
    s.add_argument("--games", type=int, default=2, help="(--ai) games per level and game")
    s.add_argument("--levels", default="easy,normal,hard", help="(--ai) the levels to time")
    s.add_argument("--seconds", type=float, default=3.0)
    s.add_argument("--frames", type=int, default=300)
    s.add_argument("--no-client", action="store_true")
    s.add_argument("--busy-frames", action="store_true", help="only the busiest animated board frame "
                   "(dice, a slide, overlays, the log) of every game (or --game ID) at 1280x720 and 1920x1080")
    s.add_argument("--json", action="store_true")
    s.set_defaults(fn=_cmd_bench)

    a = p.parse_args(argv)
    if a.cmd == "screenshot":
        a.size_given = a.size is not None
        a.size = a.size or "1280x720"
    if a.cmd == "bench":
        a.game_given = a.game is not None
        a.game = a.game or _first_game()
    from game.core.errors import MapError, OptionError, SaveError
    try:
        return a.fn(a)
    except (MapError, OptionError, SaveError) as e:
        print(f"{a.cmd}: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
