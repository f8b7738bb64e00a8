"""Across Suez's combat odds [6][12][13] (pure: no game state): the CRT column of
an attack, its shifts (terrain, combined arms, artillery) and the odds of each result."""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Sequence

from game.core.text import N_
from game.systems.combat import crt_of

from .board import MapFacts, default_facts
from .data import load_data

#: the column shifts of an attack (the reasons shown in the log and the odds preview)
IN_THE_FARM = N_("defender in the Chinese Farm")
SAND_ACROSS_RIDGES = N_("defender on elevated sand attacked only across ridges")
SAND_MIXED = N_("defender on elevated sand (attacked both across and not across ridges)")
ON_SAND = N_("defender on elevated sand")
IN_A_FORT = N_("defender in a Bar Lev fort")
COMBINED_ARMS = N_("combined arms (armor with infantry)")
ARTILLERY_SUPPORT = N_("Israeli artillery support")


# -- combat odds (pure) ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Fighter:
    """One unit as the CRT sees it."""
    key: str
    label: str
    side: str
    firepower: int          # attack value; for a defender its defence value
    role: str               # "armor" | "infantry" | ""
    hex: str


@dataclass(frozen=True, slots=True)
class Preview:
    attack: int
    defence: int
    differential: int
    base_column: int                          # index into the CRT columns
    shifts: tuple[tuple[str, int], ...]       # (reason, columns; + is right)
    net_shift: int
    column: int                               # final index
    column_label: str
    odds: tuple[tuple[str, float], ...]       # result -> probability, in result order

    def text(self) -> str:
        return "  ".join(f"{r} {p:.0%}" for r, p in self.odds if p)


def terrain_shift(facts: MapFacts, data: dict[str, Any], defender_hex: str,
                  attacker_hexes: Iterable[str]) -> tuple[int, str]:
    """The single terrain most favourable to the defender [12.1–12.3]: (shift, reason)."""
    tec = data["terrain_effects"]
    t = facts.terrain[defender_hex]
    options: list[tuple[int, str]] = [(0, "")]
    if t == "chinese_farm":
        options.append((int(tec["terrain"][t]["shift"]), IN_THE_FARM))
    if t == "elevated_sand":
        across = [frozenset((a, defender_hex)) in facts.ridges for a in attacker_hexes]
        if across and all(across):
            options.append((int(tec["ridge"]["shift_all_attackers_across"]), SAND_ACROSS_RIDGES))
        elif any(across):
            options.append((int(tec["ridge"]["shift_mixed"]), SAND_MIXED))
        else:
            options.append((int(tec["terrain"][t]["shift"]), ON_SAND))
    if defender_hex in facts.forts:
        options.append((int(tec["fort"]["shift"]), IN_A_FORT))
    return min(options, key=lambda o: o[0])


def combat_preview(attackers: Sequence[Fighter], defender: Fighter, *, night: bool = False,
                   support: bool = False, facts: MapFacts | None = None,
                   data: dict[str, Any] | None = None) -> Preview:
    """The CRT column of an attack and the odds of each result (pure: no game state).
    ``support``: an Israeli artillery support is spent on it (ignored at night)."""
    data = data or load_data()
    facts = facts or default_facts()
    crt = crt_of(data["crt"])
    att = sum(a.firepower for a in attackers)
    dfn = defender.firepower
    diff = att - dfn
    base = crt.column(diff)
    shifts: list[tuple[str, int]] = []
    ts, reason = terrain_shift(facts, data, defender.hex, [a.hex for a in attackers])
    if ts:
        shifts.append((reason, ts))
    ca = data["combined_arms"]
    roles = {a.role for a in attackers}
    if set(ca["needs"]) <= roles:
        if night and not ca["night"]:
            pass
        else:
            shifts.append((COMBINED_ARMS, int(ca["shift"])))
    if support and not night:
        shifts.append((ARTILLERY_SUPPORT, int(data["israeli_artillery"]["shift"])))
    net = sum(n for _, n in shifts)
    col = crt.column(diff, net)
    return Preview(att, dfn, diff, base, tuple(shifts), net, col, crt.labels[col], crt.odds(col))


