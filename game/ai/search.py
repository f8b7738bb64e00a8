"""Monte Carlo tree search over a seat's view, for any game with an adapter.

Open loop: the tree is keyed by actions, not by states, and every iteration
starts again from the root position with dice of its own (``Dice`` re-seeded
from the search's RNG). So each path through the tree is sampled over the dice
as they fall: a combat choice is judged over many outcomes, which is what a
chance node does, without storing one node per outcome. A child's statistics
count only the iterations in which it was legal (availability counts, as in
information-set MCTS), so actions that appear only after some rolls are judged
fairly.

Hidden information: a view is one determinization of what the seat cannot see.
For a game that hides information the search draws several more from the view
itself (``view.view_for(seat, seed)`` deals a fresh one from the seat's
observation) and cycles through them, all sharing one tree (single-observer
ISMCTS). Nothing of the true hidden state reaches the search.

Each iteration: choose a root candidate (a single action or a plan of several,
from the adapter, with a prior), go down the tree (children: the playout
policy's choice in that sample first, then more as the node is visited more:
progressive widening), then a truncated playout by the policy (the game's
heuristic) for ``playout_depth`` decisions, then the adapter's evaluation
squashed to [-1, 1]. Values are from the root seat's side; seats of other
sides minimise them (two camps: a paranoid reading for more than two).

The search is anytime: it stops at its time budget, when its decision is
cancelled (``game.ai.context.CONTEXT.stop_requested``), or early when the most
visited root candidate can no longer be overtaken in the time left.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from game.core.actions import Action
from game.core.game import Game
from game.core.rng import Dice


@dataclass(frozen=True)
class Candidate:
    """A choice at the root: one action, or a plan of several by the same seat
    (played in order while they stay legal). ``score``: the adapter's estimate
    in evaluation units (higher is better for the seat); ``label`` for people."""
    actions: tuple[Action, ...]
    score: float = 0.0
    label: str = ""

    @property
    def first(self) -> Action:
        return self.actions[0]

    def text(self) -> str:
        return self.label or " → ".join(a.label() for a in self.actions[:3]) + (" …" if len(self.actions) > 3 else "")


@dataclass(frozen=True)
class Alternative:
    """One line of an explanation: a choice and what the agent thought of it."""
    action: Action              # the first action of the choice
    label: str
    score: float | None = None  # evaluation units (easy, normal) or expected result -1..1 (hard)
    visits: int = 0             # simulations through it (hard)
    share: float = 0.0          # visits / all visits, or the softmax probability (easy)
    chosen: bool = False
    plan: tuple[Action, ...] = ()   # the whole choice where it is a plan (the client words it)

    @classmethod
    def of(cls, c: "Candidate", label: str, score: float | None = None, visits: int = 0,
           share: float = 0.0, chosen: bool = False) -> "Alternative":
        """A candidate's line: its first action, and its plan."""
        return cls(c.first, label, score, visits, share, chosen, c.actions)

    def actions(self) -> tuple[Action, ...]:
        return self.plan or (self.action,)


@dataclass(frozen=True)
class Explanation:
    """What an agent considered for its last decision (shown by the client's
    explain toggle and hint key, logged by ``--explain``)."""
    seat: str
    level: str
    alternatives: tuple[Alternative, ...]
    note: str = ""              # "forced", "plan", "search", "heuristic" ...
    iterations: int = 0
    seconds: float = 0.0
    budget: float = 0.0
    kind: str = ""              # the decision's kind ("move", "declare", "use" ...)

    def chosen(self) -> Alternative | None:
        return next((a for a in self.alternatives if a.chosen), None)

    def lines(self, top: int = 5) -> list[str]:
        head = f"{self.seat} ({self.level}, {self.note}"
        if self.iterations:
            head += f", {self.iterations} simulations in {self.seconds:.2f} s"
        out = [head + ")"]
        for a in self.alternatives[:top]:
            mark = "*" if a.chosen else " "
            bits = []
            if a.visits:
                bits.append(f"{a.visits} visits ({a.share:.0%})")
            elif a.share:
                bits.append(f"p {a.share:.0%}")
            if a.score is not None:
                bits.append(f"value {a.score:+.2f}" if self.level == "hard" else f"score {a.score:+.1f}")
            out.append(f" {mark} {a.label}: {', '.join(bits)}")
        return out


class Node:
    """A node of the open-loop tree: statistics of the path that leads here."""
    __slots__ = ("children", "visits", "total", "sq", "avail", "prior", "order")

    def __init__(self, prior: float = 0.0):
        self.children: dict[Any, Node] = {}
        self.visits = 0
        self.total = 0.0            # sum of values from the root side's point of view
        self.sq = 0.0               # sum of their squares
        self.avail = 0              # iterations in which this child could be chosen
        self.prior = prior
        self.order: list[Any] | None = None   # (inner nodes) actions in the order they may be added

    def q(self) -> float:
        return self.total / self.visits if self.visits else 0.0

    def stderr(self) -> float:
        """The standard error of q (large while there are few visits)."""
        n = self.visits
        if n < 2:
            return 1.0
        var = max(0.0, self.sq / n - (self.total / n) ** 2)
        return math.sqrt(var / (n - 1)) + 0.02


@dataclass
class SearchConfig:
    playout_depth: int = 12         # decisions after the tree, played by the policy
    tree_depth: int = 6             # decisions below the root that get nodes
    expand_after: int = 2           # visits of a node before its children get nodes
    widen: float = 0.0              # inner nodes: 1 + widen * sqrt(visits) children (0: the policy's choice only)
    c_uct: float = 0.7              # exploration
    c_prior: float = 0.6            # weight of the candidates' priors (PUCT)
    worlds: int = 1                 # determinizations to cycle through (games with hidden information)
    min_visits: int = 6             # every root candidate is tried this often before any early stop
    clear_z: float = 2.5            # ... then the search stops when the leader is this many standard errors ahead
    batch: int = 4                  # iterations between clock readings
    root_open: int = 3              # root candidates open at first (more as simulations add up)
    keep_z: float = 1.5             # leave the heuristic's choice only for a lead of this many standard errors
    keep_paired: bool = True        # ... of the paired differences (the same k-th simulation's luck), not of the means
    race: bool = False              # the root as a race (below) instead of UCB
    race_min: int = 6               # a race drops a candidate after this many paired simulations ...
    race_z: float = 1.5             # ... once it is behind the heuristic's by this many standard errors


@dataclass
class SearchResult:
    candidate: Candidate
    explanation_rows: list[tuple[Candidate, Node]]
    iterations: int
    seconds: float


def _squash(v: float, scale: float) -> float:
    return math.tanh(v / scale)


class MCTS:
    """One search. ``evaluate(game, side) -> float`` (the adapter's); ``policy(game, agents)``
    chooses for whoever is to move in a playout; ``new_agents()`` gives a fresh set of
    policy agents per iteration (heuristics may keep a plan between decisions);
    ``sides(game)`` are the sides to evaluate; ``scale`` squashes evaluation units."""

    def __init__(self, view: Game, seat: str, candidates: Sequence[Candidate], *, evaluate: Callable,
                 policy: Callable, new_agents: Callable, scale: float, config: SearchConfig,
                 rng: random.Random, stop: Callable[[], bool] = lambda: False,
                 inner_candidates: Callable | None = None, horizon: Callable[[Game], bool] | None = None,
                 plan_kinds: frozenset[str] | None = None, clock: Callable[[], float] = time.perf_counter):
        self.view = view
        self.seat = seat
        self.side = view.seat_side(seat)
        self.cands = list(candidates)
        self.evaluate = evaluate
        self.policy = policy
        self.new_agents = new_agents
        self.scale = scale
        self.cfg = config
        self.rng = rng
        self.stop = stop
        self.inner_candidates = inner_candidates
        self.horizon = horizon or (lambda g: False)
        self.plan_kinds = plan_kinds
        self.clock = clock
        self.seeds: list[int] = []
        self.root = Node()
        self.kids = [Node(prior=p) for p in self._priors()]
        self.worlds: list[tuple[Game, Any]] = [(view, view.snapshot())]
        self.base = self._value_raw(view)
        self.iterations = 0
        self.root_values: list[list[float]] = [[] for _ in self.cands]   # each root child's k-th simulation
        self.active: list[int] | None = None      # a race's live candidates
        self.next_cand = 0

    # -- set-up --------------------------------------------------------------------------
    def _priors(self) -> list[float]:
        """A softmax over the candidates' scores (in units of the evaluation scale)."""
        if not self.cands:
            return []
        s = [c.score / self.scale * 3.0 for c in self.cands]
        m = max(s)
        e = [math.exp(x - m) for x in s]
        t = sum(e)
        return [x / t for x in e]

    def _world(self, i: int) -> tuple[Game, Any]:
        k = i % max(1, self.cfg.worlds)
        while k >= len(self.worlds):
            w = self.view.view_for(self.seat, self.rng.randrange(1 << 40))
            self.worlds.append((w, w.snapshot()))
        return self.worlds[k]

    def close(self) -> None:
        for w, _ in self.worlds[1:]:
            w.close()
        self.worlds = self.worlds[:1]
        self.view.restore(self.worlds[0][1])

    # -- values ----------------------------------------------------------------------------
    def _value_raw(self, g: Game) -> float:
        return self.evaluate(g, self.side)

    def _value(self, g: Game) -> float:
        r = g.result() if g.is_over() else None
        if r is not None:
            if r.winner is None:
                return 0.0
            return 1.0 if r.winner == self.side else -1.0
        return _squash(self._value_raw(g) - self.base, self.scale)

    def _mine(self, g: Game, seat: str) -> bool:
        return g.seat_side(seat) == self.side

    # -- one iteration ------------------------------------------------------------------------
    def _open(self) -> int:
        """How many candidates (in order: the heuristic's first, then by score) are open now:
        a few at first, more as the simulations add up (progressive widening at the root), so
        a short budget is spent on the likeliest choices."""
        total = self.root.visits
        return min(len(self.cands), self.cfg.root_open + int(math.sqrt(total) / 2))

    def _select_root(self) -> int:
        if self.cfg.race:
            return self._select_race()
        n = self._open()
        for i in range(n):                           # each open candidate once, in order
            if self.kids[i].visits < 1:
                return i
        total = sum(k.visits for k in self.kids[:n])
        sq = math.sqrt(total)
        best, best_v = 0, -1e18
        c, cp = self.cfg.c_uct, self.cfg.c_prior
        for i in range(n):
            k = self.kids[i]
            v = k.q() + c * math.sqrt(math.log(total + 1) / k.visits) + cp * k.prior * sq / (1 + k.visits)
            if v > best_v:
                best, best_v = i, v
        return best

    # -- the root as a race ------------------------------------------------------------------
    # With ``race`` on, the root is not a bandit but a race over common random numbers: the
    # open candidates (``root_open``, the heuristic's first) take their k-th simulations in
    # turn, so that every one of them is paired with the heuristic's k-th (the same luck);
    # a candidate whose paired differences put it behind the heuristic's by ``race_z``
    # standard errors (after ``race_min`` pairs) is dropped and the next candidate by score
    # opens in its place. The choice is the candidate whose paired lead over the heuristic's
    # is largest, if that lead passes ``keep_z`` (:meth:`_beats_lead`). UCB spends a short
    # budget on the candidate that looks best so far, which leaves the others too few
    # paired simulations to ever pass that test; a race spends it evenly on live ones.
    def _select_race(self) -> int:
        if self.active is None:
            self.active = list(range(min(len(self.cands), max(2, self.cfg.root_open))))
            self.next_cand = len(self.active)
        return min(self.active, key=lambda i: (self.kids[i].visits, i))

    def _paired(self, i: int) -> tuple[int, float, float]:
        """(pairs, mean, standard error) of candidate ``i``'s paired differences with the heuristic's."""
        a, b = self.root_values[i], self.root_values[0]
        n = min(len(a), len(b))
        if n < 2:
            return n, 0.0, 1.0
        d = [a[j] - b[j] for j in range(n)]
        m = sum(d) / n
        var = sum((x - m) ** 2 for x in d) / (n - 1)
        return n, m, math.sqrt(var / n)

    def _race_round(self) -> None:
        """After a round (every live candidate with as many simulations): drop the beaten."""
        act = self.active
        if act is None or len({self.kids[i].visits for i in act}) > 1:
            return
        for i in list(act):
            if i == 0:
                continue
            n, m, se = self._paired(i)
            if n >= self.cfg.race_min and m < -self.cfg.race_z * se:
                act.remove(i)
                if self.next_cand < len(self.cands):
                    act.append(self.next_cand)
                    self.next_cand += 1

    def _select_inner(self, node: Node, g: Game, legal: list[Action], mine: bool,
                      agents: dict) -> tuple[Action, Node | None]:
        """The action at an inner node in this sample: the policy's choice, or (on a node
        visited often enough to widen) the child with the best upper bound among those legal now."""
        pa = self.policy(g, agents)
        if node.visits < self.cfg.expand_after:
            return pa, None
        kids = node.children
        if pa not in kids:
            kids[pa] = Node()
        if self.cfg.widen > 0:
            allowed = 1 + int(self.cfg.widen * math.sqrt(node.visits))
            if len(kids) < allowed:
                if node.order is None:
                    order = self.inner_candidates(g, legal) if self.inner_candidates else list(legal)
                    node.order = [a for a in order if a != pa]
                    if not self.inner_candidates:
                        self.rng.shuffle(node.order)
                while node.order and len(kids) < allowed:
                    a = node.order.pop(0)
                    kids.setdefault(a, Node())
        legal_set = set(legal) if len(kids) > 1 else None
        best_a, best_n, best_v = pa, kids[pa], -1e18
        avail_total = 0
        live = []
        for a, k in kids.items():
            if legal_set is not None and a not in legal_set:
                continue
            k.avail += 1
            avail_total += k.avail
            live.append((a, k))
        if len(live) == 1:
            return live[0]
        for a, k in live:
            if k.visits == 0:
                return a, k
            q = k.q() if mine else -k.q()
            v = q + self.cfg.c_uct * math.sqrt(math.log(k.avail + 1) / k.visits)
            if v > best_v:
                best_a, best_n, best_v = a, k, v
        return best_a, best_n

    def _stream(self, k: int) -> random.Random:
        """The randomness of a root candidate's k-th simulation. Every candidate's k-th
        simulation gets the same (common random numbers): the same determinization and the
        same seed for the dice and the playout agents, so that candidates are compared over
        the same luck and their differences are less noisy."""
        while k >= len(self.seeds):
            self.seeds.append(self.rng.randrange(1 << 62))
        return random.Random(self.seeds[k])

    def _play_plan(self, g: Game, plan: list[Action], agents: dict) -> None:
        """Apply a candidate's actions in order. A decision outside the plan's kinds (a
        battle's hits between two moves of the plan) is the policy's; the plan goes on after it."""
        extra = 0
        while plan and (d := g.pending()) is not None:
            if d.seat == self.seat and g.is_legal(plan[0]):
                g.apply(plan.pop(0))
            elif self.plan_kinds is not None and d.kind not in self.plan_kinds and extra < 40:
                legal = g.legal_actions()
                g.apply(legal[0] if len(legal) == 1 else self.policy(g, agents))
                extra += 1
            else:
                break

    def iterate(self) -> None:
        ci = self._select_root()
        k = self.kids[ci].visits
        r = self._stream(k)
        g, snap = self._world(k)
        g.restore(snap)
        g.dice = Dice(r.randrange(1 << 48), g._roll_reporter())
        path = [self.kids[ci]]
        if hasattr(self.horizon, "start"):
            self.horizon.start()
        agents = self.new_agents(r)
        self._play_plan(g, list(self.cands[ci].actions), agents)
        node = self.kids[ci]
        depth = 0
        steps = 0
        while depth < self.cfg.tree_depth and node is not None and g.pending() is not None:
            seat = g.to_move()
            legal = g.legal_actions()
            if len(legal) == 1:
                g.apply(legal[0])       # forced: no node, no depth
                steps += 1
                if steps > 200:
                    break
                continue
            a, child = self._select_inner(node, g, legal, self._mine(g, seat), agents)
            g.apply(a)
            depth += 1
            node = child
            if child is not None:
                path.append(child)
        left = self.cfg.playout_depth
        while left > 0 and g.pending() is not None and not self.horizon(g):
            legal = g.legal_actions()
            g.apply(legal[0] if len(legal) == 1 else self.policy(g, agents))
            left -= 1
        v = self._value(g)
        self.root_values[ci].append(v)
        self.root.visits += 1
        for n in path:
            n.visits += 1
            n.total += v
            n.sq += v * v
        self.iterations += 1
        if self.cfg.race:
            self._race_round()

    # -- the loop ----------------------------------------------------------------------------
    def run(self, seconds: float | None, iterations: int | None = None) -> SearchResult:
        t0 = self.clock()
        n = len(self.cands)
        if n == 1:
            return self._result(0.0)
        deadline = None if seconds is None else t0 + seconds
        try:
            while True:
                for _ in range(self.cfg.batch):
                    self.iterate()
                    if iterations is not None and self.iterations >= iterations:
                        break
                if iterations is not None and self.iterations >= iterations:
                    break
                if self.stop():
                    break
                if deadline is not None:
                    now = self.clock()
                    if now >= deadline:
                        break
                    if self._settled(now - t0, deadline - now):
                        break
        finally:
            self.close()
        return self._result(self.clock() - t0)

    def _settled(self, spent: float, left: float) -> bool:
        """The choice is clear: the most visited candidate cannot be overtaken in the time
        left (at the rate so far), or it is also the best by mean and better than every other
        by more than ``clear_z`` standard errors of both."""
        if self.cfg.race:
            return self.active is not None and self.active == [0] and self.iterations >= self.cfg.min_visits
        kids = self.kids[:self._open()]
        if len(kids) < len(self.kids) or any(k.visits < self.cfg.min_visits for k in kids):
            return False
        rate = self.iterations / max(spent, 1e-6)
        remaining = rate * left
        order = sorted(kids, key=lambda k: -k.visits)
        if len(order) < 2 or order[0].visits - order[1].visits > remaining:
            return True
        top = order[0]
        z = self.cfg.clear_z
        return all(top.q() - k.q() > z * math.hypot(top.stderr(), k.stderr()) for k in order[1:])

    def _beats_lead(self, i: int) -> bool:
        """Is candidate ``i`` better than the heuristic's (candidate 0) by ``keep_z``
        standard errors? Paired: over the simulations both had with the same randomness
        (the k-th of each), the mean difference against the standard error of the
        differences, which common random numbers make much smaller than the means'."""
        k, lead = self.kids[i], self.kids[0]
        if k.visits < 2 or lead.visits < 1:
            return False
        if not self.cfg.keep_paired:
            return k.q() - lead.q() > self.cfg.keep_z * math.hypot(k.stderr(), lead.stderr())
        n, m, se = self._paired(i)
        return n >= 3 and m > self.cfg.keep_z * se and m > 0.0

    def _result(self, seconds: float) -> SearchResult:
        """The most visited candidate, but the first (the heuristic's) unless the other
        beats it by ``keep_z`` standard errors of the paired differences (:meth:`_beats_lead`):
        a search that had too little time to tell keeps the heuristic's choice."""
        rows = list(zip(self.cands, self.kids))
        best = 0
        if self.iterations and self.cfg.race:
            live = [i for i in range(1, len(rows)) if self._beats_lead(i)]
            if live:
                best = max(live, key=lambda i: (self._paired(i)[1], -i))
        elif self.iterations:
            best = max(range(len(rows)), key=lambda i: (self.kids[i].visits, self.kids[i].q(), -i))
            lead, k = self.kids[0], self.kids[best]
            if best != 0 and not self._beats_lead(best):
                best = 0
        return SearchResult(self.cands[best], rows, self.iterations, seconds)


__all__ = ["Alternative", "Candidate", "Explanation", "MCTS", "SearchConfig", "SearchResult"]
