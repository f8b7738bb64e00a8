"""The commanders' tracks (seed 1, 5, 7, 10): morale, troops and funds.
"""
from __future__ import annotations

from dataclasses import replace

from ..components import Tracks

class TrackRules:
    """The commanders' tracks (seed 1, 5, 7, 10): morale, troops and funds."""

    def _set_tracks(self, cmd: str, **changes: int) -> Tracks:
        t = replace(self.tracks(cmd), **changes)
        self.put(self.cmd_ent[cmd], t)
        return t

    def _morale(self, cmd: str, delta: int, why: str = "") -> None:
        lo, hi = self.ranges["morale"]
        old = self.tracks(cmd).morale
        new = max(lo, min(hi, old + delta))
        if new == old:
            return
        self._set_tracks(cmd, morale=new)
        v = {"commander": self.name(cmd), "old": old, "new": new, "why": why}
        if why:
            self.emit_msg("MoraleChanged", "{commander} morale {old} → {new} ({why})", v, commander=cmd, old=old, new=new)
        else:
            self.emit_msg("MoraleChanged", "{commander} morale {old} → {new}", v, commander=cmd, old=old, new=new)

    def _funds(self, cmd: str, delta: int, why: str = "") -> None:
        lo, hi = self.ranges["funds"]
        old = self.tracks(cmd).funds
        new = max(lo, min(hi, old + delta))
        if new != old:
            self._set_tracks(cmd, funds=new)
            v = {"commander": self.name(cmd), "old": old, "new": new, "why": why}
            if why:
                self.emit_msg("FundsChanged", "{commander} funds {old} → {new} ({why})", v, commander=cmd, old=old,
                              new=new)
            else:
                self.emit_msg("FundsChanged", "{commander} funds {old} → {new}", v, commander=cmd, old=old, new=new)
        if new <= 0:
            self._surrender(cmd, "funds")

    def _troops_down(self, cmd: str, n: int, why: str = "") -> int:
        """Lower the troops marker n (seed 7(3)); returns the zones it left (pieces to remove)."""
        old = self.tracks(cmd).troops
        new = max(0, old - n)
        self._set_tracks(cmd, troops=new)
        v = {"commander": self.name(cmd), "old": old, "new": new, "why": why}
        if why:
            self.emit_msg("TroopsLost", "{commander} troops {old} → {new} ({why})", v, commander=cmd, old=old, new=new)
        else:
            self.emit_msg("TroopsLost", "{commander} troops {old} → {new}", v, commander=cmd, old=old, new=new)
        if new <= 0:
            self._surrender(cmd, "troops")
            return 0
        return self.zone(old) - self.zone(new)
