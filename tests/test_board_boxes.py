"""Boxes and typed links on hex maps (tests/data/maps/boxes.tmx): loading,
neighbours, paths and distances over hexes and boxes alike, map-info, and one
test per kind of bad box or link (the message names the file and the object).

The map (see the comment at the top of the file): a 5x4 grid with the boxes
Port and Depot below it; sea lanes 0101-Port, Port-Depot, 0501-Depot; box
entries 0104-Port and Depot->0404 (one way).
"""
from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

from game.core.board import FAR, GRID, Board, Link
from game.core.errors import MapError
from game.core.tmx import load_board, map_info

from test_board_tmx import hex_map, load_error, obj, prop

MAPS = Path(__file__).parent / "data" / "maps"
LAND = (GRID, "box_entry")
SEA = "sea_lane"


@pytest.fixture(scope="module")
def b() -> Board:
    return load_board(MAPS / "boxes.tmx")


# -- loading ---------------------------------------------------------------------------------

def test_boxes_are_cells_told_apart_by_their_kind(b):
    assert b.boxes == ("Port", "Depot")
    assert len(b.cells) == 20 + 2
    port, depot = b.cell("Port"), b.cell("Depot")
    assert (port.kind, depot.kind, b.cell("0101").kind) == ("box", "box", "hex")
    assert port.terrain == "box" and depot.terrain == "depot"          # default, and the property
    assert port.props["name_local"] == "港" and port.props["name_en"] == "Port" and port.props["supply"] is True
    assert depot.props["owner"] == "B"                                  # a box type named by box_types
    assert port.center == (60, 256) and (port.x, port.y) == (60, 256)
    assert depot.center == (240, 256)
    assert b.corners("Port") == [(10, 224), (110, 224), (110, 288), (10, 288)]
    assert b.name_at(0, 4) is None                                      # no hex under the boxes


def test_links_keep_their_kind_direction_properties_and_drawing(b):
    assert b.link_kinds == {"box_entry", "sea_lane"}
    assert [(k.name, k.a, k.b, k.kind, k.oneway) for k in b.links()] == [
        ("Road to port", "0104", "Port", "box_entry", False),
        ("Gate", "Depot", "0404", "box_entry", True),           # from/to properties
        ("Blue lane", "0101", "Port", "sea_lane", False),       # a link type named by link_types
        ("Yellow lane", "0501", "Depot", "sea_lane", False),
        ("Cross lane", "Port", "Depot", "sea_lane", False)]
    blue = b.links("0101")[0]
    assert blue.props["colour"] == "blue" and blue.other("0101") == "Port"
    assert blue.points == ((28, 32), (8, 132), (8, 212), (60, 230))    # for the client to draw
    assert [k.name for k in b.links("Port", kind=SEA)] == ["Blue lane", "Cross lane"]
    assert [k.name for k in b.links(kind="box_entry")] == ["Road to port", "Gate"]
    assert b.links_between("Port", "0101")[0]["colour"] == "blue"
    assert b.side("0101", "Port") == {}                 # links are not hexsides


def test_plain_objects_in_a_box_know_their_box(b):
    assert [(o.name, o.cell) for o in b.objects] == [("Supply dump", "Depot")]


def test_pixel_picking_finds_boxes(b):
    assert b.cell_at_pixel(60, 256) == "Port" and b.cell_at_pixel(289, 287) == "Depot"
    assert b.cell_at_pixel(150, 256) is None
    assert b.cell_at_pixel(28, 32) == "0101"


def test_a_board_with_boxes_and_links_pickles_to_an_equal_board(b):
    c = pickle.loads(pickle.dumps(b))
    assert c.cells == b.cells and c.links() == b.links() and c.boxes == b.boxes
    assert c.neighbours("Port", via=SEA) == b.neighbours("Port", via=SEA)


# -- neighbours --------------------------------------------------------------------------------

def test_plain_neighbours_are_the_grid_then_every_link(b):
    assert b.neighbours("0101") == ("0201", "0102", "Port")
    assert b.neighbours("Port") == ("0104", "0101", "Depot")
    assert b.neighbours("0404") == ("0503", "0504", "0304", "0403")     # the gate leads out of Depot only


def test_neighbours_over_the_chosen_kinds_of_step(b):
    assert b.neighbours("0104", via=LAND) == ("0203", "0204", "0103", "Port")
    assert b.neighbours("0101", via=LAND) == ("0201", "0102")
    assert b.neighbours("0101", via=SEA) == ("Port",)
    assert b.neighbours("Port", via=SEA) == ("0101", "Depot")
    assert b.neighbours("Depot", via=LAND) == ("0404",)
    assert b.neighbours("0404", via="box_entry") == ()
    assert b.neighbours("0101", via=GRID) == ("0201", "0102")
    assert b.adjacent("Depot", "0404", via=LAND) and not b.adjacent("0404", "Depot", via=LAND)
    assert b.adjacent("0101", "Port") and not b.adjacent("0101", "Port", via=LAND)
    assert b.steps(LAND) is b.steps(list(LAND))                            # built once per choice


def test_on_a_map_without_links_neighbours_are_the_grid():
    b = load_board(MAPS / "hex_y_odd.tmx")
    assert b.links() == () and b.boxes == ()
    for n in b.cells:
        assert b.neighbours(n) == b.neighbours(n, via=GRID)


# -- paths and distances -------------------------------------------------------------------

def test_distance_between_hexes_is_the_ruler_distance_unless_steps_are_chosen(b):
    assert b.distance("0101", "0501") == 4
    assert b.distance("0101", "0501", via=SEA) == 3               # 0101 - Port - Depot - 0501
    assert b.distance("0101", "0501", via=GRID) == 4
    assert b.distance("0101", "0104", via=SEA) == FAR


def test_distance_to_a_box_counts_steps(b):
    assert b.distance("0101", "Port") == 1                        # the blue lane
    assert b.distance("0101", "Port", via=LAND) == 4              # three hexes down, then the road
    assert b.distance("Depot", "0404", via=LAND) == 1
    assert b.distance("0404", "Depot", via=LAND) == FAR           # the gate is one way
    assert b.distance("Port", "Port", via=SEA) == 0


def test_paths_over_hexes_and_boxes(b):
    land = b.find_path("0101", "Port", via=LAND)
    assert land[0] == "0101" and land[-1] == "Port" and len(land) == 5
    assert all(b.adjacent(x, y, via=LAND) for x, y in zip(land, land[1:]))
    assert b.find_path("0101", "0501", via=SEA) == ["0101", "Port", "Depot", "0501"]
    assert b.find_path("0404", "Depot", via=LAND) is None
    assert b.find_path("Depot", "0101", via=LAND)[:2] == ["Depot", "0404"]
    assert b.find_path("0101", "0501", via=SEA, passable=lambda c: c != "Depot") is None


def test_search_from_several_sources_with_a_limit(b):
    r = b.search(["Port", "Depot"], via=LAND, limit=1)
    assert dict(r.dist) == {"Port": 0, "Depot": 0, "0104": 1, "0404": 1}
    assert r.path("0404") == ["Depot", "0404"] and r.path("0101") is None


def test_search_reports_the_cells_enter_refused(b):
    r = b.search("0101", via=LAND, enter=lambda c: c not in ("0102", "0201"))
    assert set(r) == {"0101"} and r.blocked == {"0102", "0201"}


def test_cheapest_search_prices_each_step(b):
    # land steps cost 3, the box entry 1: the sea route to Depot via Port is dearer per step
    def cost(x, y):
        return 1 if b.adjacent(x, y, via="box_entry") else 3
    r = b.search("0101", via=LAND, cost=cost)
    assert r.dist["0104"] == 9 and r.dist["Port"] == 10
    r = b.search("0101", via=LAND, cost=cost, goal="Port", limit=9)
    assert "Port" not in r
    assert b.search("0101", cost=lambda x, y: None).dist == {"0101": 0}


def test_unknown_cells_are_named(b):
    for call in (lambda: b.neighbours("Atlantis", via=SEA), lambda: b.distance("0101", "Atlantis", via=SEA),
                 lambda: b.distance("Atlantis", "Port"), lambda: b.links("Atlantis"),
                 lambda: b.search(["Port", "Atlantis"])):
        with pytest.raises(KeyError, match="Atlantis"):
            call()


def test_boards_with_links_can_be_built_from_plain_data():
    from game.core.board import Cell
    cells = [Cell("0101", 0, 0, (28.0, 32.0)), Cell("0201", 1, 0, (84.0, 32.0))]
    boxes = [Cell("Box", 50, 100, (50.0, 100.0), "box", kind="box")]
    b = Board(path="<memory>", kind="hex", cells=cells + boxes, staggeraxis="y", staggerindex="odd",
              width=2, height=1, tilewidth=56, tileheight=64, hexsidelength=32,
              polygons={"Box": [(0, 80), (100, 80), (100, 120), (0, 120)]},
              links=[Link("0201", "Box", "sea_lane")])
    assert b.neighbours("Box") == ("0201",) and b.distance("0101", "Box", via=(GRID, SEA)) == 2
    with pytest.raises(ValueError, match="grid"):
        Board(path="<memory>", kind="point", cells=cells, links=[Link("0101", "0201", GRID)])


# -- map-info --------------------------------------------------------------------------------

def test_map_info_of_an_area_map_lists_its_links():
    info = map_info(MAPS / "area.tmx")
    assert [(k["from"], k["to"], k["kind"], k["oneway"]) for k in info["links"]] == [
        ("Southwest", "Southeast", "link", False),        # from the adj property
        ("North", "Southwest", "mountain", False), ("North", "Southeast", "road", False),
        ("Southeast", "Isle", "sea", True)]
    assert info["boxes"] == []


def test_map_info_lists_boxes_and_links():
    info = map_info(MAPS / "boxes.tmx")
    json.dumps(info, ensure_ascii=False)
    cells = {c["name"]: c for c in info["cells"]}
    assert cells["Port"]["kind"] == "box" and cells["0101"]["kind"] == "hex"
    assert cells["Port"]["neighbours"] == ["0104", "0101", "Depot"]
    port = info["boxes"][0]
    assert (port["name"], port["terrain"], port["center"]) == ("Port", "box", [60, 256])
    assert port["outline"][0] == [10, 224] and port["props"]["name_local"] == "港"
    gate = info["links"][1]
    assert (gate["from"], gate["to"], gate["kind"], gate["oneway"], gate["name"]) == (
        "Depot", "0404", "box_entry", True, "Gate")
    assert info["links"][2]["props"]["colour"] == "blue" and len(info["links"][2]["points"]) == 4


# -- bad boxes and links: one line naming the file and the object --------------------------------
# hex_map() is a 4x4 odd-r grid: hexes 0101..0404, (28,32) is the centre of 0101, (84,32) of 0201;
# nothing lies below y=208.

BOX = '<object id="{id}" name="{name}" type="box" x="{x}" y="220" width="60" height="40"/>'


def box(oid: int, name: str, x: float = 0) -> str:
    return BOX.format(id=oid, name=name, x=x)


def line(oid: int, name: str, x: float, y: float, pts: str, props: str = "", type_: str = "link") -> str:
    return obj(oid, name, type_, x, y, f'<polyline points="{pts}"/>', props)


BAD = {   # what is drawn -> the one line (after "<file>: ")
    "link end in no hex or box": (
        line(12, "Lane", 28, 32, "0,0 222,218", prop("kind", "sea_lane")),
        'object 12 "Lane" (link): last point (250,250) is in no hex or box'),
    "duplicate box names": (
        box(3, "Port") + box(4, "Port", 100),
        'object 4 "Port" (box): duplicate box name "Port" (also object 3)'),
    "box named like a hex": (
        box(5, "0203"), 'object 5 "0203" (box): box name "0203" is also a hex of the map'),
    "box without a name": (
        box(5, ""), 'object 5 "" (box): a box needs a name (the object name is the cell name)'),
    "box of the wrong shape": (
        obj(6, "Dot", "box", 10, 230), 'object 6 "Dot" (box): a box must be a rectangle or a polygon, not a point'),
    "box rectangle without a size": (
        '<object id="6" name="Flat" type="box" x="10" y="230"/>',
        'object 6 "Flat" (box): a box rectangle needs a width and a height'),
    "box polygon with too few points": (
        obj(6, "Sliver", "box", 10, 230, '<polygon points="0,0 50,0"/>'),
        'object 6 "Sliver" (box): a box polygon needs at least three points'),
    "link ends in the same hex": (
        line(7, "Loop", 28, 32, "0,0 4,4"), 'object 7 "Loop" (link): both ends are in the same hex "0101"'),
    "link from and to the same box": (
        box(1, "Port") + line(7, "Loop", 0, 0, "0,0 1,1", prop("from", "Port") + prop("to", "Port")),
        'object 7 "Loop" (link): from and to name the same box "Port"'),
    "link from naming no cell": (
        line(8, "Lane", 0, 0, "0,0 1,1", prop("from", "Atlantis") + prop("to", "0101")),
        'object 8 "Lane" (link): from "Atlantis" is not a hex or box of the map'),
    "link with from but no to": (
        line(8, "Lane", 0, 0, "0,0 1,1", prop("from", "0101")),
        'object 8 "Lane" (link): a link with from/to properties needs both (to is missing)'),
    "unknown oneway value": (
        line(9, "Lane", 28, 32, "0,0 56,0", prop("oneway", "sometimes")),
        'object 9 "Lane" (link): oneway "sometimes" must be true or false'),
    "link of the wrong shape": (
        '<object id="10" name="Blob" type="link" x="0" y="0" width="5" height="5"/>',
        'object 10 "Blob" (link): a link must be a polyline whose first and last points lie in two cells, '
        "or have from and to properties, not a rectangle"),
    "link line with one point": (
        line(11, "Stub", 28, 32, "0,0"), 'object 11 "Stub" (link): a link line needs at least two points'),
    "link kind grid is reserved": (
        line(13, "Lane", 28, 32, "0,0 56,0", prop("kind", "grid")),
        'object 13 "Lane" (link): kind "grid" is the hex grid\'s own step kind: call the link something else'),
}


@pytest.mark.parametrize("case", list(BAD))
def test_a_bad_box_or_link_is_one_line_naming_the_file_and_object(case, tmp_path):
    drawn, message = BAD[case]
    p = hex_map(tmp_path, drawn)
    assert load_error(p) == f"{p}: {message}"


def test_link_end_on_a_box_border_counts(tmp_path):
    # (30,218) is 2 px above the box's top edge (y=220): within the snap tolerance (3.5 px)
    p = hex_map(tmp_path, box(1, "Port") + line(2, "Road", 28, 32, "0,0 2,186", prop("kind", "box_entry")))
    assert load_board(p).neighbours("Port") == ("0101",)


def test_oneway_written_as_a_string_is_read(tmp_path):
    p = hex_map(tmp_path, line(9, "Lane", 28, 32, "0,0 56,0", prop("oneway", "True")))
    assert load_board(p).links()[0].oneway is True


def test_a_link_type_without_a_kind_is_its_own_kind(tmp_path):
    p = hex_map(tmp_path, line(14, "Ferry", 28, 32, "0,0 56,0", type_="ferry"), prop("link_types", "ferry"))
    assert [(k.a, k.b, k.kind) for k in load_board(p).links()] == [("0101", "0201", "ferry")]


# -- terrain and property values the rules know ------------------------------------------------

def test_check_cells_accepts_known_values(b):
    b.check_cells({"_about": "comment", "terrain": ["clear", "hill", "sea", "box", "depot"],
                   "props": {"owner": ["A", "B"]}})


def test_check_cells_refuses_an_unknown_terrain_by_name(b):
    with pytest.raises(MapError) as e:
        b.check_cells({"terrain": ["clear", "hill", "box", "depot"]})
    assert str(e.value) == f'{b.file}: hex 0301: terrain "sea" is not one of clear, hill, box, depot'


def test_check_cells_refuses_an_unknown_property_value_by_name(b):
    with pytest.raises(MapError) as e:
        b.check_cells({"props": {"owner": ["A"], "supply": [False]}})
    assert str(e.value) == f'{b.file}: box Port: supply true is not one of false'
