"""義經 hidden information: a seat sees its own choices and the public facts,
never the deck order or the other side's unrevealed choices. Permuting what a
seat cannot see leaves its observation, its determinized view and a seeded
agent's decision unchanged."""
from __future__ import annotations
from game.ai import ask


import pytest

from game.ai.random_agent import RandomAgent
from game.rulesets.yoshitsune import Yoshitsune
from game.rulesets.yoshitsune.actions import Choose, TurnCard
from tests.helpers import permute_deck, swap_opponent_choice


def advance_to(g, phase, seat=None, limit=3000, seed=1):
    agents = {s: RandomAgent(seed + i) for i, s in enumerate(g.seats)}
    for _ in range(limit):
        d = g.pending()
        if d is None:
            return False
        if d.kind == phase and (seat is None or d.seat == seat):
            return True
        g.apply(ask(g, agents[d.seat]))
    return False


def decision(g, seat, seed=7):
    view = g.view_for(seat, seed)
    try:
        return ask(view, RandomAgent(seed)), view.state_hash(), view.observation(seat)
    finally:
        view.close()


@pytest.mark.parametrize("seed", range(6))
def test_opponents_secret_choice_is_invisible_during_deck_building(seed):
    g = Yoshitsune(seed=seed)
    assert advance_to(g, "build", "TAIRA", seed=seed)
    h = swap_opponent_choice(g, "TAIRA")
    if h is None:
        pytest.skip("Genji chose nothing to swap in this seed")
    assert g.observation("TAIRA") == h.observation("TAIRA")
    assert g.observation("MINAMOTO") != h.observation("MINAMOTO")       # Genji sees its own choice
    assert decision(g, "TAIRA") == decision(h, "TAIRA")


def test_deck_building_choices_visible_to_their_owner_only():
    g = Yoshitsune(seed=3)
    assert advance_to(g, "build", "MINAMOTO")
    g.apply(Choose("G02"))
    ev = [e for e in g.events if e.kind == "CardChosen"][-1]
    assert ev.data["private_to"] == "MINAMOTO" and "G02" not in ev.text and "義経" not in ev.text
    assert g.observation("MINAMOTO")["my_chosen"] == ["G02"]
    assert g.observation("TAIRA")["my_chosen"] == []
    assert g.observation("TAIRA")["cards"]["chosen_counts"]["MINAMOTO"] == 1
    h = swap_opponent_choice(g, "TAIRA")                 # Genji chose another card instead
    h.world.activate()
    theirs = h.cards().of("chosen", "MINAMOTO")
    g.world.activate()
    assert theirs != g.cards().of("chosen", "MINAMOTO")
    assert h.observation("TAIRA") == g.observation("TAIRA")


@pytest.mark.parametrize("seed", range(8))
def test_deck_order_and_opponents_cards_are_invisible_during_the_action_phase(seed):
    g = Yoshitsune(seed=seed)
    if not advance_to(g, "turn", seed=seed):
        pytest.skip("game ended")
    g.apply(TurnCard())
    if not advance_to(g, "turn", seed=seed) or len(g.cards().deck) < 2:
        pytest.skip("deck too short")
    for seat in g.seats:
        obs = g.observation(seat)
        assert "deck" not in obs["cards"] and obs["cards"]["deck_size"] == len(g.cards().deck)
        for h in (permute_deck(g), swap_opponent_choice(g, seat)):
            if h is None:
                continue
            assert h.observation(seat) == obs
            assert decision(h, seat) == decision(g, seat)


def test_view_for_is_a_determinized_copy_consistent_with_the_observation():
    g = Yoshitsune(seed=5)
    assert advance_to(g, "turn", seed=5)
    for seat in g.seats:
        v = g.view_for(seat, 3)
        assert v.observation(seat) == g.observation(seat)
        c, vc = g.cards(), v.cards()
        assert len(vc.deck) == len(c.deck)
        assert vc.of("chosen", seat) == c.of("chosen", seat)
        assert set(vc.of("chosen", "TAIRA" if seat == "MINAMOTO" else "MINAMOTO")) <= \
            set(c.of("pools", "TAIRA" if seat == "MINAMOTO" else "MINAMOTO"))
        # the copy plays on
        while not v.is_over() and len(v.history) < 50:
            v.apply(ask(v, RandomAgent(1)))
        v.close()


def test_the_game_declares_hidden_information():
    assert Yoshitsune.hidden_information is True
