"""義經's retainer replenishment phase [6.0]: each side in turn (the court space says
who places first and how many) places retainers, one per area, in areas its clans
control, while its clans have counters left.

- Replenishment is compulsory while a legal area remains: each retainer goes
  to a different area controlled by one of the side's clans (of that clan),
  never the 奥羽 box (nobody controls it), and only while the clan has counters left.

Reads ``Garrison`` and the court marker; writes ``Garrison`` and ``Replenishment``
(the queue of sides and the areas replenished so far), and the phase.
"""
from __future__ import annotations

from game.core.actions import Action

from ..actions import Place
from ..components import Replenishment
from ..kinds import REPLENISH
from .setup import other


class RetainerReplenishment:
    """The replenishment phase [6.0]."""

    def replenishment(self) -> Replenishment:
        """The replenishment under way (empty outside the phase)."""
        return self._get(Replenishment) or Replenishment()

    def placement_areas(self, side: str, placed: tuple[str, ...] = ()) -> list[str]:
        out = []
        for a in self.areas:
            c = self.controller(a)
            if c and a not in placed and self.side_of(c) == side and self.pool(c) > 0:
                out.append(a)
        return out

    def _start_replenishment(self) -> None:
        sp = self.court_spaces[self.court()]
        first = sp["places_first"]
        queue = ((first, int(sp["replenish"][first])), (other(first), int(sp["replenish"][other(first)])))
        self.put(self.game_ent, Replenishment(queue))
        self._set_phase(REPLENISH, first)
        self._next_placement()

    def _next_placement(self) -> None:
        r = self.world.get(self.game_ent, Replenishment)
        q, placed = r.queue, r.placed
        while q:
            side, n = q[0]
            if n > 0 and self.placement_areas(side, placed):
                if q is not r.queue or placed is not r.placed:
                    self.put(self.game_ent, Replenishment(q, placed))
                self._set_phase(REPLENISH, side)
                return
            q, placed = q[1:], ()
        self.take(self.game_ent, Replenishment)
        self._start_build()

    def legal_place(self) -> list[Action]:
        r = self.world.get(self.game_ent, Replenishment)
        return [Place(a) for a in self.placement_areas(self.flow().seat, r.placed)]

    def on_place(self, a: Place) -> None:
        r = self.world.get(self.game_ent, Replenishment)
        clan = self.controller(a.area)
        self._set_count(a.area, clan, self.count(a.area, clan) + 1)
        side, n = r.queue[0]
        self.put(self.game_ent, Replenishment(((side, n - 1),) + r.queue[1:], r.placed + (a.area,)))
        self.emit_msg("Replenished", "{side} adds a {clan} retainer in {area}",
                      {"side": self._name(side), "clan": self.clan_names[clan], "area": self.places[a.area]},
                      side=side, area=a.area, clan=clan)
        self._next_placement()
