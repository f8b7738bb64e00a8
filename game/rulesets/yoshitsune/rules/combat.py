"""義經's battles [10.0]: rounds of simultaneous fire, hits allocated, the leader
fate table, retreat; and the generals who leave the map.

- Hits are dice ≤ the commander's valour (publisher), not "less than"; no commander
  means valour 0; 僧兵 fight at valour 2. Of the generals of a clan in the area,
  the highest command leads (10(2)); a tie is the commanding player's choice.
- Three clans or more (10(5), sheet ruling 3): the acting clan fights all others;
  the acting player's opponent commands them (breaks their commander ties,
  allocates the acting clan's hits one at a time, chooses their retreats); each
  fires separately at the acting clan. Fire is simultaneous. In a battle between
  two clans of one side the opponent commands the other clan (9.1(3), 10(5)).
- Coward sequence (10(4), 臆病者 on a general in the battle, or 奇襲's first round):
  the Genji group fires first and its hits are removed, then the other group fires
  with what is left. When the acting clan is Genji-side it fires first, otherwise
  the other clans do. There is no further choice of fire order, so it is not a decision.
- The leader fate table (10(6)) is rolled for every general of a clan left with no
  retainer in the area after a round: if its last one fell in that round, or if it
  had none and enemy retainers stand there (for the acting clan its enemies are all
  the others; for the others, the acting clan). A lone general, 頼朝 and 宗盛 too, is
  harmed like any other. Retreat goes to an adjacent area with a unit of his clan
  and no unit of another side (for 木曾 on turn 4: of any other clan); with none he
  is removed. With several, his commanding player chooses.
- Battle by a general card (9.2) and a Battle chosen under 8.0 may go on for more
  rounds at the card user's choice, up to combat.max_rounds (5, RECONSTRUCTED); a
  battle caused by a move is one round.

Reads ``Garrison``, ``Location``, ``General`` and the markers; writes ``Garrison``
(losses), ``Location``/``Removed`` (fate), ``Battle``, ``Round``, ``FateQueue``,
``RetreatDue`` and the phase.
"""
from __future__ import annotations

from game.core.actions import Action

from ..actions import AllocateHit, ChooseCommander, ContinueBattle, RetreatTo, StopBattle
from ..components import Battle, FateQueue, Location, Removed, RetreatDue, Round, StormFate
from ..kinds import ALLOCATE, BATTLE, BATTLE_AREAS, COMMANDER, CONTINUE, OVER, RETREAT
from .setup import KAJIWARA, OKUBYO, WAITING, other, table_row

_CONTINUE = [ContinueBattle(), StopBattle()]


class CombatRules:
    """Battles [10.0]: commanders, fire, losses, leader fate, retreat, more rounds."""

    def _battle(self) -> Battle:
        return self.world.get(self.game_ent, Battle)

    def _round(self) -> Round:
        return self.world.get(self.game_ent, Round)

    def _start_battle(self, area: str, acting: str, side: str, many: bool, then: str,
                      coward_first: bool = False) -> None:
        self.put(self.game_ent, Battle(area, acting, side, many, then, coward_first))
        self.emit_msg("BattleStarted", "Battle in {area}: the {clan} attack",
                      {"area": self.places[area], "clan": self.clan_names[acting]}, area=area, acting=acting, side=side)
        self._battle_round()

    def participants(self, b: Battle) -> list[str]:
        present = self.clans_in(b.area)
        return [b.acting] + sorted(present - {b.acting}) if b.acting in present else []

    def _top_generals(self, area: str, clan: str) -> list[str]:
        gens = [k for k in self.generals_in(area) if self.general(k).clan == clan]
        if not gens:
            return []
        best = max(self.command(k) for k in gens)
        return [k for k in gens if self.command(k) == best]

    def _battle_round(self) -> None:
        b = self._battle()
        parts = self.participants(b)
        if len(parts) < 2:
            self._end_battle()
            return
        self.put(self.game_ent, Round(tuple((c, self.count(b.area, c)) for c in parts)))
        self._next_commander()

    # -- commanders [10(2)] -------------------------------------------------------------------------------
    @staticmethod
    def _commander_due(r: Round) -> str | None:
        done = dict(r.commanders)
        for clan, _ in r.start_counts:
            if clan not in done:
                return clan
        return None

    @staticmethod
    def _chooser(b: Battle, clan: str) -> str:
        return b.side if clan == b.acting else other(b.side)

    def _next_commander(self) -> None:
        b = self._battle()
        while True:
            r = self._round()
            clan = self._commander_due(r)
            if clan is None:
                break
            top = self._top_generals(b.area, clan)
            if len(top) > 1:
                self._set_phase(COMMANDER, self._chooser(b, clan))
                return
            self.put(self.game_ent, Round(r.start_counts, r.commanders + ((clan, top[0] if top else None),),
                                          r.stage, r.alloc_left))
        self._fire()

    def legal_commander(self) -> list[Action]:
        clan = self._commander_due(self._round())
        return [ChooseCommander(clan, k) for k in self._top_generals(self._battle().area, clan)]

    def on_commander(self, a: ChooseCommander) -> None:
        r = self._round()
        self.put(self.game_ent, Round(r.start_counts, r.commanders + ((a.clan, a.general),), r.stage, r.alloc_left))
        self._next_commander()

    def valour(self, r: Round, clan: str) -> int:
        gen = dict(r.commanders).get(clan)
        if gen is not None:
            return self.general(gen).valour
        if clan == self.data["warrior_monks"]["clan"]:
            return int(self.data["warrior_monks"]["valour"])
        return int(self.data["combat"]["no_commander_valour"])

    # -- fire and losses [10(3)-10(5)] ----------------------------------------------------------------------
    def _roll_hits(self, b: Battle, clan: str) -> int:
        n = self.count(b.area, clan)
        if n <= 0:
            return 0
        v = self.valour(self._round(), clan)
        rolls = self.dice.roll(n, 6, self.fire_purpose[clan])
        hits = sum(1 for r in rolls if r <= v)
        self.emit_msg("Fire", "{clan}: {n} dice at valour {v}: {hits} hit(s)",
                      {"clan": self.clan_names[clan], "n": n, "v": v, "hits": hits},
                      area=b.area, clan=clan, rolls=rolls, valour=v, hits=hits)
        return hits

    def _enemies_with_retainers(self, b: Battle) -> list[str]:
        """The acting clan's enemies in the battle that still have retainers there."""
        return [c for c, _ in self._round().start_counts[1:] if self.count(b.area, c) > 0]

    def _lose(self, area: str, clan: str, lost: int) -> None:
        self._set_count(area, clan, self.count(area, clan) - lost)
        self.emit_msg("RetainersLost", "The {clan} lose {n} in {area}",
                      {"clan": self.clan_names[clan], "n": lost, "area": self.places[area]},
                      area=area, clan=clan, lost=lost)

    def _enemies_fire(self, b: Battle) -> None:
        hits = sum(self._roll_hits(b, c) for c, _ in self._round().start_counts[1:])
        lost = min(self.count(b.area, b.acting), hits)
        if lost:
            self._lose(b.area, b.acting, lost)

    def is_coward_battle(self, b: Battle) -> bool:
        if b.coward_first and b.round == 1:
            return True
        ok = self.marker_on(OKUBYO)
        return ok is not None and self.loc(ok) == b.area and self.general(ok).clan in dict(self._round().start_counts)

    def _fire(self) -> None:
        b = self._battle()
        self._set_phase(BATTLE, None)
        coward = self.is_coward_battle(b)
        if coward:
            self.emit_msg("CowardSequence", "The coward marker: the Genji side fires first", {}, area=b.area)
        if coward and self.side_of(b.acting) != "MINAMOTO":
            self._enemies_fire(b)
            hits = self._roll_hits(b, b.acting)
            stage = "fate"
        elif coward:
            hits = self._roll_hits(b, b.acting)
            stage = "enemies_fire"
        else:
            hits = self._roll_hits(b, b.acting)
            self._enemies_fire(b)
            stage = "fate"
        total = sum(self.count(b.area, c) for c in self._enemies_with_retainers(b))
        r = self._round()
        self.put(self.game_ent, Round(r.start_counts, r.commanders, stage, min(hits, total)))
        self._allocate()

    def _allocate(self) -> None:
        """The acting clan's hits fall on its enemies; with two or more left, their player chooses each."""
        b = self._battle()
        while True:
            r = self._round()
            if r.alloc_left <= 0:
                break
            ens = self._enemies_with_retainers(b)
            if not ens:
                self.put(self.game_ent, Round(r.start_counts, r.commanders, r.stage, 0))
                break
            if len(ens) > 1:
                self._set_phase(ALLOCATE, other(b.side))
                return
            lost = min(self.count(b.area, ens[0]), r.alloc_left)
            self._lose(b.area, ens[0], lost)
            self.put(self.game_ent, Round(r.start_counts, r.commanders, r.stage, r.alloc_left - lost))
        r = self._round()
        if r.stage == "enemies_fire":
            self._enemies_fire(b)
            self.put(self.game_ent, Round(r.start_counts, r.commanders, "fate", r.alloc_left))
        self._fate_start()

    def legal_allocate(self) -> list[Action]:
        return [AllocateHit(c) for c in self._enemies_with_retainers(self._battle())]

    def on_allocate(self, a: AllocateHit) -> None:
        self._lose(self._battle().area, a.clan, 1)
        r = self._round()
        self.put(self.game_ent, Round(r.start_counts, r.commanders, r.stage, r.alloc_left - 1))
        self._set_phase(BATTLE, None)
        self._allocate()

    # -- leader fate and retreat [10(6)] --------------------------------------------------------------------
    def _fate_start(self) -> None:
        """Who rolls the fate table [10(6)]: every general of a clan that has no retainer
        left in the area, if its last one fell this round or enemy retainers stand there
        (a lone general is harmed like any other; the acting clan's enemies are the
        others, theirs is the acting clan)."""
        b = self._battle()
        acting_left = self.count(b.area, b.acting) > 0
        others_left = bool(self._enemies_with_retainers(b))
        wiped = {c for c, n in self._round().start_counts if self.count(b.area, c) == 0
                 and (n > 0 or (others_left if c == b.acting else acting_left))}
        self.put(self.game_ent, FateQueue(tuple(k for k in self.generals_in(b.area) if self.general(k).clan in wiped)))
        self._next_fate()

    def _next_fate(self) -> None:
        b = self._battle()
        while True:
            q = self.world.get(self.game_ent, FateQueue).generals
            if not q:
                break
            key = q[0]
            self.put(self.game_ent, FateQueue(q[1:]))
            if self.loc(key) != b.area:
                continue
            chooser = self._chooser(b, self.general(key).clan)
            opts = self._fate(key, "leader_fate", chooser=chooser)
            if self.phase_kind() == OVER:
                return
            if opts:
                self.put(self.game_ent, RetreatDue(key, tuple(opts)))
                self._set_phase(RETREAT, chooser)
                return
        self.take(self.game_ent, FateQueue)
        self._round_over()

    def retreat_areas(self, key: str) -> list[str]:
        here = self.loc(key)
        clan = self.general(key).clan
        side = self.side_of(clan)
        out = []
        for n in self.nbrs.get(here, ()):
            if not self.has_clan_unit(n, clan):
                continue
            enemy = any(c != clan and (side is None or self.side_of(c) != side) for c in self.clans_in(n))
            if not enemy:
                out.append(n)
        return out

    def _fate(self, key: str, table: str, chooser: str, auto: bool = False) -> list[str]:
        """Roll the fate table for a general; returns retreat options when a choice is due."""
        (roll,) = self.dice.roll(1, 6, self.fate_purpose[key])
        res = table_row(self.tables[table]["results"], roll, "result")
        self.emit_msg("LeaderFate", "{general} rolls {roll}: {result}",
                      {"general": self.gen_names[key], "roll": roll, "result": res}, general=key, roll=roll, result=res)
        if res == "retreat":
            opts = self.retreat_areas(key)
            if not opts:
                self._remove_general(key, "lost")
                return []
            if len(opts) == 1 or auto:
                self._relocate(key, opts[0], "retreat")
                return []
            return opts
        if res == "wounded":
            self._relocate(key, WAITING, "wounded")
            return []
        self._remove_general(key, "killed" if res == "killed" else "drowned")
        return []

    def legal_retreat(self) -> list[Action]:
        return [RetreatTo(a) for a in self.world.get(self.game_ent, RetreatDue).options]

    def on_retreat(self, a: RetreatTo) -> None:
        """The general whose fate was retreat goes; the next fate roll follows, in the
        storm (暴風雨) or in the battle."""
        self._relocate(self.world.get(self.game_ent, RetreatDue).general, a.area, "retreat")
        self.take(self.game_ent, RetreatDue)
        if self.world.has(self.game_ent, StormFate):
            self._next_storm_fate()
        else:
            self._next_fate()

    # -- more rounds [9.2(2)] ----------------------------------------------------------------------------------
    def _round_over(self) -> None:
        b = self._battle()
        if b.many and b.round < self.max_rounds and self.count(b.area, b.acting) > 0 \
                and self._enemies_with_retainers(b):
            self._set_phase(CONTINUE, b.side)
            return
        self._end_battle()

    def legal_continue(self) -> list[Action]:
        return list(_CONTINUE)

    def on_continue(self, a: ContinueBattle) -> None:
        b = self._battle()
        self.put(self.game_ent, Battle(b.area, b.acting, b.side, b.many, b.then, b.coward_first, b.round + 1))
        self._battle_round()

    def on_stop(self, a: StopBattle) -> None:
        self._end_battle()

    def _end_battle(self) -> None:
        b = self._battle()
        for comp in (Battle, Round, FateQueue):
            if self.world.has(self.game_ent, comp):
                self.take(self.game_ent, comp)
        self.emit_msg("BattleEnded", "The battle in {area} ends", {"area": self.places[b.area]}, area=b.area)
        if b.then == "areas":
            act = self._act()
            if self.fight_options(act.user, act.fought):
                self._set_phase(BATTLE_AREAS, act.user)
                return
        self._next_card()

    # -- generals leaving ----------------------------------------------------------------------------------
    def _relocate(self, key: str, where: str, why: str) -> None:
        """Put a general elsewhere; ``why``: "retreat", "wounded", "summoned" (to court) or
        "recalled" (to Kamakura): each its own line."""
        frm = self.loc(key)
        self.put(self.gen_ent[key], Location(where))
        v = {"general": self.gen_names[key], "frm": self.place(frm), "to": self.place(where)}
        if why == "retreat":
            self.emit_msg("GeneralRelocated", "{general} retreats ({frm} → {to})", v, general=key, frm=frm, to=where)
        elif why == "wounded":
            self.emit_msg("GeneralRelocated", "{general} is wounded ({frm} → {to})", v, general=key, frm=frm, to=where)
        elif why == "summoned":
            self.emit_msg("GeneralRelocated", "{general} is summoned to court ({frm} → {to})", v, general=key, frm=frm,
                          to=where)
        else:
            self.emit_msg("GeneralRelocated", "{general} is recalled to Kamakura ({frm} → {to})", v, general=key,
                          frm=frm, to=where)

    def _remove_general(self, key: str, why: str) -> None:
        """Take a general out of the game (and a marker off him); ``why``: "lost" (nowhere
        to retreat), "killed" or "drowned"."""
        frm = self.loc(key)
        e = self.gen_ent[key]
        self.take(e, Location)
        self.put(e, Removed(self.turn()))
        for kind in (OKUBYO, KAJIWARA):
            if self.marker_on(kind) == key:
                self._place_marker(kind, None)
        v = {"general": self.gen_names[key], "area": self.place(frm)}
        if why == "lost":
            self.emit_msg("GeneralRemoved", "{general} has nowhere to retreat and is lost ({area})", v, general=key,
                          frm=frm)
        elif why == "killed":
            self.emit_msg("GeneralRemoved", "{general} is killed ({area})", v, general=key, frm=frm)
        else:
            self.emit_msg("GeneralRemoved", "{general} drowns ({area})", v, general=key, frm=frm)
        self._check_sudden_death()
