"""ノモンハンの戦い: one test per rule clause, on small hand-built positions.

Section numbers are those of the rules (seed 002); "sheet" is the data sheet
../shared/rules/nomonhan.md. Hex numbers are RRCC.
"""
from __future__ import annotations

import pytest

from game.core.errors import IllegalActionError
from game.rulesets.nomonhan import Nomonhan
from game.rulesets.nomonhan.actions import (Advance, Assign, BlowBridge, EndAdvance, EndDeclarations, EndPhase,
                                            Enter, Move, Resolve, Retreat, StepLoss)
from tests.helpers import kinds, load

P = Nomonhan.from_position


def moves_of(g, key):
    return {a.to for a in g.legal_actions() if isinstance(a, Move) and a.unit == key}


def sov_phase(units, **kw):
    """The Soviets' (non-initiative) half of turn 1."""
    return P(units, initiative="JP", half=1, **kw)


# -- [3.0] set-up ------------------------------------------------------------------
def test_setup_places_the_seven_starting_units():
    g = Nomonhan(seed=1)
    assert {k: g.pos(k) for k in ("JP_KOB", "JP_T3", "JP_T4", "SV_149", "SV_9", "SV_615", "SV_ART")} == {
        "JP_KOB": "0308", "JP_T3": "0408", "JP_T4": "0608", "SV_149": "0402", "SV_9": "0503",
        "SV_615": "0107", "SV_ART": "0102"}


def test_setup_turn_marker_on_turn_1_with_japan_holding_the_initiative():
    g = Nomonhan(seed=1)
    assert (g.marker().turn, g.marker().initiative) == (1, "JP")
    assert g.pending().seat == "JP" and g.pending().kind == "move"


def test_setup_reinforcements_wait_off_the_map():
    g = Nomonhan(seed=1)
    assert [g.pos(k) for k in ("JP_YAM", "SV_11", "SV_24")] == [None, None, None]


# -- [8.0] movement --------------------------------------------------------------------
def test_clear_hex_costs_one_movement_point():
    g = P({"JP_T3": "0408"})
    r = g.reachable("JP_T3")
    assert r["0407"] == 1 and r["0406"] == 2 and r["0405"] == 3 and "0404" not in r


def test_hill_costs_two_movement_points():
    g = sov_phase({"SV_615": "0107"})
    r = g.reachable("SV_615")
    assert r["0106"] == 2
    assert "0105" not in r          # 2 + 2 > MA 3, and the way round also costs 4


def test_impassable_hexes_cannot_be_entered():
    g = sov_phase({"SV_149": "0302"})
    r = g.reachable("SV_149")
    assert not {"0301", "0401", "0501"} & set(r)


def test_river_without_bridge_cannot_be_crossed():
    g = P({"JP_KOB": "0204"})
    assert not {"0304", "0305"} & set(g.reachable("JP_KOB"))


def test_no_stacking_a_unit_may_not_end_on_a_friendly_unit_but_may_pass_through():
    g = P({"JP_T3": "0208", "JP_KOB": "0308"})
    r = g.reachable("JP_T3")
    assert "0308" not in r
    assert {"0307", "0407", "0408"} <= set(r)     # only reachable through 0308


def test_military_bridge_carries_infantry():
    g = P({"JP_KOB": "0308"})
    assert "0207" in g.reachable("JP_KOB")


def test_military_bridge_does_not_carry_tanks():
    g = P({"JP_T3": "0308"})
    assert "0207" not in g.reachable("JP_T3")


def test_military_bridge_carries_motorized_infantry_but_not_the_armoured_cars():
    """[8.0] "infantry/cavalry only": 36/149 is infantry on lorries; 9 has a silhouette."""
    assert "0207" in sov_phase({"SV_149": "0308"}).reachable("SV_149")
    assert "0207" not in sov_phase({"SV_9": "0308"}).reachable("SV_9")


def test_soviet_bridge_carries_every_unit():
    g = sov_phase({"SV_9": "0302"})
    assert "0201" in g.reachable("SV_9")


def test_japan_may_blow_the_military_bridge_with_a_unit_in_0207_or_0308():
    g = P({"JP_KOB": "0308"})
    assert BlowBridge() in g.legal_actions()
    ev = g.apply(BlowBridge())
    assert "BridgeBlown" in kinds(ev)
    assert [b.intact for b in g.bridges() if b.kind == "military"] == [False]
    assert "0207" not in g.reachable("JP_KOB")     # now plain river


def test_japan_may_not_blow_the_bridge_without_a_unit_beside_it():
    g = P({"JP_KOB": "0408"})
    assert BlowBridge() not in g.legal_actions()


def test_only_japan_may_blow_the_bridge():
    g = sov_phase({"SV_615": "0207", "JP_KOB": "0508"})
    assert BlowBridge() not in g.legal_actions()


def test_a_unit_moves_once_per_movement_phase():
    g = P({"JP_T3": "0408", "JP_T4": "0608"})
    g.apply(Move("JP_T3", "0407"))
    assert not moves_of(g, "JP_T3") and moves_of(g, "JP_T4")


# -- [7.0] zones of control ------------------------------------------------------------
def test_entering_enemy_zoc_stops_movement():
    free = sov_phase({"SV_11": "0408", "JP_KOB": "0101"})
    assert free.reachable("SV_11")["0404"] == 4
    g = sov_phase({"SV_11": "0408", "JP_KOB": "0505"})
    r = g.reachable("SV_11")
    assert r["0405"] == 3 and "0404" not in r


def test_a_unit_in_enemy_zoc_may_not_move_out():
    g = P({"JP_T3": "0404", "SV_149": "0403", "JP_T4": "0608"})
    assert not moves_of(g, "JP_T3")


def test_the_artillery_exerts_zoc_too():
    g = P({"JP_KOB": "0203", "SV_ART": "0102"})
    r = g.reachable("JP_KOB")
    assert "0202" in r and "0201" not in r          # 0202 is next to the guns: the move stops there


def test_zoc_does_not_extend_across_an_unbridged_river():
    g = P({"JP_KOB": "0304", "SV_615": "0204"})
    assert moves_of(g, "JP_KOB")


def test_zoc_extends_across_a_bridge():
    g = P({"JP_T3": "0302", "SV_615": "0201", "JP_T4": "0608"})
    assert not moves_of(g, "JP_T3")


def test_zoc_no_longer_extends_across_a_blown_bridge():
    intact = P({"JP_KOB": "0308", "SV_615": "0207"})
    assert not moves_of(intact, "JP_KOB")
    blown = P({"JP_KOB": "0308", "SV_615": "0207"}, blown=True)
    assert moves_of(blown, "JP_KOB")


# -- [8.0] reinforcements ----------------------------------------------------------------
def test_reinforcement_enters_on_its_flag_hex_in_its_turn():
    g = P({"JP_KOB": "0308", "SV_149": "0402"}, turn=2)
    assert g.pos("JP_YAM") == "0508"
    assert "ReinforcementArrived" in kinds(g.events)


def test_reinforcement_may_move_in_the_phase_it_enters():
    g = P({"JP_KOB": "0308"}, turn=2)
    assert moves_of(g, "JP_YAM")


def test_reinforcement_is_delayed_while_an_enemy_holds_the_flag_hex():
    g = P({"JP_KOB": "0308", "SV_149": "0508"}, turn=2)
    assert g.pos("JP_YAM") is None
    assert "ReinforcementDelayed" in kinds(g.events)
    assert not any(isinstance(a, Enter) for a in g.legal_actions())


def test_reinforcement_waits_for_a_friendly_unit_to_leave_the_flag_hex():
    g = P({"JP_T3": "0508", "JP_KOB": "0308"}, turn=2)
    assert g.pos("JP_YAM") is None and Enter("JP_YAM") not in g.legal_actions()
    g.apply(Move("JP_T3", "0507"))
    g.apply(Enter("JP_YAM"))
    assert g.pos("JP_YAM") == "0508" and moves_of(g, "JP_YAM")


def test_reinforcement_not_due_before_its_turn():
    g = P({"JP_KOB": "0308"}, turn=1)
    assert g.pos("JP_YAM") is None and "ReinforcementDelayed" not in kinds(g.events)


def test_the_11th_tank_brigade_enters_on_turn_4():
    """Sheet (§): GT 3 or GT 4 both fit the play report; data.json plays GT 4 (balance.issue_12)."""
    assert sov_phase({"JP_KOB": "0308"}, turn=3).pos("SV_11") is None
    assert sov_phase({"JP_KOB": "0308"}, turn=4).pos("SV_11") == "0201"


def test_the_11th_tank_brigade_attacks_with_3_dice_at_full_strength_and_2_when_reduced():
    """Sheet (§): its values are RECONSTRUCTED (A4 D2 / A2 D1); data.json plays A3 at full
    strength (balance.issue_12): the brigade is no longer the strongest attacker on the map."""
    units = {"SV_11": "0504", "JP_T3": "0404"}
    full = sov_phase(units, phase="declare").strengths(("SV_11",), "JP_T3")
    assert (full["attack_dice"], full["defense_dice"]) == (3, 1)
    flipped = sov_phase(units, steps_lost={"SV_11": 1}, phase="declare").strengths(("SV_11",), "JP_T3")
    assert flipped["attack_dice"] == 2


# -- [9.0] combat: who attacks whom ----------------------------------------------------------
def test_a_unit_in_enemy_zoc_must_attack():
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    assert g.pending().kind == "declare"         # JP_T3 could not move: the phase passed
    assert EndDeclarations() not in g.legal_actions()
    g.apply(Assign("JP_T3", "SV_149"))
    assert EndDeclarations() in g.legal_actions()


def test_a_unit_on_a_hill_need_not_attack():
    g = sov_phase({"SV_615": "0106", "JP_KOB": "0206"}, phase="declare")
    legal = g.legal_actions()
    assert Assign("SV_615", "JP_KOB") in legal and EndDeclarations() in legal


def test_each_attacker_attacks_once():
    g = P({"JP_T3": "0404", "SV_149": "0403", "SV_9": "0504"})
    g.apply(Assign("JP_T3", "SV_149"))
    assert not [a for a in g.legal_actions() if isinstance(a, Assign) and a.attacker == "JP_T3"]


def test_each_defender_is_attacked_once_by_all_its_attackers_together():
    g = P({"JP_T3": "0404", "JP_T4": "0304", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_149"))
    load(g, 1, 1, 1, 1, 1, 1, 1)
    ev = g.apply(EndDeclarations())
    starts = [e for e in ev if e.kind == "CombatStarted"]
    assert len(starts) == 1 and starts[0]["attack_dice"] == 5 and starts[0]["defense_dice"] == 2


def test_all_pairings_are_declared_before_any_die_is_rolled():
    g = P({"JP_T3": "0404", "JP_T4": "0304", "SV_149": "0403"})
    ev = g.apply(Assign("JP_T3", "SV_149")) + g.apply(Assign("JP_T4", "SV_149"))
    assert "DiceRolled" not in kinds(ev)


def test_no_attack_across_an_unbridged_river():
    g = P({"JP_KOB": "0304", "SV_615": "0204"}, phase="declare")
    assert Assign("JP_KOB", "SV_615") not in g.legal_actions()


def test_a_tank_may_attack_across_the_military_bridge():
    g = P({"JP_T3": "0308", "SV_615": "0207"}, phase="declare")
    assert Assign("JP_T3", "SV_615") in g.legal_actions()


def test_the_player_chooses_the_order_of_declared_combats():
    g = P({"JP_T3": "0404", "JP_T4": "0604", "SV_149": "0403", "SV_9": "0504"})
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_9"))
    g.apply(EndDeclarations())
    assert g.pending().kind == "order"
    assert set(g.legal_actions()) == {Resolve("SV_149"), Resolve("SV_9")}


# -- [9.0] combat: dice ---------------------------------------------------------------------
def test_each_side_rolls_its_total_strength_and_hits_on_5_or_6():
    g = P({"JP_T3": "0404", "JP_T4": "0304", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_149"))
    load(g, 5, 6, 4, 1, 2, 6, 3)
    ev = g.apply(EndDeclarations())
    res = next(e for e in ev if e.kind == "CombatResolved")
    assert res["attack_rolls"] == (5, 6, 4, 1, 2) and res["attack_hits"] == 2
    assert res["defense_rolls"] == (6, 3) and res["defense_hits"] == 1
    assert res["loser"] == "SOV" and res["losses"] == 1


def test_attacks_against_a_hill_hit_only_on_6():
    g = P({"JP_KOB": "0206", "SV_615": "0106"}, phase="declare")
    g.apply(Assign("JP_KOB", "SV_615"))
    load(g, 5, 5, 5, 6, 5)
    ev = g.apply(EndDeclarations())
    res = next(e for e in ev if e.kind == "CombatResolved")
    assert res["attack_hits"] == 1 and res["defense_hits"] == 1 and res["loser"] == ""


def test_an_attacker_on_a_hill_does_not_limit_the_defenders_dice():
    g = sov_phase({"SV_615": "0106", "JP_KOB": "0206"}, phase="declare")
    s = g.strengths(("SV_615",), "JP_KOB")
    assert s["attack_hits_on"] == (5, 6) and s["defense_hits_on"] == (5, 6)


def test_a_tank_attacks_with_its_attack_value_and_defends_with_its_defence_value():
    g = sov_phase({"SV_9": "0504", "JP_T3": "0404"}, phase="declare")
    s = g.strengths(("SV_9",), "JP_T3")
    assert (s["attack_dice"], s["defense_dice"]) == (3, 1)
    g2 = P({"JP_T3": "0404", "SV_9": "0504"}, phase="declare")
    s2 = g2.strengths(("JP_T3",), "SV_9")
    assert (s2["attack_dice"], s2["defense_dice"]) == (2, 1)


def test_a_flipped_unit_uses_its_back_values():
    g = P({"JP_KOB": "0404", "SV_149": "0403"}, steps_lost={"JP_KOB": 1}, phase="declare")
    assert g.strengths(("JP_KOB",), "SV_149")["attack_dice"] == 2


def test_a_tie_in_hits_means_no_losses():
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 5, 1, 6, 1)
    ev = g.apply(EndDeclarations())
    assert not {"StepLost", "UnitRetreated"} & set(kinds(ev))
    assert g.pending().seat == "SOV"         # the combat phase is over: the Soviets' half


def test_soviet_artillery_adds_one_to_a_soviet_attack_within_3_hexes():
    g = sov_phase({"SV_ART": "0102", "SV_615": "0204", "JP_KOB": "0203"}, phase="declare")
    assert g.board.distance("0102", "0203") <= 3
    s = g.strengths(("SV_615",), "JP_KOB")
    assert s["attack_dice"] == 2 and ("attacker", "Soviet artillery within range", 1) in s["modifiers"]


def test_soviet_artillery_supports_every_attack_in_range_in_one_phase():
    g = sov_phase({"SV_ART": "0102", "SV_615": "0204", "SV_149": "0302", "JP_KOB": "0203", "JP_T3": "0303"},
                  phase="declare")
    assert g.strengths(("SV_615",), "JP_KOB")["attack_dice"] == 2
    assert g.strengths(("SV_149",), "JP_T3")["attack_dice"] == 3


def test_soviet_artillery_does_not_reach_beyond_3_hexes():
    g = sov_phase({"SV_ART": "0102", "SV_149": "0507", "JP_T3": "0508"}, phase="declare")
    assert g.board.distance("0102", "0508") > 3
    assert g.strengths(("SV_149",), "JP_T3")["attack_dice"] == 2


def test_soviet_artillery_supports_attacks_only_unless_the_option_is_set():
    units = {"SV_ART": "0102", "SV_615": "0204", "JP_KOB": "0203"}
    assert P(units, phase="declare").strengths(("JP_KOB",), "SV_615")["defense_dice"] == 1
    opt = P(units, phase="declare", options={"artillery_on_defense": True})
    assert opt.strengths(("JP_KOB",), "SV_615")["defense_dice"] == 2


def test_an_attack_across_a_bridge_adds_one_to_the_defender():
    g = P({"JP_KOB": "0308", "SV_615": "0207"}, phase="declare")
    s = g.strengths(("JP_KOB",), "SV_615")
    assert s["defense_dice"] == 2 and ("defender", "attack across a bridge", 1) in s["modifiers"]


# -- [9.0] combat: losses, retreat, advance ------------------------------------------------------
def _two_tanks_beat_149(*faces):
    g = P({"JP_T3": "0404", "JP_T4": "0304", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_149"))
    load(g, *faces)
    g.apply(EndDeclarations())
    return g


def test_the_loser_takes_the_difference_in_hits_as_losses():
    g = _two_tanks_beat_149(5, 6, 5, 1, 1, 1, 1)
    d = g.pending()
    assert d.seat == "SOV" and d.kind == "loss" and d.get("losses_left") == 3


def test_each_loss_is_a_one_hex_retreat_or_a_step_the_loser_chooses():
    g = _two_tanks_beat_149(5, 6, 1, 1, 1, 1, 1)
    assert set(g.legal_actions()) == {StepLoss("SV_149"), Retreat("SV_149", "0402"), Retreat("SV_149", "0503")}


def test_no_retreat_into_enemy_zoc_or_onto_a_unit():
    g = P({"JP_T3": "0404", "JP_T4": "0304", "SV_149": "0403", "SV_9": "0402", "JP_KOB": "0603"}, phase="declare")
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_149"))
    load(g, 5, 6, 1, 1, 1, 1, 1)
    g.apply(EndDeclarations())
    # 0402 holds a friend, 0503 and 0303/0504 are in Japanese ZOC: only a step loss is left
    assert g.legal_actions() == [StepLoss("SV_149")]


def test_no_retreat_across_an_unbridged_river():
    g = P({"JP_KOB": "0202", "SV_ART": "0102"})
    assert g.retreat_hexes("SV_ART") == ["0101"]      # 0201 and 0103 are in ZOC
    g2 = P({"JP_T3": "0404", "SV_615": "0304"})
    assert not {"0203", "0204"} & set(g2.retreat_hexes("SV_615"))


def test_a_two_step_unit_flips_and_then_is_eliminated():
    g = _two_tanks_beat_149(5, 6, 1, 1, 1, 1, 1)
    g.apply(StepLoss("SV_149"))
    assert g.steps_lost("SV_149") == 1 and g.pos("SV_149") == "0403"
    assert g.defense_value("SV_149") == 1
    g.apply(StepLoss("SV_149"))
    assert g.pos("SV_149") is None and g.is_eliminated("SV_149")


def test_a_one_step_unit_is_eliminated_by_its_first_step_loss():
    g = P({"JP_T3": "0404", "SV_615": "0403"})
    g.apply(Assign("JP_T3", "SV_615"))
    load(g, 5, 1, 1)
    g.apply(EndDeclarations())
    ev = g.apply(StepLoss("SV_615"))
    assert "UnitEliminated" in kinds(ev) and g.pos("SV_615") is None


def test_losses_stop_when_every_losing_unit_is_gone():
    g = P({"JP_T3": "0404", "SV_615": "0403"})
    g.apply(Assign("JP_T3", "SV_615"))
    load(g, 5, 6, 1)
    g.apply(EndDeclarations())
    g.apply(StepLoss("SV_615"))
    assert g.pending().kind != "loss"


def test_the_winner_gets_one_advance_point_per_loss_when_the_enemy_hex_is_emptied():
    g = _two_tanks_beat_149(5, 6, 1, 1, 1, 1, 1)
    g.apply(Retreat("SV_149", "0402"))
    g.apply(Retreat("SV_149", "0302"))
    d = g.pending()
    assert d.seat == "JP" and d.kind == "advance" and d.get("advance_left") == 2
    g.apply(Advance("JP_T3", "0403"))
    g.apply(Advance("JP_T3", "0402"))
    assert g.pos("JP_T3") == "0402" and g.pending().kind != "advance"


def test_no_advance_when_the_enemy_stays_in_its_hex():
    g = _two_tanks_beat_149(5, 1, 1, 1, 1, 1, 1)
    g.apply(StepLoss("SV_149"))
    assert g.pending().kind != "advance" and g.pending().seat == "SOV"


def test_advance_ignores_zoc_and_need_not_enter_the_emptied_hex():
    g = P({"JP_T3": "0404", "SV_149": "0403", "SV_9": "0503"})
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 5, 1, 1, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("SV_149", "0402"))
    legal = set(g.legal_actions())
    assert Advance("JP_T3", "0403") in legal           # next to SV_9 and SV_149: enemy ZOC
    assert Advance("JP_T3", "0405") in legal           # any free hex
    assert EndAdvance() in legal


def test_a_winning_defender_advances_too():
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 1, 1, 5, 6)
    g.apply(EndDeclarations())
    g.apply(Retreat("JP_T3", "0405"))
    g.apply(Retreat("JP_T3", "0406"))
    d = g.pending()
    assert d.seat == "SOV" and d.kind == "advance" and d.get("advance_left") == 2


def _kob_beats_149(units, *faces):
    g = P(units, phase="declare")
    g.apply(Assign("JP_KOB", "SV_149"))
    load(g, *faces)
    g.apply(EndDeclarations())
    return g


def retreats(g):
    return {a.to for a in g.legal_actions() if isinstance(a, Retreat)}


def test_a_retreat_hex_must_be_new_to_the_unit_in_this_combat():
    """[9.0] A retreat moves away: the unit may not pay its losses by shuttling
    between hexes (the issue's 0403→0503→0602→0503→0602)."""
    g = _kob_beats_149({"JP_KOB": "0404", "SV_149": "0403"}, 6, 6, 6, 6, 1, 1)
    g.apply(Retreat("SV_149", "0503"))
    g.apply(Retreat("SV_149", "0602"))
    assert "0503" not in retreats(g)
    # sideways is allowed, back is not: 0503 → 0402 keeps its distance from 0404 ...
    g = _kob_beats_149({"JP_KOB": "0404", "SV_149": "0403"}, 6, 6, 6, 6, 1, 1)
    g.apply(Retreat("SV_149", "0503"))
    assert "0402" in retreats(g)
    g.apply(Retreat("SV_149", "0402"))
    # ... and 0503, no nearer either, was already stood in
    assert g.board.distance("0503", "0404") == g.board.distance("0402", "0404")
    assert "0503" not in retreats(g) and "0503" in g.retreat_hexes("SV_149")


def test_a_retreat_hex_may_not_be_nearer_to_the_enemy_it_fought():
    g = _kob_beats_149({"JP_KOB": "0404", "SV_149": "0403"}, 6, 6, 6, 6, 1, 1)
    g.apply(Retreat("SV_149", "0503"))
    g.apply(Retreat("SV_149", "0502"))          # three hexes from 0404
    assert "0402" in g.retreat_hexes("SV_149")   # free, out of ZOC, never stood in ...
    assert g.board.distance("0402", "0404") == 2
    assert retreats(g) == {"0602", "0601"}       # ... but nearer to Kobayashi


def test_a_unit_that_cannot_retreat_away_loses_a_step():
    """Driven into the corner at 0108 its only free neighbour is 0207, where it has
    already been: the next loss is a step."""
    g = _kob_beats_149({"JP_KOB": "0106", "SV_149": "0107"}, 6, 6, 6, 6, 1, 1)
    g.apply(Retreat("SV_149", "0207"))
    g.apply(Retreat("SV_149", "0108"))
    assert g.retreat_hexes("SV_149") == ["0207"]
    assert g.legal_actions() == [StepLoss("SV_149")]


def test_advance_points_equal_the_losses_imposed_not_the_steps_taken():
    """[9.0] "advance points equal to the losses dealt to the enemy": three hits
    against a one-step unit give three points."""
    g = P({"JP_T4": "0404", "SV_615": "0403"}, phase="declare")
    g.apply(Assign("JP_T4", "SV_615"))
    load(g, 5, 5, 6, 1)
    g.apply(EndDeclarations())
    ev = g.apply(StepLoss("SV_615"))
    offered = next(e for e in ev if e.kind == "AdvanceOffered")
    assert offered["points"] == 3 and g.pending().get("advance_left") == 3
    for to in ("0403", "0402", "0302"):
        g.apply(Advance("JP_T4", to))
    assert g.pos("JP_T4") == "0302" and g.pending().kind != "advance"


def test_any_unit_of_the_winner_may_advance_not_only_those_that_fought():
    """[9.0] "1 advance point moves one of your units one hex"."""
    g = P({"JP_T3": "0404", "SV_149": "0403", "JP_KOB": "0308"}, phase="declare")
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 5, 6, 1, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("SV_149", "0402"))
    g.apply(Retreat("SV_149", "0302"))
    assert set(g.advancers()) == {"JP_T3", "JP_KOB"}
    assert Advance("JP_KOB", "0207") in g.legal_actions()      # over the military bridge: infantry
    g.apply(Advance("JP_KOB", "0307"))
    g.apply(Advance("JP_T3", "0403"))
    assert (g.pos("JP_KOB"), g.pos("JP_T3")) == ("0307", "0403")


def test_a_unit_in_a_combat_not_yet_resolved_may_not_advance():
    """All pairings are fixed before the first combat is resolved: a unit still to
    fight stays where it is."""
    g = P({"JP_T3": "0404", "JP_T4": "0604", "SV_149": "0403", "SV_9": "0504", "JP_KOB": "0308"},
          phase="declare")
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_9"))
    g.apply(EndDeclarations())
    load(g, 5, 6, 1, 1)
    g.apply(Resolve("SV_149"))
    g.apply(Retreat("SV_149", "0402"))
    g.apply(Retreat("SV_149", "0302"))
    assert set(g.advancers()) == {"JP_T3", "JP_KOB"}
    assert not [a for a in g.legal_actions() if isinstance(a, Advance) and a.unit == "JP_T4"]


def test_the_artillery_never_advances():
    """It has no movement allowance; advancing is a move by choice (it may still
    retreat, as a loss taken instead of a step)."""
    g = P({"JP_T3": "0404", "SV_149": "0403", "SV_ART": "0102", "SV_615": "0107"}, phase="declare")
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 1, 1, 5, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("JP_T3", "0405"))
    assert g.pending().kind == "advance" and sorted(g.advancers()) == ["SV_149", "SV_615"]


def test_the_soviet_artillery_may_not_attack_and_has_no_duty_to_attack():
    """[9.0] Only tanks have separate attack and defence values; the artillery's way
    into an attack is its support (+1 within 3 hexes). It cannot attack as well,
    which would count its guns twice, and off its hill in enemy ZOC it need not."""
    g = sov_phase({"SV_ART": "0201", "SV_615": "0203", "JP_KOB": "0202"}, phase="declare")
    legal = g.legal_actions()
    assert legal == [Assign("SV_615", "JP_KOB")]          # 6/15 must attack; the guns may not
    assert "0201" not in g.facts.hills and g.must_attack("SV_615") and not g.must_attack("SV_ART")
    g.apply(Assign("SV_615", "JP_KOB"))
    assert g.legal_actions() == [EndDeclarations()]
    assert g.strengths(("SV_615",), "JP_KOB")["attack_dice"] == 2      # 1 + the artillery's support


# -- [6.0] initiative -------------------------------------------------------------------------
def test_a_loss_by_the_initiative_side_ends_the_turn_at_once_and_passes_the_initiative():
    g = P({"JP_T3": "0404", "JP_T4": "0604", "SV_149": "0403", "SV_9": "0504"})
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_9"))
    g.apply(EndDeclarations())
    load(g, 1, 1, 5, 1)
    g.apply(Resolve("SV_149"))
    ev = g.apply(StepLoss("JP_T3"))
    assert "InitiativeLost" in kinds(ev)
    assert not [e for e in ev if e.kind == "CombatStarted"]      # the attack on SV_9 is off
    assert (g.marker().turn, g.marker().initiative) == (2, "SOV")
    assert g.pending().seat == "SOV" and g.flow().half == 0      # the Soviets' half comes first


def test_a_retreat_by_the_initiative_side_also_ends_the_turn():
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 1, 1, 5, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("JP_T3", "0405"))
    assert g.pending().kind == "advance"                 # the combat finishes first
    g.apply(EndAdvance())
    assert (g.marker().turn, g.marker().initiative) == (2, "SOV")


def test_losses_of_the_side_without_initiative_do_not_end_the_turn():
    g = _two_tanks_beat_149(5, 1, 1, 1, 1, 1, 1)
    g.apply(StepLoss("SV_149"))
    assert g.marker().turn == 1 and g.marker().initiative == "JP"


def test_a_switch_in_the_other_sides_combat_phase_lets_that_side_act_again():
    g = sov_phase({"SV_9": "0504", "JP_T3": "0404"}, phase="declare")
    g.apply(Assign("SV_9", "JP_T3"))
    load(g, 5, 1, 1, 1)
    g.apply(EndDeclarations())
    g.apply(StepLoss("JP_T3"))
    assert (g.marker().turn, g.marker().initiative) == (2, "SOV")
    assert g.pending().seat == "SOV" and g.flow().half == 0      # the Soviets' half comes first


def test_without_a_switch_the_cycle_repeats_inside_the_turn():
    g = sov_phase({"SV_149": "0402", "JP_T3": "0408"}, phase="declare")
    ev = g.apply(EndDeclarations())
    assert "CycleRepeats" in kinds(ev)
    assert g.marker().turn == 1 and g.marker().cycle == 1
    assert g.pending().seat == "JP" and g.pending().kind == "move"


def test_the_turn_does_not_end_while_the_initiative_side_keeps_winning():
    """[5.0] Only a loss by the initiative side ends a turn: a cycle in which the other
    side lost does not count towards the bound that keeps games finite, however many
    cycles the turn has had."""
    g = P({"JP_T3": "0404", "SV_615": "0403", "SV_ART": "0102"}, phase="declare", idle=3)
    limit = g.idle_limit
    assert limit == 4
    g.put(g.marker_ent, g.marker().__class__(1, "JP", 9, limit - 1))   # nine cycles gone, three quiet
    g.apply(Assign("JP_T3", "SV_615"))
    load(g, 5, 1, 1)
    g.apply(EndDeclarations())
    g.apply(StepLoss("SV_615"))                                     # Japan won: 6/15 is eliminated
    ev = g.apply(EndAdvance())                                      # the Soviets have nothing to do
    assert "CycleRepeats" in kinds(ev) and "CycleLimit" not in kinds(ev)
    assert (g.marker().turn, g.marker().cycle, g.marker().idle) == (1, 10, 0)
    assert g.pending().seat == "JP" and g.pending().kind == "move"


def test_a_quiet_cycle_counts_towards_the_bound():
    g = sov_phase({"SV_149": "0402", "JP_T3": "0408"}, phase="declare", idle=1)
    ev = g.apply(EndDeclarations())
    assert "CycleRepeats" in kinds(ev) and g.marker().idle == 2


def test_a_tie_is_a_quiet_cycle():
    g = sov_phase({"SV_9": "0504", "JP_T3": "0404"}, phase="declare", idle=2)
    g.apply(Assign("SV_9", "JP_T3"))
    load(g, 5, 1, 1, 6)
    ev = g.apply(EndDeclarations())
    assert "CycleRepeats" in kinds(ev) and g.marker().idle == 3


def test_the_turn_ends_after_the_bound_of_quiet_cycles_in_a_row_with_the_initiative_kept():
    g = sov_phase({"SV_149": "0402", "JP_T3": "0408"}, phase="declare", idle=3)
    ev = g.apply(EndDeclarations())
    assert "CycleLimit" in kinds(ev)
    assert (g.marker().turn, g.marker().initiative, g.marker().idle) == (2, "JP", 0)


# -- [5.0] end of the game ---------------------------------------------------------------------
def _end_of_turn(turn, *faces):
    g = sov_phase({"SV_149": "0402", "JP_T3": "0408"}, phase="declare", turn=turn,
                  options={"idle_cycles_per_turn": 1})
    load(g, *faces)
    g.apply(EndDeclarations())
    return g


def test_end_of_turn_6_roll_of_1_or_2_ends_the_game():
    assert _end_of_turn(6, 2).is_over()
    assert not _end_of_turn(6, 3).is_over()


def test_end_of_turn_7_roll_of_1_to_3_ends_the_game():
    assert _end_of_turn(7, 3).is_over()
    assert not _end_of_turn(7, 4).is_over()


def test_no_end_roll_after_other_turns():
    g = _end_of_turn(5)            # no faces loaded: any roll would fail the test
    assert not g.is_over() and g.marker().turn == 6


def test_the_game_ends_after_turn_8():
    g = _end_of_turn(8)
    assert g.is_over() and g.result().winner is None


def test_japan_wins_at_once_by_eliminating_the_artillery():
    g = P({"JP_KOB": "0202", "SV_ART": "0102"}, phase="declare")
    g.apply(Assign("JP_KOB", "SV_ART"))
    load(g, 6, 6, 1, 1, 1)
    g.apply(EndDeclarations())
    g.apply(Retreat("SV_ART", "0101"))
    assert g.legal_actions() == [StepLoss("SV_ART")]      # no retreat left from 0101
    ev = g.apply(StepLoss("SV_ART"))
    assert "GameOver" in kinds(ev)
    assert g.result().winner == "JP" and "artillery" in g.result().reason


def test_the_soviets_win_at_once_by_eliminating_both_japanese_tanks():
    g = sov_phase({"SV_9": "0607", "SV_149": "0508", "JP_T4": "0608"}, phase="declare",
                  steps_lost={"JP_T4": 1}, eliminated=("JP_T3",))
    g.apply(Assign("SV_9", "JP_T4"))
    g.apply(Assign("SV_149", "JP_T4"))
    load(g, 5, 1, 1, 1, 1, 1)
    g.apply(EndDeclarations())
    assert g.legal_actions() == [StepLoss("JP_T4")]
    g.apply(StepLoss("JP_T4"))
    assert g.is_over() and g.result().winner == "SOV"


def test_points_two_per_tank_step_and_one_per_other_step():
    g = _two_tanks_beat_149(5, 6, 1, 1, 1, 1, 1)
    g.apply(StepLoss("SV_149"))
    assert g.score().JP == 1
    g2 = sov_phase({"SV_9": "0504", "JP_T3": "0404"}, phase="declare")
    g2.apply(Assign("SV_9", "JP_T3"))
    load(g2, 5, 1, 1, 1)
    g2.apply(EndDeclarations())
    g2.apply(StepLoss("JP_T3"))
    assert g2.score().SOV == 2


def test_at_the_end_the_side_with_more_points_wins():
    g = sov_phase({"SV_9": "0504", "JP_T3": "0404"}, phase="declare", turn=8)
    g.apply(Assign("SV_9", "JP_T3"))
    load(g, 5, 1, 1, 1)
    g.apply(EndDeclarations())
    g.apply(StepLoss("JP_T3"))      # Japan (initiative) lost a step: turn 8 ends, and the game
    r = g.result()
    assert r.winner == "SOV" and dict(r.scores) == {"JP": 0, "SOV": 2}


def test_equal_points_at_the_end_is_a_draw():
    assert _end_of_turn(8).result().winner is None


# -- the action pipeline -------------------------------------------------------------------------
def test_an_illegal_action_raises_a_clear_error_and_changes_nothing():
    g = Nomonhan(seed=3)
    h = g.state_hash()
    with pytest.raises(IllegalActionError, match="not legal now"):
        g.apply(Move("JP_T3", "0101"))
    with pytest.raises(IllegalActionError):
        g.apply(Move("SV_9", "0504"))          # not the Soviets' turn
    assert g.state_hash() == h and g.history == []


def test_ending_movement_with_no_attack_possible_passes_to_the_other_side():
    g = P({"JP_T3": "0408", "SV_149": "0402", "JP_KOB": "0308"})
    g.apply(Move("JP_T3", "0407"))
    ev = g.apply(EndPhase())
    assert "PhaseEnded" in kinds(ev)
    assert g.pending().seat == "SOV" and g.pending().kind == "move"


# -- the rulings ------------------------------------------------------------------------------
def test_every_ruling_in_the_data_is_in_the_rulings_document():
    """data.json "rulings" and docs/rulings.md (section "ノモンハンの戦い") list the same rulings."""
    import re

    from game.paths import ROOT
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    section = text.split("## ノモンハンの戦い (nomonhan)")[1].split("\n## ")[0]
    ids = [r["id"] for r in Nomonhan(seed=0).data["rulings"]]
    assert len(ids) == len(set(ids))
    assert set(re.findall(r"\(`(\w+)`\)", section)) == set(ids)
