"""Across Suez's combat system [5][6][9.2]: who may and must attack, one attack
at a time (declare, then resolve at once [3][6.1]), the CRT roll (the odds in
odds.py), and what each result does: eliminations, the exchange's losses
[6.3], retreats [6.4] and advances [6.5].

Reads ``Unit``, ``Position`` (the placement), the ``TurnMarker``, the phase's
``Attack``, ``Fought`` and ``Combat``, and the ``ArtillerySupports``; writes
``Attack``, ``Fought``, ``Combat``, ``ArtillerySupports`` (a support spent),
``Position`` (retreats, advances), ``Eliminated`` and the ``Phasing`` (to the
exchange, retreat and advance decisions, back to declarations).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Sequence

from game.core.actions import Action, Decision
from game.core.text import Msg, N_, Name
from game.systems import hexunits

from ..actions import Advance, Assign, EeLoss, EndAdvance, EndDeclarations, Resolve, Retreat
from ..components import ArtillerySupports, Attack, BridgeDeployed, Combat, Eliminated, Fought, Position
from ..kinds import ADVANCE, DECLARE, EE_LOSS, RETREAT
from .odds import Fighter, Preview, combat_preview
from .victory import BRIDGE_DESTROYED

#: why a unit is eliminated (the log; the CRT results are codes, shown as printed)
IN_EXCHANGE = N_("exchange (Ee)")
NO_RETREAT_EDGE = N_("no retreat: the map edge")
NO_RETREAT = N_("no retreat")
RESULT_CODE = {r: Name(r) for r in ("Ae", "Ar", "Dr", "De", "Ee")}
#: the sides as the dice purposes name them ("ISR attack on 16/1")
SIDE_CODE = {"ISR": N_("ISR"), "EGY": N_("EGY")}
#: why the combat phase's main step is refused on turn 1 [9.2] (refusal: the main button says it; the units blink)
MUST_ATTACK = N_("turn 1: blinking units next to an enemy must attack")
MUST_JOIN = N_("turn 1: the blinking units must join this attack")
_NO_FIGHTS = Fought()


class CombatRules:
    """The combat system and the combat phase's attacks [5][6]."""

    # -- reading the combat phase's components ---------------------------------------------
    def attack(self) -> Attack | None:
        """The attack being declared, if one is begun."""
        return self.world.try_get(self.game_ent, Attack)

    def fought(self) -> Fought:
        """The units that attacked and were attacked this phase."""
        return self.world.try_get(self.game_ent, Fought) or _NO_FIGHTS

    def combat(self) -> Combat | None:
        """The combat being resolved."""
        return self.world.try_get(self.game_ent, Combat)

    # -- who may attack [5] ---------------------------------------------------------------------
    def attack_targets(self, key: str) -> list[str]:
        u = self.unit(key)
        here = self.pos(key)
        if here is None or not u.can_attack:
            return []
        return hexunits.adjacent_enemies(here, self.facts.neighbours, self.occupancy(), u.side)

    def fighter(self, key: str, defending: bool = False) -> Fighter:
        u = self.unit(key)
        return Fighter(key, u.label, u.side, u.defends_as if defending else u.firepower, u.role, self.pos(key))

    def preview(self, attackers: Sequence[str], defender: str, support: bool = False) -> Preview:
        """The odds of an attack in the current state (for the client and the agents)."""
        return combat_preview([self.fighter(k) for k in attackers], self.fighter(defender, True),
                              night=self.is_night(), support=support and self.unit(attackers[0]).side == "ISR",
                              facts=self.facts, data=self.data)

    def open_targets(self, key: str, fought: Fought | None = None) -> list[str]:
        """The enemy units ``key`` may still attack this phase: adjacent, not yet attacked
        this phase [5.4], and the unit itself has not attacked yet [5.3]."""
        fought = fought or self.fought()
        if key in fought.attacked:
            return []
        return [d for d in self.attack_targets(key) if d not in fought.defended]

    def _duty(self, side: str, attack: Attack | None, fought: Fought) -> list[str]:
        """Turn 1: the units that still must take part in an attack [9.2]: each unit able to
        attack with an enemy adjacent that it may still attack (none, on other turns)."""
        ft = self.data["first_turn"]
        if self.turn != ft["turn"] or not ft["must_attack_if_enemy_in_zoc"] or side not in ft["must_attack_sides"]:
            return []
        joined = set(attack.attackers) if attack else set()
        return [u.key for u, _ in self.units_on_map(side) if u.key not in joined and self.open_targets(u.key, fought)]

    # -- declaring an attack [3][6.1] --------------------------------------------------------------
    def decide_declare(self) -> Decision:
        side = self.phasing().side
        name = self._side_name
        n = self.supports_left()
        a = self.attack()
        if a is not None:
            values = {"side": name(side), "defender": self.unit_label[a.defender], "n": n}
            prompt = (Msg("{side}: add attackers against {defender} or resolve the attack", **values) if not n else
                      Msg("{side}: add attackers against {defender} or resolve the attack ({n} artillery support "
                          "left)", **values) if n == 1 else
                      Msg("{side}: add attackers against {defender} or resolve the attack ({n} artillery supports "
                          "left)", **values))
            return Decision(side, DECLARE, prompt, (("defender", a.defender), ("attackers", a.attackers)))
        values = {"side": name(side), "n": n}
        return Decision(side, DECLARE,
                        Msg("{side} combat phase: declare an attack, or end combat", **values) if not n else
                        Msg("{side} combat phase: declare an attack, or end combat ({n} artillery support left)",
                            **values) if n == 1 else
                        Msg("{side} combat phase: declare an attack, or end combat ({n} artillery supports left)",
                            **values))

    def legal_declare(self) -> list[Action]:
        """One attack at a time [3][6.1]: name an attacker and its target, add more attackers
        against that defender, then resolve it; or, with no attack begun, end combat."""
        side = self.phasing().side
        attack = self.attack()
        fought = self.fought()
        out: list[Action] = []
        if attack is None:
            for u, _h in self.units_on_map(side):
                for d in self.open_targets(u.key, fought):
                    out.append(Assign(u.key, d))
            if not self._duty(side, attack, fought):
                out.append(EndDeclarations())
            return out
        d = attack.defender
        joined = set(attack.attackers)
        for u, _h in self.units_on_map(side):
            if u.key not in joined and d in self.open_targets(u.key, fought):
                out.append(Assign(u.key, d))
        # turn 1: a unit whose only target left is this defender must join the attack on it [9.2]
        if not any(self.open_targets(k, fought) == [d] for k in self._duty(side, attack, fought)):
            out.append(Resolve(d, False))
            if self.supports_left() > 0:
                out.append(Resolve(d, True))
        return out

    # -- the main step of the declarations, and why it is refused [9.2] ----------------------------------
    def main_action(self) -> tuple[Action | None, str]:
        """While an attack is begun, its resolution (without support) is the main step, not the
        end of combat; otherwise the phase's main action (:meth:`PhasedGame.main_action`)."""
        begun = self.attack() if self.phase_kind() == DECLARE else None
        if begun is None:
            return super().main_action()
        r = Resolve(begun.defender, False)
        return (r, "") if r in self.legal_actions() else (r, self.refusal(r))

    def refusal(self, action: Action) -> str:
        """Why the declarations' main step is not legal now: turn 1's duty to attack [9.2]."""
        legal = self.legal_actions()
        if self.phase_kind() != DECLARE or action in legal:
            return ""
        begun = self.attack()
        if isinstance(action, EndDeclarations) and begun is None:
            return MUST_ATTACK
        if (isinstance(action, Resolve) and begun is not None and action.defender == begun.defender
                and Resolve(begun.defender, False) not in legal):
            return MUST_JOIN
        return ""

    def on_assign(self, a: Assign) -> None:
        begun = self.attack()
        atts = (begun.attackers if begun else ()) + (a.attacker,)
        self.put(self.game_ent, Attack(a.defender, atts))
        values = {"attacker": self.unit_label[a.attacker], "defender": self.unit_label[a.defender]}
        if len(atts) > 1:
            self.emit_msg("AttackDeclared", "{attacker} joins the attack on {defender}", values,
                          attacker=a.attacker, defender=a.defender)
        else:
            self.emit_msg("AttackDeclared", "{attacker} will attack {defender}", values,
                          attacker=a.attacker, defender=a.defender)

    # -- resolving it [6] ------------------------------------------------------------------------------
    def on_resolve(self, a: Resolve) -> None:
        """The attack just declared is resolved at once [3]; its units have attacked, its
        defender has defended, for the rest of the phase [5.3][5.4]."""
        defender, support = a.defender, a.support
        atts = self.attack().attackers
        dhex = self.pos(defender)
        fought = self.fought()
        self.take(self.game_ent, Attack)
        self.put(self.game_ent, Fought(fought.attacked + atts, fought.defended + (defender,)))
        if support:
            self.put(self.supports_ent, ArtillerySupports(self.supports_left() - 1))
        side = self.unit(atts[0]).side
        p = self.preview(atts, defender, support)
        self._log_odds(p, atts, defender, dhex, support)
        (roll,) = self.dice.roll(1, int(self.data["crt"]["die"]),
                                 Msg("{side} attack on {defender}", side=SIDE_CODE[side], defender=self.unit_label[defender]))
        result = self.data["crt"]["rows"][str(roll)][p.column]
        self.emit_msg("CombatResolved", "Rolled {roll} on column {column}: {result} — {meaning}",
                      {"roll": roll, "column": p.column_label, "result": RESULT_CODE[result],
                       "meaning": self.data['crt']['results'][result]}, attackers=atts, defender=defender, roll=roll,
                      result=result, column=p.column_label)
        c = Combat(defender, atts, side, dhex, tuple(self.pos(k) for k in atts), support, result)
        self.put(self.game_ent, c)
        _RESULTS[result](self, c)

    def _log_odds(self, p: Preview, atts: tuple[str, ...], defender: str, dhex: str, support: bool) -> None:
        """The log of an attack: its strengths and column, each shift, the final column and odds."""
        names = Name(" + ".join(self.unit(k).label for k in atts))
        label_of = self.data["crt"]["column_labels"]
        self.emit_msg("CombatStarted", "{names} ({att}) attack {defender} ({dfn}) at {hex}: differential {diff:+d}, "
                      "column {column}", {"names": names, "att": p.attack, "defender": self.unit_label[defender],
                                          "dfn": p.defence, "hex": dhex, "diff": p.differential,
                                          "column": label_of[p.base_column]},
                      attackers=atts, defender=defender, hex=dhex, attack=p.attack, defence=p.defence,
                      differential=p.differential, column=label_of[p.base_column], supported=support)
        for reason, n in p.shifts:
            values = {"n": abs(n), "reason": reason}
            if n > 0:
                if abs(n) > 1:
                    self.emit_msg("ColumnShifted", "{n} columns right: {reason}", values, reason=reason, shift=n)
                else:
                    self.emit_msg("ColumnShifted", "{n} column right: {reason}", values, reason=reason, shift=n)
            elif abs(n) > 1:
                self.emit_msg("ColumnShifted", "{n} columns left: {reason}", values, reason=reason, shift=n)
            else:
                self.emit_msg("ColumnShifted", "{n} column left: {reason}", values, reason=reason, shift=n)
        self.emit_msg("CombatOdds", "Final column {column} (net shift {net:+d}): {odds}",
                      {"column": p.column_label, "net": p.net_shift, "odds": Name(p.text())},
                      column=p.column_label, net_shift=p.net_shift, odds=p.odds)

    # the results [6.2]
    def _attacker_eliminated(self, c: Combat) -> None:
        for k in c.attackers:
            self._eliminate(k, RESULT_CODE["Ae"])
            if self._over():
                return
        self._offer_advance((c.defender,), c.attacker_hexes, False)

    def _attacker_retreats(self, c: Combat) -> None:
        self.put(self.game_ent, replace(c, retreating=c.attackers))
        self._set_phase(RETREAT)
        self._continue_retreats()

    def _defender_retreats(self, c: Combat) -> None:
        self.put(self.game_ent, replace(c, retreating=(c.defender,)))
        self._set_phase(RETREAT)
        self._continue_retreats()

    def _defender_eliminated(self, c: Combat) -> None:
        self._eliminate(c.defender, RESULT_CODE["De"])
        if self._over():
            return
        self._offer_advance(c.attackers, (c.defender_hex,), True)

    def _exchange(self, c: Combat) -> None:
        self._eliminate(c.defender, RESULT_CODE["Ee"])
        if self._over():
            return
        self.put(self.game_ent, replace(c, ee_need=self.unit(c.defender).defends_as))
        self._set_phase(EE_LOSS)
        self._continue_ee()

    # -- the exchange [6.3] ------------------------------------------------------------------------------
    def ee_candidates(self, c: Combat) -> list[str]:
        alive = [k for k in c.attackers if self.pos(k) is not None]
        strong = [k for k in alive if self.unit(k).firepower >= c.ee_need]
        return strong or alive

    def decide_ee_loss(self) -> Decision:
        c = self.combat()
        return Decision(c.attacker_side, EE_LOSS,
                        Msg("Exchange: {side} removes a unit of firepower ≥ {n}", side=self._side_name(c.attacker_side),
                            n=c.ee_need),
                        (("defender", c.defender), ("need", c.ee_need)))

    def legal_ee_loss(self) -> list[Action]:
        return [EeLoss(k) for k in self.ee_candidates(self.combat())]

    def _continue_ee(self) -> None:
        c = self.combat()
        alive = [k for k in c.attackers if self.pos(k) is not None]
        if c.ee_need <= 0 or not alive:
            self._offer_advance(tuple(alive), (c.defender_hex,), True)
            return
        cands = self.ee_candidates(c)
        if len(cands) == 1:
            self._ee_loss(cands[0])

    def on_ee_loss(self, a: EeLoss) -> None:
        self._ee_loss(a.unit)

    def _ee_loss(self, key: str) -> None:
        c = self.combat()
        fp = self.unit(key).firepower
        self._eliminate(key, IN_EXCHANGE)
        if self._over():
            return
        self.put(self.game_ent, replace(c, ee_need=0 if fp >= c.ee_need else c.ee_need - fp))
        self._continue_ee()

    # -- retreats [6.4] -----------------------------------------------------------------------------------
    def retreat_hexes(self, key: str) -> list[str]:
        """One hex into an empty land hex outside enemy ZOC [6.4]; the bridge keeps its terrain limits."""
        u = self.unit(key)
        here = self.pos(key)
        if here is None:
            return []
        into = self.facts.neighbours_of(self.facts.steps[u.is_bridge])
        return hexunits.retreat_hexes(here, into, self.occupancy(), self.enemy_zoc(u.side))

    def decide_retreat(self) -> Decision:
        c = self.combat()
        side = self.unit(c.retreating[0]).side
        return Decision(side, RETREAT, Msg("{side}: retreat {units} one hex", side=self._side_name(side),
                                           units=Name(", ".join(self.unit(k).label for k in c.retreating))),
                        (("units", c.retreating),))

    def legal_retreat(self) -> list[Action]:
        return [Retreat(k, h) for k in self.combat().retreating for h in self.retreat_hexes(k)]

    def _continue_retreats(self) -> None:
        """Units with no legal retreat hex are eliminated [6.4][5.6]; the others retreat by choice."""
        left = []
        for k in self.combat().retreating:
            if self.retreat_hexes(k):
                left.append(k)
                continue
            h = self.pos(k)
            why = NO_RETREAT_EDGE if h in self.facts.edge or len(self.facts.neighbours[h]) < 6 else NO_RETREAT
            self._eliminate(k, why)
            if self._over():
                return
        c = self.combat()
        if c.retreating != tuple(left):
            c = replace(c, retreating=tuple(left))
            self.put(self.game_ent, c)
        if left:
            self._set_phase(RETREAT)
            return
        if c.result == "Ar":
            vacated = tuple(h for h in c.attacker_hexes if h not in self.occupancy())
            self._offer_advance((c.defender,), vacated, False)
        else:   # Dr: an attacker may advance; it must if the defender was eliminated [6.5]
            self._offer_advance(c.attackers, (c.defender_hex,), self.pos(c.defender) is None)

    def on_retreat(self, a: Retreat) -> None:
        key, to = a.unit, a.to
        u = self.unit(key)
        frm = self.pos(key)
        self.place_unit(key, to)
        self.emit_msg("UnitRetreated", "{unit} retreats {frm} → {to}", {"unit": self.unit_label[key], "frm": frm, "to": to},
                      unit=key, frm=frm, to=to, side=u.side)
        self._bridge_moved(key, frm, to)
        if self._over():
            return
        c = self.combat()
        self.put(self.game_ent, replace(c, retreating=tuple(k for k in c.retreating if k != key)))
        self._continue_retreats()

    # -- advances [6.5] -----------------------------------------------------------------------------------
    def advance_options(self, c: Combat) -> list[tuple[str, str]]:
        occ = self.occupancy()
        out = []
        for k in c.advance_units:
            here = self.pos(k)
            if here is None or self.unit(k).is_bridge:      # the bridge never advances
                continue
            out.extend((k, h) for h in hexunits.advance_hexes(here, self.facts.neighbours, occ, c.advance_hexes))
        return out

    def decide_advance(self) -> Decision:
        c = self.combat()
        side = self.unit(c.advance_units[0]).side
        name = self._side_name
        return Decision(side, ADVANCE,
                        Msg("{side} must advance one unit into the vacated hex", side=name(side)) if c.advance_must
                        else Msg("{side} may advance one unit into the vacated hex", side=name(side)),
                        (("hexes", c.advance_hexes), ("must", c.advance_must)))

    def legal_advance(self) -> list[Action]:
        c = self.combat()
        out: list[Action] = [Advance(k, h) for k, h in self.advance_options(c)]
        if not c.advance_must:
            out.append(EndAdvance())
        return out

    def _offer_advance(self, units: tuple[str, ...], hexes: tuple[str, ...], must: bool) -> None:
        c = replace(self.combat(), advance_units=units, advance_hexes=hexes, advance_must=must)
        self.put(self.game_ent, c)
        if not self.advance_options(c):
            self._finish_combat()
            return
        self._set_phase(ADVANCE)

    def on_advance(self, a: Advance) -> None:
        u = self.unit(a.unit)
        frm = self.pos(a.unit)
        self.place_unit(a.unit, a.to)
        self.emit_msg("UnitAdvanced", "{unit} advances {frm} → {to}", {"unit": self.unit_label[a.unit], "frm": frm, "to": a.to},
                      unit=a.unit, frm=frm, to=a.to, side=u.side)
        self._bridge_moved(a.unit, frm, a.to)
        self._finish_combat()

    def on_end_advance(self, a: EndAdvance) -> None:
        self._finish_combat()

    def _finish_combat(self) -> None:
        if self._over():
            return
        self._start_declare(self.phasing().side)

    # -- losses ------------------------------------------------------------------------------------------
    def _eliminate(self, key: str, reason: str) -> None:
        u = self.unit(key)
        h = self.pos(key)
        ent = self.unit_ent[key]
        self.take(ent, Position)
        if u.is_bridge:
            self.take(ent, BridgeDeployed)
        self.put(ent, Eliminated(self.turn, str(reason)))     # (the state holds plain str; the event the Msg)
        self.emit_msg("UnitEliminated", "{unit} is eliminated at {hex} ({reason})",
                      {"unit": self.unit_label[key], "hex": h, "reason": reason}, unit=key, hex=h, side=u.side,
                      reason=reason)
        if u.is_bridge:
            self._game_over("EGY", BRIDGE_DESTROYED)


#: what each CRT result does [6.2]
_RESULTS = {"Ae": CombatRules._attacker_eliminated, "Ar": CombatRules._attacker_retreats,
            "Dr": CombatRules._defender_retreats, "De": CombatRules._defender_eliminated,
            "Ee": CombatRules._exchange}
