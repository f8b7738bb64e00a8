"""What a seat sees: the public state, its own hand, and a view dealt again from it.
"""
from __future__ import annotations

import random
from typing import Any

from ..components import Ask, Battle, Cost, Effects, LastBattle, Loss
from .basics import _side

class View:
    """What a seat sees: the public state, its own hand, and a view dealt again from it."""

    def public_state(self) -> dict[str, Any]:
        t = self.turn()
        ask = self._get(Ask)
        o = self.over()
        z = self.zones
        seen = z.observe(self, self.seats[0])            # the public zones read the same for every seat
        marks = self.marks()
        in_play = {}
        for k in self.order:
            row = []
            for c in self.cards_in(f"play:{k}"):
                row.append({"card": c, "counters": len(z.attached(self, c)), "mark": marks.of(c)})
            in_play[k] = row
        b = self._get(Battle)
        lb = self._get(LastBattle)
        e = self._get(Effects)
        cost = self._get(Cost)
        loss = self._get(Loss)
        return {
            "game": self.game_id, "players": len(self.seats),
            "seats": {s: list(self.roles_of(s)) for s in self.seats},
            "round": t.round, "turn_index": t.index, "commander": t.commander, "phase": t.phase,
            "commands_left": t.commands,
            "decision": None if ask is None or o is not None else ask.kind,
            "to_move": None if ask is None or o is not None else ask.seat,
            "stacks": {s: [list(p) for p in pcs] for s, pcs in self.stacks().items() if pcs},
            "tracks": {k: {"morale": self.tracks(k).morale, "troops": self.tracks(k).troops,
                           "funds": self.tracks(k).funds} for k in self.order},
            "hands": {s: seen[f"hand:{s}"].count for s in self.seats},
            "hand_limits": {s: self.hand_limit(s) for s in self.seats},
            "decks": {s: seen[f"deck:{s}"].count for s in self.seats},
            "discards": {s: list(self.cards_in(f"discard:{s}")) for s in self.seats},
            "in_play": in_play,
            "neutral": self.neutral_seen(),
            "support": self.support(),
            "removed": list(self.cards_in("removed")),
            "cut": sorted(self.cut_links()),
            "battle": None if b is None else {
                "attacker": b.attacker, "origin": b.origin, "battlefield": b.battlefield, "stage": b.stage,
                "defender": b.defender, "card": None if b.op is None else b.op.card,
                "retreated": list(b.retreated)},
            "last_battle": None if lb is None else {
                "origin": lb.origin, "battlefield": lb.battlefield, "loser": lb.loser, "losses": lb.losses,
                "attack": _side(lb.attack), "defence": _side(lb.defence)},
            "effect": None if e is None else {
                "commander": e.commander, "card": e.card, "op": self.op(e.queue[0])["op"] if e.queue else None,
                "step": e.step, "left": e.left},
            "cost": None if cost is None else {"command": cost.command, "left": cost.left, "frm": cost.frm,
                                               "to": cost.to},
            "loss": None if loss is None else {"commander": loss.commander, "at": loss.at, "left": loss.left,
                                               "victim": loss.victim, "remove": loss.remove},
            "winner": None if o is None else o.winner, "reason": "" if o is None else o.reason,
        }

    def neutral_seen(self) -> dict[str, Any]:
        """The neutral pile as every seat sees it (ruling neutral_pile_seen): its top card
        and how many cards it holds; the cards below are covered, their order unknown."""
        pile = self.cards_in("neutral")
        return {"top": pile[0] if pile else None, "count": len(pile)}

    def _observation(self, seat: str) -> dict[str, Any]:
        obs = self.public_state()
        obs["seat"] = seat
        obs["my_hand"] = list(self.hand(seat))
        return obs

    def _determinize(self, view: Any, seat: str, rng: random.Random) -> None:
        """Deal again, from ``rng`` and the seat's observation only, every card it
        cannot see: the other hands, every deck's order, the counter cards and the
        face-down support (game.systems.cards; each player's cards stay his, each
        camp's support stays its); and the order of the neutral generals below the top
        of their pile (ruling neutral_pile_seen: which they are is known, every other
        neutral general having joined in public, but not their order)."""
        view.zones.determinize(view, seat, rng)
        pile = view.cards_in("neutral")
        if len(pile) > 2:
            below = sorted(pile[1:])
            rng.shuffle(below)
            view.zones.arrange(view, "neutral", pile[:1] + tuple(below))
