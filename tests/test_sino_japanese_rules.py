"""日清戰爭 旭日與斜陽: one test per rule clause, on small hand-built positions with loaded dice.

Section numbers are those of the Chinese rules (seed 000, [R]); "sheet" is
../shared/rules/sino_japanese.md. Hex numbers are CCRR. Units: J1-J9 Japanese
brigades (5-2-4, damaged 3-2-4), Q1-Q16 Qing units (4-1-3, damaged 2-2-3);
Q4 (Port Arthur 0208) and Q7 (Weihaiwei 0818) are the garrisons.

A corner of Korea used again and again (all clear, no city, no river):
1320 is next to 1319, 1419, 1420 (hills), 1321, 1220 and 1219; 1321 is next to
1320, 1420, 1421, 1221 and 1220.
"""
from __future__ import annotations

import pytest

from game.rulesets.sino_japanese import SinoJapanese
from game.rulesets.sino_japanese.actions import (Activate, Advance, Concede, Declare, EndAdvance, EndDeclarations,
                                                 EndMovement, EndRecovery, Flip, Form, Land, LiftBridgehead, Move,
                                                 MoveFleet, Recover, Remove, RemoveExcess, Resolve, Retreat, Ship)
from game.systems.combat import hits_after
from tests.helpers import kinds, load

SIX, ONE = 6, 1
TAIL = [3, 1, 2] * 40      # later command-point rolls: Japan 3, Qing 1 (no tie)


def P(*args, **kw):
    """A hand-built position whose later rolls (command points of the next rounds) are loaded."""
    return load(SinoJapanese.from_position(*args, **kw), *TAIL)


def moves_of(g, key):
    return {a.to for a in g.legal_actions() if isinstance(a, Move) and a.unit == key}


def of(g, cls, **match):
    return [a for a in g.legal_actions() if isinstance(a, cls) and all(getattr(a, k) == v for k, v in match.items())]


def dice(hits, total):
    """``total`` dice of which the first ``hits`` hit (6) and the rest miss (1)."""
    return [SIX] * hits + [ONE] * (total - hits)


def attack(units, attackers, target, faces, *, side="QING", prepared=(), **kw):
    """``side`` declares ``attackers`` (activated, unmoved) on ``target`` and resolves with ``faces``."""
    g = P(units, side=side, phase="declare", activated=attackers, **kw)
    load(g, *faces, *TAIL)
    for a in attackers:
        g.apply(Declare(a, target, a in prepared))
    g.apply(EndDeclarations())
    return g


def choose_first(g, *kinds_):
    """Take the first legal action while the decision is one of ``kinds_``."""
    while g.pending() and g.pending().kind in kinds_:
        g.apply(g.legal_actions()[0])


def events(g, kind):
    return [e for e in g.events if e.kind == kind]


# -- set-up [3.2] [3.3] [3.4] ------------------------------------------------------------------
def test_setup_3_2_places_the_units_and_the_fleet():
    g = SinoJapanese(seed=1)
    at = {k: g.pos(k) for k in g.units if g.pos(k)}
    assert at == {"J1": "incheon", "Q1": "1519", "Q2": "1519", "Q3": "1905", "Q4": "0208", "Q5": "0309",
                  "Q6": "0408", "Q7": "0818", "Q8": "0616"}
    assert sorted(g.mobilising("JP")) == ["J2"] and sorted(g.mobilising("QING")) == ["Q10", "Q9"]
    assert g.fleet().hex == "0818" and not g.fleet().flipped
    st = g.public_state()
    assert (st["turn"], st["round"], st["turns"]) == (1, 1, 8)


def test_setup_3_2_starting_ammunition_japan_0_qing_3():
    g = SinoJapanese(seed=1)
    assert g.pending().kind == "move" and g.flow().ammo == (0, 3)


def test_control_3_4_every_city_starts_qing():
    g = SinoJapanese(seed=1)
    assert g.control().jp == frozenset()
    assert all(g.controller(h) == "QING" for h in g.key_hexes)


def test_control_3_4_the_last_unit_to_enter_passing_through_included():
    g = P({"J1": "1519", "Q5": "0309"}, jp_control=())
    assert g.controller("1519") == "QING"        # standing there is not entering it
    g = P({"J1": "1418", "Q5": "0309"})
    g.apply(Move("J1", "1617"))                   # 1418 -> 1518 -> 1617 does not pass a city
    assert g.controller("1519") == "QING"
    g = P({"J1": "1418", "Q5": "0309"})
    path = g.move_path("J1", "1618")
    g.apply(Move("J1", "1618"))
    assert ("1519" in path) == (g.controller("1519") == "JP")
    g = P({"J1": "1419", "Q5": "0309"})
    g.apply(Move("J1", "1519"))
    assert g.controller("1519") == "JP" and "ControlChanged" in kinds(g.events)
    g = P({"Q1": "1418", "J1": "1321"}, side="QING", jp_control=("1519",))
    g.apply(Move("Q1", "1519"))
    assert g.controller("1519") == "QING"


def test_control_3_4_only_cities_and_ports_are_kept():
    """Ruling control_key_hexes: control of other hexes has no effect, so it is not tracked."""
    g = P({"J1": "1617", "Q5": "0309"})
    g.apply(Move("J1", "1716"))                           # through Anju 1717? no: 1617 -> 1716 directly
    assert g.control().jp == frozenset()
    g = P({"J1": "1617", "Q5": "0309"})
    g.apply(Move("J1", "1717"))
    assert g.control().jp == {"1717"}


def test_reinforcements_3_3_into_the_mobilisation_box_on_schedule():
    g = SinoJapanese(seed=1)
    for k in ("J3", "J4", "Q11", "Q12"):
        assert not g.is_mobilising(k) and g.pos(k) is None
    g._start_turn(2)
    assert {"J3", "J4"} <= set(g.mobilising("JP")) and {"Q11", "Q12"} <= set(g.mobilising("QING"))
    assert "J5" not in g.mobilising("JP")
    sched = {(r["side"], r["turn"]): len(r["units"]) for r in g.data["reinforcements"]["schedule"]}
    assert sched == {("JP", 2): 2, ("JP", 3): 2, ("JP", 4): 1, ("JP", 5): 1, ("JP", 6): 1,
                     ("QING", 2): 2, ("QING", 3): 1, ("QING", 4): 1, ("QING", 5): 1, ("QING", 6): 1}


def test_garrisons_3_2_may_not_leave_their_fortress():
    g = P({"Q4": "0208", "Q7": "0818", "J1": "0309"}, side="QING")
    assert not moves_of(g, "Q4") and not moves_of(g, "Q7")
    assert Activate("Q4") in g.legal_actions()           # it may still be activated to attack
    assert not of(g, Ship, unit="Q7")


def test_garrisons_3_2_may_attack_from_their_fortress():
    g = attack({"Q4": "0208", "J1": "0309"}, ["Q4"], "0309", dice(0, 4), ammo=(0, 19))
    assert events(g, "CombatStarted") and g.pos("Q4") == "0208"


def test_garrisons_3_2_are_free_once_forced_to_retreat():
    # J1 on Q4 in Port Arthur: 2 hits flip it (fortress +1), 1 more retreats it to Q5 in 0308
    g = attack({"Q4": "0208", "J1": "0309", "Q5": "0308"}, ["J1"], "0208", dice(3, 5), side="JP", ammo=(19, 0),
               jp_control=("0309",))
    assert g.pos("Q4") == "0308" and g.is_released("Q4") and not g.held("Q4")
    g = P({"Q4": "0208", "J1": "1321"}, side="QING", released=("Q4",))
    assert moves_of(g, "Q4")


# -- units [4.1] [4.2] ---------------------------------------------------------------------------
def test_units_4_1_values_attack_durability_move():
    g = SinoJapanese(seed=1)
    j, q = g.unit("J1"), g.unit("Q1")
    assert (j.attack, j.durability, j.ma, j.attack_damaged, j.durability_damaged) == (5, 2, 4, 3, 2)
    assert (q.attack, q.durability, q.ma, q.attack_damaged, q.durability_damaged) == (4, 1, 3, 2, 2)   # move 3: the sheet's
    assert sum(u.side == "JP" for u in g.units.values()) == 9 and sum(u.side == "QING" for u in g.units.values()) == 16


def test_damage_4_2_flipped_units_use_their_back_and_removed_never_return():
    g = P({"J1": "1320", "Q1": "1319"}, damaged=("J1", "Q1"))
    assert g.attack_of("J1") == 3 and g.durability_of("Q1") == 2
    g = P({"Q1": "1319"}, removed=("J1",))
    g._start_turn(4)
    assert g.is_removed("J1") and not g.is_mobilising("J1")


# -- ZOC [4.3] [6.2] [6.3(2)] ----------------------------------------------------------------------
def test_zoc_4_3_the_hexes_next_to_a_unit_not_into_boxes_or_impassable():
    g = P({"Q1": "1321", "J1": "incheon"})
    assert g.enemy_zoc("JP") == {"1320", "1420", "1421", "1221", "1220"}
    g = P({"J1": "incheon", "Q1": "0309"}, side="QING")
    assert g.enemy_zoc("QING") == frozenset()            # units in a box have no ZOC [6.3(2)]


def test_zoc_6_2_entering_enemy_zoc_ends_the_move():
    assert P({"J1": "1221", "Q5": "0309"}).reachable("J1")["1418"] == 4       # 1221 1220 1320 1319 1418
    g = P({"J1": "1221", "Q1": "1419"})
    r = g.reachable("J1")
    assert "1320" in r and "1319" in r and "1418" not in r   # 1320 and 1319 are in Q1's ZOC: no further


def test_zoc_6_2_no_zoc_to_zoc():
    g = P({"J1": "1320", "Q1": "1419"})                  # J1 starts in Q1's ZOC (1320)
    r = g.reachable("J1")
    assert r["1420"] == 3 and r["1319"] == 2             # not straight in (2 and 1 MP), only round about
    assert r["1321"] == 1 and r["1219"] == 1


def test_zoc_4_3_friendly_units_do_not_cancel_enemy_zoc_for_movement():
    g = P({"J1": "1221", "J2": "1320", "Q1": "1419"})
    assert "1418" not in g.reachable("J1")               # J2 in 1320 does not open Q1's ZOC


CUT = {"J1": "1320", "Q1": "1421", "Q2": "1220"}      # every way from J1 to Incheon runs into Qing ZOC


def test_zoc_4_3_friendly_units_cancel_enemy_zoc_for_supply():
    g = P(CUT)
    assert not g.in_supply("J1")
    g = P(CUT | {"J2": "1321"})                           # 1321 is in Qing ZOC, but J2 stands there
    assert g.in_supply("J1") and g.supply_line("J1")[0] == ["1320", "1321", "incheon"]


# -- stacking [4.4] ---------------------------------------------------------------------------------------
def test_stacking_4_4_1_no_limit_while_moving():
    g = P({"J1": "1321", "J2": "1320", "J3": "1220", "Q1": "0309"})
    assert "1320" in moves_of(g, "J1")


def test_stacking_4_4_2_the_owner_removes_the_excess_at_the_end_of_the_phase():
    g = P({"J1": "1321", "J2": "1320", "J3": "1320", "Q1": "0309"})
    g.apply(Move("J1", "1320"))
    g.apply(EndMovement())
    assert g.pending().kind == "stack" and g.pending().seat == "JP"
    assert set(a.unit for a in of(g, RemoveExcess)) == {"J1", "J2", "J3"}
    vp = g.vp()
    g.apply(RemoveExcess("J3"))
    assert g.is_removed("J3") and g.vp() == vp - 2 and g.pending().kind != "stack"
    assert sorted(g.units_in("1320")) == ["J1", "J2"]


def test_stacking_4_4_2_the_fleet_does_not_count():
    g = P({"Q7": "0818", "Q8": "0718", "Q1": "0819"}, side="QING", fleet="0818")
    g.apply(Move("Q8", "0818"))
    g.apply(EndMovement())
    assert g.pending().kind != "stack"


def test_stacking_4_4_2_off_map_boxes_have_no_limit():
    g = P({"J1": "incheon", "J2": "incheon", "J3": "1321", "Q1": "0309"})
    g.apply(Move("J3", "incheon"))
    g.apply(EndMovement())
    assert g.pending().kind != "stack" and len(g.units_in("incheon")) == 3


def test_stacking_4_4_2_checked_at_the_end_of_each_combat():
    # J1 is flipped and must retreat into 1321, where J2 and J3 stand: three units at the end of the combat
    g = attack({"J1": "1320", "J2": "1321", "J3": "1321", "Q1": "1319", "Q2": "1419", "Q3": "1219"},
               ["Q1", "Q2", "Q3"], "1320", dice(3, 12), ammo=(0, 19))
    assert g.pos("J1") == "1321"
    choose_first(g, "advance")
    assert g.pending().kind == "stack" and g.pending().seat == "JP"
    g.apply(RemoveExcess("J1"))
    assert g.is_removed("J1") and g.pending().kind != "stack"


def test_stacking_4_4_3_never_into_an_enemy_hex():
    g = P({"J1": "1321", "Q1": "1320"})
    assert "1320" not in moves_of(g, "J1")


# -- command points [5.1] --------------------------------------------------------------------------------
def test_command_points_5_1_japan_one_die_qing_the_lower_of_two_initiative_to_the_higher():
    g = P({"J1": "1321", "Q1": "0309"})
    load(g, 3, 5, 2)
    g._start_round(2)
    g._flush_events()
    ev = events(g, "CommandPoints")[-1]
    assert (ev.data["jp"], ev.data["qing"]) == (3, 2)
    assert g.flow().first == "JP" and g.flow().cp == (3, 2) and g.pending().seat == "JP"


def test_command_points_5_1_4_a_tie_both_keep_and_roll_again():
    g = P({"J1": "1321", "Q1": "0309"}, fleet_flipped=True)
    load(g, 4, 4, 6, 1, 3, 5)          # 4 v 4 (tie); then 1 v 3
    g._start_round(2)
    g._flush_events()
    assert g.flow().cp == (5, 7) and g.flow().first == "QING"
    assert "CommandPointsTied" in kinds(g.events)


def test_yellow_sea_9_1_3_the_first_tie_flips_the_fleet():
    g = P({"J1": "1321", "Q1": "0309"})
    load(g, 2, 2, 5, 6, 2, 2)
    g._start_round(2)
    g._flush_events()
    assert g.fleet().flipped and "YellowSea" in kinds(g.events)


def test_yellow_sea_9_1_3_the_fleet_flips_at_the_start_of_november():
    g = P({"J1": "1321", "Q1": "0309"}, turn=3)
    load(g, *([5, 1, 1] * 8))
    g._start_turn(4)
    g._flush_events()
    assert g.fleet().flipped and events(g, "FleetFlipped")[0].data["forced"]


# -- spending command points [5.2] -------------------------------------------------------------------------
def test_command_points_5_2_activation_costs_one():
    g = P({"J1": "1321", "J2": "1221", "Q1": "0309"}, cp=2)
    g.apply(Activate("J1"))
    assert g.cp("JP") == 1 and "J1" in g.flow().activated
    g.apply(Move("J2", "1220"))                           # moving an unactivated unit activates it
    assert g.cp("JP") == 0
    assert not of(g, Activate) and moves_of(g, "J1")      # J1 is activated: it may still move


def test_command_points_5_2_2_one_activation_per_unit_per_round():
    g = P({"J1": "1321", "Q1": "0309"}, cp=6)
    g.apply(Move("J1", "1220"))
    assert not moves_of(g, "J1") and Activate("J1") not in g.legal_actions()


def test_command_points_5_2_3_units_of_a_stack_are_activated_singly():
    g = P({"J1": "1321", "J2": "1321", "Q1": "0309"}, cp=1)
    g.apply(Activate("J1"))
    assert not moves_of(g, "J2") and g.cp("JP") == 0


def test_command_points_5_2_4_out_of_supply_units_cannot_be_activated():
    g = P(CUT, cp=6)
    assert not g.in_supply("J1")
    assert Activate("J1") not in g.legal_actions() and not moves_of(g, "J1")


def test_command_points_5_2_the_rest_is_stored_as_ammunition_up_to_19():
    g = P({"J1": "1321", "Q1": "0309"}, cp=5, ammo=(3, 0))
    g.apply(Activate("J1"))
    g.apply(EndMovement())
    assert g.ammo("JP") == 7 and g.cp("JP") == 0
    g = P({"J1": "1321", "Q1": "0309"}, cp=6, ammo=(17, 0))
    g.apply(EndMovement())
    assert g.ammo("JP") == 19 and events(g, "AmmoStored")[0].data["lost"] == 4


# -- movement [6] ---------------------------------------------------------------------------------------------
def test_movement_6_1_only_activated_units_move_and_need_cp():
    g = P({"J1": "1321", "Q1": "0309"}, cp=0)
    assert not moves_of(g, "J1")


def test_movement_6_1_2_clear_one_mp_hills_two():
    g = P({"J1": "1321", "Q1": "0208"})
    r = g.reachable("J1")
    assert r["1320"] == 1 and r["1420"] == 2 and r["1419"] == 2 and r["1421"] == 2
    assert r["1521"] == 3                                    # through the Incheon box: 1 in, 2 out onto hills


def test_movement_6_1_3_not_into_a_hex_without_enough_mp():
    g = P({"Q1": "1320", "J1": "incheon"}, side="QING")
    r = g.reachable("Q1")
    assert r["1419"] == 1 and r["1420"] == 2 and r["1520"] == 3   # Q1 has 3 MP: 1419 clear, 1420 and 1520 hills
    assert "1521" not in r                                   # hills beyond hills: 2 + 2 > 3


def test_movement_6_3_1_into_an_own_box_for_one_mp_never_an_enemy_box():
    g = P({"J1": "1321", "Q1": "0309"})
    assert g.reachable("J1")["incheon"] == 1
    g = P({"Q1": "1321", "J1": "0309"}, side="QING")
    assert "incheon" not in g.reachable("Q1")


def test_movement_6_3_1_leaving_a_box_costs_the_hex_entered():
    g = P({"J1": "incheon", "Q1": "0309"})
    r = g.reachable("J1")
    assert r["1321"] == 1 and r["1421"] == 2 and r["1521"] == 2


def test_movement_6_3_2_units_in_boxes_have_no_zoc_and_none_reaches_them():
    g = P({"J1": "incheon", "Q1": "1221"}, side="QING")
    assert "1321" in g.reachable("Q1") and g.reachable("Q1")["1321"] == 1
    assert "1320" in g.reachable("Q1")                        # 1321 not in ZOC: Q1 goes on


def test_movement_box_exit_cost_ruling():
    """Ruling box_exit_cost (6.3(1)): into a box 1 MP; out of it, the terrain of the hex entered."""
    g = P({"Q1": "laizhou", "J1": "0309"}, side="QING")
    r = g.reachable("Q1")
    assert r["0314"] == 1 and r["0214"] == 2 and r["0115"] == 2


# -- combat [7.1] ----------------------------------------------------------------------------------------------
def test_combat_7_1_1_only_activated_units_attack():
    g = P({"Q1": "1319", "J1": "1320"}, side="QING", phase="declare", activated=())
    assert not of(g, Declare)


def test_combat_7_1_2_all_attacks_are_declared_first_then_resolved_in_the_attackers_order():
    g = P({"Q1": "1319", "Q2": "1219", "J1": "1320", "J2": "1220"}, side="QING", phase="declare",
          activated=("Q1", "Q2"), ammo=(0, 19))
    g.apply(Declare("Q1", "1320"))
    g.apply(Declare("Q2", "1220"))
    assert not events(g, "CombatStarted")
    g.apply(EndDeclarations())
    assert g.pending().kind == "order" and set(g.legal_actions()) == {Resolve("1320"), Resolve("1220")}
    load(g, *dice(0, 4), *dice(0, 4), *TAIL)
    g.apply(Resolve("1220"))
    assert [e.data["hex"] for e in events(g, "CombatStarted")] == ["1220", "1320"]


def test_combat_7_1_3_each_attacking_unit_spends_one_ammunition():
    g = attack({"Q1": "1319", "Q2": "1419", "J1": "1320"}, ["Q1", "Q2"], "1320", dice(0, 8), ammo=(0, 5))
    assert g.ammo("QING") == 3


def test_combat_7_1_3_no_ammunition_no_attack():
    g = P({"Q1": "1319", "J1": "1320"}, side="QING", phase="declare", activated=("Q1",), ammo=(0, 0))
    assert not of(g, Declare)
    g = P({"Q1": "1319", "Q2": "1419", "J1": "1320"}, side="QING", phase="declare", activated=("Q1", "Q2"),
          ammo=(0, 1))
    g.apply(Declare("Q1", "1320"))
    assert not of(g, Declare)                                 # the one point is already committed


def test_combat_7_1_4_units_in_boxes_neither_attack_nor_are_attacked():
    g = P({"J1": "incheon", "Q1": "1321"}, side="QING", phase="declare", activated=("Q1",))
    assert not of(g, Declare)
    g = P({"J1": "incheon", "Q1": "1321"}, side="JP", phase="declare", activated=("J1",))
    assert not of(g, Declare)


def test_combat_7_1_5_a_stack_defends_together_and_attacks_on_one_hex_combine():
    g = attack({"Q1": "1319", "Q2": "1419", "J1": "1320", "J2": "1320"}, ["Q1", "Q2"], "1320", dice(0, 8),
               ammo=(0, 19))
    (st,) = events(g, "CombatStarted")
    assert st.data["attack_dice"] == 8 and set(st.data["defenders"]) == {"J1", "J2"}


def test_combat_7_1_5_a_unit_attacks_once_per_combat_phase():
    g = P({"Q1": "1319", "J1": "1320", "J2": "1219"}, side="QING", phase="declare", activated=("Q1",))
    g.apply(Declare("Q1", "1320"))
    assert not of(g, Declare, unit="Q1")


def test_combat_7_1_6_an_attack_needs_one_mp_and_at_most_two_used():
    base = {"Q1": "1319", "J1": "1320", "J2": "1420"}
    g = P(base, side="QING", phase="declare", moved={"Q1": 2})
    assert of(g, Declare, unit="Q1")
    g = P(base, side="QING", phase="declare", moved={"Q1": 3})
    assert not of(g, Declare, unit="Q1")                      # used more than 2 (and a Qing unit has none left)
    g = P({"J1": "1319", "Q1": "1320"}, side="JP", phase="declare", moved={"J1": 2})
    assert of(g, Declare, unit="J1")
    g = P({"J1": "1319", "Q1": "1320"}, side="JP", phase="declare", moved={"J1": 3})
    assert not of(g, Declare, unit="J1")                      # Japan has MP left, but used more than 2


def test_combat_7_1_6_a_qing_unit_that_moved_2_mp_may_attack_one_that_moved_3_may_not():
    """7.1(6): 'an attack costs 1 MP, so a unit that used more than 2 MP cannot attack' reads only with an
    allowance of 3, the sheet's Qing value: after 2 MP the unit has the 1 MP of the attack left."""
    g = P({"Q1": "1418", "J1": "1321"}, side="QING", ammo=(0, 19))
    assert g.unit("Q1").ma == 3 and g.reachable("Q1")["1320"] == 2 and g.reachable("Q1")["1220"] == 3
    g.apply(Move("Q1", "1320"))                               # 1418 -> 1319 -> 1320 (J1's ZOC): 2 MP
    assert g.mp_used("Q1") == 2
    g.apply(EndMovement())
    assert g.pending().kind == "declare" and of(g, Declare, unit="Q1", hex="1321")
    g = P({"Q1": "1418", "J1": "1321"}, side="QING", ammo=(0, 19))
    g.apply(Move("Q1", "1220"))                               # 1418 -> 1319 -> 1219 -> 1220: 3 MP
    assert g.pos("Q1") == "1220" and g.mp_used("Q1") == 3
    g.apply(EndMovement())                                    # no attack to declare: the combat phase passes
    assert g.flow().phase != "declare" and not events(g, "AttackDeclared")


def test_combat_7_1_out_of_supply_units_cannot_attack():
    g = P(CUT, side="JP", phase="declare", activated=("J1",))
    assert g.attack_targets("J1") == ["1220"] and not g.in_supply("J1") and not of(g, Declare)


# -- resolution [7.2] --------------------------------------------------------------------------------------------
def test_combat_7_2_1_dice_equal_to_strength_hits_on_5_and_6():
    g = attack({"Q1": "1319", "J1": "1320"}, ["Q1"], "1320", [5, 6, 4, 1], ammo=(0, 19))
    ev = events(g, "CombatResolved")[0]
    assert ev.data["attack_rolls"] == (5, 6, 4, 1) and ev.data["attack_hits"] == 2
    assert g.is_damaged("J1") and g.pos("J1") == "1320"


def test_combat_7_2_2_the_defender_counterfires_paying_one_ammunition_per_die():
    g = attack({"Q1": "1319", "J1": "1320"}, ["Q1"], "1320", dice(0, 4) + dice(1, 5), ammo=(5, 19))
    ev = events(g, "CombatResolved")[0]
    assert len(ev.data["defense_rolls"]) == 5 and ev.data["counter_hits"] == 1
    assert g.ammo("JP") == 0 and g.is_damaged("Q1")


def test_combat_7_2_2_counterfire_is_mandatory():
    g = attack({"Q1": "1319", "J1": "1320"}, ["Q1"], "1320", dice(0, 4) + dice(0, 5), ammo=(7, 19))
    assert g.ammo("JP") == 2                                   # spent even though it hit nothing


def test_combat_7_2_2_no_counterfire_without_enough_ammunition():
    g = attack({"Q1": "1319", "J1": "1320"}, ["Q1"], "1320", dice(0, 4), ammo=(4, 19))
    assert g.ammo("JP") == 4 and not events(g, "CombatResolved")[0].data["defense_rolls"]


def test_combat_7_2_2_no_counterfire_out_of_supply():
    g = attack(CUT | {"Q3": "1319"}, ["Q3"], "1320", dice(0, 4), ammo=(19, 19))
    assert not g.in_supply("J1") and g.ammo("JP") == 19


def test_combat_7_2_2_counterfire_uses_the_defenders_current_strength():
    g = attack({"Q1": "1319", "J1": "1320", "J2": "1320"}, ["Q1"], "1320", dice(0, 4) + dice(0, 8),
               ammo=(19, 19), damaged=("J2",))
    assert events(g, "CombatStarted")[0].data["defense_dice"] == 8 and g.ammo("JP") == 11


# -- terrain [7.3] -------------------------------------------------------------------------------------------------
def test_terrain_7_3_2_hills_take_one_hit_off():
    g = P({"Q1": "1319", "J1": "1420", "Q2": "1419"}, side="QING", phase="declare", activated=("Q2",))
    p = g.preview("1420", ["Q2"])
    assert p.attack_mod == -1 and ("attack", "defender in hill", -1) in p.modifiers


def test_terrain_7_3_2_small_and_large_cities_take_one_hit_off():
    g = P({"Q1": "1617", "J1": "1717"}, side="QING", phase="declare", activated=("Q1",))
    assert g.preview("1717", ["Q1"]).attack_mod == -1              # Anju, a small city
    g = P({"J1": "1418", "Q1": "1519"}, side="JP", phase="declare", activated=("J1",))
    p = g.preview("1519", ["J1"])
    assert p.attack_mod == -1 and p.counter_mod == -1               # Pyongyang, a large city (1418/1519: no river)


def test_terrain_7_3_1_a_city_counts_instead_of_its_terrain():
    g = P({"J1": "1209", "Q1": "1210"}, side="JP", phase="declare", activated=("J1",))
    p = g.preview("1210", ["J1"])                                   # Dagushan: a small city on hills
    assert [m for m in p.modifiers if m[0] == "attack"] == [("attack", "defender in a small city", -1)]


def test_terrain_7_3_3_a_fortress_adds_one_to_durability():
    g = P({"J1": "0309", "Q4": "0208"}, side="JP", phase="declare", activated=("J1",))
    p = g.preview("0208", ["J1"])
    assert p.durability_bonus == 1 and p.flip_cost == 2 and p.remove_cost == 3 and p.attack_mod == 0


@pytest.mark.parametrize("hits,removed", [(5, False), (6, True)])
def test_terrain_7_3_3_the_fortress_bonus_holds_for_the_whole_allocation(hits, removed):
    """Ruling fortress_bonus_after_retreat: +1 to every step's cost, even once the unit has retreated out."""
    g = attack({"Q4": "0208", "Q5": "0308", "J1": "0309"}, ["J1"], "0208", dice(hits, 7), side="JP",
               prepared=("J1",), ammo=(19, 0), jp_control=("0309",))
    assert g.is_removed("Q4") == removed                   # 2 to flip, 1 to retreat, 3 to remove
    if not removed:
        assert g.pos("Q4") == "0308" and g.is_damaged("Q4")


def test_terrain_7_3_3_the_fortress_bonus_after_a_retreat_is_a_ruling():
    """What the test above proves is a ruling of its own (data.json and docs/rulings.md), not only a docstring."""
    data = SinoJapanese(seed=1).data
    (r,) = [r for r in data["rulings"] if r["id"] == "fortress_bonus_after_retreat"]
    assert "7.3(3)" in r["clause"] and "retreat" in r["ruling"]
    assert "test_terrain_7_3_3_the_fortress_bonus_holds_for_the_whole_allocation" in r["test"]
    assert f"- **{r['id']}** ({r['clause']}): {r['ruling']}" in _rulings_section()


def test_terrain_7_3_4_each_unit_attacking_across_a_river_scores_one_less():
    g = P({"J1": "1419", "J2": "1520", "Q1": "1519", "J3": "1418"}, side="JP", phase="declare",
          activated=("J1", "J2", "J3"))
    p = g.preview("1519", ["J1", "J2", "J3"])                       # 1419/1519 and 1520/1519 are Taedong sides
    assert ("attack", "2 attacking units across a river", -2) in p.modifiers and p.attack_mod == -3


def test_terrain_7_3_5_large_cities_and_fortresses_counterfire_one_less():
    g = attack({"J1": "1418", "Q1": "1519"}, ["J1"], "1519", dice(0, 5) + dice(2, 4), side="JP", ammo=(19, 19))
    ev = events(g, "CombatResolved")[0]
    assert ev.data["counter_raw"] == 2 and ev.data["counter_hits"] == 1


def test_terrain_hits_never_go_below_zero():
    assert hits_after(4, (5, 6), -2)[0] == pytest.approx(sum(hits_after(4, (5, 6))[:3]))
    g = attack({"Q1": "1419", "J1": "1420"}, ["Q1"], "1420", dice(0, 4), ammo=(0, 19))
    assert events(g, "CombatResolved")[0].data["attack_hits"] == 0


# -- damage allocation [7.4]: both worked tables, hit by hit ------------------------------------------------------------
# 損傷例1: two Japanese brigades (durability 2) in one hex, with a way back
EXAMPLE_1 = {1: "沒有效果", 2: "1個單位損耗", 3: "1個單位損耗", 4: "2個單位損耗", 5: "1個單位損耗、1個單位損耗退卻",
             6: "2個單位損耗退卻", 7: "2個單位損耗退卻", 8: "1個單位移除、1個單位損耗退卻",
             9: "1個單位移除、1個單位損耗退卻", 10: "2個單位移除"}
# 損傷例2: the same stack with no way back (the 退卻 of the 6 and 7 lines is a slip: ruling damage_example_2)
EXAMPLE_2 = {1: "沒有效果", 2: "1個單位損耗", 3: "1個單位損耗", 4: "2個單位損耗", 5: "2個單位損耗",
             6: "1個單位移除、1個單位損耗", 7: "1個單位移除、1個單位損耗", 8: "2個單位移除"}
STACK = {"J1": "1320", "J2": "1320", "Q1": "1319", "Q2": "1419", "Q3": "1219"}


def outcome(g, keys=("J1", "J2")) -> str:
    """The rules' wording for what happened to the stack."""
    removed = [k for k in keys if g.is_removed(k)]
    alive = [k for k in keys if not g.is_removed(k)]
    retreated = [k for k in alive if g.pos(k) != "1320"]
    parts = []
    if removed:
        parts.append(f"{len(removed)}個單位移除")
    stay = [k for k in alive if k not in retreated and g.is_damaged(k)]
    back = [k for k in retreated if g.is_damaged(k)]
    if stay and back:
        parts.append(f"{len(stay)}個單位損耗、{len(back)}個單位損耗退卻")
    elif back:
        parts.append(f"{len(back)}個單位損耗退卻")
    elif stay:
        parts.append(f"{len(stay)}個單位損耗")
    return "、".join(parts) or "沒有效果"


@pytest.mark.parametrize("hits", sorted(EXAMPLE_1))
def test_damage_7_4_example_1_two_brigades_with_a_retreat_path(hits):
    g = attack(STACK, ["Q1", "Q2", "Q3"], "1320", dice(hits, 12), ammo=(0, 19))
    choose_first(g, "allocate", "retreat")
    assert outcome(g) == EXAMPLE_1[hits]
    log = g.flow().combat.defender_alloc.log if g.flow().combat else None
    if log is not None:        # the steps in 7.4's order: ① damage, ② retreat, ③ remove
        order = [s for s, _k, _n in log]
        assert order == sorted(order, key=["flip", "retreat", "remove"].index)


@pytest.mark.parametrize("hits", sorted(EXAMPLE_2))
def test_damage_7_4_example_2_two_brigades_without_a_retreat_path(hits):
    g = attack(STACK | {"Q4": "1221"}, ["Q1", "Q2", "Q3"], "1320", dice(hits, 12), ammo=(0, 19), released=("Q4",))
    choose_first(g, "allocate", "retreat")
    assert outcome(g) == EXAMPLE_2[hits]


def test_damage_7_4_the_step_log_of_five_hits():
    g = attack(STACK, ["Q1", "Q2", "Q3"], "1320", dice(5, 12), ammo=(0, 19))
    assert g.pending().kind == "retreat"              # both flipped; one hit left for one of the two
    assert {a.unit for a in g.legal_actions()} == {"J1", "J2"}
    g.apply(Retreat("J2", "1321"))
    steps = [e.data.get("step") for e in g.events if e.kind in ("StepLost", "UnitRetreated", "DamageStep")
             and e.data.get("side") == "JP"]
    assert steps == ["start", "flip", "flip", "retreat"]
    assert g.pos("J2") == "1321" and g.pos("J1") == "1320"


def test_damage_7_4_the_owner_chooses_which_unit_when_the_hits_do_not_reach_all():
    g = attack(STACK, ["Q1", "Q2", "Q3"], "1320", dice(2, 12), ammo=(0, 19))
    assert g.pending().kind == "allocate" and g.pending().seat == "JP"
    assert set(g.legal_actions()) == {Flip("J1"), Flip("J2")}
    g.apply(Flip("J2"))
    assert g.is_damaged("J2") and not g.is_damaged("J1")


def test_damage_7_4_already_damaged_units_skip_step_one():
    g = attack(STACK, ["Q1", "Q2", "Q3"], "1320", dice(3, 12), ammo=(0, 19), damaged=("J1",))
    # J2 flips for 2; then both have a way back: 1 hit retreats one of them
    assert g.is_damaged("J2")
    choose_first(g, "retreat")
    assert sum(g.pos(k) == "1321" for k in ("J1", "J2")) == 1


def test_damage_7_4_3_left_over_hits_have_no_effect():
    g = attack({"Q1": "1319", "J1": "1320"}, ["Q1"], "1320", dice(1, 4), ammo=(0, 19))
    assert not g.is_damaged("J1") and "left over" in events(g, "DamageStep")[-1].text


def test_damage_7_4_the_attackers_allocate_the_counterfire_too():
    g = attack({"Q1": "1319", "Q2": "1419", "J1": "1320"}, ["Q1", "Q2"], "1320", dice(0, 8) + dice(1, 5),
               ammo=(19, 19))
    assert g.pending().kind == "allocate" and g.pending().seat == "QING"   # 1 hit: which Qing unit flips
    assert set(g.legal_actions()) == {Flip("Q1"), Flip("Q2")}
    g.apply(Flip("Q2"))
    assert g.is_damaged("Q2") and not g.is_damaged("Q1")


def test_damage_7_4_qing_units_one_hit_to_flip():
    g = attack({"J1": "1320", "Q1": "1319"}, ["J1"], "1319", dice(1, 5), side="JP", ammo=(19, 0))
    assert g.is_damaged("Q1") and g.pos("Q1") == "1319"


# -- retreat and advance [7.5] -----------------------------------------------------------------------------------
def test_retreat_7_5_one_hex_not_into_enemy_zoc_unless_a_friend_is_there():
    g = attack(STACK | {"Q4": "1221", "J3": "1321"}, ["Q1", "Q2", "Q3"], "1320", dice(5, 12), ammo=(0, 19),
               released=("Q4",))
    assert {a.to for a in g.legal_actions() if isinstance(a, Retreat)} == {"1321"}   # Q4's ZOC, but J3 is there


def test_retreat_7_5_3_never_into_a_hex_of_the_combat():
    # J1 in 1320, attacked from 1319 and 1219; 1220 is in 1219's ZOC, but J2 stands there
    g = attack({"J1": "1320", "Q1": "1319", "Q2": "1219", "J2": "1220"}, ["Q1", "Q2"], "1320", dice(3, 8),
               ammo=(0, 19))
    assert g.pending().kind == "retreat"
    assert {a.to for a in of(g, Retreat)} == {"1321", "1220", "1420"}


@pytest.mark.parametrize("first", ["1320", "1321"])
def test_retreat_7_5_3_never_into_a_hex_declared_for_attack(first):
    """不能退入宣告攻擊的格子: no retreat into any hex declared for attack in this combat phase,
    whether its combat is still to come or already resolved (ruling retreat_limits)."""
    # Q1 attacks J1 in 1320, Q2 attacks J2 in 1321. J1's way back: 1321 (Q2's ZOC, but J2 stands
    # there: 7.5(3) allows it, were it not declared for attack) and 1220 (free).
    g = P({"J1": "1320", "J2": "1321", "Q1": "1319", "Q2": "1421"}, side="QING", phase="declare",
          activated=("Q1", "Q2"), ammo=(0, 19))
    g.apply(Declare("Q1", "1320"))
    g.apply(Declare("Q2", "1321"))
    g.apply(EndDeclarations())
    faces = dice(3, 4) + dice(0, 4) if first == "1320" else dice(0, 4) + dice(3, 4)
    load(g, *faces, *TAIL)
    g.apply(Resolve(first))                         # (the last combat left is resolved at once)
    # 3 hits: J1 flips (2) and retreats (1), and only to 1220
    offered = {a.to for a in of(g, Retreat, unit="J1")} if g.pending().kind == "retreat" else {g.pos("J1")}
    assert offered == {"1220"}
    assert g.is_damaged("J1")


def test_retreat_7_5_3_an_attacker_may_fall_back_on_a_hex_an_attack_came_from():
    """Ruling retreat_limits: the hexes an attack came from were not declared for attack; an attacker
    hit by the counterfire may retreat onto a friend there (it is in enemy ZOC, 7.5(3)'s exception)."""
    g = attack({"J1": "1320", "Q1": "1319", "Q2": "1219"}, ["Q1", "Q2"], "1320", dice(0, 6) + dice(2, 5),
               ammo=(19, 19), damaged=("Q2",))
    # 2 hits on Q1 + Q2 (damaged): Q1 flips (1), then one of them retreats (1)
    assert g.pending().kind == "retreat" and g.is_damaged("Q1")
    assert Retreat("Q1", "1219") in g.legal_actions() and Retreat("Q2", "1319") in g.legal_actions()
    assert not of(g, Retreat, to="1320")                          # the attacked hex was declared


def test_retreat_7_5_never_into_a_box():
    g = attack({"J1": "1321", "Q1": "1320", "Q2": "1420", "Q3": "1220"}, ["Q1", "Q2", "Q3"], "1321", dice(3, 12),
               ammo=(0, 19))
    assert not any(isinstance(a, Retreat) and a.to == "incheon" for a in g.legal_actions())


def test_retreat_7_4_4_without_a_retreat_path_the_hits_go_to_removal():
    g = attack(STACK | {"Q4": "1221"}, ["Q1", "Q2", "Q3"], "1320", dice(6, 12), ammo=(0, 19), released=("Q4",))
    choose_first(g, "allocate")
    assert sum(g.is_removed(k) for k in ("J1", "J2")) == 1


def test_advance_7_5_5_into_the_emptied_hex_ignoring_zoc():
    g = attack({"J1": "1320", "Q1": "1319", "Q2": "1419", "Q3": "1219"}, ["Q1", "Q2", "Q3"], "1320",
               dice(5, 12), ammo=(0, 19))
    assert g.is_removed("J1")                         # 2 to flip + 1 to retreat + 2 to remove
    assert g.pending().kind == "advance"
    assert {a.unit for a in of(g, Advance)} == {"Q1", "Q2", "Q3"}
    g.apply(Advance("Q1"))
    g.apply(Advance("Q2"))
    assert g.pending().kind != "advance" and sorted(g.units_in("1320")) == ["Q1", "Q2"]


def test_advance_7_5_5_only_when_the_hex_is_empty():
    g = attack({"J1": "1320", "J2": "1320", "Q1": "1319"}, ["Q1"], "1320", dice(2, 4), ammo=(0, 19))
    choose_first(g, "allocate")
    assert g.pending().kind != "advance"


def test_advance_garrisons_do_not_advance():
    g = attack({"Q4": "0208", "J1": "0309"}, ["Q4"], "0309", dice(4, 4), ammo=(0, 19))
    choose_first(g, "retreat")
    assert g.pos("J1") != "0309" and g.pending().kind != "advance" and g.pos("Q4") == "0208"


# -- prepared attack [7.6] ---------------------------------------------------------------------------------------------
def test_prepared_attack_7_6_one_and_a_half_times_for_double_ammunition():
    g = attack({"Q1": "1319", "Q2": "1419", "J1": "1320"}, ["Q1", "Q2"], "1320", dice(0, 10), prepared=("Q1",),
               ammo=(0, 5))
    assert events(g, "CombatStarted")[0].data["attack_dice"] == 6 + 4 and g.ammo("QING") == 2
    g = P({"J1": "1320", "Q1": "1319"}, side="JP", phase="declare", activated=("J1",), damaged=("J1",))
    assert g.prepared_attack_of("J1") == 4                     # 3 x 1.5 = 4.5, fractions dropped


def test_prepared_attack_7_6_1_only_units_that_did_not_move():
    g = P({"Q1": "1319", "J1": "1320"}, side="QING", phase="declare", moved={"Q1": 1})
    assert of(g, Declare, unit="Q1", prepared=False) and not of(g, Declare, unit="Q1", prepared=True)


def test_prepared_attack_7_6_needs_two_ammunition():
    g = P({"Q1": "1319", "J1": "1320"}, side="QING", phase="declare", activated=("Q1",), ammo=(0, 1))
    assert not of(g, Declare, prepared=True) and of(g, Declare, prepared=False)


# -- recovery [8] ------------------------------------------------------------------------------------------------------
def test_recovery_8_1_one_ammunition_flips_a_unit_back_without_activation():
    g = P({"J1": "1321", "Q1": "0309"}, phase="recover", damaged=("J1",), ammo=(2, 0))
    g.apply(Recover("J1"))
    assert not g.is_damaged("J1") and g.ammo("JP") == 1


def test_recovery_8_2_not_in_enemy_zoc_even_with_a_friend_there():
    g = P({"J1": "1320", "J2": "1320", "Q1": "1319", "Q5": "0309"}, phase="recover", damaged=("J1",), ammo=(2, 0))
    assert not of(g, Recover)


def test_recovery_8_2_not_without_ammunition_or_out_of_supply():
    g = P({"J1": "1321", "Q1": "0309"}, phase="recover", damaged=("J1",), ammo=(0, 0))
    assert g.legal_actions() == [EndRecovery()]
    g = P({"J1": "1219", "Q1": "1221", "Q2": "1319"}, phase="recover", damaged=("J1",), ammo=(3, 0))
    assert not g.in_supply("J1") and not of(g, Recover)


# -- the Beiyang fleet [9.1] -------------------------------------------------------------------------------------------
def test_fleet_9_1_1_moves_between_its_bases_without_command_points_once():
    g = P({"Q4": "0208", "Q7": "0818", "J1": "1321"}, side="QING", cp=0, fleet="0818")
    g.apply(MoveFleet("0208"))
    assert g.fleet().hex == "0208" and g.cp("QING") == 0 and not of(g, MoveFleet)


def test_fleet_9_1_1_not_into_a_japanese_base():
    g = P({"Q7": "0818", "J1": "0309"}, side="QING", fleet="0818", jp_control=("0208",))
    assert not of(g, MoveFleet)


def test_fleet_9_1_1_flees_when_a_japanese_unit_enters():
    g = P({"J1": "0309", "Q7": "0818"}, fleet="0208")
    g.apply(Move("J1", "0208"))
    assert g.fleet().hex == "0818" and "FleetFled" in kinds(g.events)


def test_fleet_9_1_1_removed_when_japan_controls_both_bases():
    g = P({"J1": "0309", "Q5": "1905"}, fleet="0208", jp_control=("0818",))
    vp = g.vp()
    g.apply(Move("J1", "0208"))
    assert g.fleet().removed and g.fleet().hex is None and g.vp() == vp + 3 + 2   # the fleet 3, Port Arthur 2


def test_fleet_9_1_2_adds_three_dice_to_counterfire_without_ammunition():
    g = attack({"J1": "0309", "Q4": "0208"}, ["J1"], "0208", dice(0, 5) + dice(0, 4) + dice(2, 3), side="JP",
               ammo=(19, 19), fleet="0208")
    ev = events(g, "CombatResolved")[0]
    assert len(ev.data["defense_rolls"]) == 7 and g.ammo("QING") == 15
    assert ev.data["counter_hits"] == 1                  # 2 hits, -1 for a fortress (7.3(5))


def test_fleet_9_1_2_only_one_die_once_flipped_and_it_fires_without_ammunition():
    g = attack({"J1": "0309", "Q4": "0208"}, ["J1"], "0208", dice(0, 5) + dice(1, 1), side="JP", ammo=(19, 0),
               fleet="0208", fleet_flipped=True)
    st = events(g, "CombatStarted")[0]
    assert st.data["defense_dice"] == 1 and g.ammo("QING") == 0


def test_fleet_9_1_2_is_never_attacked_and_lets_japan_in():
    g = P({"J1": "0309", "Q7": "0818"}, side="JP", phase="declare", activated=("J1",), fleet="0208")
    assert not of(g, Declare)                            # nothing to attack in 0208: the fleet is no target
    g = P({"J1": "0309", "Q7": "0818"}, fleet="0208")
    assert "0208" in moves_of(g, "J1")


# -- sea transport [9.2] ------------------------------------------------------------------------------------------------
def test_sea_transport_9_2_1_two_cp_to_a_port_the_side_controls():
    g = P({"Q8": "0208", "Q4": "0208", "J1": "1321"}, side="QING", cp=2)
    assert {a.to for a in of(g, Ship, unit="Q8")} == {"0309", "0818", "0514", "1105"}   # Port Arthur's lanes
    g.apply(Ship("Q8", "1105"))
    assert g.pos("Q8") == "1105" and g.cp("QING") == 0


def test_sea_transport_9_2_1_shipped_units_neither_move_nor_attack():
    g = P({"Q8": "0616", "J1": "0819", "Q7": "0818"}, side="QING", cp=6)
    g.apply(Ship("Q8", "0818"))
    assert not moves_of(g, "Q8")
    g.apply(EndMovement())
    assert not of(g, Declare, unit="Q8")


def test_sea_transport_9_2_1_not_to_an_enemy_port():
    g = P({"Q8": "0208", "J1": "1321"}, side="QING", cp=2, jp_control=("0309",))
    assert "0309" not in {a.to for a in of(g, Ship)}


def test_sea_transport_9_2_2_one_dotted_lane_between_ports_of_its_colour():
    """Ruling sea_lane_direct: one lane a transport, of a colour both ports have."""
    g = P({"Q9": "shanhaiguan", "J1": "1321"}, side="QING", cp=2)
    assert {a.to for a in of(g, Ship, unit="Q9")} == {"1105", "laizhou"}    # the yellow lanes
    g = P({"Q8": "1105", "J1": "1321"}, side="QING", cp=2)
    assert {a.to for a in of(g, Ship, unit="Q8")} == {"shanhaiguan", "0208"}   # yellow, blue; not on to Laizhou
    g = P({"Q8": "0616", "J1": "1321"}, side="QING", cp=2)
    assert {a.to for a in of(g, Ship, unit="Q8")} == {"0818", "0514"}          # no chain on to Port Arthur


def test_sea_transport_9_2_3_japan_cannot_ship_while_the_fleet_is_face_up():
    g = P({"J1": "incheon", "Q5": "0309"}, cp=6, jp_control=("1519",))
    assert not of(g, Ship)
    g = P({"J1": "incheon", "Q5": "0309"}, cp=6, jp_control=("1519",), fleet_flipped=True)
    assert {a.to for a in of(g, Ship)} == {"1519"}


def test_sea_transport_9_2_4_after_the_flip_qing_ships_only_from_shanhaiguan():
    g = P({"Q8": "0616", "Q9": "shanhaiguan", "J1": "1321"}, side="QING", cp=4, fleet_flipped=True)
    assert not of(g, Ship, unit="Q8")
    assert {a.to for a in of(g, Ship, unit="Q9")} == {"1105", "laizhou"}


# -- landings [9.3] -----------------------------------------------------------------------------------------------------
def test_landing_9_3_3_japan_from_a_red_port_for_three_cp():
    g = P({"J1": "incheon", "Q5": "1905"}, cp=3, jp_control=("1519",), fleet_flipped=True)
    assert {a.to for a in of(g, Land)} >= {"0809", "0709", "0820", "0309"}
    g.apply(Land("J1", "0809"))
    assert g.pos("J1") == "0809" and g.cp("JP") == 0 and not moves_of(g, "J1")
    g = P({"J1": "1321", "Q5": "1905"}, cp=3, jp_control=("1519",), fleet_flipped=True)
    assert not of(g, Land)                                # 1321 is no port


def test_landing_9_3_1_only_japan_lands():
    g = P({"Q9": "shanhaiguan", "J1": "1321"}, side="QING", cp=6, fleet_flipped=True)
    assert not of(g, Land)


def test_landing_9_3_2_not_while_the_fleet_is_face_up_or_without_pyongyang():
    g = P({"J1": "incheon", "Q5": "1905"}, cp=3, jp_control=("1519",))
    assert not of(g, Land)
    g = P({"J1": "incheon", "Q5": "1905"}, cp=3, fleet_flipped=True)
    assert not of(g, Land) and "Pyongyang" in g.landing_allowed()[1]


def test_landing_9_3_4_not_into_enemy_zoc_unless_a_japanese_unit_is_there():
    g = P({"J1": "incheon", "Q5": "0909"}, cp=6, jp_control=("1519",), fleet_flipped=True)
    dests = {a.to for a in of(g, Land)}
    assert "0809" not in dests and "0709" in dests
    g = P({"J1": "incheon", "J2": "0809", "Q5": "0909"}, cp=6, jp_control=("1519",), fleet_flipped=True)
    assert "0809" in {a.to for a in of(g, Land)}


def test_landing_9_3_5_the_bridgehead_where_there_is_no_port():
    g = P({"J1": "incheon", "J2": "1519", "Q5": "1905"}, cp=6, jp_control=("1519",), fleet_flipped=True)
    g.apply(Land("J1", "0809"))
    assert g.bridgehead() == "0809"
    g.apply(Land("J2", "0709"))                          # one bridgehead on the map: it moves
    assert g.bridgehead() == "0709"
    g.apply(LiftBridgehead())
    assert g.bridgehead() is None
    g = P({"J1": "incheon", "Q5": "1905"}, cp=6, jp_control=("1519",), fleet_flipped=True)
    g.apply(Land("J1", "0309"))                          # Dalian is a port: no bridgehead
    assert g.bridgehead() is None and g.controller("0309") == "JP"


def test_landing_9_3_5_a_qing_unit_entering_removes_the_bridgehead():
    g = P({"Q5": "0909", "J1": "1321"}, side="QING", bridgehead="0809")
    g.apply(Move("Q5", "0809"))
    assert g.bridgehead() is None and "BridgeheadLost" in kinds(g.events)


# -- formation [10] -------------------------------------------------------------------------------------------------------
def test_formation_10_one_cp_into_incheon_not_activated_this_round():
    g = P({"J1": "1321", "Q5": "0309"}, mobilising=("J2",), cp=2)
    assert of(g, Form) == [Form("J2", "incheon")]
    g.apply(Form("J2", "incheon"))
    assert g.pos("J2") == "incheon" and g.cp("JP") == 1
    assert not moves_of(g, "J2") and Activate("J2") not in g.legal_actions()


def test_formation_10_3_qing_chooses_shanhaiguan_or_laizhou():
    g = P({"Q1": "1519", "J1": "1321"}, side="QING", mobilising=("Q9",), cp=1)
    assert set(of(g, Form)) == {Form("Q9", "shanhaiguan"), Form("Q9", "laizhou")}


# -- supply [11] -------------------------------------------------------------------------------------------------------------
def test_supply_11_1_2_japan_from_its_ports_the_bridgehead_and_incheon():
    g = P({"J1": "0820", "Q5": "1905"})                   # Shandong: no Japanese port, no bridgehead
    assert not g.in_supply("J1")
    g = P({"J1": "0820", "Q5": "1905"}, bridgehead="0820")
    assert g.in_supply("J1")
    g = P({"J1": "0820", "Q5": "1905"}, jp_control=("0818",))
    assert g.in_supply("J1")
    assert P({"J1": "1321", "Q5": "1905"}).supply_line("J1")[0] == ["1321", "incheon"]
    g = P({"J1": "0408", "Q5": "1905"}, jp_control=("0309",))
    assert g.in_supply("J1")                              # Dalian, a Japanese port, next door


def test_supply_11_1_3_qing_from_its_ports_and_boxes():
    g = P({"Q1": "1001", "J1": "1321"}, side="QING")
    assert g.in_supply("Q1")                              # 1001 reaches Yingkou and the Shanhaiguan box
    g = P({"Q1": "0514", "J1": "1321"}, side="QING", jp_control=("0514", "0616", "0818"))
    assert g.in_supply("Q1")                              # Laizhou box
    assert g.supply_line("Q1")[0][-1] in ("laizhou", "0514")


def test_supply_11_1_1_not_through_enemy_zoc_unless_a_friend_stands_there():
    shandong = ("0818", "0616", "0514")
    g = P({"Q1": "0820", "J1": "0619"}, side="QING", jp_control=shandong)
    assert g.in_supply("Q1") and g.supply_line("Q1")[0][-1] == "laizhou"
    g = P({"Q1": "0820", "J1": "0719"}, side="QING", jp_control=shandong)
    assert not g.in_supply("Q1") and "cut off" in g.supply_line("Q1")[1]


def test_supply_11_2_out_of_supply_no_command_points_no_ammunition():
    g = P(CUT, cp=6, fleet_flipped=True)
    assert not g.in_supply("J1")
    assert [a for a in g.legal_actions() if getattr(a, "unit", None) == "J1"] == []


# -- victory [12] ---------------------------------------------------------------------------------------------------------------
def test_victory_points_12_2_small_1_large_2_fortress_2_fleet_3_minus_2_per_japanese_unit():
    g = P({"J1": "1321", "Q5": "1905"}, jp_control=("1717", "1519", "0208"), removed=("J2",), fleet_removed=True)
    assert g.vp_parts() == {"cities": 1 + 2 + 2, "fleet": 3, "units_lost": -2} and g.vp() == 6


def test_victory_12_1_japan_needs_20_at_the_end_of_turn_8():
    rich = ("1519", "1717", "1612", "1611", "1610", "1309", "1210", "0408", "0309", "0208", "0707", "1107",
            "1306", "1305", "1105", "1204", "0818", "0820")
    g = P({"J1": "1321", "Q5": "1905"}, turn=8, round=4, half=1, phase="recover", jp_control=rich,
          fleet_removed=True)
    assert g.vp() == 25
    g.apply(EndRecovery())
    assert g.is_over() and g.result().winner == "JP"
    g = P({"J1": "1321", "Q5": "1905"}, turn=8, round=4, half=1, phase="recover", jp_control=rich[:5])
    g.apply(EndRecovery())
    assert g.result().winner == "QING"


def test_victory_12_3_the_ninth_turn_option():
    g = P({"J1": "1321", "Q5": "1905"}, turn=8, round=4, half=1, phase="recover", options={"ninth_turn": True})
    load(g, *([3, 1, 2] * 4))
    g.apply(EndRecovery())
    assert not g.is_over() and g.flow().turn == 9 and g.turns == 9


def test_victory_errata_jinzhou_is_on_by_default():
    """Ruling jinzhou_errata: the errata is FOUND (sheet §3, S8), part of the game: a new game with the
    default options has it, and Japan holding 錦州 1001 at the end wins whatever its points."""
    assert SinoJapanese(seed=1).options["jinzhou_errata"] is True and SinoJapanese(seed=1).errata
    g = P({"J1": "1001", "Q5": "1905"}, turn=8, round=4, half=1, phase="recover", jp_control=("1001",))
    assert g.vp() < 20
    g.apply(EndRecovery())
    assert g.result().winner == "JP" and "errata" in g.result().reason


def test_victory_errata_jinzhou_option_plays_without_the_errata():
    g = P({"J1": "1001", "Q5": "1905"}, turn=8, round=4, half=1, phase="recover", jp_control=("1001",),
          options={"jinzhou_errata": False})
    assert not g.errata
    g.apply(EndRecovery())
    assert g.result().winner == "QING"


def test_victory_12_1_either_side_may_concede():
    g = P({"J1": "1321", "Q5": "1905"})
    assert Concede() in g.legal_actions()
    g.apply(Concede())
    assert g.result().winner == "QING" and "concedes" in g.result().reason


def test_random_play_never_concedes():
    from game.ai.random_agent import RandomAgent
    g = P({"J1": "1321", "Q5": "1905"})
    ag = RandomAgent(1)
    assert all(not isinstance(ag.choose_among(g.legal_actions()), Concede) for _ in range(200))


# -- options ----------------------------------------------------------------------------------------------------------------------
def test_andong_optional_ruling():
    """Ruling andong_optional: Andong 1512 is a port only with the andong_port option."""
    g = P({"Q8": "1519", "J1": "1321"}, side="QING", cp=2)
    assert "1512" not in {a.to for a in of(g, Ship)}
    g = P({"Q8": "1519", "J1": "1321"}, side="QING", cp=2, options={"andong_port": True})
    assert "1512" in {a.to for a in of(g, Ship)}


def test_map_cells_are_checked():
    g = SinoJapanese(seed=1)
    assert {c.terrain for c in g.board.cells.values()} <= set(g.data["map_cells"]["terrain"])


def _rulings_section() -> str:
    from game.paths import ROOT
    text = (ROOT / "docs" / "rulings.md").read_text(encoding="utf-8")
    return text.split("## 日清戰爭 旭日與斜陽 (sino_japanese)")[1].split("\n## ")[0]


def test_every_ruling_in_the_data_is_in_the_rulings_document():
    """data.json "rulings" and docs/rulings.md (section 日清戰爭) carry the same rulings, word for word."""
    section = _rulings_section()
    rulings = SinoJapanese(seed=1).data["rulings"]
    for r in rulings:
        line = f"- **{r['id']}** ({r['clause']}): {r['ruling']} *Why:* {r['reason']}"
        line += f" *Tests:* `{r['test']}`." if r.get("test") else ""
        assert line in section.split("\n"), r["id"]
    assert section.count("\n- **") == len(rulings)


def test_every_ruling_names_tests_that_exist():
    import re
    from pathlib import Path
    here = Path(__file__).read_text(encoding="utf-8")
    data = SinoJapanese(seed=1).data
    for r in data["rulings"]:
        for name in re.findall(r"test_\w+", r.get("test", "")):
            pat = name.rstrip("*_")
            assert re.search(rf"def {re.escape(pat)}", here), (r["id"], name)
