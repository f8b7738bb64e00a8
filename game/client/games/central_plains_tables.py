"""中原大戰: the rules reference's tables (game/client/rules_ref.py), built from the game's
data.json (and, where a value lives only in the rules, from the rules object's read-only
facts), never retyped. The reference file (games/rules/central_plains.json) names them "central_plains.<name>";
this game's ``CLIENT`` facts name this module (its spec's ``ui=`` module)."""
from __future__ import annotations

from typing import Any, Callable

from ..i18n import N_, _, bilingual, tr
from ..rules_ref import Table, fmt, signed


def terrain(game, data) -> Table:
    return Table(N_("Terrain"), [N_("Terrain"), N_("Defence")],
                 [[bilingual(t['name_en'], t['name_zh'], "zh"), signed(t["defence"])] for k, t in data["terrain_types"].items() if not k.startswith("_")])


def movement(game, data) -> Table:
    al = data["movement"]["allowance"]
    pieces = list(data["pieces"])
    rows = []
    for kind, per in al.items():
        lk = data["link_kinds"].get(kind, {})
        rows.append([bilingual(lk.get('name_en', kind), lk.get('name_zh', ''), "zh")]
                    + [_("any") if per.get(p, 0) is None else (fmt(per[p]) if per.get(p) else "—") for p in pieces])
    head = [N_("Link")] + [bilingual(data['pieces'][p]['name_en'], data['pieces'][p]['name_zh'], "zh") for p in pieces]
    return Table(N_("Movement: most links in one move"), head, rows, _("—: that piece may not use that kind of link."))


def pieces(game, data) -> Table:
    return Table(N_("Pieces"), [N_("Piece"), N_("Strength"), N_("Upkeep units")],
                 [[bilingual(p['name_en'], p['name_zh'], "zh"), fmt(p["strength"]), fmt(p["upkeep_units"])]
                  for k, p in data["pieces"].items() if not k.startswith("_")])


def upkeep(game, data) -> Table:
    up = data["upkeep"]
    return Table(N_("Upkeep (funds a turn)"), [N_("Upkeep units"), N_("Pay")],
                 [[f"{r['units'][0]}–{r['units'][1]}", fmt(r["pay"])] for r in up["table"]],
                 _("Upkeep units: {units}; pay one fund for every {per}, rounded up.").format(
                     units=", ".join(f"{data['pieces'][k]['name_zh']} {fmt(v)}" for k, v in up["units"].items()
                                     if k in data["pieces"]), per=up["per"]))


def camps(game, data) -> Table:
    rows = [[bilingual(c['name_en'], c['name_zh'], "zh"), " ".join(data["commanders"][k]["name_zh"] for k in c["commanders"]),
             fmt(c["commands"]), fmt(c["hand_limit"])] for k, c in data["camps"].items() if not k.startswith("_")]
    return Table(N_("Camps"), [N_("Camp"), N_("Commanders"), N_("Commands a turn"), N_("Hand limit")], rows)


def commanders(game, data) -> Table:
    tk = data["tracks"]
    rows = [[bilingual(c['name_en'], c['name_zh'], "zh"), bilingual(c.get('faction_en', ''), c.get('faction_zh', ''), "zh"),
             data["camps"][c["camp"]]["name_zh"], fmt(tk["troops"]["start"][k]), fmt(tk["funds"]["start"][k]),
             fmt(tk["morale"]["start"][k])] for k, c in data["commanders"].items() if not k.startswith("_")]
    return Table(N_("Commanders at the start"), [N_("Commander"), N_("Faction"), N_("Camp"), N_("Troops"), N_("Funds"),
                                                 N_("Morale")], rows)


def cards(game, data) -> Table:
    k = data["card_kinds"]
    return Table(N_("Kinds of card"), [N_("Kind"), N_("What it does")],
                 [[bilingual(v['name_en'], v['name_zh'], "zh"), tr(v.get("_", ""))] for n, v in k.items() if not n.startswith("_")])


TABLES: dict[str, Callable[[Any, dict], Table]] = {
    "terrain": terrain,
    "movement": movement,
    "pieces": pieces,
    "upkeep": upkeep,
    "camps": camps,
    "commanders": commanders,
    "cards": cards,
}
