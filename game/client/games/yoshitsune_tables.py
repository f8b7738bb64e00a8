"""義經: the rules reference's tables (game/client/rules_ref.py), built from the game's
data.json (and, where a value lives only in the rules, from the rules object's read-only
facts), never retyped. The reference file (games/rules/yoshitsune.json) names them "yoshitsune.<name>";
this game's ``CLIENT`` facts name this module (its spec's ``ui=`` module)."""
from __future__ import annotations

from typing import Any, Callable

from ..i18n import N_, _, bilingual, tr
from ..rules_ref import Table, die_table, fmt


def generals(game, data) -> Table:
    clans = data["clans"]
    rows = [[bilingual(g['name'], g['name_local'], "ja"), clans[g["clan"]]["name_local"], fmt(g["valour"]), fmt(g["command"])]
            for g in data["generals"]]
    return Table(N_("Generals"), [N_("General"), N_("Clan"), N_("Valour"), N_("Command")], rows,
                 tr(data["general_values"].get("_", "")))


def turns(game, data) -> Table:
    sides = data["sides"]
    head = [N_("Turn"), N_("Year")] + [_("Cards {side}").format(side=s["name_local"]) for s in sides.values()] + [N_("Note")]
    rows = [[fmt(t["turn"]), fmt(t["year"])] + [fmt(t["cards"].get(k)) for k in sides] + [tr(t.get("note", ""))]
            for t in data["turn_track"]]
    return Table(N_("Turn track"), head, rows)


def court(game, data) -> Table:
    sides = data["sides"]
    head = [N_("Space"), N_("Friendly to")] + [_("Retainers {side}").format(side=s["name_local"])
                                                 for s in sides.values()]
    rows = [[sp["name_local"], sides[sp["friendly"]]["name_local"] if sp["friendly"] else "—"]
            + [fmt(sp["replenish"].get(k)) for k in sides] for sp in data["court_track"]["spaces"]]
    return Table(N_("Court track (後白河法皇): retainers placed in replenishment"), head, rows)


def cards(game, data) -> Table:
    decks = {k: v["name_local"] for k, v in data["sides"].items()}
    rows = []
    for c in data["cards"]:
        if c["type"] == "general":
            g = next((x for x in data["generals"] if x["key"] == c["effect"].get("general")), {})
            text = _("general card: move, battle, enter, replenish or tribute with {name}").format(
                name=g.get("name_local", c["name_local"]))
            if c["effect"].get("tribute_modifier"):
                text += " " + _("(tribute +{n})").format(n=c["effect"]["tribute_modifier"])
        else:
            text = tr(c.get("text", ""))
        rows.append([c["id"], bilingual(c['name'], c['name_local'], "ja"), decks.get(c["deck"], _("court")), text])
    return Table(N_("Cards"), [N_("Card"), N_("Name"), N_("Deck"), N_("Effect")], rows)


TABLES: dict[str, Callable[[Any, dict], Table]] = {
    "tribute": die_table(N_("Tribute table"), "tribute", "spaces"),
    "leader_fate": die_table(N_("Fate of generals (討取)"), "leader_fate", "result"),
    "storm_fate": die_table(N_("Storm (暴風雨) fate"), "storm_fate", "result"),
    "generals": generals, "court": court, "cards": cards, "turns": turns,
}
