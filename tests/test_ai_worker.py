"""The AI worker: agents decide in a process of their own, from the seat's view,
with the same decisions as inline; a stale answer is dropped; a crash restarts it.

One worker per test process (``game.ai.worker.shared()``), reused by every test."""
from __future__ import annotations

import os
import time

import pytest

from game import rulesets
from game.ai import Seat, get_agent, mix_seed
from game.ai.worker import AgentSeat, AgentSpec, AIWorker, shared
from game.client.session import Session
from game.runner import play_one

GAMES = rulesets.available()
T = "game.ai.testing:"


@pytest.fixture
def worker():
    w = shared()
    yield w
    assert w.alive()


def _inline_seats(game_id: str, seed: int, kinds: dict[str, str]) -> dict[str, Seat]:
    """The seats a Session builds, but with the agents here (game.ai.Seat.decide)."""
    return {seat: Seat(get_agent(kind, game_id, mix_seed("agent", seed, i)), mix_seed("view", seed, i))
            for i, (seat, kind) in enumerate(sorted(kinds.items()))}


def _through(worker, game_id: str, seed: int, kinds: dict[str, str]) -> Session:
    s = Session(rulesets.new_game(game_id, seed), kinds, autosave=False, executor=worker)
    s.prepare_ai()
    while not s.game.is_over():
        s.machine_step(timeout=30)
    return s


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seeded_game_through_the_worker_equals_the_game_played_inline(worker, game_id):
    seats = rulesets.spec(game_id).seats
    kinds = {s: "heuristic" for s in seats}
    if game_id == "nomonhan":
        kinds[seats[1]] = "random"                  # a blind agent: it gets the legal actions only
    inline = play_one(game_id, 7, _inline_seats(game_id, 7, kinds))
    s = _through(worker, game_id, 7, kinds)
    assert s.game.history == inline.history
    assert s.game.state_hash() == inline.state_hash()
    assert s.game.result() == inline.result()
    s.close()


def test_the_worker_runs_in_another_process_without_pygame(worker):
    import pygame  # noqa: F401  (loaded here, as in the client)
    g = rulesets.new_game("nomonhan", 3)
    t = worker.submit("t", "JP", AgentSeat(AgentSpec(T + "NoPygameAgent", "nomonhan", 1), 1), g)
    r = worker.poll(t, timeout=20)
    assert r is not None and not r.error, r
    assert r.pid == worker.pid != os.getpid()
    assert r.action in g.legal_actions()
    g.close()


def test_a_cancelled_decision_is_never_answered_and_stops_early(worker):
    g = rulesets.new_game("nomonhan", 3)
    slow = worker.submit("t", "JP", AgentSeat(AgentSpec(T + "SlowAgent", "nomonhan", 1), 1), g)
    time.sleep(0.2)                                 # it has started thinking
    t0 = time.monotonic()
    worker.cancel(slow)
    quick = worker.submit("t", "JP", AgentSeat(AgentSpec(T + "NoPygameAgent", "nomonhan", 1), 1), g)
    r = worker.poll(quick, timeout=20)
    assert r is not None and not r.error
    assert time.monotonic() - t0 < 1.0             # the 2 s search stopped when cancelled
    assert worker.poll(slow, timeout=0.3) is None   # and its answer never comes
    g.close()


def _ai_to_move(worker, kind: str) -> Session:
    """Nomonhan with Japan human and the Soviet seat ``kind``: Japan's movement ends, so
    the Soviets are to move and Japan has an undo point."""
    s = Session(rulesets.new_game("nomonhan", 5), {"JP": "human", "SOV": kind}, autosave=False, executor=worker)
    while s.human_to_move():
        s.submit(s.game.legal_actions()[-1])
    assert s.machine_to_move() and s.can_undo()
    return s


def test_undo_while_the_ai_thinks_drops_its_answer(worker):
    s = _ai_to_move(worker, T + "BriefAgent")
    assert s.start_ai() and s.ai_thinking
    assert s.undo()
    assert not s.ai_thinking
    after = (list(s.game.history), s.game.state_hash())
    time.sleep(0.5)                                 # the answer would have come by now
    assert s.poll_ai() is None
    assert (list(s.game.history), s.game.state_hash()) == after
    s.close()


def test_an_answer_that_arrives_for_a_changed_position_is_not_applied(worker):
    s = _ai_to_move(worker, T + "NoPygameAgent")
    assert s.start_ai()
    time.sleep(0.5)                                 # its answer is waiting in the queue
    s.game.apply(s.game.legal_actions()[0])         # the position changes under it
    after = (list(s.game.history), s.game.state_hash())
    assert s.poll_ai() is None
    assert (list(s.game.history), s.game.state_hash()) == after
    assert not s.ai_thinking
    s.close()


def test_a_crashed_worker_is_restarted_and_the_decision_fails_with_a_message(worker):
    g = rulesets.new_game("nomonhan", 3)
    pid, restarts = worker.pid, worker.restarts
    t = worker.submit("t", "JP", AgentSeat(AgentSpec(T + "CrashAgent", "nomonhan", 1), 1), g)
    r = worker.poll(t, timeout=20)
    assert r is not None and r.crashed and "exit code 3" in r.error
    assert worker.alive() and worker.pid != pid and worker.restarts == restarts + 1
    t = worker.submit("t", "JP", AgentSeat(AgentSpec("heuristic", "nomonhan", 1), 1), g)
    r = worker.poll(t, timeout=20)
    assert r is not None and not r.error and r.action in g.legal_actions()
    g.close()


def test_a_session_retries_once_after_a_crash_then_shows_the_error(worker):
    s = _ai_to_move(worker, T + "CrashAgent")
    notices = []
    t0 = time.monotonic()
    while not s.ai_error and time.monotonic() - t0 < 30:
        s.start_ai()
        s.poll_ai(wait=0.1)
        if s.ai_notice:
            notices.append(s.ai_notice)
            s.ai_notice = ""
    assert len(notices) == 1 and "restarted" in notices[0]
    assert "exit code 3" in s.ai_error
    assert not s.start_ai()                         # no endless retries at this position
    with pytest.raises(RuntimeError, match="exit code 3"):
        s.machine_step()
    assert s.undo() and not s.ai_error              # a change of position clears it
    s.close()


def test_an_agent_that_raises_is_reported_and_the_worker_lives_on(worker):
    g = rulesets.new_game("nomonhan", 3)
    pid = worker.pid
    t = worker.submit("t", "JP", AgentSeat(AgentSpec(T + "FailingAgent", "nomonhan", 1), 1), g)
    r = worker.poll(t, timeout=20)
    assert r is not None and "planted fault" in r.error and "Traceback" in r.detail
    assert worker.pid == pid and worker.alive()
    g.close()


def test_close_stops_a_worker_in_the_middle_of_a_search():
    w = AIWorker()
    g = rulesets.new_game("nomonhan", 3)
    w.submit("t", "JP", AgentSeat(AgentSpec(T + "SlowAgent", "nomonhan", 1), 1), g)
    time.sleep(1.0)                                 # started, and thinking
    t0 = time.monotonic()
    w.close()
    assert time.monotonic() - t0 < 1.5 and not w.alive()
    g.close()
