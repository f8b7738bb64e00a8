"""義經 Yoshitsune: the event cards, one test per clause of the card text.

Cards: G08 奇襲, G10 梶原景時, G11 強訴, H07 暴風雨, H08 平家水軍, H09 南都焼討 and
C03 追討令 (data.json "cards"; data sheet ../shared/rules/yoshitsune.md §3.6).
Small hand-built positions, loaded dice, driven through the public pipeline
(legal_actions / apply / events / public_state). Rulings are listed in the
docstrings of game/rulesets/yoshitsune/rules/ (each in its section's module).
"""
from __future__ import annotations

import pytest

from game.rulesets.yoshitsune import Yoshitsune
from game.rulesets.yoshitsune.actions import (ContinueBattle, EndMove, Order, Pick, PickUp, RetreatTo, Step, Target,
                                              TurnCard, UseCard)
from tests.helpers import kinds, load

P = Yoshitsune.from_position
NEXT = ("G03",)          # a card left in the deck, so the turn does not end after the card under test


def play(g, *actions):
    g.apply(UseCard("play"))
    for a in actions:
        g.apply(a)
    return g


def legal_of(g, cls):
    return {a for a in g.legal_actions() if isinstance(a, cls)}


def steps_of(g):
    return {a.to for a in legal_of(g, Step)}


def picks_of(g):
    return {a.general for a in legal_of(g, Pick)}


def orders_of(g):
    return {a.what for a in legal_of(g, Order)}


def targets_of(g):
    return {a.target for a in legal_of(g, Target)}


def fires(events):
    return [(e.data["clan"], len(e.data["rolls"]), e.data["hits"]) for e in events if e.kind == "Fire"]


def areas(g):
    return g.public_state()["areas"]


def where(g, key):
    return g.public_state()["generals"][key]["where"]


# -- G08 奇襲 Surprise Attack -------------------------------------------------------------------------------------
def test_kishu_activates_one_genji_clan_general_other_than_yoritomo():
    g = P({"yoritomo": "minami_kanto", "noriyori": "tokai", "koreyoshi": "bungo", "yoshitsune": "waiting_box"},
          {"minami_kanto": {"genji": 2}, "tokai": {"genji": 1}, "bungo": {"ogata": 1}}, card="G08", deck=NEXT)
    g.apply(UseCard("play"))
    assert g.pending().kind == "pick_general" and g.pending().seat == "MINAMOTO"
    assert picks_of(g) == {"noriyori", "yoshitsune"}          # not 頼朝, not the 緒方 general


def test_kishu_acts_as_his_own_card_without_tribute():
    g = P({"noriyori": "tokai", "tomomori": "tokai"}, {"tokai": {"genji": 2, "heike": 1}, "owari": {"genji": 1}},
          card="G08", deck=NEXT)
    play(g, Pick("noriyori"))
    assert orders_of(g) == {"move", "battle", "replenish"}     # a general card's orders, but no Tribute
    assert Order("tribute") not in g.legal_actions()


def test_kishu_may_enter_a_general_from_the_waiting_box():
    g = P({"yoshitsune": "waiting_box"}, {"minami_kanto": {"genji": 2}}, card="G08", deck=NEXT)
    play(g, Pick("yoshitsune"))
    assert g.legal_actions() == [Order("enter")]
    g.apply(Order("enter"))
    assert where(g, "yoshitsune") == "minami_kanto" and g.pending().kind == "turn"


def test_kishu_first_battle_round_genji_fires_first_and_heike_losses_come_off_before_heike_fires():
    g = P({"yoshitsune": "tokai", "koremori": "tokai"}, {"tokai": {"genji": 2, "heike": 2}}, card="G08",
          deck=NEXT)
    load(g, 1, 1, 4)                                   # Genji 2 hits; Heike never rolls; 維盛 wounded (4)
    play(g, Pick("yoshitsune"), Order("battle"))
    assert "CowardSequence" in kinds(g.events)
    assert fires(g.events) == [("genji", 2, 2)]
    assert areas(g)["tokai"] == {"genji": 2} and where(g, "koremori") == "waiting_box"
    assert g.pending().kind == "turn"


def test_kishu_only_the_first_round_uses_the_coward_sequence():
    g = P({"yoshitsune": "tokai", "koremori": "tokai"}, {"tokai": {"genji": 3, "heike": 3}}, card="G08",
          deck=NEXT)
    load(g, 1, 6, 6, 6, 6)                             # round 1: Genji 1 hit, then Heike fires its 2 survivors
    play(g, Pick("yoshitsune"), Order("battle"))
    assert fires(g.events) == [("genji", 3, 1), ("heike", 2, 0)]
    assert g.pending().kind == "continue"
    load(g, 1, 1, 6, 6, 6, 4)                          # round 2: simultaneous, Heike fires both dice
    ev = g.apply(ContinueBattle())
    assert "CowardSequence" not in kinds(ev)
    assert fires(ev) == [("genji", 3, 2), ("heike", 2, 0)]
    assert areas(g)["tokai"] == {"genji": 3}


def test_kishu_a_battle_caused_by_his_move_also_starts_with_the_coward_sequence():
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2}, "omi": {"heike": 2}}, card="G08", deck=NEXT)
    play(g, Pick("yoshitsune"), Order("move"), PickUp(), PickUp())
    load(g, 1, 1)                                      # Heike is wiped out before it rolls
    ev = g.apply(Step("omi"))
    assert "MoveStopped" in kinds(ev) and "CowardSequence" in kinds(ev)
    assert fires(ev) == [("genji", 2, 2)]
    assert areas(g)["omi"] == {"genji": 2}


# -- G10 梶原景時 Kajiwara Kagetoki ------------------------------------------------------------------------------
def test_kajiwara_marker_goes_on_a_genji_clan_general_on_the_map():
    g = P({"yoshitsune": "owari", "yoritomo": "minami_kanto", "noriyori": "waiting_box", "koreyoshi": "bungo"},
          {"owari": {"genji": 1}, "minami_kanto": {"genji": 1}, "bungo": {"ogata": 1}}, card="G10", deck=NEXT)
    g.apply(UseCard("play"))
    assert targets_of(g) == {"yoshitsune", "yoritomo"}         # not the waiting box, not 緒方
    ev = g.apply(Target("yoshitsune"))
    assert "MarkerPlaced" in kinds(ev) and g.public_state()["markers"]["kajiwara"] == "yoshitsune"


def test_kajiwara_command_plus_one_until_the_adjustment_phase():
    g = P({"yoshitsune": "minami_kanto"}, {"minami_kanto": {"genji": 6}}, card="G10", deck=("G02", "G03"))
    play(g, Target("yoshitsune"), TurnCard(), UseCard("play"), Order("move"))
    for _ in range(4):                                 # command 3 + 1
        g.apply(PickUp())
    assert PickUp() not in g.legal_actions()


def test_kajiwara_command_at_most_5():
    g = P({"yoritomo": "minami_kanto"}, {"minami_kanto": {"genji": 7}}, card="G10", deck=("G01", "G03"))
    play(g, Target("yoritomo"), TurnCard(), UseCard("play"), Order("move"))
    for _ in range(5):                                 # command 5 stays 5
        g.apply(PickUp())
    assert PickUp() not in g.legal_actions()


@pytest.mark.parametrize("key", ["yoshitsune", "noriyori"])
@pytest.mark.parametrize("roll,to", [(1, "waiting_box"), (2, "waiting_box"), (3, "owari"), (6, "owari")])
def test_kajiwara_adjustment_roll_yoshitsune_or_noriyori_recalled_on_1_2(key, roll, to):
    g = P({key: "owari"}, {"owari": {"genji": 1}, "kyo": {"heike": 1}}, card="G10")     # last card of the turn
    g.apply(UseCard("play"))
    load(g, roll)
    g.apply(Target(key))
    assert where(g, key) == to
    assert g.public_state()["markers"]["kajiwara"] is None and g.track().turn == 2


def test_kajiwara_other_generals_do_not_roll_and_the_marker_comes_off():
    g = P({"yoritomo": "minami_kanto"}, {"minami_kanto": {"genji": 1}, "kyo": {"heike": 1}}, card="G10")
    g.apply(UseCard("play"))
    load(g)                                            # no dice at all: 頼朝 does not roll
    g.apply(Target("yoritomo"))
    assert where(g, "yoritomo") == "minami_kanto"
    assert g.public_state()["markers"] == {"okubyo": None, "kajiwara": None} and g.track().turn == 2


# -- G11 強訴 Armed Petition ------------------------------------------------------------------------------------
def test_goso_all_monks_of_one_area_move_up_to_two_areas_as_a_group_without_a_general():
    g = P({}, {"yamato": {"sohei": 3}}, card="G11", deck=NEXT)
    g.apply(UseCard("play"))
    t = targets_of(g)
    assert {"move:yamato>kyo", "move:yamato>omi", "move:yamato>owari", "move:yamato>higashi_seto"} <= t
    assert "move:yamato>tokai" not in t and "move:yamato>yamato" not in t        # 3 areas away; no staying
    ev = g.apply(Target("move:yamato>omi"))
    assert "MonksMoved" in kinds(ev)
    assert areas(g)["yamato"] == {} and areas(g)["omi"] == {"sohei": 3} and g.pending().kind == "turn"


def test_goso_entering_another_clans_area_ends_the_group_move():
    g = P({}, {"yamato": {"sohei": 2}, "kyo": {"heike": 1}, "ise": {"kono": 1}}, card="G11", deck=NEXT)
    g.apply(UseCard("play"))
    t = targets_of(g)
    assert {"move:yamato>kyo", "move:yamato>ise", "move:yamato>sanin"} <= t    # sanin via 摂河泉
    assert "move:yamato>omi" not in t and "move:yamato>owari" not in t        # only through 京 or 伊勢


def test_goso_monks_fight_one_round_at_valour_2_if_they_end_with_another_clan():
    g = P({}, {"yamato": {"sohei": 2}, "kyo": {"heike": 2}}, card="G11", deck=NEXT)
    g.apply(UseCard("play"))
    load(g, 2, 3, 1, 1)                                # monks: 2 ≤ 2 hits, 3 misses; Heike (valour 0) none
    ev = g.apply(Target("move:yamato>kyo"))
    assert "BattleStarted" in kinds(ev)
    assert fires(ev) == [("sohei", 2, 1), ("heike", 2, 0)]
    assert areas(g)["kyo"] == {"heike": 1, "sohei": 2}
    assert g.pending().kind == "turn"                   # one round only


def test_goso_replenish_one_monk_in_an_area_the_monks_control():
    g = P({}, {"yamato": {"sohei": 1}, "kii": {"sohei": 1, "heike": 1}}, card="G11", deck=NEXT)
    g.apply(UseCard("play"))
    assert {t for t in targets_of(g) if t.startswith("replenish:")} == {"replenish:yamato"}
    g.apply(Target("replenish:yamato"))
    assert areas(g)["yamato"] == {"sohei": 2} and areas(g)["kii"] == {"heike": 1, "sohei": 1}


def test_goso_replenish_needs_a_monk_counter_left():
    g = P({}, {"yamato": {"sohei": 4}}, card="G11", deck=NEXT)
    g.apply(UseCard("play"))
    assert not {t for t in targets_of(g) if t.startswith("replenish:")}


# -- H07 暴風雨 Storm -------------------------------------------------------------------------------------------
def test_storm_choose_higashi_seto_or_nishi_seto():
    g = P({}, {"higashi_seto": {"genji": 1}}, card="H07", deck=NEXT)
    g.apply(UseCard("play"))
    assert g.pending().seat == "TAIRA"
    assert targets_of(g) == {"higashi_seto", "nishi_seto"}


def test_storm_one_die_per_genji_side_retainer_or_monk_1_to_4_removes():
    g = P({"yoshitsune": "higashi_seto"}, {"higashi_seto": {"genji": 3, "heike": 2, "kono": 1, "sohei": 1}},
          card="H07", deck=NEXT)
    g.apply(UseCard("play"))
    load(g, 1, 5, 6,   6,   4)                         # genji: 1 lost; heike not rolled; kono: 6 kept; monk: 4 lost
    ev = g.apply(Target("higashi_seto"))
    lost = {e.data["clan"]: e.data["lost"] for e in ev if e.kind == "StormLosses"}
    assert lost == {"genji": 1, "kono": 0, "sohei": 1}
    assert areas(g)["higashi_seto"] == {"genji": 2, "heike": 2, "kono": 1}
    assert where(g, "yoshitsune") == "higashi_seto"    # his clan kept retainers: no storm table
    assert "LeaderFate" not in kinds(ev) and g.pending().kind == "turn"


def test_storm_spares_clans_not_on_the_genji_side():
    g = P({}, {"nishi_seto": {"kiso": 2, "heike": 1}}, turn=5, card="H07", deck=NEXT)     # 木曾 is Heike-side
    g.apply(UseCard("play"))
    load(g)                                            # no dice
    g.apply(Target("nishi_seto"))
    assert areas(g)["nishi_seto"] == {"heike": 1, "kiso": 2}


@pytest.mark.parametrize("roll,to", [(1, "sekkasen"), (2, "sekkasen"), (3, "waiting_box"), (4, "waiting_box"),
                                     (5, None), (6, None)])
def test_storm_a_clan_left_without_retainers_rolls_the_storm_table(roll, to):
    g = P({"yoshitsune": "higashi_seto"}, {"higashi_seto": {"genji": 1}, "sekkasen": {"genji": 1}},
          card="H07", deck=NEXT)
    g.apply(UseCard("play"))
    load(g, 3, roll)                                   # the retainer is lost; 1-2 retreat, 3-4 wounded, 5-6 drowned
    ev = g.apply(Target("higashi_seto"))
    assert [e.data["roll"] for e in ev if e.kind == "LeaderFate"] == [roll]
    assert where(g, "yoshitsune") == to
    assert g.public_state()["generals"]["yoshitsune"]["removed"] is (to is None)


def test_storm_a_general_at_sea_without_retainers_rolls_the_storm_table_too():
    """H07 with 10(6)'s reading: a lone Genji-side general in the sea is exposed."""
    g = P({"yoshitsune": "higashi_seto"}, {"higashi_seto": {"heike": 1}, "sekkasen": {"genji": 1}},
          card="H07", deck=NEXT)
    g.apply(UseCard("play"))
    load(g, 4)                                         # no Genji retainer to roll for; 4 = wounded
    g.apply(Target("higashi_seto"))
    assert where(g, "yoshitsune") == "waiting_box"


def test_storm_drowning_yoritomo_ends_the_game():
    g = P({"yoritomo": "nishi_seto"}, {"nishi_seto": {"genji": 1}}, card="H07", deck=NEXT)
    g.apply(UseCard("play"))
    load(g, 1, 6)
    g.apply(Target("nishi_seto"))
    assert g.is_over() and g.result().winner == "TAIRA"


def test_storm_retreat_with_several_areas_is_chosen_by_his_player():
    g = P({"yoshitsune": "higashi_seto"},
          {"higashi_seto": {"genji": 1}, "sekkasen": {"genji": 1}, "kii": {"genji": 1}}, card="H07", deck=NEXT)
    g.apply(UseCard("play"))
    load(g, 1, 1)
    g.apply(Target("higashi_seto"))
    assert g.pending().kind == "retreat" and g.pending().seat == "MINAMOTO"
    assert set(g.legal_actions()) == {RetreatTo("kii"), RetreatTo("sekkasen")}


# -- H08 平家水軍 Heike Fleet ------------------------------------------------------------------------------------
def test_fleet_one_heike_clan_general_on_the_map_moves_only():
    g = P({"tomomori": "kyo", "hidehira": "ou", "munemori": "waiting_box"},
          {"kyo": {"heike": 2}, "ou": {"fujiwara": 4}}, card="H08", deck=NEXT)
    g.apply(UseCard("play"))
    assert picks_of(g) == {"tomomori"}                 # not 藤原, not the waiting box
    g.apply(Pick("tomomori"))
    assert g.pending().kind == "move"                  # no battle, tribute... order to choose
    assert g.public_state()["move"]["left"] == 5


def test_fleet_allowance_5_areas_when_the_path_enters_a_sea():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 2}}, card="H08", deck=NEXT)
    play(g, Pick("tomomori"), PickUp(), PickUp())
    for a in ("sekkasen", "higashi_seto", "nishi_seto", "bungo", "iyo"):
        g.apply(Step(a))
    assert not steps_of(g)
    g.apply(EndMove())
    assert where(g, "tomomori") == "iyo" and areas(g)["iyo"] == {"heike": 2} and areas(g)["kyo"] == {}


def test_fleet_the_move_cannot_end_before_a_sea_is_entered():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 1}}, card="H08", deck=NEXT)
    play(g, Pick("tomomori"))
    assert EndMove() in g.legal_actions()              # the card may be ended unused
    g.apply(PickUp())
    for a in ("omi", "ise", "yamato", "kii"):
        g.apply(Step(a))
        assert EndMove() not in g.legal_actions()
    assert steps_of(g) == {"higashi_seto"}             # the last area must be a sea
    g.apply(Step("higashi_seto"))
    assert legal_of(g, EndMove)


def test_fleet_no_step_that_would_end_the_move_before_a_sea():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 1}, "sekkasen": {"genji": 1}}, card="H08", deck=NEXT)
    play(g, Pick("tomomori"), PickUp())
    assert steps_of(g) == {"omi", "sanin", "yamato"}   # 摂河泉 holds Genji: entering it would end the move


def test_fleet_entering_another_clans_area_still_ends_the_move():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 2}, "higashi_seto": {"genji": 1}}, card="H08", deck=NEXT)
    play(g, Pick("tomomori"), PickUp(), PickUp(), Step("sekkasen"))
    load(g, 1, 6, 6)                                   # Heike (知盛 4) 1 hit; Genji (valour 0) none
    ev = g.apply(Step("higashi_seto"))
    assert "MoveStopped" in kinds(ev) and "BattleStarted" in kinds(ev)
    assert areas(g)["higashi_seto"] == {"heike": 2}
    assert g.public_state()["move"] is None and g.pending().kind == "turn"    # one round, the card is done


def test_fleet_a_path_that_never_enters_a_sea_cannot_stand():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 1}}, card="H08", deck=NEXT)
    play(g, Pick("tomomori"), PickUp())
    for a in ("omi", "owari", "tokai", "minami_kanto"):
        if Step(a) not in g.legal_actions():
            break
        g.apply(Step(a))
    assert not (where(g, "tomomori") == "minami_kanto" and EndMove() in g.legal_actions())


# -- H09 南都焼討 Burning of Nara -------------------------------------------------------------------------------
def test_nanto_area_with_monks_containing_or_adjacent_to_a_heike_general():
    g = P({"tomomori": "kyo", "koremori": "owari", "hidehira": "kita_kanto", "munemori": "waiting_box"},
          {"yamato": {"sohei": 2}, "owari": {"sohei": 1}, "kii": {"sohei": 1}, "hokuriku": {"sohei": 1},
           "kita_kanto": {"fujiwara": 1}}, card="H09", deck=NEXT)
    g.apply(UseCard("play"))
    assert targets_of(g) == {"yamato", "owari"}        # kii: no 平家 general near; hokuriku: only 藤原 near


def test_nanto_removes_up_to_2_monks():
    g = P({"tomomori": "kyo"}, {"yamato": {"sohei": 3}}, card="H09", deck=NEXT)
    play(g, Target("yamato"))
    assert areas(g)["yamato"] == {"sohei": 1}
    assert [e.data["removed"] for e in g.events if e.kind == "MonksBurned"] == [2]
    g = P({"tomomori": "kyo"}, {"yamato": {"sohei": 1}}, card="H09", deck=NEXT)
    play(g, Target("yamato"))
    assert areas(g)["yamato"] == {}


@pytest.mark.parametrize("court,after", [(-3, -2), (0, 1), (4, 4)])
def test_nanto_then_the_court_marker_moves_1_toward_genji(court, after):
    g = P({"tomomori": "kyo"}, {"yamato": {"sohei": 1}}, court=court, card="H09", deck=NEXT)
    play(g, Target("yamato"))
    assert g.public_state()["court"] == after


# -- C03 追討令 Subjugation Decree --------------------------------------------------------------------------------
def test_tsuitorei_any_general_of_the_users_side_any_clan():
    gens = {"tomomori": "kyo", "hidehira": "ou", "yoshinaka": "shinano", "yoshitsune": "owari",
            "koreyoshi": "bungo"}
    rets = {"kyo": {"heike": 1}, "ou": {"fujiwara": 4}, "shinano": {"kiso": 1}, "owari": {"genji": 1},
            "bungo": {"ogata": 1}}
    g = P(gens, rets, turn=5, court=-2, card="C03", deck=NEXT)
    assert g.pending().seat == "TAIRA"
    g.apply(UseCard("play"))
    assert picks_of(g) == {"tomomori", "hidehira", "yoshinaka"}        # 木曾 is Heike-side on turn 5
    g = P(gens, rets, turn=3, court=2, card="C03", deck=NEXT)
    assert g.pending().seat == "MINAMOTO"
    g.apply(UseCard("play"))
    assert picks_of(g) == {"yoshitsune", "koreyoshi", "yoshinaka"}


def test_tsuitorei_is_a_general_card_for_him_all_five_orders():
    g = P({"tomomori": "owari", "munemori": "waiting_box"},
          {"owari": {"heike": 2, "genji": 1}, "omi": {"heike": 1}, "kyo": {"heike": 1}},
          court=-2, card="C03", deck=NEXT)
    play(g, Pick("tomomori"))
    assert orders_of(g) == {"move", "battle", "replenish", "tribute"}
    g = P({"tomomori": "owari", "munemori": "waiting_box"},
          {"owari": {"heike": 2, "genji": 1}, "omi": {"heike": 1}, "kyo": {"heike": 1}},
          court=-2, card="C03", deck=NEXT)
    play(g, Pick("munemori"))
    assert orders_of(g) == {"enter", "tribute"}       # waiting: enter, or tribute (朝貢除外, seed 9.0)
    g.apply(Order("enter"))
    assert where(g, "munemori") == "kyo"


def test_tsuitorei_moves_the_fujiwara_out_of_the_ou_box():
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 4}}, court=-2, card="C03", deck=NEXT)
    play(g, Pick("hidehira"), Order("move"), PickUp())
    assert steps_of(g) == {"kita_kanto", "hokuriku"}


@pytest.mark.parametrize("roll,spaces", [(4, 2), (5, 2), (6, 3)])
def test_tsuitorei_tribute_without_the_plus_2(roll, spaces):
    g = P({"yoritomo": "minami_kanto"}, {"minami_kanto": {"genji": 1}}, court=2, card="C03", deck=NEXT)
    play(g, Pick("yoritomo"))
    load(g, roll)
    ev = g.apply(Order("tribute"))
    t = [e.data for e in ev if e.kind == "Tribute"]
    assert [(d["modifier"], d["spaces"]) for d in t] == [(0, spaces)]   # 頼朝's own card would add +2
    g2 = P({"yoritomo": "minami_kanto"}, {"minami_kanto": {"genji": 1}}, court=2, card="G01", deck=NEXT)
    load(g2, roll)
    play(g2, Order("tribute"))
    assert [e.data["modifier"] for e in g2.events if e.kind == "Tribute"] == [2]
