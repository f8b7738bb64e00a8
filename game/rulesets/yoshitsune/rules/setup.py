"""義經's set-up [3.0]: its entities, and the readers of their components.

The entities, all made in ``_setup``:

- each general (``gen_ent``): ``General`` (clan, valour, command, card; never
  written) and where he is: ``Location`` (an area, "ou" or "waiting_box"),
  ``Removed`` (since a turn) or ``OutOfPlay`` (not in a hand-built position);
- each map area and the 奥羽 box (``area_ent``): ``Area`` (supply, base, sea;
  never written: the map's tables ``bases``, ``seas`` and ``supply`` are built
  from it) and ``Garrison`` (retainers by clan);
- the turn marker (``TurnMarker``) and the Go-Shirakawa marker on the court
  track (``CourtMarker``);
- the 臆病者 and 梶原景時 markers (``Marker``, and ``MarkerOn`` while placed);
- the cards and their zones (game.systems.cards; see deck.py);
- the sequence of play (``game_ent``): ``Flow``, the phase the kernel dispatches
  on (sequence.py), ``DeckBuilding`` and the components of the step under way.

- Set-up: the data sheet's revised set-up (§3.4): 西瀬戸 starts empty, so neither
  side starts with both Inland Sea areas (the +1 card of 7.0(2)).
- Control [12.0] looks at retainers only: an area is controlled by the one clan
  with retainers there; generals do not break or give control.

Reads everything; writes ``Garrison`` (``_set_count``) and, in ``from_position``,
every entity.
"""
from __future__ import annotations

from typing import Any

from game.core.data import load_json
from game.core.text import N_, Msg, Name
from game.core.tmx import load_board
from game.paths import ROOT, map_path

from .. import actions as _actions
from ..components import (Act, Area, Battle, DeckBuilding, FateQueue, Flow, Garrison, General, Location, Marker,
                          MarkerOn, Markers, MoveState, OutOfPlay, Removed, Replenishment, RetreatDue, Round,
                          StormFate, Track, TurnMarker, CourtMarker)
from ..kinds import START

SIDES = ("MINAMOTO", "TAIRA")
WAITING = "waiting_box"
OU = "ou"
COURT_CARDS = ("C02", "C03")
OKUBYO, KAJIWARA = "okubyo", "kajiwara"
DATA_PATH = ROOT / "game" / "rulesets" / "yoshitsune" / "data.json"
NOBODY_NAME = N_("nobody")
#: what a step of play may leave on the sequence-of-play entity (taken off when a card is done)
STEP_STATE = (Act, MoveState, Battle, Round, FateQueue, StormFate, RetreatDue)


def other(side: str | None) -> str:
    return "TAIRA" if side == "MINAMOTO" else "MINAMOTO"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)


def table_row(rows: list[dict], roll: int, field: str):
    """``field`` of the row of a die table whose rolls hold ``roll``."""
    for r in rows:
        if roll in r["rolls"]:
            return r[field]
    raise ValueError(roll)


class Setup:
    """Set-up [3.0]: the entities of a new game, the readers of their components, and
    hand-built positions for tests and tools."""

    # -- the data and the map (the layout) -------------------------------------------------------
    def _load_static(self) -> None:
        d = self.data = load_data()
        b = self.board = load_board(map_path(d["map"]))
        b.check_cells(d["map_cells"])
        self.areas = tuple(sorted(n for n, c in b.cells.items() if not c.props.get("offboard")))
        self.nbrs = {n: tuple(sorted(m for m in b.neighbours(n) if m != OU)) for n in b.cells}
        self.gdata = {g["key"]: g for g in d["generals"]}
        self.cdata = {c["id"]: c for c in d["cards"]}
        self.clan_data = d["clans"]
        #: clan -> turn -> side, for the clans whose side changes (木曾)
        self.side_by_turn = {c: {int(t): s for t, s in cd["side_by_turn"].items()}
                             for c, cd in self.clan_data.items() if "side_by_turn" in cd}
        self.turns = int(d["turns"])
        self.track_data = {t["turn"]: t for t in d["turn_track"]}
        self.court_spaces = {s["index"]: s for s in d["court_track"]["spaces"]}
        self.court_min, self.court_max = int(d["court_track"]["min"]), int(d["court_track"]["max"])
        self.max_rounds = int(self.options.get("max_rounds", d["combat"]["max_rounds"]))
        self.tables = d["tables"]
        # the names players read (log lines, the client): 北関東 North Kantō, never the key
        self.place_names = {n: (c.props.get("name_local", n), c.props.get("name_en", n)) for n, c in b.cells.items()}
        self.place_names.update((o.name, (o.props["name_local"], o.props["name_en"])) for o in b.objects
                                if o.name == WAITING and "name_local" in o.props)
        # the same names for the rules' text (game.core.text.Name: the client shows both scripts)
        self.places = {n: Name(en.split(" (")[0], local, "ja") for n, (local, en) in self.place_names.items()}
        self.gen_names = {k: Name(g["name"].split()[-1], g["name_local"], "ja") for k, g in self.gdata.items()}
        self.card_names = {c: Name(cd["name"], cd["name_local"], "ja") for c, cd in self.cdata.items()}
        self.clan_names = {c: Name(cd["name"], cd["name_local"], "ja") for c, cd in self.clan_data.items()}
        # dice purposes (made once: the dice report every roll, searches included)
        self.fire_purpose = {c: Msg("{clan} fire", clan=n) for c, n in self.clan_names.items()}
        self.storm_purpose = {c: Msg("storm: {clan}", clan=n) for c, n in self.clan_names.items()}
        self.fate_purpose = {k: Msg("fate of {general}", general=n) for k, n in self.gen_names.items()}
        self.odd_purpose = {a: Msg("odd supply point in {area}", area=n) for a, n in self.places.items()}
        _actions.register_names(self.places, self.gen_names, self.clan_names, self.card_names)

    def _create_regions(self) -> None:
        """An entity for every map area and the 奥羽 box; the map's tables are built from them."""
        self.area_ent = {}
        for n in self.areas + (OU,):
            c = self.board.cell(n)
            self.area_ent[n] = self.create(Area(n, int(c.props["supply"]), bool(c.props.get("base")),
                                                bool(c.props.get("sea")), n == OU), Garrison())
        regions = [self.world.get(e, Area) for e in self.area_ent.values()]
        self.supply = {a.key: a.supply for a in regions}
        self.bases = frozenset(a.key for a in regions if a.base and not a.box)
        self.seas = frozenset(a.key for a in regions if a.sea and not a.box)

    def _setup(self) -> None:
        self._load_static()
        self.gen_ent = {key: self.create(General(key, g["clan"], g["name"], g["name_local"], int(g["valour"]),
                                                 int(g["command"]), g["card"]))
                        for key, g in self.gdata.items()}
        self._create_regions()
        for p in self.data["setup"]["placements"]:
            for g in p["generals"]:
                self.put(self.gen_ent[g], Location(p["where"]))
            if p["retainers"]:
                self.put(self.area_ent[p["where"]], Garrison(tuple(sorted(p["retainers"].items()))))
        self.turn_ent = self.create(TurnMarker(1))
        self.court_ent = self.create(CourtMarker(int(self.data["court_track"]["start"])))
        self.marker_ent = {k: self.create(Marker(k)) for k in (OKUBYO, KAJIWARA)}
        self.game_ent = self.create(Flow(START, None), DeckBuilding())
        self._create_cards()
        self._start_turn(1)

    # -- reading the world ---------------------------------------------------------------------------
    def _get(self, comp: type):
        """The sequence of play's component of this type, or None."""
        return self.world.try_get(self.game_ent, comp)

    def flow(self) -> Flow:
        return self.world.get(self.game_ent, Flow)

    def turn(self) -> int:
        return self.world.get(self.turn_ent, TurnMarker).turn

    def court(self) -> int:
        return self.world.get(self.court_ent, CourtMarker).space

    def track(self) -> Track:
        return Track(self.turn(), self.court())

    def marker_on(self, kind: str) -> str | None:
        """The general the marker (OKUBYO, KAJIWARA) is placed with, or None."""
        m = self.world.try_get(self.marker_ent[kind], MarkerOn)
        return None if m is None else m.general

    def markers(self) -> Markers:
        return Markers(self.marker_on(OKUBYO), self.marker_on(KAJIWARA))

    def _place_marker(self, kind: str, general: str | None) -> None:
        if general is None:
            self.take(self.marker_ent[kind], MarkerOn)
        else:
            self.put(self.marker_ent[kind], MarkerOn(general))

    def building(self) -> DeckBuilding:
        return self.world.get(self.game_ent, DeckBuilding)

    def general(self, key: str) -> General:
        return self.world.get(self.gen_ent[key], General)

    def area(self, key: str) -> Area:
        return self.world.get(self.area_ent[key], Area)

    def loc(self, key: str) -> str | None:
        return self._locs().get(key)

    def is_removed(self, key: str) -> bool:
        return self.world.has(self.gen_ent[key], Removed)

    def _locs(self) -> dict[str, str]:
        """general -> where he is, for every general with a Location (in the order of the data)."""
        memo = self.memo_on(Location)
        got = memo.get("locs")
        if got is None:
            w = self.world
            got = memo["locs"] = {k: l.where for k, e in self.gen_ent.items()
                                  if (l := w.try_get(e, Location)) is not None}
        return got

    def generals_in(self, where: str) -> list[str]:
        return sorted(k for k, w in self._locs().items() if w == where)

    def garrison(self, area: str) -> dict[str, int]:
        """clan -> retainers in the area (read only)."""
        memo = self.memo_on(Garrison)
        got = memo.get(area)
        if got is None:
            got = memo[area] = dict(self.world.get(self.area_ent[area], Garrison).counts)
        return got

    def count(self, area: str, clan: str) -> int:
        return self.garrison(area).get(clan, 0)

    def _set_count(self, area: str, clan: str, n: int) -> None:
        g = dict(self.garrison(area))
        if n > 0:
            g[clan] = n
        else:
            g.pop(clan, None)
        self.put(self.area_ent[area], Garrison(tuple(sorted(g.items()))))

    def clans_in(self, area: str) -> set[str]:
        """Clans with any unit (retainer or general) in the area."""
        out = set(self.garrison(area))
        out.update(self.general(k).clan for k in self.generals_in(area))
        return out

    def has_clan_unit(self, area: str, clan: str, besides: str | None = None) -> bool:
        if self.count(area, clan) > 0:
            return True
        return any(self.general(k).clan == clan for k in self.generals_in(area) if k != besides)

    def controller(self, area: str) -> str | None:
        """The clan controlling the area [12.0]: the only clan with retainers there."""
        if area == OU:
            return None
        g = self.garrison(area)
        return next(iter(g)) if len(g) == 1 else None

    def side_of(self, clan: str, turn: int | None = None) -> str | None:
        by_turn = self.side_by_turn.get(clan)
        if by_turn is not None:
            return by_turn[turn or self.turn()]
        return self.clan_data[clan]["side"]

    def side_controls(self, area: str) -> str | None:
        c = self.controller(area)
        return self.side_of(c) if c else None

    def pool(self, clan: str) -> int:
        """Retainer counters of this clan not on the map (the counter mix limits replenishment)."""
        memo = self.memo_on(Garrison)
        key = ("pool", clan)
        got = memo.get(key)
        if got is None:
            on = sum(self.count(a, clan) for a in self.area_ent)
            got = memo[key] = int(self.clan_data[clan]["retainers"]) - on
        return got

    def command(self, key: str) -> int:
        g = self.general(key)
        if self.marker_on(KAJIWARA) == key:
            return min(5, g.command + 1)
        return g.command

    def court_friendly(self, index: int | None = None) -> str | None:
        return self.court_spaces[self.court() if index is None else index]["friendly"]

    def card_side(self, card: str) -> str | None:
        """Who may choose / use the card this turn (court cards: the friendly side now)."""
        c = self.cdata[card]
        if c["deck"] in SIDES:
            return c["deck"]
        if card == "C01":
            return c["available_by_turn"][str(self.turn())]
        return self.court_friendly()

    # -- names ----------------------------------------------------------------------------------------
    def _name(self, side: str | None) -> str:
        """A side's name (a data string the catalogues translate: "_translate" in data.json)."""
        return self.data["sides"][side]["name"] if side else NOBODY_NAME

    def place(self, where: str | None) -> Name | str:
        """An area's or box's name for the rules' text: a Name (南関東 South Kantō)."""
        got = self.places.get(where)
        return got if got is not None else str(where)

    def place_name(self, where: str | None, full: bool = False) -> str:
        """An area's or box's name as players read it: 南関東 South Kantō (``full``:
        南関東 South Kantō (Kamakura), with the map's note in brackets)."""
        got = self.place_names.get(where)
        if got is None:
            return str(where)
        local, en = got
        return f"{local} {en if full else en.split(' (')[0]}"

    def _gname(self, key: str) -> Name:
        return self.gen_names[key]

    # -- test and editor support -----------------------------------------------------------------------
    @classmethod
    def from_position(cls, generals: dict[str, str], retainers: dict[str, dict[str, int]], *,
                      turn: int = 1, court: int = 0, start: str = "use", card: str | None = None,
                      user: str | None = None, deck: tuple[str, ...] = (), removed: tuple[str, ...] = (),
                      markers: Markers | None = None, chosen: dict[str, tuple[str, ...]] | None = None,
                      seed: int = 0, options: dict[str, Any] | None = None):
        """A hand-built position. ``generals``: key -> area, "ou" or "waiting_box";
        generals not named are out of play, or removed if in ``removed``.
        ``retainers``: area -> {clan: n}; other areas are empty. ``start``:
        "turn" (begin the turn: court phase, replenishment...), "replenish",
        "build", "action" (turn the top card of ``deck``), "use" (``card`` is
        turned), "adjust" (run the adjustment phase now)."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        g._lay_out(generals, retainers, turn, court, removed, markers or Markers())
        if start == "turn":
            g._court_phase()
            g._start_replenishment()
        elif start == "replenish":
            g._start_replenishment()
        elif start == "build":
            g._start_build()
        elif start == "action" or (start == "use" and card is not None):
            g._deal_deck(deck, card, user, chosen or {}, turned=start == "use")
        elif start == "adjust":
            g._adjustment()
        g._flush_events()
        g.history.clear()
        g.invalidate()
        return g

    def _lay_out(self, generals: dict[str, str], retainers: dict[str, dict[str, int]], turn: int, court: int,
                 removed: tuple[str, ...], markers: Markers) -> None:
        """A hand-built position's pieces, markers and cards, before any phase starts."""
        for key, e in self.gen_ent.items():
            for comp in (Location, Removed, OutOfPlay):
                self.take(e, comp)
            if key in generals:
                self.put(e, Location(generals[key]))
            elif key in removed:
                self.put(e, Removed(0))
            else:
                self.put(e, OutOfPlay())
        for a, e in self.area_ent.items():
            self.put(e, Garrison(tuple(sorted((c, n) for c, n in retainers.get(a, {}).items() if n > 0))))
        self.put(self.turn_ent, TurnMarker(turn))
        self.put(self.court_ent, CourtMarker(court))
        self._place_marker(OKUBYO, markers.okubyo)
        self._place_marker(KAJIWARA, markers.kajiwara)
        self.zones.reset(self, {"removed": sorted(self.general(k).card for k in removed)}, rest="box")
        self.put(self.game_ent, DeckBuilding())
        for comp in STEP_STATE + (Replenishment,):
            self.take(self.game_ent, comp)
        self.put(self.game_ent, Flow(START, None))
        self.invalidate()
