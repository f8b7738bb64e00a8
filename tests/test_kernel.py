"""The kernel's promises, for every playable game: a game owns its world, pickles
to an equal game in another process, hands agents views that cannot see its
dice, refuses options it does not have, and keeps its layout as one shared
object."""
from __future__ import annotations

import json
import multiprocessing
import pickle
import random

import pytest

from game import rulesets
from game.ai import ask, decide, get_agent
from game.ai.random_agent import RandomAgent
from game.core.errors import IllegalActionError, OptionError, SaveError
from game.core.save import load_game, write_save

GAMES = rulesets.available()


def _played(game_id: str, seed: int, n: int):
    """A live game after ``n`` random actions: an action that would end the game
    is taken back and another tried (random play can lose Across Suez's bridge
    in a dozen actions); fewer actions if every choice ends it."""
    g = rulesets.new_game(game_id, seed=seed)
    rng = random.Random(seed)
    for _ in range(n):
        legal = g.legal_actions()
        rng.shuffle(legal)
        for a in legal:
            snap = g.snapshot()
            g.apply(a)
            if not g.is_over():
                break
            g.restore(snap)
        else:
            break
    return g


def _reading(g) -> tuple:
    """Everything a caller reads from a game, through its public API."""
    d = g.pending()
    return (g.state_hash(), repr(d), [a.label() for a in g.legal_actions()],
            json.dumps(g.public_state(), sort_keys=True, default=repr),
            json.dumps({s: g.observation(s) for s in g.seats}, sort_keys=True, default=repr))


@pytest.mark.parametrize("game_id", GAMES)
def test_two_live_games_interleaved_read_only_their_own_worlds(game_id):
    # alone: two games played one after the other, reading after every action
    def alone(seed):
        g = rulesets.new_game(game_id, seed=seed)
        rng = random.Random(seed)
        out = []
        for _ in range(60):
            out.append(_reading(g))
            legal = g.legal_actions()
            if not legal:
                break
            g.apply(legal[rng.randrange(len(legal))])
        g.close()
        return out

    want_a, want_b = alone(11), alone(12)
    # interleaved: both alive, each step listing, applying and reading one, then the other
    a, b = rulesets.new_game(game_id, seed=11), rulesets.new_game(game_id, seed=12)
    ra, rb = random.Random(11), random.Random(12)
    got_a, got_b = [], []
    for _ in range(60):
        for g, rng, got in ((a, ra, got_a), (b, rb, got_b)):
            if len(got) and not got[-1][2]:
                continue
            got.append(_reading(g))
            legal = g.legal_actions()
            if legal:
                g.apply(legal[rng.randrange(len(legal))])
        # a read of one after the other has listed and applied
        if a.pending() is not None:
            assert _reading(a) == _reading(a)
    assert got_a == want_a[:len(got_a)] and got_b == want_b[:len(got_b)]
    assert len(got_a) == len(want_a) and len(got_b) == len(want_b)


@pytest.mark.parametrize("game_id", GAMES)
def test_reads_do_not_depend_on_which_world_esper_has_current(game_id):
    a, b = _played(game_id, 3, 25), _played(game_id, 4, 25)
    before = _reading(a)
    b.legal_actions()
    b.world.activate()            # b's world is current: a still reads its own
    assert _reading(a) == before


def _in_other_process(blob: bytes) -> tuple:
    import game.rulesets  # noqa: F401  (a fresh process: the catalogue registers the games)
    g = pickle.loads(blob)
    hashes = g.state_hash()
    legal = [a.label() for a in g.legal_actions()]
    rolls = g.dice.roll(8, 6, "probe")
    return hashes, legal, rolls, pickle.dumps(g)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_game_pickles_to_an_equal_game_in_another_process(game_id):
    g = _played(game_id, 21, 40)
    blob = pickle.dumps(g)
    ctx = multiprocessing.get_context("spawn")
    with ctx.Pool(1) as pool:
        h, legal, rolls, back = pool.apply(_in_other_process, (blob,))
    assert h == g.state_hash()
    assert legal == [a.label() for a in g.legal_actions()]
    c = g.clone()
    assert rolls == c.dice.roll(8, 6, "probe")       # the same next rolls
    g2 = pickle.loads(back)                          # and back again
    assert g2.state_hash() == c.state_hash()
    assert g2.history == g.history and len(g2.events) == len(g.events)


@pytest.mark.parametrize("game_id", GAMES)
def test_an_unpickled_game_plays_on_as_the_original(game_id):
    g = _played(game_id, 8, 30)
    h = pickle.loads(pickle.dumps(g))
    rng1, rng2 = random.Random(5), random.Random(5)
    for _ in range(40):
        la, lb = g.legal_actions(), h.legal_actions()
        assert la == lb
        if not la:
            break
        g.apply(la[rng1.randrange(len(la))])
        h.apply(lb[rng2.randrange(len(lb))])
        assert g.state_hash() == h.state_hash()


@pytest.mark.parametrize("game_id", GAMES)
def test_a_view_has_its_own_seed_and_dice(game_id):
    g = _played(game_id, 31, 20)
    seat = g.to_move()
    v = g.view_for(seat, seed=999)
    assert v.seed == 999 and v.seed != g.seed and v.viewer == seat
    assert v.history == [] and v.events == []
    # the view's dice do not give the real game's next rolls ...
    real = g.clone().dice.roll(20, 6, "probe")
    assert v.dice.roll(20, 6, "probe") != real
    # ... and neither does replaying the view's seed (the old leak: view.seed was the real seed)
    assert random.Random(v.seed).getstate() != g.dice.getstate()
    # the view lists the same legal actions as the game, for the seat to move
    assert v.legal_actions() == g.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_agents_refuse_the_true_game(game_id):
    g = rulesets.new_game(game_id, seed=1)
    agent = get_agent("heuristic", game_id, 1)
    with pytest.raises(ValueError, match="view_for"):
        agent.choose(g)
    a = ask(g, agent)                       # through decide: given a view, it answers
    assert a in g.legal_actions()


def test_decide_gives_the_agent_a_view_never_the_game():
    seen = []

    class Spy:
        name = "spy"

        def choose(self, view):
            seen.append(view)
            return view.legal_actions()[0]

    g = rulesets.new_game("nomonhan", seed=2)
    decide(g, g.to_move(), Spy(), 77)
    assert seen[0] is not g and seen[0].viewer == g.to_move() and seen[0].seed == 77


def test_a_blind_agent_gets_only_the_legal_actions():
    class Blind(RandomAgent):
        def choose(self, view):      # never called for a blind agent
            raise AssertionError("a blind agent was handed a view")

    g = rulesets.new_game("nomonhan", seed=2)
    assert decide(g, g.to_move(), Blind(1), 0) in g.legal_actions()


@pytest.mark.parametrize("game_id", GAMES)
def test_layout_is_one_shared_object_that_play_never_changes(game_id):
    g = _played(game_id, 41, 200)
    c = g.clone()
    v = g.view_for(g.seats[0], 3) if not g.is_over() else c
    u = pickle.loads(pickle.dumps(g))
    assert g._layout and c._layout is g._layout and v._layout is g._layout
    for k, obj in g._layout.items():
        assert getattr(g, k) is obj, f"{game_id}: {k} was replaced during play"
        assert getattr(c, k) is obj
    # a game unpickled in this process shares the layout of this process's template
    assert set(u._layout) == set(g._layout)
    # layout does not depend on the seed
    other = rulesets.new_game(game_id, seed=42)
    for k in g._layout:
        if k.endswith("_ent") or k in ("unit_ent", "gen_ent", "area_ent"):
            assert getattr(other, k) == getattr(g, k), k


# -- options ----------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_an_unknown_option_is_refused_by_name(game_id):
    with pytest.raises(OptionError, match="unknown option 'bogus'"):
        rulesets.new_game(game_id, seed=1, options={"bogus": 1})


def test_an_option_of_the_wrong_type_is_refused():
    with pytest.raises(OptionError, match="'artillery_on_defense' must be bool"):
        rulesets.new_game("nomonhan", options={"artillery_on_defense": "yes"})
    with pytest.raises(OptionError, match="'max_rounds' must be int"):
        rulesets.new_game("yoshitsune", options={"max_rounds": True})
    assert rulesets.new_game("nomonhan", options={"artillery_on_defense": True}).options == {
        "artillery_on_defense": True}


def test_a_save_with_an_unknown_option_is_refused(tmp_path):
    g = _played("nomonhan", 5, 10)
    p = write_save(tmp_path / "s.json", g)
    data = json.loads(p.read_text())
    data["options"] = {"bogus": 1}
    p.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="unknown option 'bogus'"):
        load_game(p)


# -- specs ------------------------------------------------------------------------------

def test_every_game_has_one_spec_and_the_catalogue_reads_it():
    ids = [s.id for s in rulesets.specs()]
    assert ids == ["nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains"]
    for s in rulesets.specs():
        assert s.title and s.local and s.year
        if s.ready:
            cls = rulesets.get(s.id)
            assert cls.game_id == s.id and cls.spec() is s
            assert cls.hidden_information == s.hidden_information
            assert get_agent("heuristic", s.id, 0) is not None
            assert s.ui.startswith("game.client.games.")


def test_results_give_every_seat_a_return():
    g = rulesets.new_game("nomonhan", seed=3)
    agents = {s: RandomAgent(i) for i, s in enumerate(g.seats)}
    while not g.is_over():
        g.apply(ask(g, agents[g.to_move()]))
    r = g.result()
    assert {s for s, _ in r.returns} == set(g.seats)
    if r.winner is None:
        assert all(v == 0 for _, v in r.returns)
    else:
        assert r.returns_for(r.winner) == 1.0 and r.winning_seats == (r.winner,)


# -- observations are typed ----------------------------------------------------------------

def _observations_fit_their_type(game_id: str, seeds) -> None:
    from game.core.observation import problems
    from game.core.spec import load_object
    spec = rulesets.spec(game_id)
    assert spec.observation, f"{game_id} declares no observation type"
    tp = load_object(spec.observation)
    for seed in seeds:
        g = rulesets.new_game(game_id, seed=seed)
        rng = random.Random(seed)
        for _ in range(400):
            for s in g.seats:
                bad = problems(g.observation(s), tp)
                assert not bad, bad[:5]
            legal = g.legal_actions()
            if not legal:
                break
            g.apply(legal[rng.randrange(len(legal))])
        g.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_has_the_games_declared_type(game_id):
    _observations_fit_their_type(game_id, range(2))


@pytest.mark.soak
@pytest.mark.parametrize("game_id", GAMES)
def test_every_observation_of_many_games_has_the_games_declared_type(game_id):
    _observations_fit_their_type(game_id, range(2, 12))


def test_the_observation_check_finds_what_does_not_fit():
    from typing import TypedDict

    from game.core.observation import problems

    class T(TypedDict):
        a: int
        b: list[str]
        c: dict[str, int | None]

    assert problems({"a": 1, "b": ["x"], "c": {"k": None}}, T) == []
    got = problems({"a": True, "b": [1], "c": {"k": "v"}, "d": 0}, T)
    assert any("keys not in T" in p for p in got) and any(".a" in p for p in got)
    assert any(".b[0]" in p for p in got) and any("c['k']" in p for p in got)
    assert problems({"a": 1}, T) == ["observation: missing keys ['b', 'c']"]


# -- actions that are not legal -------------------------------------------------------------

def _refused(g, act) -> str:
    """``act`` is refused with IllegalActionError (one line) and the game is as it was."""
    before, n, legal = g.state_hash(), len(g.history), g.legal_actions()
    with pytest.raises(IllegalActionError) as e:
        g.apply(act)
    assert g.state_hash() == before and len(g.history) == n and g.legal_actions() == legal
    assert str(e.value).startswith(f"{g.game_id}: ") and "\n" not in str(e.value)
    return str(e.value)


def _made_up(game_id: str, name: str, **fields):
    import importlib
    return getattr(importlib.import_module(f"game.rulesets.{game_id}.actions"), name)(**fields)


@pytest.mark.parametrize("game_id,name,fields", [
    ("yoshitsune", "Target", {"target": None}),
    ("yoshitsune", "Target", {"target": "move:abc"}),
    ("central_plains", "Advance", {"pieces": -1}),
], ids=["yoshitsune Target(None)", "yoshitsune Target('move:abc')", "central_plains Advance(pieces=-1)"])
def test_a_made_up_action_whose_label_fails_is_an_illegal_action_and_changes_nothing(game_id, name, fields):
    act = _made_up(game_id, name, **fields)
    with pytest.raises(Exception):
        str(act.label())                                 # (the label itself cannot be made)
    for n in (0, 25):
        g = _played(game_id, 3, n)
        assert name in _refused(g, act)                  # the message names it (its repr)
        g.close()


@pytest.mark.parametrize("junk", [
    None, "pass", 42, 1.5, [1, 2], {"kind": "nomonhan.move", "unit": "JP_T3", "to": "0101"}, object(),
    _made_up("central_plains", "Advance", pieces=["a", "b"]),           # unhashable: a list in a field
    _made_up("nomonhan", "Move", unit={"a": 1}, to=None),               # unhashable: a dict in a field
], ids=["None", "a string", "an int", "a float", "a list", "a dict", "an object", "list field", "dict field"])
def test_apply_with_an_object_that_is_no_legal_action_raises_illegal_action(junk):
    g = _played("nomonhan", 4, 6)
    _refused(g, junk)
    assert g.is_legal(junk) is False
    g.close()


def _junk_value(rng: random.Random, legal_values: list):
    pool = [None, True, False, 0, -1, 7, 10**40, 1.5, float("nan"), "", "x", "move:abc", "move:a>b>c",
            "replenish:", "0101", "\u0000", "長" * 300, (), ("?",), (-1,), ((1,),), [1], {"a": 1}, frozenset({1})]
    if legal_values and rng.random() < 0.4:         # a value some legal action has, in the wrong place
        return rng.choice(legal_values)
    return rng.choice(pool)


@pytest.mark.parametrize("game_id", GAMES)
def test_random_made_up_actions_of_every_action_class_are_illegal_and_change_nothing(game_id):
    from dataclasses import fields as dc_fields

    from game.core.actions import _REGISTRY
    classes = [c for k, c in sorted(_REGISTRY.items()) if k.startswith(f"{game_id}.")]
    assert classes
    rng = random.Random(f"junk-{game_id}")
    for n in (0, 30):
        g = _played(game_id, 11, n)
        legal = g.legal_actions()
        values = [getattr(a, f.name) for a in legal for f in dc_fields(a)]
        before = g.state_hash()
        tried = 0
        for cls in classes:
            for _ in range(12):
                act = cls(**{f.name: _junk_value(rng, values) for f in dc_fields(cls)})
                if any(a == act for a in legal):        # (made up, but legal after all)
                    continue
                with pytest.raises(IllegalActionError):
                    g.apply(act)
                tried += 1
        assert tried > len(classes) * 6
        assert g.state_hash() == before and g.legal_actions() == legal
        g.close()
