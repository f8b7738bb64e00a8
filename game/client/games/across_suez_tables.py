"""Across Suez: the rules reference's tables (game/client/rules_ref.py), built from the game's
data.json (and, where a value lives only in the rules, from the rules object's read-only
facts), never retyped. The reference file (games/rules/across_suez.json) names them "across_suez.<name>";
this game's ``CLIENT`` facts name this module (its spec's ``ui=`` module)."""
from __future__ import annotations

from typing import Any, Callable

from ..i18n import N_, _, tr
from ..rules_ref import Table, fmt, signed


def crt(game, data) -> Table:
    crt = data["crt"]
    rows = [[d] + list(crt["rows"][d]) for d in sorted(crt["rows"], key=int)]
    note = _("Attacker's firepower minus the defender's; one die. Beyond the ends, use the end column.") \
        if crt.get("clamp") else _("Attacker's firepower minus the defender's; one die.")
    return Table(N_("Combat results table (firepower differential)"), [N_("Die")] + list(crt["column_labels"]), rows,
                 note)


def results(game, data) -> Table:
    crt = data["crt"]
    return Table(N_("Results"), [N_("Result"), N_("Meaning")],
                 [[k, tr(crt["results"][k])] for k in crt["result_order"]], tr(crt.get("ee_fallback", "")))


def terrain(game, data) -> Table:
    te = data["terrain_effects"]
    rows = []
    for name, t in te["terrain"].items():
        mp = _("prohibited") if t.get("prohibited") else fmt(t.get("move"))
        rows.append([_(name.replace("_", " ")), mp, signed(t.get("shift"))])
    rows.append([_("road"), fmt(te["road"]["move"]), signed(te["road"]["shift"])])
    rows.append([_("fort"), _("as the hex's terrain"), signed(te["fort"]["shift"])])
    r = te["ridge"]
    rows.append([_("ridge hexside"), f"+{fmt(r['move_extra'])}",
                 _("{a} all attackers across, {m} mixed").format(a=signed(r["shift_all_attackers_across"]),
                                                               m=signed(r["shift_mixed"]))])
    rows.append([_("canal"), _("prohibited (exit at {hex})").format(hex=te["canal"]["except_exit_at"]), "—"])
    return Table(N_("Terrain effects chart"), [N_("Terrain"), N_("MP to enter"), N_("Column shift")], rows,
                 tr(te["_about"]))


def turns(game, data) -> Table:
    return Table(N_("Turn record"), [N_("Turn"), N_("Time"), N_("Night")],
                 [[t, tr(v["time"]), fmt(v["night"])] for t, v in sorted(data["turn_track"].items(), key=lambda x: int(x[0]))])


def units(game, data) -> Table:
    rows = [[f"{u['label']}: {tr(u['name'])}", tr(data["sides"][u["side"]]["name"]), _(u["type"]), fmt(u.get("firepower")),
             fmt(u.get("ma")), u.get("start") or _("turn {n}, entry {e}").format(n=u.get("enter", "?"), e=u.get("entry", "?"))]
            for u in data["units"]]
    return Table(N_("Units"), [N_("Unit"), N_("Side"), N_("Type"), N_("Firepower"), N_("MA"), N_("Starts")], rows)


TABLES: dict[str, Callable[[Any, dict], Table]] = {
    "crt": crt,
    "results": results,
    "terrain": terrain,
    "turns": turns,
    "units": units,
}
