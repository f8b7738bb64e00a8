"""義經's movement [9.1]: movement validation and the moving general's steps.

- Seed 9.1(2) and 9.1(5) read together (the lone-general limit): a general leading
  no retainer may only step into an area that holds a unit of his clan; leading at
  least one he may go anywhere. In each area he either picks up or drops retainers
  (not both), so a move always ends.
- Entering an area holding a unit (retainer or general) of any other clan, even a
  friendly one, ends the move and fights one round there (9.1(3)).
- A general who starts his move sharing an area with another clan may only
  withdraw, alone, one area to an adjacent area his clan controls (9.1(4)).
- 平家水軍's "path enters a sea" is enforced by refusing a step that would end the
  move before a sea is entered (the card may still be ended unused when no step is
  possible).

Reads ``Location``, ``Garrison`` and the map; writes ``Location``, ``Garrison``
(the retainers moving with him) and ``MoveState``.
"""
from __future__ import annotations

from game.core.actions import Action

from ..actions import Drop, EndMove, PickUp, Step
from ..components import Location, MoveState
from ..kinds import MOVE
from .setup import OU, WAITING


def _moved(m: MoveState, **changes) -> MoveState:
    """``m`` with these fields changed (a constructor call: cheaper than dataclasses.replace)."""
    v = {"general": m.general, "left": m.left, "party": m.party, "adjust": m.adjust, "withdraw": m.withdraw,
         "need_sea": m.need_sea, "entered_sea": m.entered_sea, "steps": m.steps}
    v.update(changes)
    return MoveState(**v)


class Movement:
    """Movement validation [9.1] and the move phase's actions."""

    def _can_move(self, key: str) -> bool:
        here = self.loc(key)
        if here in (None, WAITING):
            return False
        clan = self.general(key).clan
        if self._shares_area(key):
            return any(self.controller(n) == clan for n in self.nbrs[here])
        if self.count(here, clan) and self.command(key) > 0:
            return bool(self.nbrs[here])
        return any(self.has_clan_unit(n, clan) for n in self.nbrs[here])

    def _shares_area(self, key: str) -> bool:
        here = self.loc(key)
        return here != OU and len(self.clans_in(here)) > 1

    def _start_move(self, key: str, areas: int, need_sea: bool = False) -> None:
        withdraw = self._shares_area(key)
        self.put(self.game_ent, MoveState(key, 1 if withdraw else areas, withdraw=withdraw, need_sea=need_sea))
        self._set_phase(MOVE, self._act().user)

    def _step_ok(self, m: MoveState, here: str, n: str, clan: str) -> bool:
        """May the moving general step from ``here`` into ``n``?"""
        if m.withdraw:
            if self.controller(n) != clan:
                return False
        elif m.party == 0 and not self.has_clan_unit(n, clan, besides=m.general):
            return False                         # the lone-general limit [9.1(5)]
        if m.need_sea and not (m.entered_sea or n in self.seas):
            ends = bool(self.clans_in(n) - {clan}) or m.left - 1 == 0
            if ends or self._sea_distance(n) > m.left - 1:
                return False                     # the path must still reach a sea area (平家水軍)
        return True

    def legal_move(self) -> list[Action]:
        m = self.world.get(self.game_ent, MoveState)
        key = m.general
        here = self.loc(key)
        clan = self.general(key).clan
        out: list[Action] = []
        if not m.withdraw:
            if m.adjust >= 0 and m.party < min(self.command(key), self.count(here, clan)):
                out.append(PickUp())
            if m.adjust <= 0 and m.party > 0:
                out.append(Drop())
        steps = [Step(n) for n in self.nbrs[here] if self._step_ok(m, here, n, clan)] if m.left > 0 else []
        out.extend(steps)
        if not m.need_sea or m.entered_sea or m.steps == 0 or not steps:
            out.append(EndMove())
        return out

    def _sea_distance(self, area: str) -> int:
        """Areas from ``area`` to the nearest sea area (0 for a sea)."""
        dist = getattr(self, "_sea_dist", None)
        if dist is None:
            dist = {a: 0 for a in self.seas}
            frontier = list(self.seas)
            while frontier:
                nxt = []
                for a in frontier:
                    for n in self.nbrs.get(a, ()):
                        if n not in dist:
                            dist[n] = dist[a] + 1
                            nxt.append(n)
                frontier = nxt
            self._sea_dist = dist          # static: the map never changes
        return dist.get(area, 1 << 20)

    def on_pick_up(self, a: PickUp) -> None:
        m = self.world.get(self.game_ent, MoveState)
        key = m.general
        self.put(self.game_ent, _moved(m, party=m.party + 1, adjust=1))
        self.emit_msg("RetainerPickedUp", "{general} takes a retainer along ({n})",
                      {"general": self.gen_names[key], "n": m.party + 1}, general=key, area=self.loc(key),
                      party=m.party + 1)

    def on_drop(self, a: Drop) -> None:
        m = self.world.get(self.game_ent, MoveState)
        key = m.general
        here = self.loc(key)
        self.put(self.game_ent, _moved(m, party=m.party - 1, adjust=-1))
        self.emit_msg("RetainerDropped", "{general} leaves a retainer in {area}",
                      {"general": self.gen_names[key], "area": self.places[here]},
                      general=key, area=here, party=m.party - 1)

    def on_end_move(self, a: EndMove) -> None:
        key = self.world.get(self.game_ent, MoveState).general
        here = self.loc(key)
        self.emit_msg("MoveEnded", "{general} ends his move in {area}",
                      {"general": self.gen_names[key], "area": self.places[here]}, general=key, area=here)
        self._next_card()

    def on_step(self, a: Step) -> None:
        m = self.world.get(self.game_ent, MoveState)
        key = m.general
        here = self.loc(key)
        clan = self.general(key).clan
        to = a.to
        if m.party:
            self._set_count(here, clan, self.count(here, clan) - m.party)
            self._set_count(to, clan, self.count(to, clan) + m.party)
        self.put(self.gen_ent[key], Location(to))
        m = _moved(m, left=m.left - 1, adjust=0, steps=m.steps + 1, entered_sea=m.entered_sea or to in self.seas)
        self.put(self.game_ent, m)
        self.emit_msg("GeneralMoved", "{general} moves {frm} → {to} with {n} retainer(s)",
                      {"general": self.gen_names[key], "frm": self.places[here], "to": self.places[to], "n": m.party},
                      general=key, frm=here, to=to, party=m.party)
        if self.clans_in(to) - {clan}:
            self.take(self.game_ent, MoveState)
            self.emit_msg("MoveStopped", "{general} meets another clan in {area}: battle",
                          {"general": self.gen_names[key], "area": self.places[to]}, general=key, area=to)
            act = self._act()
            self._start_battle(to, clan, act.user, many=False, then="card", coward_first=act.coward_first)
        elif m.withdraw:
            self.emit_msg("MoveEnded", "{general} withdraws to {area}",
                          {"general": self.gen_names[key], "area": self.places[to]}, general=key, area=to)
            self._next_card()
