"""Loading TMX maps: hexside features, roads, area and point maps, map_info,
the cache, and one test per kind of bad map (the message must name the file
and the object)."""
from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from game.core.board import FAR
from game.core.errors import MapError
from game.core.tmx import clear_cache, load_board, map_info

MAPS = Path(__file__).parent / "data" / "maps"



TILESET = """ <tileset firstgid="1" name="terrain" tilewidth="56" tileheight="64" tilecount="2" columns="0">
  <grid orientation="orthogonal" width="1" height="1"/>
  <tile id="0"><properties><property name="terrain" value="clear"/></properties></tile>
  <tile id="1"><properties><property name="terrain" value="hill"/></properties></tile>
 </tileset>
"""


def hex_map(tmp_path: Path, objects: str = "", props: str = "", *, width: int = 4, height: int = 4,
            data: str | None = None, layer: bool = True, attrs: str = "", name: str = "bad.tmx") -> Path:
    """A y/odd 56x64 (side 32) hex map, like tests/data/maps/hex_y_odd.tmx.
    Centres: tile (x, y) -> (56x + 28 + 28*(y odd), 48y + 32)."""
    if data is None:
        data = ",".join(["1"] * (width * height))
    tiles = (f' <layer id="1" name="terrain" width="{width}" height="{height}">\n'
             f'  <data encoding="csv">{data}</data>\n </layer>\n') if layer else ""
    text = (f'<?xml version="1.0" encoding="UTF-8"?>\n'
            f'<map version="1.10" orientation="hexagonal" renderorder="right-down" width="{width}" '
            f'height="{height}" tilewidth="56" tileheight="64" infinite="0" hexsidelength="32" '
            f'staggeraxis="y" staggerindex="odd" {attrs}>\n'
            f'{props and " <properties>" + props + "</properties>"}\n{TILESET}{tiles}'
            f' <objectgroup id="2" name="things">\n{objects}\n </objectgroup>\n</map>\n')
    p = tmp_path / name
    p.write_text(text, encoding="utf-8")
    return p


def area_map(tmp_path: Path, objects: str) -> Path:
    p = tmp_path / "bad_area.tmx"
    p.write_text('<?xml version="1.0" encoding="UTF-8"?>\n'
                 '<map version="1.10" orientation="orthogonal" renderorder="right-down" width="10" '
                 'height="10" tilewidth="32" tileheight="32" infinite="0">\n'
                 f' <objectgroup id="1" name="areas">\n{objects}\n </objectgroup>\n</map>\n', encoding="utf-8")
    return p


SQUARE_A = ('<object id="1" name="A" x="0" y="0"><polygon points="0,0 100,0 100,100 0,100"/></object>'
            '<object id="2" name="B" x="100" y="0"><polygon points="0,0 100,0 100,100 0,100"/></object>')


def prop(name: str, value: str, type_: str = "") -> str:
    t = f' type="{type_}"' if type_ else ""
    return f'<property name="{name}"{t} value="{value}"/>'


def obj(oid: int, name: str, type_: str, x: float, y: float, body: str = "<point/>", props: str = "") -> str:
    p = f"<properties>{props}</properties>" if props else ""
    return f'<object id="{oid}" name="{name}" type="{type_}" x="{x}" y="{y}">{p}{body}</object>'


def load_error(path) -> str:
    with pytest.raises(MapError) as e:
        load_board(path)
    return str(e.value)


# -- hexside features and roads -----------------------------------------------------

def test_river_polyline_marks_the_hexsides_under_each_segment():
    b = load_board(MAPS / "features.tmx")
    river = {(a, c) for a, c, _ in b.sides_with("river")}
    assert river == {("0202", "0203"), ("0202", "0303"), ("0302", "0303"), ("0302", "0403")}
    assert b.side("0203", "0202")["river"] is True and b.side("0202", "0203")["river_name"] == "Blue"
    assert b.side("0202", "0302") == {}            # adjacent but not on the river


def test_bridge_point_at_a_hexside_midpoint():
    b = load_board(MAPS / "features.tmx")
    s = b.side("0303", "0302")
    assert s["bridge"] == "stone" and s["load"] == 3 and s["river"] is True
    assert s["bridge_name"] == "Old bridge"
    assert [(a, c) for a, c, _ in b.sides_with("bridge")] == [("0302", "0303")]
    # a typed point in a layer named "hexsides" (ford) works the same way
    assert b.side("0101", "0102")["ford"] is True


def test_explicit_hexside_properties():
    b = load_board(MAPS / "features.tmx")
    assert b.side("0201", "0101") == {"ridge": True}
    assert {(a, c) for a, c, _ in b.sides_with("wall")} == {("0104", "0105"), ("0104", "0205")}


def test_road_polyline_through_centres_becomes_a_route():
    b = load_board(MAPS / "features.tmx")
    assert b.routes["Highway"] == ("0101", "0102", "0103", "0203")
    assert b.routes["Lane"] == ("0404", "0405")            # from the hexes property
    roads = {(a, c) for a, c, _ in b.sides_with("road")}
    assert roads == {("0101", "0102"), ("0102", "0103"), ("0103", "0203"), ("0404", "0405")}


def test_other_objects_cell_overrides_and_overlay_layers():
    b = load_board(MAPS / "features.tmx")
    assert [(o.name, o.type, o.layer, o.cell) for o in b.objects] == [
        ("Depot", "flag", "places", "0303"), ("Note", "decor", "places", None), ("Box", "", "places", "0405")]
    depot = b.objects_of_type("flag")[0]
    assert (depot.x, depot.y, depot.props["side"]) == (140, 128, "A")
    assert b.objects_of_type("decor")[0].points == ((10, 10), (60, 60))
    hamlet = b.cell("0303")
    assert hamlet.terrain == "town" and hamlet.props["vp"] == 1 and hamlet.props["label"] == "Hamlet"
    # the "fort" tile layer adds fort=true to 0101 but does not change its terrain
    assert b.cell("0101").props["fort"] is True and b.cell("0101").terrain == "clear"
    assert b.cell("0505").terrain == "hill"


def test_side_segment_is_the_shared_edge():
    b = load_board(MAPS / "features.tmx")
    assert b.side_segment("0302", "0303") == ((140, 96), (168, 112))
    assert b.side_segment("0303", "0302") == ((140, 96), (168, 112))
    with pytest.raises(ValueError):
        b.side_segment("0101", "0505")


def test_tiled_class_attribute_is_read_like_type(tmp_path):
    # Tiled >= 1.9 writes class="..." instead of type="..."
    p = hex_map(tmp_path, '<object id="1" name="R" class="river" x="84" y="96">'
                          '<polyline points="0,0 28,16"/></object>')
    assert load_board(p).side("0202", "0203")["river"] is True


def test_rotated_polylines_are_rotated(tmp_path):
    # Tiled rotates clockwise around the object's origin: (16,-28) turned 90 degrees is (28,16)
    p = hex_map(tmp_path, '<object id="1" name="R" type="river" x="84" y="96" rotation="90">'
                          '<polyline points="0,0 16,-28"/></object>')
    assert load_board(p).side("0202", "0203")["river"] is True


def test_offset_layers_are_applied(tmp_path):
    # a river segment drawn from (84,96) to (112,112) but stored rotated/offset
    p = hex_map(tmp_path, '<object id="1" name="R" type="river" x="74" y="86">'
                          '<polyline points="10,10 38,26"/></object>')
    assert load_board(p).side("0202", "0203")["river"] is True
    text = p.read_text().replace('<objectgroup id="2" name="things">',
                                 '<objectgroup id="2" name="things" offsetx="10" offsety="-4">')
    text = text.replace('x="74" y="86"', 'x="64" y="90"')
    p.write_text(text)
    clear_cache()
    assert load_board(p).side("0202", "0203")["river"] is True


# -- area and point maps ------------------------------------------------------------------

def test_area_map_regions_links_and_props():
    b = load_board(MAPS / "area.tmx")
    assert b.kind == "area" and b.orientation == "orthogonal"
    assert list(b.cells) == ["North", "Southwest", "Southeast", "Isle"]
    north = b.cell("North")
    assert north.center == (160, 75) and (north.x, north.y) == (160, 75)
    assert north.terrain == "plains" and north.props["supply"] == 2
    assert b.cell("Southeast").terrain == "forest"            # named by region_name
    assert b.cell("Southwest").terrain == "clear"
    assert b.cell("Isle").center == (435, 40)
    assert sorted(b.neighbours("North")) == ["Southeast", "Southwest"]
    assert sorted(b.neighbours("Southeast")) == ["Isle", "North", "Southwest"]
    assert b.neighbours("Isle") == ()                          # the ferry is one-way
    assert b.side("Southwest", "North") == {"link": True, "kind": "mountain", "link_name": "Pass"}
    assert b.side("North", "Southeast")["kind"] == "road"
    assert b.side("Isle", "Southeast")["sea"] is True
    assert b.side("Southwest", "Southeast") == {"link": True}  # from the adj property
    assert b.distance("North", "Isle") == 2 and b.distance("Isle", "North") == FAR
    assert b.find_path("Southwest", "Isle") == ["Southwest", "Southeast", "Isle"]
    assert b.cell_at_pixel(10, 10) == "North" and b.cell_at_pixel(479, 319) is None
    assert b.cell_at_pixel(435, 30) == "Isle"
    assert [(o.name, o.type, o.cell) for o in b.objects] == [("Holding box", "box", None), ("Capital", "flag", "North")]
    assert b.corners("Isle") == [(400, 20), (470, 20), (435, 80)]


def test_point_map_nodes_links_and_props():
    b = load_board(MAPS / "point.tmx")
    assert b.kind == "point"
    assert list(b.cells) == ["A", "B", "C", "D"]
    a = b.cell("A")
    assert a.center == (100, 100) and a.terrain == "town" and a.props["hq"] == "蔣"
    assert b.cell("D").center == (500, 300)                    # ellipse centre
    assert sorted(b.neighbours("B")) == ["A", "C"] and b.neighbours("D") == ("C",)
    assert b.distance("A", "D") == 3 and b.find_path("A", "D") == ["A", "B", "C", "D"]
    assert b.side("C", "B")["kind"] == "road"
    kinds = sorted(str(m.get("kind", "")) + ("road" if m.get("road") else "") for m in b.links_between("B", "A"))
    assert kinds == ["rail", "road"]                           # two links join A and B
    assert b.cell_at_pixel(110, 100) == "A"                    # node_radius 16
    assert b.cell_at_pixel(130, 100) is None
    assert b.cell_at_pixel(300, 309) == "C" and b.cell_at_pixel(300, 312) is None   # radius 10
    assert b.cell_at_pixel(505, 300) == "D"                    # ellipse radius 20
    assert [(o.name, o.cell) for o in b.objects] == [("HQ flag", "A")]
    assert b.side_segment("A", "B") == ((100, 100), (300, 100))


# -- map_info and the cache ------------------------------------------------------------------

def test_map_info_hex():
    info = map_info(MAPS / "hex_y_odd.tmx")
    assert {k: info[k] for k in ("orientation", "staggeraxis", "staggerindex", "width", "height")} == {
        "orientation": "hexagonal", "staggeraxis": "y", "staggerindex": "odd", "width": 4, "height": 4}
    cell = next(c for c in info["cells"] if c["name"] == "0202")
    assert (cell["x"], cell["y"]) == (1, 1)
    assert sorted(cell["neighbours"]) == ["0102", "0201", "0203", "0301", "0302", "0303"]
    assert len(info["cells"]) == 15
    json.dumps(info)


def test_map_info_area_lists_regions_with_pixel_centres():
    info = map_info(MAPS / "area.tmx")
    north = info["cells"][0]
    assert north["name"] == "North" and (north["x"], north["y"]) == (160, 75)
    assert sorted(north["neighbours"]) == ["Southeast", "Southwest"]
    json.dumps(info, ensure_ascii=False)


def test_boards_are_cached_by_path_and_mtime(tmp_path):
    p = hex_map(tmp_path, name="cached.tmx")
    b1 = load_board(p)
    assert load_board(str(p)) is b1 and load_board(os.path.relpath(p)) is b1
    text = p.read_text().replace('<data encoding="csv">1,', '<data encoding="csv">2,')
    p.write_text(text)
    st = os.stat(p)
    os.utime(p, ns=(st.st_atime_ns, st.st_mtime_ns + 10_000_000))
    b2 = load_board(p)
    assert b2 is not b1 and b2.cell("0101").terrain == "hill"


def test_big_ccrr_numbers_get_more_digits(tmp_path):
    b = load_board(hex_map(tmp_path, width=101, height=2, name="wide.tmx"))
    assert list(b.cells)[0] == "00101" and b.name_at(100, 1) == "10102"


# -- bad maps: one message naming the file and the object -----------------------------------

def test_missing_file(tmp_path):
    p = tmp_path / "nope.tmx"
    assert load_error(p) == f"{p}: no such file"


def test_not_xml(tmp_path):
    p = tmp_path / "junk.tmx"
    p.write_text("this is not <xml")
    msg = load_error(p)
    assert msg.startswith(f"{p}: not XML")


def test_not_a_map(tmp_path):
    p = tmp_path / "tiles.tmx"
    p.write_text('<?xml version="1.0"?><tileset name="x"/>')
    assert load_error(p) == f"{p}: not a Tiled map (the root element is <tileset>, not <map>)"


def test_unsupported_orientation(tmp_path):
    p = hex_map(tmp_path)
    p.write_text(p.read_text().replace('orientation="hexagonal"', 'orientation="isometric"'))
    msg = load_error(p)
    assert msg.startswith(f"{p}: unsupported orientation \"isometric\"")


def test_infinite_map(tmp_path):
    p = hex_map(tmp_path)
    p.write_text(p.read_text().replace('infinite="0"', 'infinite="1"'))
    assert "infinite maps are not supported" in load_error(p)


def test_no_terrain_layer(tmp_path):
    msg = load_error(hex_map(tmp_path, layer=False))
    assert msg.endswith("no terrain layer: a hex map needs a tile layer (named \"terrain\")")


def test_bad_hex_numbering(tmp_path):
    msg = load_error(hex_map(tmp_path, props=prop("hex_numbering", "XXYY")))
    assert msg == f'{tmp_path / "bad.tmx"}: map property hex_numbering "XXYY" must be CCRR or RRCC'


def test_bad_first_column(tmp_path):
    assert 'first_column "A" is not a whole number' in load_error(hex_map(tmp_path, props=prop("first_column", "A")))


def test_river_segment_not_on_a_hex_edge(tmp_path):
    p = hex_map(tmp_path, obj(12, "Halha", "river", 100, 20, '<polyline points="0,0 50,20"/>'))
    assert load_error(p) == (f'{p}: object 12 "Halha" (river): segment (100,20)-(150,40) is not on a hex '
                             "edge between two hexes of the map")


def test_river_segment_spanning_two_edges(tmp_path):
    # (84,96) -> (140,96): its midpoint is a corner, not a hexside midpoint
    p = hex_map(tmp_path, obj(3, "Long", "river", 84, 96, '<polyline points="0,0 56,0"/>'))
    assert 'object 3 "Long" (river): segment (84,96)-(140,96) is not on a hex edge' in load_error(p)


def test_bridge_not_at_a_hexside_midpoint(tmp_path):
    p = hex_map(tmp_path, obj(7, "Soviet bridge", "bridge", 112, 80))       # a hex centre
    assert load_error(p) == (f'{p}: object 7 "Soviet bridge" (bridge): point (112,80) is not at a '
                             "hexside midpoint (within 3.5 px)")


def test_hexside_object_of_the_wrong_shape(tmp_path):
    p = hex_map(tmp_path, '<object id="4" name="Blob" type="river" x="0" y="0" width="5" height="5"/>')
    assert 'object 4 "Blob" (river): a hexside object must be a polyline' in load_error(p)


def test_hexside_object_without_a_type(tmp_path):
    p = hex_map(tmp_path, obj(5, "x", "", 0, 0, props=prop("hexside", "0101/0201")))
    assert 'object 5 "x" (point): a hexside object needs a type' in load_error(p)


def test_hexside_property_unknown_hex(tmp_path):
    p = hex_map(tmp_path, obj(9, "Ridge", "ridge", 0, 0, props=prop("hexside", "0101/0999")))
    assert load_error(p) == f'{p}: object 9 "Ridge" (ridge): hexside "0101/0999": no hex "0999" on the map'


def test_hexside_property_not_adjacent(tmp_path):
    p = hex_map(tmp_path, obj(9, "Ridge", "ridge", 0, 0, props=prop("hexside", "0101/0301")))
    assert load_error(p) == f'{p}: object 9 "Ridge" (ridge): hexside "0101/0301": 0101 and 0301 are not adjacent'


def test_hexside_property_malformed(tmp_path):
    p = hex_map(tmp_path, obj(9, "Ridge", "ridge", 0, 0, props=prop("hexside", "0101")))
    assert 'hexside "0101" must be two hexes like "0201/0302"' in load_error(p)


def test_road_point_not_at_a_hex_centre(tmp_path):
    p = hex_map(tmp_path, obj(6, "Highway", "road", 28, 32, '<polyline points="0,0 20,20"/>'))
    assert load_error(p) == (f'{p}: object 6 "Highway" (road): point 2 (48,52) is not at a hex centre '
                             "(within 3.5 px)")


def test_road_hexes_not_adjacent(tmp_path):
    p = hex_map(tmp_path, obj(6, "Highway", "road", 28, 32, '<polyline points="0,0 112,0"/>'))
    assert 'object 6 "Highway" (road): points 1 and 2 (0101, 0301) are not adjacent hexes' in load_error(p)


def test_duplicate_route_names(tmp_path):
    p = hex_map(tmp_path, obj(1, "R", "road", 0, 0, props=prop("hexes", "0101,0201"))
                + obj(2, "R", "road", 0, 0, props=prop("hexes", "0201,0301")))
    assert 'object 2 "R" (road): duplicate route name "R" (also object 1)' in load_error(p)


def test_cell_override_outside_the_map(tmp_path):
    p = hex_map(tmp_path, obj(3, "Town", "cell", 900, 900))
    assert 'object 3 "Town" (cell): position (900,900) is in no cell' in load_error(p)


def test_duplicate_region_names(tmp_path):
    p = area_map(tmp_path, SQUARE_A + '<object id="3" name="A" x="0" y="100">'
                                      '<polygon points="0,0 100,0 100,100 0,100"/></object>')
    assert load_error(p) == f'{p}: object 3 "A" (polygon): duplicate region name "A" (also object 1)'


def test_region_without_a_name(tmp_path):
    p = area_map(tmp_path, '<object id="1" x="0" y="0"><polygon points="0,0 100,0 100,100"/></object>')
    assert load_error(p) == f'{p}: object 1 "" (polygon): a region needs a name'


def test_link_end_in_no_region(tmp_path):
    p = area_map(tmp_path, SQUARE_A + obj(8, "Road", "link", 50, 50, '<polyline points="0,0 200,200"/>'))
    assert load_error(p) == f'{p}: object 8 "Road" (link): last point (250,250) is in no region'


def test_link_from_to_naming_an_unknown_region(tmp_path):
    p = area_map(tmp_path, SQUARE_A + obj(8, "Road", "", 0, 0, '<polyline points="0,0 1,1"/>',
                                          prop("from", "A") + prop("to", "Atlantis")))
    assert load_error(p) == f'{p}: object 8 "Road" (polyline): to "Atlantis" is not a region of the map'


def test_link_joining_a_region_to_itself(tmp_path):
    p = area_map(tmp_path, SQUARE_A + obj(8, "Loop", "link", 10, 10, '<polyline points="0,0 50,50"/>'))
    assert 'object 8 "Loop" (link): both ends are in the same region "A"' in load_error(p)


def test_link_end_on_a_region_border_counts(tmp_path):
    # (201,1) is 1 px outside square B: close enough to its border
    p = area_map(tmp_path, SQUARE_A + obj(8, "Edge", "link", 50, 50, '<polyline points="0,0 151,-49"/>'))
    assert load_board(p).neighbours("A") == ("B",)
    p.write_text(p.read_text().replace("151,-49", "160,-49"))    # (210,1): 10 px out
    clear_cache()
    assert 'object 8 "Edge" (link): last point (210,1) is in no region' in load_error(p)


def test_point_map_link_end_at_no_node(tmp_path):
    p = tmp_path / "pts.tmx"
    p.write_text('<?xml version="1.0"?><map orientation="orthogonal" width="10" height="10" tilewidth="32" '
                 'tileheight="32" infinite="0"><objectgroup id="1" name="n">'
                 + obj(1, "A", "", 10, 10) + obj(2, "B", "", 200, 10)
                 + obj(3, "L", "link", 10, 10, '<polyline points="0,0 100,0"/>')
                 + "</objectgroup></map>")
    assert load_error(p) == f'{p}: object 3 "L" (link): last point (110,10) is in no node'


def test_duplicate_node_names(tmp_path):
    p = tmp_path / "pts.tmx"
    p.write_text('<?xml version="1.0"?><map orientation="orthogonal" width="10" height="10" tilewidth="32" '
                 'tileheight="32" infinite="0"><objectgroup id="1" name="n">'
                 + obj(1, "A", "", 10, 10) + obj(2, "A", "node", 200, 10) + "</objectgroup></map>")
    assert load_error(p) == f'{p}: object 2 "A" (node): duplicate node name "A" (also object 1)'


def test_orthogonal_map_with_nothing_to_play_on(tmp_path):
    p = area_map(tmp_path, obj(1, "flag", "flag", 1, 1))
    assert "cannot tell what board this is" in load_error(p)


def test_bad_board_property(tmp_path):
    assert 'map property board "cube" must be hex, area or point' in load_error(
        hex_map(tmp_path, props=prop("board", "cube")))


def test_object_templates_are_rejected(tmp_path):
    p = hex_map(tmp_path, '<object id="4" name="T" template="flag.tx" x="1" y="1"/>')
    assert load_error(p) == (f'{p}: object 4 "T": object templates are not supported '
                             "(detach the template in Tiled)")


def test_pytmx_failures_are_wrapped(tmp_path):
    p = hex_map(tmp_path)
    p.write_text(p.read_text().replace('<data encoding="csv">', '<data encoding="base32">'))
    msg = load_error(p)
    assert msg.startswith(f"{p}: cannot read the map:") and "base32" in msg


def test_missing_external_tileset_is_a_map_error(tmp_path):
    p = hex_map(tmp_path)
    p.write_text(p.read_text().replace(TILESET, ' <tileset firstgid="1" source="gone.tsx"/>\n'))
    msg = load_error(p)
    assert msg.startswith(f"{p}: cannot read the map:") and "gone.tsx" in msg
