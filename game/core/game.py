"""The game object every ruleset builds on (OpenSpiel-like, with an esper world).

Public API, the same for every game:

    g = ruleset.new_game(seed=7, options={})
    g.pending()            -> Decision | None   (None when the game is over)
    g.to_move()            -> seat name | None
    g.legal_actions()      -> list[Action]
    g.apply(action)        -> list[Event]  (raises IllegalActionError, state unchanged)
    g.is_over(), g.result()
    g.observation(seat)    -> what that seat may see
    g.view_for(seat, seed) -> the copy an agent for that seat may search
    g.snapshot()/restore(), g.clone(), g.state_hash(); pickle.dumps(g)

Subclasses implement the ``_``-prefixed hooks and keep *all* state in the esper
world (frozen dataclass components), except the dice state, which the base
class snapshots itself. Rules code reads and writes the world only through the
game (``self.world.get/try_get/has/query`` and ``self.put/take/create``),
never through ``esper.*``: a game's reads then cannot reach another game's
world, whichever world esper has current.

What a ruleset sets up in ``_setup`` besides the world (its data, board, the
entity ids of its units) is the game's *layout*: made once, never changed
afterwards, and shared as one object by the game, its copies and games
unpickled in another process (see :meth:`Game._layout`).
"""
from __future__ import annotations

import hashlib
import json
import random
from dataclasses import dataclass, fields, is_dataclass
from typing import Any, Callable, ClassVar

from .actions import Action, Decision
from .ecs import FAST, Snapshot, World
from .errors import IllegalActionError
from .events import Event
from .text import N_

#: the line of a DiceRolled event ("combat: rolled 3 5")
_ROLLED = N_("{purpose}: rolled {values}")
from .rng import Dice
from .spec import GameSpec, lookup


def describe_action(action: Any, limit: int = 120) -> str:
    """``action``'s label for an error message, which must never fail: a made-up
    action's label() may raise (a field of the wrong type), so fall back to its
    repr, then to its type's name."""
    for text in (lambda: str(action.label()), lambda: repr(action), lambda: type(action).__name__):
        try:
            s = text()
        except Exception:
            continue
        return s if len(s) <= limit else s[:limit - 1] + "…"
    return "an action"              # (a type whose name cannot be read: unreachable in practice)


@dataclass(frozen=True, slots=True)
class Result:
    winner: str | None          # the winning side or camp, or None for a draw
    reason: str                 # e.g. "artillery eliminated", "points 5-3"
    scores: tuple[tuple[str, int], ...] = ()
    returns: tuple[tuple[str, float], ...] = ()     # per seat: 1 won, -1 lost, 0 drawn

    def returns_for(self, seat: str) -> float:
        for s, r in self.returns:
            if s == seat:
                return r
        raise KeyError(f"no seat {seat!r} in this result")

    @property
    def winning_seats(self) -> tuple[str, ...]:
        return tuple(s for s, r in self.returns if r > 0)


@dataclass(frozen=True, slots=True)
class GameSnapshot:
    world: Snapshot
    dice: Any
    history_len: int
    events_len: int


class _SpecTitle:
    """``Game.title``: the English title in the game's spec (written once, there); the
    game's id for a game with no spec."""

    def __get__(self, obj: Any, cls: type) -> str:
        s = lookup(cls.game_id)
        return s.title if s is not None else cls.game_id


class Game:
    game_id: ClassVar[str] = ""
    #: the game's title, read from its spec (a subclass does not write it again)
    title: ClassVar[str] = _SpecTitle()     # type: ignore[assignment]
    #: the seats with the default options; a game whose seats depend on its options
    #: (the number of players) overrides :meth:`seats_for`. Read ``game.seats``.
    seats: ClassVar[tuple[str, ...]] = ()
    #: a game with secrets (cards in hands, face-down choices) sets this and
    #: implements :meth:`_determinize`
    hidden_information: ClassVar[bool] = False
    #: component types never written after set-up (map hexes ...): an entity with only
    #: these is shared between a game and its copies instead of copied, and put/take refuse it
    static_components: ClassVar[tuple[type, ...]] = ()

    def __init__(self, seed: int = 0, options: dict[str, Any] | None = None):
        self._init_kernel(int(seed), self.check_options(options))
        self.dice = Dice(self.seed, self._roll_reporter())
        self._bind()
        before = set(vars(self))
        self._setup()
        self._layout = {k: v for k, v in vars(self).items() if k not in before}
        self._flush_events()
        self._static_ents = self._find_static()

    def _init_kernel(self, seed: int, options: dict[str, Any]) -> None:
        """The kernel's own attributes, the same for a new game and a copy."""
        self.seed = seed
        self.options = options
        self.seats = self.seats_for(options)
        self.viewer: str | None = None       # set on a view: the seat it was made for
        self.world = World()
        self.history: list[Action] = []
        self.events: list[Event] = []
        self._new_events: list[Event] = []
        self._legal_cache: list[Action] | None = None
        self._legal_set: frozenset[Action] | None = None
        self.memo: dict[Any, Any] = {}       # derived facts of the current state; cleared on every write
        self._memos: dict[tuple[type, ...], dict[Any, Any]] = {}   # see memo_on()
        self._memo_watch: dict[type, list[dict[Any, Any]]] = {}
        self._world_snap: Snapshot | None = None   # the world as of now, kept until the next write
        self._static_ents: frozenset[int] = frozenset()
        self._layout: dict[str, Any] = {}

    def _find_static(self) -> frozenset[int]:
        if not self.static_components:
            return frozenset()
        kinds = frozenset(self.static_components)
        # each entity's component types are the keys of its dict in the world's table
        return frozenset(e for e, comps in self.world.table().items() if comps.keys() <= kinds)

    # -- the spec: options, seats, sides ------------------------------------
    @classmethod
    def spec(cls) -> GameSpec:
        """The game's spec (registered by its ruleset package); a game with no
        spec has no options."""
        return lookup(cls.game_id) or GameSpec(cls.game_id, cls.game_id, cls.game_id, "", seats=cls.seats)

    @classmethod
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        """The options with defaults filled in (OptionError for a bad one)."""
        return cls.spec().check_options(options)

    @classmethod
    def seats_for(cls, options: dict[str, Any]) -> tuple[str, ...]:
        """The seats (players) of a game with these options."""
        return cls.seats

    def roles_of(self, seat: str) -> tuple[str, ...]:
        """The roles (sides, commanders) the player in this seat holds."""
        return (seat,)

    def seat_side(self, seat: str) -> str:
        """The side or camp a seat plays for (it wins or loses with it)."""
        return seat

    def make_result(self, winner: str | None, reason: str, scores: tuple[tuple[str, int], ...] = ()) -> Result:
        """A Result for ``winner`` (a side or camp; None for a draw), with every
        seat's return: 1 for the seats of the winning side, -1 for the others."""
        rets = tuple((s, 0.0 if winner is None else (1.0 if self.seat_side(s) == winner else -1.0))
                     for s in self.seats)
        return Result(winner, reason, scores, rets)

    # -- hooks for rulesets ----------------------------------------------
    def _bind(self) -> None:
        """Each copy's own working state (memo dicts kept at hand, per-copy caches),
        made before set-up and again for every copy; never shared, never pickled."""

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

    def _determinize(self, view: "Game", seat: str, rng: random.Random) -> None:
        """Hidden-information games: deal the parts of ``view`` that ``seat``
        cannot see again, from ``rng`` and that seat's observation only."""
        raise NotImplementedError(f"{self.game_id} hides information but cannot determinize a view")

    # -- writing the world: every change goes through these, so memo stays true --
    def create(self, *components: Any) -> int:
        """A new entity with these components (set-up, or a card or marker made in play)."""
        ent = self.world.create(*components)
        for c in components:
            self._wrote(type(c))
        return ent

    def put(self, ent: int, component: Any) -> None:
        """Add or replace a component (components are frozen: replace, never mutate)."""
        if ent in self._static_ents:
            self._writable(ent)
        self.world.add(ent, component)
        self._wrote(type(component))

    def take(self, ent: int, component_type: type) -> None:
        """Remove a component if present."""
        if ent in self._static_ents:
            self._writable(ent)
        self.world.remove(ent, component_type)
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

    def emit_msg(self, kind: str, template: str, values: dict[str, Any], /, **data: Any) -> None:
        """Emit ``kind`` with the line ``Msg(template, **values)`` (game.core.text),
        made only when someone reads it (searches never do). ``template`` must be
        one string literal: tools/i18n.py extracts it for translation."""
        self._new_events.append(Event(kind, data, template, values))

    def _roll_reporter(self) -> Callable[[str, tuple[int, ...]], None]:
        """What the dice call for every roll: a DiceRolled event. It holds the
        event list, not the game, so a game and its dice form no reference
        cycle and a dropped copy is freed at once (no garbage-collector pauses)."""
        sink = self._new_events

        def on_roll(purpose: str, values: tuple[int, ...]) -> None:
            sink.append(Event("DiceRolled", {"purpose": purpose, "values": values},
                              _ROLLED, {"purpose": purpose, "values": " ".join(map(str, values))}))
        return on_roll

    def _flush_events(self) -> list[Event]:
        out = self._new_events[:]
        self._new_events.clear()
        self.events.extend(out)
        return out

    # -- public API ----------------------------------------------------------
    def pending(self) -> Decision | None:
        return self._pending()

    def to_move(self) -> str | None:
        d = self.pending()
        return d.seat if d else None

    def legal_actions(self) -> list[Action]:
        if self._legal_cache is None:
            self._legal_cache = [] if self._pending() is None else self._legal()
            self._legal_set = None
        return list(self._legal_cache)

    def invalidate(self) -> None:
        """Forget cached legal actions and derived facts (after editing a position by hand)."""
        self._forget()

    def is_legal(self, action: Action) -> bool:
        """True when ``action`` is one of the legal actions. Anything else -- a made-up
        action, an unhashable one, an object that is no action at all -- is False."""
        legal = self._legal_cache if self._legal_cache is not None else self.legal_actions()
        for a in legal:                      # agents and the client pass back a listed object
            if a is action:
                return True
        if self._legal_set is None:
            self._legal_set = frozenset(legal)
        try:
            return action in self._legal_set
        except Exception:                    # unhashable (a list in a field ...), or a hash/eq that fails
            return False

    def apply(self, action: Action) -> list[Event]:
        """Play ``action``. An action that is not in :meth:`legal_actions` (whatever
        it is) raises IllegalActionError and leaves the game as it was."""
        if not self.is_legal(action):
            legal = self.legal_actions()
            d = self.pending()
            what = describe_action(action)
            if d is None:
                raise IllegalActionError(f"{self.game_id}: the game is over; {what} is not allowed")
            raise IllegalActionError(
                f"{self.game_id}: {what} is not legal now "
                f"({d.seat} must decide: {d.prompt}; {len(legal)} legal actions)")
        self._legal_cache = self._legal_set = None
        self.history.append(action)
        self._apply(action)
        return self._flush_events()

    def is_over(self) -> bool:
        return self.pending() is None

    def result(self) -> Result | None:
        return self._result()

    def observation(self, seat: str) -> dict[str, Any]:
        if seat not in self.seats:
            raise ValueError(f"{self.game_id}: unknown seat {seat!r}; seats are {self.seats}")
        return self._observation(seat)

    # -- copies ------------------------------------------------------------
    def world_snapshot(self) -> Snapshot:
        """The esper world as of now. Kept until the next write, so cloning one
        position many times (AI search, undo) copies the table once."""
        if self._world_snap is None:
            self._world_snap = self.world.snapshot(static=self._static_ents, share=True)
        return self._world_snap

    def snapshot(self) -> GameSnapshot:
        return GameSnapshot(self.world_snapshot(), self.dice.getstate(), len(self.history), len(self.events))

    def restore(self, snap: GameSnapshot) -> None:
        """Go back to ``snap`` (taken earlier from this game: history and events are truncated)."""
        self.world.restore(snap.world, static=self._static_ents, share=True)
        self.dice.setstate(snap.dice)
        del self.history[snap.history_len:]
        del self.events[snap.events_len:]
        self._forget()
        self._world_snap = snap.world

    def clone(self, *, with_log: bool = True, reseed: int | None = None) -> "Game":
        """An independent copy with its own esper world, sharing the layout (data,
        board, entity ids) and the static entities. ``with_log=False`` skips
        copying history and events (for AI search). ``reseed`` gives the copy
        fresh dice, so a search cannot peek at the real game's future rolls."""
        other = self._blank_copy(self.seed)
        other.world.restore(self.world_snapshot(), static=self._static_ents, share=True)
        if reseed is None:
            other.dice = self.dice.copy(other._roll_reporter())
        else:
            other.dice = Dice(reseed, other._roll_reporter())
        if with_log:
            other.history = list(self.history)
            other.events = list(self.events)
        other.viewer = self.viewer
        return other

    def _blank_copy(self, seed: int) -> "Game":
        """A game of this kind with this game's layout and an empty world."""
        other = type(self).__new__(type(self))
        other._init_kernel(seed, self.options)
        other._bind()
        other.__dict__.update(self._layout)
        other._layout = self._layout
        other._static_ents = self._static_ents
        return other

    def view_for(self, seat: str, seed: int = 0) -> "Game":
        """What an agent for ``seat`` may search: a copy with its own seed and
        fresh dice (so the real game's coming rolls cannot be worked out from
        it), no history, and in a hidden-information game everything the seat
        cannot see dealt again from ``seed`` and the seat's observation."""
        if seat not in self.seats:
            raise ValueError(f"{self.game_id}: unknown seat {seat!r}; seats are {self.seats}")
        view = self.clone(with_log=False, reseed=seed)
        view.seed = int(seed)
        view.viewer = seat
        if self.hidden_information:
            self._determinize(view, seat, random.Random(seed))
            view.invalidate()
        return view

    # -- pickling: a game goes to a worker process and comes back equal -------------
    def __reduce__(self):
        snap = self.world_snapshot()
        static = self._static_ents
        table = {e: dict(c) for e, c in snap.table.items() if e not in static}
        return (_unpickle, (type(self), self.seed, self.options, table, snap.next_id,
                            self.dice.getstate(), list(self.history), list(self.events), self.viewer))

    def close(self) -> None:
        self.world.close()

    def position_hash(self) -> str:
        """A hash of the position as the rules show it, whatever components hold it:
        the public state, every seat's observation, who must decide what, and the
        dice. Saves carry it, so a save still verifies after the game's entities or
        components are rearranged (:meth:`state_hash` hashes the world itself)."""
        d = self.pending()
        pos = {"public": self.public_state(), "seats": {s: self.observation(s) for s in self.seats},
               "pending": None if d is None else [d.seat, d.kind], "dice": repr(self.dice.getstate())}
        text = json.dumps(pos, sort_keys=True, ensure_ascii=False, default=_json_default)
        return hashlib.sha256(text.encode()).hexdigest()[:20]

    def state_hash(self) -> str:
        """A hash of the whole state (world and dice) that is the same in every
        process: sets are sorted, so string hash randomisation cannot move it."""
        snap = self.world_snapshot()
        h = hashlib.sha256()
        for ent, comps in snap:
            h.update(repr((ent, sorted(repr(_canon(c)) for c in comps))).encode())
        h.update(repr(self.dice.getstate()).encode())
        return h.hexdigest()[:20]


_TEMPLATES: dict[tuple[type, str], Game] = {}


def template(cls: type[Game], options: dict[str, Any]) -> Game:
    """A game of this kind and options, set up once per process: its layout and
    static entities are shared by every game unpickled here."""
    key = (cls, json.dumps(options, sort_keys=True, default=repr))
    t = _TEMPLATES.get(key)
    if t is None:
        t = _TEMPLATES[key] = cls(seed=0, options=options)
    return t


def _unpickle(cls: type[Game], seed: int, options: dict[str, Any], table: dict[int, dict[type, Any]],
              next_id: int, dice_state: Any, history: list[Action], events: list[Event],
              viewer: str | None) -> Game:
    t = template(cls, options)
    g = t._blank_copy(seed)
    full = dict(table)
    tsnap = t.world_snapshot()
    for e in t._static_ents:
        full[e] = tsnap.table[e]
    g.world.restore(Snapshot(dict(sorted(full.items())), next_id), static=g._static_ents)
    g.dice = Dice(0, g._roll_reporter())
    g.dice.setstate(dice_state)
    g.history = history
    g.events = events
    g.viewer = viewer
    return g


def _json_default(v: Any) -> Any:
    """JSON for what observations hold besides plain values: text (Msg, Name) as its
    string, sets sorted, tuples as lists."""
    if isinstance(v, str):
        return str.__str__(v)
    if isinstance(v, (set, frozenset)):
        return sorted(v, key=repr)
    if is_dataclass(v) and not isinstance(v, type):
        return {f.name: getattr(v, f.name) for f in fields(v)}
    return repr(v)


def _canon(v: Any) -> Any:
    """A process-independent form of a component value. (Text the rules made, a Msg or
    a Name of game.core.text, counts as the plain string it is: how a line was made is
    not part of the position.)"""
    if isinstance(v, str):
        return v if type(v) is str else str.__str__(v)
    if is_dataclass(v) and not isinstance(v, type):
        return (type(v).__name__,) + tuple((f.name, _canon(getattr(v, f.name))) for f in fields(v))
    if isinstance(v, (set, frozenset)):
        return ("set",) + tuple(sorted((_canon(x) for x in v), key=repr))
    if isinstance(v, (tuple, list)):
        return tuple(_canon(x) for x in v)
    if isinstance(v, dict):
        return ("dict",) + tuple(sorted(((repr(k), _canon(x)) for k, x in v.items())))
    return v
