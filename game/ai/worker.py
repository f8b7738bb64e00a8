"""Agents' decisions off the caller's thread: in a worker process of their own.

The true game never leaves the main process. For each decision the main
process builds the seat's view (``game.view_for(seat, seed)``, or just the
legal actions for a ``blind`` agent), pickles it and sends it with the
agent's :class:`AgentSpec` (name, game id, seed) to the worker. The worker
keeps each seat's agent object between decisions (agents keep an RNG or a
plan), so a game played through it makes the same decisions as the same game
with the agents inline and the same seeds. It sends back the chosen action;
the caller checks that it is still legal and applies it.

Two executors with one API, so a caller does not care where decisions run:

- :class:`AIWorker`: one process (multiprocessing "spawn": pygame may be
  loaded in the parent, and this module never imports it). Nothing here
  blocks for long: ``submit`` builds and pickles the view (a millisecond or
  so) and queues it; ``poll`` looks for a reply. A worker that dies is
  restarted, and the decisions it held are answered with an error.
- :class:`Inline`: runs the decision at once in this process (tools,
  screenshots, client tests in fast mode).

::

    ticket = ex.submit(owner, seat, agent_seat, game)  # owner: who keeps the agents (a session)
    reply = ex.poll(ticket)          # None until ready; then Reply(action) or Reply(error=...)
    ex.cancel(ticket)                # its reply is dropped; a running search may stop early
    ex.release(owner)                # forget that owner's agents (a session ended)
    ex.prepare(game, specs)          # start the process and set this kind of game up there
    ex.close()

A long search may look at ``CONTEXT.stop_requested()`` (:mod:`game.ai.context`)
now and then and return its best choice so far when the decision it works on
has been cancelled.
:func:`shared` gives the process's one worker, reused by every session and
scene, and closed at exit.
"""
from __future__ import annotations

import atexit
import itertools
import logging
import multiprocessing
import os
import pickle
import queue
import signal
import sys
import time
import traceback
from collections import deque
from dataclasses import dataclass
from typing import Any

from game.ai import ViewSeeds, agent_class
from game.ai.context import CONTEXT
from game.core.game import Game, template

log = logging.getLogger("sandtable.ai")

_IDS = itertools.count(1)           # ticket ids: one sequence per process, rising


@dataclass(frozen=True)
class AgentSpec:
    """Which agent: built where the decisions run, from these three values."""
    name: str               # "easy", "normal", "hard", "random", "heuristic" or "package.module:Class"
    game_id: str
    seed: int

    def agent_class(self) -> type:
        return agent_class(self.name, self.game_id)

    def build(self) -> Any:
        return self.agent_class()(self.seed)


class AgentSeat(ViewSeeds):
    """A seat's agent by spec, and the seeds of the views it is given. The agent
    object itself lives where the decisions run."""

    def __init__(self, spec: AgentSpec, view_seed: int):
        super().__init__(view_seed)
        self.spec = spec
        self.blind = bool(getattr(spec.agent_class(), "blind", False))


@dataclass(frozen=True)
class Ticket:
    id: int
    owner: str
    seat: str


@dataclass(frozen=True)
class Reply:
    ticket: int
    action: Any = None
    error: str = ""                 # one line; "" when the agent answered
    detail: str = ""                # the traceback, for the log
    crashed: bool = False           # the worker process died on it
    seconds: float = 0.0            # time the agent took
    pid: int = 0                    # the process that answered
    explanation: Any = None         # the agent's account of its choice (game.ai.search.Explanation), if any


def _payload(game: Game, seat: str, agent_seat: AgentSeat) -> tuple[bool, Any]:
    """What the agent may see: the legal actions (blind agents) or the seat's view.
    The view seed is drawn here, once per decision, as :meth:`game.ai.Seat.decide` does."""
    if agent_seat.blind:
        return True, list(game.legal_actions())
    return False, game.view_for(seat, agent_seat.next_view_seed())


def _choose(agent: Any, blind: bool, payload: Any) -> Any:
    if blind:
        return agent.choose_among(payload)
    try:
        return agent.choose(payload)
    finally:
        payload.close()


def _answer(ticket: int, agent: Any, blind: bool, payload: Any) -> Reply:
    t0 = time.perf_counter()
    try:
        action = _choose(agent, blind, payload)
    except Exception as e:
        line = f"{type(e).__name__}: {e}".splitlines()[0] if str(e) else type(e).__name__
        return Reply(ticket, error=f"the AI failed: {line}", detail=traceback.format_exc(),
                     seconds=time.perf_counter() - t0, pid=os.getpid())
    ex = getattr(agent, "last_explanation", None)
    return Reply(ticket, action=action, seconds=time.perf_counter() - t0, pid=os.getpid(), explanation=ex)


class _Agents:
    """Agent objects by (owner, seat), built on first use from their spec."""

    def __init__(self) -> None:
        self.by_key: dict[tuple[str, str], tuple[AgentSpec, Any]] = {}

    def get(self, owner: str, seat: str, spec: AgentSpec) -> Any:
        held = self.by_key.get((owner, seat))
        if held is None or held[0] != spec:
            held = self.by_key[(owner, seat)] = (spec, spec.build())
        return held[1]

    def release(self, owner: str) -> None:
        for k in [k for k in self.by_key if k[0] == owner]:
            del self.by_key[k]


# -- in this process ------------------------------------------------------------------
class Inline:
    """Decisions at once, in this process and thread (the caller waits for them).
    For tools, screenshots and fast client tests; the client uses :class:`AIWorker`."""

    def __init__(self) -> None:
        self._agents = _Agents()
        self._done: dict[int, Reply] = {}

    def prepare(self, game: Game, specs: tuple[AgentSpec, ...] = ()) -> None:
        pass

    def submit(self, owner: str, seat: str, agent_seat: AgentSeat, game: Game) -> Ticket:
        t = Ticket(next(_IDS), owner, seat)
        blind, payload = _payload(game, seat, agent_seat)
        self._done[t.id] = _answer(t.id, self._agents.get(owner, seat, agent_seat.spec), blind, payload)
        return t

    def poll(self, ticket: Ticket, timeout: float = 0.0) -> Reply | None:
        return self._done.pop(ticket.id, None)

    def cancel(self, ticket: Ticket) -> None:
        self._done.pop(ticket.id, None)

    def release(self, owner: str) -> None:
        self._agents.release(owner)

    def close(self) -> None:
        self._done.clear()


# -- in a worker process ------------------------------------------------------------------
def _serve(requests, replies, stop) -> None:
    """The worker process: answer decisions, in order, until told to stop."""
    CONTEXT.listen(stop)
    signal.signal(signal.SIGINT, signal.SIG_IGN)   # Ctrl+C is for the client, which stops us
    # keep SDL out of the worker, which draws nothing (the rules never load pygame, and an
    # agent that imports it fails here, as it should)
    sys.modules.setdefault("pygame", None)
    import game.rulesets  # noqa: F401  (registers the games, so views and agents resolve)
    CONTEXT.set_explain(True)           # the client shows the AI's alternatives and hints
    agents = _Agents()
    backlog: deque = deque()
    cancelled: set[int] = set()
    parent = multiprocessing.parent_process()
    while True:
        if not backlog:
            try:
                backlog.append(requests.get(timeout=1.0))
            except queue.Empty:
                if parent is not None and not parent.is_alive():
                    return              # the client is gone: do not linger
                continue
        while True:                     # read ahead, so a cancel skips work queued before it
            try:
                backlog.append(requests.get_nowait())
            except queue.Empty:
                break
        for m in backlog:
            if m is not None and m[0] == "cancel":
                cancelled.add(m[1])
        msg = backlog.popleft()
        if msg is None:
            return
        kind = msg[0]
        if kind == "decide":
            _, tid, owner, seat, spec, blind, data = msg
            if tid in cancelled:
                cancelled.discard(tid)
                continue
            try:
                agent = agents.get(owner, seat, spec)
                payload = data if blind else pickle.loads(data)
            except Exception as e:
                replies.put(Reply(tid, error=f"the AI could not start: {type(e).__name__}: {e}",
                                  detail=traceback.format_exc()))
                continue
            with CONTEXT.deciding(tid):
                reply = _answer(tid, agent, blind, payload)
            cancelled = {c for c in cancelled if c > tid}     # (requests come in ticket order)
            replies.put(reply)
        elif kind == "release":
            agents.release(msg[1])
        elif kind == "warm":
            _, cls, options, specs = msg
            try:
                template(cls, options)  # the layout (map, tables) of this kind of game, built once
                for s in specs:
                    s.agent_class()
            except Exception:
                pass                    # the first decision reports it properly


class AIWorker:
    """One worker process for agents' decisions. Start it early (:meth:`start`
    or :meth:`prepare`): the first decision then does not wait for Python to
    start. It is restarted when it dies; ``restarts`` and ``last_error`` say so."""

    def __init__(self, context: str = "spawn"):
        if context not in ("spawn", "forkserver"):
            raise ValueError("the AI worker needs the 'spawn' or 'forkserver' context (pygame may be loaded here)")
        self._ctx = multiprocessing.get_context(context)
        self._proc = None
        self._requests = None
        self._replies = None
        self._stop = None
        self._open: dict[int, Ticket] = {}      # submitted, neither answered nor cancelled
        self._done: dict[int, Reply] = {}       # answered, not yet collected
        self._warm: dict[tuple, tuple] = {}     # what to set up again in a restarted worker
        self.restarts = 0
        self.last_error = ""

    # -- the process ----------------------------------------------------------------
    @property
    def pid(self) -> int | None:
        return self._proc.pid if self._proc is not None else None

    def alive(self) -> bool:
        return self._proc is not None and self._proc.is_alive()

    def start(self) -> None:
        if self.alive():
            return
        self._requests = self._ctx.Queue()
        self._replies = self._ctx.Queue()
        self._stop = self._ctx.RawValue("q", 0)
        self._proc = self._ctx.Process(target=_serve, args=(self._requests, self._replies, self._stop),
                                       name="sandtable-ai", daemon=True)
        self._proc.start()
        for w in self._warm.values():
            self._requests.put(w)

    def prepare(self, game: Game, specs: tuple[AgentSpec, ...] = ()) -> None:
        """Start the worker (if it is not running) and set this kind of game and these
        agents up in it now, while people look at the board."""
        key = (type(game), repr(sorted(game.options.items())), tuple(specs))
        msg = ("warm", type(game), dict(game.options), tuple(specs))
        fresh = key not in self._warm
        self._warm[key] = msg
        del_keys = list(self._warm)[:-8]        # remember a few kinds, not every session
        for k in del_keys:
            del self._warm[k]
        if not self.alive():
            self.start()                # (sends what it must warm)
        elif fresh:
            self._requests.put(msg)

    def _died(self) -> None:
        code = self._proc.exitcode if self._proc is not None else None
        self.last_error = f"the AI worker stopped (exit code {code}); it was restarted"
        log.error("%s; %d decision(s) lost", self.last_error, len(self._open))
        for tid in self._open:
            self._done[tid] = Reply(tid, error=self.last_error, crashed=True)
        self._open.clear()
        self._discard_queues()
        self.restarts += 1
        self.start()

    def _discard_queues(self) -> None:
        for q in (self._requests, self._replies):
            if q is not None:
                q.cancel_join_thread()      # never wait at exit for a pipe nobody reads
                q.close()
        self._requests = self._replies = None
        self._proc = None

    # -- decisions ----------------------------------------------------------------------
    def submit(self, owner: str, seat: str, agent_seat: AgentSeat, game: Game) -> Ticket:
        """Queue ``seat``'s decision in ``game`` and return at once. The view is built
        and pickled here, in the caller's thread (esper's worlds are process-global)."""
        if not self.alive():
            if self._proc is not None:
                self._died()
            else:
                self.start()
        blind, payload = _payload(game, seat, agent_seat)
        if not blind:
            try:
                payload, view = pickle.dumps(payload, pickle.HIGHEST_PROTOCOL), payload
            finally:
                view.close()
        t = Ticket(next(_IDS), owner, seat)
        self._open[t.id] = t
        self._requests.put(("decide", t.id, owner, seat, agent_seat.spec, blind, payload))
        return t

    def _drain(self, timeout: float = 0.0) -> None:
        """Collect the replies that have arrived (waiting up to ``timeout`` for one)."""
        while self._replies is not None:
            try:
                r = self._replies.get(timeout=timeout) if timeout > 0 else self._replies.get_nowait()
            except queue.Empty:
                return
            except (EOFError, OSError):
                return
            timeout = 0.0
            if self._open.pop(r.ticket, None) is not None:
                self._done[r.ticket] = r             # (a reply to a cancelled ticket is dropped)

    def poll(self, ticket: Ticket, timeout: float = 0.0) -> Reply | None:
        """The reply to ``ticket`` if it has come (waiting up to ``timeout`` seconds),
        else None. A cancelled or unknown ticket never gets a reply."""
        deadline = time.monotonic() + timeout
        while True:
            self._drain()
            if ticket.id in self._done:
                return self._done.pop(ticket.id)
            if ticket.id not in self._open:
                return None
            if not self.alive():
                self._drain()           # a reply it sent before it stopped still counts
                if ticket.id not in self._done:
                    self._died()
                continue
            left = deadline - time.monotonic()
            if left <= 0:
                return None
            self._drain(min(left, 0.05))

    def cancel(self, ticket: Ticket) -> None:
        """Drop ``ticket``: its reply is never returned; the worker skips it if it has not
        started it, and ``CONTEXT.stop_requested()`` turns true there if it has."""
        self._done.pop(ticket.id, None)
        if self._open.pop(ticket.id, None) is not None and self.alive():
            self._stop.value = ticket.id
            self._requests.put(("cancel", ticket.id))

    def release(self, owner: str) -> None:
        if self.alive():
            self._requests.put(("release", owner))

    def close(self, timeout: float = 1.0) -> None:
        """Stop the worker: ask it, wait up to ``timeout`` (it may be in the middle of a
        search), then end it."""
        proc = self._proc
        if proc is None:
            return
        for tid in list(self._open):
            self._stop.value = tid              # let a cooperative search stop now
        self._open.clear()
        self._done.clear()
        try:
            if proc.is_alive():
                self._requests.put(None)
            proc.join(timeout)
            if proc.is_alive():
                proc.terminate()
                proc.join(1.0)
        finally:
            self._discard_queues()


_SHARED: AIWorker | None = None


def shared() -> AIWorker:
    """This process's one worker (started on first use, reused, closed at exit)."""
    global _SHARED
    if _SHARED is None:
        _SHARED = AIWorker()
        atexit.register(close_shared)
    _SHARED.start()
    return _SHARED


def close_shared() -> None:
    global _SHARED
    if _SHARED is not None:
        _SHARED.close()
        _SHARED = None


__all__ = ["AgentSpec", "AgentSeat", "AIWorker", "Inline", "Reply", "Ticket", "shared", "close_shared"]
