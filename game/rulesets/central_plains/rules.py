"""中原大戰 (The Chinese Civil War of 1930): the rules, clause by clause (Chinese
rules summary, seed 001; data sheet ../shared/rules/central_plains.md, "§").

Five commanders in two camps: 中央軍 (蔣 CHIANG, 何 HE) against 反蔣軍 (閻 YAN,
李 LI, 馮 FENG), for 2 to 5 players (seating.py: a player may hold two or three
commanders of one camp). Each commander's turn, in the order 李 → 蔣 → 閻 → 何 → 馮
(seed 4): (1) pay upkeep by the size of his army; (2) return one counter card
from each of his lasting and dispatch cards, and expire those left with none;
(3) three commands (central) or two (anti-Chiang): a move (discard 1), an
attack (discard 2) or a card play; (4) refill the hand to its limit. The camp
that takes any enemy HQ wins at once; a commander at 0 funds or 0 troops
surrenders and his camp loses at once.

Rulings (each with its clause and reason in data.json "rulings", in
docs/rulings.md, and with a test in tests/test_central_plains_rules.py):

- Only the named commanders' own pieces (and the grey pieces they control) add
  strength; allies in the battlefield still absorb the overflow of losses
  (option ``counts`` = "camp": allies add too).
- "1 step" is one link of any kind; CUT_RAIL blocks movement (and retreats and
  advances) along its link, never adjacency for combat.
- A retreat moves one piece of the named commander's in the battlefield, his
  choice, 1 step by the movement rules (seed 6(2)C): along a link not cut of a
  kind it may move along (an armoured train by rail only) to an own, friendly
  or empty stronghold with room. His other pieces stay; there is no battle with
  him. When none of his pieces there can make the step he cannot retreat and
  defends.
- After a retreat the attacker may name another enemy commander in the
  battlefield (one who has not retreated) or end the attack. When the
  battlefield is cleared (by retreats or losses) the attacker may advance up to
  3 pieces from the origin into it, free, each by a retreat's step.
- A camp with a piece standing in an enemy HQ wins at once, however it came
  there (one check after every action and automatic step).
- Losses: the lower total loses 1 troop per full 3 points of difference, one at
  a time; each time the marker enters a lower zone (width 2) a piece at the
  stronghold goes, the victim's choice. When the loser has no piece left there,
  the rest of the loss falls on allies in the same stronghold (in the turn
  order), and it stops when the stronghold is empty (seed 7(3)C: "直到此據點上所有
  軍棋被拿掉為止").
- After a battle with a difference of 3 or more the loser's morale drops 1
  (option ``morale_loss``, on by default).
- TROOPS +n places a new infantry for each zone entered, where the card allows
  (else the HQ), never a 10th infantry and never without room; the marker still
  rises.
- Every seat sees the neutral pile's top card and its size, never the order of
  the cards below (an agent's view deals that order again).
- Only the top neutral general is active; each support point is one card from
  the top of the player's deck, face down. When a camp's support reaches his
  number he joins it, the support cards go to the bottoms of their owners'
  decks, he leaves the pile, the commander who placed the last support card
  resolves him, and the rest of that SUPPORT goes on to the next general.
- A lasting card that needs a sacrifice may be played only when there is a card
  to sacrifice (another card in the hand, or a deck or discard pile to take the
  top card from); the counters come from the top of the deck, as many as there
  are; a card with none expires at the next phase 2.
- A card may be played even if part of its effect cannot be carried out; that
  part is skipped. MOVE n / RAIL_MOVE / RIVER_MOVE / ATTACK may be skipped. A
  cavalry raid must move at least one link before its attack.
- The opening hand is the seat's hand limit (camp limit + 1 per extra
  commander). Cards drawn above the limit are kept; there is no refill then.
- A player holding several commanders plays each one's turn in the order; in
  A's turn he may play only A's cards and move only A's pieces, but may discard
  or sacrifice any card of his hand.
- After 30 rounds (data.json round_limit, RECONSTRUCTED) the game is a draw.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace
from itertools import combinations
from typing import Any, Iterable

from game.core.actions import Action, Decision
from game.core.data import load_json
from game.core.game import Game, Result
from game.core.text import Msg, Name
from game.core.tmx import load_board
from game.paths import map_path
from game.systems.cards import BOTTOM, DECK, DISCARD, HAND, NOBODY, OWNER, PLAY, PUBLIC, REMOVED, Zone, Zones

from . import seating
from .actions import (PIECE_TEXT, Advance, Attack, Discard, EndAttack, EndCommands, Move, NameDefender, Play,
                      RemovePiece, RetreatPiece, Sacrifice, Skip, Stand, Target, joined)
from .components import (Ask, Battle, Cost, Effects, LastBattle, Loss, Marks, Op, Over, Side, Stack, Tracks,
                         Turn)

KINDS = ("rail", "road", "river")
GREY = "grey_"
CODES = ("infantry", "cavalry", "armoured_train", "grey_infantry", "grey_cavalry")
SHORT = {"inf": "infantry", "cav": "cavalry", "AT": "armoured_train", "ginf": "grey_infantry",
         "gcav": "grey_cavalry"}
DEFAULT_SEATS = ("CHIANG", "HE", "YAN", "LI", "FENG")
#: ops that, in a lasting card's while_active, only act while the card is in play
LASTING_OPS = ("attack_all", "defend", "income", "hand_limit", "cut_rail")
PROMPTS = {
    "command": Msg("choose a command: move, attack, play a card, or end"),
    "discard": Msg("discard a card to pay for the command"),
    "sacrifice": Msg("sacrifice a card: from the hand or the top of the deck"),
    "card_move": Msg("make the card's move (or skip)"),
    "card_attack": Msg("make the card's attack (or skip)"),
    "target": Msg("choose the card's target"),
    "name": Msg("name the enemy commander to attack"),
    "stand": Msg("retreat or defend?"),
    "retreat": Msg("retreat a piece"),
    "loss": Msg("remove a piece"),
    "advance": Msg("advance into the battlefield?"),
}
#: why a track moves, when it is not a card (the log line says it in brackets)
WHY_INCOME, WHY_UPKEEP = Msg("income"), Msg("upkeep")
WHY_LOST_BATTLE, WHY_BATTLE = Msg("lost a battle"), Msg("battle")
#: a card's kind, as the log line of its play says it
KIND_TEXT = {"ordinary": Msg("ordinary"), "lasting": Msg("lasting"), "dispatch": Msg("dispatch"),
             "neutral": Msg("neutral")}


#: the Names of the data and the map, by (id(data), id(board)) (see CentralPlains._names)
_NAMES: dict[tuple[int, int], tuple[Any, Any, tuple[dict[str, Name], ...]]] = {}


def base(code: str) -> str:
    return code[len(GREY):] if code.startswith(GREY) else code


def load_data() -> dict[str, Any]:
    return load_json(seating.DATA_PATH)


def submultisets(codes: tuple[str, ...], most: int = 3) -> list[tuple[str, ...]]:
    """The distinct non-empty sub-multisets of ``codes`` (sorted) with at most ``most`` pieces."""
    out: set[tuple[str, ...]] = set()
    for k in range(1, min(most, len(codes)) + 1):
        out.update(combinations(sorted(codes), k))
    return sorted(out, key=lambda p: (len(p), p))


def parse_pieces(text: str) -> list[tuple[str, str]]:
    """'CHIANG inf inf AT; HE inf' -> [(CHIANG, infantry), ...] (hand-built positions)."""
    out = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        cmd = words[0]
        for w in words[1:]:
            out.append((cmd, SHORT.get(w, w)))
    return out


def card_zones(game: "CentralPlains") -> Zones:
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


class CentralPlains(Game):
    game_id = "central_plains"
    title = "中原大戰"
    title_en = "The Chinese Civil War of 1930 (Central Plains War)"
    seats = DEFAULT_SEATS
    hidden_information = True

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
        d = self.data = load_data()
        b = self.board = load_board(map_path(d["map"]))
        self.nodes = tuple(sorted(b.cells))
        self.cmds = d["commanders"]
        self.order = tuple(d["turn_order"])
        self.data_camp = {k: c["camp"] for k, c in self.cmds.items()}
        self.camps = {c: tuple(d["camps"][c]["commanders"]) for c in ("central", "anti")}
        self.hq_of = {k: c["hq"] for k, c in self.cmds.items()}
        self.hq_at = {v: k for k, v in self.hq_of.items()}
        self.terrain = {n: b.cell(n).terrain for n in self.nodes}
        self.terrain_mod = {t: int(v) for t, v in d["combat"]["terrain"].items()}
        by_kind: dict[str, dict[str, list[tuple[str, str]]]] = {k: {n: [] for n in self.nodes} for k in KINDS}
        self.link_ends: dict[str, tuple[str, str, str]] = {}
        lines: dict[str, set[str]] = {}
        for lk in b.links():
            name = lk.props["link_name"]
            self.link_ends[name] = (lk.a, lk.b, lk.kind)
            by_kind[lk.kind][lk.a].append((lk.b, name))
            by_kind[lk.kind][lk.b].append((lk.a, name))
            if lk.kind == "rail":
                lines.setdefault(lk.props["line"], set()).update((lk.a, lk.b))
        self.links_of = {k: {n: tuple(v) for n, v in m.items()} for k, m in by_kind.items()}
        self.adj = {n: tuple(sorted(b.neighbours(n))) for n in self.nodes}
        self.adj_links = {n: tuple(sorted((o, name) for k in KINDS for o, name in self.links_of[k][n]))
                          for n in self.nodes}
        self.rail_nodes = frozenset(n for n in self.nodes if self.links_of["rail"][n])
        self.line_nodes = {ln: frozenset(v) for ln, v in lines.items()}
        self.cdata = {c["id"]: c for c in d["cards"]}
        self.deck_of = {k: tuple(c["id"] for c in d["cards"] if c["deck"] == k) for k in self.cmds}
        self.neutral_cards = tuple(d["neutral"]["pile"])
        mv = d["movement"]
        self.allowance = {k: dict(v) for k, v in mv["allowance"].items()}
        #: the link kinds each kind of piece may move along (allowance not 0): its steps (§3.2)
        self.step_kinds = {b: frozenset(k for k in KINDS if self.allowance[k][b] != 0) for b in self.allowance["rail"]}
        self.stack_limit = int(d["stack_limit"])
        self.max_infantry = int(d["components"]["max_infantry_on_map"])
        self.strength = {k: int(p["strength"]) for k, p in d["pieces"].items()}
        self.upkeep_units = {k: int(v) for k, v in d["upkeep"]["units"].items() if k != "grey"}
        self.upkeep_table = [(r["units"][0], r["units"][1], r["pay"]) for r in d["upkeep"]["table"]]
        self.upkeep_per = int(d["upkeep"]["per"])
        tr = d["tracks"]
        self.ranges = {t: (int(tr[t]["min"]), int(tr[t]["max"])) for t in ("morale", "troops", "funds")}
        self.zone_of = {v: z["zone"] for z in tr["troops"]["zones"] for v in range(z["low"], z["high"] + 1)}
        self.seat_of = {cmd: seat for seat in self.seats for cmd in self.roles_of(seat)}
        self.round_limit = int(d["round_limit"]["rounds"])
        self.counts_camp = self.options.get("counts", d["combat"]["counts"]) == "camp"
        self.morale_loss = bool(self.options.get("morale_loss", d["combat"]["morale_loss"]["default"]))
        ml = d["combat"]["morale_loss"]
        self.morale_loss_at, self.morale_loss_by = int(ml["min_difference"]), -int(ml["loser"])
        self._names()

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
        self.node_ent = {n: self.create(Stack()) for n in self.nodes}
        for row in self.data["setup"]["pieces"]:
            pcs = [(row["commander"], code) for code, k in row["pieces"].items() for _ in range(k)]
            self.put(self.node_ent[row["at"]], Stack(tuple(sorted(pcs))))
        tr = self.data["tracks"]
        self.cmd_ent = {k: self.create(Tracks(tr["morale"]["start"][k], tr["troops"]["start"][k],
                                              tr["funds"]["start"][k])) for k in self.order}
        self.game_ent = self.create(Turn(1, 0, self.order[0], "upkeep"), Marks())
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

    # -- reading the world --------------------------------------------------------------------------------
    def _get(self, comp: type):
        return self.world.try_get(self.game_ent, comp)

    def turn(self) -> Turn:
        return self.world.get(self.game_ent, Turn)

    def marks(self) -> Marks:
        return self.world.get(self.game_ent, Marks)

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

    def stack(self, s: str) -> tuple[tuple[str, str], ...]:
        return self.world.get(self.node_ent[s], Stack).pieces

    def stacks(self) -> dict[str, tuple[tuple[str, str], ...]]:
        memo = self.memo_on(Stack)
        got = memo.get("stacks")
        if got is None:
            got = memo["stacks"] = {n: self.world.get(e, Stack).pieces for n, e in self.node_ent.items()}
        return got

    def camp_at(self, s: str) -> str | None:
        """The camp holding ``s`` (enemies never share a stronghold), or None when empty."""
        p = self.stacks()[s]
        return self.data_camp[p[0][0]] if p else None

    def enemy_of(self, camp: str) -> str:
        return "anti" if camp == "central" else "central"

    def enemies(self, cmd: str) -> tuple[str, ...]:
        return self.camps[self.enemy_of(self.data_camp[cmd])]

    def allies(self, cmd: str) -> tuple[str, ...]:
        return tuple(k for k in self.camps[self.data_camp[cmd]] if k != cmd)

    def controlled(self, cmd: str, s: str) -> tuple[str, ...]:
        """The codes of the pieces ``cmd`` controls at ``s`` (his own and his grey pieces), sorted."""
        return tuple(code for c, code in self.stacks()[s] if c == cmd)

    def positions(self, cmd: str) -> list[str]:
        """The strongholds where ``cmd`` controls pieces."""
        memo = self.memo_on(Stack)
        got = memo.get(("positions", cmd))
        if got is None:
            got = memo[("positions", cmd)] = [n for n, p in self.stacks().items() if any(c == cmd for c, _ in p)]
        return got

    def on_map(self, cmd: str, code: str | None = None) -> int:
        return sum(1 for p in self.stacks().values() for c, k in p if c == cmd and (code is None or k == code))

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
        u = sum(self.upkeep_units.get(code, 0) for p in self.stacks().values() for c, code in p if c == cmd)
        for lo, hi, pay in self.upkeep_table:
            if lo <= u <= hi:
                return pay
        return math.ceil(u / self.upkeep_per)

    def zone(self, troops: int) -> int:
        return self.zone_of.get(troops, 0)

    # -- writing -------------------------------------------------------------------------------------------
    def _set_stack(self, s: str, pieces: Iterable[tuple[str, str]]) -> None:
        self.put(self.node_ent[s], Stack(tuple(sorted(pieces))))

    def _add(self, s: str, cmd: str, code: str) -> None:
        self._set_stack(s, self.stack(s) + ((cmd, code),))

    def _take(self, s: str, cmd: str, code: str) -> None:
        p = list(self.stack(s))
        p.remove((cmd, code))
        self._set_stack(s, p)

    def _set_turn(self, **changes: Any) -> Turn:
        t = replace(self.turn(), **changes)
        self.put(self.game_ent, t)
        return t

    def _set_tracks(self, cmd: str, **changes: int) -> Tracks:
        t = replace(self.tracks(cmd), **changes)
        self.put(self.cmd_ent[cmd], t)
        return t

    def name(self, cmd: str) -> str:
        """A commander's name (a Name: 蔣中正, with "Chiang Kai-shek" for the client)."""
        return self.cmd_names.get(cmd, cmd)

    def seat_name(self, seat: str) -> str:
        return self.seat_names[seat]

    def place_name(self, s: str) -> str:
        return self.place_names[s]

    def card_name(self, card: str) -> str:
        return self.card_names[card]

    def _morale(self, cmd: str, delta: int, why: str = "") -> None:
        lo, hi = self.ranges["morale"]
        old = self.tracks(cmd).morale
        new = max(lo, min(hi, old + delta))
        if new == old:
            return
        self._set_tracks(cmd, morale=new)
        v = {"commander": self.name(cmd), "old": old, "new": new, "why": why}
        if why:
            self.emit_msg("MoraleChanged", "{commander} morale {old} → {new} ({why})", v, commander=cmd, old=old, new=new)
        else:
            self.emit_msg("MoraleChanged", "{commander} morale {old} → {new}", v, commander=cmd, old=old, new=new)

    def _funds(self, cmd: str, delta: int, why: str = "") -> None:
        lo, hi = self.ranges["funds"]
        old = self.tracks(cmd).funds
        new = max(lo, min(hi, old + delta))
        if new != old:
            self._set_tracks(cmd, funds=new)
            v = {"commander": self.name(cmd), "old": old, "new": new, "why": why}
            if why:
                self.emit_msg("FundsChanged", "{commander} funds {old} → {new} ({why})", v, commander=cmd, old=old,
                              new=new)
            else:
                self.emit_msg("FundsChanged", "{commander} funds {old} → {new}", v, commander=cmd, old=old, new=new)
        if new <= 0:
            self._surrender(cmd, "funds")

    def _troops_down(self, cmd: str, n: int, why: str = "") -> int:
        """Lower the troops marker n (seed 7(3)); returns the zones it left (pieces to remove)."""
        old = self.tracks(cmd).troops
        new = max(0, old - n)
        self._set_tracks(cmd, troops=new)
        v = {"commander": self.name(cmd), "old": old, "new": new, "why": why}
        if why:
            self.emit_msg("TroopsLost", "{commander} troops {old} → {new} ({why})", v, commander=cmd, old=old, new=new)
        else:
            self.emit_msg("TroopsLost", "{commander} troops {old} → {new}", v, commander=cmd, old=old, new=new)
        if new <= 0:
            self._surrender(cmd, "troops")
            return 0
        return self.zone(old) - self.zone(new)

    def _surrender(self, cmd: str, track: str) -> None:
        if self.over() is not None:
            return
        loser = self.data_camp[cmd]
        if track == "funds":
            why = Msg("{commander} surrenders: funds (資金) at 0", commander=self.name(cmd))
        else:
            why = Msg("{commander} surrenders: troops (兵力) at 0", commander=self.name(cmd))
        self._end(self.enemy_of(loser), why)

    def _end(self, winner: str | None, reason: str) -> None:
        if self.over() is not None:
            return
        self.put(self.game_ent, Over(winner, reason))
        self.take(self.game_ent, Ask)
        if winner:
            self.emit_msg("GameOver", "{reason}: {camp} wins", {"reason": reason, "camp": self.camp_names[winner]},
                          winner=winner, reason=reason)
        else:
            self.emit_msg("GameOver", "{reason}: a draw", {"reason": reason}, winner=winner, reason=reason)

    def hq_taken(self) -> tuple[str, str] | None:
        """(an HQ, the enemy camp standing in it), or None (seed 10(1))."""
        memo = self.memo_on(Stack)
        if "hq_taken" not in memo:
            memo["hq_taken"] = next(((s, camp) for s, owner in self.hq_at.items()
                                     if (camp := self.camp_at(s)) not in (None, self.data_camp[owner])), None)
        return memo["hq_taken"]

    def _check_hq(self) -> None:
        """seed 10(1): a camp with a piece standing in an enemy HQ wins at once. The one
        check, made by _run after every action and every automatic step: so whatever put
        the piece there (a move, a card's move, an advance, a retreat, a placement) wins."""
        taken = self.hq_taken()
        if taken is not None and self.over() is None:
            s, camp = taken
            self._end(camp, Msg("{camp} takes {commander}'s HQ at {place}", camp=self.camp_names[camp],
                                commander=self.name(self.hq_at[s]), place=self.place_name(s)))

    # -- the sequence of play: automatic steps until a decision ------------------------------------------------
    def _run(self) -> None:
        """Carry out every automatic step (upkeep, counters, effects without a
        choice, dice) until someone must decide or the game is over."""
        self.take(self.game_ent, Ask)
        for _ in range(100_000):
            self._check_hq()
            if self.over() is not None:
                return
            ask = self._step()
            if ask is not None:
                self.put(self.game_ent, replace(ask, prompt=ask.prompt or PROMPTS.get(ask.kind, ask.kind)))
                return
        raise RuntimeError("central_plains: the automatic steps did not stop")

    def _step(self) -> Ask | None:
        loss = self._get(Loss)
        if loss is not None:
            return self._loss_step(loss)
        b = self._get(Battle)
        if b is not None:
            return self._battle_step(b)
        e = self._get(Effects)
        if e is not None:
            return self._effects_step(e)
        t = self.turn()
        if self._get(Cost) is not None:
            return Ask("discard", self.seat_of[t.commander])
        if t.phase == "upkeep":
            self._upkeep(t)
        elif t.phase == "counters":
            self._counters_step(t)
        elif t.phase == "commands":
            if t.commands > 0:
                return Ask("command", self.seat_of[t.commander])
            self._set_turn(phase="refill")
        elif t.phase == "refill":
            self._refill(t)
        return None

    def _upkeep(self, t: Turn) -> None:
        """seed 5(1): pay for the army; INCOME cards first (§6.1)."""
        cmd = t.commander
        self.emit_msg("TurnStarted", "Round {round}: {commander}'s turn", {"round": t.round, "commander": self.name(cmd)},
                      round=t.round, commander=cmd, turn=f"{t.round} · {self.name(cmd)}")
        income = sum(int(o["n"]) for _, o in self.lasting_ops(cmd, "income"))
        if income:
            self._funds(cmd, income, WHY_INCOME)
        pay = self.upkeep(cmd)
        if pay:
            self._funds(cmd, -pay, WHY_UPKEEP)
        if self.over() is None:
            todo = tuple(c for c in self.cards_in(f"play:{cmd}") if self.cdata[c]["kind"] in ("lasting", "dispatch"))
            self._set_turn(phase="counters", todo=todo)

    def _counters_step(self, t: Turn) -> None:
        """seed 5(2), 6(3)B-C: one counter back from each lasting / dispatch card; at 0 it expires."""
        cmd = t.commander
        if not t.todo:
            n = int(self.data["camps"][self.data_camp[cmd]]["commands"])
            self._set_turn(phase="commands", commands=n, todo=())
            return
        card = t.todo[0]
        self._set_turn(todo=t.todo[1:])
        seat = self.seat_of[cmd]
        if self.zones.attached(self, card):
            self.zones.detach(self, card, f"deck:{seat}", 1, at=BOTTOM)
            left = len(self.zones.attached(self, card))
            self.emit_msg("CounterReturned", "{card}: a counter card back ({left} left)",
                          {"card": self.card_name(card), "left": left}, card=card, commander=cmd, left=left)
        if self.zones.attached(self, card):
            return
        kind = self.cdata[card]["kind"]
        self._clear_mark(card)
        if kind == "lasting":
            self.zones.move(self, card, f"deck:{seat}", at=BOTTOM)
            self.emit_msg("CardExpired", "{card} ends: back to the bottom of the deck", {"card": self.card_name(card)},
                          card=card, commander=cmd)
        else:
            self.emit_msg("CardExpired", "{card}'s mission is done", {"card": self.card_name(card)}, card=card,
                          commander=cmd)
            ops = tuple(Op(card, ("on_expiry", i)) for i in range(len(self.cdata[card]["effect"]["on_expiry"])))
            self.put(self.game_ent, Effects(cmd, card, "remove", ops))

    def _refill(self, t: Turn) -> None:
        """seed 5(4): draw up to the hand limit; cards above it are kept (§3.5)."""
        seat = self.seat_of[t.commander]
        limit = self.hand_limit(seat)
        before = len(self.hand(seat))
        got = self.zones.draw(self, f"deck:{seat}", f"hand:{seat}", limit - before, reshuffle=f"discard:{seat}",
                              purpose=self.reshuffle_why[seat])
        self.emit_msg("Refilled", "{seat} refills the hand: {before} → {after} (limit {limit})",
                      {"seat": self.seat_name(seat), "before": before, "after": before + len(got), "limit": limit},
                      private_to=seat, seat=seat, before=before, after=before + len(got), limit=limit, cards=list(got))
        i = t.index + 1
        rnd = t.round + (1 if i >= len(self.order) else 0)
        i %= len(self.order)
        if rnd > self.round_limit:
            self._end(None, Msg("after {rounds} rounds the war is undecided", rounds=self.round_limit))
            return
        self.put(self.game_ent, Turn(rnd, i, self.order[i], "upkeep"))

    # -- decisions ----------------------------------------------------------------------------------------------
    def _pending(self) -> Decision | None:
        if self.over() is not None:
            return None
        a = self._get(Ask)
        return Decision(a.seat, a.kind, a.prompt) if a is not None else None

    def _legal(self) -> list[Action]:
        a = self._get(Ask)
        k = a.kind
        t = self.turn()
        cmd = t.commander
        if k == "command":
            seat = self.seat_of[cmd]
            hand = self.hand(seat)
            out: list[Action] = [Play(c) for c in hand if self.playable(c)]
            if hand:
                out += self.moves(cmd, "normal")
            if len(hand) >= 2:
                out += self.attacks(cmd)
            return out + [EndCommands()]
        if k == "discard":
            return [Discard(c) for c in self.hand(self.seat_of[cmd])]
        if k == "loss":
            return self._removal_options(self._get(Loss))
        b = self._get(Battle)
        if b is not None and k in ("name", "stand", "retreat", "advance"):
            if k == "name":
                out = [NameDefender(x) for x in self.to_name(b)]
                return out + ([EndAttack()] if b.retreated else [])
            if k == "stand":
                return [Stand("retreat"), Stand("defend")]        # (retreat only when a piece can: _battle_step)
            if k == "retreat":
                return self.retreat_options(b)
            return self.advance_options(b) + [Advance(())]
        e = self._get(Effects)
        if k == "sacrifice":
            seat = self.seat_of[e.commander]
            out = [Sacrifice(c) for c in self.hand(seat)]
            if self.cards_in(f"deck:{seat}") or self.cards_in(f"discard:{seat}"):
                out.append(Sacrifice("deck"))
            return out
        if k == "card_move":
            return self.effect_moves(e) + [Skip()]
        if k == "card_attack":
            return self.effect_attacks(e) + [Skip()]
        if k == "target":
            return [Target(x) for x in self.targets(e)]
        raise AssertionError(k)

    def _apply(self, a: Action) -> None:
        if isinstance(a, Play):
            self._play(a.card)
        elif isinstance(a, Move):
            if self._get(Effects) is not None and self._get(Ask).kind == "card_move":
                self._effect_move(a)
            else:
                self._command("move", a.frm, a.to, a.pieces)
        elif isinstance(a, Attack):
            if self._get(Effects) is not None and self._get(Ask).kind == "card_attack":
                self._effect_attack(a)
            else:
                self._command("attack", a.origin, a.battlefield)
        elif isinstance(a, EndCommands):
            self._set_turn(commands=0)
            self.emit_msg("CommandsEnded", "{commander} ends the commands", {"commander": self.name(self.turn().commander)})
        elif isinstance(a, Discard):
            self._discard(a.card)
        elif isinstance(a, Sacrifice):
            self._sacrifice(a.card)
        elif isinstance(a, Skip):
            self._pop(self._get(Effects))
            self.emit_msg("EffectSkipped", "the rest of the card's move or attack is skipped", {})
        elif isinstance(a, Target):
            self._target(a.target)
        elif isinstance(a, NameDefender):
            b = self._get(Battle)
            self.put(self.game_ent, replace(b, defender=a.commander, stage="stand"))
            self._defender_named(b, a.commander)
        elif isinstance(a, EndAttack):
            self._end_battle(self._get(Battle))
        elif isinstance(a, Stand):
            self._stand(a.choice)
        elif isinstance(a, RetreatPiece):
            self._retreat(a)
        elif isinstance(a, RemovePiece):
            loss = self._get(Loss)
            self._remove_piece(loss.victim, a.at, a.piece)
            self.put(self.game_ent, replace(loss, remove=loss.remove - 1))
        elif isinstance(a, Advance):
            self._advance(a.pieces)
        else:
            raise AssertionError(a)
        self._run()

    # -- commands (seed 6) ---------------------------------------------------------------------------------------
    def _use_command(self) -> None:
        t = self.turn()
        self._set_turn(commands=t.commands - 1)

    def _command(self, what: str, frm: str, to: str, pieces: tuple[str, ...] = ()) -> None:
        """A move (discard 1) or an attack (discard 2): the discards are asked next."""
        self._use_command()
        n = int(self.data["commands"]["cost"][what]["discard"])
        self.put(self.game_ent, Cost(what, n, frm, to, tuple(pieces)))

    def _discard(self, card: str) -> None:
        cost = self._get(Cost)
        seat = self.seat_of[self.turn().commander]
        self.zones.move(self, card, f"discard:{seat}", frm=f"hand:{seat}")
        v = {"seat": self.seat_name(seat), "card": self.card_name(card)}
        if cost.command == "move":
            self.emit_msg("CardDiscarded", "{seat} discards {card} for the move", v, card=card, seat=seat)
        else:
            self.emit_msg("CardDiscarded", "{seat} discards {card} for the attack", v, card=card, seat=seat)
        if cost.left > 1:
            self.put(self.game_ent, replace(cost, left=cost.left - 1))
            return
        self.take(self.game_ent, Cost)
        cmd = self.turn().commander
        if cost.command == "move":
            self._do_move(cmd, cost.frm, cost.to, cost.pieces)
        else:
            self._start_battle(cmd, cost.frm, cost.to)

    def playable(self, card: str) -> bool:
        """seed 9(3): only the commander whose turn it is plays his own cards; a
        lasting card with a sacrifice needs a card to sacrifice (ruling sacrifice_needed)."""
        cmd = self.turn().commander
        if self.card_owner(card) != cmd:
            return False
        cd = self.cdata[card]
        if cd["kind"] == "lasting" and cd.get("sacrifice"):
            seat = self.seat_of[cmd]
            return (len(self.hand(seat)) > 1 or bool(self.cards_in(f"deck:{seat}"))
                    or bool(self.cards_in(f"discard:{seat}")))
        return True

    def _play(self, card: str) -> None:
        """seed 6(3): play a card face up; ordinary (this turn), lasting (counters,
        sacrifice), dispatch (counters; its effect on expiry)."""
        self._use_command()
        cmd = self.turn().commander
        seat = self.seat_of[cmd]
        cd = self.cdata[card]
        self.zones.move(self, card, f"play:{cmd}", frm=f"hand:{seat}")
        self.emit_msg("CardPlayed", "{commander} plays {card} ({kind}): {text}",
                      {"commander": self.name(cmd), "card": self.card_full_names[card], "kind": KIND_TEXT[cd["kind"]],
                       "text": cd["text"]}, card=card, commander=cmd, card_kind=cd["kind"])
        ops: list[Op] = []
        eff = cd["effect"]
        if cd["kind"] == "lasting" and cd.get("sacrifice"):
            ops.append(Op(card, ("sacrifice",)))
        if cd["kind"] in ("lasting", "dispatch"):
            ops.append(Op(card, ("counters",)))
        for section in ("on_play", "while_active"):
            ops += [Op(card, (section, i)) for i in range(len(eff.get(section, ())))]
        then = "discard" if cd["kind"] == "ordinary" else "keep"
        self.put(self.game_ent, Effects(cmd, card, then, tuple(ops)))

    def _sacrifice(self, card: str) -> None:
        e = self._get(Effects)
        seat = self.seat_of[e.commander]
        if card == "deck":
            got = self.zones.draw(self, f"deck:{seat}", "removed", 1, reshuffle=f"discard:{seat}",
                                  purpose=self.reshuffle_why[seat])
            card = got[0]
            self.emit_msg("CardSacrificed", "{seat} sacrifices {card} from the top of the deck",
                          {"seat": self.seat_name(seat), "card": self.card_name(card)}, card=card, seat=seat)
        else:
            self.zones.move(self, card, "removed", frm=f"hand:{seat}")
            self.emit_msg("CardSacrificed", "{seat} sacrifices {card} from the hand",
                          {"seat": self.seat_name(seat), "card": self.card_name(card)}, card=card, seat=seat)
        self._pop(e)

    # -- movement (seed 6(1), §3.2) --------------------------------------------------------------------------------
    def destinations(self, cmd: str, frm: str, pieces: tuple[str, ...], mode: str = "normal",
                     limit: int | None = None) -> list[str]:
        """Where these pieces of ``cmd`` at ``frm`` may go in one move. ``mode``:
        "normal" (by link kind, §3.2), "rail" (RAIL_MOVE: rail only, ``limit``
        links, None = any), "river" (RIVER_MOVE), "raid" (CAV_RAID: cavalry, any
        links, ``limit``). Never through or onto enemy-held strongholds; onto one
        only with room; an armoured train only onto a rail stronghold."""
        key = ("dest", cmd, frm, pieces, mode, limit)
        got = self.memo.get(key)
        if got is not None:
            return got
        camp = self.data_camp[cmd]
        stacks = self.stacks()
        bases = {base(c) for c in pieces}
        plans: list[tuple[tuple[str, ...], float]] = []
        if mode == "normal":
            for kind in KINDS:
                lims = [self.allowance[kind][b] for b in bases]
                if 0 in lims:
                    continue
                finite = [x for x in lims if x is not None]
                plans.append(((kind,), min(finite) if finite else math.inf))
            if bases == {"cavalry"}:
                mixed = self.data["movement"]["cavalry_mixed"]
                plans.append((tuple(mixed["kinds"]), int(mixed["links"])))
        elif mode == "rail":
            plans.append((("rail",), math.inf if limit is None else limit))
        elif mode == "river":
            if "armoured_train" not in bases:
                plans.append((("river",), limit or 0))
        elif mode == "raid":
            if bases == {"cavalry"}:
                plans.append((KINDS, limit or 0))
        cut = self.cut_links()
        out: set[str] = set()
        for kinds, most in plans:
            seen = {frm: 0}
            todo = [frm]
            while todo:
                nxt = []
                for s in todo:
                    d = seen[s] + 1
                    if d > most:
                        continue
                    for kind in kinds:
                        for o, name in self.links_of[kind][s]:
                            if o in seen or name in cut:
                                continue
                            p = stacks[o]
                            if p and self.data_camp[p[0][0]] != camp:
                                continue                      # never through an enemy-held stronghold
                            seen[o] = d
                            nxt.append(o)
                todo = nxt
            out.update(s for s in seen if s != frm)
        dests = sorted(s for s in out if len(stacks[s]) + len(pieces) <= self.stack_limit
                       and ("armoured_train" not in bases or s in self.rail_nodes))
        self.memo[key] = dests
        return dests

    def moves(self, cmd: str, mode: str = "normal", limit: int | None = None,
              only: Iterable[str] | None = None) -> list[Move]:
        key = ("moves", cmd, mode, limit, None if only is None else tuple(only))
        got = self.memo.get(key)
        if got is not None:
            return got
        out = []
        for s in (self.positions(cmd) if only is None else only):
            mine = self.controlled(cmd, s)
            if mode == "raid":
                mine = tuple(c for c in mine if base(c) == "cavalry")
            for sub in submultisets(mine, self.stack_limit):
                for d in self.destinations(cmd, s, sub, mode, limit):
                    out.append(Move(s, d, sub))
        self.memo[key] = out
        return out

    def _do_move(self, cmd: str, frm: str, to: str, pieces: tuple[str, ...]) -> None:
        p = list(self.stack(frm))
        for code in pieces:
            p.remove((cmd, code))
        self._set_stack(frm, p)
        self._set_stack(to, self.stack(to) + tuple((cmd, c) for c in pieces))
        self.emit_msg("PiecesMoved", "{commander} moves {pieces} {frm} → {to}",
                      {"commander": self.name(cmd), "pieces": joined(pieces), "frm": self.place_name(frm),
                       "to": self.place_name(to)}, commander=cmd, frm=frm, to=to, pieces=list(pieces))

    # -- attacks (seed 6(2), 7) --------------------------------------------------------------------------------------
    def attacks(self, cmd: str, origins: Iterable[str] | None = None) -> list[Attack]:
        key = ("attacks", cmd, None if origins is None else tuple(origins))
        got = self.memo.get(key)
        if got is not None:
            return got
        camp = self.data_camp[cmd]
        mine = set(self.positions(cmd))
        out = []
        for s in (sorted(mine) if origins is None else [o for o in origins if o in mine]):
            for b in self.adj[s]:
                c = self.camp_at(b)
                if c is not None and c != camp:
                    out.append(Attack(s, b))
        self.memo[key] = out
        return out

    def _start_battle(self, cmd: str, origin: str, bf: str, op: Op | None = None, bonus: int = 0) -> None:
        self.emit_msg("AttackDeclared", "{commander} attacks {battlefield} from {origin}",
                      {"commander": self.name(cmd), "battlefield": self.place_name(bf), "origin": self.place_name(origin)},
                      commander=cmd, origin=origin, battlefield=bf)
        self.put(self.game_ent, Battle(cmd, origin, bf, op=op, bonus=bonus))

    def enemies_in(self, b: Battle) -> list[str]:
        """The enemy commanders with pieces in the battlefield, in the turn order."""
        here = {c for c, _ in self.stacks()[b.battlefield]}
        return [k for k in self.order if k in here and self.data_camp[k] != self.data_camp[b.attacker]]

    def to_name(self, b: Battle) -> list[str]:
        """Those the attacker may still name (seed 6(2)B): the enemies in the battlefield who
        have not retreated from this attack (a retreat moves one piece: the rest may stay)."""
        return [k for k in self.enemies_in(b) if k not in b.retreated]

    def _defender_named(self, b: Battle, defender: str) -> None:
        self.emit_msg("DefenderNamed", "{attacker} attacks {defender} at {place}",
                      {"attacker": self.name(b.attacker), "defender": self.name(defender),
                       "place": self.place_name(b.battlefield)}, commander=defender)

    def _battle_step(self, b: Battle) -> Ask | None:
        seat = self.seat_of[b.attacker]
        if b.stage == "name":
            foes = self.to_name(b)
            if not foes:
                self.put(self.game_ent, replace(b, stage="advance", defender=None))
            elif len(foes) == 1 and not b.retreated:
                self.put(self.game_ent, replace(b, defender=foes[0], stage="stand"))
                self._defender_named(b, foes[0])
            else:
                return Ask("name", seat)
            return None
        if b.stage == "stand":
            if not self.retreat_options(b):                    # ruling retreat_one_piece: no step, no retreat
                self._stand("defend")
                return None
            return Ask("stand", self.seat_of[b.defender])
        if b.stage == "retreat":
            return Ask("retreat", self.seat_of[b.defender])
        if b.stage == "resolve":
            self._fight(b)
            return None
        if b.stage == "after":
            if self.enemies_in(b):
                self._end_battle(b)
            else:
                self.put(self.game_ent, replace(b, stage="advance"))
            return None
        if b.stage == "advance":
            if self.advance_options(b):
                return Ask("advance", seat)
            self._end_battle(b)
            return None
        raise AssertionError(b.stage)

    def _stand(self, choice: str) -> None:
        b = self._get(Battle)
        v = {"commander": self.name(b.defender), "place": self.place_name(b.battlefield)}
        if choice == "retreat":
            self.emit_msg("DefenderChose", "{commander} chooses to retreat at {place}", v, commander=b.defender,
                          choice=choice)
        else:
            self.emit_msg("DefenderChose", "{commander} chooses to defend at {place}", v, commander=b.defender,
                          choice=choice)
        self.put(self.game_ent, replace(b, stage="retreat" if choice == "retreat" else "resolve"))

    def retreat_places(self, cmd: str, frm: str, code: str) -> list[str]:
        """Seed 6(2)C 依移動規定 ... 移動1步: one step by the movement rules, along a link
        not cut of a kind the piece may move along (an armoured train: rail only), to an
        own, friendly or empty stronghold with room (ruling retreat_move_rules)."""
        camp = self.data_camp[cmd]
        cut = self.cut_links()
        stacks = self.stacks()
        kinds = self.step_kinds[base(code)]
        out = set()
        for o, name in self.adj_links[frm]:
            if name in cut or self.link_ends[name][2] not in kinds:
                continue
            p = stacks[o]
            if p and self.data_camp[p[0][0]] != camp:
                continue
            if len(p) >= self.stack_limit:
                continue
            out.add(o)
        return sorted(out)

    def retreat_options(self, b: Battle) -> list[RetreatPiece]:
        return [RetreatPiece(code, to) for code in sorted(set(self.controlled(b.defender, b.battlefield)))
                for to in self.retreat_places(b.defender, b.battlefield, code)]

    def _retreat(self, a: RetreatPiece) -> None:
        """Seed 6(2)C: the one piece moves; the attack on this commander is over (6(2)B)."""
        b = self._get(Battle)
        self._take(b.battlefield, b.defender, a.piece)
        self._add(a.to, b.defender, a.piece)
        self.emit_msg("PieceRetreated", "{commander}'s {piece} retreats {frm} → {to}",
                      {"commander": self.name(b.defender), "piece": PIECE_TEXT[a.piece],
                       "frm": self.place_name(b.battlefield), "to": self.place_name(a.to)},
                      commander=b.defender, frm=b.battlefield, to=a.to, piece=a.piece)
        self.put(self.game_ent, replace(b, stage="name", defender=None, retreated=b.retreated + (b.defender,)))

    def advance_options(self, b: Battle) -> list[Advance]:
        """§3.3 advance: up to 3 pieces from the origin into the cleared battlefield, each by
        the retreat's step (a link not cut of a kind it may move along: ruling advance_step)."""
        room = self.stack_limit - len(self.stacks()[b.battlefield])
        if room <= 0 or self.camp_at(b.battlefield) not in (None, self.data_camp[b.attacker]):
            return []
        cut = self.cut_links()
        kinds = {self.link_ends[name][2] for o, name in self.adj_links[b.origin] if o == b.battlefield
                 and name not in cut}
        mine = tuple(c for c in self.controlled(b.attacker, b.origin) if self.step_kinds[base(c)] & kinds)
        return [Advance(sub) for sub in submultisets(mine, room)]

    def _advance(self, pieces: tuple[str, ...]) -> None:
        b = self._get(Battle)
        if pieces:
            p = list(self.stack(b.origin))
            for code in pieces:
                p.remove((b.attacker, code))
            self._set_stack(b.origin, p)
            self._set_stack(b.battlefield, self.stack(b.battlefield) + tuple((b.attacker, c) for c in pieces))
            self.emit_msg("Advanced", "{commander} advances {pieces} into {place}",
                          {"commander": self.name(b.attacker), "pieces": joined(pieces),
                           "place": self.place_name(b.battlefield)}, commander=b.attacker, frm=b.origin,
                          to=b.battlefield, pieces=list(pieces))
        self._end_battle(b)

    def _end_battle(self, b: Battle) -> None:
        self.take(self.game_ent, Battle)
        if b.op is None or b.margin is None:
            return
        op = self.op(b.op)
        win = op.get("on_win")
        if win and b.margin >= int(win["margin"]):
            e = self._get(Effects)
            more = tuple(Op(b.op.card, b.op.path + ("on_win", i)) for i in range(len(win["effects"])))
            self.put(self.game_ent, replace(e, queue=more + e.queue))

    def card_bonus(self, b: Battle) -> int:
        """ATTACK +k of the card that made this attack, its 'instead' applied (§6.1)."""
        if b.op is None:
            return b.bonus
        op = self.op(b.op)
        bonus = int(op.get("bonus", 0))
        for alt in op.get("instead") or ():
            if self._condition(alt["if"], b):
                return int(alt["bonus"])
        return bonus

    def _condition(self, cond: dict, b: Battle | None = None) -> bool:
        (k, v), = cond.items()
        if k == "battlefield_on_line":
            return b is not None and b.battlefield in self.line_nodes.get(v, ())
        if k == "battlefield_in":
            return b is not None and b.battlefield in v
        if k == "defender":
            return b is not None and b.defender == v
        if k == "active_neutral":
            return self.active_neutral() == v
        raise ValueError(f"unknown condition {k!r}")

    def defend_bonus(self, cmd: str, s: str) -> int:
        """DEFEND +n of the lasting cards in play (§6.1): the card's own commander
        at a chosen or listed stronghold; 'every' for each commander named."""
        m = self.marks()
        total = 0
        for owner in self.order:
            for card, o in self.lasting_ops(owner, "defend"):
                at = o["at"]
                if at == "every":
                    if cmd in o.get("commanders", (owner,)):
                        total += int(o["n"])
                    continue
                if owner != cmd:
                    continue
                mark = m.of(card)
                if at == "chosen" or mark is not None:
                    total += int(o["n"]) if mark == s else 0
                elif s in o["where"].get("strongholds", ()):
                    total += int(o["n"])
        return total

    def strength_near(self, cmd: str, s: str, include_here: bool) -> int:
        """Strength of ``cmd``'s pieces (camp's with option counts=camp) 1 step from ``s`` (and at ``s``)."""
        camp = self.data_camp[cmd]
        stacks = self.stacks()
        places = list(self.adj[s]) + ([s] if include_here else [])
        total = 0
        for p in places:
            for c, code in stacks[p]:
                if c == cmd or (self.counts_camp and self.data_camp[c] == camp):
                    total += self.strength[base(code)]
        return total

    def totals(self, b: Battle, red: tuple[int, ...] = (), white: tuple[int, ...] = ()) -> tuple[Side, Side]:
        """Both totals of a battle, broken down (seed 7(1), 7(2))."""
        a, d = b.attacker, b.defender
        cap = int(self.data["combat"]["morale_cap"])
        att_lasting = sum(int(o["n"]) for _, o in self.lasting_ops(a, "attack_all"))
        ap = self.strength_near(a, b.battlefield, include_here=False)
        am = min(cap, self.tracks(a).morale)
        ac = self.card_bonus(b)
        att = Side(a, ap, am, ac, att_lasting, 0, red, ap + am + ac + att_lasting + sum(red))
        dp = self.strength_near(d, b.battlefield, include_here=True)
        dm = min(cap, self.tracks(d).morale)
        dt = self.terrain_mod[self.terrain[b.battlefield]]
        dl = self.defend_bonus(d, b.battlefield)
        dfn = Side(d, dp, dm, 0, dl, dt, white, dp + dm + dt + dl + sum(white))
        return att, dfn

    def _fight(self, b: Battle) -> None:
        red = self.dice.roll(2, purpose=Msg("{commander} attacks (2 red dice)", commander=self.name(b.attacker)))
        white = self.dice.roll(1, purpose=Msg("{commander} defends (1 white die)", commander=self.name(b.defender)))
        att, dfn = self.totals(b, red, white)
        diff = att.total - dfn.total
        loss_cfg = self.data["combat"]["loss"]
        units = abs(diff) // int(loss_cfg["per"]) if abs(diff) >= int(loss_cfg["min_difference"]) else 0
        loser = (b.defender if diff > 0 else b.attacker) if units else None
        self.put(self.game_ent, LastBattle(b.origin, b.battlefield, att, dfn, loser, units))
        v = {"attacker": self.name(b.attacker), "attack": att.total, "a_pieces": att.pieces, "a_morale": att.morale,
             "a_card": att.card, "a_lasting": att.lasting, "dice": "+".join(map(str, red)),
             "defender": self.name(b.defender), "defence": dfn.total, "d_pieces": dfn.pieces, "d_morale": dfn.morale,
             "terrain": dfn.terrain, "d_lasting": dfn.lasting, "die": white[0]}
        data = dict(attacker=b.attacker, defender=b.defender, battlefield=b.battlefield, origin=b.origin,
                    attack=att.total, defence=dfn.total, loser=loser, losses=units, red=list(red), white=list(white),
                    att=_side(att), dfn=_side(dfn))
        if units:
            v.update(loser=self.name(loser), units=units)
            self.emit_msg("BattleResolved", "{attacker} {attack} (pieces {a_pieces}, morale {a_morale}, card {a_card}, "
                          "lasting {a_lasting}, dice {dice}) vs {defender} {defence} (pieces {d_pieces}, morale "
                          "{d_morale}, terrain {terrain:+d}, defend {d_lasting}, die {die}): {loser} loses {units} troops",
                          v, **data)
        else:
            self.emit_msg("BattleResolved", "{attacker} {attack} (pieces {a_pieces}, morale {a_morale}, card {a_card}, "
                          "lasting {a_lasting}, dice {dice}) vs {defender} {defence} (pieces {d_pieces}, morale "
                          "{d_morale}, terrain {terrain:+d}, defend {d_lasting}, die {die}): no losses", v, **data)
        self.put(self.game_ent, replace(b, stage="after", margin=diff))
        if units:
            if self.morale_loss and abs(diff) >= self.morale_loss_at:
                self._morale(loser, -self.morale_loss_by, WHY_LOST_BATTLE)
            at = b.battlefield if loser == b.defender else b.origin
            self.put(self.game_ent, Loss(loser, at, units))

    # -- losses (seed 7(3)) ----------------------------------------------------------------------------------------------
    def _loss_victim(self, loss: Loss) -> str | None:
        here = {c for c, _ in self.stacks()[loss.at]}
        if loss.commander in here:
            return loss.commander
        for k in self.order:                                 # overflow onto allies in the same stronghold
            if k in here and self.data_camp[k] == self.data_camp[loss.commander]:
                return k
        return None

    def _loss_step(self, loss: Loss) -> Ask | None:
        if loss.remove > 0:
            opts = self._removal_options(loss)
            if not opts:
                self.put(self.game_ent, replace(loss, remove=0))
            elif len(opts) == 1:
                self._remove_piece(loss.victim, opts[0].at, opts[0].piece)
                self.put(self.game_ent, replace(loss, remove=loss.remove - 1))
            else:
                return Ask("loss", self.seat_of[loss.victim])
            return None
        if loss.left <= 0 or loss.at is None:
            self.take(self.game_ent, Loss)
            return None
        victim = self._loss_victim(loss)
        if victim is None:
            self.emit_msg("LossesEnd", "{place} is empty: the remaining {left} troop loss is not taken",
                          {"place": self.place_name(loss.at), "left": loss.left}, at=loss.at, left=loss.left)
            self.take(self.game_ent, Loss)
            return None
        crossed = self._troops_down(victim, 1, WHY_BATTLE)
        if self.over() is None:
            self.put(self.game_ent, replace(loss, left=loss.left - 1, victim=victim, remove=crossed))
        return None

    def _removal_options(self, loss: Loss) -> list[RemovePiece]:
        if loss.at is not None:
            return [RemovePiece(loss.at, c) for c in sorted(set(self.controlled(loss.victim, loss.at)))]
        return [RemovePiece(s, c) for s in self.positions(loss.victim)
                for c in sorted(set(self.controlled(loss.victim, s)))]

    def _remove_piece(self, cmd: str, at: str, code: str) -> None:
        self._take(at, cmd, code)
        self.emit_msg("PieceRemoved", "{commander} loses {piece} at {place}",
                      {"commander": self.name(cmd), "piece": PIECE_TEXT[code], "place": self.place_name(at)},
                      commander=cmd, at=at, piece=code)

    # -- card effects (§6.1): one implementation per op --------------------------------------------------------------------
    def op(self, ref: Op) -> dict[str, Any]:
        """The op a reference names (with its n replaced if the reference says so)."""
        if ref.path[0] == "sacrifice":
            return {"op": "sacrifice"}
        if ref.path[0] == "counters":
            return {"op": "counters", "n": int(self.cdata[ref.card]["counters"])}
        o = self.cdata[ref.card]["effect"][ref.path[0]][ref.path[1]]
        if len(ref.path) > 2:
            o = o["on_win"]["effects"][ref.path[3]]
        if ref.n is not None:
            o = {**o, "n": ref.n}
        return o

    def _pop(self, e: Effects, **changes: Any) -> None:
        self.put(self.game_ent, replace(e, queue=e.queue[1:], step="", left=0, where=None, **changes))

    def _effects_step(self, e: Effects) -> Ask | None:
        if not e.queue:
            self._finish_effects(e)
            return None
        op = self.op(e.queue[0])
        section = e.queue[0].path[0]
        name = op["op"]
        if section == "while_active" and name in ("attack_all", "income", "hand_limit"):
            self._pop(e)                                      # acts while the card is in play
            return None
        handler = getattr(self, f"_op_{name}")
        return handler(e, op)

    def _finish_effects(self, e: Effects) -> None:
        self.take(self.game_ent, Effects)
        seat = self.seat_of[e.commander]
        if e.then == "discard":
            self.zones.move(self, e.card, f"discard:{seat}")
        elif e.then == "remove":
            self.zones.move(self, e.card, "removed")
            self.emit_msg("CardRemoved", "{card} leaves the game", {"card": self.card_name(e.card)}, card=e.card)

    def _seat_deck(self, cmd: str) -> tuple[str, str]:
        seat = self.seat_of[cmd]
        return f"deck:{seat}", f"discard:{seat}"

    def _attach_from_deck(self, host: str, cmd: str, n: int) -> tuple[str, ...]:
        """The top ``n`` cards of ``cmd``'s seat's deck under ``host``; when the deck runs
        out, the discard pile is shuffled into it first (as Zones.attach's reshuffle does,
        the same cards and dice) with this game's purpose for the log."""
        deck, disc = self._seat_deck(cmd)
        have = len(self.cards_in(deck))
        if have >= n or not self.cards_in(disc):
            return self.zones.attach(self, host, deck, n)
        got = self.zones.attach(self, host, deck, have) if have else ()
        self.zones.gather(self, deck, (disc,))
        self.zones.shuffle(self, deck, self.reshuffle_why[self.seat_of[cmd]])
        return got + self.zones.attach(self, host, deck, n - have)

    # each _op_<name>(effects, op) does what it can now and returns None, or the decision it needs
    def _op_sacrifice(self, e: Effects, op: dict) -> Ask | None:
        return Ask("sacrifice", self.seat_of[e.commander])

    def _op_counters(self, e: Effects, op: dict) -> Ask | None:
        got = self._attach_from_deck(e.card, e.commander, int(op["n"]))
        self.emit_msg("CountersPlaced", "{card}: {n} counter card(s) under it", {"card": self.card_name(e.card),
                      "n": len(got)}, card=e.card, count=len(got))
        self._pop(e)
        return None

    def _moving(self, e: Effects, mode: str, n: int) -> Ask | None:
        if not e.step:
            e = replace(e, step=mode, left=n)
            self.put(self.game_ent, e)
        if e.left <= 0 or not self.effect_moves(e):
            self._pop(e)
            return None
        return Ask("card_move", self.seat_of[e.commander])

    def _op_move(self, e: Effects, op: dict) -> Ask | None:
        return self._moving(e, "move", int(op["n"]))

    def _op_rail_move(self, e: Effects, op: dict) -> Ask | None:
        return self._moving(e, "rail", 1)

    def _op_river_move(self, e: Effects, op: dict) -> Ask | None:
        return self._moving(e, "river", 1)

    def _op_cav_raid(self, e: Effects, op: dict) -> Ask | None:
        if e.step == "raid_attack":
            if self.effect_attacks(e):
                return Ask("card_attack", self.seat_of[e.commander])
            self._pop(e)
            return None
        return self._moving(e, "raid", 1)

    def effect_moves(self, e: Effects) -> list[Move]:
        op = self.op(e.queue[0])
        if e.step == "move":
            return self.moves(e.commander, "normal")
        if e.step == "rail":
            return self.moves(e.commander, "rail", op.get("max_links"))
        if e.step == "river":
            return self.moves(e.commander, "river", op.get("max_links"))
        if e.step == "raid":
            return self.moves(e.commander, "raid", op.get("max_links"))
        return []

    def _effect_move(self, a: Move) -> None:
        e = self._get(Effects)
        self._do_move(e.commander, a.frm, a.to, a.pieces)
        if e.step == "raid":
            self.put(self.game_ent, replace(e, step="raid_attack", where=a.to, left=0))
        else:
            self.put(self.game_ent, replace(e, left=e.left - 1))

    def _op_attack(self, e: Effects, op: dict) -> Ask | None:
        if not self.effect_attacks(e):
            self._pop(e)
            return None
        if not e.step:
            self.put(self.game_ent, replace(e, step="attack"))
        return Ask("card_attack", self.seat_of[e.commander])

    def effect_attacks(self, e: Effects) -> list[Attack]:
        op = self.op(e.queue[0])
        if op["op"] == "cav_raid":
            return self.attacks(e.commander, [e.where]) if e.where else []
        frm = op.get("from")
        if frm is None:
            return self.attacks(e.commander)
        if frm == "placed":
            return self.attacks(e.commander, [e.placed]) if e.placed else []
        return self.attacks(e.commander, self._where(e.commander, frm, occupancy="any"))

    def _effect_attack(self, a: Attack) -> None:
        e = self._get(Effects)
        ref = e.queue[0]
        self._pop(e)
        op = self.op(ref)
        self._start_battle(e.commander, a.origin, a.battlefield, op=ref, bonus=int(op.get("bonus", 0)))

    def _op_morale(self, e: Effects, op: dict) -> Ask | None:
        self._morale(e.commander, int(op["n"]), self.card_name(e.queue[0].card))
        self._pop(e)
        return None

    def _op_enemy_morale(self, e: Effects, op: dict) -> Ask | None:
        why = self.card_name(e.queue[0].card)
        if op["target"] == "each":
            for k in self.enemies(e.commander):
                self._morale(k, -int(op["n"]), why)
        elif op["target"] == "same":
            if e.struck is not None:
                self._morale(e.struck, -int(op["n"]), why)
        else:
            return self._choose(e, "enemy_morale")
        self._pop(e)
        return None

    def _op_funds(self, e: Effects, op: dict) -> Ask | None:
        if op.get("to", "self") == "other_ally":
            return self._choose(e, "ally_funds")
        self._funds(e.commander, int(op["n"]), self.card_name(e.queue[0].card))
        self._pop(e)
        return None

    def _op_troops(self, e: Effects, op: dict) -> Ask | None:
        """§3.1 troops_up: the marker rises n (cap 24); a new infantry per zone entered."""
        if not e.step:
            cmd = e.commander
            old = self.tracks(cmd).troops
            new = min(self.ranges["troops"][1], old + int(op["n"]))
            self._set_tracks(cmd, troops=new)
            self.emit_msg("TroopsRaised", "{commander} troops {old} → {new}", {"commander": self.name(cmd), "old": old,
                          "new": new}, commander=cmd, old=old, new=new)
            k = self.zone(new) - self.zone(old)
            e = replace(e, step="place", left=k)
            self.put(self.game_ent, e)
        if e.left <= 0 or self.on_map(e.commander, "infantry") >= self.max_infantry or not self.targets(e):
            if e.left > 0:
                self.emit_msg("PiecesNotPlaced", "{n} new infantry of {commander} cannot be placed",
                              {"n": e.left, "commander": self.name(e.commander)}, commander=e.commander, count=e.left)
            self._pop(e)
            return None
        return self._choose(e, "place", keep_step=True)

    def _op_enemy_troops(self, e: Effects, op: dict) -> Ask | None:
        return self._choose(e, "enemy_troops")

    def _op_defect(self, e: Effects, op: dict) -> Ask | None:
        return self._choose(e, "defect")

    def _op_draw(self, e: Effects, op: dict) -> Ask | None:
        deck, disc = self._seat_deck(e.commander)
        seat = self.seat_of[e.commander]
        got = self.zones.draw(self, deck, f"hand:{seat}", int(op["n"]), reshuffle=disc, purpose=self.reshuffle_why[seat])
        self.emit_msg("CardsDrawn", "{seat} draws {n} card(s)", {"seat": self.seat_name(seat), "n": len(got)},
                      private_to=seat, seat=seat, cards=list(got))
        self._pop(e)
        return None

    def _op_extra_command(self, e: Effects, op: dict) -> Ask | None:
        t = self.turn()
        self._set_turn(commands=t.commands + int(op["n"]))
        self.emit_msg("ExtraCommand", "{commander} gains {n} command(s)", {"commander": self.name(e.commander),
                      "n": op["n"]}, commander=e.commander)
        self._pop(e)
        return None

    def _op_defend(self, e: Effects, op: dict) -> Ask | None:
        if op["at"] == "chosen":
            return self._choose(e, "defend")
        if op["at"] == "listed" and op.get("if_none_held") == "chosen":
            held = {c for s in op["where"].get("strongholds", ()) for c, _ in self.stacks()[s]}
            if e.commander not in held:
                return self._choose(e, "defend")
        self._pop(e)
        return None

    def _op_cut_rail(self, e: Effects, op: dict) -> Ask | None:
        return self._choose(e, "cut")

    def _op_support(self, e: Effects, op: dict) -> Ask | None:
        """§3.4: one support card per point, face down from the top of the deck, on the active general."""
        if not e.step:
            n = int(op["n"])
            for alt in op.get("instead") or ():
                if self._condition(alt["if"]):
                    n = int(alt["n"])
                    break
            e = replace(e, step="support", left=n)
            self.put(self.game_ent, e)
        neutral = self.active_neutral()
        if e.left <= 0 or neutral is None:
            self._pop(e)
            return None
        got = self._attach_from_deck(neutral, e.commander, 1)
        if not got:
            self._pop(e)
            return None
        camp = self.data_camp[e.commander]
        sup = self.support(neutral)
        self.emit_msg("SupportPlaced", "{commander} places support on {card} (中央 {central}, 反蔣 {anti} of {need})",
                      {"commander": self.name(e.commander), "card": self.card_name(neutral), "central": sup["central"],
                       "anti": sup["anti"], "need": self.cdata[neutral]["support"]},
                      commander=e.commander, neutral=neutral, support=sup)
        e = replace(e, left=e.left - 1)
        if sup[camp] >= int(self.cdata[neutral]["support"]):
            self._join(e, neutral, camp)
        else:
            self.put(self.game_ent, e)
        return None

    def _join(self, e: Effects, neutral: str, camp: str) -> None:
        """§3.4: the general joins; the support goes back; the resolver carries out his card."""
        for c in self.zones.attached(self, neutral):
            self.zones.detach(self, neutral, self._seat_deck(self.card_owner(c))[0], card=c, at=BOTTOM)
        self.zones.move(self, neutral, "removed")
        self.emit_msg("NeutralJoined", "{card} joins {camp}; {commander} resolves him",
                      {"card": self.card_name(neutral), "camp": self.camp_names[camp],
                       "commander": self.name(e.commander)}, neutral=neutral, camp=camp, commander=e.commander)
        rest = e.queue[1:]
        if e.left > 0:
            rest = (replace(e.queue[0], n=e.left),) + rest
        ops = tuple(Op(neutral, ("on_join", i)) for i in range(len(self.cdata[neutral]["effect"]["on_join"])))
        self.put(self.game_ent, replace(e, queue=ops + rest, step="", left=0, where=None))

    def _op_place_grey(self, e: Effects, op: dict) -> Ask | None:
        if not self.targets(e, op):
            self.emit_msg("PiecesNotPlaced", "{card}'s troops find no place", {"card": self.card_name(e.queue[0].card)},
                          commander=e.commander)
            self._pop(e)
            return None
        return self._choose(e, "grey")

    # targets: the choices of the ops that need one
    def _choose(self, e: Effects, purpose: str, keep_step: bool = False) -> Ask | None:
        step = e.step if keep_step else f"target:{purpose}"
        if e.step != step:
            e = replace(e, step=step)
            self.put(self.game_ent, e)
        opts = self.targets(e)
        if not opts:
            self._pop(e)
            return None
        if len(opts) == 1:
            self._target(opts[0])
            return None
        return Ask("target", self.seat_of[e.commander])

    def _purpose(self, e: Effects) -> str:
        return "place" if e.step == "place" else e.step.partition(":")[2]

    def _where(self, cmd: str, where: dict, occupancy: str | None = None) -> list[str]:
        """The strongholds a 'where' allows: listed ones or those on the lines, held as its occupancy says."""
        if "strongholds" in where:
            cand = list(where["strongholds"])
        else:
            cand = sorted(set().union(*(self.line_nodes.get(ln, frozenset()) for ln in where.get("lines", ()))))
        occ = occupancy or where.get("occupancy", "own_or_empty")
        camp = self.data_camp[cmd]
        out = []
        for s in cand:
            held = {c for c, _ in self.stacks()[s]}
            if occ == "any":
                out.append(s)
            elif occ == "own" and cmd in held:
                out.append(s)
            elif occ == "own_or_empty" and (not held or cmd in held):
                out.append(s)
            elif occ == "not_enemy" and self.camp_at(s) in (None, camp):
                out.append(s)
        return out

    def targets(self, e: Effects, op: dict | None = None) -> list[str]:
        op = op or self.op(e.queue[0])
        cmd = e.commander
        stacks = self.stacks()
        purpose = "grey" if op["op"] == "place_grey" else self._purpose(e)
        if purpose == "enemy_morale":
            return list(self.enemies(cmd))
        if purpose == "ally_funds":
            return list(self.allies(cmd))
        if purpose == "place":
            room = [s for s in self.nodes if len(stacks[s]) < self.stack_limit]
            hq = self.hq_of[cmd]
            hq_ok = len(stacks[hq]) < self.stack_limit and self.camp_at(hq) in (None, self.data_camp[cmd])
            if op.get("where"):
                got = [s for s in self._where(cmd, op["where"]) if s in room]
            else:
                got = [s for s in room if any(c == cmd for c, _ in stacks[s])] + ([hq] if hq_ok else [])
            if not got and hq_ok:
                got = [hq]
            return sorted(set(got))
        if purpose == "enemy_troops":
            mine = self.positions(cmd)
            within = int(op["within"])
            near = {s for m in mine for s in self.nodes if self.board.distance(m, s) <= within}
            return [k for k in self.enemies(cmd) if any(c == k for s in near for c, _ in stacks[s])]
        if purpose == "defect":
            mine = set(self.positions(cmd))
            out = set()
            for s in self.nodes:
                if any(m in mine for m in self.adj[s]):
                    for c, code in stacks[s]:
                        if c in op["commanders"] and code == op["piece"]:
                            out.add(f"{s}/{c}")
            return sorted(out)
        if purpose == "defend":
            where = op.get("where")
            if op["at"] == "chosen" and where:
                return list(where["strongholds"])
            return list(self.nodes)
        if purpose == "cut":
            mine = set(self.positions(cmd))
            cut = self.cut_links()
            return sorted(name for name, (a, b, kind) in self.link_ends.items()
                          if kind == "rail" and (a in mine or b in mine) and name not in cut)
        if purpose == "grey":
            n = sum(op["pieces"].values())
            for where in (op["where"], op.get("fallback")):
                if where:
                    got = [s for s in self._where(cmd, where) if len(stacks[s]) + n <= self.stack_limit]
                    if got:
                        return got
            return []
        raise AssertionError(purpose)

    def _target(self, x: str) -> None:
        e = self._get(Effects)
        op = self.op(e.queue[0])
        cmd = e.commander
        why = self.card_name(e.queue[0].card)
        purpose = "grey" if op["op"] == "place_grey" else self._purpose(e)
        if purpose == "enemy_morale":
            self._morale(x, -int(op["n"]), why)
            self._pop(e, struck=x)
        elif purpose == "ally_funds":
            self._funds(x, int(op["n"]), why)
            self._pop(e)
        elif purpose == "place":
            self._add(x, cmd, "infantry")
            self.emit_msg("PiecePlaced", "{commander} places a new infantry at {place}",
                          {"commander": self.name(cmd), "place": self.place_name(x)}, commander=cmd, at=x, piece="infantry")
            self.put(self.game_ent, replace(e, left=e.left - 1, placed=x))
        elif purpose == "enemy_troops":
            crossed = self._troops_down(x, int(op["n"]), why)
            self._pop(e, struck=x)
            if crossed and self.over() is None:
                self.put(self.game_ent, Loss(x, None, 0, victim=x, remove=crossed))
        elif purpose == "defect":
            s, _, k = x.partition("/")
            self._take(s, k, op["piece"])
            self.emit_msg("PieceDefected", "{commander}'s {piece} at {place} defects ({card})",
                          {"commander": self.name(k), "piece": PIECE_TEXT[op["piece"]], "place": self.place_name(s),
                           "card": why}, commander=k, at=s, piece=op["piece"])
            self._pop(e, struck=k)
        elif purpose in ("defend", "cut"):
            self._set_mark(e.queue[0].card, x)
            if purpose == "defend":
                self.emit_msg("CardMarked", "{card}: defend at {place}", {"card": why, "place": self.place_name(x)},
                              card=e.queue[0].card, target=x)
            else:
                self.emit_msg("CardMarked", "{card}: cut at {link}", {"card": why, "link": x}, card=e.queue[0].card,
                              target=x)
            self._pop(e)
        elif purpose == "grey":
            for code, k in sorted(op["pieces"].items()):
                for _ in range(k):
                    self._add(x, cmd, GREY + code)
            self.emit_msg("PiecePlaced", "{card}'s troops stand at {place} under {commander}",
                          {"card": why, "place": self.place_name(x), "commander": self.name(cmd)},
                          commander=cmd, at=x, piece="grey")
            self._pop(e, placed=x)
        else:
            raise AssertionError(purpose)

    def _set_mark(self, card: str, target: str) -> None:
        m = self.marks()
        self.put(self.game_ent, Marks(tuple(sorted(dict(m.marks, **{card: target}).items()))))

    def _clear_mark(self, card: str) -> None:
        m = self.marks()
        if m.of(card) is not None:
            self.put(self.game_ent, Marks(tuple((c, t) for c, t in m.marks if c != card)))

    # -- result and observation ---------------------------------------------------------------------------------------
    def _result(self) -> Result | None:
        o = self.over()
        if o is None:
            return None
        scores = tuple((camp, sum(self.tracks(k).troops for k in self.camps[camp])) for camp in ("central", "anti"))
        return self.make_result(o.winner, o.reason, scores)

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

    def _determinize(self, view: "CentralPlains", seat: str, rng: random.Random) -> None:
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

    # -- hand-built positions (tests, tools) --------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, pieces: dict[str, str], *, commander: str = "CHIANG", phase: str = "commands",
                      commands: int | None = None, round: int = 1, tracks: dict[str, dict[str, int]] | None = None,
                      hands: dict[str, Iterable[str]] | None = None, decks: dict[str, Iterable[str]] | None = None,
                      in_play: dict[str, Iterable[tuple]] | None = None, neutral: Iterable[str] | None = None,
                      support: dict[str, Iterable[str]] | None = None, removed: Iterable[str] = (),
                      seed: int = 0, options: dict[str, Any] | None = None) -> "CentralPlains":
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
        for n in g.nodes:
            g._set_stack(n, parse_pieces(pieces.get(n, "")))
        tr = g.data["tracks"]
        for k in g.order:
            base_t = Tracks(tr["morale"]["start"][k], tr["troops"]["start"][k], tr["funds"]["start"][k])
            g.put(g.cmd_ent[k], replace(base_t, **(tracks or {}).get(k, {})))
        hands = {s: tuple(v) for s, v in (hands or {}).items()}
        decks = {s: tuple(v) for s, v in (decks or {}).items()}
        support = {n: tuple(v) for n, v in (support or {}).items()}
        placed = {c for v in hands.values() for c in v} | {c for v in decks.values() for c in v} | set(removed)
        plays = {k: [tuple(x) for x in v] for k, v in (in_play or {}).items()}
        placed |= {x[0] for v in plays.values() for x in v}
        contents: dict[str, tuple[str, ...]] = {"removed": tuple(removed)}
        for s in g.seats:
            own = tuple(c for k in g.roles_of(s) for c in g.deck_of[k])
            contents[f"hand:{s}"] = hands.get(s, ())
            contents[f"deck:{s}"] = decks.get(s, ()) + tuple(c for c in own if c not in placed)
        for k, v in plays.items():
            contents[f"play:{k}"] = tuple(x[0] for x in v)
        contents["neutral"] = tuple(neutral) if neutral is not None else g.neutral_cards
        contents["removed"] += tuple(c for c in g.neutral_cards if c not in contents["neutral"])
        owners = {c: d["deck"] for c, d in g.cdata.items() if d["deck"] in g.cmds}
        g.zones.reset(g, contents, owners)
        for k, v in plays.items():
            for x in v:
                card, n = x[0], int(x[1])
                deck = f"deck:{g.seat_of[k]}"
                for _ in range(n):
                    g.zones.attach(g, card, deck, card=g.cards_in(deck)[-1])
                if len(x) > 2 and x[2] is not None:
                    g._set_mark(card, x[2])
        for n, cs in support.items():
            for c in cs:
                g.zones.attach(g, n, f"deck:{g.seat_of[g.card_owner(c)]}", card=c)
        for comp in (Cost, Effects, Battle, Loss, LastBattle, Over, Ask):
            g.take(g.game_ent, comp)
        idx = g.order.index(commander)
        n = commands if commands is not None else int(g.data["camps"][g.data_camp[commander]]["commands"])
        g.put(g.game_ent, Turn(round, idx, commander, phase, n if phase == "commands" else 0))
        g.invalidate()
        g._run()
        g._flush_events()
        g.history.clear()
        g.invalidate()
        return g


def _side(s: Side) -> dict[str, Any]:
    return {"commander": s.commander, "pieces": s.pieces, "morale": s.morale, "card": s.card, "lasting": s.lasting,
            "terrain": s.terrain, "dice": list(s.dice), "total": s.total}
