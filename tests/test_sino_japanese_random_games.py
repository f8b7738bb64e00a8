"""Property tests: seeded random 日清戰爭 games, with the invariants checked after every action.

``make test`` plays SANDTABLE_SJ_RANDOM_GAMES games (default 120); ``make soak`` plays 600 more
(seeds 1000-1599), so at least 500 seeded games are checked action by action."""
from __future__ import annotations

import os

import pytest

from game.ai.random_agent import RandomAgent
from game.rulesets.sino_japanese import SinoJapanese
from game.rulesets.sino_japanese.components import Mobilising, Position, Removed

GAMES = int(os.environ.get("SANDTABLE_SJ_RANDOM_GAMES", "120"))
SOAK = 600
BLOCKS = 6


def check_invariants(g: SinoJapanese) -> None:
    f = g.flow()
    facts = g.facts
    # ammunition 0..19, command points never below 0
    assert all(0 <= a <= g.ammo_max for a in f.ammo), f.ammo
    assert all(c >= 0 for c in f.cp), f.cp
    # where units stand: passable cells, own boxes only, never two sides in one hex
    sides_at: dict[str, set[str]] = {}
    for u, cell in g.units_on_map():
        assert cell in facts.passable, f"{u.key} in {cell}"
        if cell in facts.box_owner:
            assert facts.box_owner[cell] == u.side, f"{u.key} in the enemy box {cell}"
        sides_at.setdefault(cell, set()).add(u.side)
    assert all(len(s) == 1 for s in sides_at.values()), sides_at
    for k in g.units:
        e = g.unit_ent[k]
        n = sum(g.world.has(e, c) for c in (Position, Mobilising, Removed))
        assert n <= 1, k
    # stacking at the end of each phase and combat [4.4(2)]
    settled = f.phase in ("declare", "order", "recover", "over") or (f.phase == "move")
    if settled:
        for side in g.sides:
            if f.phase == "move" and side == f.side:
                continue            # the moving side may pass and stop on friends until its phase ends
            over = {h: ks for h, ks in g.placement().stacks(side).items()
                    if h in facts.hexes and len(ks) > g.max_stack}
            assert not over, f"over-stacked in phase {f.phase}: {over}"
    # garrisons in place until forced out [3.2]
    for k, u in g.units.items():
        if u.garrison and not g.is_released(k) and not g.is_removed(k):
            assert g.pos(k) == u.garrison, f"{k} left {u.garrison} unforced"
    # the fleet in one of its ports, or gone [9.1]
    fl = g.fleet()
    assert (fl.removed and fl.hex is None) or (not fl.removed and fl.hex in facts.fleet_bases), fl
    # control and victory points consistent with the map [3.4][12.2]
    jp = g.control().jp
    assert jp <= g.key_hexes
    for cell, sides in sides_at.items():
        if cell in g.key_hexes:
            (side,) = sides
            assert g.controller(cell) == side, f"{cell} held by {side} but controlled by {g.controller(cell)}"
    vp = sum(int(g.board.cell(h).props.get("vp", 0)) for h in jp)
    vp += 3 * fl.removed - 2 * sum(1 for k, u in g.units.items() if u.side == "JP" and g.is_removed(k))
    assert g.vp() == vp
    # the bridgehead: one at most, on a landing hex, never under a Qing unit
    bh = g.bridgehead()
    if bh is not None:
        assert bh in facts.landing and "QING" not in sides_at.get(bh, set())
    # the game goes on or is over
    if f.phase == "over":
        assert f.winner in ("JP", "QING") and f.reason
    else:
        assert g.legal_actions(), "a live game always has a legal action"
        assert 1 <= f.turn <= g.turns and 1 <= f.round <= 4


def play(seed: int, options: dict | None = None) -> SinoJapanese:
    g = SinoJapanese(seed=seed, options=options)
    agents = {"JP": RandomAgent(seed * 2 + 1), "QING": RandomAgent(seed * 2 + 2)}
    n = 0
    check_invariants(g)
    while not g.is_over():
        g.apply(agents[g.to_move()].choose_among(g.legal_actions()))
        n += 1
        check_invariants(g)
        assert n < 20000, "game did not end"
    r = g.result()
    assert r is not None and r.winner in ("JP", "QING")
    if r.winner == "JP":
        assert g.vp() >= 20 or (g.errata and g.controller("1001") == "JP")
    assert g.flow().turn == g.turns
    return g


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_keep_the_invariants(block):
    per = GAMES // BLOCKS
    for seed in range(block * per, (block + 1) * per):
        play(seed).close()


@pytest.mark.soak
@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_keep_the_invariants_soak(block):
    per = SOAK // BLOCKS
    for seed in range(1000 + block * per, 1000 + (block + 1) * per):
        play(seed).close()


def test_random_games_with_every_option():
    for seed in range(6):
        g = play(seed, {"ninth_turn": True, "jinzhou_errata": True, "andong_port": True})
        assert g.turns == 9
        g.close()


def test_replay_is_deterministic():
    a = play(77)
    b = SinoJapanese(seed=77)
    for act in a.history:
        b.apply(act)
    assert b.state_hash() == a.state_hash() and b.result() == a.result()
    c = play(77)
    assert c.state_hash() == a.state_hash() and [e.text for e in c.events] == [e.text for e in a.events]
