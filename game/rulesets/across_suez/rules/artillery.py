"""Across Suez's artillery [13]: the Egyptian bombardment at the start of each
Egyptian day combat phase (the Israeli supports are spent in combat.py and
counted at the start of each Israeli combat phase, sequence.py).

Reads ``Position`` (the placement), the ``Phasing`` and ``Bombarded``; writes
``Bombarded`` and (a hit) ``Eliminated``.
"""
from __future__ import annotations

from game.core.actions import Action, Decision
from game.core.text import Msg, N_

from ..actions import Bombard, EndBombardment
from ..components import Bombarded
from ..kinds import BOMBARD

BY_BOMBARDMENT = N_("Egyptian bombardment")
_NONE = Bombarded()


class Artillery:
    """The Egyptian bombardment [13.1][13.2]."""

    def bombarded(self) -> tuple[str, ...]:
        """The units bombarded this combat phase."""
        return (self.world.try_get(self.game_ent, Bombarded) or _NONE).targets

    def bombard_targets(self) -> list[str]:
        """Israeli units adjacent to an Egyptian unit, not yet bombarded this phase [13][13.2]."""
        zoc = self.enemy_zoc("ISR")
        done = self.bombarded()
        return [u.key for u, h in self.units_on_map("ISR") if h in zoc and u.key not in done]

    def decide_bombard(self) -> Decision:
        n = int(self.data["egyptian_bombardment"]["max_targets"]) - len(self.bombarded())
        return Decision(self.phasing().side, BOMBARD,
                        Msg("Egyptian bombardment: choose up to {n} more Israeli unit(s) next to Egyptian units", n=n))

    def legal_bombard(self) -> list[Action]:
        out: list[Action] = [Bombard(k) for k in self.bombard_targets()]
        out.append(EndBombardment())
        return out

    def on_bombard(self, a: Bombard) -> None:
        target = a.target
        h = self.pos(target)
        bomb = self.data["egyptian_bombardment"]
        (roll,) = self.dice.roll(1, int(bomb["die"]), Msg("bombardment of {unit}", unit=self.unit_label[target]))
        hit = roll in bomb["eliminate_on"]
        self.put(self.game_ent, Bombarded(self.bombarded() + (target,)))
        values = {"unit": self.unit_label[target], "hex": h, "roll": roll}
        if hit:
            self.emit_msg("BombardmentResolved", "Egyptian artillery bombards {unit} at {hex}: rolled {roll}, eliminated",
                          values, target=target, hex=h, roll=roll, eliminated=hit)
        else:
            self.emit_msg("BombardmentResolved", "Egyptian artillery bombards {unit} at {hex}: rolled {roll}, no effect",
                          values, target=target, hex=h, roll=roll, eliminated=hit)
        if hit:
            self._eliminate(target, BY_BOMBARDMENT)
            if self._over():
                return
        if len(self.bombarded()) >= int(bomb["max_targets"]) or not self.bombard_targets():
            self._start_declare(self.phasing().side)

    def on_end_bombardment(self, a: EndBombardment) -> None:
        self._start_declare(self.phasing().side)
