"""Property tests: seeded random Across Suez games, with the invariants checked after every action."""
from __future__ import annotations
from game.ai import ask

import os

import pytest

from game.ai.random_agent import RandomAgent
from game.rulesets.across_suez import AcrossSuez

GAMES = int(os.environ.get("SANDTABLE_SUEZ_RANDOM_GAMES", "250"))
BLOCKS = 10


def check_invariants(g: AcrossSuez, mid_move: bool = False) -> None:
    """``mid_move``: the game ended during a movement phase (the bridge left 0112, or it
    was removed from an over-stacked hex), so no end-of-movement stacking check has happened."""
    f = g.flow()
    facts = g.facts
    seen: dict[str, str] = {}
    for u, h in g.units_on_map():
        assert h in facts.passable, f"{u.key} in impassable {h}"            # never in the lake
        if u.is_bridge:
            assert h in facts.bridge_hexes, f"the bridge in {h}"
        if f.phase not in ("move", "stack_loss") and not mid_move:   # stacking counts at the end of movement [4.4]
            assert h not in seen, f"two units in {h}: {seen[h]} and {u.key}"
        seen.setdefault(h, u.key)
    for key in g.crossed_units():
        assert g.pos(key) is None and g.unit(key).side == "ISR" and not g.unit(key).is_bridge
    assert 1 <= g.turn <= 7
    if f.phase == "over":
        assert f.winner in ("ISR", "EGY") and f.reason
    else:
        assert g.legal_actions(), "a live game always has a legal action"


def play(seed: int) -> AcrossSuez:
    g = AcrossSuez(seed=seed)
    agents = {"ISR": RandomAgent(seed * 2 + 1), "EGY": RandomAgent(seed * 2 + 2)}
    n = 0
    fought: set[str] = set()            # units that attacked or defended in this combat phase [5.3][5.4]
    while not g.is_over():
        was_move = g.flow().phase in ("move", "stack_loss")
        for e in g.apply(ask(g, agents[g.to_move()])):
            if e.kind == "PhaseStarted":
                fought.clear()
            elif e.kind == "CombatStarted":
                units = set(e.data["attackers"]) | {e.data["defender"]}
                assert not units & fought, f"{units & fought} fight twice in one combat phase"
                fought |= units
        n += 1
        check_invariants(g, mid_move=was_move and g.is_over())
        assert n < 3000, "game did not end"
    r = g.result()
    assert r is not None and r.winner in ("ISR", "EGY")      # no draws
    assert g.turn <= 7
    if r.winner == "ISR":
        assert g.turn == 7 and len(g.crossed_units()) >= 6 and g.bridge_in_place() and g.loc_open()
    return g


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_keep_the_invariants(block):
    per = GAMES // BLOCKS
    for seed in range(block * per, (block + 1) * per):
        play(seed).close()


@pytest.mark.soak
def test_soak_many_random_games():
    """``make soak``: many more seeded games (SANDTABLE_SOAK_GAMES, default 5,000)."""
    for seed in range(10_000, 10_000 + int(os.environ.get("SANDTABLE_SOAK_GAMES", "5000"))):
        play(seed).close()
