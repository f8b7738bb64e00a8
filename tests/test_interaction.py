"""The one interaction layer (game/client/interaction.py): clicks, lit cells and buttons
worked out from the picks the actions declare (game/core/picks.py), on Nomonhan
positions. No window: the Picker needs only where each unit stands."""
from __future__ import annotations

from game.client.interaction import Picker, build_tree
from game.core.picks import CELL, UNIT
from game.rulesets.nomonhan import Nomonhan
from game.rulesets.nomonhan.actions import (Advance, Assign, EndDeclarations, EndPhase, Move, Resolve, Retreat,
                                            StepLoss)
from tests.helpers import load

P = Nomonhan.from_position


def picker_for(g) -> Picker:
    def where(v, what):
        return v if what == CELL else g.pos(v) if what == UNIT else None

    def units_in(cell):
        return [k for k in g.unit_ent if g.pos(k) == cell]
    p = Picker(where, units_in)
    p.update(g.legal_actions(), len(g.history))
    return p


def test_every_legal_action_with_picks_is_one_path_of_the_tree():
    g = Nomonhan(seed=1)
    tree = build_tree(g.legal_actions())
    moves = [a for a in g.legal_actions() if isinstance(a, Move)]
    assert moves and all(a in tree[(a.unit, a.to)].actions for a in moves)
    assert set(tree[()].children) == {a.unit for a in moves}


def test_a_move_is_the_unit_then_a_lit_cell():
    g = Nomonhan(seed=1)
    p = picker_for(g)
    assert p.targets()["0308"] == "select"            # JP_KOB may move: its hex is lit to choose it
    assert p.click("0308").handled and p.selected == "JP_KOB"
    lit = p.targets()
    assert lit["0207"] == "move" and lit.get("0408") == "select"     # its moves, and the others to choose instead
    out = p.click("0207")
    assert out.action == Move("JP_KOB", "0207") and p.path == ()


def test_a_click_on_the_chosen_unit_again_lets_it_go_and_on_another_chooses_that_one():
    g = Nomonhan(seed=1)
    p = picker_for(g)
    p.click("0308")
    assert p.click("0308").handled and p.selected is None
    p.click("0308")
    assert p.click("0408").handled and p.selected == "JP_T3"


def test_a_click_out_of_reach_does_nothing_and_keeps_the_choice():
    g = Nomonhan(seed=1)
    p = picker_for(g)
    p.click("0308")
    out = p.click("0101")
    assert out.action is None and not out.handled
    # (the interface puts the choice back and says why: PickingUI.click)


def test_an_attack_is_the_attacker_then_the_defender_lit_as_an_attack():
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    p = picker_for(g)
    p.click("0404")
    assert p.targets()["0403"] == "attack"
    assert p.click("0403").action == Assign("JP_T3", "SV_149")


def test_a_lone_loser_chosen_at_once_loses_a_step_when_clicked_and_retreats_to_a_lit_cell():
    g = P({"JP_T3": "0404", "JP_T4": "0304", "SV_149": "0403"}, phase="declare")
    g.apply(Assign("JP_T3", "SV_149"))
    g.apply(Assign("JP_T4", "SV_149"))
    load(g, 5, 6, 1, 1, 1, 1, 1)
    g.apply(EndDeclarations())
    assert g.pending().kind == "loss"
    p = picker_for(g)
    p.auto_select()
    assert p.selected == "SV_149"
    lit = p.targets()
    assert {c for c, how in lit.items() if how == "retreat"} == {a.to for a in g.legal_actions()
                                                                  if isinstance(a, Retreat)}
    assert p.click("0403").action == StepLoss("SV_149")
    p.auto_select()
    retreat = next(a for a in g.legal_actions() if isinstance(a, Retreat))
    assert p.click(retreat.to).action == retreat


def test_the_buttons_and_the_main_one():
    g = Nomonhan(seed=1)
    p = picker_for(g)
    assert p.main() == EndPhase() and EndPhase() not in p.buttons()
    g2 = P({"JP_T3": "0404", "JP_T4": "0604", "SV_149": "0403", "SV_9": "0603"}, phase="declare")
    g2.apply(Assign("JP_T3", "SV_149"))
    g2.apply(Assign("JP_T4", "SV_9"))
    g2.apply(EndDeclarations())
    p2 = picker_for(g2)
    assert g2.pending().kind == "order"
    assert p2.main() == Resolve("SV_149")           # Space resolves the first declared; a click chooses another
    assert p2.click("0603").action == Resolve("SV_9")


def test_the_main_button_not_legal_now_says_why_in_the_rules_words():
    """[9.0]: a unit in enemy ZOC, off the hills, must attack: the declarations cannot end."""
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    a, reason = g.main_action()
    assert a == EndDeclarations() and "must attack" in reason
    g.apply(Assign("JP_T3", "SV_149"))
    assert g.main_action() == (EndDeclarations(), "")


def test_advance_choices_are_each_unit_then_its_lit_cells():
    g = P({"JP_T3": "0404", "SV_149": "0403"})
    g.apply(Assign("JP_T3", "SV_149"))
    load(g, 5, 6, 5, 1)
    g.apply(EndDeclarations())
    while g.pending().kind == "loss":
        g.apply(next(a for a in g.legal_actions() if isinstance(a, Retreat)) if any(
            isinstance(a, Retreat) for a in g.legal_actions()) else g.legal_actions()[0])
    if g.pending().kind != "advance":
        return                                      # (no advance in this roll: nothing to check)
    p = picker_for(g)
    p.auto_select(first=True)
    adv = [a for a in g.legal_actions() if isinstance(a, Advance) and a.unit == p.selected]
    assert adv and p.targets()[adv[0].to] == "advance"
    assert p.click(adv[0].to).action == adv[0]


# -- stacks, a cell that is also a unit's, several actions with the same picks (Across Suez) ----------------
def test_a_click_on_the_chosen_units_stack_chooses_the_next_unit_then_none():
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_MATT": "1416", "ISR_RESHEF_1": "1416", "EGY_112_1": "0104"})
    p = picker_for(g)
    first, second = p.units_in("1416")
    assert p.click("1416").handled and p.selected == first
    assert p.click("1416").handled and p.selected == second
    assert p.click("1416").handled and p.selected is None


def test_a_unit_standing_in_a_cell_that_may_be_picked_is_chosen_first():
    """An entry hex (Enter picks the cell) holding a unit that may move: the click chooses the unit."""
    from game.rulesets.across_suez.actions import Enter
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_MATT": "1708", "EGY_112_1": "0104"})
    p = picker_for(g)
    assert p.tree[()].children["1708"] == CELL
    assert p.click("1708").handled and p.selected == "ISR_MATT"
    p.clear()
    g2 = AcrossSuez.from_position({"ISR_MATT": "1415", "EGY_112_1": "0104"})
    p2 = picker_for(g2)
    assert p2.click("1708").action == next(a for a in g2.legal_actions() if isinstance(a, Enter))


def test_several_actions_with_the_same_picks_a_click_takes_the_first_listed():
    """Across Suez's Resolve with and without artillery support: the defender's click resolves it
    without (listed first); the other is a button."""
    from game.rulesets.across_suez.actions import Assign, Resolve
    from game.rulesets.across_suez.rules import AcrossSuez
    g = AcrossSuez.from_position({"ISR_RESHEF_1": "1415", "EGY_112_1": "1515"}, phase="declare")
    g.apply(Assign("ISR_RESHEF_1", "EGY_112_1"))
    assert Resolve("EGY_112_1", True) in g.legal_actions()
    p = picker_for(g)
    assert p.click("1515").action == Resolve("EGY_112_1", False)


def test_a_card_is_picked_by_a_click_on_it_not_on_the_map():
    """Things drawn over the map (a hand of cards) are picked by value: a card, then a cell."""
    from dataclasses import dataclass

    from game.core.actions import Action
    from game.core.picks import CARD, Pick

    @dataclass(frozen=True, slots=True)
    class PlayAt(Action):
        card: str
        at: str
        picks = (Pick("card", CARD), Pick("at", CELL))

    @dataclass(frozen=True, slots=True)
    class Discard(Action):
        card: str
        picks = (Pick("card", CARD),)

    legal = [PlayAt("c1", "A"), PlayAt("c1", "B"), PlayAt("c2", "A"), Discard("c3")]
    p = Picker(lambda v, what: v if what == CELL else None, lambda cell: [])
    p.update(legal, 0)
    assert set(p.offered(CARD)) == {"c1", "c2", "c3"}
    assert p.pick("c9", CARD) is None                   # not a card that may be played
    assert p.pick("c1", CARD).handled and p.path == ("c1",)
    assert p.targets() == {"A": "select", "B": "select"}
    assert set(p.offered(CARD)) == {"c2", "c3"}          # another card may be chosen instead
    assert p.pick("c3", CARD).action == Discard("c3")
    p.pick("c2", CARD)
    assert p.click("A").action == PlayAt("c2", "A")
