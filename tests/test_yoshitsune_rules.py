"""義經 Yoshitsune: one test per rule clause, on small hand-built positions.

Section numbers are those of the Chinese rules (seed 003); "sheet" is the
data sheet ../shared/rules/yoshitsune.md. Rulings are listed in the docstrings
of game/rulesets/yoshitsune/rules/ (each in its section's module).
"""
from __future__ import annotations

import pytest

from game.core.errors import IllegalActionError
from game.rulesets.yoshitsune import Yoshitsune
from game.rulesets.yoshitsune.actions import (AllocateHit, BattleIn, Choose, ChooseCommander, ContinueBattle,
                                              DoneChoosing, Drop, EndBattles, EndMove, EnterAt, Order, Pick, PickUp,
                                              Place, ReplenishAt, RetreatTo, Step, StopBattle, Target, TurnCard,
                                              UseCard)
from game.rulesets.yoshitsune.components import Markers
from tests.helpers import kinds, load

P = Yoshitsune.from_position
NEXT = ("G03",)          # a card left in the deck, so the turn does not end after the card under test


def play(g, *orders):
    g.apply(UseCard("play"))
    for o in orders:
        g.apply(o)
    return g


def steps_of(g):
    return {a.to for a in g.legal_actions() if isinstance(a, Step)}


# -- [3.0] set-up -------------------------------------------------------------------------------
def test_setup_follows_the_data_sheet():
    """The sheet's set-up, with the balance changes of data.json "balance" (3 Fujiwara in Ōu)."""
    g = Yoshitsune(seed=1)
    assert g.loc("yoshitsune") == g.loc("yukiie") == "waiting_box"
    assert g.loc("hidehira") == "ou" and g.garrison("ou") == {"fujiwara": 3}
    assert g.garrison("kyo") == {"heike": 3} and g.track().turn == 1 and g.track().court == 0
    assert g.pending().kind == "replenish" and g.pending().seat == "MINAMOTO"


# -- [5.0] court phase ----------------------------------------------------------------------------
def test_court_phase_moves_the_marker_toward_the_side_not_holding_kyo():
    g = P({}, {"kyo": {"heike": 2}}, turn=2, court=0, start="turn")
    assert g.track().court == 1                       # toward Genji
    g = P({}, {"kyo": {"genji": 2}}, turn=2, court=0, start="turn")
    assert g.track().court == -1                      # toward Heike


def test_court_phase_does_not_move_on_turn_1_or_when_nobody_holds_kyo():
    assert P({}, {"kyo": {"heike": 2}}, turn=1, court=0, start="turn").track().court == 0
    assert P({}, {"kyo": {"heike": 2, "genji": 1}}, turn=2, court=0, start="turn").track().court == 0
    assert P({}, {}, turn=2, court=0, start="turn").track().court == 0
    # on turn 4 a Kiso-held Kyō belongs to neither side
    assert P({}, {"kyo": {"kiso": 2}}, turn=4, court=0, start="turn").track().court == 0


def test_court_marker_stops_at_the_ends_of_the_track():
    assert P({}, {"kyo": {"heike": 2}}, turn=2, court=4, start="turn").track().court == 4
    assert P({}, {"kyo": {"genji": 2}}, turn=2, court=-3, start="turn").track().court == -3


def test_court_friendship_by_space():
    g = P({}, {})
    assert [g.court_friendly(i) for i in range(-3, 5)] == ["TAIRA"] * 3 + [None, None] + ["MINAMOTO"] * 3


# -- [6.0] replenishment ----------------------------------------------------------------------------
def test_replenishment_numbers_come_from_the_court_space():
    g = P({}, {"kanto": {}, "minami_kanto": {"genji": 1}, "kyo": {"heike": 1}}, court=-3, start="replenish")
    assert dict(g.replenishment().queue) == {"MINAMOTO": 2, "TAIRA": 6}
    g = P({}, {"minami_kanto": {"genji": 1}, "kyo": {"heike": 1}}, court=4, start="replenish")
    assert dict(g.replenishment().queue) == {"MINAMOTO": 6, "TAIRA": 2}


def test_replenishment_the_court_friendly_side_places_last_genji_first_on_start():
    rets = {"minami_kanto": {"genji": 1}, "kyo": {"heike": 1}}
    assert P({}, rets, court=0, start="replenish").pending().seat == "MINAMOTO"
    assert P({}, rets, court=-2, start="replenish").pending().seat == "MINAMOTO"
    assert P({}, rets, court=2, start="replenish").pending().seat == "TAIRA"


def test_replenishment_one_per_area_in_areas_the_clan_controls():
    g = P({}, {"minami_kanto": {"genji": 1}, "kita_kanto": {"genji": 1}, "iyo": {"kono": 1},
               "owari": {"genji": 1, "heike": 1}, "kyo": {"heike": 1}}, court=0, start="replenish")
    assert set(g.legal_actions()) == {Place("minami_kanto"), Place("kita_kanto"), Place("iyo")}
    g.apply(Place("iyo"))
    assert g.garrison("iyo") == {"kono": 2}
    assert Place("iyo") not in g.legal_actions()
    g.apply(Place("minami_kanto"))
    g.apply(Place("kita_kanto"))
    assert g.pending().seat == "TAIRA"                 # Genji's 3 placed, Heike's turn
    assert g.legal_actions() == [Place("kyo")]


def test_replenishment_is_limited_by_the_counter_mix():
    g = P({}, {"iyo": {"kono": 5}, "minami_kanto": {"genji": 1}, "kyo": {"heike": 1}}, start="replenish")
    assert Place("iyo") not in g.legal_actions()


def test_kiso_is_not_replenished_on_turn_4():
    g = P({}, {"shinano": {"kiso": 2}, "kyo": {"heike": 1}}, turn=4, start="replenish")
    assert g.pending().seat == "TAIRA"               # Genji has nowhere to place


# -- [7.0] deck building ---------------------------------------------------------------------------------
GENS = {k: "minami_kanto" for k in ("yoritomo", "noriyori", "tokimasa", "yoshitsune", "yukiie")} | {
    k: "kyo" for k in ("munemori", "tomomori", "shigehira", "koremori", "noritsune")} | {
    "yoshinaka": "shinano", "koreyoshi": "bungo", "michinobu": "iyo", "hidehira": "ou"}


def test_deck_building_choose_up_to_the_turns_count_then_done():
    g = P(GENS, {}, turn=3, start="build")
    assert g.cards().of("limits", "MINAMOTO") == 2 == g.cards().of("limits", "TAIRA")
    g.apply(Choose("G01"))
    g.apply(Choose("G02"))
    assert g.legal_actions() == [DoneChoosing()]
    g.apply(DoneChoosing())
    assert g.pending().seat == "TAIRA"
    g.apply(DoneChoosing())                           # fewer is allowed ("up to")
    assert g.pending().kind == "turn" and len(g.cards().deck) == 2


def test_deck_building_one_more_card_for_holding_both_inland_sea_areas():
    g = P(GENS, {"higashi_seto": {"heike": 1}, "nishi_seto": {"heike": 1}}, turn=3, start="build")
    assert g.cards().of("limits", "TAIRA") == 3 and g.cards().of("limits", "MINAMOTO") == 2
    g = P(GENS, {"higashi_seto": {"ogata": 1}, "nishi_seto": {"kono": 1}}, turn=3, start="build")
    assert g.cards().of("limits", "MINAMOTO") == 3         # any clans of the side count
    g = P(GENS, {"higashi_seto": {"heike": 1}, "nishi_seto": {"heike": 1, "kono": 1}}, turn=3, start="build")
    assert g.cards().of("limits", "TAIRA") == 2


def test_deck_building_go_shirakawa_cards_only_for_the_friendly_side_on_top_of_the_count():
    g = P(GENS, {}, turn=3, court=-1, start="build")
    assert {"C02", "C03"} <= set(g.cards().of("pools", "TAIRA"))
    assert not {"C02", "C03"} & set(g.cards().of("pools", "MINAMOTO"))
    for court in (0, 1):                                       # START and neutral: nobody
        g = P(GENS, {}, turn=3, court=court, start="build")
        assert not {"C02", "C03"} & {c for _, v in g.cards().pools for c in v}
    g = P(GENS, {}, turn=3, court=3, start="build")
    g.apply(Choose("G01"))
    g.apply(Choose("G02"))
    assert set(g.legal_actions()) == {Choose("C02"), Choose("C03"), DoneChoosing()}


def test_deck_building_kiso_card_by_turn_and_unusable_on_turn_4():
    def holder(turn):
        g = P(GENS, {}, turn=turn, start="build")
        return [s for s, v in g.cards().pools if "C01" in v]
    assert [holder(t) for t in range(1, 8)] == [["MINAMOTO"]] * 3 + [[]] + [["TAIRA"]] * 3


def test_deck_building_a_removed_generals_card_is_out():
    g = P({k: v for k, v in GENS.items() if k != "noriyori"}, {}, removed=("noriyori",), start="build")
    assert "G03" not in g.cards().of("pools", "MINAMOTO")


def test_shared_deck_is_both_choices_shuffled():
    g = P(GENS, {}, turn=1, start="build")
    g.apply(Choose("G02"))
    g.apply(Choose("G09"))
    g.apply(DoneChoosing())
    g.apply(Choose("H02"))
    ev = g.apply(DoneChoosing())
    assert sorted(g.cards().deck) == ["G02", "G09", "H02"]
    assert "DeckShuffled" in kinds(ev)
    decks = set()
    for seed in range(12):
        h = P(GENS, {}, turn=1, start="build", seed=seed)
        for a in (Choose("G02"), Choose("G09"), DoneChoosing(), Choose("H02"), DoneChoosing()):
            h.apply(a)
        decks.add(h.cards().deck)
    assert len(decks) > 1                            # the order comes from the dice


# -- [8.0] action phase ---------------------------------------------------------------------------------
def test_action_phase_turn_the_top_card_its_owner_uses_it():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 2}}, start="action", deck=("H02", "G03"))
    assert g.pending().kind == "turn" and g.legal_actions() == [TurnCard()]
    g.apply(TurnCard())
    assert g.cards().current == "H02" and g.pending().seat == "TAIRA" and g.pending().kind == "use"
    assert UseCard("pass") in g.legal_actions() and UseCard("play") in g.legal_actions()


def test_action_phase_pass_does_nothing_and_the_next_card_follows():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 2}}, start="use", card="H02", deck=NEXT)
    before = g.garrison("kyo")
    g.apply(UseCard("pass"))
    assert g.pending().kind == "turn" and g.garrison("kyo") == before


def test_action_phase_fight_in_chosen_areas_in_the_users_order():
    g = P({}, {"owari": {"genji": 1, "heike": 1}, "ise": {"genji": 1, "heike": 1}, "omi": {"heike": 2}},
          start="use", card="G08", deck=NEXT)
    g.apply(UseCard("fight"))
    assert set(g.legal_actions()) == {BattleIn("owari", "genji"), BattleIn("ise", "genji"), EndBattles()}
    load(g, 6, 6)                                    # no commanders: valour 0 anyway
    g.apply(BattleIn("ise", "genji"))
    g.apply(StopBattle())
    assert set(g.legal_actions()) == {BattleIn("owari", "genji"), EndBattles()}   # each area once


def test_action_phase_8_0_battle_in_an_area_holding_only_two_allied_clans():
    """8.0: a Battle may be chosen in any area where retainers of more than one clan stand
    (多於一族郎党存在的區域), allied clans included: 源氏 and 河野, both Genji's, alone in an
    area (ruling allied_clans_battle). The acting clan is one of the user's clans there."""
    g = P({}, {"owari": {"genji": 2, "kono": 1}, "ise": {"genji": 1, "kono": 1, "heike": 1}},
          start="use", card="G08", deck=NEXT)
    g.apply(UseCard("fight"))
    assert set(g.legal_actions()) == {BattleIn("owari", "genji"), BattleIn("owari", "kono"),
                                      BattleIn("ise", "genji"), BattleIn("ise", "kono"), EndBattles()}
    load(g, 1, 6, 6)                                 # no commanders: valour 0, no hits either way
    g.apply(BattleIn("owari", "genji"))
    assert g.pending().kind == "continue" and g.pending().seat == "MINAMOTO"
    # the Heike player has no clan there, so no acting clan: no battle for him
    g = P({}, {"owari": {"genji": 2, "kono": 1}}, start="use", card="H07", deck=NEXT)
    assert UseCard("fight") not in g.legal_actions()
    # 木曾 on turn 4 belongs to nobody: Genji may fight it, Heike (no clan there) may not
    g = P({}, {"shinano": {"genji": 2, "kiso": 1}}, turn=4, start="use", card="G08", deck=NEXT)
    g.apply(UseCard("fight"))
    assert BattleIn("shinano", "genji") in g.legal_actions()


def test_battle_9_2_1_a_general_card_fights_the_other_clans_in_his_area_allies_too():
    """9.2(1): 與在同一區域的其他族進行戰鬥 — with the other clans in his area, an allied one
    too. 義経 clears the 河野 retainer out of 尾張, which his clan then controls (12.0)."""
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2, "kono": 1}}, card="G02", deck=NEXT)
    g.apply(UseCard("play"))
    assert Order("battle") in g.legal_actions()
    load(g, 5, 6, 1)                                 # 義経 valour 5: one hit; 河野 without a general: valour 0
    g.apply(Order("battle"))
    assert g.garrison("owari") == {"genji": 2} and g.controller("owari") == "genji"
    assert g.pending().kind == "turn"                # nobody left to fight: the battle is over
    # a battle needs another clan there, enemy or ally
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2}}, card="G02", deck=NEXT)
    g.apply(UseCard("play"))
    assert Order("battle") not in g.legal_actions()


def test_battle_10_5_between_allied_clans_the_opponent_commands_the_other_clan_as_on_a_move_9_1_3():
    """Ruling allied_clans_battle: in a battle between two clans of one side the card user
    commands the acting clan and his opponent the other, as when a move brings them
    together (9.1(3)) and as in 10(5)'s example (木曾, Genji's ally, commanded by Heike):
    the opponent breaks its commander tie and chooses its generals' retreats; fire is
    simultaneous and the user decides on further rounds."""
    g = P({"michinobu": "owari", "yoshitsune": "owari", "tokimasa": "owari"},
          {"owari": {"kono": 2, "genji": 1}, "omi": {"genji": 1}, "ise": {"genji": 1}},
          start="use", card="G08", deck=NEXT)
    g.apply(UseCard("fight"))
    load(g, 1, 1, 3, 1, 4)
    g.apply(BattleIn("owari", "kono"))               # 河野 attack, the 源氏 defend
    assert g.pending().kind == "commander" and g.pending().seat == "TAIRA"
    assert set(g.legal_actions()) == {ChooseCommander("genji", "tokimasa"), ChooseCommander("genji", "yoshitsune")}
    g.apply(ChooseCommander("genji", "tokimasa"))    # 時政 valour 2: the 3 misses
    assert g.garrison("owari") == {"kono": 2}        # 通信 (valour 3) hits twice, the one 源氏 falls
    assert g.pending().kind == "retreat" and g.pending().seat == "TAIRA"     # 時政 rolled 1: retreat
    assert set(g.legal_actions()) == {RetreatTo("ise"), RetreatTo("omi")}
    g.apply(RetreatTo("ise"))
    assert g.loc("tokimasa") == "ise" and g.loc("yoshitsune") == "waiting_box"   # 義経 rolled 4: wounded
    assert g.pending().kind == "turn"
    # the same when 通信's move brings the two clans together (9.1(3))
    g = P({"michinobu": "ise", "yoshitsune": "owari", "tokimasa": "owari"},
          {"ise": {"kono": 2}, "owari": {"genji": 1}}, card="G07", deck=NEXT)
    play(g, Order("move"), PickUp())
    g.apply(Step("owari"))
    assert g.pending().kind == "commander" and g.pending().seat == "TAIRA"
    assert ChooseCommander("genji", "tokimasa") in g.legal_actions()


def test_action_phase_ends_when_the_deck_is_used_up():
    g = P({}, {"kyo": {"heike": 1}}, start="use", card="H03", turn=1)
    g.apply(UseCard("pass"))
    assert g.track().turn == 2 and g.pending().kind in ("replenish", "build")


def test_court_cards_are_used_by_the_side_friendly_when_drawn():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 2}}, court=2, start="action", deck=("C03",),
          chosen={"TAIRA": ("C03",)})
    g.apply(TurnCard())
    assert g.pending().seat == "MINAMOTO"             # chosen by Heike, but the court is Genji's now


def test_court_cards_are_discarded_if_the_court_is_neutral_when_drawn():
    g = P({}, {"kyo": {"heike": 2}}, court=1, start="action", deck=("C02", "G03"))
    ev = g.apply(TurnCard())
    assert "CardDiscarded" in kinds(ev) and g.pending().kind == "turn"


# -- [9.1] movement --------------------------------------------------------------------------------------------
def test_move_up_to_three_areas_leading_retainers_up_to_command():
    g = P({"yoshitsune": "minami_kanto"}, {"minami_kanto": {"genji": 5}}, card="G02", deck=NEXT)
    play(g, Order("move"), PickUp(), PickUp(), PickUp())
    assert PickUp() not in g.legal_actions()            # command 3
    for a in ("tokai", "owari", "omi"):
        g.apply(Step(a))
    assert not steps_of(g)                               # 3 areas used
    g.apply(EndMove())
    assert g.loc("yoshitsune") == "omi" and g.garrison("omi") == {"genji": 3}
    assert g.garrison("minami_kanto") == {"genji": 2}


def test_move_may_drop_and_pick_up_retainers_on_the_way():
    g = P({"yoshitsune": "minami_kanto"}, {"minami_kanto": {"genji": 2}, "tokai": {"genji": 2}},
          card="G02", deck=NEXT)
    play(g, Order("move"), PickUp(), PickUp(), Step("tokai"), Drop())
    assert PickUp() not in g.legal_actions()             # no picking up and dropping in one area
    g.apply(Step("owari"))
    assert g.garrison("tokai") == {"genji": 3} and g.garrison("owari") == {"genji": 1}
    assert PickUp() not in g.legal_actions()             # the one Genji retainer here is already with him
    assert Drop() in g.legal_actions()


def test_move_stops_and_fights_on_entering_another_clans_area():
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2}, "omi": {"heike": 1}, "ise": {"kono": 1}},
          card="G02", deck=NEXT)
    play(g, Order("move"), PickUp(), PickUp())
    load(g, 1, 6, 1)                                  # Genji 1 hit (≤5); Heike (no commander, valour 0) none
    ev = g.apply(Step("omi"))
    assert "MoveStopped" in kinds(ev) and "BattleStarted" in kinds(ev)
    assert g.garrison("omi") == {"genji": 2} and g.pending().kind == "turn"
    # an allied clan's area stops the move and fights too (seed 9.1(3) note)
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2}, "ise": {"kono": 1}}, card="G02", deck=NEXT)
    play(g, Order("move"), PickUp())
    load(g, 6, 6)
    assert "BattleStarted" in kinds(g.apply(Step("ise")))


def test_move_withdrawal_from_a_shared_area_to_an_adjacent_own_clan_area():
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2, "heike": 2}, "omi": {"genji": 1},
                                    "ise": {"heike": 1}}, card="G02", deck=NEXT)
    play(g, Order("move"))
    assert set(g.legal_actions()) == {Step("omi"), EndMove()}     # alone, one area, own-clan area only
    g.apply(Step("omi"))
    assert g.loc("yoshitsune") == "omi" and g.garrison("owari") == {"genji": 2, "heike": 2}
    assert g.pending().kind == "turn"
    # no own-clan area next door: no move at all
    g = P({"yoshitsune": "owari"}, {"owari": {"genji": 2, "heike": 2}}, card="G02", deck=NEXT)
    g.apply(UseCard("play"))
    assert Order("move") not in g.legal_actions()


def test_move_a_lone_general_may_only_enter_areas_with_his_clan():
    g = P({"yoshitsune": "minami_kanto", "noriyori": "tokai"}, {"kita_kanto": {"genji": 1}},
          card="G02", deck=NEXT)
    play(g, Order("move"))
    assert steps_of(g) == {"kita_kanto", "tokai"}
    g = P({"yoshitsune": "minami_kanto"}, {"minami_kanto": {"genji": 1}}, card="G02", deck=NEXT)
    play(g, Order("move"), PickUp())
    assert steps_of(g) == {"kita_kanto", "shinano", "tokai"}     # leading one retainer, anywhere


def test_move_out_of_the_ou_box_only_along_the_arrows_and_never_back():
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 4}}, card="H06", deck=NEXT)
    play(g, Order("move"), PickUp())
    assert steps_of(g) == {"kita_kanto", "hokuriku"}
    g.apply(Step("kita_kanto"))
    assert "ou" not in steps_of(g)


# -- [9.2] battle, [9.3] entry, [9.4] replenish, [9.5] tribute ---------------------------------------------------
def test_general_card_battle_fights_in_his_area_and_the_user_may_fight_on():
    g = P({"yoshitsune": "owari", "tomomori": "owari"}, {"owari": {"genji": 3, "heike": 2}}, card="G02",
          deck=NEXT)
    load(g, 6, 6, 6, 6, 6)
    play(g, Order("battle"))
    assert g.pending().kind == "continue" and g.pending().seat == "MINAMOTO"
    load(g, 1, 6, 6, 6, 6)
    g.apply(ContinueBattle())
    assert g.garrison("owari") == {"genji": 3, "heike": 1}


def test_entry_from_the_waiting_box_to_an_own_red_area():
    g = P({"yoshitsune": "waiting_box"}, {"minami_kanto": {"genji": 1}, "kita_kanto": {"genji": 3}},
          card="G02", deck=NEXT)
    g.apply(UseCard("play"))
    assert set(g.legal_actions()) == {Order("enter"), Order("tribute")}    # no move, battle or replenish
    g.apply(Order("enter"))
    assert g.loc("yoshitsune") == "minami_kanto"
    g = P({"yoshitsune": "waiting_box"}, {"kita_kanto": {"genji": 3}}, card="G02", deck=NEXT)
    g.apply(UseCard("play"))
    assert g.legal_actions() == [Order("tribute")]       # no red area of his clan: no entry


def test_entry_yukiie_needs_no_red_area():
    g = P({"yukiie": "waiting_box"}, {"kita_kanto": {"genji": 1}, "tokai": {"genji": 1}}, card="G04", deck=NEXT)
    play(g, Order("enter"))
    assert set(g.legal_actions()) == {EnterAt("kita_kanto"), EnterAt("tokai")}
    g = P({"yukiie": "waiting_box"}, {"iyo": {"kono": 1}}, card="G04", deck=NEXT)
    play(g, Order("enter"))
    assert g.loc("yukiie") == "iyo"                      # else any area with a Genji-side unit


def test_replenish_adds_one_of_his_clan_in_his_area_controlled_or_not():
    g = P({"tomomori": "owari"}, {"owari": {"heike": 1, "genji": 2}}, card="H02", deck=NEXT)
    play(g, Order("replenish"))
    assert g.garrison("owari") == {"heike": 2, "genji": 2}


def test_replenish_9_4_2_tokimasa_card_by_him_or_any_other_general_of_his_side():
    """9.4(2) 該武將或其他武將: with 北条時政's card the Replenish order may use 時政 or any other
    general of the user's side, not only a 源氏 one: one retainer of that general's clan where
    he stands (9.4(1)), each area and clan once; never an enemy general, nor 木曾 on turn 4."""
    gens = {"tokimasa": "iyo", "michinobu": "iyo", "noriyori": "owari", "yoritomo": "owari",
            "yoshinaka": "shinano", "koreyoshi": "bungo", "tomomori": "kyo"}
    rets = {"iyo": {"genji": 1, "kono": 1}, "bungo": {"ogata": 5}}          # no 緒方 counter left
    g = P(gens, rets, card="G05", deck=NEXT)
    play(g, Order("replenish"))
    assert set(g.legal_actions()) == {ReplenishAt("iyo", "tokimasa"), ReplenishAt("iyo", "michinobu"),
                                      ReplenishAt("owari", "noriyori"), ReplenishAt("shinano", "yoshinaka")}
    g.apply(ReplenishAt("iyo", "michinobu"))
    assert g.garrison("iyo") == {"genji": 1, "kono": 2} and g.pending().kind == "turn"
    g = P(gens, rets, turn=4, card="G05", deck=NEXT)
    play(g, Order("replenish"))
    assert ReplenishAt("shinano", "yoshinaka") not in g.legal_actions()
    # another general replenishes even while 時政 waits in the waiting box
    g = P({"tokimasa": "waiting_box", "michinobu": "iyo"}, {"iyo": {"kono": 1}}, card="G05", deck=NEXT)
    g.apply(UseCard("play"))
    assert set(g.legal_actions()) == {Order("replenish"), Order("tribute")}
    g.apply(Order("replenish"))
    assert g.garrison("iyo") == {"kono": 2}
    # another general's card is his own only (9.4(1))
    g = P({"noriyori": "owari", "michinobu": "iyo"}, {}, card="G03", deck=NEXT)
    play(g, Order("replenish"))
    assert g.garrison("owari") == {"genji": 1} and g.garrison("iyo") == {}


def test_ou_box_2_22_hidehiras_card_replenishes_inside_the_box():
    """2.22 forbids entering the 奥羽 box from another area; a Replenish order places a new
    retainer where the general stands (9.4(1)), controlled or not (9.4(3)), so 秀衡's card
    (or 追討令 on him) adds a 藤原 retainer in the box while counters are left (ruling
    ou_box_replenish). In the box his card may move him out, replenish or pay tribute; the
    replenishment phase never places there (6.0(3): the box is nobody's), and its supply
    4 applies at the adjustment."""
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 3}}, card="H06", deck=NEXT)
    g.apply(UseCard("play"))
    assert set(g.legal_actions()) == {Order("move"), Order("replenish"), Order("tribute")}
    ev = g.apply(Order("replenish"))
    assert g.garrison("ou") == {"fujiwara": 4} and "Replenished" in kinds(ev)
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 3}}, court=-1, card="C03", deck=NEXT)
    play(g, Pick("hidehira"), Order("replenish"))
    assert g.garrison("ou") == {"fujiwara": 4}
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 8}}, card="H06", deck=NEXT)
    g.apply(UseCard("play"))
    assert Order("replenish") not in g.legal_actions()                        # no 藤原 counter left
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 3}, "kyo": {"heike": 1}}, court=-1, start="replenish")
    assert g.pending().seat == "TAIRA" and g.legal_actions() == [Place("kyo")]
    g = P({"hidehira": "ou"}, {"ou": {"fujiwara": 5}, "kyo": {"heike": 1}}, turn=2, start="adjust")
    assert g.garrison("ou") == {"fujiwara": 4}


@pytest.mark.parametrize("card,roll,spaces", [("G02", 3, 1), ("G02", 4, 2), ("G02", 6, 3),
                                               ("G01", 2, 2), ("G01", 4, 3), ("G01", 5, 3)])
def test_tribute_die_table_and_the_plus_2_card(card, roll, spaces):
    gen = {"G01": "yoritomo", "G02": "yoshitsune"}[card]
    g = P({gen: "minami_kanto"}, {"minami_kanto": {"genji": 1}}, court=-3, card=card, deck=NEXT)
    load(g, roll)
    play(g, Order("tribute"))
    assert g.track().court == -3 + spaces


def test_tribute_excepted_from_the_named_general_a_waiting_generals_card_may_pay_tribute():
    """9.0 (朝貢除外): tribute does not involve the named general, so his card pays it
    while he waits in the waiting box (the +2 of 頼朝's card too)."""
    g = P({"yoritomo": "waiting_box"}, {"kita_kanto": {"genji": 1}}, court=0, card="G01", deck=NEXT)
    g.apply(UseCard("play"))
    assert g.legal_actions() == [Order("tribute")]
    load(g, 2)
    g.apply(Order("tribute"))
    assert g.track().court == 2 and g.loc("yoritomo") == "waiting_box"     # 2 + 2 = 4: two spaces


def test_tribute_moves_the_marker_toward_heike_for_heike():
    g = P({"munemori": "kyo"}, {"kyo": {"heike": 1}}, court=0, card="H01", deck=NEXT)
    load(g, 2)
    play(g, Order("tribute"))
    assert g.track().court == -2                         # 2 + 2 = 4: two spaces toward Heike


# -- [10.0] battles ------------------------------------------------------------------------------------------------
def test_battle_commander_is_the_highest_command_general():
    g = P({"yoshitsune": "owari", "noriyori": "owari"}, {"owari": {"genji": 2, "heike": 1}}, card="G02",
          deck=NEXT)
    load(g, 4, 4, 6)                                   # 範頼 (command 4, valour 3) commands: 4s miss
    play(g, Order("battle"))
    fire = [e for e in g.events if e.kind == "Fire"]
    assert fire[0].data["valour"] == 3 and fire[0].data["hits"] == 0


def test_battle_commander_tie_is_chosen_by_the_player():
    g = P({"yoshitsune": "kyo", "munemori": "kyo", "tomomori": "kyo"}, {"kyo": {"genji": 1, "heike": 2}},
          card="G02", deck=NEXT)
    play(g, Order("battle"))
    assert g.pending().kind == "commander" and g.pending().seat == "TAIRA"
    assert set(g.legal_actions()) == {ChooseCommander("heike", "munemori"), ChooseCommander("heike", "tomomori")}
    load(g, 6, 2, 2)
    g.apply(ChooseCommander("heike", "munemori"))       # valour 1: the 2s miss
    assert g.garrison("kyo") == {"genji": 1, "heike": 2}


def test_battle_one_die_per_retainer_hits_at_or_under_valour():
    g = P({"shigehira": "owari", "koremori": "ise"}, {"owari": {"heike": 3, "genji": 3}}, card="H03",
          deck=NEXT)
    load(g, 4, 4, 5, 1, 5, 6)                          # 重衡 valour 4: 4, 4 hit (≤), 5 misses; Genji valour 0
    play(g, Order("battle"))
    fire = [e for e in g.events if e.kind == "Fire"]
    assert [len(f.data["rolls"]) for f in fire] == [3, 3] and fire[0].data["hits"] == 2
    assert fire[1].data["valour"] == 0 and fire[1].data["hits"] == 0
    assert g.garrison("owari") == {"heike": 3, "genji": 1}


def test_battle_warrior_monks_fight_at_valour_2():
    g = P({}, {"yamato": {"sohei": 2, "heike": 1}}, card="G11", deck=NEXT)
    g.apply(UseCard("fight"))
    load(g, 2, 3, 6)
    g.apply(BattleIn("yamato", "sohei"))
    assert g.garrison("yamato") == {"sohei": 2}


def test_battle_coward_marker_genji_fires_first_and_removes_before_heike_fires():
    g = P({"yoshitsune": "tokai", "koremori": "tokai"}, {"tokai": {"genji": 2, "heike": 2}}, card="G02",
          deck=NEXT, markers=Markers(okubyo="koremori"))
    load(g, 1, 1, 4)                                   # Genji kills both; Heike never rolls; 維盛 wounded
    play(g, Order("battle"))
    fire = [e for e in g.events if e.kind == "Fire"]
    assert [f.data["clan"] for f in fire] == ["genji"]
    assert g.garrison("tokai") == {"genji": 2} and g.loc("koremori") == "waiting_box"


def test_battle_coward_marker_when_heike_attacks_genji_still_fires_first():
    g = P({"yoshitsune": "tokai", "koremori": "tokai"}, {"tokai": {"genji": 1, "heike": 3}}, card="H04",
          deck=NEXT, markers=Markers(okubyo="koremori"))
    load(g, 2, 6, 6, 6)                                # Genji 1 hit first; Heike fires with 2 dice
    play(g, Order("battle"))
    fire = [e for e in g.events if e.kind == "Fire"]
    assert [(f.data["clan"], len(f.data["rolls"])) for f in fire] == [("genji", 1), ("heike", 2)]


def test_battle_three_clans_as_in_the_worked_example():
    """Seed 10(5): turn 3, 義經 + 3 源氏 attack 知盛 + 1 平家 and 義仲 + 2 木曾."""
    g = P({"yoshitsune": "owari", "tomomori": "owari", "yoshinaka": "owari"},
          {"owari": {"genji": 3, "heike": 1, "kiso": 2}}, turn=3, card="G02", deck=NEXT)
    load(g, 1, 2, 6,   2,   3, 6)                     # Genji 2 hits; Heike 1 (≤4); Kiso 1 (≤5)
    play(g, Order("battle"))
    assert g.count("owari", "genji") == 1              # both enemy hits landed on Genji
    assert g.pending().kind == "allocate" and g.pending().seat == "TAIRA"    # Heike commands both
    g.apply(AllocateHit("kiso"))
    load(g, 1)                                         # 義仲's fate: 1 = retreat, no Kiso area next door
    g.apply(AllocateHit("kiso"))
    assert g.is_removed("yoshinaka")
    assert g.garrison("owari") == {"genji": 1, "heike": 1}
    assert g.loc("yoshitsune") == g.loc("tomomori") == "owari"
    assert g.pending().kind == "continue"
    g.apply(StopBattle())


@pytest.mark.parametrize("roll,where", [(1, "kyo"), (2, "kyo"), (3, "waiting_box"), (5, "waiting_box"),
                                        (6, None)])
def test_battle_leader_fate_table_when_all_retainers_are_gone(roll, where):
    g = P({"yoshitsune": "sekkasen", "shigehira": "sekkasen"},
          {"sekkasen": {"genji": 2, "heike": 1}, "kyo": {"heike": 1}, "sanyo": {"genji": 1}},
          card="G02", deck=NEXT)
    load(g, 1, 6, 6, roll)
    play(g, Order("battle"))
    assert g.loc("shigehira") == where
    assert g.is_removed("shigehira") is (where is None)


@pytest.mark.parametrize("roll,where", [(2, "kyo"), (4, "waiting_box"), (6, None)])
def test_battle_leader_fate_table_for_a_general_without_retainers_among_enemies(roll, where):
    """10(6): a general with no retainer of his clan among enemy retainers after a round
    rolls on the fate table like any other, though he had none when it began."""
    g = P({"yoshitsune": "sekkasen", "shigehira": "sekkasen"},
          {"sekkasen": {"genji": 2}, "kyo": {"heike": 1}}, card="G02", deck=NEXT)
    g.apply(UseCard("play"))
    assert Order("battle") in g.legal_actions()          # a lone enemy general is an enemy there
    load(g, 6, 6, roll)                                  # Genji's two dice (no retainer to hit), then the fate
    g.apply(Order("battle"))
    assert [e.data["general"] for e in g.events if e.kind == "LeaderFate"] == ["shigehira"]
    assert g.loc("shigehira") == where and g.is_removed("shigehira") is (where is None)


def test_battle_a_lone_leader_is_not_immune_sudden_death():
    """10(6) with 13(1): a lone 宗盛 among Genji retainers can fall, and Genji wins."""
    g = P({"yoshitsune": "kyo", "munemori": "kyo"}, {"kyo": {"genji": 2}, "omi": {"heike": 1}},
          card="G02", deck=NEXT)
    load(g, 6, 6, 6)
    play(g, Order("battle"))
    assert g.is_over() and g.result().winner == "MINAMOTO"
    # entering his area by a move fights a round too
    g = P({"yoshitsune": "omi", "munemori": "kyo"}, {"omi": {"genji": 2}, "kyo": {"genji": 1}},
          card="G02", deck=NEXT)
    play(g, Order("move"), PickUp())
    load(g, 6, 6, 4)                                     # two Genji dice, then 宗盛's fate: wounded
    g.apply(Step("kyo"))
    assert g.loc("munemori") == "waiting_box"


def test_battle_fate_table_not_for_a_general_whose_enemies_have_no_retainers():
    g = P({"yoshitsune": "sekkasen", "shigehira": "sekkasen", "noritsune": "sanyo"},
          {"sekkasen": {"genji": 1, "heike": 2}}, card="H03", deck=NEXT)
    load(g, 6, 6, 6)                                     # nobody hits; 義経 still has his retainer
    play(g, Order("battle"))
    assert not [e for e in g.events if e.kind == "LeaderFate"]


def test_battle_leader_retreat_choice_and_no_retreat_into_enemies():
    g = P({"yoshitsune": "sekkasen", "shigehira": "sekkasen"},
          {"sekkasen": {"genji": 2, "heike": 1}, "kyo": {"heike": 1}, "yamato": {"heike": 1},
           "kii": {"heike": 1, "genji": 1}}, card="G02", deck=NEXT)
    load(g, 1, 6, 6, 2)
    play(g, Order("battle"))
    assert g.pending().kind == "retreat" and g.pending().seat == "TAIRA"
    assert set(g.legal_actions()) == {RetreatTo("kyo"), RetreatTo("yamato")}
    g.apply(RetreatTo("yamato"))
    assert g.loc("shigehira") == "yamato"


# -- [11.0] adjustment, [12.0] control ----------------------------------------------------------------------------
def test_adjustment_removes_retainers_above_supply_generals_not_counted():
    g = P({"koremori": "tokai"}, {"tokai": {"heike": 3}, "ou": {"fujiwara": 6}, "kyo": {"heike": 3}},
          turn=1, start="adjust")
    assert g.garrison("tokai") == {"heike": 2} and g.garrison("ou") == {"fujiwara": 4}
    assert g.garrison("kyo") == {"heike": 3}


def test_adjustment_shared_areas_split_the_supply_odd_point_by_die():
    g = P({}, {"owari": {"genji": 3, "heike": 3}}, turn=1, start="adjust", seed=0)
    got = g.garrison("owari")
    assert sorted(got.values()) == [1, 2]
    g = P({}, {"owari": {"genji": 3, "heike": 1}}, turn=1, start="adjust")
    assert g.garrison("owari") == {"genji": 2, "heike": 1}         # only Genji is over: no roll


def test_adjustment_removes_the_markers():
    g = P({"koremori": "tokai", "yoshitsune": "tokai"}, {}, turn=1, start="adjust",
          markers=Markers(okubyo="koremori", kajiwara="yukiie"))
    assert g.markers() == Markers()


def test_control_one_clan_of_retainers_only():
    g = P({"yoshitsune": "owari"}, {"owari": {"heike": 2}, "ise": {"heike": 1, "kono": 1}})
    assert g.controller("owari") == "heike" and g.side_controls("owari") == "TAIRA"
    assert g.controller("ise") is None and g.controller("omi") is None


def test_control_kiso_by_turn():
    assert [P({}, {"shinano": {"kiso": 1}}, turn=t).side_controls("shinano") for t in (3, 4, 5)] == \
        ["MINAMOTO", None, "TAIRA"]


# -- [13.0] victory -----------------------------------------------------------------------------------------------
def test_sudden_death_yoritomo_removed_heike_wins():
    g = P({"yoritomo": "tokai", "tomomori": "tokai"}, {"tokai": {"genji": 1, "heike": 2}}, card="H02",
          deck=NEXT)
    load(g, 1, 6, 6, 6)
    play(g, Order("battle"))
    assert g.is_over() and g.result().winner == "TAIRA"


def test_sudden_death_munemori_removed_genji_wins():
    g = P({"yoshitsune": "kyo", "munemori": "kyo"}, {"kyo": {"genji": 2, "heike": 1}}, card="G02", deck=NEXT)
    load(g, 1, 6, 6, 6)
    play(g, Order("battle"))
    assert g.is_over() and g.result().winner == "MINAMOTO"


BASES = ("minami_kanto", "kyo", "shikoku", "kita_kyushu")


def test_victory_all_four_base_areas_at_the_end_of_a_turn():
    g = P({}, {b: {"heike": 1} for b in BASES}, turn=2, start="adjust")
    assert g.result().winner == "TAIRA"
    g = P({}, {"minami_kanto": {"genji": 1}, "kyo": {"ogata": 1}, "shikoku": {"kono": 1},
               "kita_kyushu": {"sohei": 1}}, turn=2, start="adjust")
    assert g.result().winner == "MINAMOTO"           # allied clans count


def test_victory_after_turn_7_genji_with_three_base_areas():
    g = P({}, {"minami_kanto": {"genji": 1}, "kyo": {"genji": 1}, "shikoku": {"kono": 1}}, turn=7, start="adjust")
    assert g.result().winner == "MINAMOTO"


def test_victory_after_turn_7_heike_with_two_base_areas():
    g = P({}, {"minami_kanto": {"genji": 1}, "kyo": {"genji": 1}, "shikoku": {"heike": 1},
               "kita_kyushu": {"heike": 1}}, turn=7, start="adjust")
    assert g.result().winner == "TAIRA"


def test_victory_after_turn_7_otherwise_areas_with_bases_counting_2():
    g = P({}, {"minami_kanto": {"genji": 1}, "kyo": {"heike": 1}, "owari": {"heike": 1}}, turn=7, start="adjust")
    assert g.result().winner == "TAIRA" and dict(g.result().scores) == {"MINAMOTO": 2, "TAIRA": 3}
    g = P({}, {"minami_kanto": {"genji": 1}, "kyo": {"heike": 1}}, turn=7, start="adjust")
    assert g.result().winner is None                 # a tie is a draw (ruling)


def test_no_victory_before_turn_7_without_all_bases():
    g = P({}, {b: {"heike": 1} for b in BASES[1:]}, turn=3, start="adjust")
    assert not g.is_over() and g.track().turn == 4


# -- events ---------------------------------------------------------------------------------------------------------
def test_illegal_actions_are_refused():
    g = P({"tomomori": "kyo"}, {"kyo": {"heike": 2}}, start="use", card="H02", deck=NEXT)
    with pytest.raises(IllegalActionError):
        g.apply(TurnCard())


# -- event cards (sheet §3.6) ---------------------------------------------------------------------------------------
def test_mizutori_haoto_puts_the_coward_marker_on_a_heike_general_near_genji():
    g = P({"koremori": "tokai", "tomomori": "bungo"}, {"tokai": {"heike": 2}, "owari": {"genji": 1},
                                                       "bungo": {"heike": 1}}, card="G09", deck=NEXT)
    g.apply(UseCard("play"))
    assert g.legal_actions() == [Target("koremori")]
    g.apply(Target("koremori"))
    assert g.markers().okubyo == "koremori"


def test_go_shirakawa_intrigue_sends_an_enemy_general_to_the_waiting_box():
    g = P({"tomomori": "kyo", "munemori": "kyo"}, {"kyo": {"heike": 2}}, court=3, card="C02", deck=NEXT)
    g.apply(UseCard("play"))
    assert g.legal_actions() == [Target("tomomori")]          # never 宗盛
    g.apply(Target("tomomori"))
    assert g.loc("tomomori") == "waiting_box" and g.garrison("kyo") == {"heike": 2}
