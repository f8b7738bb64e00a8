"""Cards in zones, shared by the card games (義經's shared deck, 中原大戰's decks and hands).

A card is a plain id (a string). Every card of a game is in exactly one place:
a *zone* (deck, hand, discard, in play, removed, face down, set aside ...) or
under a card in a zone (counter cards under a lasting command, support cards
under a neutral general). A card may also carry a number (a counter).

The zones are the game's *layout*: a :class:`Zones` made once in ``_setup``
(its names, owners and visibility never change), shared by the game and its
copies. What is where lives in the game's esper world, as one frozen
:class:`CardState` component, read through ``game.world`` and written through
``game.put``; every shuffle and random draw goes through ``game.dice`` (a
logged event). Each card also has a public *owner* (the role whose card it is,
as a card back shows it, or None), which a game may change (in 義經 the side
that may choose the card this turn).

Visibility, per zone (:class:`Zone`): ``faces`` says who sees the cards —
everyone (PUBLIC), the seat holding the zone's owner (OWNER) or nobody, not
even the owner (NOBODY: a face-down deck); the others see how many there are
and, if ``tally``, how many of each owner (the backs). ``ordered`` False makes
a zone a set (kept sorted: a hand). :meth:`Zones.observe` gives a seat exactly
that; :meth:`Zones.determinize` deals a view again from it.

    zones = Zones([Zone("deck", DECK, faces=NOBODY), Zone("hand:A", HAND, owner="A", faces=OWNER,
                   ordered=False)], cards=("a1", "a2", "a3"))
    zones.create(game, {"deck": ("a1", "a2", "a3")}, owners={"a1": "A", ...})
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
class CardState:
    """Where every card is (the component; one entity per game holds it)."""
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
    """A game's zones and cards (its layout). Every method takes the game whose
    world holds the cards."""

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
        self.ent: int | None = None

    # -- set-up ----------------------------------------------------------------------
    def create(self, game: Any, contents: Mapping[str, Sequence[str]] | None = None,
               owners: Mapping[str, str | None] | None = None, rest: str | None = None) -> int:
        """Make the card entity (in ``_setup``): ``contents`` zone -> cards (top
        first), ``owners`` card -> owner (others have none); cards not named go to
        ``rest`` (a zone name). Every card must end up in one place."""
        self.ent = game.create(self._laid_out(contents or {}, owners, rest))
        self.check(game)
        return self.ent

    def reset(self, game: Any, contents: Mapping[str, Sequence[str]], owners: Mapping[str, str | None] | None = None,
              rest: str | None = None) -> None:
        """Put every card in a place again, as :meth:`create` (a new round; a hand-built position)."""
        self._write(game, self._laid_out(contents, owners, rest))
        self.check(game)

    def _laid_out(self, contents: Mapping[str, Sequence[str]], owners: Mapping[str, str | None] | None,
                  rest: str | None) -> CardState:
        piles = {self._i(z): tuple(cs) for z, cs in contents.items()}
        if rest is not None:
            named = {c for cs in piles.values() for c in cs}
            ri = self._i(rest)
            piles[ri] = piles.get(ri, ()) + tuple(c for c in self.cards if c not in named)
        own = owners or {}
        return CardState(tuple(self._arranged(i, piles.get(i, ())) for i in range(len(self.zones))),
                         tuple(own.get(c) for c in self.cards))

    def _arranged(self, i: int, cards: Iterable[str]) -> tuple[str, ...]:
        out = tuple(cards)
        return out if self.zones[i].ordered else tuple(sorted(out))

    # -- reading -----------------------------------------------------------------------
    def state(self, game: Any) -> CardState:
        return game.world.get(self.ent, CardState)

    def _write(self, game: Any, state: CardState) -> None:
        game.put(self.ent, state)

    def zone(self, name: str) -> Zone:
        return self.zones[self._i(name)]

    def _i(self, name: str) -> int:
        try:
            return self.index[name]
        except KeyError:
            raise CardError(f"no zone {name!r}; zones are {', '.join(self.index)}") from None

    def cards_in(self, game: Any, zone: str) -> tuple[str, ...]:
        """The zone's cards, top first (sorted in an unordered zone)."""
        return game.world.get(self.ent, CardState).piles[self._i(zone)]

    def count(self, game: Any, zone: str) -> int:
        return len(self.cards_in(game, zone))

    def where(self, game: Any, card: str) -> str | None:
        """The zone holding ``card`` (for a card under another: the host's zone)."""
        return self._places(game).get(card)

    def host_of(self, game: Any, card: str) -> str | None:
        """The card ``card`` lies under, or None."""
        for host, cs in self.state(game).under:
            if card in cs:
                return host
        return None

    def _places(self, game: Any) -> dict[str, str]:
        memo = game.memo_on(CardState)
        got = memo.get("cards.places")
        if got is None:
            st = self.state(game)
            got = {}
            for z, pile in zip(self.zones, st.piles):
                for c in pile:
                    got[c] = z.name
            for host, cs in st.under:
                for c in cs:
                    got[c] = got.get(host)
            memo["cards.places"] = got
        return got

    def owner(self, game: Any, card: str) -> str | None:
        return self.state(game).owners[self.card_index[card]]

    def owned(self, game: Any, owner: str | None, zones: Iterable[str] | None = None) -> tuple[str, ...]:
        """Cards of ``owner`` (in ``zones`` if given), sorted."""
        st = self.state(game)
        if zones is None:
            return tuple(sorted(c for c, o in zip(self.cards, st.owners) if o == owner))
        ci = self.card_index
        return tuple(sorted(c for z in zones for c in st.piles[self._i(z)] if st.owners[ci[c]] == owner))

    def attached(self, game: Any, host: str) -> tuple[str, ...]:
        """The cards under ``host`` (the first is the one a detach takes)."""
        for h, cs in self.state(game).under:
            if h == host:
                return cs
        return ()

    def counter(self, game: Any, host: str) -> int:
        for h, n in self.state(game).counters:
            if h == host:
                return n
        return 0

    # -- writing: every change is one new CardState ----------------------------------------
    def move(self, game: Any, card: str, dst: str, frm: str | None = None, at: str | int = BOTTOM) -> None:
        """Move ``card`` to ``dst`` (from ``frm``, or from wherever it is); in an
        ordered zone at the TOP, the BOTTOM (default) or an index."""
        self.move_all(game, (card,), dst, frm, at)

    def move_all(self, game: Any, cards: Sequence[str], dst: str, frm: str | None = None,
                 at: str | int = BOTTOM) -> None:
        """Move these cards, keeping their order (the first ends nearest the top)."""
        st = self.state(game)
        piles = list(st.piles)
        for c in cards:
            src = self._i(frm) if frm is not None else self._find(st, c)
            p = piles[src]
            if c not in p:
                raise CardError(f"{c} is not in {self.zones[src].name}")
            piles[src] = tuple(x for x in p if x != c)
        self._insert(piles, self._i(dst), tuple(cards), at)
        self._write(game, CardState(tuple(piles), st.owners, st.under, st.counters))

    def _find(self, st: CardState, card: str) -> int:
        for i, p in enumerate(st.piles):
            if card in p:
                return i
        if card not in self.card_index:
            raise CardError(f"no card {card!r}")
        raise CardError(f"{card} lies under another card: detach it")

    def _insert(self, piles: list[tuple[str, ...]], di: int, cards: tuple[str, ...], at: str | int) -> None:
        p = piles[di]
        if not self.zones[di].ordered:
            out = list(p)
            for c in cards:
                bisect.insort(out, c)
            piles[di] = tuple(out)
        elif at == BOTTOM:
            piles[di] = p + cards
        elif at == TOP:
            piles[di] = cards + p
        else:
            piles[di] = p[:at] + cards + p[at:]

    def gather(self, game: Any, dst: str, srcs: Iterable[str], at: str | int = BOTTOM) -> tuple[str, ...]:
        """Move every card of the zones ``srcs`` (in turn, each in its order) to ``dst``."""
        st = self.state(game)
        piles = list(st.piles)
        moved: tuple[str, ...] = ()
        for s in srcs:
            si = self._i(s)
            moved += piles[si]
            piles[si] = ()
        self._insert(piles, self._i(dst), moved, at)
        self._write(game, CardState(tuple(piles), st.owners, st.under, st.counters))
        return moved

    def arrange(self, game: Any, zone: str, cards: Sequence[str]) -> None:
        """Put a zone's cards in this order (the same cards; tests and hand-built positions)."""
        st = self.state(game)
        zi = self._i(zone)
        if sorted(cards) != sorted(st.piles[zi]):
            raise CardError(f"arrange {zone}: {sorted(cards)} are not its cards {sorted(st.piles[zi])}")
        piles = list(st.piles)
        piles[zi] = self._arranged(zi, cards)
        self._write(game, CardState(tuple(piles), st.owners, st.under, st.counters))

    def swap(self, game: Any, a: str, b: str) -> None:
        """Exchange the places of two cards, in zones or under cards (tests: "what if
        they had chosen b", "what if the face-down support card were another")."""
        st = self.state(game)
        for c in (a, b):
            if c not in self.card_index:
                raise CardError(f"no card {c!r}")
            if any(h == c for h, _ in st.under):
                raise CardError(f"{c} has cards under it: it cannot change places")
        if self.where(game, a) is None or self.where(game, b) is None:
            raise CardError(f"{a} or {b} is in no place")

        def sw(x: str) -> str:
            return b if x == a else a if x == b else x
        piles = [self._arranged(i, tuple(sw(x) for x in p)) if (a in p or b in p) else p
                 for i, p in enumerate(st.piles)]
        under = tuple((h, tuple(sw(x) for x in cs)) for h, cs in st.under)
        self._write(game, CardState(tuple(piles), st.owners, under, st.counters))

    def shuffle(self, game: Any, zone: str, purpose: str = "") -> tuple[str, ...]:
        """Shuffle the zone with the game's dice (a logged event). The cards are
        put in sorted order first, so the result depends on the dice and the set
        of cards only, never on how they came to be there."""
        st = self.state(game)
        zi = self._i(zone)
        out = tuple(game.dice.shuffle(sorted(st.piles[zi]), purpose or Msg("shuffle {zone}", zone=zone)))
        piles = list(st.piles)
        piles[zi] = out
        self._write(game, CardState(tuple(piles), st.owners, st.under, st.counters))
        return out

    def _take_top(self, game: Any, src: str, n: int, reshuffle: str | None,
                  purpose: str) -> tuple[list[tuple[str, ...]], CardState, tuple[str, ...]]:
        """The top ``n`` cards of ``src`` taken off (reshuffling ``reshuffle`` into
        it when it runs out): (piles after, the state they came from, the cards)."""
        si = self._i(src)
        st = self.state(game)
        got = st.piles[si][:n]
        if len(got) < n and reshuffle is not None and st.piles[self._i(reshuffle)]:
            piles = list(st.piles)
            piles[si] = ()
            self._write(game, CardState(tuple(piles), st.owners, st.under, st.counters))
            self.gather(game, src, (reshuffle,))
            self.shuffle(game, src, purpose or Msg("shuffle {reshuffle} into {src}", reshuffle=reshuffle, src=src))
            st = self.state(game)
            more = st.piles[si][:n - len(got)]
            piles = list(st.piles)
            piles[si] = st.piles[si][len(more):]
            return piles, st, got + more
        piles = list(st.piles)
        piles[si] = st.piles[si][len(got):]
        return piles, st, got

    def draw(self, game: Any, src: str, dst: str, n: int = 1, reshuffle: str | None = None,
             purpose: str = "") -> tuple[str, ...]:
        """Move the top ``n`` cards of ``src`` to ``dst``. When ``src`` runs out
        and ``reshuffle`` names a zone (a discard pile), its cards are shuffled
        into ``src`` first. Returns the cards drawn (fewer if both ran out)."""
        if n <= 0:
            return ()
        piles, st, got = self._take_top(game, src, n, reshuffle, purpose)
        self._insert(piles, self._i(dst), got, BOTTOM)
        self._write(game, CardState(tuple(piles), st.owners, st.under, st.counters))
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
        st = self.state(game)
        own = list(st.owners)
        for c, o in owners.items():
            own[self.card_index[c]] = o
        self._write(game, CardState(st.piles, tuple(own), st.under, st.counters))

    # -- cards under cards, and counters -----------------------------------------------------------
    def attach(self, game: Any, host: str, src: str, n: int = 1, card: str | None = None,
               reshuffle: str | None = None) -> tuple[str, ...]:
        """Put ``card`` (from ``src``), or the top ``n`` cards of ``src``
        (reshuffling ``reshuffle`` into it if it runs out), under ``host``: a card
        in a zone. Returns the cards put under it."""
        if self.where(game, host) is None or self.host_of(game, host) is not None:
            raise CardError(f"{host} is not in a zone: nothing can go under it")
        if card is not None:
            st = self.state(game)
            si = self._i(src)
            if card not in st.piles[si]:
                raise CardError(f"{card} is not in {src}")
            piles = list(st.piles)
            piles[si] = tuple(x for x in st.piles[si] if x != card)
            got: tuple[str, ...] = (card,)
        else:
            piles, st, got = self._take_top(game, src, n, reshuffle, "")
        under = dict(st.under)
        under[host] = under.get(host, ()) + got
        self._write(game, CardState(tuple(piles), st.owners, tuple(sorted(under.items())), st.counters))
        return got

    def detach(self, game: Any, host: str, dst: str, n: int = 1, card: str | None = None,
               at: str | int = BOTTOM) -> tuple[str, ...]:
        """Move ``card``, or the first ``n`` cards, from under ``host`` to ``dst``
        (a counter card back to the bottom of its deck). Returns them."""
        st = self.state(game)
        under = dict(st.under)
        cs = under.get(host, ())
        if card is not None:
            if card not in cs:
                raise CardError(f"{card} is not under {host}")
            got: tuple[str, ...] = (card,)
        else:
            got = cs[:n]
        left = tuple(x for x in cs if x not in got)
        if left:
            under[host] = left
        else:
            under.pop(host, None)
        piles = list(st.piles)
        self._insert(piles, self._i(dst), got, at)
        self._write(game, CardState(tuple(piles), st.owners, tuple(sorted(under.items())), st.counters))
        return got

    def set_counter(self, game: Any, host: str, n: int) -> None:
        """Give ``host`` the number ``n`` (0 takes the counter off)."""
        st = self.state(game)
        cnt = dict(st.counters)
        if n:
            cnt[host] = int(n)
        else:
            cnt.pop(host, None)
        self._write(game, CardState(st.piles, st.owners, st.under, tuple(sorted(cnt.items()))))

    # -- what a seat sees, and a view dealt from it --------------------------------------------------
    def roles(self, game: Any, seat: str) -> frozenset[str]:
        """The seat and the roles it holds (a zone owned by any of them is its own)."""
        return frozenset((seat,) + tuple(game.roles_of(seat)))

    def observe(self, game: Any, seat: str) -> dict[str, Seen]:
        """Every zone as ``seat`` sees it: the cards where it may see them, the
        count (and, in a tallied zone, the count of each owner) where it may not;
        the cards under each visible card likewise, and the counters."""
        roles = self.roles(game, seat)
        st = self.state(game)
        under = dict(st.under)
        cnt = dict(st.counters)
        owners, ci = st.owners, self.card_index
        out: dict[str, Seen] = {}
        for z, pile in zip(self.zones, st.piles):
            if z.faces == PUBLIC or (z.faces == OWNER and z.owner in roles):
                if not (under or cnt):
                    out[z.name] = Seen(z.name, len(pile), pile)
                    continue
                show_under = z.shows(z.under, roles)
                ups = tuple((h, len(under[h]), under[h], None) if show_under else
                            (h, len(under[h]), None, _tally(owners[ci[c]] for c in under[h]) if z.tally else None)
                            for h in pile if h in under)
                cs = tuple((h, cnt[h]) for h in pile if h in cnt)
                out[z.name] = Seen(z.name, len(pile), pile, None, ups, cs)
            elif z.tally:
                out[z.name] = Seen(z.name, len(pile), None, _tally(owners[ci[c]] for c in pile))
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
        st = self.state(view)
        roles = self.roles(view, seat)
        owners, ci = st.owners, self.card_index
        under = dict(st.under)
        # the places the seat cannot see (what observe() gives as a count): (order key, zone, host, count, tally)
        slots: list[tuple[tuple, int, str | None, int, tuple | None]] = []
        located: set[str] = set()
        for i, z in enumerate(self.zones):
            pile = st.piles[i]
            rank = len(z.accepts) if z.accepts is not None else 1 << 30
            if not (z.faces == PUBLIC or (z.faces == OWNER and z.owner in roles)):
                if not pile:
                    continue
                if under and any(h in under for h in pile):
                    raise DealError(f"{z.name}: cards under hidden cards cannot be dealt")
                tally = _tally(owners[ci[c]] for c in pile) if z.tally else None
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
                tally = _tally(owners[ci[c]] for c in cs) if z.tally else None
                slots.append(((tally is None, rank, i, host), i, host, len(cs), tally))
        if not slots:
            return
        slots.sort(key=lambda s: s[0])
        # empty the hidden places first: the deal (and ``fits``) cannot read the truth
        piles = list(st.piles)
        for _, i, host, _, _ in slots:
            if host is None:
                piles[i] = ()
            else:
                del under[host]
        self._write(view, CardState(tuple(piles), st.owners, tuple(sorted(under.items())), st.counters))
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
                piles[i] = taken
            else:
                under[host] = taken
        self._write(view, CardState(tuple(piles), st.owners, tuple(sorted(under.items())), st.counters))

    def _deal(self, view: Any, seat: str, rng: random.Random, fits: Fits | None, order: list[tuple],
              unlocated: list[str], owners: tuple[str | None, ...]
              ) -> tuple[dict[tuple, tuple[str, ...]], tuple | None, str]:
        """One try at dealing ``unlocated`` into the places ``order`` (zone index,
        host, count, tally), in that order: (the cards per place, the place that
        could not be filled or None, why)."""
        pool = list(unlocated)
        rng.shuffle(pool)
        ci = self.card_index
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
                    o = owners[ci[c]]
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
        st = self.state(game)
        seen: dict[str, str] = {}
        out: list[str] = []

        def place(c: str, where: str) -> None:
            if c not in self.card_index:
                out.append(f"{where} holds {c!r}, not a card of this game")
            elif c in seen:
                out.append(f"{c} is in {seen[c]} and in {where}")
            else:
                seen[c] = where
        if len(st.piles) != len(self.zones) or len(st.owners) != len(self.cards):
            return [f"the card state has {len(st.piles)} piles and {len(st.owners)} owners for "
                    f"{len(self.zones)} zones and {len(self.cards)} cards"]
        for z, pile in zip(self.zones, st.piles):
            for c in pile:
                place(c, z.name)
            if not z.ordered and list(pile) != sorted(pile):
                out.append(f"{z.name} is unordered but not sorted")
        hosts_seen = dict(seen)
        for host, cs in st.under:
            if host not in hosts_seen:
                out.append(f"cards {cs} lie under {host}, which is in no zone")
            if not cs:
                out.append(f"an empty list of cards under {host}")
            for c in cs:
                place(c, f"under {host}")
        for host, _ in st.counters:
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
