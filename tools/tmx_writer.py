"""Write Tiled TMX object layers as text, the same bytes every run (for the map generators in tools/).

    w = TmxWriter()
    w.layer("places", w.obj("A", "node", {"terrain": "town"}, point=(10, 20)))
    text = "\\n".join([*w.map_head(width=10, height=10, tile=32, props={"board": "point"}), *w.layers, "</map>", ""])
"""
from __future__ import annotations

from xml.sax.saxutils import escape


def fmt(v: float) -> str:
    return f"{v:g}"


def properties(props: dict, indent: str = "   ") -> list[str]:
    """A <properties> block, typed as Tiled writes it (bool, int, float, string)."""
    if not props:
        return []
    out = [f"{indent}<properties>"]
    for k, v in props.items():
        if isinstance(v, bool):
            out.append(f'{indent} <property name="{k}" type="bool" value="{"true" if v else "false"}"/>')
        elif isinstance(v, int):
            out.append(f'{indent} <property name="{k}" type="int" value="{v}"/>')
        elif isinstance(v, float):
            out.append(f'{indent} <property name="{k}" type="float" value="{v}"/>')
        else:
            out.append(f'{indent} <property name="{k}" value="{escape(str(v), {chr(34): "&quot;"})}"/>')
    out.append(f"{indent}</properties>")
    return out


class TmxWriter:
    """Numbers objects and layers in order; ``layers`` holds the written lines."""

    def __init__(self) -> None:
        self.next_id = 1
        self.layers: list[str] = []
        self.layer_id = 1

    def layer(self, name: str, objects: list[str], colour: str | None = None) -> None:
        col = f' color="{colour}"' if colour else ""
        self.layers.append(f' <objectgroup id="{self.layer_id}" name="{name}"{col}>')
        self.layers.extend(objects)
        self.layers.append(" </objectgroup>")
        self.layer_id += 1

    def obj(self, name: str, type_: str, props: dict, *, point=None, rect=None, poly=None, line=None) -> list[str]:
        """One object: a point, a rectangle (x, y, w, h), a polygon or a polyline (absolute points)."""
        oid = self.next_id
        self.next_id += 1
        attrs = f'id="{oid}" name="{escape(name)}"' + (f' type="{type_}"' if type_ else "")
        pts = poly or line
        if rect is not None:
            x, y, w, h = rect
            head = f'  <object {attrs} x="{fmt(x)}" y="{fmt(y)}" width="{fmt(w)}" height="{fmt(h)}"'
        else:
            x0, y0 = point if point is not None else pts[0]
            head = f'  <object {attrs} x="{fmt(x0)}" y="{fmt(y0)}"'
        body = properties(props)
        if point is not None:
            body.append("   <point/>")
        if pts is not None:
            rel = " ".join(f"{fmt(round(x - pts[0][0], 1))},{fmt(round(y - pts[0][1], 1))}" for x, y in pts)
            body.append(f'   <{"polygon" if poly else "polyline"} points="{rel}"/>')
        if not body:
            return [head + "/>"]
        return [head + ">", *body, "  </object>"]

    def map_head(self, *, width: int, height: int, tile: int, background: str, props: dict) -> list[str]:
        """The XML declaration, the <map> element (call after the layers: it needs the next ids) and its
        properties."""
        return [
            '<?xml version="1.0" encoding="UTF-8"?>',
            f'<map version="1.10" tiledversion="1.10.2" orientation="orthogonal" renderorder="right-down" '
            f'width="{width}" height="{height}" tilewidth="{tile}" tileheight="{tile}" infinite="0" '
            f'backgroundcolor="{background}" nextlayerid="{self.layer_id}" nextobjectid="{self.next_id}">',
            *properties(props, "  "),
        ]
