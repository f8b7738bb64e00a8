"""義經's event cards with a target (data sheet §3.6): 臆病者 (G09: the coward marker on
a Heike-side general near the Genji), 梶原景時 (G10: command +1 for a Genji general),
後白河院の暗躍 (C02: summon a general of the other side to court), 暴風雨 (H07: a storm
at sea), 南都焼討 (H09: Nara burns the warrior monks), 強訴 (G11: the warrior monks
march or gather).

Each card is two functions, its targets and its effect (``TARGETS`` and
``EFFECTS``). The storm (H07) reads like a battle's losses: a Genji-side general at
sea with no retainer of his clan rolls the storm table, his player choosing the
retreat.

Reads ``Location``, ``Garrison`` and ``Act``; writes ``Garrison``, the markers
(``MarkerOn``), the court marker, ``StormFate`` and ``RetreatDue``.
"""
from __future__ import annotations

from game.core.actions import Action
from game.core.text import Msg

from ..actions import Target
from ..components import Act, RetreatDue, StormFate
from ..kinds import OVER, RETREAT
from .setup import KAJIWARA, OKUBYO, OU, WAITING


class EventCards:
    """The event cards' targets and effects, and the storm's fate rolls."""

    def targets(self, act: Act) -> list[str]:
        """The targets ``act``'s event card may take now."""
        got = _TARGETS.get(act.card)
        return [] if got is None else got(self, act)

    def legal_target(self) -> list[Action]:
        return [Target(t) for t in self.targets(self._act())]

    def on_target(self, a: Target) -> None:
        act = self._act()
        if _EFFECTS[act.card](self, act, a.target):
            self._next_card()

    def _on_map(self) -> dict[str, str]:
        return {k: w for k, w in self._locs().items() if w != WAITING}

    def _side_present(self, area: str, side: str) -> bool:
        return any(self.side_of(c) == side for c in self.clans_in(area))

    # -- 臆病者 G09 ---------------------------------------------------------------------------------------
    def _coward_targets(self, act: Act) -> list[str]:
        out = []
        for k, w in self._on_map().items():
            if self.side_of(self.general(k).clan) != "TAIRA" or w == OU:
                continue
            if any(self._side_present(a, "MINAMOTO") for a in (w,) + self.nbrs[w]):
                out.append(k)
        return sorted(out)

    def _coward(self, act: Act, t: str) -> bool:
        self._place_marker(OKUBYO, t)
        self.emit_msg("MarkerPlaced", "The coward marker is placed on {general}", {"general": self.gen_names[t]},
                      marker="okubyo", general=t)
        return True

    # -- 梶原景時 G10 --------------------------------------------------------------------------------------
    def _kajiwara_targets(self, act: Act) -> list[str]:
        return sorted(k for k in self._on_map() if self.general(k).clan == "genji")

    def _kajiwara(self, act: Act, t: str) -> bool:
        self._place_marker(KAJIWARA, t)
        self.emit_msg("MarkerPlaced", "Kajiwara Kagetoki joins {general} (command +1)",
                      {"general": self.gen_names[t]}, marker="kajiwara", general=t)
        return True

    # -- 後白河院の暗躍 C02 ---------------------------------------------------------------------------------
    def _summons_targets(self, act: Act) -> list[str]:
        ex = self.cdata["C02"]["effect"]["target"]["exclude"]
        return sorted(k for k in self._on_map() if k not in ex and self.side_of(self.general(k).clan) != act.user)

    def _summons(self, act: Act, t: str) -> bool:
        self._relocate(t, WAITING, "summoned")
        return True

    # -- 南都焼討 H09 ---------------------------------------------------------------------------------------
    def _burning_targets(self, act: Act) -> list[str]:
        heike = [w for k, w in self._on_map().items() if self.general(k).clan == "heike" and w != OU]
        return sorted(a for a in self.areas if self.count(a, "sohei")
                      and any(h == a or h in self.nbrs[a] for h in heike))

    def _burning(self, act: Act, t: str) -> bool:
        n = min(int(self.cdata["H09"]["effect"]["target"]["max"]), self.count(t, "sohei"))
        self._set_count(t, "sohei", self.count(t, "sohei") - n)
        self.emit_msg("MonksBurned", "Nara burns: {n} warrior monk(s) removed in {area}",
                      {"n": n, "area": self.places[t]}, area=t, removed=n)
        self._move_court("MINAMOTO", 1, Msg("Court outrage"))
        return True

    # -- 強訴 G11 -------------------------------------------------------------------------------------------
    def _goso_reach(self, start: str) -> list[str]:
        out = set()
        for b in self.nbrs[start]:
            out.add(b)
            if self.clans_in(b) - {"sohei"}:
                continue                    # entering another clan's area ends the move
            out.update(c for c in self.nbrs[b] if c != start)
        return sorted(out)

    def _goso_targets(self, act: Act) -> list[str]:
        out = []
        for a in self.areas:
            if self.count(a, "sohei"):
                out.extend(f"move:{a}>{b}" for b in self._goso_reach(a))
        if self.pool("sohei") > 0:
            out.extend(f"replenish:{a}" for a in self.areas if self.controller(a) == "sohei")
        return out

    def _goso(self, act: Act, t: str) -> bool:
        kind, rest = t.split(":")
        if kind == "replenish":
            self._set_count(rest, "sohei", self.count(rest, "sohei") + 1)
            self.emit_msg("Replenished", "Warrior monks gather in {area}", {"area": self.places[rest]},
                          area=rest, clan="sohei")
            return True
        frm, to = rest.split(">")
        n = self.count(frm, "sohei")
        self._set_count(frm, "sohei", 0)
        self._set_count(to, "sohei", self.count(to, "sohei") + n)
        self.emit_msg("MonksMoved", "{n} warrior monk(s) march {frm} → {to}",
                      {"n": n, "frm": self.places[frm], "to": self.places[to]}, frm=frm, to=to, count=n)
        if self.clans_in(to) - {"sohei"}:
            self._start_battle(to, "sohei", act.user, many=False, then="card")
            return False
        return True

    # -- 暴風雨 H07 -----------------------------------------------------------------------------------------
    def _storm_targets(self, act: Act) -> list[str]:
        return list(self.cdata["H07"]["effect"]["area_choices"])

    def _storm(self, act: Act, area: str) -> bool:
        eff = self.cdata["H07"]["effect"]
        wiped = []
        for clan in sorted(self.garrison(area)):
            if self.side_of(clan) != "MINAMOTO":
                continue
            n = self.count(area, clan)
            rolls = self.dice.roll(n, 6, self.storm_purpose[clan])
            lost = sum(1 for r in rolls if r in eff["remove_on"])
            self._set_count(area, clan, n - lost)
            self.emit_msg("StormLosses", "Storm in {area}: {n} {clan} retainer(s) lost",
                          {"area": self.places[area], "n": lost, "clan": self.clan_names[clan]},
                          area=area, clan=clan, lost=lost)
            if n - lost == 0:
                wiped.append(clan)
        # a Genji-side general at sea with no retainer of his clan is as exposed as one whose
        # retainers drowned (the lone-general reading of 10(6), applied to the storm)
        wiped.extend(c for c in {self.general(k).clan for k in self.generals_in(area)}
                     if self.side_of(c) == "MINAMOTO" and self.count(area, c) == 0)
        queue = tuple(k for k in self.generals_in(area) if self.general(k).clan in wiped)
        self.put(self.game_ent, StormFate(area, queue))
        self._next_storm_fate()
        return False

    def _next_storm_fate(self) -> None:
        """Each general of a wiped-out clan rolls the storm table; its player picks a retreat area."""
        while True:
            sf = self.world.get(self.game_ent, StormFate)
            if not sf.queue:
                break
            key = sf.queue[0]
            self.put(self.game_ent, StormFate(sf.area, sf.queue[1:]))
            if self.loc(key) != sf.area:
                continue
            chooser = self.side_of(self.general(key).clan) or "MINAMOTO"
            opts = self._fate(key, "storm_fate", chooser=chooser)
            if self.phase_kind() == OVER:
                return
            if opts:
                self.put(self.game_ent, RetreatDue(key, tuple(opts)))
                self._set_phase(RETREAT, chooser)
                return
        self.take(self.game_ent, StormFate)
        self._next_card()


#: each event card's targets, and its effect (True: the card is done)
_TARGETS = {"G09": EventCards._coward_targets, "G10": EventCards._kajiwara_targets,
            "C02": EventCards._summons_targets, "H07": EventCards._storm_targets,
            "H09": EventCards._burning_targets, "G11": EventCards._goso_targets}
_EFFECTS = {"G09": EventCards._coward, "G10": EventCards._kajiwara, "C02": EventCards._summons,
            "H07": EventCards._storm, "H09": EventCards._burning, "G11": EventCards._goso}
