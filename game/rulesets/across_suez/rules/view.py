"""What a seat sees of Across Suez: everything (an open game); see ``observation.py``.

Reads every component; writes none. :meth:`View.flow` gathers the sequence of
play's components into one read-only object for the AI, the client and the
tests (the rules read the components themselves).
"""
from __future__ import annotations

from typing import Any

from ..components import Attack, Bombarded, Combat, Fought, Moved, OutOfPlay, Outcome, Phasing, Unit


class View:
    """The public state, the same for every seat."""

    # -- a read-only view of the phase, for the AI, the client and the tests ---------------------
    def flow(self) -> "FlowView":
        """The sequence-of-play state in one object (the rules read the components)."""
        got = self.memo.get("flow")
        if got is None:
            got = self.memo["flow"] = FlowView.of(self)
        return got

    def public_state(self) -> dict[str, Any]:
        f = self.flow()
        units = []
        for key, e in self.unit_ent.items():
            u = self.world.get(e, Unit)
            units.append({"key": key, "side": u.side, "label": u.label, "type": u.type,
                          "firepower": u.firepower, "defends_as": u.defends_as, "ma": u.ma,
                          "hex": self.pos(key), "eliminated": self.is_eliminated(key),
                          "crossed": self.has_crossed(key), "enter": u.enter, "entry": u.entry,
                          "out_of_play": self.world.has(e, OutOfPlay)})
        c = f.combat
        return {"game": self.game_id, "turn": self.turn, "turns": self.turns, "night": self.is_night(),
                "phase": f.phase, "side": f.side, "units": units, "moved": list(f.moved),
                "crossed": self.crossed_units(), "crossed_this_phase": f.crossed_now,
                "bridge_deployed": self.bridge_deployed(), "supports_left": f.supports_left,
                "bombarded": list(f.bombarded), "declared": [[d, list(a)] for d, a in f.declared],
                "attacked": list(f.attacked), "defended": list(f.defended),
                "loc_open": self.loc_open(), "winner": f.winner, "reason": f.reason,
                "combat": None if c is None else {"defender": c.defender, "attackers": list(c.attackers),
                                                  "result": c.result, "supported": c.supported,
                                                  "retreating": list(c.retreating), "ee_need": c.ee_need,
                                                  "advance_units": list(c.advance_units),
                                                  "advance_hexes": list(c.advance_hexes),
                                                  "advance_must": c.advance_must}}


class FlowView:
    """Where the game is in its sequence of play, read from the components: the
    phasing side and phase, and the state of the phase under way."""
    __slots__ = ("phase", "side", "moved", "spent", "crossed_now", "declared", "attacked", "defended",
                 "supports_left", "bombarded", "combat", "winner", "reason")

    @classmethod
    def of(cls, g: Any) -> "FlowView":
        get = g.world.try_get
        e = g.game_ent
        v = cls()
        p = get(e, Phasing)
        v.phase, v.side = p.phase, p.side
        m = get(e, Moved) or Moved()
        v.moved, v.spent = m.units, m.spent
        v.crossed_now = g.crossing().this_phase
        a = get(e, Attack)
        v.declared = ((a.defender, a.attackers),) if a else ()
        fought = get(e, Fought) or Fought()
        v.attacked, v.defended = fought.attacked, fought.defended
        v.supports_left = g.supports_left()
        v.bombarded = (get(e, Bombarded) or Bombarded()).targets
        v.combat = get(e, Combat)
        o = get(e, Outcome)
        v.winner, v.reason = (o.winner, o.reason) if o else (None, "")
        return v
