"""Three levels for every game with an adapter (:mod:`game.ai.adapter`): easy, normal, hard.

- **normal** is the game's heuristic agent (which already looks one ply ahead
  with sampled dice where it matters).
- **easy** scores the same choices the search would weigh (one ply ahead, or
  the adapter's own score) and picks by a softmax with a temperature: mostly
  sensible moves, sometimes the second or third best, never an arbitrary one.
- **hard** runs :class:`game.ai.search.MCTS` from the seat's view, with the
  heuristic playing hard's own tuned weights (:mod:`game.ai.tuning`): its
  evaluation, truncated playouts by the heuristic, dice sampled
  afresh on every iteration and, in games with hidden information, several
  determinizations drawn from the view.

Time: each level has a budget per decision and per turn (:data:`BUDGETS`);
hard splits what is left of its turn's budget over the decisions the adapter
expects to come in it, and stops early when its choice is forced or clear.
A name may carry its own per-decision budget: ``"hard@0.25"`` (the turn
budget scales with it), for matches that must be quicker than play.

Every decision leaves ``last_explanation`` (:class:`game.ai.search.Explanation`):
hard's always (its visit counts); easy's and normal's when the decision context's
``explain`` is on (:mod:`game.ai.context`; the client's worker turns it on; ``--explain`` on the command line), since it
costs normal a scoring of its alternatives.
"""
from __future__ import annotations

import math
import random
from dataclasses import dataclass
from typing import Any

from game.core.actions import Action
from game.core.game import Game

from . import require_view
from .adapter import Adapter, adapter_for
from .context import CONTEXT
from .search import MCTS, Alternative, Candidate, Explanation
from .tuning import overlay, tuned

LEVELS = ("easy", "normal", "hard")
DESCRIPTIONS = {
    "easy": "Sensible moves, but often not the best one: a gentle opponent.",
    "normal": "The game's own heuristic, with a little look-ahead: sound and quick.",
    "hard": "Plays each choice out many times, dice rolled afresh each time; up to 3 s a move.",
}

#: whether easy and normal explain their decisions, and the clock budgets are read on:
#: the process's decision context (game/ai/context.py); these set it
set_explain = CONTEXT.set_explain
set_clock = CONTEXT.set_clock


@dataclass(frozen=True)
class Budget:
    decision: float         # seconds, at most, for one decision
    turn: float             # seconds, at most, for all of a seat's decisions in one turn
    floor: float = 0.05     # the least a searched decision gets while the turn has time left


BUDGETS = {"easy": Budget(1.0, 10.0), "normal": Budget(1.0, 10.0), "hard": Budget(2.4, 9.0)}


class TurnClock:
    """Seconds spent in the current turn (by the adapter's turn key)."""

    def __init__(self) -> None:
        self.key: Any = object()
        self.spent = 0.0

    def start(self, key: Any) -> float:
        if key != self.key:
            self.key, self.spent = key, 0.0
        return self.spent

    def add(self, seconds: float) -> None:
        self.spent += seconds


def _adapter(cls) -> Adapter:
    ad = adapter_for(cls.game_id)
    if ad is None:
        raise KeyError(f"no levels for {cls.game_id!r}")
    return ad


class LevelAgent:
    """What the three levels share: the adapter, an RNG, a plan being played out."""
    level = ""
    game_id = ""
    decision_seconds: float | None = None   # a name's "@seconds"; None: BUDGETS

    def __init__(self, seed: int = 0):
        self.rng = random.Random(seed)
        self.adapter = _adapter(type(self))
        self.plan: list[Action] = []
        self.last_explanation: Explanation | None = None
        self._kind = ""

    @property
    def name(self) -> str:
        return self.level if self.decision_seconds is None else f"{self.level}@{self.decision_seconds:g}"

    def budget(self) -> Budget:
        b = BUDGETS[self.level]
        if self.decision_seconds is None:
            return b
        k = self.decision_seconds / b.decision
        return Budget(self.decision_seconds, b.turn * k, min(b.floor, self.decision_seconds))

    def weights(self, side: str) -> dict:
        """The heuristic's weights this level plays on ``side`` where they differ from the
        written ones ({}: as written), in place while it decides (:mod:`game.ai.tuning`)."""
        return {}

    def choose(self, view: Game) -> Action:
        d = view.pending()
        side = view.seat_side(d.seat) if d is not None else None
        with overlay(self.game_id, self.weights(side) if side is not None else {}):
            return self._choose(view)

    def _choose(self, view: Game) -> Action:
        raise NotImplementedError

    def _explain(self, seat: str, alts, note: str, **kw) -> None:
        self.last_explanation = Explanation(seat, self.level, tuple(alts), note, kind=self._kind, **kw)

    def _follow_plan(self, view: Game, legal: list[Action]) -> Action | None:
        """The next action of the plan this agent chose earlier, while it fits."""
        d = view.pending()
        kinds = self.adapter.plan_kinds
        if not self.plan or (kinds is not None and d.kind not in kinds):
            return None
        nxt = self.plan.pop(0)
        if nxt in legal:
            return nxt
        self.plan = []
        return None

    def _forced(self, view: Game, legal: list[Action]) -> Action | None:
        d = view.pending()
        if len(legal) == 1:
            if self.plan and self.plan[0] == legal[0]:
                self.plan.pop(0)
            self._explain(d.seat, [Alternative(legal[0], legal[0].label(), chosen=True, share=1.0)], "forced")
            return legal[0]
        a = self._follow_plan(view, legal)
        if a is not None:
            self._explain(d.seat, [Alternative(a, a.label(), chosen=True, share=1.0)], "plan")
        return a

    def _candidates(self, view: Game, seat: str, legal: list[Action], most: int,
                    bonus: float) -> list[Candidate]:
        """The heuristic's own choice first, scored as the best candidate plus ``bonus``, then
        the adapter's best other candidates, ``most`` in all."""
        ad = self.adapter
        h_agent = ad.heuristic_class()(self.rng.randrange(1 << 30))
        h = ad.heuristic_candidate(view, h_agent, h_agent.choose(view))
        ok = set(legal)
        cands = sorted((c for c in ad.candidates(view, seat, legal, self.rng) if c.first in ok),
                       key=lambda c: -c.score)
        top = max((c.score for c in cands), default=0.0)
        rest = [c for c in cands[:4 * most] if c.actions != h.actions and c.first != h.first]
        lead = Candidate(h.actions, max(top, h.score) + bonus, h.label or "heuristic: " + h.text())
        return [lead] + rest[:max(0, most - 1)]

    def _heuristic(self, view: Game, seat: str) -> Action:
        """The heuristic's choice (and plan), unsearched: decisions the adapter leaves to it
        (outside its ``search_kinds``)."""
        h_agent = self.adapter.heuristic_class()(self.rng.randrange(1 << 30))
        c = self.adapter.heuristic_candidate(view, h_agent, h_agent.choose(view))
        self.plan = list(c.actions[1:])
        self._explain(seat, [Alternative.of(c, self.adapter.describe(c), chosen=True, share=1.0)], "heuristic")
        return c.first

    def _left_to_heuristic(self) -> bool:
        kinds = self.adapter.search_kinds
        return kinds is not None and self._kind not in kinds

    def _reset_plan(self, view: Game) -> None:
        """A plan ends where the adapter's plan kinds end (a new card, a new phase)."""
        kinds = self.adapter.plan_kinds
        if kinds is not None and view.pending().kind not in kinds:
            self.plan = []


class EasyAgent(LevelAgent):
    level = "easy"

    def weights(self, side: str) -> dict:
        """Easy's own eye on ``side`` (the adapter's ``easy_weights``)."""
        return self.adapter.easy_weights.get(side) or {}

    def _choose(self, view: Game) -> Action:
        require_view(view)
        legal = view.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        self._kind = view.pending().kind
        self._reset_plan(view)
        a = self._forced(view, legal)
        if a is not None:
            return a
        seat = view.pending().seat
        if self._left_to_heuristic():
            return self._heuristic(view, seat)
        # the heuristic's choice among the few best others, all plausible; the softmax's
        # temperature makes easy take a worse one now and then
        cands = self._candidates(view, seat, legal, max(1, self.adapter.easy_top), 0.0)
        ad = self.adapter
        t = max(1e-6, ad.easy_temperatures.get(view.seat_side(seat), ad.easy_temperature))
        top = max(c.score for c in cands)
        w = [math.exp((c.score - top) / t) for c in cands]
        total = sum(w)
        r = self.rng.random() * total
        k = 0
        while k < len(w) - 1 and r > w[k]:
            r -= w[k]
            k += 1
        pick = cands[k]
        self.plan = list(pick.actions[1:])
        self._explain(seat, [Alternative.of(c, self.adapter.describe(c), c.score, share=x / total,
                                         chosen=i == k) for i, (c, x) in enumerate(zip(cands, w))], "softmax")
        return pick.first if pick.first in legal else legal[0]


class NormalAgent(LevelAgent):
    level = "normal"

    def __init__(self, seed: int = 0):
        super().__init__(seed)
        self.heuristic = self.adapter.heuristic_class()(seed)

    def _choose(self, view: Game) -> Action:
        require_view(view)
        self._kind = view.pending().kind
        a = self.heuristic.choose(view)
        legal = view.legal_actions()
        seat = view.pending().seat
        if len(legal) == 1:
            self._explain(seat, [Alternative(a, a.label(), chosen=True, share=1.0)], "forced")
        elif CONTEXT.explain:
            cands = self.adapter.candidates(view, seat, legal, random.Random(self.rng.random()))
            alts = [Alternative.of(c, self.adapter.describe(c), c.score, chosen=c.first == a)
                    for c in cands[:6]]
            if not any(x.chosen for x in alts):
                alts.insert(0, Alternative(a, a.label(), chosen=True))
            self._explain(seat, alts, "heuristic")
        else:
            self._explain(seat, [Alternative(a, a.label(), chosen=True)], "heuristic")
        return a


class HardAgent(LevelAgent):
    level = "hard"
    #: a fixed number of simulations instead of the clock (tests: the same seed, the same choice)
    iterations: int | None = None

    def __init__(self, seed: int = 0, iterations: int | None = None):
        super().__init__(seed)
        if iterations is not None:
            self.iterations = iterations
        self.clock = TurnClock()
        self.stats = {"decisions": 0, "searched": 0, "iterations": 0, "search_seconds": 0.0}

    def _left_to_heuristic(self) -> bool:
        kinds = self.adapter.hard_kinds
        if kinds is None:
            return super()._left_to_heuristic()
        return self._kind not in kinds

    def weights(self, side: str) -> dict:
        """Hard's own weights on ``side`` for the heuristic it leads with, plays out and
        evaluates by (:mod:`game.ai.tuning`; {}: the heuristic's as written)."""
        return tuned(self.game_id, side)

    def _choose(self, view: Game) -> Action:
        require_view(view)
        clock = CONTEXT.clock
        t0 = clock()
        legal = view.legal_actions()
        if not legal:
            raise ValueError("no legal action: the game is over")
        self._kind = view.pending().kind
        seat = view.pending().seat
        ad = self.adapter
        spent = self.clock.start(ad.turn_key(view, seat))
        try:
            self.stats["decisions"] += 1
            self._reset_plan(view)
            a = self._forced(view, legal)
            if a is not None:
                return a
            if self._left_to_heuristic():
                return self._heuristic(view, seat)
            return self._search(view, seat, legal, spent, t0)
        finally:
            self.clock.add(clock() - t0)

    def _search(self, view: Game, seat: str, legal: list[Action], spent: float, t0: float) -> Action:
        ad = self.adapter
        # the heuristic's choice leads, with the best score and a little more (the search must
        # find a reason to leave it)
        cands = self._candidates(view, seat, legal, ad.max_candidates, 0.1 * ad.scale)
        b = self.budget()
        clock = CONTEXT.clock
        used = clock() - t0
        left_in_turn = b.turn - spent - used
        share = left_in_turn / max(1.0, ad.decisions_left(view, seat))
        seconds = min(b.decision - used, max(b.floor, share)) if left_in_turn > 0 else 0.0
        if (self.iterations is None and seconds <= 0.0) or len(cands) == 1:
            c = cands[0]
            self.plan = list(c.actions[1:])
            self._explain(seat, [Alternative.of(c, ad.describe(c), chosen=True, share=1.0)],
                          "out of time" if len(cands) > 1 else "one choice", budget=max(0.0, seconds))
            return c.first
        m = MCTS(view, seat, cands, evaluate=ad.evaluate, policy=ad.policy,
                 new_agents=lambda r: ad.new_agents(view, r), scale=ad.scale, config=ad.config,
                 rng=self.rng, stop=CONTEXT.stop_requested, inner_candidates=ad.inner_candidates,
                 horizon=ad.horizon(view, seat), plan_kinds=ad.plan_kinds, clock=clock)
        res = m.run(None if self.iterations is not None else seconds, self.iterations)
        self.stats["searched"] += 1
        self.stats["iterations"] += res.iterations
        self.stats["search_seconds"] += res.seconds
        total = max(1, sum(n.visits for _, n in res.explanation_rows))
        alts = sorted(((c, n) for c, n in res.explanation_rows), key=lambda r: -r[1].visits)
        self._explain(seat, [Alternative.of(c, ad.describe(c), n.q() if n.visits else None, n.visits,
                                         n.visits / total, c is res.candidate) for c, n in alts[:8]],
                      "search", iterations=res.iterations, seconds=res.seconds, budget=seconds)
        self.plan = list(res.candidate.actions[1:])
        return res.candidate.first


_CLASSES: dict[tuple[str, str, float | None], type] = {}
_BASES = {"easy": EasyAgent, "normal": NormalAgent, "hard": HardAgent}


def parse_level(name: str) -> tuple[str, float | None] | None:
    """("hard", 0.25) for "hard@0.25", ("easy", None) for "easy"; None if not a level."""
    base, sep, secs = name.partition("@")
    if base not in _BASES:
        return None
    if not sep:
        return base, None
    try:
        s = float(secs)
    except ValueError:
        raise KeyError(f"bad time budget in agent {name!r}; write e.g. hard@0.5") from None
    if not s > 0:
        raise KeyError(f"bad time budget in agent {name!r}; it must be positive")
    return base, s


def level_class(name: str, game_id: str) -> type | None:
    """The class of level ``name`` ("easy", "hard@0.3" ...) in ``game_id``; None if ``name``
    is not a level. A game without an adapter plays its heuristic at every level."""
    parsed = parse_level(name)
    if parsed is None:
        return None
    level, secs = parsed
    if adapter_for(game_id) is None:
        from game import rulesets
        from game.core.spec import load_object
        spec = rulesets.spec(game_id)
        if not spec.agent:
            raise KeyError(f"no agent for {game_id!r} yet")
        return load_object(spec.agent)
    key = (level, game_id, secs)
    cls = _CLASSES.get(key)
    if cls is None:
        base = _BASES[level]
        cls = _CLASSES[key] = type(f"{base.__name__}_{game_id}", (base,),
                                   {"game_id": game_id, "decision_seconds": secs, "__module__": __name__})
    return cls


__all__ = ["BUDGETS", "DESCRIPTIONS", "LEVELS", "Budget", "EasyAgent", "HardAgent", "NormalAgent",
           "level_class", "parse_level", "set_explain"]
