"""義經 Yoshitsune: the rules, clause by clause (Chinese rules, seed 003; data sheet §3).

Sequence of play [4.0]: court phase, retainer replenishment, deck building,
action phase (turn the top card of the shared deck until it is used up),
adjustment phase. Seven turns.

Rulings (where the rules are silent or ambiguous; each has a test in
tests/test_yoshitsune_rules.py, and the data sheet §3.8 / data.json "rulings"
are followed where they speak):

- Hits are dice ≤ the commander's valour (publisher), not "less than"; no
  commander means valour 0; 僧兵 fight at valour 2.
- Control [12.0] looks at retainers only: an area is controlled by the one
  clan with retainers there; generals do not break or give control.
- The court phase moves the marker one space toward the side that does not
  control 京 (the "point" of seed 5.1(1)); not on turn 1, not when nobody
  controls 京 (on turn 4 木曾 belongs to no side, so a Kiso-held 京 moves nothing).
- Replenishment is compulsory while a legal area remains: each retainer goes
  to a different area controlled by one of the side's clans (of that clan),
  never the 奥羽 box (nobody controls it), and only while the clan has counters left.
- Deck building: Genji chooses first, then Heike, one card at a time, up to
  the count (+1 for both seas; 後白河院の暗躍 / 追討令 on top for the
  court-friendly side); choices are secret, their number is public. Used
  cards come back every turn; a removed general's card leaves the game.
- The Genji player turns the cards (seed 7.0(3): one person handles the deck).
- A turned 後白河院の暗躍 / 追討令 is used by the side friendly with the
  court at that moment; if the court is neutral (START counts as neutral) it
  is discarded unused.
- Seed 9.1(2) and 9.1(5) read together (the lone-general limit): a general
  leading no retainer may only step into an area that holds a unit of his
  clan; leading at least one he may go anywhere. In each area he either picks
  up or drops retainers (not both), so a move always ends.
- Entering an area holding a unit (retainer or general) of any other clan,
  even a friendly one, ends the move and fights one round there (9.1(3)).
- A general who starts his move sharing an area with another clan may only
  withdraw, alone, one area to an adjacent area his clan controls (9.1(4)).
- Battle by a general card (9.2) and a Battle chosen under 8.0 may go on for
  more rounds at the card user's choice, up to combat.max_rounds (5,
  RECONSTRUCTED); a battle caused by a move is one round.
- A Battle under 8.0 is fought in areas with retainers of two or more clans,
  allied clans included, each area at most once per card, with one of the
  user's clans that has retainers there as the acting clan; a general card's
  Battle (9.2(1)) fights the other clans in his area, an ally too. In a battle
  between two clans of one side the opponent commands the other clan, as when a
  move brings them together (9.1(3)) and as in 10(5)'s example.
- Three clans or more (10(5), sheet ruling 3): the acting clan fights all
  others; the acting player's opponent commands them (breaks their commander
  ties, allocates the acting clan's hits one at a time, chooses their
  retreats); each fires separately at the acting clan. Fire is simultaneous.
- Coward sequence (10(4), 臆病者 on a general in the battle, or 奇襲's first
  round): the Genji group fires first and its hits are removed, then the
  other group fires with what is left. When the acting clan is Genji-side it
  fires first, otherwise the other clans do. There is no further choice of
  fire order, so it is not a decision.
- The leader fate table (10(6)) is rolled for every general of a clan left
  with no retainer in the area after a round: if its last one fell in that
  round, or if it had none and enemy retainers stand there (for the acting
  clan its enemies are all the others; for the others, the acting clan). A
  lone general, 頼朝 and 宗盛 too, is harmed like any other. The storm
  (暴風雨) reads the same way: a Genji-side general at sea with no retainer of
  his clan rolls the storm table. Retreat goes to an adjacent
  area with a unit of his clan and no unit of another side (for 木曾 on turn
  4: of any other clan); with none he is removed. With several, his
  commanding player chooses.
- Enter (9.3): a red (base) area controlled by his clan; 源行家 any area his
  clan controls, else any area with a Genji-side unit. Move, Battle and
  Replenish need the general on the map; in the waiting box his card may
  Enter, or pay Tribute, which does not involve him ("朝貢除外", 9.0).
- Replenish by card (9.4) needs a counter of his clan left; 北条時政's own card
  may use him or any other general of the user's side, a retainer of that
  general's clan where he stands (9.4(2)), 時政 on the map or not. 秀衡's card
  replenishes inside the 奥羽 box: 2.22 forbids moving in, not a new retainer.
- Adjustment (11.0): each clan in an area keeps at most its share of the
  supply (even split; an odd point is rolled for among the clans over their
  share); retainers are identical, so removals are not decisions. 梶原 and
  臆病者 markers come off here. The 奥羽 box has supply 4.
- Victory: removal of 頼朝 / 宗盛 ends the game at once; all four base areas
  at the end of a turn win; after turn 7 Genji with 3 bases, else Heike with
  2, else areas (bases count 2), and an equal count is a draw.
- Set-up: the data sheet's revised set-up (§3.4): 西瀬戸 starts empty, so
  neither side starts with both Inland Sea areas (the +1 card of 7.0(2)).
- Log lines name areas as players read them (北関東 North Kantō), never by key.
- Event cards follow the data sheet §3.6; 平家水軍's "path enters a sea" is
  enforced by refusing a step that would end the move before a sea is
  entered (the card may still be ended unused when no step is possible).
"""
from __future__ import annotations

import random
from dataclasses import replace
from typing import Any


from game.core.actions import Action, Decision
from game.core.data import load_json
from game.core.game import Game, Result
from game.core.text import N_, Msg, Name
from game.core.tmx import load_board
from game.paths import ROOT, map_path
from game.systems.cards import (ASIDE, DECK, DISCARD, FACEDOWN, HAND, NOBODY, OWNER, PLAY, REMOVED, Zone,
                                Zones)

from . import actions as _actions
from .actions import (AllocateHit, BattleIn, Choose, ChooseCommander, ContinueBattle, DoneChoosing, Drop,
                      EndBattles, EndMove, EnterAt, Order, Pick, PickUp, Place, ReplenishAt, RetreatTo, Step,
                      StopBattle, Target, TurnCard, UseCard)
from .components import (Act, Area, Battle, StormFate, Cards, DeckBuilding, Flow, Garrison, General, Location,
                         Markers, MoveState, OutOfPlay, Removed, Track)

SIDES = ("MINAMOTO", "TAIRA")
WAITING = "waiting_box"
OU = "ou"
COURT_CARDS = ("C02", "C03")
DATA_PATH = ROOT / "game" / "rulesets" / "yoshitsune" / "data.json"

#: the prompt of each decision (constants: pending() is asked for on every step of a search)
PROMPTS = {
    "replenish": Msg("place a retainer"), "build": Msg("choose this turn's cards"),
    "turn": Msg("turn the top card"), "use": Msg("use the card: play it, fight, or pass"),
    "general": Msg("choose the general's action"), "pick_general": Msg("choose the general to activate"),
    "target": Msg("choose the card's target"), "move": Msg("move the general"),
    "enter": Msg("choose where the general enters"), "replenish_at": Msg("choose where to replenish"),
    "battle_areas": Msg("choose an area to fight in"), "commander": Msg("choose the commander"),
    "allocate": Msg("allocate a hit"), "retreat": Msg("choose the retreat"), "continue": Msg("fight another round?")}
#: words the log takes from data or actions as they are: a general card's orders [9.0] and
#: the fate tables' results [10(6)] (marked here so that the client translates them)
WORDS = (N_("move"), N_("battle"), N_("enter"), N_("replenish"), N_("tribute"),
         N_("retreat"), N_("wounded"), N_("killed"), N_("drowned"))
NOBODY_NAME = N_("nobody")
TRIBUTE_ROLL = N_("tribute")
SLANDER_ROLL = N_("Kajiwara's slander")
SHUFFLE_DECK = N_("shuffle the deck")


def other(side: str | None) -> str:
    return "TAIRA" if side == "MINAMOTO" else "MINAMOTO"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)


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


def _table(rows: list[dict], roll: int, field: str):
    for r in rows:
        if roll in r["rolls"]:
            return r[field]
    raise ValueError(roll)


class Yoshitsune(Game):
    game_id = "yoshitsune"
    title = "義經"
    title_en = "Yoshitsune (Genpei War, 1180-1185)"
    seats = SIDES
    hidden_information = True

    # -- set-up [3.0] -----------------------------------------------------------
    def _load_static(self) -> None:
        d = self.data = load_data()
        b = self.board = load_board(map_path(d["map"]))
        b.check_cells(d["map_cells"])
        self.areas = tuple(sorted(n for n, c in b.cells.items() if not c.props.get("offboard")))
        self.bases = frozenset(n for n in self.areas if b.cell(n).props["base"])
        self.seas = frozenset(n for n in self.areas if b.cell(n).props["sea"])
        self.supply = {n: int(c.props["supply"]) for n, c in b.cells.items()}
        self.nbrs = {n: tuple(sorted(m for m in b.neighbours(n) if m != OU)) for n in b.cells}
        self.gdata = {g["key"]: g for g in d["generals"]}
        self.cdata = {c["id"]: c for c in d["cards"]}
        self.clan_data = d["clans"]
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

    def _setup(self) -> None:
        self._load_static()
        self.gen_ent = {}
        for key, g in self.gdata.items():
            self.gen_ent[key] = self.create(General(key, g["clan"], g["name"], g["name_local"],
                                                            int(g["valour"]), int(g["command"]), g["card"]))
        self.area_ent = {}
        for n in self.areas + (OU,):
            c = self.board.cell(n)
            self.area_ent[n] = self.create(Area(n, self.supply[n], bool(c.props.get("base")),
                                                        bool(c.props.get("sea")), n == OU), Garrison())
        for p in self.data["setup"]["placements"]:
            for g in p["generals"]:
                self.put(self.gen_ent[g], Location(p["where"]))
            if p["retainers"]:
                self.put(self.area_ent[p["where"]], Garrison(tuple(sorted(p["retainers"].items()))))
        self.game_ent = self.create(Track(1, int(self.data["court_track"]["start"])), Markers(), DeckBuilding(),
                                    Flow("start", None))
        self.zones = card_zones(sorted(self.cdata))
        self.zones.create(self, rest="box")
        self._start_turn(1)

    # -- reading the world --------------------------------------------------------
    def _get(self, comp: type):
        return self.world.try_get(self.game_ent, comp)

    def flow(self) -> Flow:
        return self.world.get(self.game_ent, Flow)

    def track(self) -> Track:
        return self.world.get(self.game_ent, Track)

    def markers(self) -> Markers:
        return self.world.get(self.game_ent, Markers)

    def building(self) -> DeckBuilding:
        return self.world.get(self.game_ent, DeckBuilding)

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
        """A summary of the cards (tests, tools): pools, choices, deck, turned cards."""
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

    def general(self, key: str) -> General:
        return self.world.get(self.gen_ent[key], General)

    def loc(self, key: str) -> str | None:
        return self._locs().get(key)

    def is_removed(self, key: str) -> bool:
        return self.world.has(self.gen_ent[key], Removed)

    def _locs(self) -> dict[str, str]:
        got = self.memo.get("locs")
        if got is None:
            got = self.memo["locs"] = {g.key: l.where for _, (g, l) in self.world.query(General, Location)}
        return got

    def generals_in(self, where: str) -> list[str]:
        return sorted(k for k, w in self._locs().items() if w == where)

    def garrison(self, area: str) -> dict[str, int]:
        key = ("gar", area)
        got = self.memo.get(key)
        if got is None:
            got = self.memo[key] = dict(self.world.get(self.area_ent[area], Garrison).counts)
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
        c = self.clan_data[clan]
        if "side_by_turn" in c:
            return c["side_by_turn"][str(turn or self.track().turn)]
        return c["side"]

    def side_controls(self, area: str) -> str | None:
        c = self.controller(area)
        return self.side_of(c) if c else None

    def pool(self, clan: str) -> int:
        """Retainer counters of this clan not on the map (the counter mix limits replenishment)."""
        on = sum(self.count(a, clan) for a in self.area_ent)
        return int(self.clan_data[clan]["retainers"]) - on

    def command(self, key: str) -> int:
        g = self.general(key)
        if self.markers().kajiwara == key:
            return min(5, g.command + 1)
        return g.command

    def court_friendly(self, index: int | None = None) -> str | None:
        return self.court_spaces[self.track().court if index is None else index]["friendly"]

    def card_side(self, card: str) -> str | None:
        """Who may choose / use the card this turn (court cards: the friendly side now)."""
        c = self.cdata[card]
        if c["deck"] in SIDES:
            return c["deck"]
        if card == "C01":
            return c["available_by_turn"][str(self.track().turn)]
        return self.court_friendly()

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

    def _set_flow(self, **changes: Any) -> Flow:
        f = replace(self.flow(), **changes)
        self.put(self.game_ent, f)
        return f

    def _set_comp(self, comp: Any, **changes: Any) -> Any:
        c = replace(comp, **changes)
        self.put(self.game_ent, c)
        return c

    # -- turn [4.0] and court [5.0] -------------------------------------------------
    def _start_turn(self, turn: int) -> None:
        tr = self.track()
        self.put(self.game_ent, Track(turn, tr.court))
        self.emit_msg("TurnStarted", "Turn {turn} ({year})", {"turn": turn, "year": self.track_data[turn]['year']},
                      turn=turn)
        self._court_phase()
        self._start_replenishment()

    def _court_phase(self) -> None:
        tr = self.track()
        if not self.track_data[tr.turn]["court_moves"]:
            self.emit_msg("CourtPhase", "Court phase: the Go-Shirakawa marker does not move on turn 1", {}, moved=0)
            return
        holder = self.side_controls("kyo")
        if holder is None:
            self.emit_msg("CourtPhase", "Court phase: nobody controls Kyō; the marker stays", {}, moved=0)
            return
        self._move_court(other(holder), 1, Msg("{side} holds Kyō", side=self._name(holder)))

    def _move_court(self, toward: str, spaces: int, why: str) -> None:
        tr = self.track()
        step = int(self.data["court_track"]["toward"][toward])
        new = max(self.court_min, min(self.court_max, tr.court + step * spaces))
        self.put(self.game_ent, replace(tr, court=new))
        sp = self.court_spaces[new]
        self.emit_msg("CourtMoved", "{why}: Go-Shirakawa moves {n} toward {side} (now {space})",
                      {"why": why, "n": abs(new - tr.court), "side": self._name(toward), "space": sp["name_local"]},
                      frm=tr.court, to=new, toward=toward)

    # -- replenishment [6.0] --------------------------------------------------------------
    def _start_replenishment(self) -> None:
        sp = self.court_spaces[self.track().court]
        first = sp["places_first"]
        queue = ((first, int(sp["replenish"][first])), (other(first), int(sp["replenish"][other(first)])))
        self._set_flow(phase="replenish", seat=first, repl_queue=queue, placed=())
        self._next_placement()

    def placement_areas(self, side: str, placed: tuple[str, ...] = ()) -> list[str]:
        out = []
        for a in self.areas:
            c = self.controller(a)
            if c and a not in placed and self.side_of(c) == side and self.pool(c) > 0:
                out.append(a)
        return out

    def _next_placement(self) -> None:
        f = self.flow()
        q = f.repl_queue
        while q:
            side, n = q[0]
            if n > 0 and self.placement_areas(side, f.placed):
                self._set_flow(phase="replenish", seat=side, repl_queue=q)
                return
            q = q[1:]
            f = self._set_flow(repl_queue=q, placed=())
        self._start_build()

    def _place(self, a: Place) -> None:
        f = self.flow()
        clan = self.controller(a.area)
        self._set_count(a.area, clan, self.count(a.area, clan) + 1)
        side, n = f.repl_queue[0]
        self._set_flow(repl_queue=((side, n - 1),) + f.repl_queue[1:], placed=f.placed + (a.area,))
        self.emit_msg("Replenished", "{side} adds a {clan} retainer in {area}",
                      {"side": self._name(side), "clan": self.clan_names[clan], "area": self.places[a.area]},
                      side=side, area=a.area, clan=clan)
        self._next_placement()

    # -- deck building [7.0] -----------------------------------------------------------------
    def card_usable_general(self, card: str) -> bool:
        eff = self.cdata[card]["effect"]
        g = eff.get("general")
        if g is None:
            return True
        e = self.gen_ent[g]
        return not self.world.has(e, Removed) and not self.world.has(e, OutOfPlay)

    def build_pool(self, side: str) -> tuple[str, ...]:
        removed = self.cards_in("removed")
        out = []
        for cid in self.data["decks"][side]:
            if cid not in removed and self.card_usable_general(cid):
                out.append(cid)
        turn = str(self.track().turn)
        if self.cdata["C01"]["available_by_turn"][turn] == side and "C01" not in removed \
                and self.card_usable_general("C01"):
            out.append("C01")
        if self.court_friendly() == side:
            out.extend(COURT_CARDS)
        return tuple(sorted(out))

    def card_limit(self, side: str) -> int:
        n = int(self.track_data[self.track().turn]["cards"][side])
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
        self._set_flow(phase="build", seat="MINAMOTO", repl_queue=(), placed=())
        (s1, n1), (s2, n2) = limits
        self.emit_msg("DeckBuilding", "Deck building: {side1} may choose {n1}, {side2} may choose {n2}",
                      {"side1": self._name(s1), "n1": n1, "side2": self._name(s2), "n2": n2}, limits=dict(limits))

    @staticmethod
    def _choice_ok(chosen: tuple[str, ...], card: str, limit: int) -> bool:
        if card in COURT_CARDS:
            return True
        return sum(1 for x in chosen if x not in COURT_CARDS) < limit

    def _choose(self, a: Choose) -> None:
        side = self.flow().seat
        self.zones.move(self, a.card, f"chosen:{side}", frm=f"pool:{side}")
        self.emit_msg("CardChosen", "{side} chooses a card", {"side": self._name(side)}, private_to=side, side=side,
                      card=a.card)

    def _done_choosing(self) -> None:
        side = self.flow().seat
        b = self.building()
        self.put(self.game_ent, replace(b, done=b.done + (side,)))
        n = len(self.cards_in(f"chosen:{side}"))
        self.emit_msg("ChoiceDone", "{side} has chosen {n} card(s)", {"side": self._name(side), "n": n}, side=side,
                      count=n)
        if side == "MINAMOTO":
            self._set_flow(seat="TAIRA")
            return
        self.zones.gather(self, "deck", [f"chosen:{s}" for s in SIDES])
        deck = self.zones.shuffle(self, "deck", SHUFFLE_DECK)
        self.emit_msg("DeckShuffled", "The deck is shuffled: {n} cards", {"n": len(deck)}, size=len(deck))
        self._next_card()

    # -- action phase [8.0] --------------------------------------------------------------------------
    def _next_card(self) -> None:
        for comp in (Act, MoveState, Battle):
            self.take(self.game_ent, comp)
        if self.cards_in("play"):
            self.zones.gather(self, "turned", ("play",))
        if self.cards_in("deck"):
            self._set_flow(phase="turn", seat="MINAMOTO")
        else:
            self._adjustment()

    def _turn_card(self) -> None:
        card = self.cards_in("deck")[0]
        self.zones.move(self, card, "play", frm="deck")
        user = self.card_side(card)
        self.emit_msg("CardTurned", "Card turned: {card}", {"card": self.card_names[card]}, card=card, user=user)
        if user is None:
            self.emit_msg("CardDiscarded", "{card}: the court is neutral, the card is discarded",
                          {"card": self.card_names[card]}, card=card)
            self._next_card()
            return
        self.put(self.game_ent, Act(card, user))
        self._set_flow(phase="use", seat=user)

    def _act(self) -> Act:
        return self.world.get(self.game_ent, Act)

    def fight_options(self, side: str, fought: tuple[str, ...] = ()) -> list[BattleIn]:
        """Battle under 8.0: any area where retainers of more than one clan stand, allied
        clans included (多於一族郎党存在的區域), each once, with one of ``side``'s clans that
        has retainers there as the acting clan."""
        out = []
        for a in self.areas:
            if a in fought:
                continue
            g = self.garrison(a)
            if len(g) < 2:
                continue
            for clan in sorted(g):
                if self.side_of(clan) == side:
                    out.append(BattleIn(a, clan))
        return out

    def playable(self, act: Act) -> bool:
        card = self.cdata[act.card]
        if card["type"] == "general":
            return bool(self.orders(card["effect"]["general"], act))
        if act.card in ("C03", "G08", "H08"):
            return bool(self.pick_options(act))
        return bool(self.targets(act))

    # general cards [9.0]
    def order_kinds(self, card: str) -> tuple[str, ...]:
        eff = self.cdata[card]["effect"]
        if "actions" in eff:
            return tuple(eff["actions"])
        return tuple(self.data["general_card_actions"])

    def orders(self, key: str, act: Act) -> list[str]:
        where = self.loc(key)
        if where is None:
            return []
        allowed = self.order_kinds(act.card)
        out = []
        if where == WAITING:
            if "enter" in allowed and self.enter_areas(key):
                out.append("enter")
            if "replenish" in allowed and self.replenish_options(key, act):
                out.append("replenish")       # 北条時政's card, by another general [9.4(2)]
            if "tribute" in allowed:
                out.append("tribute")         # 朝貢除外: tribute does not involve the general [9.0]
            return out
        clan = self.general(key).clan
        if "move" in allowed and self._can_move(key):
            out.append("move")
        if "battle" in allowed and where != OU and self.count(where, clan) and self.clans_in(where) - {clan}:
            out.append("battle")
        if "replenish" in allowed and self.replenish_options(key, act):
            out.append("replenish")
        if "tribute" in allowed:
            out.append("tribute")
        return out

    def pick_options(self, act: Act) -> list[str]:
        out = []
        for key in sorted(self._locs()):
            g = self.general(key)
            if act.card == "C03":
                ok = self.side_of(g.clan) == act.user and g.clan != "sohei"
            elif act.card == "G08":
                ok = g.clan == "genji" and key != "yoritomo"
            else:  # H08
                ok = g.clan == "heike" and self.loc(key) not in (WAITING, None) and self._can_move(key)
            if ok and (act.card == "H08" or self.orders(key, replace(act, general=key))):
                out.append(key)
        return out

    def targets(self, act: Act) -> list[str]:
        card = act.card
        locs = self._locs()
        on_map = {k: w for k, w in locs.items() if w != WAITING}
        if card == "G09":
            out = []
            for k, w in on_map.items():
                if self.side_of(self.general(k).clan) != "TAIRA" or w == OU:
                    continue
                if any(self._side_present(a, "MINAMOTO") for a in (w,) + self.nbrs[w]):
                    out.append(k)
            return sorted(out)
        if card == "G10":
            return sorted(k for k in on_map if self.general(k).clan == "genji")
        if card == "C02":
            ex = self.cdata["C02"]["effect"]["target"]["exclude"]
            return sorted(k for k in on_map if k not in ex and self.side_of(self.general(k).clan) != act.user)
        if card == "H07":
            return list(self.cdata["H07"]["effect"]["area_choices"])
        if card == "H09":
            heike = [w for k, w in on_map.items() if self.general(k).clan == "heike" and w != OU]
            return sorted(a for a in self.areas if self.count(a, "sohei")
                          and any(h == a or h in self.nbrs[a] for h in heike))
        if card == "G11":
            out = []
            for a in self.areas:
                if self.count(a, "sohei"):
                    out.extend(f"move:{a}>{b}" for b in self._goso_reach(a))
            if self.pool("sohei") > 0:
                out.extend(f"replenish:{a}" for a in self.areas if self.controller(a) == "sohei")
            return out
        return []

    def _side_present(self, area: str, side: str) -> bool:
        return any(self.side_of(c) == side for c in self.clans_in(area))

    def _goso_reach(self, start: str) -> list[str]:
        out = set()
        for b in self.nbrs[start]:
            out.add(b)
            if self.clans_in(b) - {"sohei"}:
                continue                    # entering another clan's area ends the move
            out.update(c for c in self.nbrs[b] if c != start)
        return sorted(out)

    # -- pending and legal --------------------------------------------------------------------------
    def _pending(self) -> Decision | None:
        f = self.flow()
        if f.phase == "over":
            return None
        return Decision(f.seat, f.phase, PROMPTS[f.phase])

    def _legal(self) -> list[Action]:
        f = self.flow()
        ph = f.phase
        if ph == "replenish":
            return [Place(a) for a in self.placement_areas(f.seat, f.placed)]
        if ph == "build":
            chosen = self.cards_in(f"chosen:{f.seat}")
            lim = self.building().limit(f.seat)
            out: list[Action] = [Choose(x) for x in self.cards_in(f"pool:{f.seat}")
                                 if self._choice_ok(chosen, x, lim)]
            return out + [DoneChoosing()]
        if ph == "turn":
            return [TurnCard()]
        if ph == "use":
            act = self._act()
            out = []
            if self.playable(act):
                out.append(UseCard("play"))
            if self.fight_options(act.user):
                out.append(UseCard("fight"))
            return out + [UseCard("pass")]
        if ph == "general":
            act = self._act()
            return [Order(k) for k in self.orders(act.general, act)]
        if ph == "pick_general":
            return [Pick(k) for k in self.pick_options(self._act())]
        if ph == "target":
            return [Target(t) for t in self.targets(self._act())]
        if ph == "move":
            return self._move_legal()
        if ph == "enter":
            return [EnterAt(a) for a in self.enter_areas(self._act().general)]
        if ph == "replenish_at":
            act = self._act()
            return self.replenish_options(act.general, act)
        if ph == "battle_areas":
            act = self._act()
            return self.fight_options(act.user, act.fought) + [EndBattles()]
        if ph == "retreat" and self._get(StormFate) is not None:
            return [RetreatTo(a) for a in self._get(StormFate).options]
        b = self._get(Battle)
        if ph == "commander":
            clan = self._commander_due(b)
            return [ChooseCommander(clan, k) for k in self._top_generals(b.area, clan)]
        if ph == "allocate":
            return [AllocateHit(c) for c in self._enemies_with_retainers(b)]
        if ph == "retreat":
            return [RetreatTo(a) for a in b.retreat_options]
        if ph == "continue":
            return [ContinueBattle(), StopBattle()]
        raise AssertionError(ph)

    # -- apply ------------------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        if isinstance(a, Place):
            self._place(a)
        elif isinstance(a, Choose):
            self._choose(a)
        elif isinstance(a, DoneChoosing):
            self._done_choosing()
        elif isinstance(a, TurnCard):
            self._turn_card()
        elif isinstance(a, UseCard):
            self._use(a)
        elif isinstance(a, Pick):
            self._pick(a)
        elif isinstance(a, Order):
            self._order(a)
        elif isinstance(a, Target):
            self._target(a)
        elif isinstance(a, (PickUp, Drop, Step, EndMove)):
            self._move_action(a)
        elif isinstance(a, EnterAt):
            self._enter(a.area)
        elif isinstance(a, ReplenishAt):
            self._replenish(a)
        elif isinstance(a, BattleIn):
            act = self._act()
            self.put(self.game_ent, replace(act, fought=act.fought + (a.area,)))
            self._start_battle(a.area, a.clan, act.user, many=True, then="areas")
        elif isinstance(a, EndBattles):
            self._next_card()
        elif isinstance(a, ChooseCommander):
            b = self._get(Battle)
            self.put(self.game_ent, replace(b, commanders=b.commanders + ((a.clan, a.general),)))
            self._next_commander()
        elif isinstance(a, AllocateHit):
            self._hit(a.clan)
        elif isinstance(a, RetreatTo) and self._get(StormFate) is not None:
            sf = self._get(StormFate)
            self._relocate(sf.general, a.area, "retreat")
            self.put(self.game_ent, replace(sf, general=None, options=()))
            self._next_storm_fate()
        elif isinstance(a, RetreatTo):
            b = self._get(Battle)
            self._relocate(b.fate_general, a.area, "retreat")
            self.put(self.game_ent, replace(b, fate_general=None, retreat_options=()))
            self._next_fate()
        elif isinstance(a, ContinueBattle):
            b = self._get(Battle)
            self.put(self.game_ent, replace(b, round=b.round + 1))
            self._battle_round()
        elif isinstance(a, StopBattle):
            self._end_battle()
        else:
            raise AssertionError(a)

    def _use(self, a: UseCard) -> None:
        act = self._act()
        cd = self.cdata[act.card]
        if a.how == "pass":
            self.emit_msg("CardPassed", "{side} passes with {card}",
                          {"side": self._name(act.user), "card": self.card_names[act.card]}, card=act.card)
            self._next_card()
        elif a.how == "fight":
            self.emit_msg("CardFight", "{side} uses {card} to fight",
                          {"side": self._name(act.user), "card": self.card_names[act.card]}, card=act.card)
            self._set_flow(phase="battle_areas")
        elif cd["type"] == "general":
            self.put(self.game_ent, replace(act, general=cd["effect"]["general"]))
            self._set_flow(phase="general")
        elif act.card in ("C03", "G08", "H08"):
            self._set_flow(phase="pick_general")
        else:
            self._set_flow(phase="target")

    def _pick(self, a: Pick) -> None:
        act = self._act()
        act = replace(act, general=a.general, coward_first=act.card == "G08")
        self.put(self.game_ent, act)
        self.emit_msg("GeneralActivated", "{card} activates {general}",
                      {"card": self.card_names[act.card], "general": self.gen_names[a.general]},
                      card=act.card, general=a.general)
        if act.card == "H08":
            self._start_move(a.general, areas=int(self.cdata["H08"]["effect"]["areas"]), need_sea=True)
        else:
            self._set_flow(phase="general")

    def _order(self, a: Order) -> None:
        act = self._act()
        key = act.general
        g = self.general(key)
        self.emit_msg("GeneralOrder", "{general}: {order}", {"general": self.gen_names[key], "order": a.what},
                      general=key, order=a.what)
        if a.what == "move":
            self._start_move(key, int(self.data["movement"]["areas"]))
        elif a.what == "battle":
            self._start_battle(self.loc(key), g.clan, act.user, many=True, then="card",
                               coward_first=act.coward_first)
        elif a.what == "enter":
            opts = self.enter_areas(key)
            if len(opts) == 1:
                self._enter(opts[0])
            else:
                self._set_flow(phase="enter")
        elif a.what == "replenish":
            opts = self.replenish_options(key, act)
            if len(opts) == 1:
                self._replenish(opts[0])
            else:
                self._set_flow(phase="replenish_at")
        elif a.what == "tribute":
            self._tribute(act)
        else:
            raise AssertionError(a.what)

    # enter [9.3] ------------------------------------------------------------------------------------------
    def enter_areas(self, key: str) -> list[str]:
        if self.loc(key) != WAITING:
            return []
        clan = self.general(key).clan
        rule = self.gdata[key].get("enter")
        if rule and not rule.get("red_area_needed", True):
            own = [a for a in self.areas if self.controller(a) == clan]
            if own:
                return own
            side = self.side_of(clan)
            return [a for a in self.areas if self._side_present(a, side)]
        return [a for a in sorted(self.bases) if self.controller(a) == clan]

    def _enter(self, area: str) -> None:
        key = self._act().general
        self.put(self.gen_ent[key], Location(area))
        self.emit_msg("GeneralEntered", "{general} enters at {area}",
                      {"general": self.gen_names[key], "area": self.places[area]}, general=key, area=area)
        self._next_card()

    # replenish [9.4] -------------------------------------------------------------------------------------
    def replenish_options(self, key: str, act: Act) -> list[ReplenishAt]:
        """Where ``key``'s card may replenish [9.4]: one retainer of the general's clan where he
        stands (9.4(1)), controlled or not (9.4(3)), the 奥羽 box too, while the clan has
        counters left. 北条時政's own card may use him or any other general of the user's side
        (9.4(2) 該武將或其他武將), in the waiting box or not: each area and clan once."""
        gens = [key]
        if act.card == "G05" and "replenish" in self.cdata["G05"]["effect"]:
            gens += [k for k in sorted(self._locs()) if k != key and self.side_of(self.general(k).clan) == act.user]
        out, seen = [], set()
        for k in gens:
            w, clan = self.loc(k), self.general(k).clan
            if w in (None, WAITING) or (w, clan) in seen or self.pool(clan) <= 0:
                continue
            seen.add((w, clan))
            out.append(ReplenishAt(w, k))
        return sorted(out, key=lambda a: (a.area, a.general))

    def _replenish(self, a: ReplenishAt) -> None:
        clan = self.general(a.general).clan
        self._set_count(a.area, clan, self.count(a.area, clan) + 1)
        self.emit_msg("Replenished", "{general} raises a retainer in {area}",
                      {"general": self.gen_names[a.general], "area": self.places[a.area]}, area=a.area, clan=clan,
                      general=a.general)
        self._next_card()

    # tribute [9.5] ---------------------------------------------------------------------------------------
    def _tribute(self, act: Act) -> None:
        t = self.tables["tribute"]
        mod = int(self.cdata[act.card]["effect"].get("tribute_modifier", 0))
        (roll,) = self.dice.roll(1, 6, TRIBUTE_ROLL)
        eff = min(int(t["max_roll"]), roll + mod)
        spaces = _table(t["results"], eff, "spaces")
        if mod:
            self.emit_msg("Tribute", "Tribute: rolled {roll} +{mod} → {spaces} space(s)",
                          {"roll": roll, "mod": mod, "spaces": spaces},
                          roll=roll, modifier=mod, spaces=spaces, side=act.user)
        else:
            self.emit_msg("Tribute", "Tribute: rolled {roll} → {spaces} space(s)", {"roll": roll, "spaces": spaces},
                          roll=roll, modifier=mod, spaces=spaces, side=act.user)
        self._move_court(act.user, spaces, Msg("{side} pays tribute", side=self._name(act.user)))
        self._next_card()

    # movement [9.1] -------------------------------------------------------------------------------------------
    def _can_move(self, key: str) -> bool:
        here = self.loc(key)
        if here in (None, WAITING):
            return False
        clan = self.general(key).clan
        if self._shares_area(key):
            return any(self.controller(n) == clan for n in self.nbrs[here])
        if self.count(here, clan) and self.command(key) > 0:
            return bool(self.nbrs[here])
        return any(self.has_clan_unit(n, clan) for n in self.nbrs[here])

    def _shares_area(self, key: str) -> bool:
        here = self.loc(key)
        return here != OU and len(self.clans_in(here)) > 1

    def _start_move(self, key: str, areas: int, need_sea: bool = False) -> None:
        withdraw = self._shares_area(key)
        self.put(self.game_ent, MoveState(key, 1 if withdraw else areas, withdraw=withdraw, need_sea=need_sea))
        self._set_flow(phase="move")

    def _move_legal(self) -> list[Action]:
        m = self._get(MoveState)
        key = m.general
        here = self.loc(key)
        clan = self.general(key).clan
        out: list[Action] = []
        if not m.withdraw:
            if m.adjust >= 0 and m.party < min(self.command(key), self.count(here, clan)):
                out.append(PickUp())
            if m.adjust <= 0 and m.party > 0:
                out.append(Drop())
        steps = []
        if m.left > 0:
            for n in self.nbrs[here]:
                if m.withdraw:
                    if self.controller(n) != clan:
                        continue
                elif m.party == 0 and not self.has_clan_unit(n, clan, besides=key):
                    continue                         # the lone-general limit [9.1(5)]
                if m.need_sea and not (m.entered_sea or n in self.seas):
                    ends = bool(self.clans_in(n) - {clan}) or m.left - 1 == 0
                    if ends or self._sea_distance(n) > m.left - 1:
                        continue                     # the path must still reach a sea area (平家水軍)
                steps.append(Step(n))
        out.extend(steps)
        if not m.need_sea or m.entered_sea or m.steps == 0 or not steps:
            out.append(EndMove())
        return out

    def _sea_distance(self, area: str) -> int:
        """Areas from ``area`` to the nearest sea area (0 for a sea)."""
        dist = getattr(self, "_sea_dist", None)
        if dist is None:
            dist = {a: 0 for a in self.seas}
            frontier = list(self.seas)
            while frontier:
                nxt = []
                for a in frontier:
                    for n in self.nbrs.get(a, ()):
                        if n not in dist:
                            dist[n] = dist[a] + 1
                            nxt.append(n)
                frontier = nxt
            self._sea_dist = dist          # static: the map never changes
        return dist.get(area, 1 << 20)

    def _move_action(self, a: Action) -> None:
        m = self._get(MoveState)
        key = m.general
        here = self.loc(key)
        clan = self.general(key).clan
        if isinstance(a, PickUp):
            self.put(self.game_ent, replace(m, party=m.party + 1, adjust=1))
            self.emit_msg("RetainerPickedUp", "{general} takes a retainer along ({n})",
                          {"general": self.gen_names[key], "n": m.party + 1}, general=key, area=here, party=m.party + 1)
        elif isinstance(a, Drop):
            self.put(self.game_ent, replace(m, party=m.party - 1, adjust=-1))
            self.emit_msg("RetainerDropped", "{general} leaves a retainer in {area}",
                          {"general": self.gen_names[key], "area": self.places[here]},
                          general=key, area=here, party=m.party - 1)
        elif isinstance(a, EndMove):
            self.emit_msg("MoveEnded", "{general} ends his move in {area}",
                          {"general": self.gen_names[key], "area": self.places[here]}, general=key, area=here)
            self._next_card()
        else:
            to = a.to
            if m.party:
                self._set_count(here, clan, self.count(here, clan) - m.party)
                self._set_count(to, clan, self.count(to, clan) + m.party)
            self.put(self.gen_ent[key], Location(to))
            m = replace(m, left=m.left - 1, adjust=0, steps=m.steps + 1, entered_sea=m.entered_sea or to in self.seas)
            self.put(self.game_ent, m)
            self.emit_msg("GeneralMoved", "{general} moves {frm} → {to} with {n} retainer(s)",
                          {"general": self.gen_names[key], "frm": self.places[here], "to": self.places[to], "n": m.party},
                          general=key, frm=here, to=to, party=m.party)
            if self.clans_in(to) - {clan}:
                self.take(self.game_ent, MoveState)
                self.emit_msg("MoveStopped", "{general} meets another clan in {area}: battle",
                              {"general": self.gen_names[key], "area": self.places[to]}, general=key, area=to)
                act = self._act()
                self._start_battle(to, clan, act.user, many=False, then="card", coward_first=act.coward_first)
            elif m.withdraw:
                self.emit_msg("MoveEnded", "{general} withdraws to {area}",
                              {"general": self.gen_names[key], "area": self.places[to]}, general=key, area=to)
                self._next_card()

    # event targets -----------------------------------------------------------------------------------------
    def _target(self, a: Target) -> None:
        act = self._act()
        t = a.target
        card = act.card
        if card == "G09":
            self.put(self.game_ent, replace(self.markers(), okubyo=t))
            self.emit_msg("MarkerPlaced", "The coward marker is placed on {general}", {"general": self.gen_names[t]},
                          marker="okubyo", general=t)
        elif card == "G10":
            self.put(self.game_ent, replace(self.markers(), kajiwara=t))
            self.emit_msg("MarkerPlaced", "Kajiwara Kagetoki joins {general} (command +1)",
                          {"general": self.gen_names[t]}, marker="kajiwara", general=t)
        elif card == "C02":
            self._relocate(t, WAITING, "summoned")
        elif card == "H07":
            self._storm(t)
            return
        elif card == "H09":
            n = min(int(self.cdata["H09"]["effect"]["target"]["max"]), self.count(t, "sohei"))
            self._set_count(t, "sohei", self.count(t, "sohei") - n)
            self.emit_msg("MonksBurned", "Nara burns: {n} warrior monk(s) removed in {area}",
                          {"n": n, "area": self.places[t]}, area=t, removed=n)
            self._move_court("MINAMOTO", 1, Msg("Court outrage"))
        elif card == "G11":
            kind, rest = t.split(":")
            if kind == "replenish":
                self._set_count(rest, "sohei", self.count(rest, "sohei") + 1)
                self.emit_msg("Replenished", "Warrior monks gather in {area}", {"area": self.places[rest]},
                              area=rest, clan="sohei")
            else:
                frm, to = rest.split(">")
                n = self.count(frm, "sohei")
                self._set_count(frm, "sohei", 0)
                self._set_count(to, "sohei", self.count(to, "sohei") + n)
                self.emit_msg("MonksMoved", "{n} warrior monk(s) march {frm} → {to}",
                              {"n": n, "frm": self.places[frm], "to": self.places[to]}, frm=frm, to=to, count=n)
                if self.clans_in(to) - {"sohei"}:
                    self._start_battle(to, "sohei", act.user, many=False, then="card")
                    return
        self._next_card()

    def _storm(self, area: str) -> None:
        eff = self.cdata["H07"]["effect"]
        wiped = []
        for clan in sorted(self.garrison(area)):
            if self.side_of(clan) != "MINAMOTO":
                continue
            n = self.count(area, clan)
            rolls = self.dice.roll(n, 6, self.storm_purpose[clan])
            lost = sum(1 for r in rolls if r in eff["remove_on"])
            self._set_count(area, clan, n - lost)
            self.emit_msg("StormLosses", "Storm in {area}: {n} {clan} retainer(s) lost",
                          {"area": self.places[area], "n": lost, "clan": self.clan_names[clan]},
                          area=area, clan=clan, lost=lost)
            if n - lost == 0:
                wiped.append(clan)
        # a Genji-side general at sea with no retainer of his clan is as exposed as one whose
        # retainers drowned (the lone-general reading of 10(6), applied to the storm)
        wiped.extend(c for c in {self.general(k).clan for k in self.generals_in(area)}
                     if self.side_of(c) == "MINAMOTO" and self.count(area, c) == 0)
        queue = tuple(k for k in self.generals_in(area) if self.general(k).clan in wiped)
        self.put(self.game_ent, StormFate(area, queue))
        self._next_storm_fate()

    def _next_storm_fate(self) -> None:
        """Each general of a wiped-out clan rolls the storm table; its player picks a retreat area."""
        while True:
            sf = self._get(StormFate)
            if not sf.queue:
                break
            key, rest = sf.queue[0], sf.queue[1:]
            self.put(self.game_ent, replace(sf, queue=rest))
            if self.loc(key) != sf.area:
                continue
            chooser = self.side_of(self.general(key).clan) or "MINAMOTO"
            opts = self._fate(key, "storm_fate", chooser=chooser)
            if self.flow().phase == "over":
                return
            if opts:
                self.put(self.game_ent, replace(self._get(StormFate), general=key, options=tuple(opts)))
                self._set_flow(phase="retreat", seat=chooser)
                return
        self.take(self.game_ent, StormFate)
        self._next_card()

    # battles [10.0] ---------------------------------------------------------------------------------------
    def _start_battle(self, area: str, acting: str, side: str, many: bool, then: str,
                      coward_first: bool = False) -> None:
        self.put(self.game_ent, Battle(area, acting, side, many, then, coward_first))
        self.emit_msg("BattleStarted", "Battle in {area}: the {clan} attack",
                      {"area": self.places[area], "clan": self.clan_names[acting]}, area=area, acting=acting, side=side)
        self._battle_round()

    def participants(self, b: Battle) -> list[str]:
        present = self.clans_in(b.area)
        return [b.acting] + sorted(present - {b.acting}) if b.acting in present else []

    def _top_generals(self, area: str, clan: str) -> list[str]:
        gens = [k for k in self.generals_in(area) if self.general(k).clan == clan]
        if not gens:
            return []
        best = max(self.command(k) for k in gens)
        return [k for k in gens if self.command(k) == best]

    def _battle_round(self) -> None:
        b = self._get(Battle)
        parts = self.participants(b)
        if len(parts) < 2:
            self._end_battle()
            return
        start = tuple((c, self.count(b.area, c)) for c in parts)
        self.put(self.game_ent, replace(b, stage="commanders", commanders=(), start_counts=start, alloc_left=0,
                                        fate_queue=(), fate_general=None, retreat_options=()))
        self._next_commander()

    def _commander_due(self, b: Battle) -> str | None:
        done = dict(b.commanders)
        for clan, _ in b.start_counts:
            if clan not in done:
                return clan
        return None

    def _chooser(self, b: Battle, clan: str) -> str:
        return b.side if clan == b.acting else other(b.side)

    def _next_commander(self) -> None:
        while True:
            b = self._get(Battle)
            clan = self._commander_due(b)
            if clan is None:
                break
            top = self._top_generals(b.area, clan)
            if len(top) > 1:
                self._set_flow(phase="commander", seat=self._chooser(b, clan))
                return
            self.put(self.game_ent, replace(b, commanders=b.commanders + ((clan, top[0] if top else None),)))
        self._fire()

    def valour(self, b: Battle, clan: str) -> int:
        gen = dict(b.commanders).get(clan)
        if gen is not None:
            return self.general(gen).valour
        if clan == self.data["warrior_monks"]["clan"]:
            return int(self.data["warrior_monks"]["valour"])
        return int(self.data["combat"]["no_commander_valour"])

    def _roll_hits(self, b: Battle, clan: str) -> int:
        n = self.count(b.area, clan)
        if n <= 0:
            return 0
        v = self.valour(b, clan)
        rolls = self.dice.roll(n, 6, self.fire_purpose[clan])
        hits = sum(1 for r in rolls if r <= v)
        self.emit_msg("Fire", "{clan}: {n} dice at valour {v}: {hits} hit(s)",
                      {"clan": self.clan_names[clan], "n": n, "v": v, "hits": hits},
                      area=b.area, clan=clan, rolls=rolls, valour=v, hits=hits)
        return hits

    def _enemies_with_retainers(self, b: Battle) -> list[str]:
        return [c for c, _ in b.start_counts[1:] if self.count(b.area, c) > 0]

    def _enemies_fire(self, b: Battle) -> None:
        hits = sum(self._roll_hits(b, c) for c, _ in b.start_counts[1:])
        n = self.count(b.area, b.acting)
        lost = min(n, hits)
        if lost:
            self._set_count(b.area, b.acting, n - lost)
            self.emit_msg("RetainersLost", "The {clan} lose {n} in {area}",
                          {"clan": self.clan_names[b.acting], "n": lost, "area": self.places[b.area]},
                          area=b.area, clan=b.acting, lost=lost)

    def is_coward_battle(self, b: Battle) -> bool:
        if b.coward_first and b.round == 1:
            return True
        ok = self.markers().okubyo
        return ok is not None and self.loc(ok) == b.area and self.general(ok).clan in dict(b.start_counts)

    def _fire(self) -> None:
        b = self._get(Battle)
        self._set_flow(phase="battle", seat=None)
        coward = self.is_coward_battle(b)
        if coward:
            self.emit_msg("CowardSequence", "The coward marker: the Genji side fires first", {}, area=b.area)
        if coward and self.side_of(b.acting) != "MINAMOTO":
            self._enemies_fire(b)
            hits = self._roll_hits(b, b.acting)
            stage = "fate"
        elif coward:
            hits = self._roll_hits(b, b.acting)
            stage = "enemies_fire"
        else:
            hits = self._roll_hits(b, b.acting)
            self._enemies_fire(b)
            stage = "fate"
        total = sum(self.count(b.area, c) for c in self._enemies_with_retainers(b))
        b = replace(b, alloc_left=min(hits, total), stage=stage)
        self.put(self.game_ent, b)
        self._allocate()

    def _allocate(self) -> None:
        while True:
            b = self._get(Battle)
            if b.alloc_left <= 0:
                break
            ens = self._enemies_with_retainers(b)
            if not ens:
                self.put(self.game_ent, replace(b, alloc_left=0))
                break
            if len(ens) > 1:
                self._set_flow(phase="allocate", seat=other(b.side))
                return
            c = ens[0]
            n = self.count(b.area, c)
            lost = min(n, b.alloc_left)
            self._set_count(b.area, c, n - lost)
            self.emit_msg("RetainersLost", "The {clan} lose {n} in {area}",
                          {"clan": self.clan_names[c], "n": lost, "area": self.places[b.area]},
                          area=b.area, clan=c, lost=lost)
            self.put(self.game_ent, replace(b, alloc_left=b.alloc_left - lost))
        b = self._get(Battle)
        if b.stage == "enemies_fire":
            self._enemies_fire(b)
            self.put(self.game_ent, replace(b, stage="fate"))
        self._fate_start()

    def _hit(self, clan: str) -> None:
        b = self._get(Battle)
        self._set_count(b.area, clan, self.count(b.area, clan) - 1)
        self.emit_msg("RetainersLost", "The {clan} lose {n} in {area}",
                      {"clan": self.clan_names[clan], "n": 1, "area": self.places[b.area]}, area=b.area, clan=clan, lost=1)
        self.put(self.game_ent, replace(b, alloc_left=b.alloc_left - 1))
        self._set_flow(phase="battle", seat=None)
        self._allocate()

    def _fate_start(self) -> None:
        """Who rolls the fate table [10(6)]: every general of a clan that has no retainer
        left in the area, if its last one fell this round or enemy retainers stand there
        (a lone general is harmed like any other; the acting clan's enemies are the
        others, theirs is the acting clan)."""
        b = self._get(Battle)
        acting_left = self.count(b.area, b.acting) > 0
        others_left = bool(self._enemies_with_retainers(b))
        wiped = {c for c, n in b.start_counts if self.count(b.area, c) == 0
                 and (n > 0 or (others_left if c == b.acting else acting_left))}
        queue = tuple(k for k in self.generals_in(b.area) if self.general(k).clan in wiped)
        self.put(self.game_ent, replace(b, fate_queue=queue))
        self._next_fate()

    def _next_fate(self) -> None:
        while True:
            b = self._get(Battle)
            if not b.fate_queue:
                break
            key, rest = b.fate_queue[0], b.fate_queue[1:]
            self.put(self.game_ent, replace(b, fate_queue=rest))
            if self.loc(key) != b.area:
                continue
            opts = self._fate(key, "leader_fate", chooser=self._chooser(b, self.general(key).clan))
            if self.flow().phase == "over":
                return
            if opts:
                self.put(self.game_ent, replace(self._get(Battle), fate_general=key, retreat_options=tuple(opts)))
                self._set_flow(phase="retreat", seat=self._chooser(b, self.general(key).clan))
                return
        self._round_over()

    def retreat_areas(self, key: str) -> list[str]:
        here = self.loc(key)
        clan = self.general(key).clan
        side = self.side_of(clan)
        out = []
        for n in self.nbrs.get(here, ()):
            if not self.has_clan_unit(n, clan):
                continue
            enemy = any(c != clan and (side is None or self.side_of(c) != side) for c in self.clans_in(n))
            if not enemy:
                out.append(n)
        return out

    def _fate(self, key: str, table: str, chooser: str, auto: bool = False) -> list[str]:
        """Roll the fate table for a general; returns retreat options when a choice is due."""
        (roll,) = self.dice.roll(1, 6, self.fate_purpose[key])
        res = _table(self.tables[table]["results"], roll, "result")
        self.emit_msg("LeaderFate", "{general} rolls {roll}: {result}",
                      {"general": self.gen_names[key], "roll": roll, "result": res}, general=key, roll=roll, result=res)
        if res == "retreat":
            opts = self.retreat_areas(key)
            if not opts:
                self._remove_general(key, "lost")
                return []
            if len(opts) == 1 or auto:
                self._relocate(key, opts[0], "retreat")
                return []
            return opts
        if res == "wounded":
            self._relocate(key, WAITING, "wounded")
            return []
        self._remove_general(key, "killed" if res == "killed" else "drowned")
        return []

    def _round_over(self) -> None:
        b = self._get(Battle)
        if b.many and b.round < self.max_rounds and self.count(b.area, b.acting) > 0 \
                and self._enemies_with_retainers(b):
            self._set_flow(phase="continue", seat=b.side)
            return
        self._end_battle()

    def _end_battle(self) -> None:
        b = self._get(Battle)
        self.take(self.game_ent, Battle)
        self.emit_msg("BattleEnded", "The battle in {area} ends", {"area": self.places[b.area]}, area=b.area)
        if b.then == "areas":
            act = self._act()
            if self.fight_options(act.user, act.fought):
                self._set_flow(phase="battle_areas", seat=act.user)
                return
        self._next_card()

    # generals leaving ---------------------------------------------------------------------------------
    def _relocate(self, key: str, where: str, why: str) -> None:
        """Put a general elsewhere; ``why``: "retreat", "wounded", "summoned" (to court) or
        "recalled" (to Kamakura): each its own line."""
        frm = self.loc(key)
        self.put(self.gen_ent[key], Location(where))
        v = {"general": self.gen_names[key], "frm": self.place(frm), "to": self.place(where)}
        if why == "retreat":
            self.emit_msg("GeneralRelocated", "{general} retreats ({frm} → {to})", v, general=key, frm=frm, to=where)
        elif why == "wounded":
            self.emit_msg("GeneralRelocated", "{general} is wounded ({frm} → {to})", v, general=key, frm=frm, to=where)
        elif why == "summoned":
            self.emit_msg("GeneralRelocated", "{general} is summoned to court ({frm} → {to})", v, general=key, frm=frm,
                          to=where)
        else:
            self.emit_msg("GeneralRelocated", "{general} is recalled to Kamakura ({frm} → {to})", v, general=key,
                          frm=frm, to=where)

    def _remove_general(self, key: str, why: str) -> None:
        """Take a general out of the game; ``why``: "lost" (nowhere to retreat), "killed" or
        "drowned"."""
        frm = self.loc(key)
        e = self.gen_ent[key]
        self.take(e, Location)
        self.put(e, Removed(self.track().turn))
        m = self.markers()
        if key in (m.okubyo, m.kajiwara):
            self.put(self.game_ent, Markers(None if m.okubyo == key else m.okubyo,
                                            None if m.kajiwara == key else m.kajiwara))
        v = {"general": self.gen_names[key], "area": self.place(frm)}
        if why == "lost":
            self.emit_msg("GeneralRemoved", "{general} has nowhere to retreat and is lost ({area})", v, general=key,
                          frm=frm)
        elif why == "killed":
            self.emit_msg("GeneralRemoved", "{general} is killed ({area})", v, general=key, frm=frm)
        else:
            self.emit_msg("GeneralRemoved", "{general} drowns ({area})", v, general=key, frm=frm)
        self._check_sudden_death()

    def _check_sudden_death(self) -> bool:
        for key, side in self.data["victory"]["removal_wins"].items():
            if self.is_removed(key):
                self._game_over(side, Msg("{general} removed", general=self.gen_names[key]))
                return True
        return False

    def _game_over(self, winner: str | None, reason: Msg) -> None:
        for comp in (Act, MoveState, Battle):
            self.take(self.game_ent, comp)
        self._set_flow(phase="over", seat=None, winner=winner, reason=reason)
        if winner:
            self.emit_msg("GameOver", "{side} wins: {reason}", {"side": self._name(winner), "reason": reason},
                          winner=winner, reason=reason)
        else:
            self.emit_msg("GameOver", "Draw: {reason}", {"reason": reason}, winner=winner, reason=reason)

    # adjustment [11.0] --------------------------------------------------------------------------------
    def _adjustment(self) -> None:
        self._set_flow(phase="adjust", seat=None)
        m = self.markers()
        if m.kajiwara:
            roll_rule = self.cdata["G10"]["effect"]["adjustment_roll"]
            if m.kajiwara in roll_rule["generals"] and self.loc(m.kajiwara) not in (None, WAITING):
                (r,) = self.dice.roll(1, 6, SLANDER_ROLL)
                if r in roll_rule["rolls"]:
                    self._relocate(m.kajiwara, WAITING, "recalled")
        self.put(self.game_ent, Markers())
        for area in self.areas + (OU,):
            self._supply_limit(area)
        # every card comes back; a removed general's card leaves the game. The cards keep their
        # owners (no pool is open: nothing shows them) until the next deck building deals them again
        z = self.zones
        z.reset(self, {"removed": sorted(self.removed_cards())}, owners=z.owners(self),
                rest="box")
        self.put(self.game_ent, DeckBuilding())
        turn = self.track().turn
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": turn}, turn=turn)
        if self._end_of_turn_victory(turn):
            return
        self._start_turn(turn + 1)

    def supply_shares(self, area: str) -> dict[str, int]:
        """Each clan's limit in the area (rolling for the odd points) [11.0]."""
        g = self.garrison(area)
        sup = self.supply[area]
        if len(g) <= 1:
            return {c: sup for c in g}
        base, odd = divmod(sup, len(g))
        share = {c: base for c in g}
        over = sorted(c for c in g if g[c] > base)
        while odd > 0 and over:
            if len(over) == 1:
                pick = over[0]
            else:
                (r,) = self.dice.roll(1, len(over), self.odd_purpose[area])
                pick = over[r - 1]
            share[pick] += 1
            over.remove(pick)
            odd -= 1
        return share

    def _supply_limit(self, area: str) -> None:
        g = self.garrison(area)
        if sum(g.values()) <= self.supply[area] and len(g) <= 1:
            return
        if len(g) > 1 and all(n <= self.supply[area] // len(g) for n in g.values()):
            return
        for clan, lim in sorted(self.supply_shares(area).items()):
            n = self.count(area, clan)
            if n > lim:
                self._set_count(area, clan, lim)
                self.emit_msg("SupplyLosses", "{area}: supply {supply}, {n} {clan} retainer(s) removed",
                              {"area": self.places[area], "supply": self.supply[area], "n": n - lim,
                               "clan": self.clan_names[clan]}, area=area, clan=clan, lost=n - lim)

    # victory [13.0] -----------------------------------------------------------------------------------
    def base_count(self, side: str) -> int:
        return sum(1 for a in self.bases if self.side_controls(a) == side)

    def area_points(self, side: str) -> int:
        return sum(2 if a in self.bases else 1 for a in self.areas if self.side_controls(a) == side)

    def _end_of_turn_victory(self, turn: int) -> bool:
        need = int(self.data["victory"]["automatic"]["base_areas"])
        for side in SIDES:
            if self.base_count(side) >= need:
                self._game_over(side, Msg("controls all {n} base areas", n=need))
                return True
        if turn < self.turns:
            return False
        for rule in self.data["victory"]["after_last_turn"]:
            if "side" in rule and self.base_count(rule["side"]) >= rule["min_base_areas"]:
                self._game_over(rule["side"], Msg("{n} base areas after turn {turn}",
                                                  n=self.base_count(rule["side"]), turn=turn))
                return True
        pm, pt = self.area_points("MINAMOTO"), self.area_points("TAIRA")
        if pm == pt:
            self._game_over(None, Msg("areas tied {a}–{b}", a=pm, b=pt))
        else:
            w = "MINAMOTO" if pm > pt else "TAIRA"
            self._game_over(w, Msg("areas {a}–{b}", a=max(pm, pt), b=min(pm, pt)))
        return True

    def _result(self) -> Result | None:
        f = self.flow()
        if f.phase != "over":
            return None
        return self.make_result(f.winner, f.reason, tuple((s, self.area_points(s)) for s in SIDES))

    # observation ------------------------------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        tr, f, m, c = self.track(), self.flow(), self.markers(), self.cards()
        gens = {}
        for key, e in self.gen_ent.items():
            gens[key] = {"where": self.loc(key), "removed": self.world.has(e, Removed),
                         "clan": self.general(key).clan}
        act = self._get(Act)
        mv = self._get(MoveState)
        b = self._get(Battle)
        return {
            "game": self.game_id, "turn": tr.turn, "court": tr.court, "court_friendly": self.court_friendly(),
            "phase": f.phase, "seat": f.seat, "repl_queue": [list(x) for x in f.repl_queue],
            "placed": list(f.placed), "markers": {"okubyo": m.okubyo, "kajiwara": m.kajiwara},
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
                                              "round": b.round, "commanders": dict(b.commanders),
                                              "alloc_left": b.alloc_left},
            "winner": f.winner, "reason": f.reason,
        }

    def _observation(self, seat: str) -> dict[str, Any]:
        obs = self.public_state()
        obs["seat"] = seat
        obs["my_chosen"] = list(self.chosen_by(seat))
        obs["my_cards_in_deck"] = list(self.zones.owned(self, seat, ("deck",)))
        return obs

    def _determinize(self, g: "Yoshitsune", seat: str, rng: random.Random) -> None:
        """The view ``g`` (a copy): the opponent's unrevealed choices are re-dealt
        from its pool within its limit, and the deck re-shuffled, from ``rng`` and
        the seat's observation only (game.systems.cards)."""
        g.zones.determinize(g, seat, rng, fits=_within_limits(g))

    # test and editor support -------------------------------------------------------------------------
    @classmethod
    def from_position(cls, generals: dict[str, str], retainers: dict[str, dict[str, int]], *,
                      turn: int = 1, court: int = 0, start: str = "use", card: str | None = None,
                      user: str | None = None, deck: tuple[str, ...] = (), removed: tuple[str, ...] = (),
                      markers: Markers | None = None, chosen: dict[str, tuple[str, ...]] | None = None,
                      seed: int = 0, options: dict[str, Any] | None = None) -> "Yoshitsune":
        """A hand-built position. ``generals``: key -> area, "ou" or "waiting_box";
        generals not named are out of play, or removed if in ``removed``.
        ``retainers``: area -> {clan: n}; other areas are empty. ``start``:
        "turn" (begin the turn: court phase, replenishment...), "replenish",
        "build", "action" (turn the top card of ``deck``), "use" (``card`` is
        turned), "adjust" (run the adjustment phase now)."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        for key, e in g.gen_ent.items():
            g.take(e, Location)
            g.take(e, Removed)
            g.take(e, OutOfPlay)
            if key in generals:
                g.put(e, Location(generals[key]))
            elif key in removed:
                g.put(e, Removed(0))
            else:
                g.put(e, OutOfPlay())
        for a, e in g.area_ent.items():
            g.put(e, Garrison(tuple(sorted((c, n) for c, n in retainers.get(a, {}).items() if n > 0))))
        g.put(g.game_ent, Track(turn, court))
        g.put(g.game_ent, markers or Markers())
        g.zones.reset(g, {"removed": sorted(g.general(k).card for k in removed)}, rest="box")
        g.put(g.game_ent, DeckBuilding())
        for comp in (Act, MoveState, Battle):
            g.take(g.game_ent, comp)
        g.put(g.game_ent, Flow("start", None))
        g.invalidate()
        if start == "turn":
            g.put(g.game_ent, Track(turn, court))
            g._court_phase()
            g._start_replenishment()
        elif start == "replenish":
            g._start_replenishment()
        elif start == "build":
            g._start_build()
        elif start == "action" or (start == "use" and card is not None):
            ch = chosen or {}
            g._start_build()
            deck_all = tuple(deck) + ((card,) if card else ())
            if not ch:
                ch = {s: tuple(sorted(x for x in deck_all if g._owner_hint(x) == s)) for s in SIDES}
            # the chosen cards are the sides' (owners); those not in the deck or turned are still chosen
            z = g.zones
            z.set_owners(g, {x: None for x in deck_all} | {x: s for s in SIDES for x in ch.get(s, ())})
            for s in SIDES:
                z.move_all(g, [x for x in ch.get(s, ()) if x not in deck_all], f"chosen:{s}")
            z.move_all(g, deck, "deck")
            g.put(g.game_ent, replace(g.building(), done=SIDES))
            if start == "use":
                z.move(g, card, "play")
                g.put(g.game_ent, Act(card, user or g.card_side(card)))
                g._set_flow(phase="use", seat=user or g.card_side(card))
            else:
                g._set_flow(phase="turn", seat="MINAMOTO")
        elif start == "adjust":
            g._adjustment()
        g._flush_events()
        g.history.clear()
        g.invalidate()
        return g

    def _owner_hint(self, card: str) -> str | None:
        d = self.cdata[card]["deck"]
        if d in SIDES:
            return d
        if card == "C01":
            return self.card_side(card)
        return self.court_friendly() or "MINAMOTO"


def _within_limits(view: Yoshitsune):
    """Dealing a view: each side's hidden choice keeps to its limit [7.0], counting
    the cards of its choice already turned (public)."""
    z = view.zones
    own = {c: z.owner(view, c) for c in z.cards}
    shown = view.cards_in("turned") + view.cards_in("play")
    limits = dict(view.building().limits)

    def fits(view: Yoshitsune, zone: str, host: str | None, card: str, taken: tuple[str, ...]) -> bool:
        if card in COURT_CARDS or zone.startswith("pool:"):
            return True
        side = own[card]
        prior = tuple(x for x in shown + taken if own[x] == side)
        return Yoshitsune._choice_ok(prior, card, limits.get(side, 0))
    return fits
