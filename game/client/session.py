"""A game being played in the client: the game, who sits where, the agents,
undo points, autosave and replay. Pure Python (no pygame), so it is easy to
test; the board scene drives it one decision per frame at most.

AI decisions do not block: ``start_ai()`` sends the decision to the session's
executor (the AI worker process, see :mod:`game.ai.worker`) and returns at
once; ``poll_ai()`` applies the action when it has arrived and returns its
events, else None. A decision is cancelled by undo, load, close or a scene
change, and one whose answer comes for a position that has since changed is
dropped, never applied. ``machine_step()`` is the blocking form (tools, replays).

Undo: before each human decision a snapshot is pushed; an apply that rolls
dice clears the stack (undo goes back at most to the last dice roll), and
undo restores the latest snapshot where a human was to move (AI actions made
after it are undone too, and the AI simply plays again).

Saves (docs/architecture.md, "Saves in the client"): every game started gets a
*slot* of its own, ``autosave-<slot>.json`` in the save folder, written at its
first moment, at each new turn, at the game's end and on quit; a new game never
reuses another game's slot. A game loaded from its autosave goes on in that
slot; a game loaded from a named save goes on in a new slot (the save stays as
it was). A failed write leaves ``save_error`` set (the board shows it until
dismissed) and the next turn tries again; the game goes on in memory. Each
save's meta holds what the Load screen lists without replaying it (slot, turn,
whether it is over, the seats); :func:`save_info` reads it.
"""
from __future__ import annotations

import itertools
import logging
import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from game import rulesets
from game.ai import agent_class, mix_seed
from game.ai.worker import AgentSeat, AgentSpec, Reply, Ticket
from game.core.errors import IllegalActionError, SaveError
from game.core.save import clean_temp_files, default_save_dir, load_game, read_save, write_save
from .i18n import _

AUTOSAVE_PREFIX = "autosave-"
THUMB_SUFFIX = ".png"                   # a save's picture: the same name beside it

HUMAN = "human"
LEVELS = ("easy", "normal", "hard")      # what the seats screen offers (game.ai.levels)
AI_KINDS = LEVELS + ("random",)         # "random" for tests and the command line
LEGACY_KINDS = {"heuristic": "normal"}  # seat kinds of older saves
HINT_LEVEL = "normal"                   # the hint key shows what this level would do
_OWNERS = itertools.count(1)
log = logging.getLogger("sandtable.ai")


def is_ai(kind: str) -> bool:
    """A seat kind played by an agent: one of AI_KINDS (a level may carry its own budget,
    "hard@0.5"), an older save's name for one, or an agent's import path
    ("package.module:Class", for tests)."""
    return kind.partition("@")[0] in AI_KINDS or kind in LEGACY_KINDS or ":" in kind


def seat_kind(kind: str) -> str:
    """The kind as it is played now (an older save's "heuristic" is normal)."""
    return LEGACY_KINDS.get(kind, kind)


def default_seats(game_id: str, seats=None) -> dict[str, str]:
    """The first seat human, the others normal (``seats``: the game's, where its options choose them)."""
    seats = rulesets.spec(game_id).seats if seats is None else seats
    return {s: (HUMAN if i == 0 else "normal") for i, s in enumerate(seats)}


class Session:
    def __init__(self, game, seats: dict[str, str] | None = None, *, autosave: bool = True,
                 replay: list | None = None, executor: Any = None, loaded: bool = False,
                 slot: str | None = None):
        """``executor`` runs the AI's decisions (:class:`game.ai.worker.AIWorker` or
        :class:`~game.ai.worker.Inline`); None: the board scene sets its app's, and
        a session used without one gets the process's shared worker. A new game
        (no history) is autosaved at once, unless it was ``loaded`` from a save (a
        save of a game with no moves must not replace that game's autosave).
        ``slot``: the autosave slot to go on in (a game loaded from its autosave);
        None gives a new one, so no other game's autosave is ever written over."""
        self.game = game
        self.game_id = game.game_id
        if seats is None:
            seats = default_seats(self.game_id, game.seats)
        self.seats = {s: seat_kind(k) for s, k in seats.items() if s in game.seats}   # (a game's seats come from its options)
        for s in game.seats:
            self.seats.setdefault(s, HUMAN)
        self.autosave = autosave
        self.replay = list(replay) if replay is not None else None   # actions still to replay
        self.replay_total = len(self.replay) if self.replay is not None else 0
        self.agents: dict[str, AgentSeat] = {}
        for i, (seat, kind) in enumerate(sorted(self.seats.items())):
            if is_ai(kind):
                self.agents[seat] = self.agent_seat(kind, mix_seed("agent", game.seed, i),
                                                    mix_seed("view", game.seed, i))
        self.executor = executor
        self.owner = f"{os.getpid()}-{next(_OWNERS)}"   # who holds this session's agents in the worker
        self._ticket: Ticket | None = None
        self._ticket_at: tuple | None = None
        self._changes = 0                   # every change of position through the session
        self._retried_at: tuple | None = None
        self.ai_error = ""                  # why the AI cannot move (shown on the board); cleared by a change
        self.ai_notice = ""                 # something the board should say once (a restarted worker)
        self.load_notice = ""               # something the board should say once about the loaded save
        self.thinking_since: float | None = None
        self.explanation = None             # (position, Explanation) of the last AI decision applied
        self.hint = None                    # (position, Explanation): what HINT_LEVEL would do here
        self._hint_ticket: Ticket | None = None
        self._hint_at: tuple | None = None
        self._hint_seeds: AgentSeat | None = None
        self.undo_stack: list = []
        self.slot = slot or new_slot(self.game_id)
        self.last_save: Path | None = None
        self.save_error = ""                # why the last save failed ('' once one works again)
        self.save_failures = 0              # failed saves so far (the board shows each new one)
        self.on_saved: Callable[[Path, Any], None] | None = None   # (the client: the save's picture)
        if self.autosave and self.replay is None and not game.history and not loaded:
            self.save(self.autosave_path())          # a new game is on disk from its first moment

    def agent_seat(self, kind: str, agent_seed: int, view_seed: int) -> AgentSeat:
        try:
            agent_class(kind, self.game_id)
        except KeyError:        # no heuristic agent (yet) for this game: fall back to random
            kind = "random"
        return AgentSeat(AgentSpec(kind, self.game_id, agent_seed), view_seed)

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
        self.cancel_ai()
        self.cancel_hint()
        self.explanation = None
        snap = self.game.snapshot()
        events = self.game.apply(action)
        self.undo_stack.append(snap)
        self._after(events)
        return events

    def machine_step(self, timeout: float | None = None) -> list:
        """One AI (or replay) decision, waiting for it (tools, screenshots, replays).
        Raises RuntimeError when the AI fails or takes longer than ``timeout`` seconds."""
        if self.replay is not None:
            if not self.replay:
                return []
            events = self.game.apply(self.replay.pop(0))
            self._after(events)
            return events
        if not self.start_ai():
            raise RuntimeError(self.ai_error or "no AI seat is to move")
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            left = 1.0 if deadline is None else max(0.0, deadline - time.monotonic())
            events = self.poll_ai(wait=min(left, 1.0))
            if events is not None:
                return events
            if self.ai_error:
                raise RuntimeError(self.ai_error)
            if self._ticket is None:        # the worker was restarted: ask again
                if not self.start_ai():
                    raise RuntimeError(self.ai_error or "the AI decision was dropped")
            elif deadline is not None and time.monotonic() >= deadline:
                self.cancel_ai()
                raise RuntimeError(f"the AI took longer than {timeout} s")

    # -- the AI, without blocking ------------------------------------------------------------
    def _executor(self):
        if self.executor is None:
            from game.ai.worker import shared
            self.executor = shared()
        return self.executor

    def _position(self) -> tuple:
        """What a decision was asked for: changes through the session and the log length."""
        return (self._changes, len(self.game.history), id(self.game))

    def prepare_ai(self) -> None:
        """Start the executor and set this game up in it, so the first decision is quick."""
        if self.agents and self.replay is None:
            self._executor().prepare(self.game, tuple(a.spec for a in self.agents.values()))

    @property
    def ai_thinking(self) -> bool:
        """An AI decision has been asked for and has not been applied or dropped."""
        return self._ticket is not None

    def start_ai(self) -> bool:
        """Ask for the decision of the AI seat to move, unless already asked. Returns at
        once: True when a decision is (now) under way."""
        if self._ticket is not None:
            if self._ticket_at == self._position():
                return True
            self.cancel_ai()                    # asked for a position that has gone
        if self.replay is not None or not self.machine_to_move():
            return False
        if self.ai_error:
            if self._retried_at == self._position():
                return False                    # failed here already; a change clears it
            self.ai_error = ""
        seat = self.to_move()
        self._ticket = self._executor().submit(self.owner, seat, self.agents[seat], self.game)
        self._ticket_at = self._position()
        self.thinking_since = time.monotonic()
        return True

    def poll_ai(self, wait: float = 0.0) -> list | None:
        """The events of the AI's action if it has arrived and been applied now, else None.
        An answer for a position that has changed since it was asked is dropped."""
        t = self._ticket
        if t is None:
            return None
        if self._ticket_at != self._position():
            self.cancel_ai()
            return None
        reply = self.executor.poll(t, wait)
        if reply is None:
            return None
        self._ticket = None
        self.thinking_since = None
        if reply.error:
            self._failed(reply)
            return None
        if reply.action not in self.game.legal_actions():
            self._failed(Reply(t.id, error=_("the AI chose an action that is not legal: {action!r}").format(action=reply.action)))
            return None
        at = self._position()
        events = self.game.apply(reply.action)
        if reply.explanation is not None and not any("private_to" in e.data for e in events):
            self.explanation = (at, reply.explanation)      # (a secret choice is never explained)
        elif reply.explanation is not None:
            self.explanation = None
        self._after(events)
        return events

    # -- hints ------------------------------------------------------------------------------
    def request_hint(self) -> bool:
        """Ask what HINT_LEVEL would do for the human seat to move (answered through the
        executor, like an AI decision; never applied). False when no human is to move."""
        if not self.human_to_move():
            return False
        if self.hint is not None and self.hint[0] == self._position():
            return True
        if self._hint_ticket is not None and self._hint_at == self._position():
            return True
        self.cancel_hint()
        try:
            if self._hint_seeds is None:
                self._hint_seeds = AgentSeat(AgentSpec(HINT_LEVEL, self.game_id, mix_seed("hint", self.game.seed)),
                                             mix_seed("hint-view", self.game.seed))
        except KeyError:        # no agent for this game yet
            return False
        self._hint_ticket = self._executor().submit(f"{self.owner}-hint", self.to_move(), self._hint_seeds,
                                                    self.game)
        self._hint_at = self._position()
        return True

    @property
    def hint_pending(self) -> bool:
        return self._hint_ticket is not None

    def poll_hint(self, wait: float = 0.0):
        """The hint's explanation once it has come (kept in ``hint`` for this position), else None."""
        t = self._hint_ticket
        if t is None:
            return self.current_hint()
        if self._hint_at != self._position():
            self.cancel_hint()
            return None
        reply = self.executor.poll(t, wait)
        if reply is None:
            return None
        self._hint_ticket = None
        if reply.error or reply.explanation is None:
            log.error("%s: the hint failed: %s", self.game_id, reply.error)
            return None
        self.hint = (self._hint_at, reply.explanation)
        return reply.explanation

    def current_hint(self):
        """The hint for the position on the board now, if one was asked for and has come."""
        if self.hint is not None and self.hint[0] == self._position():
            return self.hint[1]
        return None

    def last_explanation(self):
        """The explanation of the last AI decision, until a person acts or undoes."""
        return self.explanation[1] if self.explanation is not None else None

    def cancel_hint(self) -> None:
        if self._hint_ticket is not None and self.executor is not None:
            self.executor.cancel(self._hint_ticket)
        self._hint_ticket = None
        self._hint_at = None

    def _failed(self, reply: Reply) -> None:
        log.error("%s: %s (seat %s, %d actions)%s", self.game_id, reply.error, self.to_move(),
                  len(self.game.history), "\n" + reply.detail if reply.detail else "")
        if reply.crashed and self._retried_at != self._position():
            self._retried_at = self._position()     # the worker was restarted: try once more
            self.ai_notice = reply.error
            return
        self._retried_at = self._position()
        self.ai_error = reply.error

    def cancel_ai(self) -> None:
        """Forget the decision under way (its answer, if it comes, is dropped)."""
        if self._ticket is not None:
            self.executor.cancel(self._ticket)
        self._ticket = None
        self._ticket_at = None
        self.thinking_since = None

    def _after(self, events: list) -> None:
        self._changes += 1
        if any(e.kind == "DiceRolled" for e in events):
            self.undo_stack.clear()
        if self.autosave and self.replay is None and any(e.kind in ("TurnStarted", "GameOver") for e in events):
            self.save(self.autosave_path())

    def can_undo(self) -> bool:
        return bool(self.undo_stack) and self.replay is None

    def undo(self) -> bool:
        if not self.can_undo():
            return False
        self.cancel_ai()
        self.cancel_hint()
        self.explanation = None
        self.game.restore(self.undo_stack.pop())
        self._changes += 1
        self.ai_error = ""
        return True

    # -- saves ---------------------------------------------------------------------
    def autosave_path(self) -> Path:
        return default_save_dir() / f"{AUTOSAVE_PREFIX}{self.slot}.json"

    def meta(self, autosave: bool) -> dict[str, Any]:
        """What a save says about itself, for the Load screen (read without replaying)."""
        turn = None
        for ev in reversed(self.game.events):
            if ev.kind == "TurnStarted":
                turn = ev.data.get("turn")
                if not isinstance(turn, int):       # (中原大戰: "1 · 蔣中正", its round a number)
                    turn = ev.data.get("round")
                break
        return {"seats": self.seats, "slot": self.slot, "autosave": autosave,
                "turn": turn if isinstance(turn, int) else None, "over": self.game.is_over()}

    def save(self, path: str | Path | None = None) -> Path | None:
        """Write the game (``path`` None: a new named save). Returns the path, or None when
        it failed: ``save_error`` says why (the game goes on in memory)."""
        auto = path is not None and Path(path) == self.autosave_path()
        if path is None:
            path = default_save_dir() / f"{self.game_id}-{time.strftime('%Y%m%d-%H%M%S')}.json"
            n = 2
            while Path(path).exists():          # two saves in one second: never over the first
                path = default_save_dir() / f"{self.game_id}-{time.strftime('%Y%m%d-%H%M%S')}-{n}.json"
                n += 1
        try:
            self.last_save = write_save(path, self.game, self.meta(auto))
        except OSError as e:
            # (the save the player knows, never the temp file the atomic write was at)
            self.save_error = f"{e.strerror or e.__class__.__name__}: {path}"
            self.save_failures += 1
            log.error("%s: could not save %s: %s", self.game_id, path, e)
            return None
        self.save_error = ""
        if self.on_saved is not None:
            try:
                self.on_saved(self.last_save, self.game)
            except Exception as e:              # (a picture never fails a save)
                log.error("%s: the picture of %s failed: %s", self.game_id, path, e)
        return self.last_save

    def autosave_now(self) -> bool:
        """Write the autosave now (on quit, before loading another game). True when the
        game is on disk (or is not a person's game to keep)."""
        if not self.autosave or self.replay is not None:
            return True
        return self.save(self.autosave_path()) is not None

    @classmethod
    def load(cls, path: str | Path, seats: dict[str, str] | None = None) -> "Session":
        """Raises SaveError (one line) for a bad save; never writes."""
        game = load_game(path, accept_older=True)
        if seats is None:
            saved = read_save(path).get("meta", {}).get("seats")      # (read_save checked meta is a dict)
            # (only the offered kinds: a save never names code to import)
            if (isinstance(saved, dict)
                    and all(isinstance(v, str) and v in (HUMAN, *AI_KINDS, *LEGACY_KINDS) for v in saved.values())):
                seats = {k: seat_kind(v) for k, v in saved.items()}
        s = cls(game, seats, loaded=True, slot=autosave_slot(Path(path), game.game_id))
        if game.replayed_older:
            s.load_notice = _("This save was made by an earlier version: it was replayed move by move")
        return s

    def replay_session(self) -> "Session":
        """A fresh copy of this game that steps through the same actions."""
        g = rulesets.new_game(self.game_id, self.game.seed, self.game.options)
        return Session(g, self.seats, autosave=False, replay=list(self.game.history))

    def close(self) -> None:
        self.cancel_ai()
        self.cancel_hint()
        if self.executor is not None:
            self.executor.release(self.owner)
            self.executor.release(f"{self.owner}-hint")
        try:
            self.game.close()
        except Exception:
            pass


def new_slot(game_id: str) -> str:
    """A slot no save in the folder uses yet: the game, the time, a few random letters."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    while True:
        slot = f"{game_id}-{stamp}-{random.randrange(16 ** 4):04x}"
        if not (default_save_dir() / f"{AUTOSAVE_PREFIX}{slot}.json").exists():
            return slot


def autosave_slot(path: Path, game_id: str) -> str | None:
    """The slot ``path`` is the autosave of (it sits in the save folder and is named
    ``autosave-<slot>.json``, the slot beginning with the game's id), else None."""
    name = path.name
    if not (name.startswith(AUTOSAVE_PREFIX) and name.endswith(".json")):
        return None
    folder = default_save_dir()
    if path.parent != folder:           # (the Load screen's paths are in it as written: no resolve)
        try:
            if path.resolve().parent != folder.resolve():
                return None
        except OSError:
            return None
    slot = name[len(AUTOSAVE_PREFIX):-len(".json")]
    return slot if slot.startswith(game_id) and slot.isprintable() else None


def thumbnail_path(save: Path) -> Path:
    return save.with_suffix(THUMB_SUFFIX)


@dataclass(frozen=True)
class SaveInfo:
    """A save as the Load screen lists it (read from its meta, never replayed)."""
    path: Path
    mtime: float
    game_id: str = ""
    turn: int | None = None
    over: bool | None = None            # None: an older save that does not say
    seats: tuple[tuple[str, str], ...] = ()
    saved_at: str = ""
    actions: int = 0
    autosave: bool = False
    error: str = ""                     # why it cannot be read ('' for a good one)

    @property
    def unfinished(self) -> bool:
        return not self.error and self.over is not True and self.actions > 0


_INFO_CACHE: dict[tuple, SaveInfo] = {}


def save_info(path: Path) -> SaveInfo:
    """``path`` described; a damaged save gives a SaveInfo with ``error`` (one line, the
    folder left out). Cached by size and time of change: the Load screen opens fast."""
    try:
        st = path.stat()
    except OSError as e:
        return SaveInfo(path, 0.0, error=f"cannot read ({e.__class__.__name__})")
    key = (str(path), st.st_mtime_ns, st.st_size)
    hit = _INFO_CACHE.get(key)
    if hit is not None:
        return hit
    try:
        data = read_save(path)
    except SaveError as e:
        msg = str(e)
        for prefix in (f"{path}: ", f"{path}"):
            if msg.startswith(prefix):
                msg = msg[len(prefix):]
                break
        info = SaveInfo(path, st.st_mtime, error=msg or "damaged save")
    else:
        meta = data.get("meta", {})
        seats = meta.get("seats")
        seats = tuple((str(k), str(v)) for k, v in seats.items()) if isinstance(seats, dict) else ()
        turn = meta.get("turn")
        over = meta.get("over")
        game_id = data["game"]
        error = "" if game_id in rulesets.available() else f"unknown game {game_id[:40]!r}"
        info = SaveInfo(path, st.st_mtime, game_id=game_id,
                        turn=turn if isinstance(turn, int) and not isinstance(turn, bool) else None,
                        over=over if isinstance(over, bool) else None, seats=seats[:8],
                        saved_at=str(meta.get("saved_at", ""))[:19], actions=len(data["actions"]),
                        autosave=autosave_slot(path, game_id) is not None, error=error)
    if len(_INFO_CACHE) > 500:
        _INFO_CACHE.clear()
    _INFO_CACHE[key] = info
    return info


def saves_info(limit: int | None = None) -> list[SaveInfo]:
    """Every save in the folder, newest first, described."""
    return [save_info(p) for p in list_saves(limit)]


def last_unfinished(game_id: str | None = None) -> SaveInfo | None:
    """The newest autosave of an unfinished game (of ``game_id``), or None: what
    Continue offers and what starting a new game asks about."""
    for info in saves_info():
        if info.autosave and info.unfinished and (game_id is None or info.game_id == game_id):
            return info
    return None


def delete_save(path: Path) -> str:
    """Remove a save and its picture. Returns '' or why it could not be removed."""
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as e:
        return f"{e.strerror or e.__class__.__name__}: {path.name}"
    try:
        thumbnail_path(path).unlink()
    except OSError:
        pass
    return ""


def prune_empty_autosaves(game_id: str) -> list[Path]:
    """Remove the autosaves of ``game_id`` games started and left before any move (nothing
    is lost: such a save holds only a seed), so starting games does not pile them up."""
    gone = []
    for info in saves_info():
        if info.autosave and not info.error and info.game_id == game_id and info.actions == 0:
            if not delete_save(info.path):
                gone.append(info.path)
    return gone


def list_saves(limit: int | None = None) -> list[Path]:
    d = default_save_dir()
    clean_temp_files(d)                     # what a save killed half-way left behind
    try:
        files = [p for p in d.glob("*.json") if p.is_file()]
    except OSError:
        return []
    def mtime(p: Path) -> float:
        try:
            return p.stat().st_mtime
        except OSError:                     # removed while listing
            return 0.0
    files.sort(key=mtime, reverse=True)
    return files if limit is None else files[:limit]


__all__ = ["Session", "SaveError", "SaveInfo", "default_seats", "delete_save", "last_unfinished", "list_saves",
           "save_info", "saves_info", "seat_kind", "thumbnail_path", "HUMAN", "AI_KINDS", "LEVELS"]
