"""Paths and supply tracing over a board, hexes and boxes alike, on the rules' terms.

The rules say which cells a line may enter (``enter(cell)``: no enemy unit,
not in enemy ZOC unless a friend stands there, land only ...), which kinds of
step it may use (``via``: :data:`~game.core.board.GRID` for the hex grid and
link kinds such as ``"box_entry"`` or ``"sea_lane"``; None for all), how long
it may be (``limit``, in steps, or in total cost with ``cost(a, b)``, which
prices a step and returns None where there is none), and where it starts.

    supplied(board, depots, enter=free, via=(GRID, "box_entry"), limit=4)   # cells in supply
    connected(board, "0112", "1708", enter=clear)                            # is there a line?
    path(board, "0101", "Port", via="sea_lane")                               # the line itself
    trace(board, [start], enter=clear)            # everything reached, how, and what stopped it
    zoc_line(passable, enemy, enemy_zoc, friends)  # the usual enter test: no enemy, no EZOC without a friend

Sources are never asked ``enter`` (a depot supplies whatever stands on it;
drop the sources your rules refuse); every other cell, the goal included, is.

These all call :meth:`game.core.board.Board.search`, the one graph search of
the code base. It lives in the kernel, not here, because the board needs it
itself (``distance`` over chosen steps, ``find_path``) and the kernel may not
import from this layer.
"""
from __future__ import annotations

from typing import Callable, Collection, Iterable

from game.core.board import Board, Reach, Via

Enter = Callable[[str], bool]
Cost = Callable[[str, str], "float | None"]


def zoc_line(cells: Collection[str], enemy: Collection[str], enemy_zoc: Collection[str],
             friends: Collection[str]) -> Enter:
    """The usual ``enter`` test of a supply line or line of communication: a cell of
    ``cells`` (the passable ones), with no enemy unit, and not in enemy ZOC unless a
    friendly unit stands there."""
    def enter(cell: str) -> bool:
        return cell in cells and cell not in enemy and (cell not in enemy_zoc or cell in friends)
    return enter


def trace(board: Board, sources: str | Iterable[str], *, enter: Enter | None = None, via: Via = None,
          limit: float | None = None, cost: Cost | None = None, goal: str | None = None) -> Reach:
    """Everything reached from ``sources``: ``dist`` (steps or cost from the
    nearest source), ``prev`` (for ``path(cell)``) and ``blocked`` (cells next
    to the trace that ``enter`` refused: what cuts the line, for an overlay).
    With ``goal`` the trace stops once it gets there."""
    return board.search(sources, via=via, enter=enter, limit=limit, goal=goal, cost=cost)


def supplied(board: Board, sources: str | Iterable[str], *, enter: Enter | None = None, via: Via = None,
             limit: float | None = None, cost: Cost | None = None) -> frozenset[str]:
    """The cells a supply line from any of ``sources`` reaches (sources included)."""
    return frozenset(board.search(sources, via=via, enter=enter, limit=limit, cost=cost).dist)


def path(board: Board, start: str, goal: str, *, enter: Enter | None = None, via: Via = None,
         limit: float | None = None, cost: Cost | None = None) -> list[str] | None:
    """The shortest (or, with ``cost``, cheapest) path start..goal, both
    included, or None when there is none within the rules."""
    return board.search(start, via=via, enter=enter, limit=limit, goal=goal, cost=cost).path(goal)


def connected(board: Board, start: str, goal: str, *, enter: Enter | None = None, via: Via = None,
              limit: float | None = None, cost: Cost | None = None) -> bool:
    """Whether a path start..goal exists within the rules."""
    return path(board, start, goal, enter=enter, via=via, limit=limit, cost=cost) is not None
