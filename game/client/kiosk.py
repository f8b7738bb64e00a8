"""The kiosk's attract loop: AI plays AI through the ready games, for days.

Pure Python (no pygame here), so the window and the headless soak run the very
same loop. :class:`Attract` is a small state machine that the caller ticks:

    card     the title card of the game about to be played (its session is made
             and its agents set up in the AI worker meanwhile)
    play     one AI decision at a time through the session (start_ai / poll_ai),
             applied when the presenter is ready for it (the board paces moves for
             watchers; headless there is no presenter and nothing waits)
    over     the last moves are shown, with the result on the board
    summary  who won, why, in how many turns; then the next game's card
    pause    after a fault, a short rest before the next game

Never stuck, never down: an exception anywhere in a tick (setting a game up,
an AI step, the presenter), an AI that fails, a frame the window could not
draw (the app reports it with :meth:`Attract.fault`), a watchdog that sees no
action for ``stall`` seconds or a game past ``max_actions`` actions: each is
logged with the game, its seed, options and action log (a save's JSON, which
``python -m game replay`` reads) to a rotating log file, and the loop goes on
with the next game. A hung AI worker is stopped (the next decision starts a
fresh one).

The log is ``$SANDTABLE_LOGS/kiosk.log``, else ``<config folder>/logs/kiosk.log``
(the config folder: ``$SANDTABLE_CONFIG``, else ``~/.config/sandtable``), rotated
at 1 MB with 5 old files kept.

The games are every ready game in the catalogue (``game.rulesets.available()``)
unless a list is given, each with its default options, all seats heuristic AI.
"""
from __future__ import annotations

import json
import logging
import os
import random
import sys
import time
import traceback
from collections import Counter
from dataclasses import dataclass, replace
from logging.handlers import RotatingFileHandler
from pathlib import Path
from typing import Any, Callable, Protocol

from game import rulesets
from game.core.memory import rss_mb, settle_memory

from .i18n import _
from .session import Session
from .settings import config_dir

LOG_FILE = "kiosk.log"
LOG_BYTES = 1_000_000
LOG_BACKUPS = 5
REPEAT_QUIET = 60.0         # the same fault is logged again at most this often (seconds)


@dataclass(frozen=True)
class KioskConfig:
    """How the attract loop runs. Times are seconds; card, over, summary and pause
    are shown-time (the app's time scale applies), stall is wall-clock."""
    games: tuple[str, ...] = ()     # () = every ready game in the catalogue
    locked: bool = False            # ignore every input but the exit combination
    idle: float = 90.0              # a person's game left alone this long -> back to the loop
    stall: float = 60.0             # no action for this long -> the watchdog moves on
    max_actions: int = 3000         # a game past this many actions -> the watchdog moves on
    card_seconds: float = 7.0
    over_seconds: float = 2.5
    summary_seconds: float = 8.0
    pause_seconds: float = 3.0
    seed: int | None = None         # None: a new sequence of games every run
    agent: str = "heuristic"        # who plays every seat (tests name a test agent here)

    def headless(self) -> "KioskConfig":
        """The same loop with nothing to show: no card, summary or pause times."""
        return replace(self, card_seconds=0.0, over_seconds=0.0, summary_seconds=0.0, pause_seconds=0.0)


def resolve_games(names: tuple[str, ...] | list[str] | str | None) -> tuple[str, ...]:
    """The games to play: every ready game when ``names`` is empty (or "all"),
    else those ids (a comma-separated string or a list), each checked. Raises
    ValueError (one line) for an unknown or unfinished game."""
    if isinstance(names, str):
        names = [n.strip() for n in names.split(",") if n.strip()]
    ready = list(rulesets.available())
    if not names or list(names) == ["all"]:
        if not ready:
            raise ValueError("no game is ready to play")
        return tuple(ready)
    out = []
    for n in names:
        if n not in ready:
            known = {s.id for s in rulesets.specs()}
            what = "not ready yet" if n in known else "not a game"
            raise ValueError(f"{n!r} is {what} (ready games: {', '.join(ready)})")
        out.append(n)
    return tuple(out)


# -- the log -----------------------------------------------------------------------------
def logs_dir() -> Path:
    env = os.environ.get("SANDTABLE_LOGS")
    return Path(env) if env else config_dir() / "logs"


def kiosk_log(path: Path | None = None) -> logging.Logger:
    """The "sandtable" logger with a rotating file handler on ``path`` (default
    :func:`logs_dir` / kiosk.log): the kiosk's faults and the AI's errors go there.
    Calling it again with another path moves the handler."""
    path = Path(path) if path is not None else logs_dir() / LOG_FILE
    logger = logging.getLogger("sandtable")
    for h in list(logger.handlers):
        if isinstance(h, RotatingFileHandler):
            if Path(h.baseFilename) == path.resolve():
                return logger
            logger.removeHandler(h)
            h.close()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        h = RotatingFileHandler(path, maxBytes=LOG_BYTES, backupCount=LOG_BACKUPS, encoding="utf-8")
    except OSError as e:
        print(f"demo: cannot write the log {path}: {e}", file=sys.stderr)
        return logger
    h.setFormatter(logging.Formatter("%(asctime)s %(levelname)s %(name)s: %(message)s"))
    logger.addHandler(h)
    if logger.level == logging.NOTSET or logger.level > logging.INFO:
        logger.setLevel(logging.INFO)
    return logger


def log_path(logger: logging.Logger | None = None) -> Path | None:
    logger = logger or logging.getLogger("sandtable")
    for h in logger.handlers:
        if isinstance(h, RotatingFileHandler):
            return Path(h.baseFilename)
    return None


def action_log(game) -> str:
    """The game as a save's JSON (id, options, seed, action log): enough to replay it.
    Never raises (a game broken enough not to hash still gives its actions)."""
    try:
        from game.core.save import save_dict
        return json.dumps(save_dict(game, {"from": "kiosk fault"}), ensure_ascii=False)
    except Exception:
        try:
            acts = [a.to_json() for a in game.history]
        except Exception:
            acts = [repr(a) for a in getattr(game, "history", ())]
        return json.dumps({"game": getattr(game, "game_id", "?"), "seed": getattr(game, "seed", None),
                           "options": getattr(game, "options", None), "actions": acts},
                          ensure_ascii=False, default=repr)


# -- one game of the loop ---------------------------------------------------------------------
@dataclass(frozen=True)
class Summary:
    """What the end-of-game card says."""
    game_id: str
    title: str
    local: str
    winner: str | None              # the winning side or camp, None for a draw
    winner_name: str
    reason: str
    turns: int
    actions: int
    seconds: float
    scores: tuple[tuple[str, int], ...] = ()
    next_title: str = ""            # the game that comes next in the loop

    @property
    def headline(self) -> str:
        return _("DRAW") if self.winner is None else _("{side} WINS").format(side=self.winner_name.upper())

    @property
    def line(self) -> str:
        turns = (_("{turns} turn") if self.turns == 1 else _("{turns} turns")).format(turns=self.turns)
        return _("in {turns} · {actions} decisions").format(turns=turns, actions=self.actions)


def score_label(spec, key: str) -> str:
    """A result's score name for people: a side's name ("SOV" -> "Soviet Union"),
    a side's count ("JP_vp" -> "Japan VP"), else the key in words ("crossed")."""
    sides = {s for s, _ in spec.side_names}
    if key in sides:
        return spec.side_name(key)
    side, _, what = key.partition("_")
    what = what.replace("_", " ")
    if what and side in sides:
        return f"{spec.side_name(side)} {what.upper() if len(what) <= 3 else what}"
    return key.replace("_", " ")


def turns_of(game) -> int:
    """How many turns a game has run: its public turn number, else its TurnStarted events."""
    try:
        t = game.public_state().get("turn")
        if isinstance(t, int) and t > 0:
            return t
    except Exception:
        pass
    return sum(1 for e in game.events if e.kind == "TurnStarted")


class DemoRun:
    """One game of the attract loop: its session (every seat heuristic AI, default
    options) and what the watchdog needs to know."""

    def __init__(self, number: int, game_id: str, seed: int, executor: Any, clock: Callable[[], float],
                 agent: str = "heuristic"):
        self.number = number
        self.game_id = game_id
        self.seed = seed
        self.spec = rulesets.spec(game_id)
        self.clock = clock
        self.session: Session | None = None
        game = rulesets.new_game(game_id, seed)
        try:
            self.session = Session(game, {s: agent for s in game.seats}, autosave=False,
                                   executor=executor)
        except BaseException:
            game.close()
            raise
        self.started = clock()
        self.last_progress = self.started
        self.showing_since: float | None = None   # the presenter has been busy since (window)
        self.actions = 0

    @property
    def game(self):
        return self.session.game

    def advance(self, wait: float = 0.0) -> list | None:
        """Ask for the AI's next decision (if not asked yet) and apply it when it has
        come: its events, else None. Raises when the AI has failed."""
        s = self.session
        if s.ai_error:
            raise AIFailed(s.ai_error)
        s.start_ai()
        events = s.poll_ai(wait)
        if events is not None:
            self.actions += 1
            self.last_progress = self.clock()
        elif s.ai_error:
            raise AIFailed(s.ai_error)
        return events

    def summary(self, next_title: str = "") -> Summary:
        g = self.game
        r = g.result()
        winner = r.winner if r else None
        scores = tuple((score_label(self.spec, s), v) for s, v in (r.scores if r else ()))
        return Summary(self.game_id, self.spec.title, self.spec.local, winner,
                       self.spec.side_name(winner) if winner else "", r.reason if r else "",
                       turns_of(g), len(g.history), self.clock() - self.started, scores, next_title)

    def close(self) -> None:
        if self.session is not None:
            self.session.close()


class AIFailed(RuntimeError):
    """The AI could not choose (it raised, or its worker died twice on this position)."""


class Presenter(Protocol):
    """What the window shows of the loop (headless: nothing)."""

    def show_card(self, run: DemoRun, attract: "Attract") -> None: ...
    def show_play(self, run: DemoRun) -> None: ...
    def ready(self) -> bool: ...                     # may the next AI action be applied now?
    def show_events(self, events: list) -> None: ...
    def show_summary(self, run: DemoRun, summary: Summary) -> None: ...
    def show_pause(self, message: str) -> None: ...


# -- the loop ------------------------------------------------------------------------------------
class Attract:
    """The attract loop. Call :meth:`update` every frame (or as often as you like,
    headless); it never raises."""

    def __init__(self, config: KioskConfig, executor: Any, presenter: Presenter | None = None, *,
                 clock: Callable[[], float] = time.monotonic, wait: float = 0.0,
                 logger: logging.Logger | None = None):
        self.config = config
        self.games = resolve_games(config.games)
        self.executor = executor
        self.presenter = presenter
        self.clock = clock
        self.wait = wait                    # how long one tick may wait for the AI (headless)
        self.log = logger or logging.getLogger("sandtable.kiosk")
        self.rng = random.Random(config.seed)
        self.phase = "next"                 # next | card | play | over | summary | pause
        self.t = 0.0
        self.run: DemoRun | None = None
        self.started = 0                    # games begun (or tried)
        self.ended = 0                      # games ended, any way
        self.played = 0                     # games played to their end
        self.faults = 0                     # exceptions: in a game, the AI, a frame
        self.watchdog = 0                   # games the watchdog ended (stalled, too long)
        self.by_game: Counter[str] = Counter()
        self.fault_kinds: Counter[str] = Counter()
        self.turns = 0
        self.last_summary: Summary | None = None
        self.last_fault = ""
        self._in_a_row = 0                  # faults without a finished game between them
        self._quiet: dict[str, list] = {}   # a repeated fault's text -> [first logged, repeats]
        self._shown: str | None = None      # the last game set up (its summary may be on show)

    # -- what is on show -------------------------------------------------------------
    def next_game_id(self, ahead: int = 0) -> str:
        return self.games[(self.started + ahead) % len(self.games)]

    @property
    def game_id(self) -> str | None:
        """The game being played now (None between games)."""
        return self.run.game_id if self.run is not None else None

    @property
    def on_show(self) -> str:
        """The game people are looking at: the one played now, or whose summary shows,
        else the next one."""
        return self.game_id or self._shown or self.next_game_id()

    # -- the tick ----------------------------------------------------------------------
    def update(self, dt: float) -> None:
        try:
            self._update(dt)
        except Exception as e:
            self.fault("update", e)

    def _update(self, dt: float) -> None:
        c = self.config
        if self.phase == "next":
            self._start()
        elif self.phase == "card":
            self.t += dt
            if self.t >= c.card_seconds:
                self.phase, self.t = "play", 0.0
                self.run.last_progress = self.clock()
                if self.presenter is not None:
                    self.presenter.show_play(self.run)
                self._play()
        elif self.phase == "play":
            self._play()
        elif self.phase == "over":
            if self.presenter is None or self.presenter.ready() or self._showing_too_long():
                self.t += dt
                if self.t >= c.over_seconds:
                    self._summary()
        elif self.phase == "summary":
            self.t += dt
            if self.t >= c.summary_seconds:
                self.phase = "next"
                if c.summary_seconds <= 0:
                    self._start()
        elif self.phase == "pause":
            self.t += dt
            if self.t >= self._pause_length():
                self.phase = "next"
                self._start()

    def _start(self) -> None:
        gid = self.next_game_id()
        seed = self.rng.randrange(1, 2**31)
        self.started += 1
        self.phase, self.t = "starting", 0.0
        self._trying = (gid, seed)
        self._shown = None
        self.run = DemoRun(self.started, gid, seed, self.executor, self.clock, self.config.agent)
        self._shown = gid
        self.run.session.prepare_ai()
        self.phase = "card"
        if self.presenter is not None:
            self.presenter.show_card(self.run, self)
        if self.config.card_seconds <= 0:
            self._update(0.0)

    def _play(self) -> None:
        run = self.run
        c = self.config
        while True:
            if run.game.is_over():
                self.phase, self.t = "over", 0.0
                if c.over_seconds <= 0 and self.presenter is None:
                    self._summary()
                return
            if run.actions >= c.max_actions:
                self.fault("watchdog", text=f"no end after {run.actions} actions (the cap is {c.max_actions})",
                           kind="too long")
                return
            if self.presenter is not None and not self.presenter.ready():
                if self._showing_too_long():
                    self.fault("watchdog", text=f"one move has been on show for {c.stall:.0f} s", kind="stalled")
                return
            if run.showing_since is not None:       # the moves have been shown: the AI's time starts
                run.showing_since = None
                run.last_progress = self.clock()
            events = run.advance(self.wait)
            if events is None:
                idle = self.clock() - run.last_progress
                if idle >= c.stall:
                    self.fault("watchdog", text=f"no action for {idle:.0f} s (the AI is stuck?)", kind="stalled")
                return
            if self.presenter is not None:
                self.presenter.show_events(events)
                if not run.game.is_over():
                    return                          # one action a tick on screen
            # headless: straight on to the next action

    def _showing_too_long(self) -> bool:
        """The presenter has not been ready for ``stall`` seconds (an animation that never
        ends must not hold the loop)."""
        run = self.run
        now = self.clock()
        if run.showing_since is None:
            run.showing_since = now
        return now - run.showing_since >= self.config.stall

    def _summary(self) -> None:
        run = self.run
        s = run.summary(next_title=rulesets.spec(self.next_game_id()).title)
        self.last_summary = s
        self.played += 1
        self.by_game[run.game_id] += 1
        self.turns += s.turns
        self._in_a_row = 0
        self.phase, self.t = "summary", 0.0
        if self.presenter is not None:
            self.presenter.show_summary(run, s)
        self._end_run()
        if self.config.summary_seconds <= 0 and self.presenter is None:
            self.phase = "next"

    def _end_run(self) -> None:
        run, self.run = self.run, None
        self.ended += 1
        if run is not None:
            run.close()

    def _pause_length(self) -> float:
        p = self.config.pause_seconds
        if self._in_a_row > 3 * len(self.games):    # everything keeps failing: do not flood the log
            return max(p, 1.0) * 10
        return p

    # -- faults ---------------------------------------------------------------------------
    def fault(self, where: str, exc: BaseException | None = None, *, text: str = "", kind: str = "") -> None:
        """Log what went wrong with the game on show and go on with the next one.
        ``where``: "update", "draw", "input", "watchdog" ...; never raises."""
        try:
            self._fault(where, exc, text, kind)
        except Exception:                   # (the last line of defence: keep the loop alive)
            self.run = None
            self.phase, self.t = "pause", 0.0

    def _fault(self, where: str, exc: BaseException | None, text: str, kind: str) -> None:
        run = self.run
        if exc is not None:
            text = text or (f"{type(exc).__name__}: {exc}".splitlines()[0] if str(exc) else type(exc).__name__)
            kind = kind or ("AI failed" if isinstance(exc, AIFailed) else "error")
        if kind in ("stalled", "too long"):
            self.watchdog += 1
        else:
            self.faults += 1
        self.fault_kinds[kind] += 1
        gid, seed = (run.game_id, run.seed) if run is not None else getattr(self, "_trying", ("?", 0))
        self.last_fault = f"{rulesets.spec(gid).title if gid != '?' else 'the demo'}: {text}"
        self._write_log(where, kind, gid, seed, run, exc, text)
        self._in_a_row += 1
        if run is not None:
            try:
                run.close()
            except Exception:
                pass
        self.run = None
        self._shown = None                  # (the pause offers the next game, not this one)
        self.ended += 1
        if kind == "stalled":
            self._restart_worker()
        self.phase, self.t = "pause", 0.0
        if self.presenter is not None:
            try:
                self.presenter.show_pause(self.last_fault)
            except Exception as e:
                self.log.error("kiosk: the pause screen failed: %s", e)
        if self.config.pause_seconds <= 0 and self.presenter is None:
            self.phase = "next"

    def _write_log(self, where, kind, gid, seed, run, exc, text) -> None:
        key = f"{where}|{kind}|{gid}|{text}"
        now = self.clock()
        q = self._quiet.get(key)
        if q is not None and now - q[0] < REPEAT_QUIET:
            q[1] += 1
            return
        repeats = q[1] if q is not None else 0
        self._quiet[key] = [now, 0]
        if len(self._quiet) > 200:
            for k in list(self._quiet)[:100]:
                del self._quiet[k]
        game = run.game if run is not None else None
        tb = "".join(traceback.format_exception(exc)) if exc is not None else ""
        self.log.error(
            "%s in %s (%s), game %d, seed %s, options %s, %d actions: %s%s\n%saction log: %s",
            kind, gid, where, self.started, seed, getattr(game, "options", {}),
            len(game.history) if game is not None else 0, text,
            f" (and {repeats} more like it in the last {REPEAT_QUIET:.0f} s)" if repeats else "",
            tb, action_log(game) if game is not None else "{}")

    def _restart_worker(self) -> None:
        """A stalled decision may be a hung worker: stop it (the next decision starts
        a fresh one). In-process decisions cannot hang the loop this way."""
        close = getattr(self.executor, "close", None)
        if close is not None and hasattr(self.executor, "alive"):
            close(timeout=0.5)

    def stop(self) -> None:
        """Close the game on show (leaving the loop: a person plays, or the app ends)."""
        run, self.run = self.run, None
        if run is not None:
            run.close()
        self.phase = "next"

    # -- figures ------------------------------------------------------------------------
    def counts(self) -> str:
        per = ", ".join(f"{g} {self.by_game[g]}" for g in self.games)
        return (f"{self.played} games played ({per}), {self.faults} exceptions, "
                f"{self.watchdog} moved on by the watchdog")


# -- the headless soak ---------------------------------------------------------------------------
def _mem(executor) -> str:
    own = rss_mb()
    text = f"RSS {own:.1f} MB" if own is not None else "RSS unknown"
    pid = getattr(executor, "pid", None)
    if pid:
        w = rss_mb(pid)
        if w is not None:
            text += f" (AI worker {w:.1f} MB)"
    return text


def _total_rss(executor) -> float | None:
    """This process's RSS and the AI worker's (when there is one), in MB."""
    own = rss_mb()
    pid = getattr(executor, "pid", None)
    w = rss_mb(pid) if pid else None
    return None if own is None else own + (w or 0.0)


def run_headless(count: int, config: KioskConfig, *, ai: str = "worker", out: Callable[[str], None] = print,
                 max_growth: float | None = None, every: int = 100) -> int:
    """Play ``count`` games back to back through :class:`Attract` with nothing shown
    and nothing waited for. Prints games played, exceptions and memory (RSS) at the
    start, at game 100 and at the end. Exit code 0 when no game raised or was moved
    on by the watchdog, all ``count`` games were played (not interrupted) and (with
    ``max_growth``) RSS, this process's and the AI worker's together, grew by at
    most that many percent from game 100 (or the start, for fewer games) to the end."""
    if ai == "worker":
        from game.ai.worker import shared
        executor = shared()
    elif ai == "inline":
        from game.ai.worker import Inline
        executor = Inline()
    else:
        raise ValueError(f"--ai must be worker or inline, not {ai!r}")
    logger = kiosk_log()
    attract = Attract(config.headless(), executor, None, wait=0.5)
    out(f"kiosk soak: {count} games over {', '.join(attract.games)}; seed {config.seed}; "
        f"AI {'in the worker process' if ai == 'worker' else 'in this process'}; log {log_path(logger)}")
    settle_memory()
    rss0 = _total_rss(executor)
    out(f"start: {_mem(executor)}")
    t0 = time.perf_counter()
    rss_mark: float | None = None
    seen = 0
    interrupted = False
    try:
        while attract.ended < count:
            attract.update(0.0)
            if attract.ended != seen:
                seen = attract.ended
                if seen % 10 == 0 or seen == count:
                    settle_memory()             # (the window does this at every scene change)
                if seen == 100:
                    rss_mark = _total_rss(executor)
                if (every and seen % every == 0) or seen == count:
                    rate = seen / max(1e-9, time.perf_counter() - t0)
                    out(f"game {seen}: {attract.counts()}; {_mem(executor)}; {rate:.2f} games/s")
    except KeyboardInterrupt:
        interrupted = True
        out(f"interrupted after {attract.ended} games")
    finally:
        attract.stop()
    settle_memory()
    rss1 = _total_rss(executor)
    base, since = (rss_mark, "game 100") if rss_mark is not None else (rss0, "the start")
    growth = None
    if base and rss1:
        growth = 100.0 * (rss1 - base) / base
    mean_turns = attract.turns / attract.played if attract.played else 0.0
    out(f"end: {attract.counts()}; mean {mean_turns:.1f} turns a game; {_mem(executor)}"
        + (f"; {growth:+.1f} % since {since} (with the worker's)" if growth is not None else "")
        + f"; {time.perf_counter() - t0:.0f} s")
    if attract.fault_kinds:
        out("faults: " + ", ".join(f"{k} {n}" for k, n in attract.fault_kinds.items())
            + f" (details in {log_path(logger)})")
    ok = attract.faults == 0 and attract.watchdog == 0 and not interrupted
    if max_growth is not None and growth is not None and growth > max_growth:
        out(f"RSS grew {growth:.1f} % since {since}: more than {max_growth:g} %")
        ok = False
    return 0 if ok else 1


__all__ = ["Attract", "DemoRun", "KioskConfig", "Summary", "AIFailed", "resolve_games", "kiosk_log",
           "logs_dir", "log_path", "run_headless", "turns_of", "action_log", "score_label"]
