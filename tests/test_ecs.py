"""The kernel's esper handling: snapshots, restores, clones and the memos that
must forget exactly when the world changes."""
from dataclasses import dataclass

import esper
import pytest

from game import rulesets
from game.core import ecs
from game.core.ecs import World
from game.core.rng import Dice


@dataclass(frozen=True, slots=True)
class Pos:
    hex: str


@dataclass(frozen=True, slots=True)
class Tag:
    name: str


def _build() -> World:
    w = World()
    esper.create_entity(Pos("0101"), Tag("a"))
    gone = esper.create_entity(Pos("0102"))
    esper.create_entity(Tag("c"))
    esper.delete_entity(gone, immediate=True)     # leaves a gap in the ids
    return w


def _contents() -> list:
    return [(e, sorted(map(repr, esper.components_for_entity(e)))) for e in sorted(esper.get_entities())]


def test_esper_has_the_layout_of_the_fast_path():
    # if this fails, a new esper changed its module state: the public path still works, but slower
    assert ecs.FAST


@pytest.mark.parametrize("fast", [True, False])
def test_restore_keeps_entity_ids_components_and_queries(fast):
    w = _build()
    before = _contents()
    snap = w.snapshot(fast=fast)
    esper.add_component(1, Pos("0909"))
    esper.create_entity(Tag("new"))
    w.restore(snap, fast=fast)
    assert _contents() == before
    assert sorted(e for e, _ in esper.get_component(Tag)) == [1, 3]
    assert [(e, p.hex) for e, (p, t) in esper.get_components(Pos, Tag)] == [(1, "0101")]
    assert esper.create_entity() == 4           # the id counter is restored too


@pytest.mark.parametrize("fast", [True, False])
def test_a_restored_copy_is_independent_of_the_original(fast):
    w = _build()
    snap = w.snapshot(fast=fast)
    other = World()
    other.restore(snap, fast=fast)
    esper.add_component(1, Pos("0505"))
    esper.remove_component(3, Tag)
    w.activate()
    assert esper.component_for_entity(1, Pos).hex == "0101"
    assert esper.has_component(3, Tag)
    other.restore(snap, fast=fast)              # the snapshot itself did not change either
    assert esper.component_for_entity(1, Pos).hex == "0101"


def test_a_shared_snapshot_is_copied_on_write():
    """The game's copies share every entity's component dict with the snapshot and copy
    one only before writing to it: a write never reaches the snapshot or another copy."""
    w = _build()
    snap = w.snapshot(share=True)
    other = World()
    other.restore(snap, share=True)
    w.add(1, Pos("0505"))
    other.remove(3, Tag)
    assert snap.table[1][Pos].hex == "0101" and Tag in snap.table[3]
    w.activate()
    assert esper.component_for_entity(1, Pos).hex == "0505" and esper.has_component(3, Tag)
    other.activate()
    assert esper.component_for_entity(1, Pos).hex == "0101" and not esper.has_component(3, Tag)
    assert other.table()[1] is snap.table[1]        # an entity it did not write is still shared
    w.restore(snap, share=True)
    assert w.table()[1][Pos].hex == "0101"


def test_fast_and_public_snapshots_restore_the_same_world():
    w = _build()
    a, b = w.snapshot(fast=True), w.snapshot(fast=False)
    assert list(a) == list(b) and a.next_id == b.next_id
    w.restore(b, fast=True)                     # a public snapshot into the fast restore
    assert [(e, p.hex) for e, p in esper.get_component(Pos)] == [(1, "0101")]


def test_snapshot_skips_entities_waiting_for_deferred_deletion():
    w = _build()
    esper.delete_entity(3)                      # deferred until the next process()
    assert [e for e, _ in w.snapshot()] == [1]


def test_clone_is_independent_and_equal_by_hash():
    g = rulesets.new_game("nomonhan", seed=5)
    for _ in range(25):
        g.apply(g.legal_actions()[0])
    c = g.clone()
    assert c.state_hash() == g.state_hash()
    c.apply(c.legal_actions()[-1])
    assert c.state_hash() != g.state_hash()
    assert g.clone().state_hash() == g.state_hash()


def test_world_snapshot_is_kept_until_the_next_write():
    g = rulesets.new_game("nomonhan", seed=5)
    s1 = g.world_snapshot()
    assert g.world_snapshot() is s1
    g.apply(g.legal_actions()[0])
    assert g.world_snapshot() is not s1
    g.restore(g.snapshot())
    assert g.world_snapshot() is g.world_snapshot()


def test_memo_on_forgets_only_when_its_component_types_are_written():
    g = rulesets.new_game("nomonhan", seed=5)
    from game.rulesets.nomonhan.components import Flow, Position, Score
    board = g.memo_on(Position)
    board["x"] = 1
    g.memo["y"] = 2
    g.put(g.score_ent, Score(1, 0))
    assert board == {"x": 1} and g.memo == {}
    g.put(g.unit_ent[next(iter(g.unit_ent))], Position("0101"))
    assert board == {}
    board["x"] = 1
    g.take(g.game_ent, Flow)
    assert board == {"x": 1}
    g.invalidate()
    assert board == {}


def test_dice_copy_continues_the_same_sequence_and_getstate_is_kept():
    d = Dice(9)
    d.roll(3)
    c = d.copy()
    assert c.roll(10) == d.roll(10)
    s = d.getstate()
    assert d.getstate() is s
    d.roll()
    assert d.getstate() != s
    d.setstate(s)
    assert d.getstate() == s


def test_static_entities_are_shared_between_copies_and_cannot_change():
    g = rulesets.new_game("across_suez", seed=2)
    from game.rulesets.across_suez.components import Hex, Position
    g.world.activate()
    hexes = {e for e, _ in esper.get_component(Hex)}
    assert hexes and g._static_ents == frozenset(hexes)        # only the map hexes are static
    c = g.clone()
    g.world.activate()
    mine = {e: esper._entities[e] for e in hexes}
    c.world.activate()
    assert all(esper._entities[e] is mine[e] for e in hexes)   # shared, not copied
    unit = g.unit_ent[next(iter(g.unit_ent))]
    assert unit not in g._static_ents
    with pytest.raises(ValueError, match="static"):
        c.put(next(iter(hexes)), Hex("0101", "clear"))
    with pytest.raises(ValueError, match="static"):
        c.take(next(iter(hexes)), Hex)
    c.put(unit, Position("0909"))                              # a unit is the copy's own
    g.world.activate()
    assert esper.try_component(unit, Position) != Position("0909")
    assert g.clone().state_hash() == g.state_hash()
