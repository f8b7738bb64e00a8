"""The one interaction layer: what a click, a key or a pad button means, for every game.

Each action class declares how a person picks it (game.core.picks: the fields
chosen in order, each a unit, a cell or a card; whether it is a button, and
the decision's main button). From the legal actions :class:`Picker` builds
the tree of those picks, and answers what every game's interface used to
answer with its own switch over the decision kind:

* ``targets()``: the cells to light, and how (the next picks; the units that
  may be chosen instead, as "select");
* ``click(cell)``: what a click on a cell does: choose the next pick (a unit
  standing there, or else the cell), submit the action it completes, choose another
  unit (a click on the chosen one again: the next unit of its stack, after the last
  none), or say why not;
* ``choices()``: the buttons beside the map, the main one first among equals,
  and the main button disabled with the reason the rules give when its action
  is not legal now;
* ``selected``: the unit chosen (the board rings it), kept valid as decisions
  change (``auto_select``); ``actable_cells()`` for Tab.

A game's interface keeps only what is its own: how it draws, what it says on
hover, the labels of its buttons (``button_label``) and, optionally, why a click
does nothing (``refusal``).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Iterable

from game.core.actions import Action
from game.core.picks import CELL, SELECT, UNIT, Pick, is_button, is_main, light_of, picks_of


@dataclass
class Node:
    """The picks made so far: the next picks offered, and the actions they complete."""
    children: dict[Any, str] = field(default_factory=dict)      # value -> what it names (UNIT, CELL, CARD)
    lights: dict[Any, str] = field(default_factory=dict)        # value -> how its cell is lit
    actions: list[Action] = field(default_factory=list)         # the actions these picks complete


@dataclass
class Outcome:
    """What a click did: submit ``action``; or the selection changed (``handled``); or
    nothing, with ``error`` said to the player."""
    action: Action | None = None
    handled: bool = False
    error: str = ""


def build_tree(legal: Iterable[Action]) -> dict[tuple, Node]:
    """path of picked values -> node, for every prefix of every legal action's picks."""
    tree: dict[tuple, Node] = {(): Node()}
    for a in legal:
        ps = picks_of(type(a))
        if not ps:
            continue
        path: tuple = ()
        for i, p in enumerate(ps):
            v = getattr(a, p.field)
            node = tree[path]
            node.children.setdefault(v, p.what)
            last = i == len(ps) - 1
            light = light_of(type(a)) if last else SELECT
            if node.lights.get(v, SELECT) == SELECT:
                node.lights[v] = light
            path = path + (v,)
            tree.setdefault(path, Node())
        tree[path].actions.append(a)
    return tree


class Picker:
    """The picks of the decision at hand, for one game's interface.

    ``where(value, what)`` -> the cell a picked value stands in (a unit's cell, a
    cell itself, None for a card); ``units_in(cell)`` -> the units in a cell, in
    the order a click cycles through them."""

    def __init__(self, where: Callable[[Any, str], str | None], units_in: Callable[[str], list[str]]):
        self.where = where
        self.units_in = units_in
        self.path: tuple = ()
        self._key: Any = None
        self.tree: dict[tuple, Node] = {(): Node()}
        self.legal: list[Action] = []

    # -- the decision ---------------------------------------------------------------------
    def update(self, legal: list[Action], key: Any) -> None:
        """The legal actions now (``key`` says which decision they belong to: the tree is
        built again only when it changes)."""
        if key == self._key:
            return
        self._key = key
        self.legal = legal
        self.tree = build_tree(legal)
        if self.path not in self.tree:
            self.path = ()

    @property
    def node(self) -> Node:
        return self.tree[self.path]

    @property
    def selected(self) -> Any:
        """The last unit picked (the one the board rings), or None."""
        path = self.path
        for i in range(len(path) - 1, -1, -1):
            if self.tree[path[:i]].children.get(path[i]) == UNIT:
                return path[i]
        return None

    def select(self, value: Any) -> bool:
        """Choose ``value`` as the first pick (Tab, a hand-set selection); False if it is not one."""
        if value in self.tree[()].children:
            self.path = (value,)
            return True
        return False

    def clear(self) -> None:
        self.path = ()

    def auto_select(self, first: bool = False) -> None:
        """When nothing is picked and only one unit may be picked first, pick it (with
        ``first``, the first of several)."""
        if self.path not in self.tree:
            self.path = ()
        if not self.path:
            kids = list(self.tree[()].children)
            if len(kids) == 1 or (first and kids):
                if self.tree[()].children[kids[0]] == UNIT:
                    self.path = (kids[0],)

    # -- lighting ----------------------------------------------------------------------------
    def targets(self) -> dict[str, str]:
        """cell -> how to light it: the next picks, and (as "select") the first picks that
        would choose another unit instead."""
        out: dict[str, str] = {}
        node = self.node
        for v, what in node.children.items():
            c = self.where(v, what)
            if c is not None:
                out[c] = node.lights.get(v, SELECT)
        if self.path:
            sel = self.path[-1]
            for v, what in self.tree[()].children.items():
                c = self.where(v, what)
                if c is not None and v != sel:
                    out.setdefault(c, SELECT)
        return out

    def actable_cells(self) -> list[str]:
        """The cells of the first picks, in order (Tab steps through them)."""
        out: list[str] = []
        for v, what in self.tree[()].children.items():
            c = self.where(v, what)
            if c is not None and c not in out:
                out.append(c)
        return out

    # -- a click ------------------------------------------------------------------------------
    def click(self, cell: str | None) -> Outcome:
        if cell is None:
            self.path = ()
            return Outcome(handled=True)
        got = self._advance(self.path, cell)
        if got is not None:
            return got
        sel = self.selected
        if self.path and sel is not None and cell == self.where(sel, UNIT):
            node = self.node
            if node.actions and sel == self.path[-1]:
                return self._submit(node.actions[0])
            nxt = self._next_in_stack(sel, cell)
            self.path = nxt if nxt is not None else ()  # the chosen unit again: the next of its stack, or let it go
            return Outcome(handled=True)
        if self.path:
            got = self._advance((), cell)
            if got is not None:
                return got
        return Outcome(error="")

    def pick(self, value: Any, what: str) -> Outcome | None:
        """A click on a thing that is not a map cell (a card in a hand or a chooser, a general
        in a box ...): the next pick if it is one, else a first pick; None if it is neither."""
        for path in ((self.path, ()) if self.path else ((),)):
            if self.tree[path].children.get(value) == what:
                return self._step(path + (value,))
        return None

    def offered(self, what: str) -> list[Any]:
        """The things of this kind that a click may pick now (cards to light in a hand ...)."""
        out = [v for v, w in self.node.children.items() if w == what]
        if self.path:
            out += [v for v, w in self.tree[()].children.items() if w == what and v not in out and v not in self.path]
        return out

    def _advance(self, path: tuple, cell: str) -> Outcome | None:
        """The next pick a click on ``cell`` makes after ``path``: a unit standing there (the
        first of a stack, in ``units_in``'s order), else the cell itself; None if neither."""
        node = self.tree[path]
        here = [u for u in self.units_in(cell) if node.children.get(u) == UNIT]
        if here:
            return self._step(path + (here[0],))
        if node.children.get(cell) == CELL:
            return self._step(path + (cell,))
        return None

    def _next_in_stack(self, unit: Any, cell: str) -> tuple | None:
        """The path choosing the unit after ``unit`` among those of its stack that the same
        pick may choose (``units_in``'s order); None after the last."""
        path = self.path
        i = max(i for i, v in enumerate(path) if v == unit)
        node = self.tree[path[:i]]
        here = [u for u in self.units_in(cell) if node.children.get(u) == UNIT]
        k = here.index(unit) if unit in here else len(here)
        return path[:i] + (here[k + 1],) if k + 1 < len(here) else None

    def _step(self, path: tuple) -> Outcome:
        """Pick ``path``: the action it completes is submitted at once when nothing more may be
        picked after it (of several with the same picks, the first listed: the others are
        buttons); else the picks so far are kept."""
        node = self.tree[path]
        if node.actions and not node.children:
            return self._submit(node.actions[0])
        self.path = path
        return Outcome(handled=True)

    def _submit(self, action: Action) -> Outcome:
        self.path = ()
        return Outcome(action=action)

    # -- buttons -----------------------------------------------------------------------------
    def buttons(self) -> list[Action]:
        """The legal actions offered as buttons (not the main one), in the order listed."""
        return [a for a in self.legal if is_button(type(a)) and not is_main(type(a))]

    def main(self) -> Action | None:
        """The main button's action, when it is legal now."""
        for a in self.legal:
            if is_main(type(a)):
                return a
        return None


__all__ = ["Picker", "Outcome", "Node", "build_tree", "Pick", "UNIT", "CELL"]
