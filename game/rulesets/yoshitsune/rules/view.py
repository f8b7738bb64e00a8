"""What a seat sees of 義經: the public state (the map, the markers, the cards as
public facts: pools, counts chosen, deck size, cards turned) and the seat's own
choices; see ``observation.py``. Reads every entity; writes nothing.
"""
from __future__ import annotations

from typing import Any

from ..components import Act, Battle, MoveState, Removed, Round
from .setup import OU


class View:
    """The public state, and each seat's observation."""

    def public_state(self) -> dict[str, Any]:
        f, m, c = self.flow(), self.markers(), self.cards()
        repl = self.replenishment()
        gens = {}
        for key, e in self.gen_ent.items():
            gens[key] = {"where": self.loc(key), "removed": self.world.has(e, Removed),
                         "clan": self.general(key).clan}
        act = self._get(Act)
        mv = self._get(MoveState)
        b = self._get(Battle)
        r = self._get(Round) or Round()
        return {
            "game": self.game_id, "turn": self.turn(), "court": self.court(), "court_friendly": self.court_friendly(),
            "phase": f.phase, "seat": f.seat, "repl_queue": [list(x) for x in repl.queue],
            "placed": list(repl.placed), "markers": {"okubyo": m.okubyo, "kajiwara": m.kajiwara},
            "areas": {a: dict(sorted(self.garrison(a).items())) for a in self.areas + (OU,)},
            "control": {a: self.controller(a) for a in self.areas},
            "generals": gens,
            "cards": {"removed": sorted(c.removed), "pools": {s: list(v) for s, v in c.pools},
                      "limits": dict(c.limits), "chosen_counts": {s: len(v) for s, v in c.chosen},
                      "done": list(c.done), "deck_size": len(c.deck), "revealed": list(c.revealed),
                      "current": c.current},
            "act": None if act is None else {"card": act.card, "user": act.user, "general": act.general,
                                             "fought": list(act.fought)},
            "move": None if mv is None else {"general": mv.general, "left": mv.left, "party": mv.party,
                                             "withdraw": mv.withdraw},
            "battle": None if b is None else {"area": b.area, "acting": b.acting, "side": b.side,
                                              "round": b.round, "commanders": dict(r.commanders),
                                              "alloc_left": r.alloc_left},
            "winner": f.winner, "reason": f.reason,
        }

    def _observation(self, seat: str) -> dict[str, Any]:
        obs = self.public_state()
        obs["seat"] = seat
        obs["my_chosen"] = list(self.chosen_by(seat))
        obs["my_cards_in_deck"] = list(self.zones.owned(self, seat, ("deck",)))
        return obs
