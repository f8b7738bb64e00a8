"""日清戰爭: the rules reference's tables (game/client/rules_ref.py), built from the game's
data.json (and, where a value lives only in the rules, from the rules object's read-only
facts), never retyped. The reference file (games/rules/sino_japanese.json) names them "sino_japanese.<name>";
this game's ``CLIENT`` facts name this module (its spec's ``ui=`` module)."""
from __future__ import annotations

from typing import Any, Callable

from ..i18n import N_, _, bilingual, tr
from ..rules_ref import Table, fmt, signed


def terrain(game, data) -> Table:
    rows = []
    for k, t in data["terrain_types"].items():
        if k.startswith("_"):
            continue
        rows.append([bilingual(_(k), t.get('name_local', ''), "zh"), _("impassable") if t.get("impassable") else fmt(t["move"]),
                     signed(t.get("attacker_hits")), signed(t.get("defender_durability")), signed(t.get("counterfire_hits"))])
    for k, t in data["city_types"].items():
        if k.startswith("_") or k == "none":
            continue
        rows.append([bilingual(t['name_en'], t['name_local'], "zh"), _("as terrain"), signed(t.get("attacker_hits")),
                     signed(t.get("defender_durability")), signed(t.get("counterfire_hits"))])
    rows.append([_("river hexside"), fmt(data["river"]["movement"]) if data["river"]["movement"] else "—",
                 _("{n} per unit across").format(n=signed(data["river"]["attacker_hits_per_unit_across"])), "—", "—"])
    return Table(N_("Terrain effects"), [N_("Terrain"), N_("MP to enter"), N_("Attacker hits"), N_("Durability"),
                                         N_("Counterfire hits")], rows)


def cities(game, data) -> Table:
    rows = [[bilingual(t['name_en'], t['name_local'], "zh"), fmt(t["vp"])] for k, t in data["city_types"].items()
            if not k.startswith("_") and k != "none"]
    return Table(N_("Victory points for cities"), [N_("City"), N_("VP")], rows)


def units(game, data) -> Table:
    rows = []
    for k, t in data["unit_types"].items():
        if k.startswith("_"):
            continue
        f, d = t["front"], t.get("damaged", {})
        rows.append([f"{t.get('name_local', '')} ({tr(data['sides'][t['side']]['name'])})",
                     "–".join(fmt(x.get("attack")) for x in (f, d) if x),
                     "–".join(fmt(x.get("durability")) for x in (f, d) if x),
                     "–".join(fmt(x.get("move")) for x in (f, d) if x)])
    return Table(N_("Unit types (front – damaged)"), [N_("Type"), N_("Attack"), N_("Durability"), N_("MA")], rows)


def costs(game, data) -> Table:
    c = data["command_points"]["costs"]
    names = {"activate": N_("activate a unit"), "form": N_("form a unit"), "sea_transport": N_("sea transport, a unit"),
             "landing": N_("landing, a unit")}
    return Table(N_("Command point costs"), [N_("Use"), N_("CP")], [[_(names.get(k, k)), fmt(v)] for k, v in c.items()])


def damage(game, data) -> Table:
    steps = data["damage"]["steps"]
    names = {"flip": N_("① flip (damaged)"), "retreat": N_("② retreat"), "remove": N_("③ remove")}
    rows = [[_(names.get(s["step"], s["step"])), tr(s["who"]), tr(s["cost"]) if isinstance(s["cost"], str) else fmt(s["cost"])]
            for s in steps]
    return Table(N_("Damage: hits are paid step by step"), [N_("Step"), N_("Who"), N_("Hits each")], rows,
                 tr(data["damage"]["_about"]))


def damage_examples(game, data) -> Table:
    ex = data["damage"]["examples"]
    by = {r["hits"]: r for r in ex["without_retreat"]}
    rows = [[fmt(r["hits"]), tr(r["text"]), tr(by[r["hits"]]["text"]) if r["hits"] in by else "—"] for r in ex["with_retreat"]]
    return Table(N_("Damage examples: two undamaged brigades"), [N_("Hits"), N_("With a retreat path"),
                                                                  N_("Without")], rows, tr(ex["_about"]))


def turns(game, data) -> Table:
    tl = {str(t["turn"]): t["events"] for t in data.get("timeline", [])}
    return Table(N_("Turn track"), [N_("Turn"), N_("Month"), N_("History")],
                 [[k, tr(v["label"]), tr(tl.get(k, ""))] for k, v in sorted(data["turn_track"].items(), key=lambda x: int(x[0]))
                  if not k.startswith("_")])


TABLES: dict[str, Callable[[Any, dict], Table]] = {
    "terrain": terrain,
    "cities": cities,
    "units": units,
    "costs": costs,
    "damage": damage,
    "damage_examples": damage_examples,
    "turns": turns,
}
