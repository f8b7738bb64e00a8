"""Across Suez: one test per rule clause, on small hand-built positions.

Section numbers are those of the Chinese rules (seed 004, [S0]); "sheet" is
../shared/rules/across_suez.md. Hex numbers are CCRR. Movement costs are in
half movement points (roads cost ½ MP).
"""
from __future__ import annotations

import copy

from game.rulesets.across_suez import AcrossSuez, combat_preview
from game.rulesets.across_suez.actions import (Advance, Assign, Bombard, Cross, EeLoss, EndAdvance,
                                               EndBombardment, EndDeclarations, EndPhase, Enter, Move,
                                               Resolve, Retreat, StackLoss)
from game.rulesets.across_suez.rules import Fighter, terrain_shift
from tests.helpers import kinds, load

P = AcrossSuez.from_position


def moves_of(g, key):
    return {a.to for a in g.legal_actions() if isinstance(a, Move) and a.unit == key}


def egy_attack(units, attackers, defender, *faces, turn=2):
    """Egypt declares ``attackers`` against ``defender`` (day turn, no bombardment) and rolls ``faces``."""
    g = P(units, turn=turn, side="EGY", phase="declare")
    load(g, *faces)
    for a in attackers:
        g.apply(Assign(a, defender))
    g.apply(Resolve(defender, False))
    return g


def shifts(g, attackers, defender, support=False):
    return dict((r, n) for r, n in g.preview(attackers, defender, support).shifts)


# -- set-up and data -------------------------------------------------------------------------------
def test_all_44_units_with_their_values_setup_and_reinforcement_schedule():
    g = AcrossSuez(seed=1)
    assert len(g.units) == 44
    assert g.pos("ISR_RESHEF_3") == "0312" and g.pos("EGY_16_1") == "0311" and g.pos("ISR_BRIDGE") == "1011"
    u = g.unit("ISR_SHARON_RECON")
    assert (u.type, u.firepower, u.ma) == ("cavalry", 2, 10)
    assert g.unit("ISR_BRIDGE").defends_as == 1 and not g.unit("ISR_BRIDGE").can_attack
    due = {k: (u.enter, u.entry) for k, u in g.units.items() if u.enter}
    assert due["ISR_AMIR_1"] == (2, "1708") and due["EGY_23_4"] == (2, "1301") and due["EGY_25_1"] == (5, "0921")
    assert all(g.pos(k) is None for k in due)
    assert g.pending().seat == "ISR" and g.turn == 1


def test_crt_is_data():
    g = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1515"})
    p = g.preview(["ISR_RESHEF_1"], "EGY_112_1")
    rows = g.data["crt"]["rows"]
    assert p.column_label == "+2"
    assert dict(p.odds) == {r: sum(rows[str(d)][6] == r for d in range(1, 7)) / 6 for r in ("Ae", "Ar", "Ee", "Dr", "De")}


# -- movement [4] [12] --------------------------------------------------------------------------------
def test_clear_hex_costs_one_mp():
    g = P({"ISR_MATT": "1415"})
    r = g.reachable("ISR_MATT")
    assert r["1416"] == 2 and r["1417"] == 4 and g.allowance("ISR_MATT") == 12


def test_elevated_sand_and_chinese_farm_cost_two_mp():
    g = P({"ISR_MATT": "1314"})
    assert g.reachable("ISR_MATT")["1214"] == 4            # 1214 elevated sand, entered over no ridge
    g = P({"ISR_MATT": "0807"})
    assert g.reachable("ISR_MATT")["0708"] == 4            # farm


def test_ridge_hexside_costs_one_more_mp():
    g = P({"ISR_MATT": "0908"})
    assert g.reachable("ISR_MATT")["0907"] == 6            # sand 2 + ridge 1


def test_road_costs_half_mp_along_the_same_road():
    g = P({"ISR_RAVIV_2": "1208"})
    r = g.reachable("ISR_RAVIV_2")
    assert r["1308"] == 1 and r["1708"] == 5               # Tirtur: five road steps


def test_road_rate_only_between_consecutive_hexes_of_one_road():
    g = P({"ISR_MATT": "1408"})                           # Tirtur 1408 next to Akavish 1409
    assert g.reachable("ISR_MATT")["1409"] == 2


def test_lake_cannot_be_entered():
    g = P({"ISR_MATT": "0415"})
    assert not {h for h in g.reachable("ISR_MATT") if g.facts.terrain[h] == "lake"}


def test_enemy_units_cannot_be_entered():
    g = P({"ISR_MATT": "1415", "EGY_112_1": "1416"})
    assert "1416" not in g.reachable("ISR_MATT")


def test_zoc_stop_on_entering_enemy_zoc():
    g = P({"ISR_MATT": "1415", "EGY_112_1": "1418"})
    r = g.reachable("ISR_MATT")
    assert r["1417"] == 4 and "1419" not in r              # 1417 is in EZOC: the move stops there
    free = P({"ISR_MATT": "1415"})
    assert free.reachable("ISR_MATT")["1419"] == 8


def test_zoc_a_unit_may_leave_enemy_zoc_after_turn_1():
    g = P({"ISR_MATT": "1415", "EGY_112_1": "1416"}, turn=2)
    assert "1413" in g.reachable("ISR_MATT")


def test_stacking_a_unit_may_end_on_a_friend_but_the_owner_removes_the_excess():
    g = P({"ISR_MATT": "1415", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    assert "1416" in moves_of(g, "ISR_MATT")              # passing and stopping mid-phase is allowed
    g.apply(Move("ISR_MATT", "1416"))
    g.apply(EndPhase())
    d = g.pending()
    assert (d.seat, d.kind) == ("ISR", "stack_loss")       # the owner chooses [4.4]
    assert set(g.legal_actions()) == {StackLoss("ISR_MATT"), StackLoss("ISR_RESHEF_1")}
    ev = g.apply(StackLoss("ISR_RESHEF_1"))               # the unit that was there first may go
    assert g.pos("ISR_MATT") == "1416" and g.is_eliminated("ISR_RESHEF_1")
    assert "over-stacked" in next(e for e in ev if e.kind == "UnitEliminated").text
    assert g.pending().kind != "stack_loss" and "PhaseEnded" in kinds(ev)    # on to the combat phase


def test_stacking_the_owner_keeps_the_bridge_when_a_unit_ends_on_it():
    """Over-stacked with the bridge: the owner removes the other unit, so Israel does not lose by it [4.4][14.2]."""
    g = P({"ISR_BRIDGE": "0112", "ISR_RESHEF_1": "0111", "EGY_112_1": "0104"})
    g.apply(Move("ISR_RESHEF_1", "0112"))
    g.apply(EndPhase())
    assert StackLoss("ISR_BRIDGE") in g.legal_actions()
    g.apply(StackLoss("ISR_RESHEF_1"))
    assert not g.is_over() and g.pos("ISR_BRIDGE") == "0112" and g.bridge_deployed()


def test_stacking_three_in_a_hex_lose_two_one_at_a_time():
    g = P({"ISR_MATT": "1415", "ISR_EREZ_1": "1414", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    g.apply(Move("ISR_MATT", "1416"))
    g.apply(Move("ISR_EREZ_1", "1416"))
    g.apply(EndPhase())
    g.apply(StackLoss("ISR_MATT"))
    assert g.pending().kind == "stack_loss"
    assert set(g.legal_actions()) == {StackLoss("ISR_EREZ_1"), StackLoss("ISR_RESHEF_1")}
    g.apply(StackLoss("ISR_EREZ_1"))
    assert g.pos("ISR_RESHEF_1") == "1416" and g.pending().kind != "stack_loss"


def test_stacking_a_friend_that_moves_off_in_time_saves_both():
    g = P({"ISR_MATT": "1415", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    g.apply(Move("ISR_MATT", "1416"))
    g.apply(Move("ISR_RESHEF_1", "1420"))
    g.apply(EndPhase())
    assert g.pos("ISR_MATT") == "1416" and g.pos("ISR_RESHEF_1") == "1420"


def test_a_unit_moves_once_per_phase_and_the_move_event_has_its_path():
    g = P({"ISR_RAVIV_2": "1208", "ISR_MATT": "1415"})
    ev = g.apply(Move("ISR_RAVIV_2", "1508"))
    (mv,) = [e for e in ev if e.kind == "UnitMoved"]
    assert mv.data["path"] == ("1208", "1308", "1408", "1508") and "1.5 MP" in mv.text
    assert not moves_of(g, "ISR_RAVIV_2") and moves_of(g, "ISR_MATT")


# -- night [10] ------------------------------------------------------------------------------------------
def test_night_turn_ma_minus_two():
    assert P({"ISR_RESHEF_1": "1415"}, turn=4).allowance("ISR_RESHEF_1") == 12
    assert P({"ISR_RESHEF_1": "1415"}, turn=3).allowance("ISR_RESHEF_1") == 16


def test_night_ma_never_below_one():
    g = P({"ISR_MATT": "1415"}, turn=4, options={"units": {"ISR_MATT": {"ma": 2}}})
    assert g.allowance("ISR_MATT") == 2


def test_night_no_artillery_either_side():
    isr = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416"}, turn=4, crossed=("ISR_EREZ_1",), phase="combat")
    assert isr.flow().supports_left == 0
    egy = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416"}, turn=4, side="EGY", phase="combat")
    assert egy.pending().kind == "declare"               # no bombardment at night


# -- combat: who attacks whom [5] --------------------------------------------------------------------------
def test_attacks_are_voluntary():
    g = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416"}, phase="declare")
    assert EndDeclarations() in g.legal_actions()


def test_one_attack_per_unit():
    g = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416", "EGY_112_2": "1414", "ISR_EREZ_1": "1413"},
          phase="declare")
    load(g, 4)                                             # +2: Dr
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    assert not [a for a in g.legal_actions() if isinstance(a, Assign) and a.attacker == "ISR_RESHEF_1"]
    g.apply(Resolve("EGY_112_1", False))
    g.apply(Retreat("EGY_112_1", "1417"))
    g.apply(EndAdvance())
    assert g.pending().kind == "declare"
    assert {a for a in g.legal_actions() if isinstance(a, Assign)} == {Assign("ISR_EREZ_1", "EGY_112_2")}


def test_one_attack_per_defender_with_combined_firepower():
    g = P({"ISR_RESHEF_1": "1415", "ISR_RESHEF_4": "1517", "EGY_112_1": "1416"}, phase="declare", turn=3)
    load(g, 6)
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    g.apply(Assign("ISR_RESHEF_4", "EGY_112_1"))
    assert g.flow().declared == (("EGY_112_1", ("ISR_RESHEF_1", "ISR_RESHEF_4")),)
    ev = g.apply(Resolve("EGY_112_1", False))
    start = next(e for e in ev if e.kind == "CombatStarted")
    assert (start.data["attack"], start.data["defence"], start.data["differential"]) == (7, 2, 5)


def test_attacks_in_any_order_the_result_of_each_at_once():
    """[3]: declare one attack, resolve it, then declare the next; a unit not in the
    first attack may still attack afterwards, and a result can open the next attack."""
    g = P({"ISR_RESHEF_1": "1415", "ISR_EREZ_1": "1413", "EGY_112_1": "1416", "EGY_112_2": "1412"},
          phase="declare", turn=3)
    load(g, 1, 1)
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    # while one attack is declared, only its defender may be joined, and it must be resolved
    legal = g.legal_actions()
    assert EndDeclarations() not in legal and Assign("ISR_EREZ_1", "EGY_112_2") not in legal
    assert Resolve("EGY_112_1", False) in legal
    ev = g.apply(Resolve("EGY_112_1", False))
    assert "CombatResolved" in kinds(ev) and g.is_eliminated("EGY_112_1")      # De at once
    g.apply(Advance("ISR_RESHEF_1", "1416"))
    assert g.pending().kind == "declare"
    assert Assign("ISR_EREZ_1", "EGY_112_2") in g.legal_actions()              # the unit left out attacks now
    g.apply(Assign("ISR_EREZ_1", "EGY_112_2"))
    g.apply(Resolve("EGY_112_2", False))
    assert g.is_eliminated("EGY_112_2")


def test_a_unit_attacked_once_cannot_be_attacked_again_that_phase():
    g = P({"ISR_RESHEF_1": "1415", "ISR_EREZ_1": "1517", "EGY_112_1": "1416"}, phase="declare", turn=3)
    load(g, 6)                                             # +2: Ar
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    g.apply(Resolve("EGY_112_1", False))
    g.apply(Retreat("ISR_RESHEF_1", "1315"))
    ev = g.apply(EndAdvance())
    assert g.pos("EGY_112_1") == "1416" and "PhaseEnded" in kinds(ev)   # Erez 1, left out, cannot attack it now
    assert g.flow().side == "EGY"


def test_the_odds_are_known_before_each_attack_is_resolved():
    g = P({"ISR_RESHEF_1": "1415", "ISR_RESHEF_4": "1517", "EGY_112_1": "1416"}, phase="declare", turn=3)
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    g.apply(Assign("ISR_RESHEF_4", "EGY_112_1"))
    d = g.pending()
    assert d.get("attackers") == ("ISR_RESHEF_1", "ISR_RESHEF_4") and d.get("defender") == "EGY_112_1"
    p = g.preview(d.get("attackers"), d.get("defender"))
    load(g, 6)
    ev = g.apply(Resolve("EGY_112_1", False))
    odds = next(e for e in ev if e.kind == "CombatOdds")
    assert odds.data["column"] == p.column_label and odds.data["odds"] == p.odds


def test_differential_uses_the_end_columns():
    g = P({"ISR_SHARON_RECON": "1415", "EGY_16_1": "1416"})
    fighters = [Fighter("a", "a", "ISR", 20, "armor", "1415")]
    assert combat_preview(fighters, g.fighter("EGY_16_1", True), facts=g.facts).column_label == ">=+6"
    weak = [Fighter("a", "a", "ISR", 1, "infantry", "1415")]
    assert combat_preview(weak, Fighter("d", "d", "EGY", 9, "", "1416"), facts=g.facts).column_label == "<=-4"
    p = combat_preview(fighters, g.fighter("EGY_16_1", True), facts=g.facts, support=True)
    assert p.column_label == ">=+6" and p.net_shift == 1                   # clamped after the shift too


def test_column_shift_events_with_reasons_final_column_and_odds():
    g = egy_attack({"EGY_16_1": "0509", "EGY_1_1": "0408", "ISR_MATT": "0409"}, ["EGY_16_1", "EGY_1_1"],
                   "ISR_MATT", 1)
    ks = kinds(g.events)
    assert ks.count("ColumnShifted") == 2 and "CombatOdds" in ks and "DiceRolled" in ks
    odds = next(e for e in g.events if e.kind == "CombatOdds")
    assert abs(sum(p for _, p in odds.data["odds"]) - 1) < 1e-9 and odds.data["column"] == "+3"


# -- results [6] --------------------------------------------------------------------------------------------
def test_result_ae_eliminates_all_attackers_and_the_defender_may_advance():
    g = egy_attack({"EGY_112_1": "1515", "ISR_RESHEF_1": "1415"}, ["EGY_112_1"], "ISR_RESHEF_1", 5)
    assert g.is_eliminated("EGY_112_1")
    assert g.pending().kind == "advance" and set(g.legal_actions()) == {Advance("ISR_RESHEF_1", "1515"), EndAdvance()}
    g.apply(Advance("ISR_RESHEF_1", "1515"))
    assert g.pos("ISR_RESHEF_1") == "1515"


def test_result_ar_all_attackers_retreat_one_hex_by_choice():
    g = egy_attack({"EGY_3_1": "1515", "EGY_3_2": "1416", "ISR_RESHEF_1": "1415"},
                   ["EGY_3_1", "EGY_3_2"], "ISR_RESHEF_1", 4)
    assert g.pending().kind == "retreat" and g.pending().seat == "EGY"
    assert {a.to for a in g.legal_actions() if a.unit == "EGY_3_1"} == {"1514", "1614", "1615"}
    g.apply(Retreat("EGY_3_1", "1614"))
    g.apply(Retreat("EGY_3_2", "1417"))
    assert g.pending().kind == "advance" and EndAdvance() in g.legal_actions()
    g.apply(EndAdvance())
    assert g.pos("ISR_RESHEF_1") == "1415"


def test_result_ee_attacker_loses_a_unit_at_least_as_strong_by_choice():
    g = egy_attack({"EGY_16_1": "1515", "EGY_1_1": "1416", "ISR_RESHEF_4": "1415"},
                   ["EGY_16_1", "EGY_1_1"], "ISR_RESHEF_4", 6)
    assert g.is_eliminated("ISR_RESHEF_4")
    assert g.pending().kind == "ee_loss" and set(g.legal_actions()) == {EeLoss("EGY_16_1"), EeLoss("EGY_1_1")}
    g.apply(EeLoss("EGY_1_1"))
    assert g.is_eliminated("EGY_1_1")
    assert g.pending().kind == "advance" and g.legal_actions() == [Advance("EGY_16_1", "1415")]   # mandatory


def test_result_ee_fallback_removes_units_totalling_the_defenders_firepower():
    g = egy_attack({"EGY_3_1": "1515", "EGY_3_2": "1416", "EGY_112_1": "1414", "ISR_RESHEF_1": "1415"},
                   ["EGY_3_1", "EGY_3_2", "EGY_112_1"], "ISR_RESHEF_1", 5)
    assert g.pending().kind == "ee_loss" and len(g.legal_actions()) == 3
    g.apply(EeLoss("EGY_3_1"))
    assert g.pending().kind == "ee_loss" and g.flow().combat.ee_need == 2
    g.apply(EeLoss("EGY_3_2"))
    assert g.pending().kind == "advance" and g.legal_actions() == [Advance("EGY_112_1", "1415")]


def test_result_dr_defender_retreats_and_one_attacker_may_advance():
    g = egy_attack({"EGY_16_1": "1515", "ISR_MATT": "1415"}, ["EGY_16_1"], "ISR_MATT", 1)
    assert g.pending().seat == "ISR" and g.pending().kind == "retreat"
    g.apply(Retreat("ISR_MATT", "1315"))
    assert g.pending().seat == "EGY" and set(g.legal_actions()) == {Advance("EGY_16_1", "1415"), EndAdvance()}


def test_result_de_eliminates_the_defender_and_an_attacker_must_advance():
    g = egy_attack({"EGY_16_1": "1515", "EGY_16_2": "1416", "ISR_MATT": "1415"}, ["EGY_16_1", "EGY_16_2"],
                   "ISR_MATT", 1)
    assert g.is_eliminated("ISR_MATT")
    assert set(g.legal_actions()) == {Advance("EGY_16_1", "1415"), Advance("EGY_16_2", "1415")}


def test_retreat_not_into_enemy_zoc_nor_onto_any_unit():
    g = egy_attack({"EGY_16_1": "1515", "EGY_112_1": "1317", "ISR_MATT": "1415", "ISR_RESHEF_1": "1414"},
                   ["EGY_16_1"], "ISR_MATT", 1)
    assert {a.to for a in g.legal_actions()} == {"1315"}   # 1316/1416 in EZOC, 1414 held, 1514/1516 EZOC


def test_retreat_impossible_eliminates_and_the_attacker_must_advance():
    g = egy_attack({"EGY_16_1": "1515", "EGY_112_1": "1316", "ISR_MATT": "1415"}, ["EGY_16_1"], "ISR_MATT", 1)
    assert g.is_eliminated("ISR_MATT")
    assert g.legal_actions() == [Advance("EGY_16_1", "1415")]


def test_retreat_against_the_map_edge_eliminates():
    g = egy_attack({"EGY_16_1": "1620", "ISR_MATT": "1721"}, ["EGY_16_1"], "ISR_MATT", 1)
    assert g.is_eliminated("ISR_MATT")
    assert "map edge" in next(e for e in g.events if e.kind == "UnitEliminated").text


# -- column shifts [8] [12] [13] --------------------------------------------------------------------------------
def test_combined_arms_shift_one_right():
    g = P({"ISR_RESHEF_1": "1415", "ISR_RESHEF_4": "1517", "EGY_112_1": "1416"})
    assert shifts(g, ["ISR_RESHEF_1", "ISR_RESHEF_4"], "EGY_112_1") == {"combined arms (armor with infantry)": 1}
    assert shifts(g, ["ISR_RESHEF_1"], "EGY_112_1") == {}


def test_combined_arms_not_at_night():
    g = P({"ISR_RESHEF_1": "1415", "ISR_RESHEF_4": "1517", "EGY_112_1": "1416"}, turn=4)
    assert shifts(g, ["ISR_RESHEF_1", "ISR_RESHEF_4"], "EGY_112_1") == {}


def test_terrain_shifts_farm_sand_and_fort():
    g = P({"ISR_MATT": "0508", "EGY_16_1": "0509", "EGY_1_1": "1404", "ISR_RESHEF_1": "1403",
           "EGY_112_2": "0108", "ISR_EREZ_1": "0208"})
    assert g.preview(["ISR_MATT"], "EGY_16_1").net_shift == -2
    assert g.preview(["ISR_RESHEF_1"], "EGY_1_1").net_shift == -1
    assert g.preview(["ISR_EREZ_1"], "EGY_112_2").net_shift == -1


def test_terrain_only_the_most_favourable_single_terrain_counts():
    g = P({"ISR_MATT": "0508", "EGY_16_1": "0509"})
    facts = copy.copy(g.facts)
    facts.forts = g.facts.forts | {"0509"}                 # a farm hex with a fort: still 2L, not 3L
    assert terrain_shift(facts, g.data, "0509", ["0508"])[0] == -2


def test_ridge_defender_on_sand_attacked_only_across_ridges_two_left():
    g = P({"EGY_14_2": "0907", "ISR_RESHEF_1": "0908", "ISR_RESHEF_2": "0807"})
    assert g.preview(["ISR_RESHEF_1", "ISR_RESHEF_2"], "EGY_14_2").net_shift == -2


def test_ridge_mixed_attack_one_left():
    g = P({"EGY_14_2": "0907", "ISR_RESHEF_1": "0908", "ISR_RESHEF_2": "0906"})
    assert g.preview(["ISR_RESHEF_1", "ISR_RESHEF_2"], "EGY_14_2").net_shift == -1


def test_ridge_no_effect_on_a_defender_not_on_sand():
    g = P({"EGY_3_1": "0908", "ISR_RESHEF_1": "0907"})
    assert g.preview(["ISR_RESHEF_1"], "EGY_3_1").net_shift == 0


def test_right_and_left_shifts_net():
    g = P({"ISR_RESHEF_1": "0508", "ISR_RESHEF_4": "0408", "EGY_16_1": "0509"}, turn=3)
    p = g.preview(["ISR_RESHEF_1", "ISR_RESHEF_4"], "EGY_16_1", support=True)
    assert sorted(n for _, n in p.shifts) == [-2, 1, 1] and p.net_shift == 0 and p.column == p.base_column


# -- Egyptian bombardment [13] ----------------------------------------------------------------------------------
def test_egyptian_bombardment_two_different_adjacent_targets():
    g = P({"EGY_16_1": "1415", "ISR_MATT": "1416", "ISR_RESHEF_1": "1414", "ISR_EREZ_1": "1420"},
          side="EGY", phase="combat")
    assert g.pending().kind == "bombard"
    assert set(g.legal_actions()) == {Bombard("ISR_MATT"), Bombard("ISR_RESHEF_1"), EndBombardment()}
    load(g, 4, 5)
    g.apply(Bombard("ISR_MATT"))
    assert Bombard("ISR_MATT") not in g.legal_actions()
    ev = g.apply(Bombard("ISR_RESHEF_1"))
    assert "BombardmentResolved" in kinds(ev) and g.pending().kind == "declare"     # at most two
    assert g.pos("ISR_MATT") and g.pos("ISR_RESHEF_1")


def test_egyptian_bombardment_a_one_eliminates():
    g = P({"EGY_16_1": "1415", "ISR_MATT": "1416"}, side="EGY", phase="combat")
    load(g, 1)
    ev = g.apply(Bombard("ISR_MATT"))
    assert g.is_eliminated("ISR_MATT") and "UnitEliminated" in kinds(ev)


def test_egyptian_bombardment_one_target_only_one_roll():
    g = P({"EGY_16_1": "1415", "ISR_MATT": "1416"}, side="EGY", phase="combat")
    load(g, 3)
    g.apply(Bombard("ISR_MATT"))
    assert g.pending().kind == "declare"                   # the attack may still follow [13.1]
    assert Assign("EGY_16_1", "ISR_MATT") in g.legal_actions()


def test_egyptian_bombardment_only_at_the_start_of_egyptian_combat_phases():
    """Ruling [13]: "at the start of each combat phase" is read as each Egyptian combat
    phase, before its first attack ([13.1] has the bombarding side's units fight in the same phase)."""
    isr = P({"EGY_16_1": "1415", "ISR_MATT": "1416"}, side="ISR", phase="combat")
    assert isr.pending().kind == "declare" and not [a for a in isr.legal_actions() if isinstance(a, Bombard)]
    egy = P({"EGY_16_1": "1415", "EGY_16_2": "1314", "ISR_MATT": "1416", "ISR_RESHEF_1": "1414"},
            side="EGY", phase="combat")
    assert egy.pending().kind == "bombard"
    egy.apply(EndBombardment())
    load(egy, 6)
    egy.apply(Assign("EGY_16_1", "ISR_MATT"))
    egy.apply(Resolve("ISR_MATT", False))
    while egy.pending().kind in ("retreat", "advance"):
        egy.apply(egy.legal_actions()[0])
    assert egy.pending().kind == "declare"                  # the next attack, but no more bombardment
    assert not [a for a in egy.legal_actions() if isinstance(a, Bombard)]


# -- Israeli artillery support [13] -----------------------------------------------------------------------------
def test_israeli_support_one_plus_crossed_units():
    g = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416"}, crossed=("ISR_EREZ_1", "ISR_EREZ_2"), phase="combat")
    assert g.flow().supports_left == 3


def test_israeli_support_one_per_attack_and_it_shifts_one_right():
    g = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416", "ISR_EREZ_1": "1413", "EGY_112_2": "1412"},
          phase="declare", turn=3)
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    assert Resolve("EGY_112_1", True) in g.legal_actions()
    load(g, 5, 1)
    ev = g.apply(Resolve("EGY_112_1", True))
    assert any(e.kind == "ColumnShifted" and e.data["reason"] == "Israeli artillery support" for e in ev)
    assert g.flow().supports_left == 0
    g.apply(Retreat("EGY_112_1", "1417"))                  # +3 with support: Dr
    g.apply(EndAdvance())
    g.apply(Assign("ISR_EREZ_1", "EGY_112_2"))
    assert Resolve("EGY_112_2", True) not in g.legal_actions()    # the second attack goes without
    ev = g.apply(Resolve("EGY_112_2", False))
    assert next(e for e in ev if e.kind == "CombatStarted").data["supported"] is False


def test_israeli_support_not_saved():
    g = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1416"}, turn=2, crossed=("ISR_EREZ_1",), phase="combat")
    assert g.flow().supports_left == 2
    ev = g.apply(EndDeclarations())
    assert "SupportsLost" in kinds(ev)
    while not (g.turn == 3 and g.flow().side == "ISR" and g.pending().kind == "declare"):
        legal = g.legal_actions()
        pick = next((a for a in legal if isinstance(a, (EndPhase, EndDeclarations, EndBombardment))), legal[0])
        load(g, 6) if isinstance(pick, Bombard) else None
        g.apply(pick)
    assert g.flow().supports_left == 2                       # 1 + 1 crossed, not 2 + 2


# -- first-turn surprise [9] ---------------------------------------------------------------------------------------
def test_first_turn_units_in_enemy_zoc_cannot_move():
    g = AcrossSuez(seed=1)
    assert not moves_of(g, "ISR_RESHEF_3") and not moves_of(g, "ISR_RAVIV_1") and moves_of(g, "ISR_RESHEF_1")


def test_first_turn_every_eligible_unit_must_attack():
    g = P({"ISR_RESHEF_3": "0312", "EGY_16_1": "0311", "ISR_RAVIV_1": "1108", "EGY_14_1": "1007"},
          turn=1, phase="declare")
    assert EndDeclarations() not in g.legal_actions()
    load(g, 6, 6)
    g.apply(Assign("ISR_RESHEF_3", "EGY_16_1"))
    g.apply(Resolve("EGY_16_1", False))                    # +1: Ar, Reshef 3 retreats
    g.apply(g.legal_actions()[0])
    while g.pending().kind == "advance":
        g.apply(EndAdvance())
    assert EndDeclarations() not in g.legal_actions()      # Raviv 1 has still to attack
    g.apply(Assign("ISR_RAVIV_1", "EGY_14_1"))
    g.apply(Resolve("EGY_14_1", False))
    assert g.flow().side == "EGY" or g.pending().kind in ("retreat", "advance")


def test_first_turn_a_unit_whose_only_target_is_being_attacked_must_join():
    """[9.2] with [5.4]: resolving the attack on its last target without it would free it of its duty."""
    g = P({"ISR_RESHEF_3": "0312", "ISR_RESHEF_2": "0211", "EGY_16_1": "0311"}, turn=1, phase="declare")
    g.apply(Assign("ISR_RESHEF_3", "EGY_16_1"))
    assert g.legal_actions() == [Assign("ISR_RESHEF_2", "EGY_16_1")]
    g.apply(Assign("ISR_RESHEF_2", "EGY_16_1"))
    assert Resolve("EGY_16_1", False) in g.legal_actions()


def test_first_turn_9_2_the_refused_main_step_says_why():
    """[9.2]: combat cannot end while a unit must attack, nor the attack begun be resolved while a
    unit must join it: the phase's main step is refused with the rules' reason (the main button's)."""
    g = P({"ISR_RESHEF_3": "0312", "ISR_RESHEF_2": "0211", "EGY_16_1": "0311"}, turn=1, phase="declare")
    a, why = g.main_action()
    assert a == EndDeclarations() and "must attack" in why
    g.apply(Assign("ISR_RESHEF_3", "EGY_16_1"))
    a, why = g.main_action()
    assert a == Resolve("EGY_16_1", False) and "must join this attack" in why
    g.apply(Assign("ISR_RESHEF_2", "EGY_16_1"))
    assert g.main_action() == (Resolve("EGY_16_1", False), "")
    g2 = P({"ISR_RESHEF_1": "1415", "EGY_112_1": "1515"}, turn=2, phase="declare")
    assert g2.main_action() == (EndDeclarations(), "")


def test_first_turn_duty_applies_to_egypt_too():
    g = P({"ISR_RESHEF_3": "0312", "EGY_16_1": "0311"}, turn=1, side="EGY", phase="declare")
    assert g.legal_actions() == [Assign("EGY_16_1", "ISR_RESHEF_3")]


# -- reinforcements [7] ----------------------------------------------------------------------------------------------
def test_reinforcement_enters_at_its_entry_hex_with_full_ma():
    g = P({"ISR_MATT": "1415"}, turn=2)
    assert {a.hex for a in g.legal_actions() if isinstance(a, Enter) and a.unit == "ISR_AMIR_1"} == {"1708"}
    ev = g.apply(Enter("ISR_AMIR_1", "1708"))
    assert "ReinforcementArrived" in kinds(ev) and g.pos("ISR_AMIR_1") == "1708"
    assert g.reachable("ISR_AMIR_1")["0810"] <= 16 and moves_of(g, "ISR_AMIR_1")


def test_reinforcement_displaced_when_the_entry_hex_is_held_by_the_enemy():
    g = P({"EGY_112_1": "1708"}, turn=2)
    assert {a.hex for a in g.legal_actions() if isinstance(a, Enter) and a.unit == "ISR_AMIR_1"} == {"1707", "1709"}
    g.apply(Enter("ISR_AMIR_1", "1707"))
    assert moves_of(g, "ISR_AMIR_1")


def test_reinforcement_displaced_when_the_entry_hex_is_in_enemy_zoc():
    g = P({"EGY_112_1": "1608"}, turn=2)
    assert {a.hex for a in g.legal_actions() if isinstance(a, Enter) and a.unit == "ISR_AMIR_1"} == {"1707"}


def test_reinforcement_may_be_delayed():
    g = P({"ISR_MATT": "1415", "EGY_112_1": "0104"}, turn=2)
    ev = g.apply(EndPhase())
    assert "ReinforcementDelayed" in kinds(ev) and g.pos("ISR_AMIR_1") is None
    while not (g.turn == 3 and g.flow().side == "ISR"):
        legal = g.legal_actions()
        g.apply(next((a for a in legal if isinstance(a, (EndPhase, EndDeclarations, EndBombardment))), legal[0]))
    assert Enter("ISR_AMIR_1", "1708") in g.legal_actions() and Enter("ISR_BARAM_1", "1708") in g.legal_actions()


def test_egyptian_reinforcements_at_their_own_entry_hexes():
    g = P({"ISR_MATT": "1415"}, turn=2, side="EGY")
    entries = {(a.unit, a.hex) for a in g.legal_actions() if isinstance(a, Enter)}
    assert ("EGY_23_1", "0401") in entries and ("EGY_23_4", "1301") in entries


# -- crossing the canal [11] ------------------------------------------------------------------------------------------
def test_crossing_costs_three_mp_without_the_bridge():
    g = P({"ISR_RESHEF_1": "0101"})                      # 11 road steps to 0112 = 5½ MP; +3 > 8
    assert Cross("ISR_RESHEF_1") not in g.legal_actions()
    g = P({"ISR_RESHEF_1": "0112"})
    ev = g.apply(Cross("ISR_RESHEF_1"))
    assert "UnitCrossed" in kinds(ev) and g.has_crossed("ISR_RESHEF_1") and g.pos("ISR_RESHEF_1") is None


def test_crossing_at_most_two_units_per_phase_without_the_bridge():
    g = P({"ISR_RESHEF_1": "0112", "ISR_RESHEF_2": "0111", "ISR_RESHEF_3": "0212"})
    g.apply(Cross("ISR_RESHEF_1"))
    g.apply(Cross("ISR_RESHEF_2"))
    assert not [a for a in g.legal_actions() if isinstance(a, Cross)]


def test_crossing_with_the_bridge_costs_one_mp_and_has_no_limit():
    g = P({"ISR_BRIDGE": "0112", "ISR_RESHEF_1": "0101", "ISR_RESHEF_2": "0111", "ISR_RESHEF_3": "0212"})
    for k in ("ISR_RESHEF_1", "ISR_RESHEF_2", "ISR_RESHEF_3"):
        g.apply(Cross(k))
    assert len(g.crossed_units()) == 3 and g.pos("ISR_BRIDGE") == "0112"


def test_crossing_never_on_turn_1():
    g = P({"ISR_RESHEF_1": "0112"}, turn=1)
    assert not [a for a in g.legal_actions() if isinstance(a, Cross)]


def test_crossing_never_in_the_combat_phase():
    g = P({"ISR_RESHEF_1": "0112", "EGY_112_1": "0111"}, phase="declare")
    assert not [a for a in g.legal_actions() if isinstance(a, Cross)]


def test_crossing_egyptian_zoc_does_not_hinder_it():
    g = P({"ISR_RESHEF_1": "0109", "EGY_112_1": "0212"})
    assert Cross("ISR_RESHEF_1") in g.legal_actions()            # stops in 0112 (EZOC) and still exits
    g.apply(Cross("ISR_RESHEF_1"))
    assert g.has_crossed("ISR_RESHEF_1")


def test_crossed_units_never_return():
    g = P({"ISR_MATT": "1415", "EGY_112_1": "0104"}, crossed=("ISR_RESHEF_1",))
    assert not [a for a in g.legal_actions() if getattr(a, "unit", None) == "ISR_RESHEF_1"]
    assert "ISR_RESHEF_1" not in g.due_reinforcements("ISR")


# -- the bridge unit [14.2] ------------------------------------------------------------------------------------------------
def test_bridge_moves_only_over_clear_and_road_hexes():
    g = P({"ISR_BRIDGE": "1011"})
    r = g.reachable("ISR_BRIDGE")
    assert r and all(g.facts.terrain[h] == "clear" for h in r)
    assert "0810" in r and "0709" not in r and "0907" not in r


def test_bridge_cannot_attack():
    g = P({"ISR_BRIDGE": "1415", "EGY_112_1": "1416"}, turn=1, phase="declare")
    assert EndDeclarations() in g.legal_actions()
    assert not [a for a in g.legal_actions() if isinstance(a, Assign)]


def test_bridge_placed_in_0112_then_moving_it_loses_at_once():
    g = P({"ISR_BRIDGE": "0111", "EGY_112_1": "0104"})
    ev = g.apply(Move("ISR_BRIDGE", "0112"))
    assert "BridgePlaced" in kinds(ev) and g.bridge_deployed()
    g = P({"ISR_BRIDGE": "0112", "EGY_112_1": "0104"})
    ev = g.apply(Move("ISR_BRIDGE", "0111"))
    assert "GameOver" in kinds(ev) and g.result().winner == "EGY"


def test_bridge_eliminated_israel_loses_at_once():
    """Ruling (data sheet §10, outside [S0]): without the bridge unit Israel cannot win, so the game ends."""
    g = egy_attack({"EGY_16_1": "1515", "EGY_16_2": "1416", "ISR_BRIDGE": "1415"}, ["EGY_16_1", "EGY_16_2"],
                   "ISR_BRIDGE", 1)
    assert g.is_eliminated("ISR_BRIDGE") and g.is_over() and g.result().winner == "EGY"
    assert "bridge" in g.result().reason


def test_bridge_forced_out_of_0112_loses_at_once():
    g = egy_attack({"EGY_112_1": "0111", "ISR_BRIDGE": "0112"}, ["EGY_112_1"], "ISR_BRIDGE", 1)
    assert g.legal_actions() == [Retreat("ISR_BRIDGE", "0212")]
    g.apply(Retreat("ISR_BRIDGE", "0212"))
    assert g.is_over() and g.result().winner == "EGY" and "left 0112" in g.result().reason


# -- victory [14] ------------------------------------------------------------------------------------------------------------
SIX = ("ISR_RESHEF_1", "ISR_RESHEF_2", "ISR_RESHEF_3", "ISR_RESHEF_4", "ISR_EREZ_1", "ISR_EREZ_2")


def test_victory_israel_wins_with_six_across_the_bridge_in_0112_and_the_road_open():
    g = P({"ISR_BRIDGE": "0112"}, turn=7, side="EGY", crossed=SIX)
    assert g.is_over() and g.result().winner == "ISR"
    assert "GameOver" in kinds(g.events) and g.result().scores == (("crossed", 6),)


def test_victory_fails_with_five_across():
    g = P({"ISR_BRIDGE": "0112"}, turn=7, side="EGY", crossed=SIX[:5])
    assert g.result().winner == "EGY" and "only 5" in g.result().reason


def test_victory_fails_without_the_bridge_in_0112():
    g = P({"ISR_BRIDGE": "0111"}, turn=7, side="EGY", crossed=SIX)
    assert g.result().winner == "EGY" and "bridge" in g.result().reason


def test_victory_fails_when_egyptian_zoc_cuts_the_line_of_communication():
    g = P({"ISR_BRIDGE": "0112", "EGY_112_1": "1607"}, turn=7, side="EGY", crossed=SIX)
    assert not g.loc_open()
    g.apply(EndPhase())
    assert g.result().winner == "EGY" and "line of communication" in g.result().reason


def test_victory_egyptian_zoc_hex_with_an_israeli_unit_keeps_the_line_open():
    g = P({"ISR_BRIDGE": "0112", "EGY_112_1": "1607", "ISR_MATT": "1708"}, turn=7, side="EGY", crossed=SIX)
    assert g.loc_open()
    g.apply(EndPhase())
    if not g.is_over():
        g.apply(EndDeclarations())
    assert g.result().winner == "ISR"


def test_game_ends_after_turn_7():
    g = P({"ISR_MATT": "1415", "EGY_112_1": "0104"}, turn=7)
    while not g.is_over():
        legal = g.legal_actions()
        g.apply(next((a for a in legal if isinstance(a, (EndPhase, EndDeclarations, EndBombardment))), legal[0]))
    assert g.turn == 7 and g.result().winner == "EGY" and "TurnEnded" in kinds(g.events)


def test_balance_the_25th_armored_brigade_cannot_reach_the_crossing_the_turn_it_enters():
    # units.EGY_25 MA 4 (RECONSTRUCTED, balance.issue_12): the road from D (0921) reaches 0213,
    # next to the crossing hex 0112, for 5 1/2 MP; with MA 6 the brigade stood there on turn 5.
    g = P({"ISR_MATT": "1708"}, turn=5, side="EGY")
    assert {g.unit(f"EGY_25_{i}").ma for i in range(1, 5)} == {4}
    g.apply(Enter("EGY_25_1", "0921"))
    r = g.reachable("EGY_25_1")
    assert max(r.values()) == 8 and not {"0112", "0213", "0212", "0313"} & set(r)
