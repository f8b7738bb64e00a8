"""中原大戰 hidden information: each seat sees its own hand and the counts of the
others, never a deck's order, the counter cards or the face-down support; a
view for an agent is dealt again from the seat's observation only; and the
heuristic agent decides the same whatever the seat cannot see."""
from __future__ import annotations

import json
import random

import pytest

from game.ai import ask
from game.ai.central_plains import CentralPlainsAgent
from game.rulesets.central_plains import CentralPlains

ALL = {c["id"] for c in CentralPlains().data["cards"]}


def advance(g: CentralPlains, seat: str | None, seed: int, skip: int = 0, limit: int = 3000) -> bool:
    """Random play until ``seat`` (any, if None) must choose among several actions, after ``skip`` such stops."""
    rng = random.Random(seed)
    for _ in range(limit):
        d = g.pending()
        if d is None:
            return False
        if (seat is None or d.seat == seat) and len(g.legal_actions()) > 1 and g.turn().round >= 2:
            if skip <= 0:
                return True
            skip -= 1
        g.apply(rng.choice(g.legal_actions()))
    return False


def public_cards(g: CentralPlains) -> set[str]:
    out = set(g.cards_in("neutral")) | set(g.cards_in("removed"))
    for s in g.seats:
        out |= set(g.cards_in(f"discard:{s}"))
    for k in g.order:
        out |= set(g.cards_in(f"play:{k}"))
    return out


def cards_named(obs) -> set[str]:
    text = json.dumps(obs)
    return {c for c in ALL if f'"{c}"' in text}


def variants(g: CentralPlains, seat: str) -> list[CentralPlains]:
    """Copies that differ only in what ``seat`` cannot see: every deck reversed; another player's
    hand card swapped with one of his deck; a support card and a counter card swapped with deck cards;
    the neutral generals below the top of their pile in another order."""
    out = []
    z = g.zones
    h = g.clone()
    for s in h.seats:
        deck = h.cards_in(f"deck:{s}")
        if len(deck) > 1:
            z.arrange(h, f"deck:{s}", tuple(reversed(deck)))
    out.append(h)
    for other in g.seats:
        if other == seat or not g.hand(other) or not g.cards_in(f"deck:{other}"):
            continue
        h = g.clone()
        z.swap(h, h.hand(other)[0], h.cards_in(f"deck:{other}")[-1])
        out.append(h)
    n = g.active_neutral()
    if n is not None:
        for c in z.attached(g, n):
            owner = g.card_owner(c)
            same = [x for x in g.cards_in(f"deck:{g.seat_of[owner]}") if g.card_owner(x) == owner]
            if same:
                h = g.clone()
                z.swap(h, c, same[0])
                out.append(h)
                break
    pile = g.cards_in("neutral")
    if len(pile) > 2:
        h = g.clone()
        z.arrange(h, "neutral", pile[:1] + tuple(reversed(pile[1:])))
        out.append(h)
    for k in g.order:
        for card in g.cards_in(f"play:{k}"):
            under = z.attached(g, card)
            deck = g.cards_in(f"deck:{g.seat_of[k]}")
            if under and deck:
                h = g.clone()
                z.swap(h, under[0], deck[0])
                out.append(h)
                break
    for h in out:
        h.invalidate()
        z.check(h)
    return out


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("seed", range(4))
def test_a_seat_sees_its_own_hand_and_the_counts_of_the_others(players, seed):
    g = CentralPlains(seed=seed, options={"players": players})
    advance(g, None, seed, skip=seed * 7)
    for seat in g.seats:
        obs = g.observation(seat)
        assert obs["my_hand"] == list(g.hand(seat))
        assert obs["hands"] == {s: len(g.hand(s)) for s in g.seats}
        assert cards_named(obs) <= public_cards(g) | set(g.hand(seat))


@pytest.mark.parametrize("seed", range(4))
def test_no_deck_order_counter_cards_or_face_down_support_in_an_observation(seed):
    g = CentralPlains(seed=seed, options={"players": 3})
    advance(g, None, seed, skip=40)
    for seat in g.seats:
        for h in variants(g, seat):
            if all(h.hand(s) == g.hand(s) for s in (seat,)):
                assert h.observation(seat) == g.observation(seat)


@pytest.mark.parametrize("seed", range(3))
def test_the_neutral_pile_shows_its_top_card_and_size_never_the_order_below(seed):
    """A face-up pile (seed 3): the top card and how many; the order below is dealt again in a view."""
    g = CentralPlains(seed=seed, options={"players": 5})
    advance(g, None, seed, skip=seed * 5)
    pile = g.cards_in("neutral")
    assert len(pile) > 2
    h = g.clone()
    g.zones.arrange(h, "neutral", pile[:1] + tuple(reversed(pile[1:])))
    h.invalidate()
    assert h.state_hash() != g.state_hash()
    for seat in g.seats:
        assert h.observation(seat) == g.observation(seat)
        assert g.observation(seat)["neutral"] == {"top": pile[0], "count": len(pile)}
        assert h.view_for(seat, 7).state_hash() == g.view_for(seat, 7).state_hash()
        below = set()
        for s in range(12):
            v = g.view_for(seat, s)
            assert v.cards_in("neutral")[0] == pile[0] and sorted(v.cards_in("neutral")) == sorted(pile)
            assert v.support() == g.support()
            below.add(v.cards_in("neutral")[1:])
        assert len(below) > 1                                  # dealt again, not copied


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_view_for_is_dealt_from_the_observation(players):
    g = CentralPlains(seed=players, options={"players": players})
    advance(g, None, players, skip=60)
    for seat in g.seats:
        hands = set()
        for s in range(6):
            v = g.view_for(seat, s)
            v.zones.check(v)
            assert v.observation(seat) == g.observation(seat)
            assert v.hand(seat) == g.hand(seat)
            for other in v.seats:                          # a player's cards stay his
                roles = set(v.roles_of(other))
                assert all(v.card_owner(c) in roles for c in v.hand(other) + v.cards_in(f"deck:{other}"))
            assert v.support() == g.support()
            assert v.legal_actions() == g.legal_actions() or v.pending().seat != seat
            hands.add(tuple(v.hand(o) for o in v.seats if o != seat))
        assert len(hands) > 1                              # the others' hands are dealt, not copied


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("seed", range(6))
def test_the_agents_decision_ignores_what_its_seat_cannot_see(players, seed):
    g = CentralPlains(seed=seed, options={"players": players})
    seat = g.seats[seed % len(g.seats)]
    if not advance(g, seat, seed, skip=seed % 4):
        pytest.skip("game ended first")
    want = ask(g, CentralPlainsAgent(77), view_seed=1234)
    vs = variants(g, seat)
    assert len(vs) >= 2
    for h in vs:
        assert h.state_hash() != g.state_hash()                # the hidden truth differs ...
        assert h.observation(seat) == g.observation(seat)      # ... the seat cannot tell
        assert h.view_for(seat, 99).state_hash() == g.view_for(seat, 99).state_hash()
        assert ask(h, CentralPlainsAgent(77), view_seed=1234) == want


def test_the_game_declares_hidden_information():
    assert CentralPlains.hidden_information
    from game import rulesets
    assert rulesets.spec("central_plains").hidden_information
