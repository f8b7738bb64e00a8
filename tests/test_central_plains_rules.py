"""中原大戰: one test per rule clause, on small hand-built positions with loaded dice.

"seed" is the Chinese rules summary (../shared/seeds/001_c4cafc4eda1be1c9.txt),
"§" the data sheet (../shared/rules/central_plains.md). Rulings are listed in
the docstring of game/rulesets/central_plains/rules.py and in data.json
"rulings"; each has a test here, named after it.
"""
from __future__ import annotations

import pytest

from game.core.errors import IllegalActionError, OptionError
from game.rulesets.central_plains import CentralPlains, seating
from game.rulesets.central_plains.actions import (Advance, Attack, Discard, EndAttack, EndCommands, Move,
                                                  NameDefender, Play, RemovePiece, RetreatPiece, Sacrifice, Skip,
                                                  Stand, Target)
from game.rulesets.central_plains.components import Battle
from tests.helpers import load

P = CentralPlains.from_position
TWO = {"players": 2}


def of(g, cls):
    return [a for a in g.legal_actions() if isinstance(a, cls)]


def dests(g, cmd, frm, pieces, mode="normal", limit=None):
    return set(g.destinations(cmd, frm, tuple(sorted(pieces)), mode, limit))


def pieces(g, s):
    return sorted(g.stack(s))


def events(g, kind):
    return [e for e in g.events if e.kind == kind]


def command_move(g, move, discard):
    g.apply(move)
    assert g.pending().kind == "discard"
    g.apply(Discard(discard))


def command_attack(g, origin, bf, discards):
    g.apply(Attack(origin, bf))
    for c in discards:
        g.apply(Discard(c))


def tr(g, cmd):
    return g.tracks(cmd)


# -- seed 2, 3: set-up ---------------------------------------------------------------------------------
def test_setup_places_the_printed_pieces_tracks_and_hands():
    g = CentralPlains(seed=1)
    assert pieces(g, "GUIDE") == [("CHIANG", "armoured_train"), ("CHIANG", "infantry"), ("CHIANG", "infantry")]
    assert (tr(g, "CHIANG").troops, tr(g, "CHIANG").funds, tr(g, "CHIANG").morale) == (20, 30, 0)
    assert {s: len(g.hand(s)) for s in g.seats} == {"CHIANG": 5, "HE": 5, "YAN": 4, "LI": 4, "FENG": 4}
    assert all(g.zones.owner(g, c) == s for s in g.seats for c in g.hand(s))
    assert sorted(g.cards_in("neutral")) == ["N1", "N2", "N3", "N4"]


def test_opening_hand_is_the_seats_hand_limit():
    g = CentralPlains(seed=1, options=TWO)
    assert {s: len(g.hand(s)) for s in g.seats} == {"CHIANG+HE": 6, "YAN+LI+FENG": 6}


# -- seed 9: 2-5 players ------------------------------------------------------------------------------------
def test_seats_come_from_the_number_of_players_and_the_split():
    assert CentralPlains(options=TWO).seats == ("CHIANG+HE", "YAN+LI+FENG")
    assert CentralPlains(options={"players": 3}).seats == ("CHIANG+HE", "YAN+FENG", "LI")
    assert CentralPlains(options={"players": 4}).seats == ("CHIANG", "HE", "YAN+FENG", "LI")
    assert CentralPlains().seats == ("CHIANG", "HE", "YAN", "LI", "FENG")
    g = CentralPlains(options={"split": "CHIANG/HE/YAN+LI+FENG"})
    assert g.seats == ("CHIANG", "HE", "YAN+LI+FENG")
    assert g.roles_of("YAN+LI+FENG") == ("YAN", "LI", "FENG") and g.seat_side("YAN+LI+FENG") == "anti"
    assert g.seat_side("HE") == "central"


def test_every_split_the_rules_allow_and_no_other():
    splits = seating.all_splits()
    assert len(splits) == 10
    for s in splits:
        groups = [grp.split("+") for grp in s.split("/")]
        assert sorted(k for grp in groups for k in grp) == sorted(CentralPlains.seats)
        camps = [{CentralPlains(options={"split": s}).seat_side(grp) for grp in s.split("/")}]
        assert camps
        for grp in groups:
            assert len(grp) <= 3 and len({"CHIANG", "HE"} & set(grp)) in (0, len(grp))
    with pytest.raises(OptionError):
        CentralPlains(options={"split": "CHIANG+YAN/HE/LI/FENG"})           # never across camps
    with pytest.raises(OptionError):
        CentralPlains(options={"players": 3, "split": "CHIANG+HE/YAN+LI+FENG"})
    with pytest.raises(OptionError):
        CentralPlains(options={"players": 6})


def test_a_camp_wins_together():
    g = P({"TONGGUAN": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG+HE": ["C12"]}, options={"players": 3})
    command_move(g, Move("TONGGUAN", "XIAN", ("infantry",)), "C12")
    r = g.result()
    assert r.winner == "central"
    assert r.returns_for("CHIANG+HE") == 1.0 and r.returns_for("YAN+FENG") == r.returns_for("LI") == -1.0


def test_one_player_shuffles_his_commanders_decks_together():
    g = CentralPlains(seed=3, options=TWO)
    deck = g.cards_in("deck:CHIANG+HE") + g.hand("CHIANG+HE")
    assert sorted(deck) == sorted(g.deck_of["CHIANG"] + g.deck_of["HE"])
    owners = [g.card_owner(c) for c in g.cards_in("deck:CHIANG+HE")]
    assert owners != sorted(owners)                              # mixed, not one deck after the other


def test_hand_limit_plus_one_per_extra_commander():
    assert CentralPlains(options=TWO).hand_limit("YAN+LI+FENG") == 4 + 2
    assert CentralPlains(options=TWO).hand_limit("CHIANG+HE") == 5 + 1
    g = CentralPlains(options={"players": 3})
    assert (g.hand_limit("YAN+FENG"), g.hand_limit("LI"), g.hand_limit("CHIANG+HE")) == (5, 4, 6)


def test_never_play_one_commanders_card_in_anothers_turn():
    g = P({"NANJING": "CHIANG inf", "HANKOU": "HE inf"}, commander="CHIANG",
          hands={"CHIANG+HE": ["C12", "H13"]}, options=TWO)
    assert Play("C12") in g.legal_actions() and Play("H13") not in g.legal_actions()
    with pytest.raises(IllegalActionError):
        g.apply(Play("H13"))


def test_may_discard_another_commanders_card_to_move():
    g = P({"NANJING": "CHIANG inf", "HANKOU": "HE inf"}, commander="CHIANG",
          hands={"CHIANG+HE": ["C12", "H13"]}, options=TWO)
    command_move(g, Move("NANJING", "BENGBU", ("infantry",)), "H13")
    assert "H13" in g.cards_in("discard:CHIANG+HE") and pieces(g, "BENGBU") == [("CHIANG", "infantry")]


def test_may_sacrifice_another_commanders_card():
    g = P({"NANJING": "CHIANG inf", "HANKOU": "HE inf"}, commander="CHIANG",
          hands={"CHIANG+HE": ["C01", "H13"]}, options=TWO)
    g.apply(Play("C01"))
    assert g.pending().kind == "sacrifice"
    g.apply(Sacrifice("H13"))
    assert "H13" in g.cards_in("removed")


def test_never_move_another_commanders_pieces():
    g = P({"NANJING": "CHIANG inf", "HANKOU": "HE inf"}, commander="CHIANG",
          hands={"CHIANG+HE": ["C12"]}, options=TWO)
    assert all(m.frm != "HANKOU" for m in of(g, Move))


def test_same_camp_turns_several_commanders_play_each_turn_in_the_order():
    g = P({"NANJING": "CHIANG inf", "HANKOU": "HE inf", "XIAN": "FENG inf", "TAIYUAN": "YAN inf",
           "GUILIN": "LI inf"}, commander="CHIANG", options=TWO)
    seen = []
    for _ in range(4):
        g.apply(EndCommands())
        seen.append((g.turn().commander, g.pending().seat))
    assert seen == [("YAN", "YAN+LI+FENG"), ("HE", "CHIANG+HE"), ("FENG", "YAN+LI+FENG"), ("LI", "YAN+LI+FENG")]


# -- seed 4: turn order -------------------------------------------------------------------------------------------
def test_turn_order_li_chiang_yan_he_feng():
    g = CentralPlains(seed=2)
    order = [g.turn().commander]
    for _ in range(5):
        g.apply(EndCommands())
        order.append(g.turn().commander)
    assert order == ["LI", "CHIANG", "YAN", "HE", "FENG", "LI"]
    assert g.turn().round == 2


# -- seed 5(1): upkeep by army size ------------------------------------------------------------------------------
def test_upkeep_by_army_size():
    """§3.1: U = infantry + cavalry + 2 × armoured trains, pay U/4 rounded up."""
    g = P({"NANJING": "CHIANG inf", "XUZHOU": "CHIANG inf AT", "GUIDE": "CHIANG inf inf inf",
           "BENGBU": "CHIANG inf ginf"}, commander="LI")
    assert g.upkeep("CHIANG") == 2                        # U = 6 + 2 (grey excluded) = 8: 2
    g.apply(EndCommands())                                # 蔣's turn begins: he pays
    assert tr(g, "CHIANG").funds == 30 - 2
    g = P({"NANJING": "CHIANG inf inf", "GUIDE": "CHIANG inf inf inf", "XUZHOU": "CHIANG inf AT",
           "SUXIAN": "CHIANG inf"}, commander="LI")
    assert g.upkeep("CHIANG") == 3                        # U = 9
    assert P({"NANJING": "CHIANG inf"}).upkeep("CHIANG") == 1
    assert P({"XIAN": "FENG inf"}).upkeep("CHIANG") == 0


def test_income_is_paid_before_upkeep():
    g = P({"TAIYUAN": "YAN inf"}, commander="CHIANG", in_play={"YAN": [("Y01", 2)]},
          tracks={"YAN": {"funds": 1}})
    g.apply(EndCommands())                                # 閻: +1 income, then pays 1: no surrender
    assert g.turn().commander == "YAN" and not g.is_over() and tr(g, "YAN").funds == 1


# -- seed 5(2), 6(3): counter cards ---------------------------------------------------------------------------------
def test_counter_card_returned_each_turn_to_the_bottom_of_the_deck():
    g = P({"NANJING": "CHIANG inf"}, commander="LI", in_play={"CHIANG": [("C22", 2)]})
    under = g.zones.attached(g, "C22")
    g.apply(EndCommands())
    assert len(g.zones.attached(g, "C22")) == 1
    assert g.cards_in("deck:CHIANG")[-1] == under[0]


def test_lasting_card_without_counters_goes_to_the_bottom_of_the_deck():
    g = P({"NANJING": "CHIANG inf"}, commander="LI", in_play={"CHIANG": [("C22", 1)]})
    g.apply(EndCommands())
    assert "C22" not in g.cards_in("play:CHIANG") and g.cards_in("deck:CHIANG")[-1] == "C22"


def test_dispatch_expiry_effect_then_removed():
    g = P({"NANJING": "CHIANG inf"}, commander="LI", in_play={"CHIANG": [("C17", 1)]},
          neutral=["N2", "N1", "N3", "N4"])
    g.apply(EndCommands())
    assert g.support()["central"] == 3                     # On expiry: SUPPORT 3
    assert "C17" in g.cards_in("removed")


def test_counters_short_card_expires_at_the_next_phase_2():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG": ["C22"]},
          decks={"CHIANG": []}, )
    # empty his deck and discard pile: the lasting card gets no counter
    g.zones.move_all(g, list(g.cards_in("deck:CHIANG")), "removed")
    g.invalidate()
    g.apply(Play("C22"))
    assert g.zones.attached(g, "C22") == () and "C22" in g.cards_in("play:CHIANG")
    for _ in range(5):
        g.apply(EndCommands())
    assert "C22" not in g.cards_in("play:CHIANG")


def test_counters_come_from_the_top_of_the_deck():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG": ["C22"]},
          decks={"CHIANG": ["C02", "C03", "C04"]})
    g.apply(Play("C22"))
    assert g.zones.attached(g, "C22") == ("C02", "C03")


# -- seed 5(3): commands ---------------------------------------------------------------------------------------------------
def test_three_commands_central_two_anti_chiang():
    g = P({"NANJING": "CHIANG inf"}, commander="LI", hands={"CHIANG": ["C02", "C03", "C04", "C05"]})
    g.apply(EndCommands())
    assert g.turn().commander == "CHIANG" and g.turn().commands == 3
    g = P({"GUILIN": "LI inf"}, commander="FENG")
    g.apply(EndCommands())
    assert g.turn().commander == "LI" and g.turn().commands == 2


def test_commands_may_repeat_and_end_the_turn_when_used_up():
    g = P({"NANJING": "CHIANG inf inf inf"}, commander="CHIANG", hands={"CHIANG": ["C12", "C06", "C19", "C20"]})
    command_move(g, Move("NANJING", "BENGBU", ("infantry",)), "C19")
    command_move(g, Move("NANJING", "BENGBU", ("infantry",)), "C20")
    g.apply(Play("C12"))
    assert g.turn().commander == "YAN"


def test_extra_command():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG": ["C21"]})
    g.apply(Play("C21"))
    assert g.turn().commands == 3                          # 3 - 1 + 1


# -- seed 6(1): movement ------------------------------------------------------------------------------------------------------
def test_move_costs_one_discard():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG": ["C12", "C06"]})
    g.apply(Move("NANJING", "BENGBU", ("infantry",)))
    assert g.pending().kind == "discard" and set(of(g, Discard)) == {Discard("C12"), Discard("C06")}
    g.apply(Discard("C06"))
    assert g.hand("CHIANG") == ("C12",) and g.cards_in("discard:CHIANG") == ("C06",)


def test_move_needs_a_card_to_discard():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG")
    assert of(g, Move) == [] and g.legal_actions() == [EndCommands()]


def test_move_by_link_kind_infantry():
    g = P({"XUZHOU": "CHIANG inf", "BOZHOU": "CHIANG inf", "NANJING": "CHIANG inf"})
    assert dests(g, "CHIANG", "XUZHOU", ["infantry"]) == {
        "YANZHOU", "TAIAN", "JINAN", "SUXIAN", "BENGBU", "NANJING", "GUIDE", "LANFENG", "KAIFENG"}   # rail 3
    assert dests(g, "CHIANG", "BOZHOU", ["infantry"]) == {"TAIKANG", "GUIDE", "SUXIAN"}             # road 1
    assert dests(g, "CHIANG", "NANJING", ["infantry"]) >= {"JIUJIANG", "HANKOU"}                     # river 2
    assert "XIANGYANG" not in dests(g, "CHIANG", "NANJING", ["infantry"])                           # river 3


def test_move_by_link_kind_cavalry_mixed_path():
    g = P({"BOZHOU": "FENG cav", "XUCHANG": "FENG inf"}, commander="FENG")
    d = dests(g, "FENG", "BOZHOU", ["cavalry"])
    assert {"TAIKANG", "KAIFENG", "XUCHANG"} <= d                                   # road 2
    assert {"GUIDE", "XUZHOU", "LANFENG", "SUXIAN", "BENGBU"} <= d                  # road + rail, 2 in all
    assert "KAIFENG" in d and "ZHENGZHOU" not in d                                  # 3 links: no
    g = P({"XINXIANG": "FENG cav"}, commander="FENG")
    assert {"ZHENGZHOU", "XUCHANG", "LUOHE", "SHIJIAZHUANG"} <= dests(g, "FENG", "XINXIANG", ["cavalry"])  # rail 3


def test_path_keeps_to_one_link_kind_except_cavalry():
    g = P({"BOZHOU": "FENG inf"}, commander="FENG")
    assert "XUZHOU" not in dests(g, "FENG", "BOZHOU", ["infantry"])                 # road then rail


def test_armoured_train_any_rail_distance_never_road_or_river():
    g = P({"XUZHOU": "CHIANG AT", "HANKOU": "HE AT"})
    d = dests(g, "CHIANG", "XUZHOU", ["armoured_train"])
    assert {"DEZHOU", "TIANJIN", "SHANHAIGUAN", "ZHENGZHOU", "SHANZHOU", "HANKOU", "CHANGSHA"} <= d
    assert "BOZHOU" not in d and "JIUJIANG" not in dests(g, "HE", "HANKOU", ["armoured_train"])


def test_armoured_train_rail_only_stands_on_rail_strongholds():
    g = P({"XUZHOU": "CHIANG AT"})
    assert all(s in g.rail_nodes for s in dests(g, "CHIANG", "XUZHOU", ["armoured_train"]))
    g = P({"GUIDE": "CHIANG AT inf", "BOZHOU": "FENG inf"}, commander="FENG")
    g = P({"GUIDE": "CHIANG AT"}, commander="CHIANG")
    assert "BOZHOU" not in dests(g, "CHIANG", "GUIDE", ["armoured_train"])


def test_mixed_stack_moves_at_its_slowest_piece():
    g = P({"XUZHOU": "CHIANG inf AT"})
    d = dests(g, "CHIANG", "XUZHOU", ["infantry", "armoured_train"])
    assert "JINAN" in d and "DEZHOU" not in d                      # rail 3 for infantry
    g = P({"GUIDE": "CHIANG inf AT"})
    assert "BOZHOU" not in dests(g, "CHIANG", "GUIDE", ["infantry", "armoured_train"])


def test_move_never_through_an_enemy_held_stronghold():
    g = P({"XUZHOU": "CHIANG inf", "YANZHOU": "YAN inf"})
    d = dests(g, "CHIANG", "XUZHOU", ["infantry"])
    assert "YANZHOU" not in d and "TAIAN" not in d and "SUXIAN" in d


def test_move_through_and_onto_friendly_strongholds():
    g = P({"XUZHOU": "CHIANG inf", "YANZHOU": "HE inf"})
    assert {"YANZHOU", "TAIAN"} <= dests(g, "CHIANG", "XUZHOU", ["infantry"])


def test_at_most_3_pieces_per_stronghold_full_one_only_passed():
    g = P({"XUZHOU": "CHIANG inf inf", "YANZHOU": "HE inf inf inf", "SUXIAN": "CHIANG inf inf"})
    d = dests(g, "CHIANG", "XUZHOU", ["infantry"])
    assert "YANZHOU" not in d and "TAIAN" in d                      # passes the full stronghold
    assert "SUXIAN" in d and "SUXIAN" not in dests(g, "CHIANG", "XUZHOU", ["infantry", "infantry"])


def test_one_to_three_pieces_in_a_move():
    g = P({"GUIDE": "CHIANG inf inf AT"}, hands={"CHIANG": ["C12"]})
    stacks = {m.pieces for m in of(g, Move) if m.to == "XUZHOU"}
    assert stacks == {("infantry",), ("armoured_train",), ("infantry", "infantry"),
                      ("armoured_train", "infantry"), ("armoured_train", "infantry", "infantry")}


def test_cut_rail_blocks_movement_not_adjacency():
    g = P({"XUZHOU": "CHIANG inf", "GUIDE": "FENG inf"}, commander="CHIANG",
          in_play={"HE": [("H19", 2, "L15")]}, hands={"CHIANG": ["C12", "C06"]})
    assert g.cut_links() == {"L15"}
    assert "YANZHOU" not in dests(g, "CHIANG", "XUZHOU", ["infantry"])
    g = P({"XUZHOU": "CHIANG inf", "GUIDE": "FENG inf"}, commander="CHIANG",
          in_play={"HE": [("H19", 2, "L19")]}, hands={"CHIANG": ["C12", "C06"]})
    assert Attack("XUZHOU", "GUIDE") in g.legal_actions()


# -- seed 6(2): attacks --------------------------------------------------------------------------------------------------------
def battle(**kw):
    """蔣 at 徐州 (2 infantry) against 馮 at 歸德 (1 infantry, town +1)."""
    pcs = {"XUZHOU": "CHIANG inf inf", "GUIDE": "FENG inf"}
    pcs.update(kw.pop("pieces", {}))
    kw.setdefault("hands", {"CHIANG": ["C12", "C06", "C19", "C20"]})
    return P(pcs, commander="CHIANG", **kw)


def test_attack_costs_two_discards():
    g = battle()
    g.apply(Attack("XUZHOU", "GUIDE"))
    assert g.pending().kind == "discard"
    g.apply(Discard("C12"))
    assert g.pending().kind == "discard"
    g.apply(Discard("C06"))
    assert g.pending().kind == "stand" and g.pending().seat == "FENG"
    assert len(g.cards_in("discard:CHIANG")) == 2


def test_attack_needs_two_cards():
    g = P({"XUZHOU": "CHIANG inf", "GUIDE": "FENG inf"}, hands={"CHIANG": ["C12"]})
    assert of(g, Attack) == []


def test_attack_from_own_stronghold_at_enemy_one_step_away():
    g = battle(pieces={"LANFENG": "FENG inf", "BOZHOU": "YAN inf"})
    assert set(of(g, Attack)) == {Attack("XUZHOU", "GUIDE")}
    g = battle(pieces={"SUXIAN": "CHIANG inf", "BOZHOU": "YAN inf"})
    assert set(of(g, Attack)) == {Attack("XUZHOU", "GUIDE"), Attack("SUXIAN", "BOZHOU")}


def test_defender_chooses_retreat_or_defend():
    g = battle()
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    assert set(g.legal_actions()) == {Stand("retreat"), Stand("defend")}


def test_retreat_moves_a_piece_one_step_to_own_friendly_or_empty():
    g = battle(pieces={"GUIDE": "FENG inf cav", "LANFENG": "FENG inf", "BOZHOU": "LI inf inf"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    g.apply(Stand("retreat"))
    assert g.pending().kind == "retreat" and g.pending().seat == "FENG"
    assert {(a.piece, a.to) for a in of(g, RetreatPiece)} == {
        ("cavalry", "LANFENG"), ("cavalry", "BOZHOU"), ("infantry", "LANFENG"), ("infantry", "BOZHOU")}
    g.apply(RetreatPiece("cavalry", "BOZHOU"))             # onto an ally with room
    assert pieces(g, "BOZHOU") == [("FENG", "cavalry"), ("LI", "infantry"), ("LI", "infantry")]


def test_retreat_one_piece_6_2_c_the_defender_moves_any_one_piece_1_step_the_others_stay():
    g = battle(pieces={"GUIDE": "FENG inf cav"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("cavalry", "LANFENG"))            # 選擇任意一個軍棋移動1步: one piece, his choice
    assert pieces(g, "GUIDE") == [("FENG", "infantry")] and pieces(g, "LANFENG") == [("FENG", "cavalry")]
    assert g.battle() is None and g.pending().kind == "command" and g.pending().seat == "CHIANG"
    assert not events(g, "BattleResolved") and tr(g, "FENG").troops == 20     # no battle, no loss, no advance


def test_retreat_one_piece_6_2_c_no_retreat_when_no_piece_can_step_he_defends():
    g = battle(pieces={"LANFENG": "CHIANG inf", "BOZHOU": "CHIANG inf"})
    load(g, 1, 1, 6)
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])   # every step is onto the enemy: no retreat
    assert events(g, "DefenderChose")[-1]["choice"] == "defend" and events(g, "BattleResolved")
    assert pieces(g, "GUIDE") == [("FENG", "infantry")] and tr(g, "FENG").troops == 20


def test_retreat_move_rules_6_2_c_an_armoured_train_retreats_only_where_it_could_move():
    g = P({"JINAN": "CHIANG inf inf", "DEZHOU": "YAN inf AT"}, hands={"CHIANG": ["C12", "C06"]})
    command_attack(g, "JINAN", "DEZHOU", ["C12", "C06"])
    g.apply(Stand("retreat"))                              # 依移動規定: the train by rail only, never the road
    assert {(a.piece, a.to) for a in of(g, RetreatPiece)} == {
        ("armoured_train", "TIANJIN"), ("infantry", "TIANJIN"), ("infantry", "SHIJIAZHUANG")}
    g = P({"JINAN": "CHIANG inf inf", "DEZHOU": "YAN AT", "TIANJIN": "HE inf"}, hands={"CHIANG": ["C12", "C06"]})
    load(g, 1, 1, 6)
    command_attack(g, "JINAN", "DEZHOU", ["C12", "C06"])   # the road to 石家莊 is no way for a train: it defends
    assert events(g, "DefenderChose")[-1]["choice"] == "defend" and pieces(g, "DEZHOU") == [("YAN", "armoured_train")]


def test_retreat_then_next_the_attacker_names_another_defender():
    g = battle(pieces={"GUIDE": "FENG inf inf; YAN inf", "LANFENG": "FENG inf"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    assert g.pending().kind == "name" and set(of(g, NameDefender)) == {NameDefender("YAN"), NameDefender("FENG")}
    assert EndAttack() not in g.legal_actions()
    g.apply(NameDefender("FENG"))
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "LANFENG"))           # 馮 has retreated: his other piece stays, not named again
    assert g.pending().kind == "name" and set(g.legal_actions()) == {NameDefender("YAN"), EndAttack()}
    g.apply(NameDefender("YAN"))
    assert g.pending().seat == "YAN"
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    assert events(g, "BattleResolved")[-1]["defender"] == "YAN"


def test_advance_after_the_battlefield_is_cleared():
    g = battle(pieces={"XUZHOU": "CHIANG inf inf AT"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "LANFENG"))
    assert g.pending().kind == "advance" and Advance(()) in g.legal_actions()
    assert Advance(("armoured_train", "infantry", "infantry")) in g.legal_actions()
    g.apply(Advance(("armoured_train", "infantry")))
    assert pieces(g, "GUIDE") == [("CHIANG", "armoured_train"), ("CHIANG", "infantry")]
    assert g.pending().kind == "command"


def test_advance_into_an_enemy_hq_wins():
    g = P({"TONGGUAN": "CHIANG inf inf", "XIAN": "FENG inf"}, hands={"CHIANG": ["C12", "C06"]},
          tracks={"FENG": {"troops": 6}})
    load(g, 6, 6, 1)
    command_attack(g, "TONGGUAN", "XIAN", ["C12", "C06"])  # nowhere to retreat: he defends and loses the piece
    g.apply(Advance(("infantry",)))
    assert g.is_over() and g.result().winner == "central" and "HQ" in g.result().reason


# -- seed 7: combat totals -------------------------------------------------------------------------------------------
def test_combat_totals_pieces_morale_terrain_and_dice():
    """Attacker: own pieces 1 step from the battlefield + morale + 2 red dice; defender: own pieces in
    the battlefield and 1 step away + morale + terrain + 1 white die."""
    g = battle(pieces={"SUXIAN": "CHIANG inf", "BOZHOU": "CHIANG AT", "LANFENG": "FENG cav", "KAIFENG": "FENG inf"},
               tracks={"CHIANG": {"morale": 2}, "FENG": {"morale": 1}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 3, 4, 2)
    g.apply(Stand("defend"))
    lb = g.public_state()["last_battle"]
    a, d = lb["attack"], lb["defence"]
    assert (a["pieces"], a["morale"], a["dice"], a["total"]) == (2 + 3, 2, [3, 4], 5 + 2 + 7)   # SUXIAN is 2 steps
    assert (d["pieces"], d["morale"], d["terrain"], d["dice"], d["total"]) == (2, 1, 1, [2], 2 + 1 + 1 + 2)


def test_morale_cap_15():
    g = P({"NANJING": "CHIANG inf"}, tracks={"CHIANG": {"morale": 14}}, hands={"CHIANG": ["C12"]})
    g.apply(Play("C12"))                                  # MORALE +2
    assert tr(g, "CHIANG").morale == 15


def test_terrain_mountain_plus_2_town_plus_1_plain_minus_1():
    for where, frm, mod in (("TAIAN", "JINAN", 2), ("YANZHOU", "XUZHOU", 1), ("LANFENG", "GUIDE", -1)):
        g = P({frm: "CHIANG inf inf", where: "YAN inf"}, hands={"CHIANG": ["C12", "C06"]})
        command_attack(g, frm, where, ["C12", "C06"])
        load(g, 1, 1, 1)
        g.apply(Stand("defend"))
        assert g.public_state()["last_battle"]["defence"]["terrain"] == mod


def test_one_troop_loss_per_3_points_of_difference():
    g = battle(pieces={"GUIDE": "FENG inf inf inf"})    # 2 + 12 = 14 against 3 + 1 + 1 = 5: 9 -> 3 troops
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    assert tr(g, "FENG").troops == 20 - 3 and g.public_state()["last_battle"]["losses"] == 3


def test_difference_below_3_has_no_effect():
    g = battle()                                        # 2 + 2 = 4 against 1 + 1 + 1 = 3
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 1, 1, 1)
    g.apply(Stand("defend"))
    assert tr(g, "FENG").troops == 20 and tr(g, "CHIANG").troops == 20


def test_the_attacker_loses_when_lower():
    g = battle(pieces={"GUIDE": "FENG inf inf inf", "LANFENG": "FENG inf inf"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 1, 1, 6)                                    # 2 + 2 = 4 against 5 + 1 + 6 = 12: 8 -> 2 troops
    g.apply(Stand("defend"))
    assert tr(g, "CHIANG").troops == 18 and tr(g, "FENG").troops == 20


def test_troops_down_piece_removed_when_the_marker_crosses_a_zone():
    g = battle(pieces={"GUIDE": "FENG inf cav"}, tracks={"FENG": {"troops": 13}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)                                    # 14 against 2 + 1 + 1 = 4: 10 -> 3 troops, 13 -> 10
    g.apply(Stand("defend"))
    assert tr(g, "FENG").troops == 12                   # 13 -> 12 enters zone 6: a piece, the defender's choice
    assert g.pending().kind == "loss" and g.pending().seat == "FENG"
    assert set(g.legal_actions()) == {RemovePiece("GUIDE", "cavalry"), RemovePiece("GUIDE", "infantry")}
    g.apply(RemovePiece("GUIDE", "cavalry"))
    assert tr(g, "FENG").troops == 10 and pieces(g, "GUIDE") == []      # 11 same zone; 10 zone 5: the infantry


def test_attacker_losses_come_off_the_origin():
    g = battle(pieces={"GUIDE": "FENG inf inf inf", "LANFENG": "FENG inf inf", "SUXIAN": "CHIANG inf"},
               tracks={"CHIANG": {"troops": 19}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 1, 1, 6)
    g.apply(Stand("defend"))
    assert tr(g, "CHIANG").troops == 17 and pieces(g, "XUZHOU") == [("CHIANG", "infantry")]
    assert pieces(g, "SUXIAN") == [("CHIANG", "infantry")]


def test_losses_are_taken_one_at_a_time_and_stop_at_a_surrender():
    g = battle(pieces={"GUIDE": "FENG inf; YAN inf inf"}, tracks={"FENG": {"troops": 2}, "YAN": {"troops": 4}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    g.apply(NameDefender("FENG"))
    load(g, 6, 6, 1)                                    # 14 against 1 + 1 + 1: 11 -> 3 troops
    g.apply(Stand("defend"))
    # 馮 2 -> 1 (same zone), 1 -> 0: surrender; the third point is never taken (閻 keeps 4)
    assert g.is_over() and g.result().winner == "central" and tr(g, "YAN").troops == 4


def test_overflow_order_the_ally_loses_after_the_losers_pieces_are_gone():
    g = battle(pieces={"GUIDE": "FENG inf; YAN inf inf"}, tracks={"FENG": {"troops": 13}, "YAN": {"troops": 14}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    g.apply(NameDefender("FENG"))
    load(g, 6, 6, 1)                                    # 3 troops: 馮 13 -> 12 (piece gone), then 閻 14 -> 13 -> 12
    g.apply(Stand("defend"))
    assert tr(g, "FENG").troops == 12 and tr(g, "YAN").troops == 12
    assert pieces(g, "GUIDE") == [("YAN", "infantry")]


def test_loss_stops_when_empty():
    g = battle(tracks={"FENG": {"troops": 13}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)                                    # 3 troops due, but the only piece goes at the first
    g.apply(Stand("defend"))
    assert tr(g, "FENG").troops == 12 and pieces(g, "GUIDE") == []
    assert events(g, "LossesEnd")


def test_morale_loss_option():
    g = battle(tracks={"FENG": {"morale": 3}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    assert tr(g, "FENG").morale == 2
    g = battle(tracks={"FENG": {"morale": 3}}, options={"morale_loss": False})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    assert tr(g, "FENG").morale == 3


def test_named_commander_only_counts_his_own_pieces():
    g = battle(pieces={"SUXIAN": "HE inf", "LANFENG": "YAN inf inf"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 1, 1, 1)
    g.apply(Stand("defend"))
    lb = g.public_state()["last_battle"]
    assert lb["attack"]["pieces"] == 2 and lb["defence"]["pieces"] == 1
    g = battle(pieces={"BOZHOU": "HE inf", "LANFENG": "YAN inf inf"}, options={"counts": "camp"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 1, 1, 1)
    g.apply(Stand("defend"))
    lb = g.public_state()["last_battle"]
    assert lb["attack"]["pieces"] == 3 and lb["defence"]["pieces"] == 3


def test_pieces_strength_once_infantry_1_cavalry_1_armoured_train_3():
    g = battle(pieces={"XUZHOU": "CHIANG inf AT", "BOZHOU": "CHIANG gcav"})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 1, 1, 1)
    g.apply(Stand("defend"))
    assert g.public_state()["last_battle"]["attack"]["pieces"] == 1 + 3 + 1


# -- seed 6(3): playing cards ---------------------------------------------------------------------------------------------
def test_ordinary_card_acts_this_turn_then_is_discarded():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C06"]})
    g.apply(Play("C06"))
    assert tr(g, "CHIANG").funds == 33 and g.cards_in("discard:CHIANG") == ("C06",)
    assert g.turn().commands == 2


def test_lasting_card_stays_in_play_with_its_counters():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C23"]})
    g.apply(Play("C23"))
    assert g.pending().kind == "target" and set(of(g, Target)) == {Target("NANJING"), Target("HANKOU")}
    g.apply(Target("NANJING"))
    assert "C23" in g.cards_in("play:CHIANG") and len(g.zones.attached(g, "C23")) == 3
    assert g.marks().of("C23") == "NANJING" and g.defend_bonus("CHIANG", "NANJING") == 3


def test_lasting_sacrifice_removed_from_the_hand_or_the_top_of_the_deck():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C01", "C02"]}, decks={"CHIANG": ["C05"]})
    g.apply(Play("C01"))
    assert set(g.legal_actions()) == {Sacrifice("C02"), Sacrifice("deck")}
    g.apply(Sacrifice("deck"))
    assert "C05" in g.cards_in("removed") and tr(g, "CHIANG").morale == 2


def test_sacrifice_needed_to_play():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C01"]})
    g.zones.move_all(g, list(g.cards_in("deck:CHIANG")), "removed")
    g.invalidate()
    assert Play("C01") not in g.legal_actions()


def test_dispatch_card_has_counters_and_acts_only_on_expiry():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C17"]})
    g.apply(Play("C17"))
    assert len(g.zones.attached(g, "C17")) == 2 and g.support() == {"central": 0, "anti": 0}


def test_partial_effect_a_card_with_nothing_to_do_is_still_played():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C08"]})      # ATTACK +2 with no enemy near
    g.apply(Play("C08"))
    assert g.pending().kind == "command" and "C08" in g.cards_in("discard:CHIANG")


def test_card_move_and_attack_may_be_skipped():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C02"]})
    g.apply(Play("C02"))
    assert g.pending().kind == "card_move" and Skip() in g.legal_actions()
    g.apply(Skip())
    assert g.pending().kind == "command"


def test_card_attack_is_an_ordinary_attack_without_discards():
    g = battle()
    g.apply(Play("C19"))                                  # ATTACK +1
    assert g.pending().kind == "card_attack"
    g.apply(Attack("XUZHOU", "GUIDE"))
    assert g.pending().kind == "stand"
    load(g, 1, 1, 1)
    g.apply(Stand("defend"))
    assert g.public_state()["last_battle"]["attack"]["card"] == 1
    assert len(g.hand("CHIANG")) == 3                     # only the card itself left the hand


def test_win_by_3_on_win_after_battle():
    g = battle(hands={"CHIANG": ["C04"]})
    g.apply(Play("C04"))
    g.apply(Attack("XUZHOU", "GUIDE"))
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "LANFENG"))
    g.apply(Advance(()))
    assert tr(g, "CHIANG").morale == 0                    # a retreat is not a win
    g = battle(hands={"CHIANG": ["C04"]})
    g.apply(Play("C04"))
    g.apply(Attack("XUZHOU", "GUIDE"))
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    g.apply(Advance(()))
    assert tr(g, "CHIANG").morale == 1


# -- seed 5(4): refill ---------------------------------------------------------------------------------------------------
def test_refill_to_the_hand_limit_5_central_4_anti():
    g = P({"NANJING": "CHIANG inf", "GUILIN": "LI inf"}, commander="CHIANG", hands={"CHIANG": ["C06"]})
    g.apply(EndCommands())
    assert len(g.hand("CHIANG")) == 5
    g = P({"NANJING": "CHIANG inf", "GUILIN": "LI inf"}, commander="LI")
    g.apply(EndCommands())
    assert len(g.hand("LI")) == 4


def test_overdraw_kept_but_no_refill():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG": ["C02", "C03", "C04", "C05", "C06", "C20"]})
    g.apply(Play("C20"))                                  # FUNDS +2, DRAW 1: 6 cards
    g.apply(EndCommands())
    assert len(g.hand("CHIANG")) == 6


def test_hand_limit_card_raises_the_limit():
    g = P({"GUILIN": "LI inf"}, commander="LI", in_play={"LI": [("G19", 3)]})
    assert g.hand_limit("LI") == 5
    g.apply(EndCommands())
    assert len(g.hand("LI")) == 5


def test_hand_limit_expiry_no_discard():
    g = P({"GUILIN": "LI inf"}, commander="FENG", in_play={"LI": [("G19", 1)]},
          hands={"LI": ["G02", "G03", "G04", "G05", "G06"]})
    g.apply(EndCommands())                                # 李's phase 2: 廖磊 expires
    assert "G19" not in g.cards_in("play:LI") and len(g.hand("LI")) == 5


def test_reshuffle_the_discard_pile_when_the_deck_is_empty():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", hands={"CHIANG": ["C20"]})
    deck = list(g.cards_in("deck:CHIANG"))
    g.zones.move_all(g, deck[:-1], "discard:CHIANG")
    g.zones.move_all(g, deck[-1:], "removed")
    g.invalidate()
    g.apply(Play("C20"))                                  # DRAW 1 from an empty deck: the discards come back
    assert len(g.hand("CHIANG")) == 1 and len(g.cards_in("deck:CHIANG")) == len(deck) - 2
    assert g.cards_in("discard:CHIANG") == ("C20",)


# -- seed 8: neutral generals ---------------------------------------------------------------------------------------------
def test_support_cards_face_down_from_the_top_of_the_deck():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C18"]}, decks={"CHIANG": ["C02", "C03"]})
    g.apply(Play("C18"))                                  # SUPPORT 1, DRAW 1
    assert g.zones.attached(g, "N1") == ("C02",) and g.hand("CHIANG") == ("C03",)
    assert g.observation("FENG")["support"] == {"central": 1, "anti": 0}
    assert "C02" not in str(g.observation("CHIANG")["neutral"])


def test_neutral_pile_seen_seed_3_its_top_card_and_size_never_the_order_below():
    g = P({"NANJING": "CHIANG inf"}, neutral=["N2", "N4", "N1", "N3"])
    h = P({"NANJING": "CHIANG inf"}, neutral=["N2", "N1", "N3", "N4"])    # the same top, another order below
    for seat in g.seats:
        assert g.observation(seat)["neutral"] == {"top": "N2", "count": 4}
        assert h.observation(seat) == g.observation(seat)
    assert h.public_state() == g.public_state()
    g = P({"NANJING": "CHIANG inf"}, neutral=["N3"])
    assert g.observation("LI")["neutral"] == {"top": "N3", "count": 1}
    g = P({"NANJING": "CHIANG inf"}, neutral=[])
    assert g.observation("LI")["neutral"] == {"top": None, "count": 0}


def test_top_neutral_active_each_camp_counted_apart():
    g = P({"NANJING": "CHIANG inf", "XIAN": "FENG inf"}, commander="FENG", hands={"FENG": ["F15"]},
          support={"N1": ["C02", "C03", "C04", "C05"]})
    g.apply(Play("F15"))
    g.apply(Target("CHIANG"))
    assert g.support() == {"central": 4, "anti": 1} and g.active_neutral() == "N1"


def test_after_join_support_goes_back_and_the_last_supporter_resolves_him():
    g = P({"NANJING": "CHIANG inf", "JINAN": "CHIANG inf"}, hands={"CHIANG": ["C15"]},
          neutral=["N2", "N1", "N3", "N4"], support={"N2": ["C02", "C03"]}, tracks={"CHIANG": {"troops": 14}})
    g.apply(Play("C15"))                                  # SUPPORT 2 on 韓復榘: 4 of 4
    assert "N2" in g.cards_in("removed") and g.active_neutral() == "N1"
    assert g.cards_in("deck:CHIANG")[-4:-2] == ("C02", "C03")          # support back to the deck bottom
    assert events(g, "NeutralJoined")[0]["camp"] == "central"
    assert tr(g, "CHIANG").troops == 18                   # TROOPS +4 by the resolver


def test_support_rest_goes_to_the_next_general():
    g = P({"NANJING": "CHIANG inf"}, commander="CHIANG", in_play={"CHIANG": [("C17", 1)]},
          neutral=["N4", "N1", "N2", "N3"], support={"N4": ["C02", "C03"]}, phase="upkeep")
    # 張群 expires: SUPPORT 3; 何鍵 needs 1 more, the other 2 go to 張學良
    assert "N4" in g.cards_in("removed") or g.pending().kind == "target"
    while g.pending().kind == "target":
        g.apply(g.legal_actions()[0])
    assert g.active_neutral() == "N1" and g.support() == {"central": 2, "anti": 0}


def test_no_active_neutral_support_does_nothing():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C18"]}, neutral=[])
    g.apply(Play("C18"))
    assert g.pending().kind == "command" and g.support() == {"central": 0, "anti": 0}


def test_grey_pieces_move_and_fight_as_the_resolvers_without_upkeep():
    g = P({"TIANJIN": "YAN inf", "BEIPING": "YAN inf"}, commander="YAN",
          support={"N1": ["Y02", "Y03", "Y04", "Y05"]}, in_play={"YAN": [("Y20", 1)]}, phase="upkeep")
    assert pieces(g, "SHANHAIGUAN") == [("YAN", "grey_cavalry"), ("YAN", "grey_infantry")]
    assert g.upkeep("YAN") == 1 and tr(g, "CHIANG").morale == 0 and tr(g, "YAN").morale == 2
    assert any(m.frm == "SHANHAIGUAN" for m in g.moves("YAN"))


def test_a_grey_piece_may_be_removed_instead():
    g = battle(pieces={"GUIDE": "FENG inf gcav"}, tracks={"FENG": {"troops": 13}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    assert RemovePiece("GUIDE", "grey_cavalry") in g.legal_actions()


# -- seed 10: victory ---------------------------------------------------------------------------------------------------
def test_hq_victory_immediate_on_taking_any_enemy_hq():
    g = P({"TONGGUAN": "CHIANG inf"}, hands={"CHIANG": ["C12"]})
    command_move(g, Move("TONGGUAN", "XIAN", ("infantry",)), "C12")
    assert g.is_over() and g.result().winner == "central"
    assert g.result().returns_for("CHIANG") == g.result().returns_for("HE") == 1.0
    assert g.result().returns_for("FENG") == -1.0 and g.legal_actions() == []


def test_hq_victory_10_1_a_retreat_into_an_empty_enemy_hq_wins():
    g = P({"SUXIAN": "CHIANG inf inf", "BENGBU": "FENG inf"}, hands={"CHIANG": ["C12", "C06"]})
    command_attack(g, "SUXIAN", "BENGBU", ["C12", "C06"])
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "NANJING"))           # 馮 steps back into 蔣's empty 南京
    assert g.is_over() and g.result().winner == "anti" and "HQ" in g.result().reason
    assert g.legal_actions() == [] and events(g, "GameOver")[-1]["winner"] == "anti"
    g = P({"ZHUMADIAN": "HE inf inf", "XINYANG": "FENG inf"}, commander="HE", hands={"HE": ["H12", "H06"]})
    command_attack(g, "ZHUMADIAN", "XINYANG", ["H12", "H06"])
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "HANKOU"))            # ... or into 何's empty 漢口
    assert g.is_over() and g.result().winner == "anti"


def test_hq_victory_10_1_one_check_for_every_way_into_an_enemy_hq():
    g = P({"XIAN": "CHIANG inf"}, hands={"CHIANG": ["C12"]})     # however a piece came to stand there
    assert g.is_over() and g.result().winner == "central" and "HQ" in g.result().reason


def test_an_hq_held_by_the_enemy_cannot_be_entered():
    g = P({"TONGGUAN": "CHIANG inf", "XIAN": "FENG inf"}, hands={"CHIANG": ["C12"]})
    assert Move("TONGGUAN", "XIAN", ("infantry",)) not in g.legal_actions()


def test_defeat_at_zero_funds_upkeep_short():
    g = P({"NANJING": "CHIANG inf"}, commander="LI", tracks={"CHIANG": {"funds": 1}})
    g.apply(EndCommands())
    assert g.is_over() and g.result().winner == "anti" and "funds" in g.result().reason


def test_defeat_at_zero_troops():
    g = battle(tracks={"FENG": {"troops": 2}})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    load(g, 6, 6, 1)
    g.apply(Stand("defend"))
    assert g.is_over() and g.result().winner == "central" and "troops" in g.result().reason


def test_round_limit_draw():
    g = P({"NANJING": "CHIANG inf"}, commander="FENG", round=30)
    g.apply(EndCommands())
    assert g.is_over() and g.result().winner is None


def test_troops_up_new_infantry_per_zone_entered():
    g = P({"NANJING": "CHIANG inf", "XUZHOU": "CHIANG inf"}, hands={"CHIANG": ["C03"]},
          tracks={"CHIANG": {"troops": 10}})
    g.apply(Play("C03"))                                  # TROOPS +4 on 津浦/隴海 own: 10 -> 14, zones 5 -> 7: 2 pieces
    assert tr(g, "CHIANG").troops == 14
    assert {a.target for a in of(g, Target)} == {"NANJING", "XUZHOU"}
    g.apply(Target("XUZHOU"))
    g.apply(Target("XUZHOU"))
    assert pieces(g, "XUZHOU") == [("CHIANG", "infantry")] * 3


def test_troops_up_never_a_tenth_infantry():
    pcs = {"NANJING": "CHIANG inf inf inf", "BENGBU": "CHIANG inf inf inf", "SUXIAN": "CHIANG inf inf inf"}
    g = P(pcs, hands={"CHIANG": ["C03"]}, tracks={"CHIANG": {"troops": 10}})
    g.apply(Play("C03"))
    assert g.on_map("CHIANG", "infantry") == 9 and tr(g, "CHIANG").troops == 14
    assert events(g, "PiecesNotPlaced")


# -- §6.1: each card op, once ---------------------------------------------------------------------------------------------
def fight(g, origin, bf, dice=(1, 1, 1), card=None):
    """Attack (by a card's attack if ``card``), the defender defends with loaded dice; the totals."""
    if card:
        g.apply(Play(card))
        while g.pending().kind == "target":
            g.apply(of(g, Target)[0])
        g.apply(Attack(origin, bf))
    else:
        command_attack(g, origin, bf, g.hand(g.pending().seat)[:2])
    if g.pending().kind == "name":
        g.apply(of(g, NameDefender)[0])
    load(g, *dice)
    g.apply(Stand("defend"))
    return g.public_state()["last_battle"]


def test_op_move_makes_n_moves_without_discards():
    g = P({"NANJING": "CHIANG inf inf"}, hands={"CHIANG": ["C02"]})
    g.apply(Play("C02"))
    g.apply(Move("NANJING", "BENGBU", ("infantry",)))
    assert g.pending().kind == "card_move"
    g.apply(Move("BENGBU", "SUXIAN", ("infantry",)))
    assert g.pending().kind == "command" and g.cards_in("discard:CHIANG") == ("C02",)


def test_op_attack_bonus():
    g = battle(hands={"CHIANG": ["C08", "C12"]})
    assert fight(g, "XUZHOU", "GUIDE", card="C08")["attack"]["card"] == 2


def test_op_attack_instead_battlefield_on_line():
    g = P({"JINAN": "CHIANG inf", "DEZHOU": "YAN inf"}, hands={"CHIANG": ["C11"]})
    assert fight(g, "JINAN", "DEZHOU", card="C11")["attack"]["card"] == 3           # 德州 is on the 津浦
    g = P({"BOZHOU": "CHIANG inf", "TAIKANG": "FENG inf"}, hands={"CHIANG": ["C11"]})
    assert fight(g, "BOZHOU", "TAIKANG", card="C11")["attack"]["card"] == 1


def test_op_attack_instead_battlefield_in():
    g = P({"XIANGYANG": "HE inf", "NANYANG": "FENG inf"}, commander="HE", hands={"HE": ["H03"]})
    assert fight(g, "XIANGYANG", "NANYANG", card="H03")["attack"]["card"] == 3


def test_op_attack_instead_defender():
    g = P({"HENGYANG": "HE inf", "QUANZHOU": "LI inf"}, commander="HE", hands={"HE": ["H07"]})
    assert fight(g, "HENGYANG", "QUANZHOU", card="H07")["attack"]["card"] == 2
    g = P({"XINYANG": "HE inf", "ZHUMADIAN": "FENG inf"}, commander="HE", hands={"HE": ["H07"]})
    assert fight(g, "XINYANG", "ZHUMADIAN", card="H07")["attack"]["card"] == 1


def test_op_attack_from_listed_strongholds():
    g = P({"GUANGZHOU": "HE inf", "WUZHOU": "LI inf", "HANKOU": "HE inf", "XINYANG": "HE inf",
           "ZHUMADIAN": "FENG inf"}, commander="HE", in_play={"HE": [("H04", 1)]}, phase="upkeep",
          tracks={"HE": {"troops": 13}})
    while g.pending().kind == "target":                   # TROOPS +4 at 廣州/韶關/衡陽
        g.apply(Target("GUANGZHOU") if Target("GUANGZHOU") in g.legal_actions() else of(g, Target)[0])
    assert g.pending().kind == "card_attack"
    assert set(of(g, Attack)) == {Attack("GUANGZHOU", "WUZHOU")}                  # not from 信陽


def test_op_attack_all_lasting_stack():
    g = battle(in_play={"CHIANG": [("C22", 2), ("C01", 3)]})
    assert fight(g, "XUZHOU", "GUIDE")["attack"]["lasting"] == 3


def test_op_defend_chosen_listed_defend_every():
    g = P({"BEIPING": "YAN inf", "DEZHOU": "YAN inf"}, in_play={"YAN": [("Y10", 3)], "HE": [("H01", 3)],
                                                               "LI": [("G09", 2, "GUILIN")]})
    assert (g.defend_bonus("YAN", "BEIPING"), g.defend_bonus("YAN", "TIANJIN"), g.defend_bonus("YAN", "DEZHOU")) \
        == (2, 2, 0)
    assert g.defend_bonus("CHIANG", "XUZHOU") == g.defend_bonus("HE", "HANKOU") == 1        # H01: 何 and 蔣
    assert g.defend_bonus("LI", "GUILIN") == 2 and g.defend_bonus("LI", "WUZHOU") == 0
    assert g.defend_bonus("FENG", "GUILIN") == 0


def test_op_defend_listed_or_chosen_when_none_held():
    g = P({"BOZHOU": "FENG inf"}, commander="FENG", hands={"FENG": ["F13"]})
    g.apply(Play("F13"))
    assert g.pending().kind == "command" and g.defend_bonus("FENG", "BOZHOU") == 3
    g = P({"XIAN": "FENG inf"}, commander="FENG", hands={"FENG": ["F13"]})
    g.apply(Play("F13"))
    assert g.pending().kind == "target"
    g.apply(Target("XIAN"))
    assert g.defend_bonus("FENG", "XIAN") == 3 and g.defend_bonus("FENG", "BOZHOU") == 0


def test_op_defend_bonus_counts_in_battle():
    g = battle(in_play={"FENG": [("F04", 2, "GUIDE")]})
    assert fight(g, "XUZHOU", "GUIDE")["defence"]["lasting"] == 2


def test_op_morale():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C12"]})
    g.apply(Play("C12"))
    assert tr(g, "CHIANG").morale == 2


def test_op_enemy_morale_one_each_same():
    g = P({"XIAN": "FENG inf"}, commander="FENG", hands={"FENG": ["F15"]}, tracks={"HE": {"morale": 4}})
    g.apply(Play("F15"))                                  # SUPPORT 1 and ENEMY_MORALE -1 (one)
    assert set(of(g, Target)) == {Target("CHIANG"), Target("HE")}
    g.apply(Target("HE"))
    assert tr(g, "HE").morale == 3
    g = P({"TIANJIN": "YAN inf"}, commander="YAN", in_play={"YAN": [("Y20", 1)]}, phase="upkeep",
          support={"N1": ["Y02", "Y03", "Y04"]}, tracks={"CHIANG": {"morale": 5}, "HE": {"morale": 1}})
    assert (tr(g, "CHIANG").morale, tr(g, "HE").morale) == (2, 0)                 # N1: each enemy -3
    g = P({"JINAN": "CHIANG inf", "DEZHOU": "YAN inf inf"}, commander="CHIANG", in_play={"CHIANG": [("C16", 1)]},
          phase="upkeep", tracks={"YAN": {"morale": 4}})
    assert pieces(g, "DEZHOU") == [("YAN", "infantry")] and tr(g, "YAN").morale == 3   # DEFECT, then 'same'


def test_op_funds_self_and_other_ally():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C06"]}, tracks={"CHIANG": {"funds": 39}})
    g.apply(Play("C06"))
    assert tr(g, "CHIANG").funds == 40                    # cap 40
    g = P({"TAIYUAN": "YAN inf"}, commander="YAN", hands={"YAN": ["Y01", "Y02"]})
    g.apply(Play("Y01"))
    g.apply(Sacrifice("Y02"))
    assert set(of(g, Target)) == {Target("LI"), Target("FENG")}
    g.apply(Target("LI"))
    assert tr(g, "LI").funds == 21 and tr(g, "YAN").morale == 2


def test_op_income():
    g = P({"TAIYUAN": "YAN inf"}, commander="CHIANG", in_play={"YAN": [("Y01", 3)]})
    g.apply(EndCommands())
    assert tr(g, "YAN").funds == 30 + 1 - 1


def test_op_troops_without_a_place_go_to_the_hq():
    g = P({"TONGGUAN": "CHIANG inf"}, hands={"CHIANG": ["C03"]}, tracks={"CHIANG": {"troops": 12}})
    g.apply(Play("C03"))                                  # no own 津浦/隴海 stronghold: the HQ
    assert pieces(g, "NANJING") == [("CHIANG", "infantry")] * 2 and tr(g, "CHIANG").troops == 16
    g = P({"GUILIN": "LI inf", "WUZHOU": "LI inf inf inf"}, commander="LI", hands={"LI": ["G05"]},
          tracks={"LI": {"troops": 12}})
    g.apply(Play("G05"))                                  # plain TROOPS: HQ or an own stronghold with room
    assert pieces(g, "GUILIN") == [("LI", "infantry")] * 2


def test_op_enemy_troops_air_raid_single_choice():
    g = P({"XUZHOU": "CHIANG inf", "LANFENG": "FENG inf cav", "XIAN": "FENG inf", "TAIYUAN": "YAN inf"},
          hands={"CHIANG": ["C14"]}, tracks={"FENG": {"troops": 19}})
    g.apply(Play("C14"))                                  # only 馮 is within 2 steps: no choice of target
    assert tr(g, "FENG").troops == 17                     # 19 -> 17 leaves zone 10: one piece
    assert g.pending().kind == "loss" and g.pending().seat == "FENG"
    assert RemovePiece("XIAN", "infantry") in g.legal_actions()                  # his choice, anywhere


def test_air_raid_range_within_2_steps():
    g = P({"XUZHOU": "CHIANG inf", "KAIFENG": "FENG inf", "TAIYUAN": "YAN inf", "QUANZHOU": "LI inf"},
          hands={"CHIANG": ["C14"]})
    g.apply(Play("C14"))
    assert events(g, "TroopsLost") == []                  # 開封 is 3 steps from 徐州: nobody to strike
    g = P({"XUZHOU": "CHIANG inf", "LANFENG": "FENG inf", "YANZHOU": "YAN inf"}, hands={"CHIANG": ["C14"]})
    g.apply(Play("C14"))
    assert set(of(g, Target)) == {Target("YAN"), Target("FENG")}


def test_op_defect_adjacent():
    g = P({"JINAN": "CHIANG inf", "DEZHOU": "YAN inf", "TAIAN": "FENG inf cav"}, commander="CHIANG",
          in_play={"CHIANG": [("C16", 1)]}, phase="upkeep")
    assert set(of(g, Target)) == {Target("DEZHOU/YAN"), Target("TAIAN/FENG")}
    g.apply(Target("TAIAN/FENG"))
    assert pieces(g, "TAIAN") == [("FENG", "cavalry")] and tr(g, "FENG").troops == 20


def test_op_draw():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C20"]}, decks={"CHIANG": ["C05"]})
    g.apply(Play("C20"))
    assert g.hand("CHIANG") == ("C05",)


def test_op_rail_move_any_rail_distance_with_trains():
    g = P({"NANJING": "CHIANG inf AT"}, hands={"CHIANG": ["C13"]})
    g.apply(Play("C13"))
    assert Move("NANJING", "TIANJIN", ("armoured_train", "infantry")) in g.legal_actions()
    assert not any(m.to == "JIUJIANG" for m in of(g, Move))                      # rail only
    g.apply(Move("NANJING", "TIANJIN", ("armoured_train", "infantry")))
    assert pieces(g, "TIANJIN") == [("CHIANG", "armoured_train"), ("CHIANG", "infantry")]


def test_op_river_move_up_to_4_river_links():
    g = P({"XIANGYANG": "HE inf"}, commander="HE", hands={"HE": ["H17"]})
    g.apply(Play("H17"))
    assert {m.to for m in of(g, Move)} == {"HANKOU", "JIUJIANG", "NANJING"}


def test_op_cav_raid_moves_cavalry_then_attacks():
    g = P({"ZHANGDE": "YAN inf cav", "GUIDE": "CHIANG inf"}, commander="YAN", hands={"YAN": ["Y11"]})
    g.apply(Play("Y11"))
    moves = of(g, Move)
    assert all(m.pieces == ("cavalry",) for m in moves)
    assert Move("ZHANGDE", "LANFENG", ("cavalry",)) not in moves                 # 4 links
    assert Move("ZHANGDE", "KAIFENG", ("cavalry",)) in moves                     # 新鄉, 鄭州, 開封: 3 links
    g.apply(Move("ZHANGDE", "XINXIANG", ("cavalry",)))
    assert g.pending().kind == "command"                  # no enemy next to 新鄉: the raid's attack is skipped
    g = P({"ZHANGDE": "YAN cav", "LANFENG": "CHIANG inf"}, commander="YAN", hands={"YAN": ["Y11"]})
    g.apply(Play("Y11"))
    g.apply(Move("ZHANGDE", "KAIFENG", ("cavalry",)))
    assert g.pending().kind == "card_attack" and set(of(g, Attack)) == {Attack("KAIFENG", "LANFENG")}


def test_op_cav_raid_attack_bonus_instead():
    g = P({"KAIFENG": "FENG cav", "GUIDE": "CHIANG inf"}, commander="FENG", hands={"FENG": ["F12"]})
    g.apply(Play("F12"))
    g.apply(Move("KAIFENG", "LANFENG", ("cavalry",)))
    assert set(of(g, Attack)) == {Attack("LANFENG", "GUIDE")}
    g.apply(Attack("LANFENG", "GUIDE"))
    load(g, 1, 1, 1)
    g.apply(Stand("defend"))
    assert g.public_state()["last_battle"]["attack"]["card"] == 2


def test_op_cut_rail():
    g = P({"XINYANG": "HE inf", "ZHUMADIAN": "FENG inf"}, commander="HE", hands={"HE": ["H19"]})
    g.apply(Play("H19"))
    assert {a.target for a in of(g, Target)} == {"L09", "L10"}
    g.apply(Target("L09"))
    assert g.cut_links() == {"L09"}
    assert "XINYANG" not in dests(g, "FENG", "ZHUMADIAN", ["infantry"])


def test_op_support_instead():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C15"]}, neutral=["N1", "N2", "N3", "N4"])
    g.apply(Play("C15"))
    assert g.support()["central"] == 1
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C15"]}, neutral=["N2", "N1", "N3", "N4"])
    g.apply(Play("C15"))
    assert g.support()["central"] == 2


def test_op_place_grey_neutral_placement_fallback():
    g = P({"TIANJIN": "YAN inf", "SHANHAIGUAN": "CHIANG inf"}, commander="YAN", in_play={"YAN": [("Y20", 1)]},
          phase="upkeep", support={"N1": ["Y02", "Y03", "Y04"]})
    assert g.pending().kind == "target" and {a.target for a in of(g, Target)} == {"TIANJIN", "BEIPING"}
    g.apply(Target("BEIPING"))
    assert pieces(g, "BEIPING") == [("YAN", "grey_cavalry"), ("YAN", "grey_infantry")]


def test_op_attack_from_placed():
    g = P({"XUZHOU": "CHIANG inf", "GUIDE": "FENG inf", "TAIAN": "YAN inf"}, commander="CHIANG",
          in_play={"CHIANG": [("C17", 1)]}, phase="upkeep", neutral=["N3", "N1", "N2", "N4"])
    assert g.pending().kind == "target"                   # 石友三 joins: where his cavalry stands
    assert {a.target for a in of(g, Target)} == {"XINXIANG", "ZHANGDE", "KAIFENG", "YANZHOU", "QUFU"}
    g.apply(Target("YANZHOU"))
    assert pieces(g, "YANZHOU") == [("CHIANG", "grey_cavalry")]
    assert g.pending().kind == "card_attack" and set(of(g, Attack)) == {Attack("YANZHOU", "TAIAN")}


def test_op_counters_and_sacrifice_are_steps_of_playing_a_card():
    g = P({"XIAN": "FENG inf"}, commander="FENG", hands={"FENG": ["F20", "F02"]}, decks={"FENG": ["F03", "F04",
                                                                                                   "F05", "F06"]})
    g.apply(Play("F20"))
    g.apply(Sacrifice("F02"))
    assert g.zones.attached(g, "F20") == ("F03", "F04", "F05") and "F02" in g.cards_in("removed")


# -- every card is playable ---------------------------------------------------------------------------------------------------
def start_position() -> dict[str, str]:
    d = CentralPlains().data
    out: dict[str, list[str]] = {}
    for row in d["setup"]["pieces"]:
        out.setdefault(row["at"], []).append(
            row["commander"] + " " + " ".join(code for code, k in row["pieces"].items() for _ in range(k)))
    return {s: "; ".join(v) for s, v in out.items()}


def resolve(g, cmd):
    """Carry the position on, choosing the first real option, until cmd's next command or the game ends."""
    for _ in range(300):
        d = g.pending()
        if d is None or (d.kind == "command" and g.turn().commander == cmd):
            return
        legal = g.legal_actions()
        if d.kind == "stand":
            a = Stand("defend")
        else:
            a = next((x for x in legal if not isinstance(x, (Skip, EndAttack)) and x != Advance(())), legal[0])
        g.apply(a)
    raise AssertionError("the card did not finish")


CARDS = [c["id"] for c in CentralPlains().data["cards"] if c["kind"] != "neutral"]


@pytest.mark.parametrize("card", CARDS)
def test_every_card_is_playable(card):
    g0 = CentralPlains()
    cmd = g0.card_owner(card)
    seat = g0.seat_of[cmd]
    others = [c for c in g0.deck_of[cmd] if c != card][:3]
    g = P(start_position(), commander=cmd, hands={seat: [card] + others}, tracks={cmd: {"troops": 13}})
    assert Play(card) in g.legal_actions()
    g.apply(Play(card))
    resolve(g, cmd)
    g.zones.check(g)
    kind = g.cdata[card]["kind"]
    where = g.zones.where(g, card)
    if g.is_over():
        return
    if kind == "ordinary":
        assert where == f"discard:{seat}"
    else:
        assert where == f"play:{cmd}" and len(g.zones.attached(g, card)) == g.cdata[card]["counters"]


DISPATCH = [c["id"] for c in CentralPlains().data["cards"] if c["kind"] == "dispatch"]


@pytest.mark.parametrize("card", DISPATCH)
def test_every_dispatch_card_expires_with_its_effect(card):
    g0 = CentralPlains()
    cmd = g0.card_owner(card)
    g = P(start_position(), commander=cmd, in_play={cmd: [(card, 1)]}, phase="upkeep",
          tracks={cmd: {"troops": 13}})
    resolve(g, cmd)
    assert card in g.cards_in("removed") and events(g, "CardExpired")


@pytest.mark.parametrize("neutral", ["N1", "N2", "N3", "N4"])
@pytest.mark.parametrize("cmd", ["CHIANG", "YAN"])
def test_every_neutral_general_joins(neutral, cmd):
    card = {"CHIANG": "C17", "YAN": "Y20"}[cmd]
    g0 = CentralPlains()
    need = g0.cdata[neutral]["support"] - 1
    helpers = [c for c in g0.deck_of[cmd] if c != card][:need]
    pile = [neutral] + [n for n in ("N1", "N2", "N3", "N4") if n != neutral]
    g = P(start_position(), commander=cmd, in_play={cmd: [(card, 1)]}, phase="upkeep", neutral=pile,
          support={neutral: helpers}, tracks={cmd: {"troops": 13}})
    resolve(g, cmd)
    assert neutral in g.cards_in("removed")
    j = events(g, "NeutralJoined")
    assert j and j[0]["camp"] == g.data_camp[cmd] and j[0]["commander"] == cmd


# -- rulings with no clause of their own above ---------------------------------------------------------------------------
def test_chosen_stronghold_any_and_kept_after_leaving():
    g = P({"GUILIN": "LI inf"}, commander="LI", hands={"LI": ["G09", "G02"]})
    g.apply(Play("G09"))
    assert len(of(g, Target)) == 45
    g.apply(Target("GUILIN"))
    command_move(g, Move("GUILIN", "QUANZHOU", ("infantry",)), "G02")
    assert g.defend_bonus("LI", "GUILIN") == 2


def test_commands_optional_end_early():
    g = P({"NANJING": "CHIANG inf"}, hands={"CHIANG": ["C12", "C06"]})
    g.apply(EndCommands())
    assert g.turn().commander == "YAN" and len(g.hand("CHIANG")) == 5


def test_cut_rail_blocks_retreat_and_advance():
    g = battle(pieces={"LANFENG": "CHIANG inf"}, in_play={"HE": [("H19", 2, "L19")]})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])     # across the cut link: allowed
    g.apply(Stand("retreat"))
    assert of(g, RetreatPiece) == [RetreatPiece("infantry", "BOZHOU")]
    g.apply(RetreatPiece("infantry", "BOZHOU"))
    assert g.pending().kind == "command"                      # no advance along the cut link
    g = battle(pieces={"BOZHOU": "CHIANG inf"}, in_play={"HE": [("H19", 2, "L20")]})
    load(g, 1, 1, 6)
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])     # 蘭封 only by the cut rail, 亳州 enemy: he defends
    assert events(g, "DefenderChose")[-1]["choice"] == "defend" and pieces(g, "GUIDE") == [("FENG", "infantry")]


def test_advance_step_armoured_train_only_along_a_rail_link():
    g = P({"GUIDE": "CHIANG inf AT", "BOZHOU": "FENG inf"}, hands={"CHIANG": ["C12", "C06"]})
    command_attack(g, "GUIDE", "BOZHOU", ["C12", "C06"])
    g.apply(Stand("retreat"))
    g.apply(of(g, RetreatPiece)[0])
    assert set(g.legal_actions()) == {Advance(("infantry",)), Advance(())}
    g = P({"SHIJIAZHUANG": "CHIANG inf AT", "DEZHOU": "YAN inf"}, hands={"CHIANG": ["C12", "C06"]})
    command_attack(g, "SHIJIAZHUANG", "DEZHOU", ["C12", "C06"])
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "TIANJIN"))           # 德州 has rail, but the step from 石家莊 is a road
    assert set(g.legal_actions()) == {Advance(("infantry",)), Advance(())}


def test_advance_step_room_for_3_in_all():
    g = battle(pieces={"XUZHOU": "CHIANG inf inf inf", "GUIDE": "FENG inf", "BOZHOU": "FENG inf"},
               hands={"CHIANG": ["C12", "C06"]})
    command_attack(g, "XUZHOU", "GUIDE", ["C12", "C06"])
    g.apply(Stand("retreat"))
    g.apply(RetreatPiece("infantry", "LANFENG"))
    assert Advance(("infantry", "infantry", "infantry")) in g.legal_actions()


def test_support_only_by_cards():
    import random
    g = CentralPlains(seed=5, options=TWO)
    rng = random.Random(5)
    for _ in range(400):
        if g.is_over():
            break
        before = g.support()
        effect = g.public_state()["effect"]
        a = rng.choice(g.legal_actions())
        g.apply(a)
        if sum(g.support().values()) > sum(before.values()):
            assert isinstance(a, Play) or effect is not None or g.turn().phase in ("upkeep", "counters") \
                or events(g, "CardExpired")


def test_single_choice_is_made_at_once():
    g = P({"GUILIN": "LI inf"}, commander="LI", hands={"LI": ["G05"]}, tracks={"LI": {"troops": 12}})
    g.apply(Play("G05"))                                      # the HQ is the one place: not asked
    assert g.pending().kind == "command" and pieces(g, "GUILIN") == [("LI", "infantry")] * 2
    g = P({"GUILIN": "LI inf", "WUZHOU": "LI inf"}, commander="LI", hands={"LI": ["G05"]},
          tracks={"LI": {"troops": 12}})
    g.apply(Play("G05"))
    assert g.pending().kind == "target"


def test_from_position_refuses_an_unknown_seat():
    with pytest.raises(ValueError):
        P({"XIAN": "FENG inf"}, hands={"YAN": ["Y01"]}, options=TWO)


def test_every_ruling_has_a_test():
    import re
    names = re.findall(r"def (test_\w+)", open(__file__, encoding="utf-8").read())
    missing = [r["id"] for r in CentralPlains().data["rulings"] if not any(r["id"] in n for n in names)]
    assert missing == []


def test_docs_rulings_section_lists_every_ruling():
    from pathlib import Path
    text = (Path(__file__).resolve().parent.parent / "docs" / "rulings.md").read_text(encoding="utf-8")
    section = text[text.index("## 中原大戰 (central_plains)"):]
    for r in CentralPlains().data["rulings"]:
        assert f"**{r['id']}** ({r['status']}; {r['clause']}): {r['ruling']}" in section, r["id"]
