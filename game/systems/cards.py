"""Cards in zones, shared by the card games (義經's shared deck, 中原大戰's decks and hands).

A card is a plain id (a string). Every card of a game is in exactly one place:
a *zone* (deck, hand, discard, in play, removed, face down, set aside ...) or
under a card in a zone (counter cards under a lasting command, support cards
under a neutral general). A card may also carry a number (a counter).

The zones and the cards are entities of the game's esper world. A zone's
entity holds its :class:`Zone` (name, kind, owner, who sees it: never written
after set-up) and its :class:`Pile` (its cards, top first); a card's entity
holds its :class:`Card` (its id), its public :class:`Owner` (the role whose
card it is, as a card back shows it, or None; a game may change it: in 義經 the
side that may choose the card this turn) and, while it has them,
:class:`Under` (the cards under it) and :class:`Counter` (its number). A move
writes the piles it touches, nothing else; every shuffle and random draw goes
through ``game.dice`` (a logged event).

A :class:`Zones` made once in ``_setup`` is the game's *layout*: the zones
(their names, owners and visibility never change), the cards, and the entity of
each, shared by the game and its copies. Its methods read and write the
entities through ``game.world`` and ``game.put``/``game.take``, and keep what
they derive from them (where each card is, the owners, the cards under cards)
in memos of the component types they read (``game.memo_on``).

Visibility, per zone (:class:`Zone`): ``faces`` says who sees the cards —
everyone (PUBLIC), the seat holding the zone's owner (OWNER) or nobody, not
even the owner (NOBODY: a face-down deck); the others see how many there are
and, if ``tally``, how many of each owner (the backs). ``ordered`` False makes
a zone a set (kept sorted: a hand). :meth:`Zones.observe` gives a seat exactly
that; :meth:`Zones.determinize` deals a view again from it.

    zones = Zones([Zone("deck", DECK, faces=NOBODY), Zone("hand:A", HAND, owner="A", faces=OWNER,
                   ordered=False)], cards=("a1", "a2", "a3"))
    zones.create(game, {"deck": ("a1", "a2", "a3")}, owners={"a1": "A", ...})   # the entities
    zones.shuffle(game, "deck"); zones.draw(game, "deck", "hand:A", 2)
"""
from __future__ import annotations

import bisect
import random
from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping, Sequence

from game.core.text import Msg

# who sees the faces of a zone's cards
PUBLIC, OWNER, NOBODY = "public", "owner", "nobody"
# kinds of zone (a label for rules and the client; the mechanism treats them alike)
DECK, HAND, DISCARD, PLAY, REMOVED, FACEDOWN, ASIDE = ("deck", "hand", "discard", "play", "removed",
                                                       "facedown", "aside")
# where a card goes in an ordered zone (index 0 is the top: a deck is drawn from index 0)
TOP, BOTTOM = "top", "bottom"


class CardError(ValueError):
    """A card operation that the cards' places do not allow (a rules bug)."""


class DealError(CardError):
    """A view cannot be dealt: the observation's counts and constraints do not fit."""


@dataclass(frozen=True, slots=True)
class Zone:
    name: str
    kind: str = DECK
    owner: str | None = None            # the seat or role holding it; None: shared
    faces: str = PUBLIC                 # who sees its cards: PUBLIC, OWNER or NOBODY
    ordered: bool = True                # False: a set, kept sorted (a hand)
    tally: bool = False                 # those who cannot see the faces see how many of each owner
    accepts: frozenset[str] | None = None   # owners its cards may have when a view is dealt; None: any
    under: str = PUBLIC                 # who sees the cards under cards in this zone

    def __post_init__(self) -> None:
        for v in (self.faces, self.under):
            if v not in (PUBLIC, OWNER, NOBODY):
                raise ValueError(f"zone {self.name}: visibility {v!r} is not public, owner or nobody")
        if OWNER in (self.faces, self.under) and self.owner is None:
            raise ValueError(f"zone {self.name}: only its owner sees it, but it has no owner")

    def shows(self, vis: str, roles: frozenset[str]) -> bool:
        return vis == PUBLIC or (vis == OWNER and self.owner in roles)


@dataclass(frozen=True, slots=True)
class Pile:
    """A zone's cards, top first (sorted in an unordered zone): the component of the zone's entity."""
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Card:
    """A card's id: the component its entity is known by (never written after set-up)."""
    id: str


@dataclass(frozen=True, slots=True)
class Owner:
    """A card's public owner (the role whose card it is, as its back shows it), or None."""
    owner: str | None = None


@dataclass(frozen=True, slots=True)
class Under:
    """The cards lying under a card (the first is the one a detach takes)."""
    cards: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Counter:
    """The number a card carries (absent: 0)."""
    n: int


@dataclass(frozen=True, slots=True)
class CardState:
    """Where every card is, read from the entities at once (:meth:`Zones.state`; not a
    component: the entities are the truth)."""
    piles: tuple[tuple[str, ...], ...]                     # per zone (in the order of Zones.zones)
    owners: tuple[str | None, ...]                         # per card (in the order of Zones.cards)
    under: tuple[tuple[str, tuple[str, ...]], ...] = ()    # host card -> the cards under it (sorted by host)
    counters: tuple[tuple[str, int], ...] = ()             # host card -> its number (sorted by host)


@dataclass(frozen=True, slots=True)
class Seen:
    """One zone as a seat sees it."""
    zone: str
    count: int
    cards: tuple[str, ...] | None                          # None: the faces are hidden from this seat
    tally: tuple[tuple[str | None, int], ...] | None = None     # owner -> count, for a hidden tallied zone
    #: (host, count, the cards or None, how many of each owner when hidden in a tallied zone, else None)
    under: tuple[tuple[str, int, tuple[str, ...] | None, tuple[tuple[str | None, int], ...] | None], ...] = ()
    counters: tuple[tuple[str, int], ...] = ()

#: fits(view, zone, host, card, taken) -> may ``card`` be dealt into ``zone`` (under ``host``, or
#: host None) after ``taken``? It may read only what the dealt seat sees: the view's hidden zones are
#: empty while it is asked.
Fits = Callable[[Any, str, "str | None", str, tuple[str, ...]], bool]


def _owner_key(o: str | None) -> tuple[bool, str]:
    return (o is None, o or "")


def _tally(owners: Iterable[str | None]) -> tuple[tuple[str | None, int], ...]:
    """How many cards of each owner (owners sorted, None last)."""
    n: dict[str | None, int] = {}
    for o in owners:
        n[o] = n.get(o, 0) + 1
    return tuple(sorted(n.items(), key=lambda kv: _owner_key(kv[0])))


class Zones:
    """A game's zones and cards (its layout) and their entities. Every method
    takes the game whose world holds the cards."""

    def __init__(self, zones: Iterable[Zone], cards: Iterable[str]):
        self.zones: tuple[Zone, ...] = tuple(zones)
        self.index: dict[str, int] = {}
        for i, z in enumerate(self.zones):
            if z.name in self.index:
                raise ValueError(f"two zones are named {z.name!r}")
            self.index[z.name] = i
        self.cards: tuple[str, ...] = tuple(cards)
        self.card_index: dict[str, int] = {c: i for i, c in enumerate(self.cards)}
        if len(self.card_index) != len(self.cards):
            raise ValueError("a card id is given twice")
        self.zone_ent: dict[str, int] = {}          # zone name -> its entity (made by create)
        self.card_ent: dict[str, int] = {}          # card -> its entity
        self._zent: tuple[int, ...] = ()            # the zones' entities, in the order of self.zones

    # -- set-up ----------------------------------------------------------------------
    def create(self, game: Any, contents: Mapping[str, Sequence[str]] | None = None,
               owners: Mapping[str, str | None] | None = None, rest: str | None = None) -> None:
        """Make the zones' and the cards' entities (in ``_setup``): ``contents``
        zone -> cards (top first), ``owners`` card -> owner (others have none);
        cards not named go to ``rest`` (a zone name). Every card must end up in one place."""
        piles, own = self._laid_out(contents or {}, owners, rest)
        self._zent = tuple(game.create(z, Pile(p)) for z, p in zip(self.zones, piles))
        self.zone_ent = {z.name: e for z, e in zip(self.zones, self._zent)}
        self.card_ent = {c: game.create(Card(c), Owner(own.get(c))) for c in self.cards}
        self.check(game)

    def reset(self, game: Any, contents: Mapping[str, Sequence[str]], owners: Mapping[str, str | None] | None = None,
              rest: str | None = None) -> None:
        """Put every card in a place again, as :meth:`create` (a new round; a hand-built
        position): no card under another, no counters."""
        piles, own = self._laid_out(contents, owners, rest)
        table = game.world.table()
        self._write(game, {i: p for i, (e, p) in enumerate(zip(self._zent, piles)) if table[e][Pile].cards != p})
        was = self.owners(game)
        changed = [(c, own.get(c)) for c in self.cards if was[c] != own.get(c)]
        for c, o in changed:
            game.put(self.card_ent[c], Owner(o))
        under, cnt = self._extras(game)
        for c in sorted(under):
            game.take(self.card_ent[c], Under)
        for c in sorted(cnt):
            game.take(self.card_ent[c], Counter)
        self.check(game)

    def _laid_out(self, contents: Mapping[str, Sequence[str]], owners: Mapping[str, str | None] | None,
                  rest: str | None) -> tuple[tuple[tuple[str, ...], ...], Mapping[str, str | None]]:
        """(each zone's pile, card -> owner) of a new deal."""
        piles = {self._i(z): tuple(cs) for z, cs in contents.items()}
        if rest is not None:
            named = {c for cs in piles.values() for c in cs}
            ri = self._i(rest)
            piles[ri] = piles.get(ri, ()) + tuple(c for c in self.cards if c not in named)
        return tuple(self._arranged(i, piles.get(i, ())) for i in range(len(self.zones))), owners or {}

    def _arranged(self, i: int, cards: Iterable[str]) -> tuple[str, ...]:
        out = tuple(cards)
        return out if self.zones[i].ordered else tuple(sorted(out))

    # -- reading -----------------------------------------------------------------------
    def state(self, game: Any) -> CardState:
        """Every zone's pile, every card's owner, the cards under cards and the counters, at once."""
        w = game.world
        under, cnt = self._extras(game)
        return CardState(tuple(w.get(e, Pile).cards for e in self._zent),
                         tuple(w.get(self.card_ent[c], Owner).owner for c in self.cards),
                         tuple(sorted(under.items())), tuple(sorted(cnt.items())))

    def zone(self, name: str) -> Zone:
        return self.zones[self._i(name)]

    def _i(self, name: str) -> int:
        try:
            return self.index[name]
        except KeyError:
            raise CardError(f"no zone {name!r}; zones are {', '.join(self.index)}") from None

    def _pile(self, game: Any, i: int) -> tuple[str, ...]:
        """The pile of the zone of index ``i``."""
        return game.world.get(self._zent[i], Pile).cards

    def cards_in(self, game: Any, zone: str) -> tuple[str, ...]:
        """The zone's cards, top first (sorted in an unordered zone)."""
        try:
            e = self.zone_ent[zone]
        except KeyError:
            raise CardError(f"no zone {zone!r}; zones are {', '.join(self.index)}") from None
        return game.world.get(e, Pile).cards

    def count(self, game: Any, zone: str) -> int:
        return len(self.cards_in(game, zone))

    def where(self, game: Any, card: str) -> str | None:
        """The zone holding ``card`` (for a card under another: the host's zone)."""
        return self._places(game).get(card)

    def host_of(self, game: Any, card: str) -> str | None:
        """The card ``card`` lies under, or None."""
        under = self._extras(game)[0]
        for host in sorted(under):
            if card in under[host]:
                return host
        return None

    def _places(self, game: Any) -> dict[str, str | None]:
        """card -> the zone holding it (or its host), read from the piles and the cards under cards."""
        memo = game.memo_on(Pile, Under)
        got = memo.get("cards.places")
        if got is None:
            w = game.world
            got = {}
            for z, e in zip(self.zones, self._zent):
                for c in w.get(e, Pile).cards:
                    got[c] = z.name
            under = self._extras(game)[0]
            for host in sorted(under):
                for c in under[host]:
                    got[c] = got.get(host)
            memo["cards.places"] = got
        return got

    def _extras(self, game: Any) -> tuple[dict[str, tuple[str, ...]], dict[str, int]]:
        """(host -> the cards under it, host -> its counter), read from the cards' entities."""
        memo = game.memo_on(Under, Counter)
        got = memo.get("cards.extras")
        if got is None:
            table = game.world.table()
            under: dict[str, tuple[str, ...]] = {}
            cnt: dict[str, int] = {}
            for c, e in self.card_ent.items():
                comps = table[e]
                u = comps.get(Under)
                if u is not None:
                    under[c] = u.cards
                k = comps.get(Counter)
                if k is not None:
                    cnt[c] = k.n
            got = memo["cards.extras"] = (under, cnt)
        return got

    def owners(self, game: Any) -> dict[str, str | None]:
        """card -> its public owner, read from the cards' entities (do not change it)."""
        memo = game.memo_on(Owner)
        got = memo.get("cards.owners")
        if got is None:
            w = game.world
            got = memo["cards.owners"] = {c: w.get(e, Owner).owner for c, e in self.card_ent.items()}
        return got

    def owner(self, game: Any, card: str) -> str | None:
        return game.world.get(self.card_ent[card], Owner).owner

    def owned(self, game: Any, owner: str | None, zones: Iterable[str] | None = None) -> tuple[str, ...]:
        """Cards of ``owner`` (in ``zones`` if given), sorted."""
        own = self.owners(game)
        if zones is None:
            return tuple(sorted(c for c in self.cards if own[c] == owner))
        return tuple(sorted(c for z in zones for c in self.cards_in(game, z) if own[c] == owner))

    def attached(self, game: Any, host: str) -> tuple[str, ...]:
        """The cards under ``host`` (the first is the one a detach takes)."""
        e = self.card_ent.get(host)
        u = None if e is None else game.world.try_get(e, Under)
        return () if u is None else u.cards

    def counter(self, game: Any, host: str) -> int:
        e = self.card_ent.get(host)
        k = None if e is None else game.world.try_get(e, Counter)
        return 0 if k is None else k.n

    # -- writing: each change writes the piles (and cards) it touches ----------------------------
    def _write(self, game: Any, piles: Mapping[int, tuple[str, ...]]) -> None:
        """Give these zones (by index) these piles."""
        zent, put = self._zent, game.put
        for i, p in piles.items():
            put(zent[i], Pile(p))

    def move(self, game: Any, card: str, dst: str, frm: str | None = None, at: str | int = BOTTOM) -> None:
        """Move ``card`` to ``dst`` (from ``frm``, or from wherever it is); in an
        ordered zone at the TOP, the BOTTOM (default) or an index."""
        self.move_all(game, (card,), dst, frm, at)

    def move_all(self, game: Any, cards: Sequence[str], dst: str, frm: str | None = None,
                 at: str | int = BOTTOM) -> None:
        """Move these cards, keeping their order (the first ends nearest the top)."""
        piles: dict[int, tuple[str, ...]] = {}
        for c in cards:
            src = self._i(frm) if frm is not None else self._find(game, c)
            p = piles[src] if src in piles else self._pile(game, src)
            if c not in p:
                raise CardError(f"{c} is not in {self.zones[src].name}")
            piles[src] = tuple(x for x in p if x != c)
        di = self._i(dst)
        piles[di] = self._inserted(di, piles[di] if di in piles else self._pile(game, di), tuple(cards), at)
        self._write(game, piles)

    def _find(self, game: Any, card: str) -> int:
        w = game.world
        for i, e in enumerate(self._zent):
            if card in w.get(e, Pile).cards:
                return i
        if card not in self.card_index:
            raise CardError(f"no card {card!r}")
        raise CardError(f"{card} lies under another card: detach it")

    def _inserted(self, di: int, p: tuple[str, ...], cards: tuple[str, ...], at: str | int) -> tuple[str, ...]:
        """Zone ``di``'s pile ``p`` with ``cards`` put in at ``at``."""
        if not self.zones[di].ordered:
            out = list(p)
            for c in cards:
                bisect.insort(out, c)
            return tuple(out)
        if at == BOTTOM:
            return p + cards
        if at == TOP:
            return cards + p
        return p[:at] + cards + p[at:]

    def gather(self, game: Any, dst: str, srcs: Iterable[str], at: str | int = BOTTOM) -> tuple[str, ...]:
        """Move every card of the zones ``srcs`` (in turn, each in its order) to ``dst``."""
        piles: dict[int, tuple[str, ...]] = {}
        moved: tuple[str, ...] = ()
        for s in srcs:
            si = self._i(s)
            moved += piles[si] if si in piles else self._pile(game, si)
            piles[si] = ()
        di = self._i(dst)
        piles[di] = self._inserted(di, piles[di] if di in piles else self._pile(game, di), moved, at)
        self._write(game, piles)
        return moved

    def arrange(self, game: Any, zone: str, cards: Sequence[str]) -> None:
        """Put a zone's cards in this order (the same cards; tests and hand-built positions)."""
        zi = self._i(zone)
        pile = self._pile(game, zi)
        if sorted(cards) != sorted(pile):
            raise CardError(f"arrange {zone}: {sorted(cards)} are not its cards {sorted(pile)}")
        self._write(game, {zi: self._arranged(zi, cards)})

    def swap(self, game: Any, a: str, b: str) -> None:
        """Exchange the places of two cards, in zones or under cards (tests: "what if
        they had chosen b", "what if the face-down support card were another")."""
        under = dict(self._extras(game)[0])
        for c in (a, b):
            if c not in self.card_index:
                raise CardError(f"no card {c!r}")
            if c in under:
                raise CardError(f"{c} has cards under it: it cannot change places")
        if self.where(game, a) is None or self.where(game, b) is None:
            raise CardError(f"{a} or {b} is in no place")

        def sw(x: str) -> str:
            return b if x == a else a if x == b else x
        piles = {}
        for i in range(len(self.zones)):
            p = self._pile(game, i)
            if a in p or b in p:
                piles[i] = self._arranged(i, tuple(sw(x) for x in p))
        self._write(game, piles)
        for h, cs in under.items():
            if a in cs or b in cs:
                game.put(self.card_ent[h], Under(tuple(sw(x) for x in cs)))

    def shuffle(self, game: Any, zone: str, purpose: str = "") -> tuple[str, ...]:
        """Shuffle the zone with the game's dice (a logged event). The cards are
        put in sorted order first, so the result depends on the dice and the set
        of cards only, never on how they came to be there."""
        zi = self._i(zone)
        out = tuple(game.dice.shuffle(sorted(self._pile(game, zi)), purpose or Msg("shuffle {zone}", zone=zone)))
        self._write(game, {zi: out})
        return out

    def _take_top(self, game: Any, src: str, n: int, reshuffle: str | None,
                  purpose: str) -> tuple[dict[int, tuple[str, ...]], tuple[str, ...]]:
        """The top ``n`` cards of ``src`` taken off (reshuffling ``reshuffle`` into
        it when it runs out): ({zone index: its pile after}, the cards)."""
        si = self._i(src)
        pile = self._pile(game, si)
        got = pile[:n]
        if len(got) < n and reshuffle is not None and self._pile(game, self._i(reshuffle)):
            self._write(game, {si: ()})
            self.gather(game, src, (reshuffle,))
            self.shuffle(game, src, purpose or Msg("shuffle {reshuffle} into {src}", reshuffle=reshuffle, src=src))
            pile = self._pile(game, si)
            more = pile[:n - len(got)]
            return {si: pile[len(more):]}, got + more
        return {si: pile[len(got):]}, got

    def draw(self, game: Any, src: str, dst: str, n: int = 1, reshuffle: str | None = None,
             purpose: str = "") -> tuple[str, ...]:
        """Move the top ``n`` cards of ``src`` to ``dst``. When ``src`` runs out
        and ``reshuffle`` names a zone (a discard pile), its cards are shuffled
        into ``src`` first. Returns the cards drawn (fewer if both ran out)."""
        if n <= 0:
            return ()
        piles, got = self._take_top(game, src, n, reshuffle, purpose)
        di = self._i(dst)
        piles[di] = self._inserted(di, piles[di] if di in piles else self._pile(game, di), got, BOTTOM)
        self._write(game, piles)
        return got

    def refill(self, game: Any, src: str, hand: str, limit: int, reshuffle: str | None = None) -> tuple[str, ...]:
        """Draw from ``src`` until ``hand`` holds ``limit`` cards (none if it holds more)."""
        return self.draw(game, src, hand, limit - self.count(game, hand), reshuffle)

    def deal(self, game: Any, src: str, dsts: Sequence[str], n: int, reshuffle: str | None = None) -> None:
        """Deal ``n`` cards to each of ``dsts`` from the top of ``src``, one at a time in turn."""
        for _ in range(n):
            for d in dsts:
                self.draw(game, src, d, 1, reshuffle)

    def set_owners(self, game: Any, owners: Mapping[str, str | None]) -> None:
        """Give cards new owners (all others keep theirs)."""
        w = game.world
        for c, o in owners.items():
            e = self.card_ent[c]
            if w.get(e, Owner).owner != o:
                game.put(e, Owner(o))

    # -- cards under cards, and counters -----------------------------------------------------------
    def attach(self, game: Any, host: str, src: str, n: int = 1, card: str | None = None,
               reshuffle: str | None = None) -> tuple[str, ...]:
        """Put ``card`` (from ``src``), or the top ``n`` cards of ``src``
        (reshuffling ``reshuffle`` into it if it runs out), under ``host``: a card
        in a zone. Returns the cards put under it."""
        if self.where(game, host) is None or self.host_of(game, host) is not None:
            raise CardError(f"{host} is not in a zone: nothing can go under it")
        if card is not None:
            si = self._i(src)
            p = self._pile(game, si)
            if card not in p:
                raise CardError(f"{card} is not in {src}")
            piles = {si: tuple(x for x in p if x != card)}
            got: tuple[str, ...] = (card,)
        else:
            piles, got = self._take_top(game, src, n, reshuffle, "")
        self._write(game, piles)
        e = self.card_ent[host]
        game.put(e, Under(self.attached(game, host) + got))
        return got

    def detach(self, game: Any, host: str, dst: str, n: int = 1, card: str | None = None,
               at: str | int = BOTTOM) -> tuple[str, ...]:
        """Move ``card``, or the first ``n`` cards, from under ``host`` to ``dst``
        (a counter card back to the bottom of its deck). Returns them."""
        cs = self.attached(game, host)
        if card is not None:
            if card not in cs:
                raise CardError(f"{card} is not under {host}")
            got: tuple[str, ...] = (card,)
        else:
            got = cs[:n]
        left = tuple(x for x in cs if x not in got)
        e = self.card_ent.get(host)
        if left:
            game.put(e, Under(left))
        elif e is not None and game.world.has(e, Under):
            game.take(e, Under)
        di = self._i(dst)
        self._write(game, {di: self._inserted(di, self._pile(game, di), got, at)})
        return got

    def set_counter(self, game: Any, host: str, n: int) -> None:
        """Give ``host`` the number ``n`` (0 takes the counter off)."""
        e = self.card_ent.get(host)
        if e is None:
            raise CardError(f"no card {host!r}")
        if n:
            game.put(e, Counter(int(n)))
        elif game.world.has(e, Counter):
            game.take(e, Counter)

    # -- what a seat sees, and a view dealt from it --------------------------------------------------
    def roles(self, game: Any, seat: str) -> frozenset[str]:
        """The seat and the roles it holds (a zone owned by any of them is its own)."""
        return frozenset((seat,) + tuple(game.roles_of(seat)))

    def observe(self, game: Any, seat: str) -> dict[str, Seen]:
        """Every zone as ``seat`` sees it: the cards where it may see them, the
        count (and, in a tallied zone, the count of each owner) where it may not;
        the cards under each visible card likewise, and the counters."""
        roles = self.roles(game, seat)
        w = game.world
        under, cnt = self._extras(game)
        owners = self.owners(game)
        out: dict[str, Seen] = {}
        for e in self._zent:
            z = w.get(e, Zone)
            pile = w.get(e, Pile).cards
            if z.faces == PUBLIC or (z.faces == OWNER and z.owner in roles):
                if not (under or cnt):
                    out[z.name] = Seen(z.name, len(pile), pile)
                    continue
                show_under = z.shows(z.under, roles)
                ups = tuple((h, len(under[h]), under[h], None) if show_under else
                            (h, len(under[h]), None, _tally(owners[c] for c in under[h]) if z.tally else None)
                            for h in pile if h in under)
                cs = tuple((h, cnt[h]) for h in pile if h in cnt)
                out[z.name] = Seen(z.name, len(pile), pile, None, ups, cs)
            elif z.tally:
                out[z.name] = Seen(z.name, len(pile), None, _tally(owners[c] for c in pile))
            else:
                out[z.name] = Seen(z.name, len(pile), None)
        return out

    def determinize(self, view: Any, seat: str, rng: random.Random, fits: Fits | None = None) -> None:
        """Deal ``view`` (a copy of the game) again for ``seat``, from that seat's
        observation only: every card the seat cannot locate goes, at random from
        ``rng``, into a place it cannot see, keeping each place's count, each
        tallied zone's owners, each zone's ``accepts`` and the game's ``fits``.
        Places with a tally are dealt first, then those that accept the fewest
        owners, then in the order of the zones; a place that cannot be filled
        is dealt first on the next try (so a place the game's ``fits`` narrows
        gets its pick). Raises DealError if no deal fits."""
        w = view.world
        roles = self.roles(view, seat)
        owners = self.owners(view)
        under = self._extras(view)[0]
        # the places the seat cannot see (what observe() gives as a count): (order key, zone, host, count, tally)
        slots: list[tuple[tuple, int, str | None, int, tuple | None]] = []
        located: set[str] = set()
        for i, e in enumerate(self._zent):
            z = w.get(e, Zone)
            pile = w.get(e, Pile).cards
            rank = len(z.accepts) if z.accepts is not None else 1 << 30
            if not (z.faces == PUBLIC or (z.faces == OWNER and z.owner in roles)):
                if not pile:
                    continue
                if under and any(h in under for h in pile):
                    raise DealError(f"{z.name}: cards under hidden cards cannot be dealt")
                tally = _tally(owners[c] for c in pile) if z.tally else None
                slots.append(((tally is None, rank, i, ""), i, None, len(pile), tally))
                continue
            located.update(pile)
            if not under:
                continue
            show_under = z.shows(z.under, roles)
            for host in pile:
                cs = under.get(host)
                if cs is None:
                    continue
                if show_under:
                    located.update(cs)
                    continue
                tally = _tally(owners[c] for c in cs) if z.tally else None
                slots.append(((tally is None, rank, i, host), i, host, len(cs), tally))
        if not slots:
            return
        slots.sort(key=lambda s: s[0])
        # empty the hidden places first: the deal (and ``fits``) cannot read the truth
        for _, i, host, _, _ in slots:
            if host is None:
                self._write(view, {i: ()})
            else:
                view.take(self.card_ent[host], Under)
        unlocated = [c for c in self.cards if c not in located]
        order = [s[1:] for s in slots]
        for attempt in range(len(order) + 1):
            dealt, failed, why = self._deal(view, seat, rng, fits, order, unlocated, owners)
            if failed is None:
                break
            if failed is order[0] or attempt == len(order):
                raise DealError(why)
            order.remove(failed)        # the place that could not be filled chooses first next time
            order.insert(0, failed)
        for (i, host, _, _), taken in dealt.items():
            if host is None:
                self._write(view, {i: taken})
            else:
                view.put(self.card_ent[host], Under(taken))

    def _deal(self, view: Any, seat: str, rng: random.Random, fits: Fits | None, order: list[tuple],
              unlocated: list[str], owners: Mapping[str, str | None]
              ) -> tuple[dict[tuple, tuple[str, ...]], tuple | None, str]:
        """One try at dealing ``unlocated`` into the places ``order`` (zone index,
        host, count, tally), in that order: (the cards per place, the place that
        could not be filled or None, why)."""
        pool = list(unlocated)
        rng.shuffle(pool)
        out: dict[tuple, tuple[str, ...]] = {}
        for slot in order:
            i, host, n, tally = slot
            if n == 0:
                out[slot] = ()
                continue
            z = self.zones[i]
            acc = z.accepts
            want = tally if tally is not None else ((None, n),)
            taken: list[str] = []
            for who, k in want:
                got = 0
                for c in pool:
                    o = owners[c]
                    if (tally is not None and o != who) or (acc is not None and o not in acc):
                        continue
                    if fits is not None and not fits(view, z.name, host, c, tuple(taken)):
                        continue
                    taken.append(c)
                    got += 1
                    if got == k:
                        break
                if got:
                    gone = set(taken[-got:])
                    pool = [c for c in pool if c not in gone]
                if got < k:
                    place = z.name if host is None else f"under {host} in {z.name}"
                    return out, slot, (f"cannot deal {seat}'s view: {place} needs {k} card(s)"
                                       f"{'' if tally is None else f' of {who}'}, {got} fit")
            if z.ordered or host is not None:
                rng.shuffle(taken)
            else:
                taken.sort()
            out[slot] = tuple(taken)
        if pool:
            return out, order[0], f"cannot deal {seat}'s view: {len(pool)} card(s) fit no hidden place " \
                                  f"({', '.join(pool[:5])})"
        return out, None, ""

    # -- conservation ---------------------------------------------------------------------------
    def problems(self, game: Any) -> list[str]:
        """What is wrong with the cards' places (empty when every card is in exactly one place)."""
        w = game.world
        seen: dict[str, str] = {}
        out: list[str] = []

        def place(c: str, where: str) -> None:
            if c not in self.card_index:
                out.append(f"{where} holds {c!r}, not a card of this game")
            elif c in seen:
                out.append(f"{c} is in {seen[c]} and in {where}")
            else:
                seen[c] = where
        table = w.table()
        out.extend(f"the entity of {c} is card {table[e][Card].id}" for c, e in self.card_ent.items()
                   if table[e][Card].id != c)
        for e in self._zent:
            z = w.get(e, Zone)
            pile = w.get(e, Pile).cards
            for c in pile:
                place(c, z.name)
            if not z.ordered and list(pile) != sorted(pile):
                out.append(f"{z.name} is unordered but not sorted")
        hosts_seen = dict(seen)
        under, cnt = self._extras(game)
        for host in sorted(under):
            cs = under[host]
            if host not in hosts_seen:
                out.append(f"cards {cs} lie under {host}, which is in no zone")
            if not cs:
                out.append(f"an empty list of cards under {host}")
            for c in cs:
                place(c, f"under {host}")
        for host in sorted(cnt):
            if host not in hosts_seen:
                out.append(f"{host} has a counter but is in no zone")
        missing = [c for c in self.cards if c not in seen]
        if missing:
            out.append(f"{len(missing)} card(s) in no place: {', '.join(missing[:8])}")
        return out

    def check(self, game: Any) -> None:
        """Raise CardError unless every card is in exactly one place."""
        bad = self.problems(game)
        if bad:
            raise CardError(f"{game.game_id}: " + "; ".join(bad))
