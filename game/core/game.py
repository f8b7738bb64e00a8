"""The game object every ruleset builds on (OpenSpiel-like, with an esper world).

Public API, the same for every game:

    g = ruleset.new_game(seed=7, options={})
    g.pending()            -> Decision | None   (None when the game is over)
    g.to_move()            -> seat name | None
    g.legal_actions()      -> list[Action]
    g.apply(action)        -> list[Event]  (raises IllegalActionError, state unchanged)
    g.is_over(), g.result()
    g.observation(seat)    -> what that seat may see
    g.snapshot()/restore(), g.clone(), g.state_hash()

Subclasses implement the ``_``-prefixed hooks and keep *all* state in the esper
world (frozen dataclass components), except the dice state, which the base
class snapshots itself.
"""
from __future__ import annotations

import hashlib
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable, ClassVar

import esper

from .actions import Action, Decision
from .ecs import FAST, Snapshot, World
from .errors import IllegalActionError
from .events import Event
from .rng import Dice


@dataclass(frozen=True, slots=True)
class Result:
    winner: str | None          # seat name, or None for a draw
    reason: str                 # e.g. "artillery eliminated", "points 5-3"
    scores: tuple[tuple[str, int], ...] = ()


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    world: Snapshot
    dice: Any
    history_len: int
    events_len: int


class Game:
    game_id: ClassVar[str] = ""
    title: ClassVar[str] = ""
    seats: ClassVar[tuple[str, ...]] = ()
    #: component types never written after set-up (map hexes ...): an entity with only
    #: these is shared between a game and its copies instead of copied, and put/take refuse it
    static_components: ClassVar[tuple[type, ...]] = ()

    def __init__(self, seed: int = 0, options: dict[str, Any] | None = None, *, _blank: bool = False,
                 _dice: bool = True):
        self.seed = int(seed)
        self.options = self.default_options() | dict(options or {})
        self.world = World()
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._new_events: list[Event] = []
        if _dice:
            self.dice = Dice(self.seed, self._roll_reporter())
        self._legal_cache: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self.memo: dict[Any, Any] = {}       # derived facts of the current state; cleared on every write
        self._memos: dict[tuple[type, ...], dict[Any, Any]] = {}   # see memo_on()
        self._memo_watch: dict[type, list[dict[Any, Any]]] = {}
        self._world_snap: Snapshot | None = None   # the world as of now, kept until the next write
        self._static_ents: frozenset[int] = frozenset()
        if not _blank:
            self.world.activate()
            self._setup()
            self._flush_events()
            self._static_ents = self._find_static()

    def _find_static(self) -> frozenset[int]:
        if not self.static_components:
            return frozenset()
        kinds = frozenset(self.static_components)
        if FAST:        # esper 3.x's own table: each entity's component types are its dict's keys
            return frozenset(e for e, comps in esper._entities.items() if comps.keys() <= kinds)
        return frozenset(e for e in esper.get_entities()
                         if all(type(c) in kinds for c in esper.components_for_entity(e)))

    # -- hooks for rulesets ----------------------------------------------
    @classmethod
    def default_options(cls) -> dict[str, Any]:
        return {}

    def _setup(self) -> None:
        raise NotImplementedError

    def _pending(self) -> Decision | None:
        raise NotImplementedError

    def _legal(self) -> list[Action]:
        raise NotImplementedError

    def _apply(self, action: Action) -> None:
        raise NotImplementedError

    def _result(self) -> Result | None:
        raise NotImplementedError

    def _observation(self, seat: str) -> dict[str, Any]:
        """Default: a perfect-information game shows everything to everyone."""
        return self.public_state()

    def public_state(self) -> dict[str, Any]:
        raise NotImplementedError

    # -- writing the world: every change goes through these, so memo stays true --
    def put(self, ent: int, component: Any) -> None:
        """Add or replace a component (components are frozen: replace, never mutate)."""
        self._writable(ent)
        esper.add_component(ent, component)
        self._wrote(type(component))

    def take(self, ent: int, component_type: type) -> None:
        """Remove a component if present."""
        self._writable(ent)
        esper.try_remove_component(ent, component_type)
        self._wrote(component_type)

    def _writable(self, ent: int) -> None:
        if ent in self._static_ents:
            raise ValueError(f"{self.game_id}: entity {ent} is static (shared between copies); it cannot change")

    def _wrote(self, component_type: type) -> None:
        """Forget what a write of this component type may have made untrue."""
        self.memo.clear()
        self._world_snap = None
        for d in self._memo_watch.get(component_type, ()):
            d.clear()

    def memo_on(self, *component_types: type) -> dict[Any, Any]:
        """A memo of facts that depend only on components of these types: it is
        cleared when one of them is written (``put``/``take``), not on every
        write like :attr:`memo`. Moving a unit need not forget what depends on
        the turn marker, and a phase change need not forget the positions."""
        d = self._memos.get(component_types)
        if d is None:
            d = self._memos[component_types] = {}
            for t in component_types:
                self._memo_watch.setdefault(t, []).append(d)
        return d

    def _forget(self) -> None:
        self._legal_cache = self._legal_set = None
        self._world_snap = None
        self.dice.forget()
        self.memo.clear()
        for d in self._memos.values():
            d.clear()

    # -- events ------------------------------------------------------------
    def emit(self, kind: str, text: str = "", **data: Any) -> None:
        self._new_events.append(Event(kind, data, text))

    def _roll_reporter(self) -> Callable[[str, tuple[int, ...]], None]:
        """What the dice call for every roll: a DiceRolled event. It holds the
        event list, not the game, so a game and its dice form no reference
        cycle and a dropped copy is freed at once (no garbage-collector pauses)."""
        sink = self._new_events

        def on_roll(purpose: str, values: tuple[int, ...]) -> None:
            sink.append(Event("DiceRolled", {"purpose": purpose, "values": values},
                              f"{purpose}: rolled {' '.join(map(str, values))}"))
        return on_roll

    def _flush_events(self) -> list[Event]:
        out = self._new_events[:]
        self._new_events.clear()
        self.events.extend(out)
        return out

    # -- public API ----------------------------------------------------------
    def pending(self) -> Decision | None:
        self.world.activate()
        return self._pending()

    def to_move(self) -> str | None:
        d = self.pending()
        return d.seat if d else None

    def legal_actions(self) -> list[Action]:
        if self._legal_cache is None:
            self.world.activate()
            self._legal_cache = [] if self._pending() is None else self._legal()
            self._legal_set = None
        return list(self._legal_cache)

    def invalidate(self) -> None:
        """Forget cached legal actions and derived facts (after editing a position by hand)."""
        self._forget()

    def is_legal(self, action: Action) -> bool:
        legal = self._legal_cache if self._legal_cache is not None else self.legal_actions()
        for a in legal:                      # agents and the client pass back a listed object
            if a is action:
                return True
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        return action in self._legal_set

    def apply(self, action: Action) -> list[Event]:
        if not self.is_legal(action):
            legal = self.legal_actions()
            d = self.pending()
            if d is None:
                raise IllegalActionError(f"{self.game_id}: the game is over; {action.label()} is not allowed")
            raise IllegalActionError(
                f"{self.game_id}: {action.label()} is not legal now "
                f"({d.seat} must decide: {d.prompt}; {len(legal)} legal actions)")
        self.world.activate()
        self._legal_cache = self._legal_set = None
        self.history.append(action)
        self._apply(action)
        return self._flush_events()

    def is_over(self) -> bool:
        return self.pending() is None

    def result(self) -> Result | None:
        self.world.activate()
        return self._result()

    def observation(self, seat: str) -> dict[str, Any]:
        if seat not in self.seats:
            raise ValueError(f"{self.game_id}: unknown seat {seat!r}; seats are {self.seats}")
        self.world.activate()
        return self._observation(seat)

    # -- copies ------------------------------------------------------------
    def world_snapshot(self) -> Snapshot:
        """The esper world as of now. Kept until the next write, so cloning one
        position many times (AI search, undo) copies the table once."""
        if self._world_snap is None:
            self._world_snap = self.world.snapshot(static=self._static_ents)
        return self._world_snap

    def snapshot(self) -> GameSnapshot:
        return GameSnapshot(self.world_snapshot(), self.dice.getstate(), len(self.history), len(self.events))

    def restore(self, snap: GameSnapshot) -> None:
        """Go back to ``snap`` (taken earlier from this game: history and events are truncated)."""
        self.world.restore(snap.world, static=self._static_ents)
        self.dice.setstate(snap.dice)
        del self.history[snap.history_len:]
        del self.events[snap.events_len:]
        self._forget()
        self._world_snap = snap.world

    def clone(self, *, with_log: bool = True, reseed: int | None = None) -> "Game":
        """An independent copy with its own esper world. ``with_log=False`` skips
        copying history and events (for AI search). ``reseed`` gives the copy
        fresh dice, so a search cannot peek at the real game's future rolls."""
        other = type(self).__new__(type(self))
        Game.__init__(other, self.seed, self.options, _blank=True, _dice=False)
        self._copy_extra(other)
        other._static_ents = self._static_ents
        other.world.restore(self.world_snapshot(), static=self._static_ents)
        if reseed is None:
            other.dice = self.dice.copy(other._roll_reporter())
        else:
            other.dice = Dice(reseed, other._roll_reporter())
        if with_log:
            other.history = list(self.history)
            other.events = list(self.events)
        self.world.activate()
        return other

    def view_for(self, seat: str, seed: int = 0) -> "Game":
        """What an agent for ``seat`` may search: a copy with fresh dice. A
        hidden-information game overrides this to return a determinized copy
        that agrees with ``observation(seat)``."""
        return self.clone(with_log=False, reseed=seed)

    def _copy_extra(self, other: "Game") -> None:
        """Copy per-game static data (boards, tables) that is not in the world."""

    def close(self) -> None:
        self.world.close()

    def state_hash(self) -> str:
        """A hash of the whole state (world and dice) that is the same in every
        process: sets are sorted, so string hash randomisation cannot move it."""
        snap = self.world_snapshot()
        h = hashlib.sha256()
        for ent, comps in snap:
            h.update(repr((ent, sorted(repr(_canon(c)) for c in comps))).encode())
        h.update(repr(self.dice.getstate()).encode())
        return h.hexdigest()[:20]


def _canon(v: Any) -> Any:
    """A process-independent form of a component value."""
    if is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__,) + tuple((f.name, _canon(getattr(v, f.name))) for f in fields(v))
    if isinstance(v, (set, frozenset)):
        return ("set",) + tuple(sorted((_canon(x) for x in v), key=repr))
    if isinstance(v, (tuple, list)):
        return tuple(_canon(x) for x in v)
    if isinstance(v, dict):
        return ("dict",) + tuple(sorted(((repr(k), _canon(x)) for k, x in v.items())))
    return v
