"""Who holds which commanders (seed 9: 2–5 players).

A *split* names the players' groups of commanders: groups are joined by "/",
the commanders of one group by "+", e.g. ``"CHIANG+HE/YAN+LI+FENG"`` for two
players. One player may hold two or three commanders, all of ONE camp (seed
9(1)); so there are ten splits: the central camp's two commanders together or
apart, times the five ways to share the three anti-Chiang commanders. A seat
is named by its group (``"CHIANG+HE"``; with five players, the commander's
key). Seats come central camp first, each camp's groups in the order of the
camp's commanders in data.json (蔣, 何; 閻, 李, 馮), so the five-player seats are
the spec's default seats.
"""
from __future__ import annotations

from typing import Any

from game.core.data import load_json
from game.core.errors import OptionError
from game.paths import ROOT

DATA_PATH = str(ROOT / "game" / "rulesets" / "central_plains" / "data.json")


def _data() -> dict[str, Any]:
    return load_json(DATA_PATH)


def camp_lists() -> list[list[str]]:
    camps = _data()["camps"]
    return [list(camps[c]["commanders"]) for c in ("central", "anti")]


def _partitions(items: list[str]) -> list[list[list[str]]]:
    """Every way to cut ``items`` into groups, each group and the groups in the items' order."""
    if not items:
        return [[]]
    first, rest = items[0], items[1:]
    out = []
    for part in _partitions(rest):
        out.append([[first]] + part)                       # alone
        for i in range(len(part)):                         # or with a group of the rest
            out.append(part[:i] + [[first] + part[i]] + part[i + 1:])
    return [sorted(p, key=lambda g: items.index(g[0])) for p in out]


def all_splits() -> tuple[str, ...]:
    """The ten splits the rules allow, fewest players first."""
    central, anti = camp_lists()
    out = []
    for c in _partitions(central):
        for a in _partitions(anti):
            out.append("/".join("+".join(g) for g in c + a))
    return tuple(sorted(out, key=lambda s: (s.count("/"), s)))


def default_split(players: int) -> str:
    return _data()["seating"]["default_split"][str(players)]


def split_of(options: dict[str, Any]) -> str:
    if options.get("split"):
        return options["split"]
    return default_split(int(options.get("players") or _data()["players"]["max"]))


def seats_of(options: dict[str, Any]) -> tuple[str, ...]:
    return tuple(split_of(options).split("/"))


def check(options: dict[str, Any]) -> None:
    """The number of players and the split must agree (OptionError if not)."""
    split, players = options.get("split"), options.get("players")
    if split and players is not None and split.count("/") + 1 != players:
        raise OptionError(f"central_plains: option 'split' = {split!r} seats {split.count('/') + 1} "
                          f"players, not players = {players}")
