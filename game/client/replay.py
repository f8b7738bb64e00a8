"""A replay: every position of a recorded game, quick to move about in. Pure
Python (no pygame); :mod:`game.client.scenes.replay` draws it.

A game is rebuilt from its seed, options and action log (a save, or a finished
game's history) by applying the actions again: the seeded dice roll the same,
so position ``p`` (after ``p`` actions; 0 is the set-up) is the one the live
game had. One :class:`Game` is kept and moved: :meth:`Replay.goto` restores the
nearest snapshot at or before the target (or keeps going from where it stands)
and applies the actions in between. Snapshots are taken every
``SNAPSHOT_EVERY`` actions while the game is first rebuilt (2-6 MB for a
game of 250-440 actions) and, on the way, at every position visited (a bounded cache),
so stepping back one action is one restore; only a jump into a stretch not
visited yet replays up to ``SNAPSHOT_EVERY - 1`` actions.

What each action did (its events, who took it, its label) and where each turn
starts (the actions whose events include ``TurnStarted``) are recorded while
rebuilding, so the timeline and the log line need no replaying.

Taking over (:meth:`Replay.take_over`) gives an independent copy of the game at
the position shown, with the history up to there, to play on from.
"""
from __future__ import annotations

from collections import OrderedDict
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from game.core.actions import Action
from game.core.events import Event
from game.core.game import Game, GameSnapshot

#: a snapshot every this many actions while rebuilding (the worst step back replays
#: SNAPSHOT_EVERY - 1 actions, up to about 0.4 ms each in the slowest games)
SNAPSHOT_EVERY = 4
#: snapshots of visited positions kept besides those (each some 20-60 KB; 2-6 MB in all)
VISITED_CACHE = 96
#: the speeds offered, in steps per second
SPEEDS = (1, 2, 4, 8)


@dataclass(frozen=True)
class TurnMark:
    """A turn (a commander's turn in 中原大戰) starts at position ``pos``."""
    pos: int
    number: int         # the turn's number (中原大戰: its round, which each commander's turn shares)
    label: str          # the TurnStarted event's line


@dataclass(frozen=True)
class Step:
    """Action ``pos - 1``: who took it and what happened (the events it gave)."""
    pos: int            # the position it leads to
    seat: str | None
    action: Action
    events: tuple[Event, ...]


class Replay:
    def __init__(self, game_cls: type[Game], seed: int, options: dict[str, Any], actions: list[Action], *,
                 seats: dict[str, str] | None = None, source: Path | None = None,
                 every: int = SNAPSHOT_EVERY):
        self.game = game_cls(seed=seed, options=options)
        self.game_id = self.game.game_id
        self.seats = dict(seats or {})      # who played each seat (kept for a take-over)
        self.source = Path(source) if source is not None else None
        self.every = max(1, int(every))
        self.setup_events: tuple[Event, ...] = tuple(self.game.events)
        self.steps: list[Step] = []
        self._checkpoints: dict[int, GameSnapshot] = {}
        self._visited: OrderedDict[int, GameSnapshot] = OrderedDict()
        g = self.game
        self._events_len = [len(g.events)]     # the length of the event log at each position
        for i, a in enumerate(actions):
            if i % self.every == 0:
                self._checkpoints[i] = g.snapshot()
            seat = g.to_move()
            self.steps.append(Step(i + 1, seat, a, tuple(g.apply(a))))
            self._events_len.append(len(g.events))
        self._all_events = list(g.events)
        n = len(actions)
        self._checkpoints[n] = g.snapshot()
        self.finished = g.is_over()
        self.final_hash = g.state_hash()
        self.actions = list(actions)
        self.pos = n
        self.turns: list[TurnMark] = []
        for pos, events in [(0, self.setup_events)] + [(s.pos, s.events) for s in self.steps]:
            for e in events:
                if e.kind == "TurnStarted":
                    num = next((v for v in (e.data.get("turn"), e.data.get("round")) if isinstance(v, int)),
                               len(self.turns) + 1)
                    self.turns.append(TurnMark(pos, num, e.text))
                    break

    # -- made from ----------------------------------------------------------------------
    @classmethod
    def from_game(cls, game: Game, seats: dict[str, str] | None = None, source: Path | None = None,
                  every: int = SNAPSHOT_EVERY) -> "Replay":
        """The replay of ``game``'s history (``game`` itself is not touched)."""
        return cls(type(game), game.seed, game.options, list(game.history), seats=seats, source=source,
                   every=every)

    @classmethod
    def from_save(cls, path: str | Path, every: int = SNAPSHOT_EVERY) -> "Replay":
        """The replay of a save. Raises SaveError (one line) for a bad save, as loading does."""
        from .session import Session
        s = Session.load(path)             # checks it (every action legal, the final hash) and reads its seats
        try:
            return cls.from_game(s.game, s.seats, Path(path), every)
        finally:
            s.close()

    # -- where it stands ----------------------------------------------------------------
    @property
    def length(self) -> int:
        return len(self.steps)

    @property
    def at_end(self) -> bool:
        return self.pos >= self.length

    def step_at(self, pos: int | None = None) -> Step | None:
        """The action that led to position ``pos`` (now: the one shown); None at the set-up."""
        pos = self.pos if pos is None else pos
        return self.steps[pos - 1] if 1 <= pos <= self.length else None

    def events_at(self, pos: int | None = None) -> tuple[Event, ...]:
        """What happened on the way to ``pos``: its action's events (at 0: the set-up's)."""
        pos = self.pos if pos is None else pos
        s = self.step_at(pos)
        return s.events if s is not None else self.setup_events

    def turn_index(self, pos: int | None = None) -> int:
        """The index in ``turns`` of the turn position ``pos`` is in (-1 before the first)."""
        pos = self.pos if pos is None else pos
        idx = -1
        for i, t in enumerate(self.turns):
            if t.pos <= pos:
                idx = i
            else:
                break
        return idx

    def turn(self, pos: int | None = None) -> TurnMark | None:
        i = self.turn_index(pos)
        return self.turns[i] if i >= 0 else None

    # -- moving ---------------------------------------------------------------------------
    def goto(self, pos: int) -> int:
        """Show position ``pos`` (clamped to 0..length); returns it."""
        pos = max(0, min(self.length, int(pos)))
        if pos == self.pos:
            return pos
        g = self.game
        snap = self._visited.get(pos) or self._checkpoints.get(pos)
        if snap is not None:
            self._restore(snap, pos)
            if pos in self._visited:
                self._visited.move_to_end(pos)
            return pos
        base = pos - pos % self.every
        if not (base <= self.pos < pos):            # else: go on from where it stands
            near = max((p for p in self._visited if base <= p < pos), default=base)
            self._restore(self._visited.get(near) or self._checkpoints[base], near)
        while self.pos < pos:
            self._remember()
            g.apply(self.actions[self.pos])
            self.pos += 1
        self._remember()
        return pos

    def _restore(self, snap: GameSnapshot, pos: int) -> None:
        """Restore the snapshot of position ``pos``, earlier or later than the one shown
        (Game.restore only cuts the history and events back: a later one's are put back)."""
        g = self.game
        g.restore(snap)
        g.history.extend(self.actions[len(g.history):pos])
        g.events.extend(self._all_events[len(g.events):self._events_len[pos]])
        self.pos = pos

    def _remember(self) -> None:
        p = self.pos
        if p in self._checkpoints or p in self._visited:
            return
        self._visited[p] = self.game.snapshot()
        while len(self._visited) > VISITED_CACHE:
            self._visited.popitem(last=False)

    def step(self, by: int = 1) -> int:
        return self.goto(self.pos + by)

    def next_turn(self) -> int:
        """The start of the next turn (the end when this is the last)."""
        later = [t.pos for t in self.turns if t.pos > self.pos]
        return self.goto(later[0] if later else self.length)

    def prev_turn(self) -> int:
        """The start of this turn, or of the one before when already there (the set-up before the first)."""
        earlier = [t.pos for t in self.turns if t.pos < self.pos]
        return self.goto(earlier[-1] if earlier else 0)

    def goto_turn(self, index: int) -> int:
        """The first position of turn ``turns[index]``."""
        return self.goto(self.turns[index].pos)

    # -- taking over ----------------------------------------------------------------------
    def take_over(self) -> Game:
        """An independent copy of the game at the position shown, its history up to there."""
        return self.game.clone()

    def close(self) -> None:
        self._visited.clear()
        self._checkpoints.clear()
        try:
            self.game.close()
        except Exception:
            pass
