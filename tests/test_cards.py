"""The card mechanism (game.systems.cards) on a small made-up game: zones with
owners and visibility, moves, draws, shuffles through the recorded dice, cards
under cards, what each seat sees, views dealt from that alone, conservation."""
from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from game.core.game import Game
from game.systems.cards import (BOTTOM, DECK, DISCARD, HAND, NOBODY, OWNER, PLAY, REMOVED, TOP, CardError,
                                DealError, Pile, Zone, Zones)

A_CARDS = tuple(f"a{i}" for i in range(1, 7))
B_CARDS = tuple(f"b{i}" for i in range(1, 7))
SUPPORT = ("n1",)


def toy_zones() -> Zones:
    zs = []
    for p in ("A", "B"):
        own = frozenset((p,))
        zs += [Zone(f"deck:{p}", DECK, owner=p, faces=NOBODY, accepts=own),
               Zone(f"hand:{p}", HAND, owner=p, faces=OWNER, ordered=False, accepts=own),
               Zone(f"discard:{p}", DISCARD, owner=p),
               Zone(f"play:{p}", PLAY, owner=p, under=NOBODY, accepts=own)]
    zs += [Zone("pile", DECK, faces=NOBODY, tally=True),           # a shared face-down pile: backs show
           Zone("neutral", PLAY, under=NOBODY, tally=True),          # face-down support under a public card
           Zone("removed", REMOVED, ordered=False)]
    return Zones(zs, A_CARDS + B_CARDS + SUPPORT)


class CardGame(Game):
    """A game of cards only: nothing to decide; it sees and deals its zones."""
    hidden_information = True

    def _pending(self):
        return None

    def _determinize(self, view, seat, rng):
        view.zones.determinize(view, seat, rng)

    def _observation(self, seat):
        return self.zones.observe(self, seat)

    def public_state(self):
        return {}


class Toy(CardGame):
    """Two players, each with a deck of six, a hand, a discard pile and cards in
    play; a shared face-down pile; a neutral card collecting face-down support."""
    game_id = "cards_toy"
    seats = ("A", "B")

    def _setup(self) -> None:
        self.zones = toy_zones()
        owners = {c: "A" for c in A_CARDS} | {c: "B" for c in B_CARDS}
        self.zones.create(self, {"deck:A": A_CARDS, "deck:B": B_CARDS, "neutral": SUPPORT}, owners=owners)


class Pair(Toy):
    """Seat A holds two roles, A and B (one person, two commanders)."""
    seats = ("A",)

    def roles_of(self, seat):
        return ("A", "B")


def cards(g, zone):
    return g.zones.cards_in(g, zone)


def test_cards_start_where_they_are_dealt_and_are_conserved():
    g = Toy()
    assert cards(g, "deck:A") == A_CARDS and cards(g, "hand:A") == ()
    g.zones.check(g)
    assert g.zones.where(g, "b3") == "deck:B" and g.zones.owner(g, "b3") == "B" and g.zones.owner(g, "n1") is None


def test_a_draw_takes_from_the_top_and_a_hand_is_kept_sorted():
    g = Toy()
    assert g.zones.draw(g, "deck:A", "hand:A", 2) == ("a1", "a2")
    g.zones.move(g, "a6", "hand:A", frm="deck:A")
    g.zones.move(g, "a1", "hand:A", frm="hand:A")
    assert cards(g, "hand:A") == ("a1", "a2", "a6") and cards(g, "deck:A") == ("a3", "a4", "a5")


def test_a_card_goes_to_the_bottom_unless_told_top_or_a_place():
    g = Toy()
    g.zones.move(g, "a1", "deck:A", frm="deck:A")
    assert cards(g, "deck:A")[-1] == "a1"
    g.zones.move(g, "a1", "deck:A", frm="deck:A", at=TOP)
    g.zones.move(g, "a6", "deck:A", at=2)
    assert cards(g, "deck:A") == ("a1", "a2", "a6", "a3", "a4", "a5")


def test_moving_a_card_from_a_zone_that_does_not_hold_it_is_refused():
    g = Toy()
    with pytest.raises(CardError, match="a1 is not in hand:A"):
        g.zones.move(g, "a1", "discard:A", frm="hand:A")
    with pytest.raises(CardError, match="no zone"):
        g.zones.move(g, "a1", "hand:C")


def test_a_shuffle_uses_the_games_dice_and_logs_it():
    g = Toy(seed=3)
    out = g.zones.shuffle(g, "deck:A", "shuffle A's deck")
    assert sorted(out) == list(A_CARDS) and cards(g, "deck:A") == out
    assert [e.data["purpose"] for e in g._new_events if e.kind == "DiceRolled"] == ["shuffle A's deck"]
    orders = set()
    for s in range(10):
        h = Toy(seed=s)
        orders.add(h.zones.shuffle(h, "deck:A"))
    assert len(orders) > 1


def test_a_shuffle_depends_on_the_cards_and_the_dice_not_on_their_order_before():
    g, h = Toy(seed=5), Toy(seed=5)
    h.zones.arrange(h, "deck:A", tuple(reversed(A_CARDS)))
    assert g.zones.shuffle(g, "deck:A") == h.zones.shuffle(h, "deck:A")


def test_a_draw_from_an_empty_deck_shuffles_the_discard_pile_in_when_asked():
    g = Toy(seed=1)
    g.zones.draw(g, "deck:A", "discard:A", 5)
    assert g.zones.draw(g, "deck:A", "hand:A", 3) == ("a6",)          # not asked: fewer cards
    g.zones.move(g, "a6", "deck:A", frm="hand:A")
    got = g.zones.draw(g, "deck:A", "hand:A", 3, reshuffle="discard:A")
    assert got[0] == "a6" and len(got) == 3 and cards(g, "discard:A") == ()
    assert len(cards(g, "deck:A")) == 3
    assert any(e.kind == "DiceRolled" for e in g._new_events)
    g.zones.check(g)


def test_refill_draws_up_to_the_limit_and_never_discards_above_it():
    g = Toy()
    assert g.zones.refill(g, "deck:A", "hand:A", 4) == A_CARDS[:4]
    assert g.zones.refill(g, "deck:A", "hand:A", 3) == ()
    assert len(cards(g, "hand:A")) == 4


def test_deal_gives_each_zone_one_card_in_turn():
    g = Toy()
    g.zones.deal(g, "deck:A", ["hand:A", "discard:A"], 2)
    assert cards(g, "hand:A") == ("a1", "a3") and cards(g, "discard:A") == ("a2", "a4")


def test_gather_moves_whole_zones():
    g = Toy()
    g.zones.draw(g, "deck:A", "discard:A", 2)
    assert g.zones.gather(g, "deck:A", ["discard:A"], at=TOP) == ("a1", "a2")
    assert cards(g, "deck:A") == A_CARDS


def test_counter_cards_go_under_a_card_in_play_travel_with_it_and_return_to_the_bottom():
    g = Toy()
    g.zones.draw(g, "deck:A", "hand:A", 1)
    g.zones.move(g, "a1", "play:A", frm="hand:A")
    assert g.zones.attach(g, "a1", "deck:A", 2) == ("a2", "a3")
    g.zones.set_counter(g, "a1", 3)
    assert g.zones.attached(g, "a1") == ("a2", "a3") and g.zones.counter(g, "a1") == 3
    assert g.zones.where(g, "a2") == "play:A" and g.zones.host_of(g, "a2") == "a1"
    g.zones.check(g)
    assert g.zones.detach(g, "a1", "deck:A") == ("a2",)
    assert cards(g, "deck:A")[-1] == "a2" and g.zones.attached(g, "a1") == ("a3",)
    g.zones.move(g, "a1", "discard:A", frm="play:A")                    # the card and what is under it
    assert g.zones.attached(g, "a1") == ("a3",) and g.zones.where(g, "a3") == "discard:A"
    g.zones.detach(g, "a1", "deck:A", at=BOTTOM)
    g.zones.set_counter(g, "a1", 0)
    assert g.zones.attached(g, "a1") == () and g.zones.counter(g, "a1") == 0
    g.zones.check(g)


def test_a_card_under_another_must_be_detached_before_it_moves():
    g = Toy()
    g.zones.attach(g, "n1", "deck:A", 1)
    with pytest.raises(CardError, match="under another card"):
        g.zones.move(g, "a1", "hand:A")
    with pytest.raises(CardError, match="not in a zone"):
        g.zones.attach(g, "a1", "deck:A")


def test_conservation_names_a_card_in_two_places_or_in_none():
    g = Toy()
    g.put(g.zones.zone_ent["hand:B"], Pile(("a1",)))                   # a1 is in deck:A too
    g.put(g.zones.zone_ent["deck:B"], Pile(()))
    bad = g.zones.problems(g)
    assert any("a1 is in deck:A and in hand:B" in p for p in bad)
    assert any("6 card(s) in no place" in p for p in bad)
    with pytest.raises(CardError):
        g.zones.check(g)


# -- what a seat sees -----------------------------------------------------------------------------
def test_a_seat_sees_its_hand_and_only_the_size_of_others_and_of_every_face_down_deck():
    g = Toy()
    g.zones.draw(g, "deck:A", "hand:A", 2)
    g.zones.draw(g, "deck:B", "hand:B", 3)
    a = g.zones.observe(g, "A")
    assert a["hand:A"].cards == ("a1", "a2")
    assert a["hand:B"].cards is None and a["hand:B"].count == 3
    assert a["deck:A"].cards is None and a["deck:A"].count == 4        # not even the owner sees his deck
    assert a["discard:B"].cards == ()


def test_a_tallied_face_down_zone_shows_how_many_of_each_owner_not_which():
    g = Toy()
    g.zones.draw(g, "deck:A", "pile", 2)
    g.zones.draw(g, "deck:B", "pile", 1)
    s = g.zones.observe(g, "B")["pile"]
    assert s.cards is None and s.count == 3 and s.tally == (("A", 2), ("B", 1))


def test_face_down_cards_under_a_public_card_show_their_number_and_owners_and_counters_show():
    g = Toy()
    g.zones.attach(g, "n1", "deck:A", 2)
    g.zones.attach(g, "n1", "deck:B", 1)
    g.zones.set_counter(g, "n1", 4)
    s = g.zones.observe(g, "A")["neutral"]
    assert s.cards == ("n1",) and s.under == (("n1", 3, None, (("A", 2), ("B", 1))),) and s.counters == (("n1", 4),)
    g.zones.draw(g, "deck:A", "play:A", 1)
    g.zones.attach(g, "a3", "deck:A", 1)                              # play:A is not tallied: a count only
    assert g.zones.observe(g, "B")["play:A"].under == (("a3", 1, None, None),)


def test_a_seat_holding_two_roles_sees_both_hands():
    g = Pair()
    g.zones.draw(g, "deck:B", "hand:B", 2)
    assert g.zones.observe(g, "A")["hand:B"].cards == ("b1", "b2")


# -- views dealt from an observation -----------------------------------------------------------------
def busy(seed=0) -> Toy:
    g = Toy(seed=seed)
    z = g.zones
    z.shuffle(g, "deck:A")
    z.shuffle(g, "deck:B")
    z.draw(g, "deck:A", "hand:A", 2)
    z.draw(g, "deck:B", "hand:B", 2)
    z.draw(g, "deck:A", "play:A", 1)
    z.attach(g, cards(g, "play:A")[0], "deck:A", 1)
    z.draw(g, "deck:B", "pile", 1)
    z.attach(g, "n1", "deck:B", 1)
    z.draw(g, "deck:A", "discard:A", 1)
    return g


def test_a_view_keeps_what_the_seat_sees_and_moves_only_what_it_cannot():
    g = busy()
    for seat in g.seats:
        v = g.view_for(seat, 4)
        assert v.zones.observe(v, seat) == g.zones.observe(g, seat)
        v.zones.check(v)
        own = A_CARDS if seat == "A" else B_CARDS
        assert set(cards(v, f"deck:{seat}")) <= set(own)              # accepts: only the owner's cards
        assert cards(v, f"hand:{seat}") == cards(g, f"hand:{seat}")


def test_a_view_is_the_same_whatever_the_seat_cannot_see():
    g = busy()
    h = g.clone()
    h.zones.swap(h, cards(h, "hand:B")[0], cards(h, "deck:B")[0])    # B holds another card: A cannot tell
    assert g.zones.observe(g, "A") == h.zones.observe(h, "A")
    assert g.view_for("A", 9).state_hash() == h.view_for("A", 9).state_hash()
    assert g.view_for("B", 9).state_hash() != h.view_for("B", 9).state_hash()


def test_swap_exchanges_a_card_under_a_card_with_one_in_a_zone():
    g = busy()
    z = g.zones
    host = cards(g, "play:A")[0]
    under = z.attached(g, host)[0]
    top = cards(g, "deck:A")[0]
    z.swap(g, under, top)
    assert z.attached(g, host) == (top,) and cards(g, "deck:A")[0] == under
    z.check(g)
    support = z.attached(g, "n1")[0]
    z.swap(g, support, cards(g, "deck:B")[0])
    assert z.attached(g, "n1")[0] != support and z.where(g, support) == "deck:B"
    with pytest.raises(CardError):
        z.swap(g, host, top)                                         # a host keeps its place


def test_the_view_deals_other_seeds_differently():
    g = busy()
    hands = {cards(g.view_for("A", s), "hand:B") for s in range(12)}
    assert len(hands) > 1


def test_a_game_constraint_limits_the_deal():
    g = busy()

    def no_b1_in_hands(view, zone, host, card, taken):
        return not (zone.startswith("hand:") and card == "b1")
    for s in range(20):
        v = g.clone()
        v.zones.determinize(v, "A", random.Random(s), fits=no_b1_in_hands)
        assert "b1" not in cards(v, "hand:B")


def test_a_deal_that_cannot_fit_is_refused_by_name():
    g = busy()
    v = g.clone()
    with pytest.raises(DealError, match="hand:B needs 2"):
        v.zones.determinize(v, "A", random.Random(1), fits=lambda view, zone, host, card, taken: zone != "hand:B")


class Camps(CardGame):
    """中原大戰's shape: player P1 holds commanders A and B, whose decks are shuffled
    together into one deck and one hand; P2 holds C."""
    game_id = "cards_camps"
    seats = ("P1", "P2")

    def _setup(self):
        ab, c = frozenset(("A", "B")), frozenset(("C",))
        self.zones = Zones([Zone("deck:P1", DECK, owner="P1", faces=NOBODY, accepts=ab),
                            Zone("hand:P1", HAND, owner="P1", faces=OWNER, ordered=False, accepts=ab),
                            Zone("deck:P2", DECK, owner="P2", faces=NOBODY, accepts=c),
                            Zone("hand:P2", HAND, owner="P2", faces=OWNER, ordered=False, accepts=c)],
                           ("a1", "a2", "a3", "b1", "b2", "b3", "c1", "c2", "c3", "c4"))
        self.zones.create(self, {"deck:P1": ("a1", "a2", "a3", "b1", "b2", "b3"),
                                 "deck:P2": ("c1", "c2", "c3", "c4")},
                          owners={x: x[0].upper() for x in self.zones.cards})

    def roles_of(self, seat):
        return ("A", "B") if seat == "P1" else ("C",)


def test_one_player_holding_two_commanders_has_one_shuffled_deck_and_hand_of_both():
    g = Camps(seed=2)
    g.zones.shuffle(g, "deck:P1")
    g.zones.refill(g, "deck:P1", "hand:P1", 4 + 1)                   # hand limit +1 for the second commander
    g.zones.refill(g, "deck:P2", "hand:P2", 2)
    hand = cards(g, "hand:P1")
    assert len(hand) == 5 and {g.zones.owner(g, c) for c in hand} <= {"A", "B"}
    for s in range(10):
        v = g.view_for("P2", s)
        assert {v.zones.owner(v, c) for c in cards(v, "hand:P1")} <= {"A", "B"}
        assert cards(v, "hand:P2") == cards(g, "hand:P2")
        assert v.observation("P2") == g.observation("P2")


# -- properties: random play, then a view for each seat ------------------------------------------------
OPS = st.lists(st.tuples(st.sampled_from(["draw", "play", "attach", "detach", "pile", "support", "discard",
                                          "reshuffle", "remove"]),
                         st.sampled_from(["A", "B"]), st.integers(0, 5)), max_size=30)


def run(g: Toy, ops) -> None:
    z = g.zones
    for op, p, k in ops:
        hand, deck, play = f"hand:{p}", f"deck:{p}", f"play:{p}"
        h = cards(g, hand)
        if op == "draw":
            z.draw(g, deck, hand, 1 + k % 2, reshuffle=f"discard:{p}")
        elif op == "play" and h:
            z.move(g, h[k % len(h)], play, frm=hand)
        elif op == "attach" and cards(g, play):
            z.attach(g, cards(g, play)[k % len(cards(g, play))], deck, 1, reshuffle=f"discard:{p}")
        elif op == "detach" and cards(g, play):
            z.detach(g, cards(g, play)[k % len(cards(g, play))], deck)
        elif op == "pile" and h:
            z.move(g, h[k % len(h)], "pile", frm=hand)
        elif op == "support":
            z.attach(g, "n1", deck, 1)
        elif op == "discard" and h:
            z.move(g, h[k % len(h)], f"discard:{p}", frm=hand)
        elif op == "reshuffle":
            z.gather(g, deck, [f"discard:{p}"])
            z.shuffle(g, deck)
        elif op == "remove" and h:
            z.move(g, h[k % len(h)], "removed", frm=hand)


@settings(max_examples=120, deadline=None)
@given(ops=OPS, seed=st.integers(0, 10_000), view_seed=st.integers(0, 10_000))
def test_property_views_keep_the_observation_and_conserve_cards(ops, seed, view_seed):
    g = Toy(seed=seed)
    run(g, ops)
    g.zones.check(g)
    for seat in g.seats:
        v = g.view_for(seat, view_seed)
        v.zones.check(v)
        assert v.observation(seat) == g.observation(seat)
        # a view of a view is a view of the same observation
        w = v.view_for(seat, view_seed + 1)
        assert w.observation(seat) == g.observation(seat)
        for c in A_CARDS + B_CARDS:
            assert v.zones.owner(v, c) == g.zones.owner(g, c)
        for c in A_CARDS:                    # a card never lands in a zone that does not take its owner
            zone = v.zones.zone(v.zones.where(v, c))
            assert zone.accepts is None or "A" in zone.accepts
        v.close()
        w.close()
    g.close()
