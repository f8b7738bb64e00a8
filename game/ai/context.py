"""What a process tells the agents that decide in it: one object, :data:`CONTEXT`.

The levels (:mod:`game.ai.levels`) read it; whoever runs the decisions sets it:

- ``explain``: easy and normal explain their decisions too (hard always does). The
  client and the AI worker turn it on (the explain toggle and hints), matches as asked.
- ``clock``: the clock budgets are read on: wall-clock (play), or this process's CPU
  time (matches on a machine loaded by other work: an agent then gets the computing it
  would get on an idle one). :meth:`DecisionContext.set_clock`.
- :meth:`DecisionContext.stop_requested`: the decision being made has been cancelled
  (undo, load, quit ...). The AI worker (:mod:`game.ai.worker`) says which decision it
  is making (:meth:`DecisionContext.deciding`) and shares with its parent the one
  asked to stop (:meth:`DecisionContext.listen`); a long search looks now and then and
  returns its best choice so far.

Neither the levels nor the worker import each other: both import this.
"""
from __future__ import annotations

import time
from contextlib import contextmanager
from typing import Any, Callable, Iterator


class DecisionContext:
    def __init__(self) -> None:
        self.explain = False
        self.clock: Callable[[], float] = time.perf_counter
        self._stop: Any = None      # in the worker: the id of the ticket asked to stop (shared with the parent)
        self._current = 0           # in the worker: the ticket being decided now

    def set_explain(self, on: bool) -> None:
        self.explain = bool(on)

    def set_clock(self, kind: str) -> None:
        """"wall" (the default) or "cpu" (this process's CPU time)."""
        if kind not in ("wall", "cpu"):
            raise ValueError(f"clock must be wall or cpu, not {kind!r}")
        self.clock = time.perf_counter if kind == "wall" else time.process_time

    # -- cancelling -----------------------------------------------------------------------
    def listen(self, stop: Any) -> None:
        """In the worker process: ``stop`` (a shared integer) holds the ticket asked to stop."""
        self._stop = stop

    @contextmanager
    def deciding(self, ticket: int) -> Iterator[None]:
        """The worker decides ``ticket`` while the block runs."""
        self._current = ticket
        try:
            yield
        finally:
            self._current = 0

    def stop_requested(self) -> bool:
        """True when the decision being made has been cancelled: a search may then return
        at once; its answer will be dropped anyway."""
        return self._stop is not None and self._current != 0 and self._stop.value == self._current


#: the process's one context
CONTEXT = DecisionContext()

__all__ = ["CONTEXT", "DecisionContext"]
