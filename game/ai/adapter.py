"""What the three levels (:mod:`game.ai.levels`) need to know about one game.

A game gets easy, normal and hard by one small module,
``game/ai/adapters/<game id>.py``, that defines ``ADAPTER``, an instance of a
subclass of :class:`Adapter`, named by the game's spec (``adapter=
"game.ai.adapters.<game id>:ADAPTER"``). Everything has a default except
:meth:`Adapter.evaluate`; a typical adapter names the game's heuristic
evaluation and tunes a few numbers::

    from game.ai.adapter import Adapter
    from game.ai.mygame import evaluate          # the heuristic's own evaluation

    class MyGameAdapter(Adapter):
        game_id = "mygame"
        scale = 40.0                # evaluation units of a clear advantage
        easy_temperature = 8.0      # easy's softmax temperature, in evaluation units

        def evaluate(self, g, side):
            return evaluate(g, side)

    ADAPTER = MyGameAdapter()

Then, as needed:

- :meth:`candidates` — the choices worth searching and their scores (default:
  every legal action, or a sample of a long list, scored one ply ahead with
  fresh dice). Override it where the heuristic has a cheaper or better score
  for its choices, or where a choice is a plan of several actions (a card
  played out as a whole).
- :meth:`policy` — who plays the truncated playouts (default: the heuristic).
- :meth:`turn_key` / :meth:`decisions_left` — what counts as a turn (hard's
  time budget is per decision *and* per turn) and how many decisions of the
  seat are still to come in it.
- ``config`` (:class:`~game.ai.search.SearchConfig`): playout depth, tree depth,
  widening, exploration; ``worlds`` > 1 for a game with hidden information.

The adapter only ever sees a seat's view (a copy): it may apply actions to it
but must leave it as it found it (snapshot / restore).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any, Hashable

from game.core.actions import Action
from game.core.game import Game
from game.core.rng import Dice
from game.core.spec import load_object, lookup

from .search import Candidate, SearchConfig


class Adapter:
    game_id: str = ""
    #: the normal level's agent (and the playouts' policy): "module:Class"; "" = the spec's agent
    heuristic: str = ""
    #: evaluation units of a clearly better position (values are squashed by tanh(v / scale))
    scale: float = 50.0
    #: easy: softmax temperature over the candidates' scores, in evaluation units
    easy_temperature: float = 10.0
    #: easy's temperature for one side where it differs (side -> temperature): a side that must
    #: attack to win loses to random play by far fewer wrong choices than one that holds
    easy_temperatures: dict[str, float] = {}
    #: easy's own weights of the heuristic on a side (side -> names of
    #: :data:`game.ai.tuning.TUNABLE` and values; a side not named plays the written ones), in
    #: place while easy decides: its lead choice and its candidates' scores. A weaker eye that
    #: random play cannot punish (a player who never sees the enemy's answer coming)
    easy_weights: dict[str, dict[str, Any]] = {}
    #: easy chooses among this many of the best-scored candidates (so never an absurd one)
    easy_top: int = 5
    #: the most candidates a root search weighs (the best by score, and the heuristic's choice)
    max_candidates: int = 8
    #: one-ply scoring looks at no more than this many legal actions (a sample of a longer list)
    max_scored: int = 48
    #: dice samples for a one-ply score whose action rolls
    score_samples: int = 2
    #: decision kinds in which a plan chosen earlier is played on (None: any kind)
    plan_kinds: frozenset[str] | None = None
    #: decision kinds hard searches and easy varies (None: all); in the others both play the heuristic's choice
    search_kinds: frozenset[str] | None = None
    #: decision kinds hard searches, where they are fewer than easy's (None: ``search_kinds``): a
    #: short budget is better spent on the few choices that decide most
    hard_kinds: frozenset[str] | None = None
    config: SearchConfig = SearchConfig()

    # -- the game's heuristic -------------------------------------------------------------
    def heuristic_class(self) -> type:
        if self.heuristic:
            return load_object(self.heuristic)
        from game import rulesets
        spec = rulesets.spec(self.game_id)
        if not spec.agent:
            raise KeyError(f"no heuristic agent for {self.game_id!r}")
        return load_object(spec.agent)

    def evaluate(self, g: Game, side: str) -> float:
        """The static value of ``g`` for ``side``, higher is better (the heuristic's evaluation)."""
        raise NotImplementedError

    # -- choices -----------------------------------------------------------------------------
    def candidates(self, g: Game, seat: str, legal: list[Action], rng: random.Random) -> list[Candidate]:
        """The choices for ``seat`` now, best first, each with a score in evaluation units.
        Default: one ply ahead, every action (or ``max_scored`` of a longer list) applied to
        the view with fresh dice and evaluated."""
        pick = list(legal)
        if len(pick) > self.max_scored:
            pick = rng.sample(pick, self.max_scored)
        return sorted((Candidate((a,), self.one_ply(g, seat, a, rng)) for a in pick),
                      key=lambda c: -c.score)

    def one_ply(self, g: Game, seat: str, action: Action, rng: random.Random) -> float:
        """The evaluation after ``action``, averaged over ``score_samples`` dice when it rolls."""
        snap = g.snapshot()
        side = g.seat_side(seat)
        total = 0.0
        n = 0
        try:
            for _ in range(max(1, self.score_samples)):
                g.restore(snap)
                g.dice = Dice(rng.randrange(1 << 48), g._roll_reporter())
                g.apply(action)
                total += self.evaluate(g, side)
                n += 1
                if not any(e.kind == "DiceRolled" for e in g.events[snap.events_len:]):
                    break
        finally:
            g.restore(snap)
        return total / n

    def heuristic_candidate(self, g: Game, agent: Any, action: Action) -> Candidate:
        """The heuristic's own choice as a candidate (a game whose heuristic plans several
        actions at once returns the whole plan)."""
        return Candidate((action,), 0.0)

    def inner_candidates(self, g: Game, legal: list[Action]) -> list[Action] | None:
        """Inner tree nodes that widen: the order to add actions in (None: random)."""
        return None

    # -- playouts ------------------------------------------------------------------------------
    def new_agents(self, g: Game, rng: random.Random) -> dict[str, Any]:
        """Fresh policy agents for one playout, one per seat (a heuristic may keep a plan)."""
        cls = self.heuristic_class()
        seed = rng.randrange(1 << 30)
        return _LazyAgents(cls, seed)

    #: playouts end when this many turns after the root's have been played (0: at the end of the
    #: root's own turn; None: only ``playout_depth`` ends them)
    horizon_turns: int | None = None
    #: a side's own horizon where it differs from ``horizon_turns`` (side -> turns or None)
    horizon_turns_by_side: dict[str, int | None] = {}

    def horizon(self, root: Game, seat: str):
        """A test that ends a playout before ``config.playout_depth`` decisions (None: none).
        Called once per search, at the root. Default: :class:`TurnHorizon` over
        :meth:`turn_key` when the seat's side has a horizon (``horizon_turns_by_side``, else
        ``horizon_turns``)."""
        turns = self.horizon_turns_by_side.get(root.seat_side(seat), self.horizon_turns)
        if turns is None:
            return None
        return TurnHorizon(lambda g: self.turn_key(g, seat), self.turn_key(root, seat), turns)

    def policy(self, g: Game, agents: Any) -> Action:
        """The playouts' choice for whoever is to move in ``g`` (default: the heuristic)."""
        return agents[g.to_move()].choose(g)

    # -- turns -------------------------------------------------------------------------------------
    def turn_key(self, g: Game, seat: str) -> Hashable:
        """What stays the same through one turn of ``seat`` (hard's turn budget)."""
        st = g.public_state()
        return (st.get("turn"), st.get("cycle"), st.get("side") or st.get("seat"))

    def decisions_left(self, g: Game, seat: str) -> float:
        """About how many more decisions ``seat`` makes this turn, this one included."""
        return 4.0

    def describe(self, c: Candidate) -> str:
        return c.text()

    def with_config(self, **changes: Any) -> "Adapter":
        other = type(self)()
        other.__dict__.update(self.__dict__)
        other.config = replace(self.config, **changes)
        return other


class TurnHorizon:
    """Ends a playout once ``turns`` turns after the root's have begun (by a turn key).
    The search calls :meth:`start` at the start of each simulation."""

    def __init__(self, key, root_key, turns: int):
        self.key = key
        self.root_key = root_key
        self.turns = turns
        self.seen = [root_key]

    def start(self) -> None:
        self.seen = [self.root_key]

    def __call__(self, g: Game) -> bool:
        k = self.key(g)
        if k != self.seen[-1]:
            self.seen.append(k)
        return len(self.seen) > self.turns + 1


class _LazyAgents(dict):
    """Seat -> a heuristic agent, each built when first asked for."""

    def __init__(self, cls: type, seed: int):
        super().__init__()
        self.cls = cls
        self.seed = seed

    def __missing__(self, seat: str) -> Any:
        a = self[seat] = self.cls(self.seed + len(self))
        return a


_ADAPTERS: dict[str, Adapter | None] = {}


def adapter_for(game_id: str) -> Adapter | None:
    """The game's adapter (its spec's ``adapter``, "module:NAME"), or None if it has none yet
    (or there is no such game)."""
    if game_id not in _ADAPTERS:
        from game import rulesets  # noqa: F401  (registers the games' specs)
        spec = lookup(game_id)
        _ADAPTERS[game_id] = load_object(spec.adapter) if spec is not None and spec.adapter else None
    return _ADAPTERS[game_id]


__all__ = ["Adapter", "adapter_for"]
