"""The 義經 heuristic agent: it beats the random agent in at least 90% of 200
seeded games on each side, only chooses legal actions, is deterministic, and
decides from what its seat may see (never the deck order or the opponent's
unrevealed cards, never the real dice)."""
from __future__ import annotations

import pytest

from game.ai import ask, get_agent
from game.ai.random_agent import RandomAgent
from game.ai.yoshitsune import State, YoshitsuneAgent, evaluate, expected_battle
from game.rulesets.yoshitsune import Yoshitsune
from tests.helpers import play_match, permute_deck, swap_opponent_choice

SEATS = Yoshitsune.seats


@pytest.mark.strength
@pytest.mark.parametrize("side", SEATS)
def test_heuristic_beats_random_in_90_percent_of_200_games(side):
    wins, gps = play_match(Yoshitsune, YoshitsuneAgent, side, 200, 2024)
    print(f"heuristic as {side}: {wins}/200 = {wins / 200:.1%} ({gps:.1f} games/s)")
    assert wins / 200 >= 0.90


@pytest.mark.parametrize("side", SEATS)
def test_heuristic_beats_random_smoke(side):
    """make test's short version of the match above (make strength plays it in full)."""
    wins, _ = play_match(Yoshitsune, YoshitsuneAgent, side, 20, 2024)
    assert wins >= 16


def test_get_agent_gives_the_yoshitsune_heuristic():
    assert isinstance(get_agent("heuristic", "yoshitsune", 3), YoshitsuneAgent)


def test_agents_only_choose_legal_actions_and_are_deterministic():
    def run(seed):
        g = Yoshitsune(seed=seed)
        ag = {"MINAMOTO": YoshitsuneAgent(1), "TAIRA": YoshitsuneAgent(2)}
        while not g.is_over():
            a = ask(g, ag[g.to_move()])
            assert a in g.legal_actions()
            g.apply(a)
        h = g.state_hash()
        g.close()
        return h
    assert run(5) == run(5)


# -- hidden information ------------------------------------------------------------------------
def advance_to(g, kinds, seat=None, skip=0, limit=3000, seed=1):
    """Play random moves until ``seat`` must decide one of ``kinds`` (after ``skip`` such stops)."""
    agents = {s: RandomAgent(seed + i) for i, s in enumerate(SEATS)}
    for _ in range(limit):
        d = g.pending()
        if d is None:
            return False
        if d.kind in kinds and (seat is None or d.seat == seat) and len(g.legal_actions()) > 1:
            if skip <= 0:
                return True
            skip -= 1
        g.apply(ask(g, agents[d.seat]))
    return False


@pytest.mark.parametrize("seed", range(10))
@pytest.mark.parametrize("seat", SEATS)
def test_decision_ignores_the_hidden_deck_order_and_opponents_cards(seed, seat):
    g = Yoshitsune(seed=seed)
    if not advance_to(g, {"use", "move", "general", "pick_general", "target", "battle_areas"}, seat,
                      skip=seed % 3, seed=seed):
        pytest.skip("game ended first")
    g.world.activate()
    variants = [h for h in (permute_deck(g), swap_opponent_choice(g, seat)) if h is not None]
    if not variants:
        pytest.skip("nothing hidden to permute")
    want = ask(g, YoshitsuneAgent(77))
    for h in variants:
        assert h.observation(seat) == g.observation(seat)
        assert ask(h, YoshitsuneAgent(77)) == want


@pytest.mark.parametrize("seed", range(6))
def test_card_choice_ignores_the_opponents_secret_choice(seed):
    g = Yoshitsune(seed=seed)
    assert advance_to(g, {"build"}, "TAIRA", seed=seed)
    h = swap_opponent_choice(g, "TAIRA")
    if h is None:
        pytest.skip("Genji chose nothing to swap in this seed")
    assert ask(g, YoshitsuneAgent(5)) == ask(h, YoshitsuneAgent(5))


def test_the_heuristic_does_not_read_or_change_the_real_game():
    g = Yoshitsune(seed=4)
    assert advance_to(g, {"use"}, "MINAMOTO", seed=4)
    before = g.state_hash()
    a1 = ask(g, YoshitsuneAgent(9))
    assert g.state_hash() == before
    g.dice.setstate(Yoshitsune(seed=999).dice.getstate())     # other real dice: same choice
    assert ask(g, YoshitsuneAgent(9)) == a1


# -- evaluation ---------------------------------------------------------------------------------------
def test_evaluation_is_symmetric_and_prefers_more_bases():
    g = Yoshitsune(seed=1)
    assert evaluate(g, "MINAMOTO") == -evaluate(g, "TAIRA")
    assert evaluate(g, "TAIRA") > 0                 # Heike starts with three base areas to Genji's one
    h = Yoshitsune.from_position({"yoritomo": "minami_kanto", "munemori": "kyo"},
                                 {"minami_kanto": {"genji": 3}, "kyo": {"heike": 3},
                                  "shikoku": {"kono": 2}, "kita_kyushu": {"ogata": 2}}, start="turn")
    k = Yoshitsune.from_position({"yoritomo": "minami_kanto", "munemori": "kyo"},
                                 {"minami_kanto": {"genji": 3}, "kyo": {"heike": 3},
                                  "shikoku": {"heike": 2}, "kita_kyushu": {"heike": 2}}, start="turn")
    assert evaluate(h, "MINAMOTO") > evaluate(k, "MINAMOTO")


def test_expected_battle_favours_a_led_army_over_leaderless_retainers():
    g = Yoshitsune.from_position({"koreyoshi": "kita_kyushu"}, {"kita_kyushu": {"ogata": 2, "heike": 2}},
                                 start="turn")
    st = State.of(g)
    rounds = expected_battle(st, "kita_kyushu", "ogata", 5)
    assert rounds and rounds[0].gar["kita_kyushu"]["heike"] == pytest.approx(1.0)     # 2 dice at ≤3
    assert rounds[0].gar["kita_kyushu"]["ogata"] == 2                                 # valour 0: no hits
    assert "heike" not in rounds[-1].gar["kita_kyushu"]
