"""Nomonhan's combat system [9.0]: who may and must attack, declarations, the
order of resolution, the dice of each side (odds, terrain, bridges, artillery),
losses taken as steps or retreats, and the winner's advance.

Reads ``Unit``, ``Position``, ``Steps``, ``Bridge``; writes ``Steps``,
``Position`` (retreats, advances), ``Eliminated``, ``Score`` and the ``Flow``
(declarations, the ``Combat`` being resolved).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.actions import Action
from game.core.text import Msg, N_, Name
from game.systems import hexunits
from game.systems.combat import declare, roll_pool

from ..actions import Advance, Assign, EndAdvance, EndDeclarations, Resolve, Retreat, StepLoss
from ..components import Combat, Eliminated, Flow, Position, Steps
from ..kinds import ADVANCE, DECLARE, LOSS, ORDER
from .setup import other

#: the sides as the log abbreviates them ("+2 to SOV"), and the dice purposes of a combat
SIDE_CODE = {"JP": N_("JP"), "SOV": N_("SOV")}
ATTACK_DICE = {"JP": N_("JP attack"), "SOV": N_("SOV attack")}
DEFENCE_DICE = {"JP": N_("JP defence"), "SOV": N_("SOV defence")}
#: why a unit may not retreat into a hex (retreat_refusal), for the client's hover text
NOT_TAKING_A_LOSS = N_("not taking a loss")
NOT_A_STEP = N_("not a hex it can step into")
NOT_NEXT_TO_IT = N_("not next to it")
UNIT_THERE = N_("a unit is there")
IN_ENEMY_ZOC = N_("in enemy ZOC")
STOOD_THERE = N_("it already stood there in this combat")
#: why the declarations cannot end yet [9.0] (refusal: the main button says it; the units that must attack blink)
MUST_ATTACK = N_("blinking units in enemy ZOC must attack first")
#: the dice modifiers of a combat (strengths), shown in the odds preview
ACROSS_A_BRIDGE = N_("attack across a bridge")
ARTILLERY_IN_RANGE = N_("Soviet artillery within range")


class CombatRules:
    """The combat system and the combat phase [9.0]."""

    # -- who may attack [9.0] ----------------------------------------------------
    def can_attack_across(self, a: str, b: str) -> bool:
        """Attacks may not cross an unbridged river; any unit may attack over a bridge."""
        return self.crossing(a, b) != "river"

    def attack_targets(self, key: str, ctx: tuple | None = None) -> list[str]:
        """Enemy units this unit could attack (adjacent, not across an unbridged river;
        do not modify the answer)."""
        memo = self._tgm
        got = memo.get(("targets", key))
        if got is not None:
            return got
        u = self.unit(key)
        here = self.pos(key)
        if here is None or self.attack_value(key) <= 0:
            got = []
        else:
            intact, _, occ, _, _ = ctx or self.side_context(u.side)
            got = hexunits.adjacent_enemies(here, self.facts.zoc_neighbours(intact), occ, u.side)
        memo[("targets", key)] = got
        return got

    def must_attack(self, key: str, ctx: tuple | None = None) -> bool:
        """Units in enemy ZOC must attack, except on a hill (and units with no attack)."""
        here = self.pos(key)
        if here is None or here in self.facts.hills or self.attack_value(key) <= 0:
            return False
        return bool(self.attack_targets(key, ctx))

    # -- declaring and ordering the attacks ------------------------------------------
    def _start_combat_phase(self, side: str) -> None:
        self._set_flow(phase=DECLARE, side=side, declared=(), combat=None)
        if self.legal_declare() == [EndDeclarations()]:     # no attack possible
            self.emit_msg("PhaseEnded", "{side} has no attack to make", {"side": self._side_name(side)},
                          side=side, phase="combat")
            self._end_phase_pair()
            return
        self.emit_msg("PhaseStarted", "{side} combat phase", {"side": self._side_name(side)}, side=side, phase="combat")

    def legal_declare(self) -> list[Action]:
        """Pair each unit with an adjacent enemy; the phase may end once every unit that must attack has."""
        f = self.flow()
        assigned = {a for _, atts in f.declared for a in atts}
        ctx = self.side_context(f.side)
        out: list[Action] = []
        duty_met = True
        for u, _h in self.units_on_map(f.side):
            if u.key in assigned:
                continue
            targets = self.attack_targets(u.key, ctx)
            for d in targets:
                out.append(Assign(u.key, d))
            if targets and _h not in self.facts.hills:
                duty_met = False          # in enemy ZOC, off the hills: must attack
        if duty_met:
            out.append(EndDeclarations())
        return out

    def refusal(self, action: Action) -> str:
        """Why the combat phase's declarations cannot end yet [9.0]."""
        if isinstance(action, EndDeclarations) and self.phase_kind() == DECLARE:
            return MUST_ATTACK
        return ""

    def on_assign(self, a: Assign) -> None:
        f = self.flow()
        self._set_flow(declared=declare(f.declared, a.defender, a.attacker))
        self.emit_msg("AttackDeclared", "{attacker} will attack {defender}",
                      {"attacker": self.unit_label[a.attacker], "defender": self.unit_label[a.defender]},
                      attacker=a.attacker, defender=a.defender)

    def on_end_declarations(self, a: EndDeclarations) -> None:
        """All pairings are fixed; now each combat is resolved [9.0]."""
        f = self.flow()
        if not f.declared:
            self.emit_msg("PhaseEnded", "{side} declares no attack", {"side": self._side_name(f.side)},
                          side=f.side, phase="combat")
            self._end_phase_pair()
            return
        self._next_combat()

    def legal_order(self) -> list[Action]:
        """Which declared combat to resolve next."""
        f = self.flow()
        return [Resolve(d) for d, _ in f.declared]

    def on_resolve(self, a: Resolve) -> None:
        self._resolve(a.defender)

    def _next_combat(self) -> None:
        f = self.flow()
        if not f.declared:
            self._end_phase_pair()
        elif len(f.declared) == 1:
            self._resolve(f.declared[0][0])
        else:
            self._set_flow(phase=ORDER, combat=None)

    # -- resolution: the dice [9.0] ----------------------------------------------------
    def strengths(self, attackers: tuple[str, ...], defender: str) -> dict[str, Any]:
        """The dice each side rolls and why (for resolution and the odds preview)."""
        att_side = self.unit(attackers[0]).side
        dhex = self.pos(defender)
        att = sum(self.attack_value(k) for k in attackers)
        dfn = self.defense_value(defender)
        mods: list[tuple[str, str, int]] = []
        if any(self.crossing(self.pos(k), dhex) in ("permanent", "military") for k in attackers):
            dfn += self.bridge_bonus
            mods.append(("defender", ACROSS_A_BRIDGE, self.bridge_bonus))
        if self.artillery_supports(dhex):
            if att_side == "SOV":
                att += self.art_bonus
                mods.append(("attacker", ARTILLERY_IN_RANGE, self.art_bonus))
            elif self.art_on_defense:
                dfn += self.art_bonus
                mods.append(("defender", ARTILLERY_IN_RANGE, self.art_bonus))
        hill = dhex in self.facts.hills
        return {"attack_dice": att, "defense_dice": dfn, "modifiers": mods,
                "attack_hits_on": tuple(sorted(self.hit_on_hill if hill else self.hit_on)),
                "defense_hits_on": tuple(sorted(self.hit_on)), "hill": hill}

    def artillery_supports(self, target_hex: str) -> bool:
        for u, h in self.units_on_map("SOV"):
            if u.support_range and self.board.distance(h, target_hex) <= u.support_range:
                return True
        return False

    def _resolve(self, defender: str) -> None:
        f = self.flow()
        attackers = dict(f.declared)[defender]
        declared = tuple((d, a) for d, a in f.declared if d != defender)
        att_side = self.unit(attackers[0]).side
        s = self.strengths(attackers, defender)
        names = Name(" + ".join(self.unit(k).label for k in attackers))
        self.emit_msg("CombatStarted", "{names} attack {defender} at {hex}: {att} dice against {dfn}",
                      {"names": names, "defender": self.unit_label[defender], "hex": self.pos(defender),
                       "att": s["attack_dice"], "dfn": s["defense_dice"]},
                      attackers=attackers, defender=defender, hex=self.pos(defender), **s)
        att_rolls, att_hits = roll_pool(self.dice, s["attack_dice"], s["attack_hits_on"], ATTACK_DICE[att_side])
        def_rolls, def_hits = roll_pool(self.dice, s["defense_dice"], s["defense_hits_on"],
                                        DEFENCE_DICE[other(att_side)])
        diff = abs(att_hits - def_hits)
        if att_hits == def_hits:
            loser, loser_units, winner_units = "", (), ()
        elif att_hits < def_hits:
            loser, loser_units, winner_units = att_side, attackers, (defender,)
        else:
            loser, loser_units, winner_units = other(att_side), (defender,), attackers
        data = dict(attackers=attackers, defender=defender, attack_rolls=att_rolls, defense_rolls=def_rolls,
                    attack_hits=att_hits, defense_hits=def_hits, loser=loser, losses=diff)
        values = {"att": att_hits, "dfn": def_hits}
        if not loser:
            self.emit_msg("CombatResolved", "Hits {att}–{dfn}: no effect", values, **data)
        else:
            values |= {"side": self._side_name(loser), "n": diff}
            if diff > 1:
                self.emit_msg("CombatResolved", "Hits {att}–{dfn}: {side} takes {n} losses", values, **data)
            else:
                self.emit_msg("CombatResolved", "Hits {att}–{dfn}: {side} takes {n} loss", values, **data)
        combat = Combat(defender, attackers, loser, diff, 0, loser_units, winner_units,
                        trail=tuple((k, (self.pos(k),)) for k in loser_units))
        self._set_flow(declared=declared, combat=combat, phase=LOSS)
        if not loser:
            self._finish_combat()
        else:
            self._check_losses_possible()

    # -- losses: a step or a retreat [9.0] --------------------------------------------
    def legal_loss(self) -> list[Action]:
        """Each loss: a losing unit loses a step or retreats one hex."""
        f = self.flow()
        c = f.combat
        out: list[Action] = []
        for key in c.loser_units:
            if self.pos(key) is None:
                continue
            out.append(StepLoss(key))
            for to in self.retreat_options(key, c):
                out.append(Retreat(key, to))
        return out

    def retreat_hexes(self, key: str) -> list[str]:
        """One hex, not into enemy ZOC, not onto any unit, not across a river [9.0]."""
        u = self.unit(key)
        intact, _, occ, zoc, _ = self.side_context(u.side)
        return hexunits.retreat_hexes(self.pos(key), self.facts.move_neighbours(u.crosses_military_bridge, intact),
                                      occ, zoc)

    def retreat_options(self, key: str, c: Combat | None = None) -> list[str]:
        """The hexes a unit taking a loss in combat ``c`` (the current one) may retreat
        into [9.0]: the :meth:`retreat_hexes` that are new to it in this combat (not a
        hex it stood in since the combat began) and no nearer to any enemy unit it
        fought than the hex it is leaving. A retreat moves away: it cannot shuttle
        between two hexes to pay its losses."""
        c = c or self.flow().combat
        here = self.pos(key)
        seen = c.stood_in(key)
        dist = self.board.distance
        foes = [(h, dist(here, h)) for k in c.winner_units if (h := self.pos(k)) is not None]
        return [n for n in self.retreat_hexes(key)
                if n not in seen and all(dist(n, h) >= d for h, d in foes)]

    def retreat_refusal(self, key: str, to: str) -> str:
        """Why the unit may not retreat into ``to`` in the current combat ("" if it
        may): for the client's hover text."""
        u = self.unit(key)
        here = self.pos(key)
        c = self.flow().combat
        if here is None or c is None:
            return NOT_TAKING_A_LOSS
        intact, _, occ, zoc, _ = self.side_context(u.side)
        if to not in self.facts.move_neighbours(u.crosses_military_bridge, intact).get(here, ()):
            return NOT_A_STEP if to in self.facts.neighbours.get(here, ()) else NOT_NEXT_TO_IT
        if to in occ:
            return UNIT_THERE
        if to in zoc:
            return IN_ENEMY_ZOC
        if to in c.stood_in(key):
            return STOOD_THERE
        dist = self.board.distance
        for k in c.winner_units:
            h = self.pos(k)
            if h is not None and dist(to, h) < dist(here, h):
                return Msg("nearer to {unit}, the enemy it fought", unit=self.unit_label[k])
        return ""

    def _check_losses_possible(self) -> None:
        """Losses end when taken in full or when every losing unit is gone."""
        f = self.flow()
        c = f.combat
        if c.losses_left <= 0 or all(self.pos(k) is None for k in c.loser_units):
            self._start_advance()

    def on_step_loss(self, a: StepLoss) -> None:
        self._take_loss(a.unit, None)

    def on_retreat(self, a: Retreat) -> None:
        self._take_loss(a.unit, a.to)

    def _take_loss(self, key: str, to: str | None) -> None:
        f = self.flow()
        c = f.combat
        u = self.unit(key)
        ent = self.unit_ent[key]
        frm = self.pos(key)
        vacated = c.vacated
        trail = c.trail
        if to is not None:
            self.place_unit(key, to)
            vacated = True
            trail = tuple((k, hs + (to,) if k == key else hs) for k, hs in trail)
            self.emit_msg("UnitRetreated", "{unit} retreats {frm} → {to}", {"unit": self.unit_label[key], "frm": frm, "to": to},
                          unit=key, frm=frm, to=to, side=u.side)
        else:
            lost = self.steps_lost(key) + 1
            self.put(ent, Steps(lost))
            pts = self.pts["tank"] if u.tank else self.pts["other"]
            sc = self.score()
            self.put(self.score_ent, replace(sc, **{other(u.side): getattr(sc, other(u.side)) + pts}))
            if lost >= u.max_steps:
                self.take(ent, Position)
                self.put(ent, Eliminated(self.marker().turn))
                vacated = True
                self.emit_msg("UnitEliminated", "{unit} is eliminated at {hex} (+{pts} to {side})",
                              {"unit": self.unit_label[key], "hex": frm, "pts": pts, "side": SIDE_CODE[other(u.side)]},
                              unit=key, hex=frm, side=u.side, points=pts)
            else:
                self.emit_msg("StepLost", "{unit} loses a step at {hex} (+{pts} to {side})",
                              {"unit": self.unit_label[key], "hex": frm, "pts": pts, "side": SIDE_CODE[other(u.side)]},
                              unit=key, hex=frm, side=u.side, points=pts)
        turn_ends = f.turn_ends or u.side == self.marker().initiative
        self._set_flow(combat=replace(c, losses_left=c.losses_left - 1, losses_taken=c.losses_taken + 1,
                                      vacated=vacated, trail=trail), turn_ends=turn_ends, eventful=True)
        if self._check_sudden_death():
            return
        self._check_losses_possible()

    # -- the winner's advance [9.0] ---------------------------------------------------
    def legal_advance(self) -> list[Action]:
        """Each advance point moves one unit one hex, ignoring ZOC; or stop."""
        f = self.flow()
        out: list[Action] = []
        for key in self.advancers(f):
            for to in self.advance_hexes(key):
                out.append(Advance(key, to))
        out.append(EndAdvance())
        return out

    def advancers(self, f: Flow | None = None) -> list[str]:
        """The units that may spend the winner's advance points [9.0] ("one of your
        units"): every unit of the winning side on the map that can move (not the
        artillery, MA 0), except units in a declared combat not yet resolved."""
        f = f or self.flow()
        c = f.combat
        side = other(c.loser)
        engaged = {k for d, atts in f.declared for k in (d, *atts)}
        return [u.key for u, _h in self.units_on_map(side) if u.ma > 0 and u.key not in engaged]

    def advance_hexes(self, key: str) -> list[str]:
        """Advance ignores ZOC and may go to any free hex [9.0]."""
        u = self.unit(key)
        here = self.pos(key)
        if here is None:
            return []
        return hexunits.advance_hexes(here, self.facts.move_neighbours(u.crosses_military_bridge, self.intact()),
                                      self.occupancy())

    def _start_advance(self) -> None:
        """If a losing unit left its combat hex, the winner gets one advance point per
        loss imposed (the difference in hits, even where fewer were taken because the
        losing units were gone) [9.0]."""
        f = self.flow()
        c = f.combat
        if c.vacated and any(self.advance_hexes(k) for k in self.advancers(f)):
            pts = c.losses
            self._set_flow(phase=ADVANCE, combat=replace(c, advance_left=pts))
            values = {"side": self._side_name(other(c.loser)), "n": pts}
            if pts > 1:
                self.emit_msg("AdvanceOffered", "{side} may advance {n} hexes", values, side=other(c.loser), points=pts)
            else:
                self.emit_msg("AdvanceOffered", "{side} may advance {n} hex", values, side=other(c.loser), points=pts)
        else:
            self._finish_combat()

    def on_advance(self, a: Advance) -> None:
        f = self.flow()
        c = f.combat
        u = self.unit(a.unit)
        frm = self.pos(a.unit)
        self.place_unit(a.unit, a.to)
        self.emit_msg("UnitAdvanced", "{unit} advances {frm} → {to}", {"unit": self.unit_label[a.unit], "frm": frm, "to": a.to},
                      unit=a.unit, frm=frm, to=a.to, side=u.side)
        c = replace(c, advance_left=c.advance_left - 1)
        f = self._set_flow(combat=c)
        if c.advance_left <= 0 or not any(self.advance_hexes(k) for k in self.advancers(f)):
            self._finish_combat()

    def on_end_advance(self, a: EndAdvance) -> None:
        self._finish_combat()

    def _finish_combat(self) -> None:
        f = self.flow()
        self._set_flow(combat=None, phase=ORDER)
        if f.turn_ends:
            m = self.marker()
            self.emit_msg("InitiativeLost", "{side} lost ground: the turn ends and the initiative passes to {other}",
                          {"side": self._side_name(m.initiative), "other": self._side_name(other(m.initiative))},
                          side=m.initiative, to=other(m.initiative))
            self._end_turn(switch=True)
            return
        self._next_combat()
