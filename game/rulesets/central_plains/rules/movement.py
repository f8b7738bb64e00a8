"""Movement validation (seed 6(1), §3.2): where pieces may go in one move.
"""
from __future__ import annotations

import math
from typing import Iterable

from ..actions import Move, joined
from .basics import KINDS, base, submultisets

class Movement:
    """Movement validation (seed 6(1), §3.2): where pieces may go in one move."""

    # -- movement (seed 6(1), §3.2) --------------------------------------------------------------------------------
    def destinations(self, cmd: str, frm: str, pieces: tuple[str, ...], mode: str = "normal",
                     limit: int | None = None) -> list[str]:
        """Where these pieces of ``cmd`` at ``frm`` may go in one move. ``mode``:
        "normal" (by link kind, §3.2), "rail" (RAIL_MOVE: rail only, ``limit``
        links, None = any), "river" (RIVER_MOVE), "raid" (CAV_RAID: cavalry, any
        links, ``limit``). Never through or onto enemy-held strongholds; onto one
        only with room; an armoured train only onto a rail stronghold."""
        key = ("dest", cmd, frm, pieces, mode, limit)
        got = self.memo.get(key)
        if got is not None:
            return got
        stacks = self.stacks()
        bases = {base(c) for c in pieces}
        cut = self.cut_links()
        out: set[str] = set()
        for kinds, most in self.move_plans(bases, mode, limit):
            out |= self._reach(frm, kinds, most, self.data_camp[cmd], stacks, cut)
        dests = sorted(s for s in out if len(stacks[s]) + len(pieces) <= self.stack_limit
                       and ("armoured_train" not in bases or s in self.rail_nodes))
        self.memo[key] = dests
        return dests

    def move_plans(self, bases: set[str], mode: str, limit: int | None) -> list[tuple[tuple[str, ...], float]]:
        """The ways these kinds of piece may move together: (link kinds, most links) each (§3.2, §6.1)."""
        plans: list[tuple[tuple[str, ...], float]] = []
        if mode == "normal":
            for kind in KINDS:
                lims = [self.allowance[kind][b] for b in bases]
                if 0 in lims:
                    continue
                finite = [x for x in lims if x is not None]
                plans.append(((kind,), min(finite) if finite else math.inf))
            if bases == {"cavalry"}:
                mixed = self.data["movement"]["cavalry_mixed"]
                plans.append((tuple(mixed["kinds"]), int(mixed["links"])))
        elif mode == "rail":
            plans.append((("rail",), math.inf if limit is None else limit))
        elif mode == "river":
            if "armoured_train" not in bases:
                plans.append((("river",), limit or 0))
        elif mode == "raid":
            if bases == {"cavalry"}:
                plans.append((KINDS, limit or 0))
        return plans

    def _reach(self, frm: str, kinds: tuple[str, ...], most: float, camp: str,
               stacks: dict[str, tuple], cut: frozenset[str]) -> set[str]:
        """The strongholds reached from ``frm`` along at most ``most`` links of these kinds, not
        cut, never through an enemy-held stronghold (whatever room there is)."""
        seen = {frm: 0}
        todo = [frm]
        links_of = self.links_of
        dc = self.data_camp
        while todo:
            nxt = []
            for s in todo:
                d = seen[s] + 1
                if d > most:
                    continue
                for kind in kinds:
                    for o, name in links_of[kind][s]:
                        if o in seen or name in cut:
                            continue
                        p = stacks[o]
                        if p and dc[p[0][0]] != camp:
                            continue                      # never through an enemy-held stronghold
                        seen[o] = d
                        nxt.append(o)
            todo = nxt
        del seen[frm]
        return set(seen)

    def moves(self, cmd: str, mode: str = "normal", limit: int | None = None,
              only: Iterable[str] | None = None) -> list[Move]:
        key = ("moves", cmd, mode, limit, None if only is None else tuple(only))
        got = self.memo.get(key)
        if got is not None:
            return got
        out = []
        for s in (self.positions(cmd) if only is None else only):
            mine = self.controlled(cmd, s)
            if mode == "raid":
                mine = tuple(c for c in mine if base(c) == "cavalry")
            for sub in submultisets(mine, self.stack_limit):
                for d in self.destinations(cmd, s, sub, mode, limit):
                    out.append(Move(s, d, sub))
        self.memo[key] = out
        return out

    def _do_move(self, cmd: str, frm: str, to: str, pieces: tuple[str, ...]) -> None:
        self._move_pieces(cmd, frm, to, pieces)
        self.emit_msg("PiecesMoved", "{commander} moves {pieces} {frm} → {to}",
                      {"commander": self.name(cmd), "pieces": joined(pieces), "frm": self.place_name(frm),
                       "to": self.place_name(to)}, commander=cmd, frm=frm, to=to, pieces=list(pieces))
