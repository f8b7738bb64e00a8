"""Tweens and a sequencer of animation beats (no drawing here).

A :class:`Beat` is one thing people should see (a counter sliding, dice
tumbling, a banner). Beats run one after another; the board scene turns game
events into beats and draws whatever beats are active. Durations are in
seconds and divided by the app's time scale (tests run at x50) and by the
player's animation speed (:attr:`Sequencer.speed`, the ``anim_speed`` setting;
0 = instant: every beat ends in the frame it starts)."""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, Callable


def ease_out_cubic(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return 1 - (1 - t) ** 3


def ease_in_out(t: float) -> float:
    t = min(1.0, max(0.0, t))
    return t * t * (3 - 2 * t)


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp2(a: tuple[float, float], b: tuple[float, float], t: float) -> tuple[float, float]:
    return (a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t)


def along(points: list[tuple[float, float]], t: float) -> tuple[float, float]:
    """The point a fraction t along a polyline (equal time per segment)."""
    if not points:
        return (0.0, 0.0)
    if len(points) == 1 or t <= 0:
        return points[0]
    if t >= 1:
        return points[-1]
    segs = len(points) - 1
    x = t * segs
    i = min(int(x), segs - 1)
    return lerp2(points[i], points[i + 1], ease_in_out(x - i))


def pulse(time: float, hz: float = 2.0) -> float:
    """0..1 triangle-ish pulse for blinking highlights."""
    return 0.5 + 0.5 * math.sin(time * hz * 2 * math.pi)


@dataclass
class Beat:
    kind: str
    duration: float
    data: dict[str, Any] = field(default_factory=dict)
    on_start: Callable[["Beat"], None] | None = None
    on_end: Callable[["Beat"], None] | None = None
    elapsed: float = 0.0
    started: bool = False
    skippable: bool = True

    @property
    def t(self) -> float:
        return 1.0 if self.duration <= 0 else min(1.0, self.elapsed / self.duration)


class Sequencer:
    """Runs beats one at a time, in order."""

    def __init__(self) -> None:
        self.queue: list[Beat] = []
        self.time_scale = 1.0
        self.speed = 1.0            # the player's animation speed; 0 = instant

    def scaled(self, dt: float) -> float:
        """``dt`` seconds of real time in animation time (infinite when instant)."""
        return math.inf if self.speed <= 0 else dt * self.time_scale * self.speed

    @property
    def busy(self) -> bool:
        return bool(self.queue)

    @property
    def current(self) -> Beat | None:
        return self.queue[0] if self.queue else None

    def add(self, beat: Beat) -> Beat:
        self.queue.append(beat)
        return beat

    def update(self, dt: float) -> None:
        budget = self.scaled(dt)
        guard = 0
        while self.queue and guard < 200:
            guard += 1
            b = self.queue[0]
            if not b.started:
                b.started = True
                if b.on_start:
                    b.on_start(b)
            rest = b.duration - b.elapsed
            if budget < rest:
                b.elapsed += budget
                return
            budget -= max(0.0, rest)
            b.elapsed = b.duration
            self.queue.pop(0)
            if b.on_end:
                b.on_end(b)
            if budget <= 0 and self.queue:
                return

    def skip(self) -> None:
        """Finish the current beat at once (a click during an animation)."""
        b = self.current
        if b is not None and b.skippable:
            b.elapsed = b.duration
            self.update(0.0)

    def finish_all(self) -> None:
        while self.queue:
            b = self.queue[0]
            if not b.started:
                b.started = True
                if b.on_start:
                    b.on_start(b)
            self.queue.pop(0)
            if b.on_end:
                b.on_end(b)

    def clear(self) -> None:
        self.queue.clear()
