"""The cards' places (seed 3, 5, 6, 8): the zones of game.systems.cards, and what the
rules read from them: hands, hand limits, lasting cards in play and their ops, cut
rails, the neutral pile and the support on it.
"""
from __future__ import annotations

import math
from typing import Any

from game.systems.cards import DECK, DISCARD, HAND, NOBODY, OWNER, PLAY, PUBLIC, REMOVED, Zone, Zones


def card_zones(game: Any) -> Zones:
    """Where a card can be (seed 3, 5, 6, 8): each player's deck (face down, its
    order secret even from him), hand (his alone) and discard pile (face up);
    each commander's cards in play, with counter cards under them (face down);
    the face-up neutral pile with support cards under the top card (face down,
    but whose they are is public: a tally by owner); cards out of the game."""
    zones: list[Zone] = []
    for seat in game.seats:
        roles = frozenset(game.roles_of(seat))
        zones += [Zone(f"deck:{seat}", DECK, owner=seat, faces=NOBODY, accepts=roles),
                  Zone(f"hand:{seat}", HAND, owner=seat, faces=OWNER, ordered=False, accepts=roles),
                  Zone(f"discard:{seat}", DISCARD, owner=seat, faces=PUBLIC)]
    for cmd in game.order:
        roles = frozenset(game.roles_of(game.seat_of[cmd]))
        zones.append(Zone(f"play:{cmd}", PLAY, owner=cmd, faces=PUBLIC, under=NOBODY, accepts=roles))
    zones += [Zone("neutral", PLAY, faces=PUBLIC, under=NOBODY, tally=True),
              Zone("removed", REMOVED, faces=PUBLIC, ordered=False)]
    return Zones(zones, [c["id"] for c in game.data["cards"]])



class Decks:
    """The cards' places (seed 3, 5, 6, 8): the zones of game.systems.cards, and what the"""

    def cards_in(self, zone: str) -> tuple[str, ...]:
        return self.zones.cards_in(self, zone)

    def hand(self, seat: str) -> tuple[str, ...]:
        return self.cards_in(f"hand:{seat}")

    def card_owner(self, card: str) -> str:
        return self.cdata[card]["deck"]

    def active_seat(self) -> str:
        return self.seat_of[self.turn().commander]

    def lasting_cards(self, cmd: str) -> list[str]:
        """The lasting cards in play of ``cmd`` (their while_active acts)."""
        return [c for c in self.cards_in(f"play:{cmd}") if self.cdata[c]["kind"] == "lasting"]

    def lasting_ops(self, cmd: str, op: str) -> list[tuple[str, dict]]:
        key = ("lasting", cmd, op)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = [(c, o) for c in self.lasting_cards(cmd)
                                    for o in self.cdata[c]["effect"].get("while_active", ()) if o["op"] == op]
        return got

    def hand_limit(self, seat: str) -> int:
        """seed 5(4), 9(2): the camp's limit, +1 per extra commander, + HAND +1 cards in play."""
        roles = self.roles_of(seat)
        camp = self.data["camps"][self.data_camp[roles[0]]]
        extra = int(self.data["hand"]["per_extra_commander"]) * (len(roles) - 1)
        return int(camp["hand_limit"]) + extra + sum(int(o["n"]) for k in roles
                                                     for _, o in self.lasting_ops(k, "hand_limit"))

    def cut_links(self) -> frozenset[str]:
        got = self.memo.get("cut")
        if got is None:
            m = self.marks()
            got = self.memo["cut"] = frozenset(t for k in self.order for c, _ in self.lasting_ops(k, "cut_rail")
                                               if (t := m.of(c)) is not None)
        return got

    def active_neutral(self) -> str | None:
        pile = self.cards_in("neutral")
        return pile[0] if pile else None

    def support(self, neutral: str | None = None) -> dict[str, int]:
        """Each camp's support on the active neutral general (§3.4)."""
        n = neutral or self.active_neutral()
        out = {"central": 0, "anti": 0}
        if n is not None:
            for c in self.zones.attached(self, n):
                out[self.data_camp[self.card_owner(c)]] += 1
        return out

    def upkeep(self, cmd: str) -> int:
        """§3.1: U = infantry + cavalry + 2 × armoured trains (grey pieces excluded); pay U/4 rounded up."""
        u = sum(self.upkeep_units.get(code, 0) for code in self.pieces_of(cmd))
        for lo, hi, pay in self.upkeep_table:
            if lo <= u <= hi:
                return pay
        return math.ceil(u / self.upkeep_per)

    def zone(self, troops: int) -> int:
        return self.zone_of.get(troops, 0)
