"""The threat view (key T, the pad's Guide button): which of my units the enemy could attack
after its next movement, each with the best odds it could bring.

It is worked out from the seat's own view (``game.view_for(seat)``: a copy, in
a hidden-information game re-dealt from the seat's observation) through the
rules' public API: each unit's movement search and ZOC, which cells it may
attack from a cell, and the rules' own odds. The game is never touched; a game
whose odds depend on where the attackers stand stands them there on that private
view (:func:`placed`) to ask the rules' odds.

The answer is an upper bound, what the player should fear: every enemy unit
that could reach a cell next to one of mine is counted against it at once, as
if each had the best cell to attack from, whatever the stacking limits and the
enemy's other targets (and, where the rules ration activation, as if it could
pay for every unit).

The generic search is :func:`reach_threats`; each game's plugin gives its pieces
(``GameUI.threats``). The board computes it once per position, only while the
view is on, and draws it with :func:`draw_threats`.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from .i18n import _


@dataclass(frozen=True)
class Threat:
    cell: str                               # where my unit (stack) stands
    units: tuple[str, ...]                  # my units there the enemy could attack
    attackers: tuple[tuple[str, str], ...]  # (enemy unit, the cell it would attack from), by unit
    label: str                              # the odds on the map: "62%", "+3", "3:1"
    danger: float                           # 0..1: how bad for me (the colour)
    detail: str = ""                        # one line for the side panel


Odds = Callable[[str, Sequence[tuple[str, str]]], tuple[str, float, str]]


def reach_threats(mine: Mapping[str, Sequence[str]], enemies: Iterable[str],
                  sources: Callable[[str], Iterable[str]], targets: Callable[[str, str], Iterable[str]],
                  odds: Odds, rank: Callable[[str, str, str], Any] | None = None) -> dict[str, Threat]:
    """The threats on ``mine`` (cell -> my units there): for each enemy unit, the
    cells it could attack from after its next move (``sources(unit)``, its own
    cell among them) and, from each, the cells it could attack (``targets(unit,
    cell)``). Each attacker is put in its best cell for each target (the lowest
    ``rank(unit, from, target)``, then the first found); ``odds(target,
    ((unit, from), ...))`` gives (label, danger 0..1, detail)."""
    best: dict[str, dict[str, tuple[Any, str]]] = {}
    for e in enemies:
        for s in sources(e):
            for t in targets(e, s):
                if t not in mine:
                    continue
                r = rank(e, s, t) if rank is not None else 0
                seen = best.setdefault(t, {}).get(e)
                if seen is None or r < seen[0]:
                    best[t][e] = (r, s)
    out: dict[str, Threat] = {}
    for t in sorted(best):
        atts = tuple((e, s) for e, (_r, s) in sorted(best[t].items()))
        label, danger, detail = odds(t, atts)
        out[t] = Threat(t, tuple(mine[t]), atts, label, max(0.0, min(1.0, danger)), detail)
    return out


def placed(view, where: Sequence[tuple[str, str]], read: Callable[[Any], Any]) -> Any:
    """``read(view)`` with the units stood in the cells ``where`` says ((unit, cell), ...),
    moved there with the ruleset's own ``place_unit`` on ``view`` (the seat's private
    copy, never the game) and put back afterwards: the rules' odds for attackers
    that are not there yet."""
    back = [(k, view.pos(k)) for k, _c in where]
    try:
        for k, c in where:
            if view.pos(k) != c:
                view.place_unit(k, c)
        return read(view)
    finally:
        for k, c in reversed(back):
            if c is not None and view.pos(k) != c:
                view.place_unit(k, c)


def with_view(game, seat: str, work: Callable[[Any], Any]) -> Any:
    """``work(view)`` on the seat's own view of the game (closed afterwards)."""
    view = game.view_for(seat, 0)
    try:
        return work(view)
    finally:
        view.close()


def percent(p: float) -> str:
    return f"{round(100 * p)}%"


def summary(threats: Mapping[str, Threat]) -> str:
    """The toast when the view is switched on."""
    if not threats:
        return _("Threat view on: the enemy cannot attack any of your units next turn")
    return _("Threat view on: the enemy could attack {n} of your positions next turn (T: off)").format(
        n=len(threats))


def danger_colour(d: float) -> tuple[int, int, int]:
    """Yellow (a poor attack) through orange to red (a likely loss)."""
    d = max(0.0, min(1.0, d))
    if d < 0.5:
        k = d / 0.5
        return (255, int(225 - 70 * k), int(90 - 50 * k))
    k = (d - 0.5) / 0.5
    return (255 - int(25 * k), int(155 - 115 * k), 40)


def draw_threats_under(surf, view, threats: Mapping[str, Threat], unit_hex: Callable[[str], str | None]) -> None:
    """Under the counters: each threatened cell tinted in its danger colour, and a line
    to it from each enemy unit that could attack it (from where that unit stands)."""
    import pygame
    cells = view.board.cells
    for t in threats.values():
        col = danger_colour(t.danger)
        view.draw_hex(surf, t.cell, col + (80,))
        tx, ty = view.hex_center(t.cell)
        for e, _frm in t.attackers:
            h = unit_hex(e)
            if h and h != t.cell and h in cells:
                sx, sy = view.hex_center(h)
                pygame.draw.line(surf, col, (sx, sy), (tx, ty), 2)
                pygame.draw.circle(surf, col, (int(sx), int(sy)), 4)


def draw_threats(surf, view, assets, threats: Mapping[str, Threat]) -> None:
    """Over the counters: each threatened cell ringed in its danger colour, with the odds on a tag."""
    import pygame
    hs = view.hex_size()
    size = int(max(12, min(17, hs * 0.26)))
    for t in threats.values():
        col = danger_colour(t.danger)
        view.draw_hex(surf, t.cell, col + (255,), width=3 if hs < 50 else 4)
        x, y = view.hex_center(t.cell)
        img = assets.text(t.label, size, (20, 16, 10), bold=True)
        box = img.get_rect(midbottom=(int(x), int(y - hs * 0.30))).inflate(8, 2)
        box.clamp_ip(view.area)
        pygame.draw.rect(surf, col, box, border_radius=5)
        pygame.draw.rect(surf, (20, 16, 10), box, 1, border_radius=5)
        surf.blit(img, img.get_rect(center=box.center))
