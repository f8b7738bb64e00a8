"""義經's adjustment phase [11.0]: 梶原景時's slander may recall his general, the
markers come off, each clan in an area keeps at most its share of the supply, and
every card comes back for the next turn's deck building.

- Each clan in an area keeps at most its share of the supply (even split; an odd
  point is rolled for among the clans over their share); retainers are identical,
  so removals are not decisions. The 奥羽 box has supply 4.

Reads ``Area`` (supply), ``Garrison`` and the markers; writes ``Garrison``, the
markers (``MarkerOn``), ``Location`` (the recall), the card zones and ``DeckBuilding``.
"""
from __future__ import annotations

from game.core.text import N_

from ..components import DeckBuilding
from ..kinds import ADJUST
from .setup import KAJIWARA, OKUBYO, OU, WAITING

SLANDER_ROLL = N_("Kajiwara's slander")


class Adjustment:
    """The adjustment phase [11.0] and the end of the turn."""

    def _adjustment(self) -> None:
        self._set_phase(ADJUST, None)
        kajiwara = self.marker_on(KAJIWARA)
        if kajiwara:
            roll_rule = self.cdata["G10"]["effect"]["adjustment_roll"]
            if kajiwara in roll_rule["generals"] and self.loc(kajiwara) not in (None, WAITING):
                (r,) = self.dice.roll(1, 6, SLANDER_ROLL)
                if r in roll_rule["rolls"]:
                    self._relocate(kajiwara, WAITING, "recalled")
        for kind in (OKUBYO, KAJIWARA):
            if self.marker_on(kind) is not None:
                self._place_marker(kind, None)
        for area in self.areas + (OU,):
            self._supply_limit(area)
        # every card comes back; a removed general's card leaves the game. The cards keep their
        # owners (no pool is open: nothing shows them) until the next deck building deals them again
        z = self.zones
        z.reset(self, {"removed": sorted(self.removed_cards())}, owners=z.owners(self), rest="box")
        self.put(self.game_ent, DeckBuilding())
        turn = self.turn()
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": turn}, turn=turn)
        if self._end_of_turn_victory(turn):
            return
        self._start_turn(turn + 1)

    def supply_shares(self, area: str) -> dict[str, int]:
        """Each clan's limit in the area (rolling for the odd points) [11.0]."""
        g = self.garrison(area)
        sup = self.area(area).supply
        if len(g) <= 1:
            return {c: sup for c in g}
        base, odd = divmod(sup, len(g))
        share = {c: base for c in g}
        over = sorted(c for c in g if g[c] > base)
        while odd > 0 and over:
            if len(over) == 1:
                pick = over[0]
            else:
                (r,) = self.dice.roll(1, len(over), self.odd_purpose[area])
                pick = over[r - 1]
            share[pick] += 1
            over.remove(pick)
            odd -= 1
        return share

    def _supply_limit(self, area: str) -> None:
        g = self.garrison(area)
        sup = self.area(area).supply
        if sum(g.values()) <= sup and len(g) <= 1:
            return
        if len(g) > 1 and all(n <= sup // len(g) for n in g.values()):
            return
        for clan, lim in sorted(self.supply_shares(area).items()):
            n = self.count(area, clan)
            if n > lim:
                self._set_count(area, clan, lim)
                self.emit_msg("SupplyLosses", "{area}: supply {supply}, {n} {clan} retainer(s) removed",
                              {"area": self.places[area], "supply": sup, "n": n - lim,
                               "clan": self.clan_names[clan]}, area=area, clan=clan, lost=n - lim)
