"""What a seat sees of Nomonhan: everything (an open game); see ``observation.py``."""
from __future__ import annotations

from typing import Any

from ..components import Unit


class View:
    """The public state, the same for every seat."""

    def public_state(self) -> dict[str, Any]:
        m = self.marker()
        f = self.flow()
        sc = self.score()
        units = []
        for key, e in self.unit_ent.items():
            u = self.world.get(e, Unit)
            units.append({"key": key, "side": u.side, "label": u.label, "hex": self.pos(key),
                          "steps_lost": self.steps_lost(key), "max_steps": u.max_steps,
                          "attack": self.attack_value(key), "defense": self.defense_value(key),
                          "ma": u.ma, "tank": u.tank, "eliminated": self.is_eliminated(key),
                          "enter": u.enter})
        return {"game": self.game_id, "turn": m.turn, "initiative": m.initiative, "cycle": m.cycle,
                "idle_cycles": m.idle, "idle_limit": self.idle_limit,
                "phase": f.phase, "side": f.side, "score": {"JP": sc.JP, "SOV": sc.SOV},
                "bridges": [{"a": b.a, "b": b.b, "kind": b.kind, "intact": b.intact} for b in self.bridges()],
                "declared": [[d, list(a)] for d, a in f.declared], "units": units,
                "moved": sorted(f.moved),
                "combat": None if f.combat is None else {"defender": f.combat.defender,
                                                         "attackers": list(f.combat.attackers),
                                                         "loser": f.combat.loser,
                                                         "losses_left": f.combat.losses_left,
                                                         "advance_left": f.combat.advance_left}}
