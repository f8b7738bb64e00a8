"""Agents for tests of where and how decisions run (not offered to players).

Name them by import path, e.g. ``"game.ai.testing:SlowAgent"`` as a seat's
kind in a :class:`~game.client.session.Session` or as an
:class:`~game.ai.worker.AgentSpec` name: the worker process imports them.
"""
from __future__ import annotations

import os
import random
import sys
import time

from game.ai import require_view
from game.ai.context import CONTEXT


class SlowAgent:
    """Thinks for ``delay`` seconds (unless the decision is cancelled), then plays a
    legal action from its own seeded RNG. It is given the seat's view."""
    name = "slow"
    delay = 2.0

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)

    def choose(self, view):
        require_view(view)
        end = time.monotonic() + self.delay
        while time.monotonic() < end and not CONTEXT.stop_requested():
            time.sleep(0.01)
        legal = view.legal_actions()
        return legal[self.rng.randrange(len(legal))]


class BriefAgent(SlowAgent):
    """A :class:`SlowAgent` that thinks for 0.3 s."""
    name = "brief"
    delay = 0.3


class CrashAgent:
    """Ends the process it runs in, as a crash in native code would."""
    name = "crash"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, view):
        os._exit(3)


class FailingAgent:
    """Raises, as a bug in an agent would."""
    name = "failing"

    def __init__(self, seed: int = 0):
        pass

    def choose(self, view):
        raise RuntimeError("planted fault")


class NoPygameAgent(SlowAgent):
    """Refuses to decide in a process that has pygame loaded (the worker must not)."""
    name = "no-pygame"
    delay = 0.0

    def choose(self, view):
        if sys.modules.get("pygame") is not None:
            raise RuntimeError("pygame is loaded where the AI decides")
        return super().choose(view)
