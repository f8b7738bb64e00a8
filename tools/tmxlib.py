"""Small helpers shared by the TMX map generators in tools/."""
from __future__ import annotations

from xml.sax.saxutils import quoteattr


def num(v: float) -> str:
    """A coordinate as Tiled writes it: an integer without a decimal point."""
    return str(int(v)) if float(v).is_integer() else f"{round(v, 2):g}"


def props_xml(props: dict, ind: str) -> list[str]:
    """A <properties> block (keys sorted; bool, int, float and string values typed as Tiled types them)."""
    if not props:
        return []
    out = [f"{ind}<properties>"]
    for k in sorted(props):
        v = props[k]
        if isinstance(v, bool):
            out.append(f'{ind} <property name="{k}" type="bool" value="{str(v).lower()}"/>')
        elif isinstance(v, int):
            out.append(f'{ind} <property name="{k}" type="int" value="{v}"/>')
        elif isinstance(v, float):
            out.append(f'{ind} <property name="{k}" type="float" value="{v}"/>')
        else:
            out.append(f'{ind} <property name="{k}" value={quoteattr(str(v))}/>')
    out.append(f"{ind}</properties>")
    return out
