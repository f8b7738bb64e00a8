"""ノモンハンの戦い: the rules reference's tables (game/client/rules_ref.py), built from the game's
data.json (and, where a value lives only in the rules, from the rules object's read-only
facts), never retyped. The reference file (games/rules/nomonhan.json) names them "nomonhan.<name>";
this game's ``CLIENT`` facts name this module (its spec's ``ui=`` module)."""
from __future__ import annotations

from typing import Any, Callable

from ..i18n import N_, _, bilingual, tr
from ..rules_ref import Table, fmt


def terrain(game, data) -> Table:
    cost = game.facts.cost
    terr = game.facts.terrain
    rows = []
    for t in data["map_cells"]["terrain"]:
        hexes = [h for h, x in terr.items() if x == t]
        mp = cost.get(hexes[0]) if hexes and hexes[0] in cost else None
        hit = data["combat"]["hit_on_vs_hill"] if t == "hill" else data["combat"]["hit_on"]
        rows.append([_(t), fmt(mp) if mp is not None else _("impassable"),
                     fmt(hit) if mp is not None else "—", fmt(data["combat"]["hit_on"]) if mp is not None else "—"])
    return Table(N_("Terrain"), [N_("Terrain"), N_("MP to enter"), N_("Attack hits on"), N_("Defence hits on")], rows,
                 _("Defending a bridge hex: +{n} die.").format(n=data["combat"]["bridge_defense_bonus"]))


def units(game, data) -> Table:
    sides = data["sides"]
    rows = [[bilingual(u['name'], u['label'], "ja"), tr(sides[u["side"]]["name"]), _(u["type"].replace("_", " ")),
             "–".join(str(x) for x in u["attack"]), "–".join(str(x) for x in u["defense"]), fmt(u["ma"]),
             str(len(u["attack"])), u.get("start") or _("turn {n}").format(n=u.get("enter", "?"))]
            for u in data["units"]]
    return Table(N_("Units (full strength – reduced)"),
                 [N_("Unit"), N_("Side"), N_("Type"), N_("Attack"), N_("Defence"), N_("MA"), N_("Steps"), N_("Starts")],
                 rows)


def points(game, data) -> Table:
    pps = data["points_per_step"]
    return Table(N_("Points for each step the enemy loses"), [N_("Unit"), N_("Points a step")],
                 [[_("tank"), fmt(pps["tank"])], [_("other"), fmt(pps["other"])]])


def turns(game, data) -> Table:
    ends = game.facts.end_rolls
    rows = [[str(t), _("the game ends on a roll of {nums}").format(nums=fmt(sorted(ends[t])))] for t in sorted(ends)]
    rows.append([str(game.facts.turns), _("the last turn: the game ends")])
    return Table(N_("Turn track"), [N_("Turn"), N_("End of the turn")], rows)


TABLES: dict[str, Callable[[Any, dict], Table]] = {
    "terrain": terrain,
    "units": units,
    "points": points,
    "turns": turns,
}
