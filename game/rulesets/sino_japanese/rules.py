"""日清戰爭 旭日與斜陽: the rules, clause by clause (Chinese rules, seed 000
[R]; data sheet ../shared/rules/sino_japanese.md). Numbers in brackets are the
rules' sections.

Sequence of play [3.1]: 8 monthly turns (9 with the option ``ninth_turn``,
12.3); each is a mobilisation phase (reinforcements into the mobilisation
boxes [3.3]; the fleet flips at the start of November if the Battle of the
Yellow Sea has not happened [9.1(3)]) and four rounds. A round: both sides
roll command points (Japan one die, Qing the lower of two), the higher has
the initiative [5.1]; then the first player's round (movement, combat,
recovery) and the second player's.

Rulings (each is also in data.json "rulings", in docs/rulings.md, and has a
test in tests/test_sino_japanese_rules.py named after its clause):

1. Command-point ties [5.1(4)]: "即時補充雙方的command point ... 雙方再決定
   command point": both sides keep the tied points and roll again in the same
   way within the round, adding the new roll; the new rolls decide the
   initiative; a further tie repeats. The first tie of the game is the Battle
   of the Yellow Sea: the fleet flips [9.1(3)].
2. Spending command points [5.2]: in the side's movement phase: activate 1
   (a move of a unit not yet activated activates it), form 1, sea transport
   2, landing 3 per unit. What is left when the movement phase ends is
   stored as ammunition, up to 19 (the rest is lost) [2.2(5)].
3. A sea transport or landing is the unit's activation for the round [5.2(2),
   9.2(1)]: the unit must not have been activated, must be in supply (11.2:
   it uses command points), and neither moves nor attacks afterwards.
4. Sea lanes [9.2(2)]: a transport goes over one dotted lane, between two
   ports of its colour, to a port (or box) the side controls ("between
   same-colour ports connected by a dotted line"; the sheet's short-cut lanes,
   Dalian-Weihaiwei or Port Arthur-Dengzhou, would add nothing to chains).
5. Movement [6]: only activated units move, once, up to their MA; hills cost
   2, clear 1, box entry 1 (leaving a box costs the hex entered); entering
   enemy ZOC ends the move and a unit that starts in enemy ZOC may not step
   straight into enemy ZOC; friendly units do not cancel enemy ZOC for
   movement (4.3); a move may pass and end on friends (stacking is checked
   at the end of the phase) and never enters an enemy unit's hex (4.4(3)).
6. Stacking [4.4(2)]: at the end of each phase and of each combat, a hex over
   two units loses units of its owner's choice (removed: a Japanese unit so
   removed counts -2 VP); the off-map boxes have no limit (they are not
   hexes).
7. Attacks [7.1]: declared one unit at a time on an adjacent enemy hex, all
   before any is resolved; one attack per unit per combat phase; all the
   units attacking one hex fight one combat against the whole stack. A unit
   may attack if it is activated, has not been shipped or landed, is in
   supply, has used at most 2 MP and has 1 MP left for the attack. Each
   attacking unit spends 1 ammunition (2 in a prepared attack); the side must
   have enough for every attack it declares, and pays when the combat is
   resolved (a combat whose defenders or attackers are all gone is cancelled
   and costs nothing).
8. Counterfire [7.2(2)]: the defenders roll dice equal to their current
   attack strength and pay 1 ammunition per die; when they are out of supply
   or cannot pay every die they do not counterfire. The fleet's dice (+3,
   +1 once flipped) are added in its hex and cost nothing; they are rolled
   even when the ground units cannot counterfire [9.1(2)].
9. Terrain [7.3]: the defender's hex counts once (a city hex by its city
   type, else its terrain): hills, small and large cities -1 to the
   attacker's hits; a fortress +1 to each defender's durability (for the
   whole allocation, even after a retreat: fortress_bonus_after_retreat);
   large cities and fortresses -1 to the defenders' counterfire hits (as
   written); and each attacking unit across a river hexside -1 hit (7.3(4)
   "hits +1" read as -1). Hits never go below 0.
10. Damage [7.4], for each side, the defenders first: (1) each undamaged unit
    pays its durability and flips; (2) each unit with a retreat path pays 1
    and retreats one hex (skipped for units without one); (3) each unit pays
    its (damaged) durability and is removed. A step starts when the previous
    one is complete for every unit; the owner chooses which units when the
    hits do not reach all; when the hits cannot pay the next unit, the rest
    are lost. This reproduces both worked tables of 7.4 hit by hit.
11. Retreat [7.5]: one hex (never into a box), not into an enemy unit, not
    into enemy ZOC unless a friend stands there, never into a hex declared for
    attack this combat phase (7.5(3)). A retreating garrison is then free [3.2].
12. Advance [7.5(5)]: when the defenders' hex is empty after both
    allocations, the attacking units that neither retreated nor were removed
    may enter it, up to the stacking limit, ignoring ZOC (a garrison does not:
    it would leave voluntarily).
13. Recovery [8]: 1 ammunition flips a damaged unit back; not in enemy ZOC
    (even with friends there), not out of supply; no activation needed.
14. Control [3.4]: every city and port is Qing at the start; a unit entering
    one (passing through included, and by retreat, advance, transport or
    landing) makes it its side's. Only cities and ports are tracked: control
    of other hexes has no effect in the rules.
15. Supply [11]: a line of hexes (and box entries) from the unit to a source:
    its side's controlled ports, its boxes (Incheon for Japan, Shanhaiguan and
    Laizhou for Qing: data ruling boxes_are_ports) and, for Japan, the
    bridgehead. The line may not enter impassable hexes, enemy units, enemy
    boxes, or enemy ZOC unless a friendly unit stands there; a source in
    enemy ZOC supplies only when a friendly unit stands on it.
16. The fleet [9.1]: moves once in each Qing movement phase to its other base
    if Qing controls it; when a Japanese unit enters its hex it goes to the
    other base at once, or is removed (+3 VP) if Japan controls both. While
    face up, Japan can neither ship nor land; once flipped, Qing ships only on
    Shanhaiguan-Yingkou and Shanhaiguan-Laizhou.
17. Landings [9.3]: Japan, fleet flipped or gone, Pyongyang Japanese, from a
    red port (the Incheon box, Pyongyang) to a landing hex with no enemy unit,
    not in enemy ZOC unless a Japanese unit is there. Landing where there is no
    port places the bridgehead (moving it from where it was); Japan may take it
    up in its movement phase; a Qing unit entering its hex removes it.
18. Concession [12.1]: the side to move may concede in its movement phase (an
    action random play never picks). Victory [12]: at the end of the last turn
    Japan wins with 20 points or holding 錦州 1001 (the errata, on by default:
    the option ``jinzhou_errata`` false plays without it), else Qing.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Iterable, Sequence

from game.core.actions import Action, Decision
from game.core.board import GRID, Board
from game.core.data import load_json
from game.core.game import Game
from game.core.text import N_, Msg, Name
from game.core.tmx import load_board
from game.paths import ROOT, map_path
from game.systems import hexunits, movement, paths
from game.systems.combat import hits_after, roll_pool
from game.systems.hexunits import HexMap, HexUnits, Table
from game.systems.outcome import FlowOutcome

from .actions import (Activate, Advance, Concede, Declare, EndAdvance, EndDeclarations, EndMovement, EndRecovery,
                      Flip, Form, Land, LiftBridgehead, Move, MoveFleet, Recover, Remove, RemoveExcess, Resolve,
                      Retreat, Ship)
from .components import (Alloc, Bridgehead, Combat, Control, Damaged, Fleet, Flow, Mobilising, OutOfPlay, Position,
                         Released, Removed, Unit)

SIDES = ("JP", "QING")
IDX = {"JP": 0, "QING": 1}
DATA_PATH = ROOT / "game" / "rulesets" / "sino_japanese" / "data.json"
MARCH = (GRID, "box_entry")          # the steps of marching and of supply lines

# text for people that has no values (game.core.text; the client translates it where shown)
_NOT_ON_MAP = N_("not on the map")
_NO_SOURCE = N_("no supply source: no controlled port, box or bridgehead free of enemy ZOC")
_CUT_OFF = N_("cut off: every line runs into enemy units or enemy ZOC")
_FLEET_FACE_UP = N_("the Beiyang fleet is still face up")
_FRONT, _DAMAGED = N_("front"), N_("damaged")
_NO_DEFENDERS = N_("no defenders")
_DEFENDERS_CUT_OFF = N_("the defenders are out of supply")
_COMBAT = N_("combat")
_ALLOC_STEP = {"flip": N_("choose the unit to be damaged"), "retreat": N_("choose who retreats, and where"),
               "remove": N_("choose the unit to remove")}


def other(side: str) -> str:
    return "QING" if side == "JP" else "JP"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)


def pair_set(side: tuple[int, int], i: int, v: int) -> tuple[int, int]:
    """A (JP, QING) pair with entry ``i`` replaced."""
    return (v, side[1]) if i == 0 else (side[0], v)


def take(n: int, hits: int, cost: int) -> int:
    """How many of ``n`` units one step of 7.4 reaches with ``hits`` at ``cost`` each."""
    return min(n, hits // cost) if cost > 0 else n


class MapFacts(HexMap):
    """What the rules read from maps/sino_japanese.tmx, computed once per board."""

    def __init__(self, board: Board, data: dict[str, Any]):
        tt = data["terrain_types"]
        super().__init__(board, impassable={t for t, v in tt.items() if isinstance(v, dict) and v.get("impassable")},
                         via=GRID)
        self.box_names = tuple(board.boxes)
        self.box_owner = {b: str(board.cell(b).props["owner"]) for b in self.box_names}
        self.boxes_of = {s: tuple(b for b in self.box_names if self.box_owner[b] == s) for s in SIDES}
        self.hexes = frozenset(h for h in self.passable if h not in self.box_owner)
        props = {n: c.props for n, c in board.cells.items()}
        self.city = {h: str(p.get("city", "none")) for h, p in props.items() if p.get("city", "none") != "none"}
        self.vp = {h: int(p.get("vp", 0)) for h, p in props.items() if int(p.get("vp", 0) or 0)}
        self.port_colours = {n: frozenset(x for x in str(p.get("lane_colours", "")).split(",") if x)
                             for n, p in props.items() if p.get("port")}
        self.optional_ports = frozenset(n for n, p in props.items() if p.get("port_optional"))
        self.red_ports = frozenset(n for n, p in props.items() if p.get("red_port"))
        self.landing = {n: str(p.get("landing_area", "")) for n, p in props.items() if p.get("landing_zone")}
        self.fleet_bases = tuple(sorted(n for n, p in props.items() if p.get("fleet_base")))
        self.auto_victory = tuple(sorted(n for n, p in props.items() if p.get("auto_victory")))
        self.names = {n: str(p.get("name_en") or p.get("label") or n) for n, p in props.items()}
        #: the names in their original script (locations: name_zh; boxes: name_local)
        self.originals = {n: str(p.get("name_zh") or p.get("name_local") or "") for n, p in props.items()}
        self.river = self.hexsides("river")
        self.lanes = tuple((k.a, k.b, str(k.props.get("colour", "")), bool(k.props.get("optional")))
                           for k in board.links(kind="sea_lane"))
        self.entries = {b: tuple(sorted(k.other(b) for k in board.links(b, "box_entry"))) for b in self.box_names}
        entry_cost = {frozenset((k.a, k.b)): int(k.props.get("cost", 1)) for k in board.links(kind="box_entry")}
        cost = {t: v["move"] for t, v in tt.items() if isinstance(v, dict) and v.get("move") is not None}

        def steps_of(side: str) -> Table:
            out = self.step_costs(lambda a, b: cost.get(self.terrain[b]))
            for box in self.boxes_of[side]:
                out[box] = tuple((h, cost[self.terrain[h]]) for h in self.entries[box] if h in self.hexes)
                for h in self.entries[box]:
                    if h in out:
                        out[h] = out[h] + ((box, entry_cost[frozenset((box, h))]),)
            return out
        #: per side: cell -> ((cell, MP), ...), the hex grid and the side's own box entries [6.1][6.3]
        self.steps = {s: steps_of(s) for s in SIDES}
        #: the graph of supply lines: hexes and box entries [11.1]
        self.supply_steps = board.steps(MARCH)
        #: the rules' names and constant lines (game.core.text)
        self.texts = Texts(self, data)


class Texts:
    """The names and the constant lines the rules show (game.core.text), made once per map
    (MapFacts.texts): cells named "Pyongyang 1519" with the place's original script, units
    "J1 混成第9旅団", dice purposes, the prompts without numbers and the terrain reasons
    of the combat preview."""

    def __init__(self, f: "MapFacts", d: dict[str, Any]):
        self.cell_names: dict[str, str] = {}
        for cell, en in f.names.items():
            if en != cell:
                nm = Name(en, f.originals.get(cell, ""), "zh")
                self.cell_names[cell] = Msg("{place} {hex}", place=nm, hex=cell) if cell.isdigit() else nm
        self.labels = {u["key"]: Name(f"{u['key']} {u['name_local']}") for u in d["units"]}
        self.landing_need = d["landing"]["needs_control_of"]
        self.no_landing = Msg("Japan does not control {place}",
                              place=self.cell_names.get(self.landing_need, self.landing_need))
        fleet = d["fleet"]
        self.purposes: dict[Any, str] = {"fleet": Name(fleet["name_en"], fleet["name_local"], "zh")}
        self.prompts: dict[tuple[str, str], Msg] = {}
        stack = int(d["stacking"]["max_per_hex"])
        for s in SIDES:
            n = d["sides"][s]["name"]
            self.purposes[("cp", s)] = Msg("{side} command points", side=n)
            self.purposes[("attack", s)] = Msg("{side} attack", side=n)
            self.purposes[("counter", s)] = Msg("{side} counterfire", side=n)
            self.prompts[("order", s)] = Msg("{side}: choose the next attack to resolve", side=n)
            self.prompts[("recover", s)] = Msg("{side} recovery: 1 ammunition flips a damaged unit back", side=n)
            self.prompts[("stack", s)] = Msg("{side}: more than {n} units in a hex; remove one", side=n, n=stack)
        #: (what the defender's hex is, the same for the counterfire modifier of 7.3(5))
        self.defender_in: dict[tuple[str, str], tuple[Msg, Msg]] = {}
        for c, v in d["city_types"].items():
            if isinstance(v, dict):
                m = Msg("defender in a {city}", city=v.get("name_en", c + " city"))
                self.defender_in[("city", c)] = (m, Msg("{what} (7.3(5))", what=m))
        for t, v in d["terrain_types"].items():
            if isinstance(v, dict):
                m = Msg("defender in {terrain}", terrain=v.get("name_en", t))
                self.defender_in[("terrain", t)] = (m, Msg("{what} (7.3(5))", what=m))


_FACTS: dict[int, MapFacts] = {}


def default_facts() -> MapFacts:
    data = load_data()
    return MapFacts.of(load_board(map_path(data["map"])), data)


# -- combat: the preview is the resolution's own arithmetic ---------------------------------
@dataclass(frozen=True, slots=True)
class Preview:
    """Everything about an attack before the dice: the dice each side rolls, the hit
    numbers, every modifier with its reason, the ammunition it costs and the chance
    of each number of hits. :meth:`SinoJapanese._resolve` rolls exactly this."""
    hex: str
    attackers: tuple[str, ...]
    prepared: tuple[str, ...]
    attack_parts: tuple[tuple[str, int, str], ...]     # (unit, dice, why: "front" | "damaged" | "prepared 5x1.5")
    attack_dice: int
    attack_mod: int
    defenders: tuple[str, ...]
    counter_parts: tuple[tuple[str, int, str], ...]
    counter_dice: int                  # the ground units' dice (0: no counterfire)
    counter_reason: str                # why there is no ground counterfire ("" if there is)
    fleet_dice: int
    counter_mod: int
    durability_bonus: int
    flip_cost: int                     # hits to flip one defender (its front durability + bonus)
    remove_cost: int                   # hits to remove a damaged defender
    attacker_ammo: int
    defender_ammo: int
    modifiers: tuple[tuple[str, str, int], ...]        # (target, reason, amount)
    hit_on: tuple[int, ...]
    attack_hits: tuple[float, ...]     # P(k hits on the defenders), k = 0..
    counter_hits: tuple[float, ...]    # P(k hits on the attackers)

    @property
    def expected_hits(self) -> float:
        return sum(k * p for k, p in enumerate(self.attack_hits))

    @property
    def expected_counter(self) -> float:
        return sum(k * p for k, p in enumerate(self.counter_hits))


class SinoJapanese(FlowOutcome, HexUnits, Game):
    game_id = "sino_japanese"
    title = "日清戰爭 旭日與斜陽"
    title_en = "Sino-Japanese War 1894-95"
    seats = sides = SIDES
    unit_component, position_component = Unit, Position

    # -- set-up [3.2] ------------------------------------------------------------------------
    def _load_static(self) -> None:
        self.data = load_data()
        self.board = load_board(map_path(self.data["map"]))
        self.board.check_cells(self.data["map_cells"])
        self.facts = MapFacts.of(self.board, self.data)
        self.turns = int(self.data["turns"]) + (1 if self.options.get("ninth_turn") else 0)
        self.andong = bool(self.options.get("andong_port"))
        self.errata = bool(self.options.get("jinzhou_errata"))
        self.max_stack = int(self.data["stacking"]["max_per_hex"])
        self.hit_on = tuple(self.data["combat"]["hit_on"])
        self.ammo_max = int(self.data["ammunition"]["max"])
        self.costs = dict(self.data["command_points"]["costs"])
        f = self.facts
        self.ports = {n: c for n, c in f.port_colours.items() if self.andong or n not in f.optional_ports}
        #: the hexes whose control the rules read: cities and (with the options chosen) ports [3.4]
        self.key_hexes = frozenset(h for h in f.hexes if h in f.city or h in self.ports)
        self.lanes = tuple(ln for ln in f.lanes if self.andong or not ln[3])
        qing_after = {frozenset(p) for p in self.data["fleet"]["after_flip"]["qing_lanes"]}
        self.qing_lanes_after_flip = tuple(ln for ln in self.lanes if frozenset(ln[:2]) in qing_after)
        t = f.texts
        self._cell_names, self._labels, self._purposes = t.cell_names, t.labels, t.purposes
        self._prompts, self._defender_in = t.prompts, t.defender_in
        self._landing_need, self._no_landing = t.landing_need, t.no_landing

    def _setup(self) -> None:
        self._load_static()
        types = self.data["unit_types"]
        garrisons = {v: h for h, v in self.data["garrisons"].items() if not h.startswith("_") and h.isdigit()}
        st = self.data["setup"]
        mob = set(st["JP"]["mobilisation"]) | set(st["QING"]["mobilisation"])
        places = {k: b for b, ks in st["JP"]["boxes"].items() for k in ks}
        places.update({k: h for h, ks in st["QING"]["hexes"].items() for k in ks})
        unit_ent: dict[str, int] = {}
        for spec in self.data["units"]:
            t = types[spec["type"]]
            u = Unit(key=spec["key"], side=spec["side"], type=spec["type"], name_local=spec["name_local"],
                     commander=spec.get("commander", ""), attack=int(t["front"]["attack"]),
                     attack_damaged=int(t["damaged"]["attack"]), durability=int(t["front"]["durability"]),
                     durability_damaged=int(t["damaged"]["durability"]), ma=int(t["front"]["move"]),
                     garrison=garrisons.get(spec["key"], ""), enter=int(spec.get("enter", 0)))
            comps: list[Any] = [u]
            if u.key in places:
                comps.append(Position(places[u.key]))
            elif u.key in mob:
                comps.append(Mobilising(0))
            unit_ent[u.key] = self.create(*comps)
        self.index_units(unit_ent)
        self.fleet_ent = self.create(Fleet(st["QING"]["fleet"]))
        self.control_ent = self.create(Control(frozenset()))
        self.bridgehead_ent = self.create(Bridgehead(None))
        ammo = (int(st["JP"]["ammo"]), int(st["QING"]["ammo"]))
        self.game_ent = self.create(Flow(int(st["turn"]), 0, "mobilisation", "JP", ammo=ammo))
        self._start_turn(int(st["turn"]))

    def _bind(self) -> None:
        super()._bind()
        self._sup = self.memo_on(Position, Control, Bridgehead)
        #: the prompts with a number in them, made once per (phase, side, number) (pending() is asked often)
        self._prompt_cache: dict[tuple[str, str, int], Msg] = {}

    # -- reading the world ------------------------------------------------------------------
    def flow(self) -> Flow:
        return self.world.get(self.game_ent, Flow)

    def fleet(self) -> Fleet:
        return self.world.get(self.fleet_ent, Fleet)

    def control(self) -> Control:
        return self.world.get(self.control_ent, Control)

    def bridgehead(self) -> str | None:
        return self.world.get(self.bridgehead_ent, Bridgehead).hex

    def controller(self, hex_: str) -> str:
        return "JP" if hex_ in self.control().jp else "QING"

    def is_damaged(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Damaged)

    def is_removed(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Removed)

    def is_mobilising(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Mobilising)

    def is_released(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Released)

    def held(self, key: str) -> bool:
        """A garrison still bound to its fortress [3.2]."""
        u = self.unit(key)
        return bool(u.garrison) and not self.is_released(key) and self.pos(key) == u.garrison

    def in_box(self, key: str) -> bool:
        return self.pos(key) in self.facts.box_owner

    def attack_of(self, key: str) -> int:
        u = self.unit(key)
        return u.attack_damaged if self.is_damaged(key) else u.attack

    def durability_of(self, key: str) -> int:
        u = self.unit(key)
        return u.durability_damaged if self.is_damaged(key) else u.durability

    def prepared_attack_of(self, key: str) -> int:
        """x1.5, fractions dropped [7.6(3)]."""
        p = self.data["combat"]["prepared_attack"]
        return math.floor(self.attack_of(key) * float(p["multiplier"]))

    def ammo(self, side: str) -> int:
        return self.flow().ammo[IDX[side]]

    def cp(self, side: str) -> int:
        return self.flow().cp[IDX[side]]

    def mobilising(self, side: str) -> list[str]:
        return [k for k, u in self.units.items() if u.side == side and self.is_mobilising(k)]

    def removed_units(self, side: str | None = None) -> list[str]:
        return [k for k, u in self.units.items() if (side is None or u.side == side) and self.is_removed(k)]

    def units_in(self, cell: str) -> list[str]:
        return self.placement().stacks().get(cell, [])

    def side_at(self, cell: str) -> str | None:
        o = self.occupancy().get(cell)
        return o[1] if o else None

    def name(self, cell: str) -> str:
        """A cell as the log names it: "Pyongyang 1519" (a Msg of the place's Name, with its
        original script, and the hex), a box "Incheon", a nameless hex "0512"."""
        return self._cell_names.get(cell, cell)

    # -- ZOC and supply [4.3] [11] -------------------------------------------------------------
    def enemy_zoc(self, side: str) -> frozenset[str]:
        """The hexes in the ZOC of ``side``'s enemies: the passable hexes next to each enemy
        unit on the map; none from or into an off-map box [4.3][6.3(2)]."""
        memo = self.position_memo
        got = memo.get(("zoc", side))
        if got is None:
            got = memo[("zoc", side)] = hexunits.zone(self.facts.neighbours, self.enemy_hexes(side))
        return got

    def supply_sources(self, side: str) -> list[str]:
        """Its controlled ports, its own boxes, and (Japan) the bridgehead [11.1(2)(3)]."""
        jp = self.control().jp
        out = [p for p in self.ports if p in self.facts.hexes and ((p in jp) == (side == "JP"))]
        out += list(self.facts.boxes_of[side])
        bh = self.bridgehead()
        if side == "JP" and bh is not None and bh not in out:
            out.append(bh)
        return out

    def line_enter(self, side: str):
        """The test of a cell a supply line of ``side`` may enter [11.1(1)]: passable, not an
        enemy box, no enemy unit, not in enemy ZOC unless a friendly unit stands there."""
        return paths.zoc_line(self.facts.passable - frozenset(self.facts.boxes_of[other(side)]),
                              self.enemy_hexes(side), self.enemy_zoc(side), self.placement().hexes[side])

    def supplied(self, side: str) -> frozenset[str]:
        """The cells in supply for ``side``."""
        got = self._sup.get(("supplied", side))
        if got is None:
            enter = self.line_enter(side)
            srcs = [s for s in self.supply_sources(side) if enter(s)]
            got = paths.supplied(self.board, srcs, enter=enter, via=MARCH) if srcs else frozenset()
            self._sup[("supplied", side)] = got
        return got

    def in_supply(self, key: str) -> bool:
        h = self.pos(key)
        return h is not None and h in self.supplied(self.unit(key).side)

    def supply_line(self, key: str) -> tuple[list[str] | None, str]:
        """(the supply line from the unit's cell to a source, or None; why not, when None)."""
        u = self.unit(key)
        h = self.pos(key)
        if h is None:
            return None, _NOT_ON_MAP
        enter = self.line_enter(u.side)
        srcs = [s for s in self.supply_sources(u.side) if enter(s)]
        if h in srcs:
            return [h], ""
        if not srcs:
            return None, _NO_SOURCE
        reach = paths.trace(self.board, h, enter=enter, via=MARCH)
        best = None
        for s in srcs:
            p = reach.path(s)
            if p is not None and (best is None or len(p) < len(best)):
                best = p
        if best is not None:
            return best, ""
        cut = sorted(c for c in reach.blocked if c in self.facts.hexes)
        zoc = [c for c in cut if c in self.enemy_zoc(u.side)]
        if zoc:
            return None, Msg("cut off: every line runs into enemy units or enemy ZOC ({hexes})", hexes=", ".join(zoc[:6]))
        return None, _CUT_OFF

    # -- victory points [12.2] --------------------------------------------------------------------
    def vp_parts(self) -> dict[str, int]:
        pts = self.data["victory"]["points"]
        jp = self.control().jp
        cities = sum(self.facts.vp.get(h, 0) for h in jp)
        f = self.fleet()
        fleet = int(pts["fleet_removed"]) if f.removed else 0
        lost = int(pts["per_japanese_unit_removed"]) * len(self.removed_units("JP"))
        return {"cities": cities, "fleet": fleet, "units_lost": lost}

    def vp(self) -> int:
        return sum(self.vp_parts().values())

    # -- flow helpers ------------------------------------------------------------------------------
    def _set_flow(self, **changes: Any) -> Flow:
        f = self.flow()
        if f.phase == "over" and changes.get("phase") != "over":
            return f
        f = replace(f, **changes)
        self.put(self.game_ent, f)
        return f

    def _add_ammo(self, side: str, n: int) -> int:
        """Add (or with n < 0 spend) ammunition; the track holds 0..19 [2.2(5)]. Returns what was lost."""
        f = self.flow()
        i = IDX[side]
        v = f.ammo[i] + n
        lost = max(0, v - self.ammo_max)
        self._set_flow(ammo=pair_set(f.ammo, i, max(0, min(self.ammo_max, v))))
        return lost

    def _spend_cp(self, side: str, n: int) -> None:
        f = self.flow()
        i = IDX[side]
        self._set_flow(cp=pair_set(f.cp, i, f.cp[i] - n))

    def mp_used(self, key: str) -> int:
        for k, mp in self.flow().moved:
            if k == key:
                return mp
        return 0

    def has_moved(self, key: str) -> bool:
        return any(k == key for k, _ in self.flow().moved)

    # -- movement [6] ------------------------------------------------------------------------------
    def can_activate(self, key: str, f: Flow | None = None) -> bool:
        """Not yet activated this round, not formed this round, on the map or in a box, in supply,
        and 1 CP to pay [5.2]."""
        f = f or self.flow()
        u = self.unit(key)
        return (key not in f.activated and key not in f.formed and f.cp[IDX[u.side]] >= self.costs["activate"]
                and self.pos(key) is not None and self.in_supply(key))

    def can_move(self, key: str, f: Flow | None = None) -> bool:
        f = f or self.flow()
        if self.held(key) or key in f.shipped or self.has_moved(key):
            return False
        return key in f.activated or self.can_activate(key, f)

    def _reach_args(self, key: str) -> tuple:
        u = self.unit(key)
        return (self.facts.steps[u.side], self.pos(key), u.ma, self.enemy_hexes(u.side), self.enemy_zoc(u.side),
                False)

    def reachable(self, key: str) -> dict[str, int]:
        """Cells the unit may move to, with their MP cost (do not modify)."""
        f = self.flow()
        if f.phase != "move" or self.unit(key).side != f.side or not self.can_move(key, f):
            return {}
        return hexunits.reach(*self._reach_args(key))[0]

    def move_path(self, key: str, to: str) -> list[str]:
        _, prev = hexunits.reach(*self._reach_args(key))
        return movement.route(prev, self.pos(key), to) or [self.pos(key), to]

    # -- sea transport and landings [9.2] [9.3] -------------------------------------------------------
    def usable_lanes(self, side: str) -> tuple[tuple[str, str, str, bool], ...]:
        fl = self.fleet()
        if side == "JP":
            return () if (not fl.flipped and not fl.removed) else self.lanes
        return self.qing_lanes_after_flip if (fl.flipped or fl.removed) else self.lanes

    def port_controlled(self, side: str, cell: str) -> bool:
        if cell in self.facts.box_owner:
            return self.facts.box_owner[cell] == side
        return cell in self.ports and self.controller(cell) == side

    def ship_destinations(self, key: str) -> list[str]:
        """The ports a unit may be shipped to now [9.2]: over one dotted lane (data
        sea_transport.lanes_per_trip) of a colour both ports have, to a port its side controls."""
        u = self.unit(key)
        here = self.pos(key)
        if here is None or here not in self.ports:
            return []
        hops = self.data["sea_transport"].get("lanes_per_trip", 1)
        out: set[str] = set()
        for colour in self.ports[here]:
            nbrs: dict[str, list[str]] = {}
            for a, b, c, _opt in self.usable_lanes(u.side):
                if c == colour and a in self.ports and b in self.ports:
                    nbrs.setdefault(a, []).append(b)
                    nbrs.setdefault(b, []).append(a)
            seen = {here: 0}
            todo = [here]
            while todo:
                x = todo.pop(0)
                if hops is not None and seen[x] >= hops:
                    continue
                for y in nbrs.get(x, ()):
                    if y not in seen:
                        seen[y] = seen[x] + 1
                        todo.append(y)
            out |= {p for p in seen if p != here and self.port_controlled(u.side, p)}
        return sorted(out)

    def can_ship(self, key: str, f: Flow) -> bool:
        u = self.unit(key)
        return (key not in f.activated and key not in f.formed and not self.held(key)
                and f.cp[IDX[u.side]] >= self.costs["sea_transport"] and self.in_supply(key))

    def landing_allowed(self) -> tuple[bool, str]:
        """Whether Japan may land now, and why not [9.3(2)]."""
        fl = self.fleet()
        if not fl.flipped and not fl.removed:
            return False, _FLEET_FACE_UP
        if self.controller(self._landing_need) != "JP":
            return False, self._no_landing
        return True, ""

    def landing_hexes(self) -> list[str]:
        """Landing hexes with no enemy unit, outside Qing ZOC unless a Japanese unit is there [9.3(3)(4)]."""
        enemy = self.enemy_hexes("JP")
        zoc = self.enemy_zoc("JP")
        friends = self.placement().hexes["JP"]
        return sorted(h for h in self.facts.landing if h not in enemy and (h not in zoc or h in friends))

    def can_land(self, key: str, f: Flow) -> bool:
        u = self.unit(key)
        return (u.side == "JP" and self.pos(key) in self.facts.red_ports and key not in f.activated
                and key not in f.formed and f.cp[0] >= self.costs["landing"] and self.in_supply(key)
                and self.landing_allowed()[0])

    # -- combat [7] ---------------------------------------------------------------------------------
    def can_attack(self, key: str, f: Flow | None = None) -> bool:
        """Activated, not shipped, not yet attacking, on a hex, in supply, at most 2 MP used and 1 left [7.1]."""
        f = f or self.flow()
        u = self.unit(key)
        c = self.data["combat"]
        mp = self.mp_used(key)
        return (key in f.activated and key not in f.shipped and key not in f.attacked and not self.in_box(key)
                and self.pos(key) is not None and mp <= int(c["max_mp_used_before_attack"])
                and mp + int(c["attack_mp_cost"]) <= u.ma and self.in_supply(key))

    def attack_targets(self, key: str) -> list[str]:
        """The adjacent hexes with enemy units."""
        here = self.pos(key)
        if here is None:
            return []
        enemy = self.enemy_hexes(self.unit(key).side)
        return [n for n in self.facts.neighbours.get(here, ()) if n in enemy]

    def committed_ammo(self, f: Flow) -> int:
        am = self.data["ammunition"]
        return sum(int(am["attack_per_unit"]) * len(atts) + (int(am["prepared_attack_per_unit"])
                   - int(am["attack_per_unit"])) * len(prep) for _h, atts, prep in f.declared)

    def preview(self, hex_: str, attackers: Sequence[str], prepared: Iterable[str] = ()) -> Preview:
        """The attack of ``attackers`` (``prepared`` of them in a prepared attack) on the units
        in ``hex_``, as things stand: the same arithmetic the resolution rolls."""
        d = self.data
        prepared = tuple(k for k in attackers if k in set(prepared))
        defenders = tuple(self.units_in(hex_))
        dside = self.unit(defenders[0]).side if defenders else other(self.unit(attackers[0]).side)
        mods: list[tuple[str, str, int]] = []
        parts = []
        for k in attackers:
            if k in prepared:
                parts.append((k, self.prepared_attack_of(k), Msg("prepared {attack}x1.5", attack=self.attack_of(k))))
            else:
                parts.append((k, self.attack_of(k), _DAMAGED if self.is_damaged(k) else _FRONT))
        adice = sum(p[1] for p in parts)
        # the defender's hex, once: a city by its city type, else its terrain [7.3(1)(2)(3)(5)]
        city = self.facts.city.get(hex_)
        if city:
            eff = d["city_types"][city]
            what, what_counter = self._defender_in[("city", city)]
        else:
            eff = d["terrain_types"][self.facts.terrain[hex_]]
            what, what_counter = self._defender_in[("terrain", self.facts.terrain[hex_])]
        amod = int(eff.get("attacker_hits", 0))
        if amod:
            mods.append(("attack", what, amod))
        bonus = int(eff.get("defender_durability", 0))
        if bonus:
            mods.append(("durability", what, bonus))
        cmod = int(eff.get("counterfire_hits", 0))
        if cmod:
            mods.append(("counter", what_counter, cmod))
        per = int(d["river"]["attacker_hits_per_unit_across"])
        across = [k for k in attackers if frozenset((self.pos(k), hex_)) in self.facts.river]
        if across:
            mods.append(("attack", Msg("{n} attacking units across a river", n=len(across)) if len(across) > 1
                         else Msg("{n} attacking unit across a river", n=len(across)), per * len(across)))
            amod += per * len(across)
        # counterfire [7.2(2)] and the fleet [9.1(2)]
        cparts = tuple((k, self.attack_of(k), _DAMAGED if self.is_damaged(k) else _FRONT) for k in defenders)
        cdice = sum(p[1] for p in cparts)
        am = d["ammunition"]
        need = cdice * int(am["counterfire_per_die"])
        why = ""
        if not defenders:
            why = _NO_DEFENDERS
        elif not all(self.in_supply(k) for k in defenders):
            why = _DEFENDERS_CUT_OFF
        elif self.ammo(dside) < need:
            why = Msg("{side} has {ammo} ammunition, {need} needed", side=self._side_name(dside), ammo=self.ammo(dside),
                      need=need)
        if why:
            cdice, need = 0, 0
        fl = self.fleet()
        fdice = 0
        if fl.hex == hex_ and not fl.removed and defenders:
            fdice = int(d["fleet"]["counterfire_dice"]["flipped" if fl.flipped else "front"])
            mods.append(("counter", Msg("the Beiyang fleet in {place} (no ammunition)", place=self.name(hex_)), fdice))
        aammo = int(am["attack_per_unit"]) * len(attackers) + (
            int(am["prepared_attack_per_unit"]) - int(am["attack_per_unit"])) * len(prepared)
        if aammo:
            aname = self._side_name(self.unit(attackers[0]).side)
            mods.append(("ammo", Msg("{side} spends {n} ammunition ({prepared} prepared, double)", side=aname, n=aammo,
                                     prepared=len(prepared)) if prepared
                         else Msg("{side} spends {n} ammunition", side=aname, n=aammo), -aammo))
        if need:
            mods.append(("ammo", Msg("{side} spends {n} ammunition on counterfire", side=self._side_name(dside), n=need),
                         -need))
        elif why and defenders:
            mods.append(("counter", Msg("no counterfire: {why}", why=why), 0))
        u0 = self.unit(defenders[0]) if defenders else None
        flip_cost = (u0.durability + bonus) if u0 else 0
        remove_cost = (u0.durability_damaged + bonus) if u0 else 0
        return Preview(hex_, tuple(attackers), prepared, tuple(parts), adice, amod, defenders, cparts, cdice, why,
                       fdice, cmod, bonus, flip_cost, remove_cost, aammo, need, tuple(mods), self.hit_on,
                       tuple(hits_after(adice, self.hit_on, amod)),
                       tuple(hits_after(cdice + fdice, self.hit_on, cmod)))

    def retreat_hexes(self, key: str) -> list[str]:
        """One hex, never into a box, no enemy unit, not into enemy ZOC unless a friendly unit
        stands there, never into a hex declared for attack in this combat phase, resolved or
        not (不能退入宣告攻擊的格子) [7.5(1)-(3)]."""
        here = self.pos(key)
        if here is None or here not in self.facts.hexes:
            return []
        side = self.unit(key).side
        barred = self.flow().targets
        friends = self.placement().hexes[side]
        zoc = self.enemy_zoc(side)
        enemy = self.enemy_hexes(side)
        return [n for n in self.facts.neighbours.get(here, ())
                if n not in enemy and n not in barred and (n not in zoc or n in friends)]

    # -- decisions -------------------------------------------------------------------------------
    def _pending(self) -> Decision | None:
        f = self.flow()
        if f.phase == "over":
            return None
        n = self._side_name
        s = f.side
        if f.phase == "move":
            key = ("move", s, f.cp[IDX[s]])
            m = self._prompt_cache.get(key)
            if m is None:
                cp = key[2]
                m = self._prompt_cache[key] = Msg(
                    "{side} movement: {n} command point to spend (the rest becomes ammunition)", side=n(s), n=cp) \
                    if cp == 1 else Msg("{side} movement: {n} command points to spend (the rest becomes ammunition)",
                                        side=n(s), n=cp)
            return Decision(s, "move", m)
        if f.phase == "declare":
            key = ("declare", s, self.ammo(s) - self.committed_ammo(f))
            m = self._prompt_cache.get(key)
            if m is None:
                m = self._prompt_cache[key] = Msg("{side} combat: declare attacks ({n} ammunition free), then resolve",
                                                  side=n(s), n=key[2])
            return Decision(s, "declare", m)
        if f.phase == "order":
            return Decision(s, "order", self._prompts[("order", s)])
        if f.phase == "recover":
            return Decision(s, "recover", self._prompts[("recover", s)])
        if f.phase == "stack":
            side = self._stack_side()
            return Decision(side, "stack", self._prompts[("stack", side)])
        c = f.combat
        if f.phase == "advance":
            return Decision(c.attacker_side, "advance", Msg("{side} may advance into {place}", side=n(c.attacker_side),
                                                            place=self.name(c.hex)))
        a = self._alloc(c)
        step = _ALLOC_STEP[a.step]
        return Decision(a.side, "retreat" if f.phase == "retreat" else "allocate",
                        Msg("{side}: {n} hit to allocate: {step}", side=n(a.side), n=a.hits, step=step) if a.hits == 1
                        else Msg("{side}: {n} hits to allocate: {step}", side=n(a.side), n=a.hits, step=step),
                        (("step", a.step), ("hits", a.hits)))

    def _legal(self) -> list[Action]:
        f = self.flow()
        return getattr(self, f"_legal_{f.phase}")(f)

    def _legal_move(self, f: Flow) -> list[Action]:
        got = self.memo.get("legal_move")
        if got is not None:
            return got
        side = f.side
        out: list[Action] = []
        cp = f.cp[IDX[side]]
        for u, cell in self.units_on_map(side):
            k = u.key
            if cell not in self.facts.box_owner and k not in f.activated and self.can_activate(k, f):
                out.append(Activate(k))
            if self.can_move(k, f):
                out.extend(hexunits.move_actions(Move, k, self._reach_args(k)).actions)
            if self.can_ship(k, f):
                out.extend(Ship(k, p) for p in self.ship_destinations(k))
            if side == "JP" and self.can_land(k, f):
                out.extend(Land(k, h) for h in self.landing_hexes() if h != cell)
        if cp >= self.costs["form"]:
            for k in self.mobilising(side):
                out.extend(Form(k, b) for b in self.data["mobilisation"]["to_box"][side])
        if side == "QING" and not f.fleet_moved:
            fl = self.fleet()
            if fl.hex is not None and not fl.removed:
                for b in self.facts.fleet_bases:
                    if b != fl.hex and self.controller(b) == "QING":
                        out.append(MoveFleet(b))
        if side == "JP" and self.bridgehead() is not None:
            out.append(LiftBridgehead())
        out.append(EndMovement())
        out.append(Concede())
        self.memo["legal_move"] = out
        return out

    def _legal_declare(self, f: Flow) -> list[Action]:
        out: list[Action] = []
        free = self.ammo(f.side) - self.committed_ammo(f)
        am = self.data["ammunition"]
        one, two = int(am["attack_per_unit"]), int(am["prepared_attack_per_unit"])
        if free >= one:
            for u, _cell in self.units_on_map(f.side):
                k = u.key
                if not self.can_attack(k, f):
                    continue
                for h in self.attack_targets(k):
                    out.append(Declare(k, h, False))
                    if not self.has_moved(k) and free >= two:
                        out.append(Declare(k, h, True))
        out.append(EndDeclarations())
        return out

    def _legal_order(self, f: Flow) -> list[Action]:
        return [Resolve(h) for h, _a, _p in f.declared]

    def _legal_allocate(self, f: Flow) -> list[Action]:
        a = self._alloc(f.combat)
        cls = Flip if a.step == "flip" else Remove
        return [cls(k) for k in self._step_candidates(a)]

    def _legal_retreat(self, f: Flow) -> list[Action]:
        a = self._alloc(f.combat)
        return [Retreat(k, h) for k in self._step_candidates(a) for h in self.retreat_hexes(k)]

    def _legal_advance(self, f: Flow) -> list[Action]:
        return [Advance(k) for k in self.advance_candidates(f.combat)] + [EndAdvance()]

    def _legal_stack(self, f: Flow) -> list[Action]:
        side = self._stack_side()
        return [RemoveExcess(k) for h, keys in sorted(self._overstacked(side).items()) for k in keys]

    def _legal_recover(self, f: Flow) -> list[Action]:
        out: list[Action] = [Recover(k) for k in self.recoverable(f.side)]
        out.append(EndRecovery())
        return out

    def recoverable(self, side: str) -> list[str]:
        """Damaged units, not in enemy ZOC (friends do not help), in supply, with 1 ammunition [8]."""
        if self.ammo(side) < int(self.data["recovery"]["ammo_per_unit"]):
            return []
        zoc = self.enemy_zoc(side)
        return [u.key for u, cell in self.units_on_map(side)
                if self.is_damaged(u.key) and cell not in zoc and self.in_supply(u.key)]

    # -- applying ------------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        f = self.flow()
        t = type(a)
        if t is Move:
            self._move(f, a)
        elif t is Activate:
            self._activate(a.unit)
        elif t is EndMovement:
            self._end_movement(f)
        elif t is Form:
            self._form(a)
        elif t is Ship:
            self._ship(a)
        elif t is Land:
            self._land(a)
        elif t is MoveFleet:
            self._move_fleet(a.to)
        elif t is LiftBridgehead:
            self.put(self.bridgehead_ent, Bridgehead(None))
            self.emit_msg("BridgeheadLifted", "Japan takes up the bridgehead", {})
        elif t is Declare:
            self._declare(f, a)
        elif t is EndDeclarations:
            self._next_combat()
        elif t is Resolve:
            self._resolve(a.hex)
        elif t is Flip:
            self._flip(a.unit)
            self._continue_alloc()
        elif t is Remove:
            self._remove_in_alloc(a.unit)
            self._continue_alloc()
        elif t is Retreat:
            self._retreat(a.unit, a.to)
            self._continue_alloc()
        elif t is Advance:
            self._advance(a.unit)
        elif t is EndAdvance:
            self._finish_combat()
        elif t is RemoveExcess:
            self._remove(a.unit, Msg("over-stacked in {place}", place=self.name(self.pos(a.unit))))
            self._after_removal()
        elif t is Recover:
            self._recover(a.unit)
        elif t is EndRecovery:
            self._end_player_round()
        elif t is Concede:
            self._game_over(other(f.side), Msg("{side} concedes", side=self._side_name(f.side)))
        else:  # pragma: no cover - legal_actions() lists only the types above
            raise AssertionError(a)

    # sequence of play [3.1] ----------------------------------------------------------------------------
    def _start_turn(self, turn: int) -> None:
        label = self.data["turn_track"][str(turn)]["label"]
        self._set_flow(turn=turn, round=0, phase="mobilisation", combat=None)
        self.emit_msg("TurnStarted", "Turn {turn} of {turns}: {label}", {"turn": turn, "turns": self.turns, "label": label},
                      turn=turn, label=label)
        # mobilisation phase: reinforcements into the mobilisation box [3.3]
        for r in self.data["reinforcements"]["schedule"]:
            if int(r["turn"]) == turn:
                for k in r["units"]:
                    e = self.unit_ent[k]
                    if not (self.world.has(e, Position) or self.world.has(e, Removed) or self.world.has(e, OutOfPlay)
                            or self.world.has(e, Mobilising)):
                        self.put(e, Mobilising(turn))
                self.emit_msg("ReinforcementsArrived", "{side} reinforcements reach the mobilisation box: {units}",
                              {"side": self._side_name(r["side"]), "units": ", ".join(r["units"])},
                              side=r["side"], units=tuple(r["units"]))
        flip = self.data["fleet"]["flip"]
        fl = self.fleet()
        if turn >= int(flip["forced_at_start_of_turn"]) and not fl.flipped and not fl.removed:
            self.put(self.fleet_ent, replace(fl, flipped=True))
            self.emit_msg("FleetFlipped", "No Battle of the Yellow Sea by November: the Beiyang fleet is flipped", {},
                          forced=True)
        self._start_round(1)

    def _roll_cp(self, side: str) -> tuple[int, tuple[int, ...]]:
        rule = self.data["command_points"]["dice"][side]
        rolls = self.dice.roll(int(rule["roll"]), int(self.data["command_points"]["die"]), self._purposes[("cp", side)])
        return (min(rolls) if rule["keep"] == "lowest" else rolls[0]), rolls

    def _start_round(self, rnd: int) -> None:
        self._set_flow(round=rnd, activated=frozenset(), moved=(), shipped=frozenset(), formed=frozenset(),
                       declared=(), attacked=frozenset(), targets=frozenset(), combat=None, cp=(0, 0))
        self.emit_msg("RoundStarted", "Round {round}", {"round": rnd}, turn=self.flow().turn, round=rnd)
        total = [0, 0]
        add = self.data["command_points"].get("tie_rule", "add") == "add"
        while True:
            (jp, jr), (qg, qr) = self._roll_cp("JP"), self._roll_cp("QING")
            total = [total[0] + jp, total[1] + qg] if add else [jp, qg]
            self.emit_msg("CommandPoints", "Command points: Japan {jp}, Qing {qing} (lower of {a} and {b})",
                          {"jp": jp, "qing": qg, "a": qr[0], "b": qr[1]},
                          jp=jp, qing=qg, jp_rolls=jr, qing_rolls=qr, total=tuple(total))
            if jp != qg:
                break
            fl = self.fleet()
            if not fl.flipped and not fl.removed:
                self.put(self.fleet_ent, replace(fl, flipped=True))
                self.emit_msg("YellowSea", "A tie: the Battle of the Yellow Sea! The Beiyang fleet is flipped (+1 from "
                              "now on; Japan may ship and land)", {})
            self.emit_msg("CommandPointsTied", "A tie at {n}: both sides keep the points and roll again", {"n": jp},
                          value=jp)
        first = "JP" if jp > qg else "QING"
        self._set_flow(cp=(total[0], total[1]), first=first)
        self.emit_msg("InitiativeChanged", "{side} has the initiative: Japan {jp} CP, Qing {qing} CP",
                      {"side": self._side_name(first), "jp": total[0], "qing": total[1]}, initiative=first,
                      cp=tuple(total))
        self._start_player_round(first, 0)

    def _start_player_round(self, side: str, half: int) -> None:
        if self._over():
            return
        self._set_flow(phase="move", side=side, half=half, fleet_moved=False, declared=(), attacked=frozenset(),
                       targets=frozenset(), combat=None)
        self.emit_msg("PhaseStarted", "{side} movement ({cp} CP)", {"side": self._side_name(side), "cp": self.cp(side)},
                      side=side, phase="move")
        f = self.flow()
        if len(self._legal_move(f)) == 2:      # nothing to do but end (or concede)
            self._end_movement(f)

    def _end_movement(self, f: Flow) -> None:
        side = f.side
        left = f.cp[IDX[side]]
        if left:
            lost = self._add_ammo(side, left)
            n = left - lost
            v = {"side": self._side_name(side), "n": n, "ammo": self.ammo(side), "lost": lost, "max": self.ammo_max}
            data = {"side": side, "stored": n, "lost": lost, "ammo": self.ammo(side)}
            if lost and n == 1:
                self.emit_msg("AmmoStored", "{side} stores {n} command point as ammunition (now {ammo}); {lost} lost over "
                              "{max}", v, **data)
            elif lost:
                self.emit_msg("AmmoStored", "{side} stores {n} command points as ammunition (now {ammo}); {lost} lost "
                              "over {max}", v, **data)
            elif n == 1:
                self.emit_msg("AmmoStored", "{side} stores {n} command point as ammunition (now {ammo})", v, **data)
            else:
                self.emit_msg("AmmoStored", "{side} stores {n} command points as ammunition (now {ammo})", v, **data)
            self._spend_cp(side, left)
        self.emit_msg("PhaseEnded", "{side} ends movement", {"side": self._side_name(side)}, side=side, phase="move")
        self._check_stacking("combat")

    def _start_combat_phase(self) -> None:
        f = self._set_flow(phase="declare", declared=(), attacked=frozenset(), targets=frozenset(), combat=None)
        if self._legal_declare(f) == [EndDeclarations()]:
            self._start_recovery()

    def _start_recovery(self) -> None:
        if self._over():
            return
        f = self._set_flow(phase="recover", declared=(), targets=frozenset(), combat=None)
        if not self.recoverable(f.side):
            self._end_player_round()

    def _end_player_round(self) -> None:
        f = self.flow()
        if f.half == 0:
            self._start_player_round(other(f.side), 1)
            return
        if f.round < int(self.data["rounds_per_turn"]):
            self._start_round(f.round + 1)
            return
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": f.turn}, turn=f.turn)
        if f.turn >= self.turns:
            self._victory_check()
            return
        self._start_turn(f.turn + 1)

    # stacking [4.4(2)] ------------------------------------------------------------------------------------
    def _overstacked(self, side: str) -> dict[str, list[str]]:
        return {h: keys for h, keys in self.placement().stacks(side).items()
                if len(keys) > self.max_stack and h in self.facts.hexes}

    def _stack_side(self) -> str:
        f = self.flow()
        for s in (f.side, other(f.side)):
            if self._overstacked(s):
                return s
        return f.side

    def _check_stacking(self, after: str) -> None:
        if self._over():
            return
        if self._overstacked("JP") or self._overstacked("QING"):
            self._set_flow(phase="stack", stack_after=after)
            return
        self._continue(after)

    def _continue(self, after: str) -> None:
        if after == "combat":
            self._start_combat_phase()
        elif after == "next_combat":
            self._next_combat()
        else:  # pragma: no cover
            raise AssertionError(after)

    def _after_removal(self) -> None:
        f = self.flow()
        if self._over():
            return
        if self._overstacked("JP") or self._overstacked("QING"):
            return
        self._continue(f.stack_after)

    # movement phase ------------------------------------------------------------------------------------------
    def _activate(self, key: str) -> None:
        f = self.flow()
        u = self.unit(key)
        self._spend_cp(u.side, self.costs["activate"])
        self._set_flow(activated=f.activated | {key})
        self.emit_msg("UnitActivated", "{unit} is activated (1 CP; {cp} left)", {"unit": self.label(key),
                      "cp": self.cp(u.side)}, unit=key, side=u.side)

    def _move(self, f: Flow, a: Move) -> None:
        key = a.unit
        if key not in f.activated:
            self._activate(key)
        cost = self.reachable(key)[a.to]
        path = self.move_path(key, a.to)
        u = self.unit(key)
        self.place_unit(key, a.to)
        f = self.flow()
        self._set_flow(moved=f.moved + ((key, cost),))
        self.emit_msg("UnitMoved", "{unit} moves {path} ({mp} MP)", {"unit": self.label(key), "path": self._path(path),
                      "mp": cost}, unit=key, path=tuple(path), side=u.side, frm=path[0], to=a.to, mp=cost)
        for h in path[1:]:
            self._entered(key, h)

    def _path(self, path: list[str]) -> str:
        """"1221 → 1220": hex numbers need no translation; a path out of a box names the box
        by its key ("incheon", translated as data: mobilisation/to_box), so it is a Msg."""
        boxes = self.facts.box_owner
        if boxes.keys().isdisjoint(path):
            return " → ".join(path)
        parts: list[str] = []          # each box alone, the hexes between them joined
        for c in path:
            if c in boxes or not parts or parts[-1] in boxes:
                parts.append(c)
            else:
                parts[-1] = f"{parts[-1]} → {c}"
        out: str = parts[0]
        for c in parts[1:]:
            out = Msg("{a} → {b}", a=out, b=c)
        return out

    def _form(self, a: Form) -> None:
        u = self.unit(a.unit)
        f = self.flow()
        self._spend_cp(u.side, self.costs["form"])
        self.take(self.unit_ent[a.unit], Mobilising)
        self.place_unit(a.unit, a.box)
        self._set_flow(formed=f.formed | {a.unit})
        self.emit_msg("UnitFormed", "{unit} is formed in {box} (1 CP; it cannot be activated this round)",
                      {"unit": self.label(a.unit), "box": self.name(a.box)}, unit=a.unit, side=u.side, box=a.box,
                      hex=a.box)

    def _ship(self, a: Ship) -> None:
        u = self.unit(a.unit)
        f = self.flow()
        frm = self.pos(a.unit)
        self._spend_cp(u.side, self.costs["sea_transport"])
        self._set_flow(activated=f.activated | {a.unit}, shipped=f.shipped | {a.unit})
        self.place_unit(a.unit, a.to)
        self.emit_msg("UnitShipped", "{unit} is shipped {frm} → {to} (2 CP)", {"unit": self.label(a.unit),
                      "frm": self.name(frm), "to": self.name(a.to)}, unit=a.unit, side=u.side, frm=frm, to=a.to)
        self._entered(a.unit, a.to)

    def _land(self, a: Land) -> None:
        u = self.unit(a.unit)
        f = self.flow()
        frm = self.pos(a.unit)
        self._spend_cp(u.side, self.costs["landing"])
        self._set_flow(activated=f.activated | {a.unit}, shipped=f.shipped | {a.unit})
        self.place_unit(a.unit, a.to)
        self.emit_msg("UnitLanded", "{unit} lands at {to} from {frm} (3 CP)", {"unit": self.label(a.unit),
                      "to": self.name(a.to), "frm": self.name(frm)}, unit=a.unit, side=u.side, frm=frm, to=a.to)
        if a.to not in self.ports and self.bridgehead() != a.to:
            old = self.bridgehead()
            self.put(self.bridgehead_ent, Bridgehead(a.to))
            if old:
                self.emit_msg("BridgeheadPlaced", "The bridgehead is placed at {place} (taken up from {old})",
                              {"place": self.name(a.to), "old": self.name(old)}, hex=a.to, old=old)
            else:
                self.emit_msg("BridgeheadPlaced", "The bridgehead is placed at {place}", {"place": self.name(a.to)},
                              hex=a.to, old=old)
        self._entered(a.unit, a.to)

    def _move_fleet(self, to: str) -> None:
        fl = self.fleet()
        self.put(self.fleet_ent, replace(fl, hex=to))
        self._set_flow(fleet_moved=True)
        self.emit_msg("FleetMoved", "The Beiyang fleet sails {frm} → {to}", {"frm": self.name(fl.hex),
                      "to": self.name(to)}, frm=fl.hex, to=to)

    def _entered(self, key: str, hex_: str) -> None:
        """A unit has entered a cell: control [3.4], the fleet flees [9.1(1)], the bridgehead goes [9.3(5)]."""
        side = self.unit(key).side
        if hex_ in self.key_hexes and self.controller(hex_) != side:
            jp = self.control().jp
            self.put(self.control_ent, Control(jp | {hex_} if side == "JP" else jp - {hex_}))
            self.emit_msg("ControlChanged", "{side} takes {place}", {"side": self._side_name(side),
                          "place": self.name(hex_)}, hex=hex_, side=side)
        if side == "JP":
            fl = self.fleet()
            if fl.hex == hex_ and not fl.removed:
                rest = [b for b in self.facts.fleet_bases if b != hex_]
                if all(self.controller(b) == "JP" for b in rest):
                    self.put(self.fleet_ent, replace(fl, hex=None, removed=True))
                    self.emit_msg("FleetRemoved", "Japan holds both fleet bases: the Beiyang fleet is destroyed "
                                  "(+{vp} VP)", {"vp": self.data["victory"]["points"]["fleet_removed"]}, hex=hex_)
                else:
                    self.put(self.fleet_ent, replace(fl, hex=rest[0]))
                    self.emit_msg("FleetFled", "Japanese troops enter {place}: the Beiyang fleet flees to {to}",
                                  {"place": self.name(hex_), "to": self.name(rest[0])}, frm=hex_, to=rest[0])
        elif self.bridgehead() == hex_:
            self.put(self.bridgehead_ent, Bridgehead(None))
            self.emit_msg("BridgeheadLost", "Qing troops enter {place}: the bridgehead is removed",
                          {"place": self.name(hex_)}, hex=hex_)

    # combat phase -----------------------------------------------------------------------------------------------
    def _declare(self, f: Flow, a: Declare) -> None:
        declared = list(f.declared)
        for i, (h, atts, prep) in enumerate(declared):
            if h == a.hex:
                declared[i] = (h, atts + (a.unit,), prep + ((a.unit,) if a.prepared else ()))
                break
        else:
            declared.append((a.hex, (a.unit,), (a.unit,) if a.prepared else ()))
        self._set_flow(declared=tuple(declared), attacked=f.attacked | {a.unit}, targets=f.targets | {a.hex})
        v = {"unit": self.label(a.unit), "place": self.name(a.hex)}
        if a.prepared:
            self.emit_msg("AttackDeclared", "{unit} will make a prepared attack on {place}", v, attacker=a.unit,
                          hex=a.hex, prepared=True)
        else:
            self.emit_msg("AttackDeclared", "{unit} will attack {place}", v, attacker=a.unit, hex=a.hex, prepared=False)

    def _next_combat(self) -> None:
        if self._over():
            return
        f = self._set_flow(phase="order", combat=None)
        if not f.declared:
            self._start_recovery()
            return
        if len(f.declared) == 1:
            self._resolve(f.declared[0][0])

    def _resolve(self, hex_: str) -> None:
        f = self.flow()
        entry = next(x for x in f.declared if x[0] == hex_)
        self._set_flow(declared=tuple(x for x in f.declared if x[0] != hex_))
        side = f.side
        atts = tuple(k for k in entry[1] if self.pos(k) is not None and hex_ in self.facts.neighbours.get(self.pos(k), ()))
        defenders = self.units_in(hex_)
        if not atts or not defenders or self.side_at(hex_) == side:
            self.emit_msg("CombatCancelled", "The attack on {place} is cancelled", {"place": self.name(hex_)}, hex=hex_)
            self._next_combat()
            return
        p = self.preview(hex_, atts, entry[2])
        dside = other(side)
        self._add_ammo(side, -p.attacker_ammo)
        if p.defender_ammo:
            self._add_ammo(dside, -p.defender_ammo)
        names = " + ".join(self.label(k) for k in atts)
        self.emit_msg("CombatStarted", "{units} attack {place}: {dice} dice against {counter} dice of counterfire",
                      {"units": names, "place": self.name(hex_), "dice": p.attack_dice,
                       "counter": p.counter_dice + p.fleet_dice}, attackers=atts, defenders=tuple(defenders),
                  hex=hex_, attack_dice=p.attack_dice, defense_dice=p.counter_dice + p.fleet_dice,
                  attack_hits_on=self.hit_on, defense_hits_on=self.hit_on,
                  modifiers=[(t, r, n) for t, r, n in p.modifiers], prepared=p.prepared)
        arolls, araw = roll_pool(self.dice, p.attack_dice, self.hit_on, self._purposes[("attack", side)])
        crolls, craw = roll_pool(self.dice, p.counter_dice, self.hit_on, self._purposes[("counter", dside)])
        frolls, fraw = roll_pool(self.dice, p.fleet_dice, self.hit_on, self._purposes["fleet"])
        ahits = max(0, araw + p.attack_mod)
        chits = max(0, craw + fraw + p.counter_mod) if (p.counter_dice or p.fleet_dice) else 0
        c = Combat(hex_, atts, p.prepared, side, tuple(defenders), tuple(self.pos(k) for k in atts), p.attack_dice,
                   arolls, ahits, p.counter_dice, p.fleet_dice, crolls + frolls, chits, p.modifiers,
                   "defender", Alloc(dside, tuple(defenders), ahits, bonus=p.durability_bonus),
                   Alloc(side, atts, chits))
        self.emit_msg("CombatResolved", "{attack}; {counter}",
                      {"attack": self._attack_line(side, araw, p.attack_mod, ahits),
                       "counter": self._counter_line(dside, craw + fraw, p.counter_mod, chits)
                       if (p.counter_dice or p.fleet_dice) else Msg("no counterfire ({reason})", reason=p.counter_reason)},
                      attackers=atts, hex=hex_, attack_rolls=arolls, defense_rolls=crolls + frolls, attack_hits=ahits,
                  counter_hits=chits, attack_raw=araw, counter_raw=craw + fraw, fleet_rolls=frolls)
        self._set_flow(combat=c, phase="allocate")
        self._announce_alloc(c.defender_alloc)
        self._continue_alloc()

    def _attack_line(self, side: str, raw: int, mod: int, total: int) -> Msg:
        v = {"side": self._side_name(side), "n": raw, "mod": mod, "total": total}
        if mod:
            return Msg("{side} rolls {n} hit {mod:+d} = {total}", **v) if raw == 1 else \
                Msg("{side} rolls {n} hits {mod:+d} = {total}", **v)
        return Msg("{side} rolls {n} hit = {total}", **v) if raw == 1 else Msg("{side} rolls {n} hits = {total}", **v)

    def _counter_line(self, side: str, raw: int, mod: int, total: int) -> Msg:
        v = {"side": self._side_name(side), "n": raw, "mod": mod, "total": total}
        return Msg("{side} counterfires {n} {mod:+d} = {total}", **v) if mod else \
            Msg("{side} counterfires {n} = {total}", **v)

    def _announce_alloc(self, a: Alloc) -> None:
        if a.hits:
            v = {"side": self._side_name(a.side), "n": a.hits}
            if a.hits == 1:
                self.emit_msg("DamageStep", "{side} allocates {n} hit (7.4: ① damage, ② retreat, ③ remove)", v,
                              side=a.side, step="start", hits=a.hits)
            else:
                self.emit_msg("DamageStep", "{side} allocates {n} hits (7.4: ① damage, ② retreat, ③ remove)", v,
                              side=a.side, step="start", hits=a.hits)

    # damage allocation [7.4] ----------------------------------------------------------------------------------------
    def _alloc(self, c: Combat) -> Alloc:
        return c.defender_alloc if c.stage == "defender" else c.attacker_alloc

    def _put_alloc(self, a: Alloc) -> None:
        c = self.flow().combat
        self._set_flow(combat=replace(c, defender_alloc=a) if c.stage == "defender" else replace(c, attacker_alloc=a))

    def _alive(self, a: Alloc) -> list[str]:
        return [k for k in a.units if self.pos(k) is not None]

    def flip_cost(self, key: str, a: Alloc) -> int:
        return self.unit(key).durability + a.bonus

    def remove_cost(self, key: str, a: Alloc) -> int:
        return self.unit(key).durability_damaged + a.bonus

    def _step_candidates(self, a: Alloc) -> list[str]:
        """The units the current step may still be applied to (every one of them pays the same)."""
        alive = [k for k in self._alive(a) if k not in a.done]
        if a.step == "flip":
            return [k for k in alive if not self.is_damaged(k)]
        if a.step == "retreat":
            return [k for k in alive if self.retreat_hexes(k)]
        if a.step == "remove":
            return alive
        return []

    def _continue_alloc(self) -> None:
        """Apply 7.4 as far as no choice is needed; stop at the owner's next choice."""
        while not self._over():
            c = self.flow().combat
            a = self._alloc(c)
            if a.step == "done":
                if c.stage == "defender":
                    self._set_flow(combat=replace(c, stage="attacker"))
                    self._announce_alloc(c.attacker_alloc)
                    continue
                self._start_advance()
                return
            cands = self._step_candidates(a)
            nxt = {"flip": "retreat", "retreat": "remove", "remove": "done"}[a.step]
            if not cands:
                self._put_alloc(replace(a, step=nxt, done=()))
                continue
            cost = 1 if a.step == "retreat" else (self.flip_cost(cands[0], a) if a.step == "flip"
                                                   else self.remove_cost(cands[0], a))
            if a.hits < cost:
                if a.hits:
                    if a.hits == 1:
                        self.emit_msg("DamageStep", "{n} hit left over: no effect (7.4(3))", {"n": 1}, side=a.side,
                                      step="lost", hits=1)
                    else:
                        self.emit_msg("DamageStep", "{n} hits left over: no effect (7.4(3))", {"n": a.hits},
                                      side=a.side, step="lost", hits=a.hits)
                self._put_alloc(replace(a, step="done", hits=0, done=()))
                continue
            k = take(len(cands), a.hits, cost)
            if a.step == "retreat":
                acts = self._legal_retreat(self.flow())
                if len(acts) == 1:
                    self._retreat(acts[0].unit, acts[0].to)
                    continue
                self._set_flow(phase="retreat")
                return
            if k == len(cands) or len(cands) == 1:
                if a.step == "flip":
                    self._flip(cands[0])
                else:
                    self._remove_in_alloc(cands[0])
                continue
            self._set_flow(phase="allocate")
            return

    def _pay(self, a: Alloc, step: str, key: str, cost: int) -> Alloc:
        a = replace(a, hits=a.hits - cost, done=a.done + (key,), log=a.log + ((step, key, cost),))
        self._put_alloc(a)
        return a

    def _flip(self, key: str) -> None:
        a = self._alloc(self.flow().combat)
        cost = self.flip_cost(key, a)
        a = self._pay(a, "flip", key, cost)
        self.put(self.unit_ent[key], Damaged())
        v = {"unit": self.label(key), "cost": cost, "left": a.hits}
        if cost == 1:
            self.emit_msg("StepLost", "① {unit} takes {cost} hit and is damaged ({left} left)", v, unit=key,
                          side=a.side, step="flip", cost=cost, hits=a.hits)
        else:
            self.emit_msg("StepLost", "① {unit} takes {cost} hits and is damaged ({left} left)", v, unit=key,
                          side=a.side, step="flip", cost=cost, hits=a.hits)

    def _remove_in_alloc(self, key: str) -> None:
        a = self._alloc(self.flow().combat)
        cost = self.remove_cost(key, a)
        a = self._pay(a, "remove", key, cost)
        self.emit_msg("DamageStep", "③ {unit} takes {cost} hits and is removed ({left} left)",
                      {"unit": self.label(key), "cost": cost, "left": a.hits}, unit=key, side=a.side, step="remove",
                      cost=cost, hits=a.hits)
        self._remove(key, _COMBAT)

    def _retreat(self, key: str, to: str) -> None:
        c = self.flow().combat
        a = self._alloc(c)
        a = self._pay(a, "retreat", key, 1)
        frm = self.pos(key)
        u = self.unit(key)
        if u.garrison and not self.is_released(key):
            self.put(self.unit_ent[key], Released())
        self.place_unit(key, to)
        self.emit_msg("UnitRetreated", "② {unit} takes 1 hit and retreats {frm} → {to} ({left} left)",
                      {"unit": self.label(key), "frm": frm, "to": to, "left": a.hits}, unit=key, side=u.side, frm=frm, to=to, step="retreat", hits=a.hits)
        self._entered(key, to)

    def _remove(self, key: str, reason: str) -> None:
        u = self.unit(key)
        h = self.pos(key)
        e = self.unit_ent[key]
        self.take(e, Position)
        self.take(e, Damaged)
        self.put(e, Removed(self.flow().turn, reason))
        pen = self.data["victory"]["points"]["per_japanese_unit_removed"]
        v = {"unit": self.label(key), "place": self.name(h), "reason": reason, "vp": pen}
        if u.side == "JP":
            self.emit_msg("UnitEliminated", "{unit} is removed at {place} ({reason}): {vp} VP", v, unit=key, hex=h,
                          side=u.side, reason=reason)
        else:
            self.emit_msg("UnitEliminated", "{unit} is removed at {place} ({reason})", v, unit=key, hex=h,
                          side=u.side, reason=reason)

    # advance [7.5(5)] ---------------------------------------------------------------------------------------------
    def advance_candidates(self, c: Combat) -> list[str]:
        if c is None or any(self.unit(k).side != c.attacker_side for k in self.units_in(c.hex)):
            return []
        if len(c.advanced) >= self.max_stack:
            return []
        retreated = {k for step, k, _ in c.attacker_alloc.log if step == "retreat"}
        return [k for k in c.attackers if k not in retreated and k not in c.advanced and self.pos(k) is not None
                and c.hex in self.facts.neighbours.get(self.pos(k), ()) and not self.held(k)]

    def _start_advance(self) -> None:
        c = replace(self.flow().combat, stage="advance")
        self._set_flow(combat=c, phase="advance")
        if not self.advance_candidates(c):
            self._finish_combat()

    def _advance(self, key: str) -> None:
        c = self.flow().combat
        frm = self.pos(key)
        self.place_unit(key, c.hex)
        c = replace(c, advanced=c.advanced + (key,))
        self._set_flow(combat=c)
        self.emit_msg("UnitAdvanced", "{unit} advances {frm} → {to}", {"unit": self.label(key), "frm": frm, "to": c.hex},
                      unit=key, side=c.attacker_side,
                  frm=frm, to=c.hex)
        self._entered(key, c.hex)
        if not self.advance_candidates(c):
            self._finish_combat()

    def _finish_combat(self) -> None:
        if self._over():
            return
        c = self.flow().combat
        self._set_flow(combat=replace(c, stage="done"))
        self._check_stacking("next_combat")

    # recovery [8] ---------------------------------------------------------------------------------------------------
    def _recover(self, key: str) -> None:
        u = self.unit(key)
        self._add_ammo(u.side, -int(self.data["recovery"]["ammo_per_unit"]))
        self.take(self.unit_ent[key], Damaged)
        self.emit_msg("UnitRecovered", "{unit} recovers (1 ammunition; {ammo} left)", {"unit": self.label(key),
                      "ammo": self.ammo(u.side)}, unit=key, side=u.side)
        if not self.recoverable(u.side):
            self._end_player_round()

    # victory [12] ------------------------------------------------------------------------------------------------------
    def _victory_check(self) -> None:
        v = self.data["victory"]
        pts = self.vp()
        if self.errata and any(self.controller(h) == "JP" for h in self.facts.auto_victory):
            h = self.facts.auto_victory[0]
            self._game_over("JP", Msg("Japan holds {place} (errata): {vp} points", place=self.name(h), vp=pts))
        elif pts >= int(v["threshold"]):
            self._game_over("JP", Msg("Japan has {vp} points (20 needed)", vp=pts))
        else:
            self._game_over("QING", Msg("Japan has only {vp} points (20 needed)", vp=pts))

    def result_scores(self) -> tuple[tuple[str, int], ...]:
        return (("JP", self.vp()),)

    # labels and observation ---------------------------------------------------------------------------------------------
    def label(self, key: str) -> str:
        """The unit's key and counter name ("J1 混成第9旅団"): a Name, shown as it is."""
        return self._labels[key]

    def public_state(self) -> dict[str, Any]:
        f = self.flow()
        fl = self.fleet()
        units = []
        for key, e in self.unit_ent.items():
            u = self.units[key]
            h = self.pos(key)
            units.append({"key": key, "side": u.side, "type": u.type, "name_local": u.name_local,
                          "commander": u.commander, "cell": h, "in_box": h in self.facts.box_owner if h else False,
                          "damaged": self.is_damaged(key), "removed": self.is_removed(key),
                          "mobilising": self.is_mobilising(key), "out_of_play": self.world.has(e, OutOfPlay),
                          "enter": u.enter, "attack": self.attack_of(key), "durability": self.durability_of(key),
                          "ma": u.ma, "garrison": u.garrison if self.held(key) else "",
                          "activated": key in f.activated, "mp_used": self.mp_used(key), "moved": self.has_moved(key),
                          "shipped": key in f.shipped, "formed": key in f.formed,
                          "supplied": self.in_supply(key) if h else None})
        c = f.combat
        return {"game": self.game_id, "turn": f.turn, "turns": self.turns, "round": f.round,
                "rounds": int(self.data["rounds_per_turn"]), "phase": f.phase, "side": f.side, "first": f.first,
                "cp": {"JP": f.cp[0], "QING": f.cp[1]}, "ammo": {"JP": f.ammo[0], "QING": f.ammo[1]},
                "units": units, "fleet": {"hex": fl.hex, "flipped": fl.flipped, "removed": fl.removed},
                "jp_control": sorted(self.control().jp), "bridgehead": self.bridgehead(), "vp": self.vp(),
                "vp_parts": self.vp_parts(), "declared": [[h, list(a), list(p)] for h, a, p in f.declared],
                "fleet_moved": f.fleet_moved, "winner": f.winner, "reason": f.reason,
                "combat": None if c is None else _combat_view(c)}

    # test and editor support ----------------------------------------------------------------------------------------------
    @classmethod
    def from_position(cls, units: dict[str, str], *, turn: int = 3, round: int = 1, side: str = "JP",
                      phase: str = "move", cp: tuple[int, int] | int = 6, ammo: tuple[int, int] = (19, 19),
                      damaged: Iterable[str] = (), mobilising: Iterable[str] = (), removed: Iterable[str] = (),
                      released: Iterable[str] = (), activated: Iterable[str] = (),
                      moved: dict[str, int] | None = None, fleet: str | None = "0818", fleet_flipped: bool = False,
                      fleet_removed: bool = False, jp_control: Iterable[str] = (), bridgehead: str | None = None,
                      half: int = 0, seed: int = 0, options: dict[str, Any] | None = None) -> "SinoJapanese":
        """A hand-built position: only the units named stand where given (key -> hex or box); those
        in ``mobilising`` wait in their mobilisation box, those in ``removed`` are removed, the rest
        are out of play. ``cp``: the command points of the side to move (or both, JP and QING).
        ``phase``: "move" (the side's movement phase), "declare" (its combat phase) or "recover".
        Used by the rules tests."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        for key, e in g.unit_ent.items():
            for comp in (Position, Mobilising, Removed, Damaged, Released, OutOfPlay):
                g.take(e, comp)
            if key in units:
                g.put(e, Position(units[key]))
            elif key in set(mobilising):
                g.put(e, Mobilising(turn))
            elif key in set(removed):
                g.put(e, Removed(0, N_("before this position")))
            else:
                g.put(e, OutOfPlay())
            if key in set(damaged):
                g.put(e, Damaged())
            if key in set(released):
                g.put(e, Released())
        g.put(g.fleet_ent, Fleet(None if fleet_removed else fleet, fleet_flipped or fleet_removed, fleet_removed))
        g.put(g.control_ent, Control(frozenset(jp_control)))
        g.put(g.bridgehead_ent, Bridgehead(bridgehead))
        cps = cp if isinstance(cp, tuple) else pair_set((0, 0), IDX[side], cp)
        acts = frozenset(activated)
        mv = tuple(sorted((moved or {}).items()))
        g.put(g.game_ent, Flow(turn, round, phase, side, first=side if half == 0 else other(side), half=half, cp=cps,
                               ammo=tuple(ammo), activated=acts | {k for k, _ in mv}, moved=mv))
        g.invalidate()
        if phase not in ("move", "declare", "recover"):
            raise ValueError(f"unknown phase {phase!r}")
        g._flush_events()
        g.events.clear()
        g.history.clear()
        return g


def _alloc_view(a: Alloc | None) -> dict[str, Any] | None:
    if a is None:
        return None
    return {"side": a.side, "units": list(a.units), "hits": a.hits, "step": a.step, "bonus": a.bonus,
            "log": [list(x) for x in a.log]}


def _combat_view(c: Combat) -> dict[str, Any]:
    return {"hex": c.hex, "attackers": list(c.attackers), "prepared": list(c.prepared),
            "attacker_side": c.attacker_side, "defenders": list(c.defenders), "attack_dice": c.attack_dice,
            "attack_rolls": list(c.attack_rolls), "attack_hits": c.attack_hits, "counter_dice": c.counter_dice,
            "fleet_dice": c.fleet_dice, "counter_rolls": list(c.counter_rolls), "counter_hits": c.counter_hits,
            "modifiers": [list(m) for m in c.modifiers], "stage": c.stage,
            "defender_alloc": _alloc_view(c.defender_alloc), "attacker_alloc": _alloc_view(c.attacker_alloc),
            "advanced": list(c.advanced)}
