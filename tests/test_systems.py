"""Shared mechanisms: movement search, ZOC, dice-pool odds."""
from __future__ import annotations

from hypothesis import given, strategies as st

from game.systems import movement
from game.systems.combat import count_hits, hit_distribution, pool_odds

LINE = {"a": ("b",), "b": ("a", "c"), "c": ("b", "d"), "d": ("c",)}


def steps(cost):
    return {h: tuple((n, cost[n]) for n in ns) for h, ns in LINE.items()}


def test_reachable_counts_costs_and_stops_in_zoc():
    cost = steps({"a": 1, "b": 1, "c": 2, "d": 1})
    assert movement.reachable("a", 4, cost) == {"b": 1, "c": 3, "d": 4}
    assert movement.reachable("a", 4, cost, stops={"b"}) == {"b": 1}


def test_reachable_may_pass_through_but_not_end_in_and_never_enters_blocked():
    ones = steps(dict.fromkeys(LINE, 1))
    assert movement.reachable("a", 3, ones, occupied={"b"}) == {"c": 2, "d": 3}
    assert movement.reachable("a", 3, ones, blocked={"c"}) == {"b": 1}


def test_reachable_costs_may_belong_to_the_hexside():
    road = {"a": (("b", 1),), "b": (("a", 1), ("c", 3)), "c": (("b", 1), ("d", 1)), "d": (("c", 1),)}
    assert movement.reachable("a", 4, road) == {"b": 1, "c": 4}


def test_path_to_follows_the_cheapest_route():
    ones = steps(dict.fromkeys(LINE, 1))
    assert movement.path_to("a", "d", 3, ones) == ["a", "b", "c", "d"]
    assert movement.path_to("a", "d", 2, ones) is None
    assert movement.path_to("a", "d", 3, ones, stops={"b"}) is None


def test_zone_of_control_respects_projection():
    z = movement.zone_of_control(["b"], LINE.__getitem__, lambda a, b: b != "c")
    assert z == {"a"}


def test_hits_are_counted_on_the_hitting_faces():
    assert count_hits((1, 5, 6, 4, 6), (5, 6)) == 3
    assert count_hits((1, 5, 6, 4, 6), (6,)) == 2


def test_odds_are_exact_for_one_die_each():
    o = pool_odds(1, 1, (5, 6), (5, 6))
    assert abs(o.attacker_wins - 2 / 9) < 1e-12 and abs(o.defender_wins - 2 / 9) < 1e-12
    assert abs(sum(hit_distribution(4, (5, 6))) - 1) < 1e-12


@given(st.integers(0, 12), st.integers(0, 12), st.sampled_from([(6,), (5, 6)]), st.sampled_from([(6,), (5, 6)]))
def test_odds_sum_to_one_and_losses_are_consistent(a, d, ha, hd):
    o = pool_odds(a, d, ha, hd)
    assert abs(o.attacker_wins + o.tie + o.defender_wins - 1) < 1e-9
    assert o.attacker_losses >= 0 and o.defender_losses >= 0
    if a == 0:
        assert o.attacker_wins == 0


def test_declare_joins_an_attack_already_declared_on_the_defender():
    from game.systems.combat import declare
    d = declare((), "D1", "A1")
    d = declare(d, "D2", "A2")
    d = declare(d, "D1", "A3")
    assert d == (("D1", ("A1", "A3")), ("D2", ("A2",)))


def test_hits_after_a_modifier_never_go_below_zero():
    from game.systems.combat import hits_after
    base = hit_distribution(3, (5, 6))
    got = hits_after(3, (5, 6), -1)
    assert len(got) == 3 and abs(sum(got) - 1) < 1e-12
    assert abs(got[0] - (base[0] + base[1])) < 1e-12 and abs(got[2] - base[3]) < 1e-12
    assert len(hits_after(2, (5, 6), -5)) == 1 and abs(hits_after(2, (5, 6), -5)[0] - 1) < 1e-12
    assert hits_after(2, (5, 6), +1)[0] == 0.0


def test_random_play_never_resigns_unless_it_must():
    from dataclasses import dataclass

    from game.ai.random_agent import RandomAgent
    from game.core.actions import Action, playable

    @dataclass(frozen=True)
    class Go(Action):
        n: int = 0

    @dataclass(frozen=True)
    class Quit(Action):
        resigns = True

    legal = [Go(1), Quit(), Go(2)]
    assert playable(legal) == [Go(1), Go(2)] and playable([Quit()]) == [Quit()]
    assert playable([Go(1)]) is not None
    ag = RandomAgent(3)
    assert not any(isinstance(ag.choose_among(legal), Quit) for _ in range(100))
