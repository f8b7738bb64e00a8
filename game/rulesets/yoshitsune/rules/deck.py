"""義經's cards and deck building [7.0]: each side chooses this turn's cards from
its pool, secretly, up to its count (+1 for both Inland Sea areas; the court cards
on top for the court-friendly side); the choices are shuffled into one deck.

The cards and their zones are entities of game.systems.cards: a card's public
owner is the side whose pool it is in this turn; the deck's order is secret from
both, how many of each side's cards it holds is not (the counts chosen are
public, and so are the cards turned).

- Deck building: Genji chooses first, then Heike, one card at a time, up to
  the count (+1 for both seas; 後白河院の暗躍 / 追討令 on top for the
  court-friendly side); choices are secret, their number is public. Used
  cards come back every turn; a removed general's card leaves the game.

Reads ``Removed``/``OutOfPlay`` (whose cards are out) and ``Garrison`` (the extra
card); writes the card zones, ``DeckBuilding`` and the phase.
"""
from __future__ import annotations

import random

from game.core.actions import Action
from game.core.text import N_
from game.systems.cards import ASIDE, DECK, DISCARD, FACEDOWN, HAND, NOBODY, OWNER, PLAY, REMOVED, Zone, Zones

from ..actions import Choose, DoneChoosing
from ..components import Act, Cards, DeckBuilding, OutOfPlay, Removed
from ..kinds import BUILD, TURN, USE
from .setup import COURT_CARDS, SIDES

SHUFFLE_DECK = N_("shuffle the deck")


def card_zones(cards: list[str]) -> Zones:
    """Where a card can be [7.0, 8.0]. A card's owner is the side whose pool it is
    in this turn (public: the pools follow from the rules); the deck's order is
    secret from both, how many of each side's cards it holds is not (the counts
    chosen are public, and so are the cards turned)."""
    return Zones([
        Zone("deck", DECK, faces=NOBODY, tally=True),
        *(Zone(f"chosen:{s}", FACEDOWN, owner=s, faces=OWNER, ordered=False, accepts=frozenset((s,)))
          for s in SIDES),
        *(Zone(f"pool:{s}", HAND, owner=s, faces=OWNER, ordered=False, accepts=frozenset((s,))) for s in SIDES),
        Zone("play", PLAY),                        # the turned card being used
        Zone("turned", DISCARD),                   # turned and done with this turn, in order
        Zone("box", ASIDE, ordered=False),         # not to be chosen this turn
        Zone("removed", REMOVED, ordered=False),   # out of the game (their general is gone)
    ], cards)


def choice_ok(chosen: tuple[str, ...], card: str, limit: int) -> bool:
    """May ``card`` join ``chosen`` within ``limit`` (court cards come on top) [7.0]?"""
    if card in COURT_CARDS:
        return True
    return sum(1 for x in chosen if x not in COURT_CARDS) < limit


class CardDeck:
    """The cards in their zones, and the deck building phase [7.0]."""

    def _create_cards(self) -> None:
        self.zones = card_zones(sorted(self.cdata))
        self.zones.create(self, rest="box")

    # -- reading the cards ---------------------------------------------------------------------------
    def cards_in(self, zone: str) -> tuple[str, ...]:
        return self.zones.cards_in(self, zone)

    def chosen_by(self, side: str) -> tuple[str, ...]:
        """The cards ``side`` chose this turn (sorted), wherever they are now."""
        return self.zones.owned(self, side, (f"chosen:{side}", "deck", "play", "turned"))

    def removed_cards(self) -> frozenset[str]:
        """Cards out of the game: in the removed zone, or (until the turn ends) in
        play this turn though their general is gone."""
        out = set(self.cards_in("removed"))
        out.update(self.general(k).card for k, e in self.gen_ent.items() if self.world.has(e, Removed))
        return frozenset(out)

    def cards(self) -> Cards:
        """A summary of the cards (tests, tools, the view): pools, choices, deck, turned cards."""
        got = self.memo.get("cards")
        if got is None:
            b = self.building()
            started = bool(b.limits)
            play = self.cards_in("play")
            got = self.memo["cards"] = Cards(
                removed=self.removed_cards(),
                pools=tuple((s, self.zones.owned(self, s)) for s in SIDES) if started else (),
                limits=b.limits, chosen=tuple((s, self.chosen_by(s)) for s in SIDES) if started else (),
                done=b.done, deck=self.cards_in("deck"), revealed=self.cards_in("turned") + play,
                current=play[0] if play else None)
        return got

    # -- deck building [7.0] ---------------------------------------------------------------------------
    def card_usable_general(self, card: str) -> bool:
        g = self.cdata[card]["effect"].get("general")
        if g is None:
            return True
        e = self.gen_ent[g]
        return not self.world.has(e, Removed) and not self.world.has(e, OutOfPlay)

    def build_pool(self, side: str) -> tuple[str, ...]:
        removed = self.cards_in("removed")
        out = [cid for cid in self.data["decks"][side] if cid not in removed and self.card_usable_general(cid)]
        if self.cdata["C01"]["available_by_turn"][str(self.turn())] == side and "C01" not in removed \
                and self.card_usable_general("C01"):
            out.append("C01")
        if self.court_friendly() == side:
            out.extend(COURT_CARDS)
        return tuple(sorted(out))

    def card_limit(self, side: str) -> int:
        n = int(self.track_data[self.turn()]["cards"][side])
        if all(self.side_controls(a) == side for a in self.data["extra_cards"]["trade"]["areas"]):
            n += int(self.data["extra_cards"]["trade"]["cards"])
        return n

    def _start_build(self) -> None:
        pools = {s: self.build_pool(s) for s in SIDES}
        limits = tuple((s, self.card_limit(s)) for s in SIDES)
        contents = {f"pool:{s}": cs for s, cs in pools.items()}
        contents["removed"] = self.cards_in("removed")
        self.zones.reset(self, contents, owners={c: s for s, cs in pools.items() for c in cs}, rest="box")
        self.put(self.game_ent, DeckBuilding(limits))
        self._set_phase(BUILD, "MINAMOTO")
        (s1, n1), (s2, n2) = limits
        self.emit_msg("DeckBuilding", "Deck building: {side1} may choose {n1}, {side2} may choose {n2}",
                      {"side1": self._name(s1), "n1": n1, "side2": self._name(s2), "n2": n2}, limits=dict(limits))

    def legal_choose(self) -> list[Action]:
        side = self.flow().seat
        chosen = self.cards_in(f"chosen:{side}")
        lim = self.building().limit(side)
        out: list[Action] = [Choose(x) for x in self.cards_in(f"pool:{side}") if choice_ok(chosen, x, lim)]
        return out + [DoneChoosing()]

    def on_choose(self, a: Choose) -> None:
        side = self.flow().seat
        self.zones.move(self, a.card, f"chosen:{side}", frm=f"pool:{side}")
        self.emit_msg("CardChosen", "{side} chooses a card", {"side": self._name(side)}, private_to=side, side=side,
                      card=a.card)

    def on_done_choosing(self, a: DoneChoosing) -> None:
        side = self.flow().seat
        b = self.building()
        self.put(self.game_ent, DeckBuilding(b.limits, b.done + (side,)))
        n = len(self.cards_in(f"chosen:{side}"))
        self.emit_msg("ChoiceDone", "{side} has chosen {n} card(s)", {"side": self._name(side), "n": n}, side=side,
                      count=n)
        if side == "MINAMOTO":
            self._set_phase(BUILD, "TAIRA")
            return
        self.zones.gather(self, "deck", [f"chosen:{s}" for s in SIDES])
        deck = self.zones.shuffle(self, "deck", SHUFFLE_DECK)
        self.emit_msg("DeckShuffled", "The deck is shuffled: {n} cards", {"n": len(deck)}, size=len(deck))
        self._next_card()

    # -- what a seat may not see ---------------------------------------------------------------------
    def _determinize(self, g, seat: str, rng: random.Random) -> None:
        """The view ``g`` (a copy): the opponent's unrevealed choices are re-dealt
        from its pool within its limit, and the deck re-shuffled, from ``rng`` and
        the seat's observation only (game.systems.cards)."""
        g.zones.determinize(g, seat, rng, fits=_within_limits(g))

    # -- hand-built positions --------------------------------------------------------------------------
    def _deal_deck(self, deck: tuple[str, ...], card: str | None, user: str | None,
                   chosen: dict[str, tuple[str, ...]], turned: bool) -> None:
        """A hand-built action phase: ``deck`` face down (top first), ``card`` turned if
        ``turned``, the sides' choices ``chosen`` (by default, each card its own side's)."""
        self._start_build()
        deck_all = tuple(deck) + ((card,) if card else ())
        ch = chosen or {s: tuple(sorted(x for x in deck_all if self._owner_hint(x) == s)) for s in SIDES}
        # the chosen cards are the sides' (owners); those not in the deck or turned are still chosen
        z = self.zones
        z.set_owners(self, {x: None for x in deck_all} | {x: s for s in SIDES for x in ch.get(s, ())})
        for s in SIDES:
            z.move_all(self, [x for x in ch.get(s, ()) if x not in deck_all], f"chosen:{s}")
        z.move_all(self, deck, "deck")
        self.put(self.game_ent, DeckBuilding(self.building().limits, SIDES))
        if turned:
            z.move(self, card, "play")
            self.put(self.game_ent, Act(card, user or self.card_side(card)))
            self._set_phase(USE, user or self.card_side(card))
        else:
            self._set_phase(TURN, "MINAMOTO")

    def _owner_hint(self, card: str) -> str | None:
        d = self.cdata[card]["deck"]
        if d in SIDES:
            return d
        if card == "C01":
            return self.card_side(card)
        return self.court_friendly() or "MINAMOTO"


def _within_limits(view):
    """Dealing a view: each side's hidden choice keeps to its limit [7.0], counting
    the cards of its choice already turned (public)."""
    own = dict(view.zones.owners(view))
    shown = view.cards_in("turned") + view.cards_in("play")
    limits = dict(view.building().limits)

    def fits(view, zone: str, host: str | None, card: str, taken: tuple[str, ...]) -> bool:
        if card in COURT_CARDS or zone.startswith("pool:"):
            return True
        side = own[card]
        prior = tuple(x for x in shown + taken if own[x] == side)
        return choice_ok(prior, card, limits.get(side, 0))
    return fits
