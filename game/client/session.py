"""A game being played in the client: the game, who sits where, the agents,
undo points, autosave and replay. Pure Python (no pygame), so it is easy to
test; the board scene drives it one decision per frame at most.

Undo: before each human decision a snapshot is pushed; an apply that rolls
dice clears the stack (undo goes back at most to the last dice roll), and
undo restores the latest snapshot where a human was to move (AI actions made
after it are undone too, and the AI simply plays again).
"""
from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from game import rulesets
from game.ai import Seat, mix_seed
from game.core.errors import IllegalActionError, SaveError
from game.core.save import default_save_dir, load_game, write_save

HUMAN = "human"
AI_KINDS = ("heuristic", "random")


def default_seats(game_id: str) -> dict[str, str]:
    seats = rulesets.spec(game_id).seats
    return {s: (HUMAN if i == 0 else "heuristic") for i, s in enumerate(seats)}


class Session:
    def __init__(self, game, seats: dict[str, str] | None = None, *, autosave: bool = True,
                 replay: list | None = None):
        self.game = game
        self.game_id = game.game_id
        self.seats = dict(default_seats(self.game_id) if seats is None else seats)
        for s in game.seats:
            self.seats.setdefault(s, HUMAN)
        self.autosave = autosave
        self.replay = list(replay) if replay is not None else None   # actions still to replay
        self.replay_total = len(self.replay) if self.replay is not None else 0
        self.agents: dict[str, Any] = {}
        for i, (seat, kind) in enumerate(sorted(self.seats.items())):
            if kind in AI_KINDS:
                self.agents[seat] = Seat(self._agent(kind, mix_seed("agent", game.seed, i)),
                                         mix_seed("view", game.seed, i))
        self.undo_stack: list = []
        self.last_save: Path | None = None
        self.save_error = ""
        if self.autosave and self.replay is None and not game.history:
            self.save(self.autosave_path())          # a new game is on disk from its first moment

    def _agent(self, kind: str, seed: int):
        from game.ai import get_agent
        try:
            return get_agent(kind, self.game_id, seed)
        except Exception:       # no heuristic agent (yet) for this game: fall back to random
            return get_agent("random", self.game_id, seed)

    # -- who decides ----------------------------------------------------------
    @property
    def human_seats(self) -> tuple[str, ...]:
        return tuple(s for s, k in self.seats.items() if k == HUMAN)

    def to_move(self) -> str | None:
        return self.game.to_move()

    def human_to_move(self) -> bool:
        seat = self.to_move()
        return seat is not None and self.replay is None and self.seats.get(seat) == HUMAN

    def machine_to_move(self) -> bool:
        """An AI seat (or the replay) acts next."""
        if self.game.is_over():
            return False
        if self.replay is not None:
            return bool(self.replay)
        return self.seats.get(self.to_move()) != HUMAN

    # -- acting ------------------------------------------------------------------
    def submit(self, action) -> list:
        """Apply a human's action (must be legal). Returns the events."""
        if action not in self.game.legal_actions():
            raise IllegalActionError(f"{action.label()} is not legal now")
        snap = self.game.snapshot()
        events = self.game.apply(action)
        self.undo_stack.append(snap)
        self._after(events)
        return events

    def machine_step(self) -> list:
        """One AI (or replay) decision."""
        if self.replay is not None:
            if not self.replay:
                return []
            action = self.replay.pop(0)
        else:
            seat = self.to_move()
            action = self.agents[seat].decide(self.game, seat)
        events = self.game.apply(action)
        self._after(events)
        return events

    def _after(self, events: list) -> None:
        if any(e.kind == "DiceRolled" for e in events):
            self.undo_stack.clear()
        if self.autosave and self.replay is None and any(e.kind in ("TurnStarted", "GameOver") for e in events):
            self.save(self.autosave_path())

    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.replay is None

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.game.restore(self.undo_stack.pop())
        return True

    # -- saves ---------------------------------------------------------------------
    def autosave_path(self) -> Path:
        return default_save_dir() / f"autosave-{self.game_id}.json"

    def save(self, path: str | Path | None = None) -> Path | None:
        if path is None:
            path = default_save_dir() / f"{self.game_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
        try:
            self.last_save = write_save(path, self.game, {"seats": self.seats})
            self.save_error = ""
            return self.last_save
        except OSError as e:
            self.save_error = f"could not save: {e}"
            return None

    @classmethod
    def load(cls, path: str | Path, seats: dict[str, str] | None = None) -> "Session":
        """Raises SaveError (one line) for a bad save; never writes."""
        game = load_game(path)
        if seats is None:
            try:
                import json
                meta = json.loads(Path(path).read_text(encoding="utf-8")).get("meta", {})
                saved = meta.get("seats")
                if isinstance(saved, dict) and all(v in (HUMAN, *AI_KINDS) for v in saved.values()):
                    seats = {str(k): str(v) for k, v in saved.items()}
            except (OSError, ValueError, AttributeError):
                seats = None
        return cls(game, seats)

    def replay_session(self) -> "Session":
        """A fresh copy of this game that steps through the same actions."""
        g = rulesets.new_game(self.game_id, self.game.seed, self.game.options)
        return Session(g, self.seats, autosave=False, replay=list(self.game.history))

    def close(self) -> None:
        try:
            self.game.close()
        except Exception:
            pass


def list_saves(limit: int = 10) -> list[Path]:
    d = default_save_dir()
    try:
        files = [p for p in d.glob("*.json") if p.is_file()]
    except OSError:
        return []
    files.sort(key=lambda p: p.stat().st_mtime, reverse=True)
    return files[:limit]


__all__ = ["Session", "SaveError", "default_seats", "list_saves", "HUMAN", "AI_KINDS"]
