"""義經 property tests: seeded random games with the invariants checked after
every action, and replay determinism."""
from __future__ import annotations
from game.ai import ask

import os
from collections import Counter

import pytest

from game.ai.random_agent import RandomAgent
from game.rulesets.yoshitsune import Yoshitsune

GAMES = int(os.environ.get("SANDTABLE_YOSHITSUNE_GAMES", "250"))
BLOCKS = 10
PLACES = None


def check_invariants(g: Yoshitsune, events) -> None:
    g.world.activate()
    board_places = set(g.areas) | {"ou", "waiting_box"}
    # generals: each in exactly one place, or removed; only the Fujiwara in the Ōu box
    for key in g.gen_ent:
        where = g.loc(key)
        assert (where is None) == g.is_removed(key), key
        if where is not None:
            assert where in board_places, (key, where)
            if where == "ou":
                assert g.general(key).clan == "fujiwara", key
    # one general per card, one card per general
    cards = [g.general(k).card for k in g.gen_ent]
    assert len(set(cards)) == len(cards) == 14
    # retainers: only in areas and the Ōu box (never the waiting box), within the counter mix
    totals: Counter[str] = Counter()
    for area in g.area_ent:
        for clan, n in g.garrison(area).items():
            assert n > 0
            totals[clan] += n
            if area == "ou":
                assert clan == "fujiwara"
    for clan, n in totals.items():
        assert n <= g.clan_data[clan]["retainers"], clan
    # supply limits hold right after the adjustment phase
    if any(e.kind == "TurnEnded" for e in events):
        for area in g.areas + ("ou",):
            assert sum(g.garrison(area).values()) <= g.supply[area], area
    # the deck: what is left plus what was turned is what was chosen
    c = g.cards()
    if c.deck or c.revealed:
        assert sorted(c.deck + c.revealed) == sorted(x for _, v in c.chosen for x in v)
    st = g.public_state()
    assert 1 <= st["turn"] <= 7 and -3 <= st["court"] <= 4
    if not g.is_over():
        assert g.legal_actions(), "a live game always has a legal action"


def play(seed: int, check: bool = True) -> Yoshitsune:
    g = Yoshitsune(seed=seed)
    agents = {s: RandomAgent(seed * 2 + i) for i, s in enumerate(g.seats)}
    n = 0
    while not g.is_over():
        ev = g.apply(ask(g, agents[g.to_move()]))
        n += 1
        if check:
            check_invariants(g, ev)
        assert n < 20000, "game did not end"
    r = g.result()
    assert r is not None and r.winner in ("MINAMOTO", "TAIRA", None)
    return g


@pytest.mark.parametrize("block", range(BLOCKS))
def test_random_games_keep_the_invariants(block):
    per = GAMES // BLOCKS
    for seed in range(block * per, (block + 1) * per):
        play(seed).close()


@pytest.mark.soak
def test_soak_many_random_games():
    """``make soak``: many more seeded games (SANDTABLE_SOAK_GAMES, default 5,000), the
    invariants checked after every action of every tenth game."""
    for seed in range(10_000, 10_000 + int(os.environ.get("SANDTABLE_SOAK_GAMES", "5000"))):
        play(seed, check=seed % 10 == 0).close()


@pytest.mark.parametrize("seed", [3, 17, 101])
def test_replay_gives_the_same_state_hash(seed):
    g = play(seed, check=False)
    h = Yoshitsune(seed=seed)
    for a in g.history:
        h.apply(a)
    assert h.state_hash() == g.state_hash() and h.is_over()
    assert [e.kind for e in h.events] == [e.kind for e in g.events]
    g.close()
    h.close()


@pytest.mark.parametrize("seed", [5, 23])
def test_log_lines_name_areas_never_by_key(seed):
    """The log reads like the map: 北関東 North Kantō, not ``kita_kanto``."""
    import re
    g = play(seed, check=False)
    keys = re.compile(r"\b(" + "|".join(sorted(set(g.areas) | {"ou", "waiting_box"}, key=len, reverse=True))
                      + r")\b")
    texts = [e.text for e in g.events if e.text]
    assert texts and not [t for t in texts if keys.search(t)]
    assert any("North Kantō" in t or "South Kantō" in t for t in texts)
    g.close()
