"""中原大戰's set-up (seed 1-3, §5): the data and the map read once, the entities of a
new game, the readers of the game entity's components, the names the log prints, and
hand-built positions (``from_position``).
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any, Iterable

from game.core.text import Msg, Name
from game.core.tmx import load_board
from game.paths import map_path

from .. import seating
from ..components import (Ask, Battle, Cost, Effects, LastBattle, Loss, Marker, Over, Owner, Piece, Tracks,
                          Turn)
from ..kinds import COMMAND
from .basics import GREY, KINDS, _NAMES, load_data, parse_pieces
from .decks import card_zones

class Setup:
    """中原大戰's set-up (seed 1-3, §5): the data and the map read once, the entities of a"""

    # -- seats from the options (seed 9) ----------------------------------------------------------------
    @classmethod
    def seats_for(cls, options: dict[str, Any]) -> tuple[str, ...]:
        return seating.seats_of(options)

    @classmethod
    def check_options(cls, options: dict[str, Any] | None) -> dict[str, Any]:
        out = super().check_options(options)
        seating.check(out)
        return out

    def roles_of(self, seat: str) -> tuple[str, ...]:
        return tuple(seat.split("+"))

    def seat_side(self, seat: str) -> str:
        return self.data_camp[seat.split("+")[0]]

    # -- set-up (seed 1-3, §5) --------------------------------------------------------------------------
    def _load_static(self) -> None:
        """The data and the map (read once per process), and the tables the rules read from them."""
        d = self.data = load_data()
        self.board = load_board(map_path(d["map"]))
        self.nodes = tuple(sorted(self.board.cells))
        self.cmds = d["commanders"]
        self.order = tuple(d["turn_order"])
        self.data_camp = {k: c["camp"] for k, c in self.cmds.items()}
        self.camps = {c: tuple(d["camps"][c]["commanders"]) for c in ("central", "anti")}
        self.seat_of = {cmd: seat for seat in self.seats for cmd in self.roles_of(seat)}
        self.cdata = {c["id"]: c for c in d["cards"]}
        self.deck_of = {k: tuple(c["id"] for c in d["cards"] if c["deck"] == k) for k in self.cmds}
        self.neutral_cards = tuple(d["neutral"]["pile"])
        self.round_limit = int(d["round_limit"]["rounds"])
        self._movement_tables(d)
        self._combat_tables(d)
        self._track_tables(d)
        self._names()

    def _movement_tables(self, d: dict[str, Any]) -> None:
        self.allowance = {k: dict(v) for k, v in d["movement"]["allowance"].items()}
        #: the link kinds each kind of piece may move along (allowance not 0): its steps (§3.2)
        self.step_kinds = {b: frozenset(k for k in KINDS if self.allowance[k][b] != 0) for b in self.allowance["rail"]}
        self.stack_limit = int(d["stack_limit"])
        self.max_infantry = int(d["components"]["max_infantry_on_map"])

    def _combat_tables(self, d: dict[str, Any]) -> None:
        self.terrain_mod = {t: int(v) for t, v in d["combat"]["terrain"].items()}
        self.strength = {k: int(p["strength"]) for k, p in d["pieces"].items()}
        self.counts_camp = self.options.get("counts", d["combat"]["counts"]) == "camp"
        ml = d["combat"]["morale_loss"]
        self.morale_loss = bool(self.options.get("morale_loss", ml["default"]))
        self.morale_loss_at, self.morale_loss_by = int(ml["min_difference"]), -int(ml["loser"])

    def _track_tables(self, d: dict[str, Any]) -> None:
        self.upkeep_units = {k: int(v) for k, v in d["upkeep"]["units"].items() if k != "grey"}
        self.upkeep_table = [(r["units"][0], r["units"][1], r["pay"]) for r in d["upkeep"]["table"]]
        self.upkeep_per = int(d["upkeep"]["per"])
        tr = d["tracks"]
        self.ranges = {t: (int(tr[t]["min"]), int(tr[t]["max"])) for t in ("morale", "troops", "funds")}
        self.zone_of = {v: z["zone"] for z in tr["troops"]["zones"] for v in range(z["low"], z["high"] + 1)}

    def _names(self) -> None:
        """The names the log lines print (layout): game.core.text.Name, whose str is the
        rules' English text as it always was (these lines name people, places and cards
        in Chinese) and which keeps the English name, so the client shows both. Those of
        the data and the map are made once per process (both are cached)."""
        hit = _NAMES.get((id(self.data), id(self.board)))
        if hit is None or hit[0] is not self.data or hit[1] is not self.board:
            hit = _NAMES[(id(self.data), id(self.board))] = (self.data, self.board, self._data_names())
        self.cmd_names, self.place_names, self.card_names, self.card_full_names, self.camp_names = hit[2]
        self.seat_names = {s: Name(" · ".join(self.cmd_names[k].english for k in self.roles_of(s)),
                                   "·".join(self.cmd_names[k] for k in self.roles_of(s)), "zh",
                                   "·".join(self.cmd_names[k] for k in self.roles_of(s))) for s in self.seats}
        #: a seat by its code ("CHIANG+HE"), as the shuffle and the start line print it
        self.seat_codes = {s: Name(s, "·".join(self.cmd_names[k] for k in self.roles_of(s)), "zh") for s in self.seats}
        #: the purpose of the shuffle when a deck runs out (the dice log it)
        self.reshuffle_why = {s: Msg("shuffle discard:{seat} into deck:{seat}", seat=self.seat_codes[s])
                              for s in self.seats}

    def _data_names(self) -> tuple[dict[str, Name], ...]:
        """(commanders, places, cards, cards with their English as the play line prints them, camps)."""
        def en(s: str) -> str:
            return s.split(" (")[0]                            # "Beiping (Peking)" -> "Beiping"
        cells = {n: self.board.cell(n).props for n in self.nodes}
        return ({k: Name(en(c["name_en"]), c["name_zh"], "zh", c["name_zh"]) for k, c in self.cmds.items()},
                {n: Name(en(p["name_en"]), p["name_zh"], "zh", p["name_zh"]) for n, p in cells.items()},
                {c: Name(en(d["name_en"]), d["name_zh"], "zh", d["name_zh"]) for c, d in self.cdata.items()},
                {c: Name(en(d["name_en"]), d["name_zh"], "zh", f"{d['name_zh']} {d['name_en']}")
                 for c, d in self.cdata.items()},
                {c: Name(v["name_en"], v["name_zh"], "zh", v["name_zh"])
                 for c, v in self.data["camps"].items() if c in ("central", "anti")})

    def _setup(self) -> None:
        self._load_static()
        self._create_regions()
        self._create_pieces()
        tr = self.data["tracks"]
        self.cmd_ent = {k: self.create(Tracks(tr["morale"]["start"][k], tr["troops"]["start"][k],
                                              tr["funds"]["start"][k])) for k in self.order}
        self.turn_ent = self.create(Turn(1, 0, self.order[0], "upkeep"))
        #: a marker for each card that marks a stronghold or a link (DEFEND, CUT_RAIL)
        self.marker_ent = {c: self.create(Marker(c)) for c, cd in self.cdata.items()
                           if any(o["op"] in ("defend", "cut_rail") for o in cd["effect"].get("while_active", ()))}
        self.game_ent = self.create(Ask(COMMAND, self.seats[0]))
        self.zones = card_zones(self)
        contents = {f"deck:{s}": tuple(c for k in self.roles_of(s) for c in self.deck_of[k]) for s in self.seats}
        contents["neutral"] = self.neutral_cards
        owners = {c: d["deck"] for c, d in self.cdata.items() if d["deck"] in self.cmds}
        self.zones.create(self, contents, owners)
        for s in self.seats:
            self.zones.shuffle(self, f"deck:{s}", Msg("shuffle {seat}'s deck", seat=self.seat_codes[s]))
        self.zones.shuffle(self, "neutral", Msg("shuffle the neutral generals"))
        for s in self.seats:
            self.zones.draw(self, f"deck:{s}", f"hand:{s}", self.hand_limit(s))
        self.emit_msg("GameStarted", "中原大戰: {n} players ({seats})",
                      {"n": len(self.seats), "seats": Name(", ".join(self.seats), ", ".join(
                          self.seat_codes[s].original for s in self.seats), "zh")}, seats=list(self.seats))
        self._run()

    def _create_pieces(self) -> None:
        """Every counter of the mix (data components; an infantry per track marker kept
        aside) is an entity in the box; the set-up's pieces are placed from it."""
        mix = self.data["components"]
        markers = int(mix["markers"]["per_commander"])
        for cmd in self.order:
            for code in ("infantry", "cavalry", "armoured_train"):
                for _ in range(int(mix[code][cmd]) - (markers if code == "infantry" else 0)):
                    self.create(Piece(code), Owner(cmd))
        for code in ("infantry", "cavalry"):
            for _ in range(int(mix[code]["grey"])):
                self.create(Piece(GREY + code))
        for row in self.data["setup"]["pieces"]:
            for code, k in row["pieces"].items():
                for _ in range(k):
                    self._add(row["at"], row["commander"], code)

    # -- reading the world --------------------------------------------------------------------------------
    def _get(self, comp: type):
        return self.world.try_get(self.game_ent, comp)

    def turn(self) -> Turn:
        """The turn marker: round, whose turn, the turn's phase."""
        return self.world.get(self.turn_ent, Turn)

    def over(self) -> Over | None:
        return self.world.try_get(self.game_ent, Over)

    def effects(self) -> Effects | None:
        """The card effect being carried out, if any."""
        return self._get(Effects)

    def battle(self) -> Battle | None:
        return self._get(Battle)

    def loss(self) -> Loss | None:
        return self._get(Loss)

    def last_battle(self) -> LastBattle | None:
        return self._get(LastBattle)

    def tracks(self, cmd: str) -> Tracks:
        return self.world.get(self.cmd_ent[cmd], Tracks)

    def name(self, cmd: str) -> str:
        """A commander's name (a Name: 蔣中正, with "Chiang Kai-shek" for the client)."""
        return self.cmd_names.get(cmd, cmd)

    def seat_name(self, seat: str) -> str:
        return self.seat_names[seat]

    def place_name(self, s: str) -> str:
        return self.place_names[s]

    def card_name(self, card: str) -> str:
        return self.card_names[card]

    # -- hand-built positions (tests, tools) --------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, pieces: dict[str, str], *, commander: str = "CHIANG", phase: str = "commands",
                      commands: int | None = None, round: int = 1, tracks: dict[str, dict[str, int]] | None = None,
                      hands: dict[str, Iterable[str]] | None = None, decks: dict[str, Iterable[str]] | None = None,
                      in_play: dict[str, Iterable[tuple]] | None = None, neutral: Iterable[str] | None = None,
                      support: dict[str, Iterable[str]] | None = None, removed: Iterable[str] = (),
                      seed: int = 0, options: dict[str, Any] | None = None) -> Any:
        """A hand-built position. ``pieces``: stronghold -> "CHIANG inf inf AT; HE
        inf" (codes inf, cav, AT, ginf, gcav or in full); others are empty.
        ``commander`` is to play, in ``phase`` ("commands": ``commands`` left, the
        camp's number by default; "upkeep": his turn begins). ``tracks``: commander ->
        changes. ``hands``: seat -> cards; ``decks``: seat -> its top cards (the rest
        of the seat's cards follow, in id order); ``in_play``: commander -> (card,
        counters[, mark]) with the counters taken from the seat's deck bottom;
        ``neutral``: the pile, top first (default N1..N4) and ``support``: neutral ->
        support cards under it; ``removed``: cards out of the game."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        for s in list(hands or {}) + list(decks or {}):
            if s not in g.seats:
                raise ValueError(f"central_plains: no seat {s!r}; seats are {', '.join(g.seats)}")
        g._clear_map()
        for n in g.nodes:
            for cmd, code in parse_pieces(pieces.get(n, "")):
                g._add(n, cmd, code)
        tr = g.data["tracks"]
        for k in g.order:
            base_t = Tracks(tr["morale"]["start"][k], tr["troops"]["start"][k], tr["funds"]["start"][k])
            g.put(g.cmd_ent[k], replace(base_t, **(tracks or {}).get(k, {})))
        plays = {k: [tuple(x) for x in v] for k, v in (in_play or {}).items()}
        g._lay_cards({s: tuple(v) for s, v in (hands or {}).items()}, {s: tuple(v) for s, v in (decks or {}).items()},
                     plays, neutral, tuple(removed))
        g._lay_in_play(plays, {n: tuple(v) for n, v in (support or {}).items()})
        for comp in (Cost, Effects, Battle, Loss, LastBattle, Over, Ask):
            g.take(g.game_ent, comp)
        idx = g.order.index(commander)
        n = commands if commands is not None else int(g.data["camps"][g.data_camp[commander]]["commands"])
        g.put(g.turn_ent, Turn(round, idx, commander, phase, n if phase == "commands" else 0))
        g.invalidate()
        g._run()
        g._flush_events()
        g.history.clear()
        g.invalidate()
        return g

    def _lay_cards(self, hands: dict[str, tuple[str, ...]], decks: dict[str, tuple[str, ...]],
                   plays: dict[str, list[tuple]], neutral: Iterable[str] | None, removed: tuple[str, ...]) -> None:
        """The cards of a hand-built position in their zones (see from_position)."""
        placed = {c for v in hands.values() for c in v} | {c for v in decks.values() for c in v} | set(removed)
        placed |= {x[0] for v in plays.values() for x in v}
        contents: dict[str, tuple[str, ...]] = {"removed": removed}
        for s in self.seats:
            own = tuple(c for k in self.roles_of(s) for c in self.deck_of[k])
            contents[f"hand:{s}"] = hands.get(s, ())
            contents[f"deck:{s}"] = decks.get(s, ()) + tuple(c for c in own if c not in placed)
        for k, v in plays.items():
            contents[f"play:{k}"] = tuple(x[0] for x in v)
        contents["neutral"] = tuple(neutral) if neutral is not None else self.neutral_cards
        contents["removed"] += tuple(c for c in self.neutral_cards if c not in contents["neutral"])
        owners = {c: d["deck"] for c, d in self.cdata.items() if d["deck"] in self.cmds}
        self.zones.reset(self, contents, owners)

    def _lay_in_play(self, plays: dict[str, list[tuple]], support: dict[str, tuple[str, ...]]) -> None:
        """The counter cards under the cards in play, their marks, and the support on the neutral generals."""
        for k, v in plays.items():
            for x in v:
                card, n = x[0], int(x[1])
                deck = f"deck:{self.seat_of[k]}"
                for _ in range(n):
                    self.zones.attach(self, card, deck, card=self.cards_in(deck)[-1])
                if len(x) > 2 and x[2] is not None:
                    self._set_mark(card, x[2])
        for n, cs in support.items():
            for c in cs:
                self.zones.attach(self, n, f"deck:{self.seat_of[self.card_owner(c)]}", card=c)
