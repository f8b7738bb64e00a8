"""中原大戰 property tests: seeded random games for every number of players (2-5)
with the invariants checked after every action, and replay determinism.

``make test`` plays a few games per player count; the soak (``-m soak``) plays
SANDTABLE_CENTRAL_PLAINS_GAMES (500) games for each of the four player counts.
"""
from __future__ import annotations

import os
import pickle
import random

import pytest

from game.core.observation import problems
from game.rulesets.central_plains import CentralPlains
from game.rulesets.central_plains.observation import CentralPlainsObservation
from game.rulesets.central_plains.rules import base

GAMES = int(os.environ.get("SANDTABLE_CENTRAL_PLAINS_GAMES", "500"))
BLOCKS = 10
PLAYERS = (2, 3, 4, 5)


def check_invariants(g: CentralPlains, events) -> None:
    g.world.activate()
    comp = g.data["components"]
    counts: dict[tuple[str, str], int] = {}
    for s, p in g.stacks().items():
        assert len(p) <= g.stack_limit, (s, p)                                   # at most 3 per stronghold
        assert len({g.data_camp[c] for c, _ in p}) <= 1, (s, p)                   # enemies never share
        for c, code in p:
            counts[(c, code)] = counts.get((c, code), 0) + 1
            if base(code) == "armoured_train":
                assert s in g.rail_nodes, (s, p)
    for k in g.order:
        assert counts.get((k, "infantry"), 0) <= comp["max_infantry_on_map"], k
        assert counts.get((k, "cavalry"), 0) <= comp["cavalry"][k], k
        assert counts.get((k, "armoured_train"), 0) <= comp["armoured_train"][k], k
    for grey in ("infantry", "cavalry"):
        assert sum(n for (c, code), n in counts.items() if code == "grey_" + grey) <= comp[grey]["grey"]
    for k in g.order:                                                             # tracks in range
        t = g.tracks(k)
        for name in ("morale", "troops", "funds"):
            lo, hi = g.ranges[name]
            assert lo <= getattr(t, name) <= hi, (k, name)
    assert g.zones.problems(g) == []                                              # cards conserved
    for seat in g.seats:                                                          # each player's cards stay his
        roles = set(g.roles_of(seat))
        for z in (f"deck:{seat}", f"hand:{seat}", f"discard:{seat}"):
            assert all(g.card_owner(c) in roles for c in g.cards_in(z)), z
    for e in events:                                                              # hand limits
        if e.kind == "Refilled":
            before, after, limit = e["before"], e["after"], e["limit"]
            assert after == before if before >= limit else after <= limit
            if after < limit:
                assert not g.cards_in(f"deck:{e['seat']}") or len(e["cards"]) == 0
    if not g.is_over():
        assert g.legal_actions(), "a live game always has a legal action"
        assert g.pending().seat in g.seats


def play(seed: int, players: int, check: bool = True, observe: bool = False) -> CentralPlains:
    g = CentralPlains(seed=seed, options={"players": players})
    rng = random.Random(seed * 7 + players)
    n = 0
    while not g.is_over():
        legal = g.legal_actions()
        ev = g.apply(legal[rng.randrange(len(legal))])
        n += 1
        if check:
            check_invariants(g, ev)
        if observe:
            for s in g.seats:
                assert problems(g.observation(s), CentralPlainsObservation) == []
        assert n < 20000, "game did not end"
    r = g.result()
    assert r is not None and r.winner in ("central", "anti", None)
    assert {s for s, _ in r.returns} == set(g.seats)
    return g


@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_the_invariants_quick(players):
    for seed in range(2):
        play(seed, players, observe=seed == 0 and players == 2).close()


@pytest.mark.soak
@pytest.mark.parametrize("block", range(BLOCKS))
@pytest.mark.parametrize("players", PLAYERS)
def test_random_games_keep_the_invariants(players, block):
    per = GAMES // BLOCKS
    for seed in range(block * per, (block + 1) * per):
        play(1000 + seed, players).close()


@pytest.mark.parametrize("players", PLAYERS)
def test_replay_gives_the_same_state_hash(players):
    g = play(17, players, check=False)
    h = CentralPlains(seed=17, options={"players": players})
    for a in g.history:
        h.apply(a)
    assert h.state_hash() == g.state_hash() and h.is_over()
    assert [e.kind for e in h.events] == [e.kind for e in g.events]
    g.close()
    h.close()


def test_a_game_pickles_mid_play_and_plays_on_the_same():
    g = CentralPlains(seed=4, options={"players": 3})
    rng = random.Random(4)
    for _ in range(80):
        g.apply(rng.choice(g.legal_actions()))
    h = pickle.loads(pickle.dumps(g))
    assert h.state_hash() == g.state_hash() and h.seats == g.seats
    for _ in range(40):
        if g.is_over():
            break
        a = rng.choice(g.legal_actions())
        g.apply(a)
        h.apply(a)
        assert h.state_hash() == g.state_hash()
