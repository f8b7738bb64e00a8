"""Across Suez: the rules, clause by clause (Chinese seed text [S0], data sheet
../shared/rules/across_suez.md). Section numbers in brackets are those of [S0].

Sequence of play [3]: each of the 7 turns is Israeli movement, Israeli combat,
Egyptian movement, Egyptian combat. Movement costs are kept in half movement
points (roads cost ½), so every number the movement search sees is whole.

Rulings (where the rules are silent or ambiguous; each is also in data.json
"rulings", in docs/rulings.md for players, and has a test in
tests/test_across_suez_rules.py):

1. Stacking [4.4]: a unit may end its move on a friendly unit (it may pass
   through them anyway). At the end of the movement phase, in each hex with
   more than one unit, the owner chooses which units are removed (the
   "stack_loss" decision), one at a time, until one is left.
2. ZOC [4.5]: a unit that starts its move in an enemy ZOC may leave it freely
   (except on turn 1 [9.1]) and stops on entering any enemy-ZOC hex. ZOC does
   not extend into the lake or across the canal.
3. Roads: ½ MP only between consecutive hexes of one road; a ridge hexside
   costs +1 MP either way. The bridge unit may enter only clear (and road)
   hexes and never crosses a ridge; the same limits apply to its retreats,
   and it never advances after combat.
4. Combat [3][6.1]: one attack at a time, "the result of each at once": name
   an attacker and its defender, add more attackers against that defender,
   then resolve it before the next is declared. No unit attacks twice, none is
   attacked twice in a phase [5.3][5.4]. The Israeli player chooses, attack by
   attack as he resolves it, whether to spend one artillery support on it.
5. Column: attacker firepower minus defender firepower (the bridge defends as
   1), clamped to the end columns; then the net of every shift is applied and
   clamped again. Shifts net against each other (§13.3; §8.2 read the same way).
6. Terrain shift [12]: the single terrain most favourable to the defender:
   farm 2L, elevated sand 1L, fort 1L; a defender on sand attacked only across
   ridge hexsides 2L in all (not 3L); mixed attacks 1L; ridges do nothing to a
   defender that is not on sand.
7. Results: Ae and Ar let the defender advance (optionally) into one vacated
   attacker hex; Dr lets one attacker advance (optionally) into the
   defender's hex; De and Ee (and a Dr whose defender had no retreat) make one
   surviving attacker advance into it [6.5]. Ee: the attacker picks one of its
   units with firepower at least the defender's; if none is that strong, it
   removes units of its choice until their firepower totals at least the
   defender's.
8. Retreat [6.4][5.6]: one hex, chosen by the owner, into an empty land hex
   outside enemy ZOC; a unit with no such hex (surrounded, or pushed against
   the map edge, the canal or the lake) is eliminated.
9. Reinforcements [7]: due units may be placed in their movement phase on
   their entry hex with full MA; if an enemy unit is in it or it is in enemy
   ZOC they are placed on an adjacent land hex not holding an enemy unit,
   preferring hexes outside enemy ZOC, then hexes on the map edge. Units not
   placed by the end of the phase are delayed and may enter in a later turn.
10. Crossing [11]: a unit in 0112 (or moving there in the same move) exits
    for 3 MP (1 MP when the bridge unit is in 0112), only in the Israeli
    movement phase and not on turn 1; without the bridge at most 2 units per
    phase. Egyptian ZOC does not hinder the crossing, even for a unit that
    just entered 0112 in Egyptian ZOC. A unit that has moved elsewhere this
    phase cannot then cross.
11. Bridge [14.2]: once it ends a move in 0112 it is "placed"; if it later
    leaves 0112 for any reason Israel loses at once. If the bridge unit is
    eliminated Israel can no longer win, so the game ends at once (the data
    sheet §10, not [S0]).
12. First turn [9]: both players' turn-1 phases: units that start in enemy
    ZOC cannot move, and every unit able to attack with an enemy adjacent that
    it may still attack must take part in an attack on one of them before
    combat ends; a unit whose only target left is the defender being attacked
    must join that attack.
13. Egyptian bombardment [13]: "at the start of each combat phase" is each
    Egyptian (day) combat phase, before its first attack: [13.1] has the
    bombarding side's units fight normally "in that phase", which only its own
    phase allows. Optional, on up to two different Israeli units adjacent to
    Egyptian units; each is one die, 1 eliminates.
14. Victory [14]: at the end of turn 7 Israel wins with ≥6 units crossed, the
    bridge in 0112 and a line of communication 0112→1708 through land hexes
    with no Egyptian unit and outside Egyptian ZOC unless an Israeli unit
    stands there. Otherwise Egypt wins; no draws.
"""
from __future__ import annotations

from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Any, Callable, Iterable, Sequence


from game.core.actions import Action, Decision
from game.core.board import Board
from game.core.data import load_json
from game.core.game import Game, Result
from game.core.text import Msg, N_, Name
from game.core.tmx import load_board
from game.paths import ROOT, map_path
from game.systems import hexunits, movement, paths
from game.systems.combat import crt_of
from game.systems.hexunits import HexMap, HexUnits
from game.systems.outcome import FlowOutcome

from .actions import (Advance, Assign, Bombard, Cross, EeLoss, EndAdvance, EndBombardment, EndDeclarations,
                      EndPhase, Enter, Move, Resolve, Retreat, StackLoss)
from .components import (BridgeDeployed, Combat, Crossed, Eliminated, Flow, Hex, OutOfPlay, Position, TurnMarker,
                         Unit)

SIDES = ("ISR", "EGY")
DATA_PATH = ROOT / "game" / "rulesets" / "across_suez" / "data.json"
#: the column shifts of an attack (the reasons shown in the log and the odds preview)
IN_THE_FARM = N_("defender in the Chinese Farm")
SAND_ACROSS_RIDGES = N_("defender on elevated sand attacked only across ridges")
SAND_MIXED = N_("defender on elevated sand (attacked both across and not across ridges)")
ON_SAND = N_("defender on elevated sand")
IN_A_FORT = N_("defender in a Bar Lev fort")
COMBINED_ARMS = N_("combined arms (armor with infantry)")
ARTILLERY_SUPPORT = N_("Israeli artillery support")
#: why a unit is eliminated (the log; the CRT results are codes, shown as printed)
BY_BOMBARDMENT = N_("Egyptian bombardment")
IN_EXCHANGE = N_("exchange (Ee)")
NO_RETREAT_EDGE = N_("no retreat: the map edge")
NO_RETREAT = N_("no retreat")
RESULT_CODE = {r: Name(r) for r in ("Ae", "Ar", "Dr", "De", "Ee")}
#: how Egypt wins at once
BRIDGE_DESTROYED = N_("the Israeli bridge unit was destroyed")
BRIDGE_LEFT = N_("the Israeli bridge left 0112 after it was placed there")
#: the sides as the dice purposes name them ("ISR attack on 16/1")
SIDE_CODE = {"ISR": N_("ISR"), "EGY": N_("EGY")}


def other(side: str) -> str:
    return "EGY" if side == "ISR" else "ISR"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)


class MapFacts(HexMap):
    """What the rules read from maps/across_suez.tmx, computed once per board."""

    def __init__(self, board: Board, data: dict[str, Any]):
        tec = data["terrain_effects"]
        super().__init__(board, impassable={t for t, v in tec["terrain"].items() if v.get("prohibited")})
        self.forts = frozenset(n for n, c in board.cells.items() if c.props.get("fort"))
        self.roads = self.hexsides("road")
        self.ridges = self.hexsides("ridge")
        # half movement points: clear 2, sand and farm 4, road 1, ridge +2
        half = {t: int(round(2 * v["move"])) for t, v in tec["terrain"].items() if v.get("move") is not None}
        road = int(round(2 * tec["road"]["move"]))
        ridge = int(round(2 * tec["ridge"]["move_extra"]))
        bridge_ok = set(data["unit_types"]["bridge"]["may_enter"])

        def cost(is_bridge: bool):
            def step(h: str, n: str) -> int | None:
                side = frozenset((h, n))
                if is_bridge and (self.terrain[n] not in bridge_ok or side in self.ridges):
                    return None         # the bridge: clear and road hexes only, never over a ridge
                return road if side in self.roads else half[self.terrain[n]] + (ridge if side in self.ridges else 0)
            return step
        #: per unit kind (is it the bridge?): hex -> ((neighbour, half MP), ...)
        self.steps = {b: self.step_costs(cost(b)) for b in (False, True)}
        self.bridge_hexes = frozenset(n for n in self.passable if self.terrain[n] in bridge_ok)
        self.entries = {k: v["hex"] for k, v in data["entries"].items()}


def default_facts() -> MapFacts:
    data = load_data()
    return MapFacts.of(load_board(map_path(data["map"])), data)


# -- combat odds (pure) ---------------------------------------------------------------
@dataclass(frozen=True, slots=True)
class Fighter:
    """One unit as the CRT sees it."""
    key: str
    label: str
    side: str
    firepower: int          # attack value; for a defender its defence value
    role: str               # "armor" | "infantry" | ""
    hex: str


@dataclass(frozen=True, slots=True)
class Preview:
    attack: int
    defence: int
    differential: int
    base_column: int                          # index into the CRT columns
    shifts: tuple[tuple[str, int], ...]       # (reason, columns; + is right)
    net_shift: int
    column: int                               # final index
    column_label: str
    odds: tuple[tuple[str, float], ...]       # result -> probability, in result order

    def text(self) -> str:
        return "  ".join(f"{r} {p:.0%}" for r, p in self.odds if p)


def terrain_shift(facts: MapFacts, data: dict[str, Any], defender_hex: str,
                  attacker_hexes: Iterable[str]) -> tuple[int, str]:
    """The single terrain most favourable to the defender [12.1–12.3]: (shift, reason)."""
    tec = data["terrain_effects"]
    t = facts.terrain[defender_hex]
    options: list[tuple[int, str]] = [(0, "")]
    if t == "chinese_farm":
        options.append((int(tec["terrain"][t]["shift"]), IN_THE_FARM))
    if t == "elevated_sand":
        across = [frozenset((a, defender_hex)) in facts.ridges for a in attacker_hexes]
        if across and all(across):
            options.append((int(tec["ridge"]["shift_all_attackers_across"]), SAND_ACROSS_RIDGES))
        elif any(across):
            options.append((int(tec["ridge"]["shift_mixed"]), SAND_MIXED))
        else:
            options.append((int(tec["terrain"][t]["shift"]), ON_SAND))
    if defender_hex in facts.forts:
        options.append((int(tec["fort"]["shift"]), IN_A_FORT))
    return min(options, key=lambda o: o[0])


def combat_preview(attackers: Sequence[Fighter], defender: Fighter, *, night: bool = False,
                   support: bool = False, facts: MapFacts | None = None,
                   data: dict[str, Any] | None = None) -> Preview:
    """The CRT column of an attack and the odds of each result (pure: no game state).
    ``support``: an Israeli artillery support is spent on it (ignored at night)."""
    data = data or load_data()
    facts = facts or default_facts()
    crt = crt_of(data["crt"])
    att = sum(a.firepower for a in attackers)
    dfn = defender.firepower
    diff = att - dfn
    base = crt.column(diff)
    shifts: list[tuple[str, int]] = []
    ts, reason = terrain_shift(facts, data, defender.hex, [a.hex for a in attackers])
    if ts:
        shifts.append((reason, ts))
    ca = data["combined_arms"]
    roles = {a.role for a in attackers}
    if set(ca["needs"]) <= roles:
        if night and not ca["night"]:
            pass
        else:
            shifts.append((COMBINED_ARMS, int(ca["shift"])))
    if support and not night:
        shifts.append((ARTILLERY_SUPPORT, int(data["israeli_artillery"]["shift"])))
    net = sum(n for _, n in shifts)
    col = crt.column(diff, net)
    return Preview(att, dfn, diff, base, tuple(shifts), net, col, crt.labels[col], crt.odds(col))


# -- the game ------------------------------------------------------------------------
@lru_cache(maxsize=4096)
def _entry_hexes(facts: MapFacts, entry: str, enemy: frozenset[str], zoc: frozenset[str]) -> tuple[str, ...]:
    """The entry hex if free of enemy units and enemy ZOC, else the adjacent land hexes
    without an enemy unit, preferring those outside enemy ZOC, then those on the map edge."""
    if entry not in enemy and entry not in zoc:
        return (entry,)
    near = [n for n in facts.neighbours[entry] if n not in enemy]
    free = [n for n in near if n not in zoc] or near
    edge = [n for n in free if n in facts.edge]
    return tuple(sorted(edge or free))


class AcrossSuez(FlowOutcome, HexUnits, Game):
    game_id = "across_suez"
    title = "Across Suez"
    title_en = "Across Suez: The Battle of the Chinese Farm, 1973"
    seats = sides = SIDES
    unit_component, position_component = Unit, Position
    static_components = (Hex,)      # the map hexes never change: shared by every copy

    # -- set-up ------------------------------------------------------------------------
    def _load_static(self) -> None:
        self.data = load_data()
        self.board = load_board(map_path(self.data["map"]))
        self.board.check_cells(self.data["map_cells"])
        self.facts = MapFacts.of(self.board, self.data)
        self.turns = int(self.data["turns"])
        self.night_turns = frozenset(self.data["night"]["turns"])
        self.crossing_hex = self.data["crossing"]["hex"]
        self.bridge_key = self.data["crossing"]["bridge_unit"]

    def _setup(self) -> None:
        self._load_static()
        types = self.data["unit_types"]
        overrides = self.options.get("units", {})
        unit_ent: dict[str, int] = {}
        #: each unit's counter label and full name as the log shows them (game.core.text.Name)
        self.unit_label: dict[str, Name] = {}
        self.unit_title: dict[str, Name] = {}
        for spec in self.data["units"]:
            spec = spec | overrides.get(spec["key"], {})
            self.unit_label[spec["key"]] = Name(spec["label"])
            self.unit_title[spec["key"]] = Name(spec["name"])
            t = types[spec["type"]]
            u = Unit(key=spec["key"], side=spec["side"], label=spec["label"], name=spec["name"],
                     type=spec["type"], role=t["combined_arms"] or "", firepower=int(spec["firepower"]),
                     defends_as=int(spec.get("defends_as", spec["firepower"])), ma=int(spec["ma"]),
                     can_attack=bool(t["can_attack"]), is_bridge=spec["type"] == "bridge",
                     enter=int(spec.get("enter", 0)),
                     entry=self.facts.entries[spec["entry"]] if "entry" in spec else "")
            comps: list[Any] = [u]
            if "start" in spec:
                comps.append(Position(spec["start"]))
            unit_ent[u.key] = self.create(*comps)
        self.index_units(unit_ent)      # Unit components are never replaced: a static index for fast reads
        for name, cell in self.board.cells.items():
            self.create(Hex(name, cell.terrain, bool(cell.props.get("fort"))))
        self.marker_ent = self.create(TurnMarker(1))
        first = self.data["first_player"]
        self.game_ent = self.create(Flow("move", first))
        #: the movement decision of each side (the same prompt all game)
        self._move_decisions = {s: Decision(s, "move", Msg("{side} movement phase: move units, then end the phase",
                                                            side=self._side_name(s))) for s in SIDES}
        self._start_turn(1)

    # -- reading the world (units and where they stand: HexUnits) -----------------------
    def is_eliminated(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Eliminated)

    def has_crossed(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Crossed)

    def flow(self) -> Flow:
        return self.world.get(self.game_ent, Flow)

    @property
    def turn(self) -> int:
        return self.world.get(self.marker_ent, TurnMarker).turn

    def is_night(self, turn: int | None = None) -> bool:
        return (self.turn if turn is None else turn) in self.night_turns

    def crossed_units(self) -> list[str]:
        got = self.memo.get("crossed")
        if got is None:
            ue = self.unit_of_ent
            got = self.memo["crossed"] = sorted(ue[e].key for e, _c in self.world.query_one(Crossed))
        return got

    def bridge_deployed(self) -> bool:
        return self.world.has(self.unit_ent[self.bridge_key], BridgeDeployed)

    def bridge_in_place(self) -> bool:
        return self.pos(self.bridge_key) == self.crossing_hex

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """Hexes in the ZOC of ``side``'s enemies: the six land hexes around each [4.5]."""
        memo = self.position_memo
        got = memo.get(("zoc", side))
        if got is None:
            got = memo[("zoc", side)] = hexunits.zone(self.facts.neighbours, self.enemy_hexes(side))
        return got

    def _set_flow(self, **changes: Any) -> Flow:
        f = self.flow()
        if f.phase == "over":
            return f
        f = replace(f, **changes)
        self.put(self.game_ent, f)
        return f

    # -- movement [4] ------------------------------------------------------------------
    def allowance(self, key: str) -> int:
        """Movement allowance in half MP; night turns −2 MP, at least 1 [10]."""
        u = self.unit(key)
        ma = u.ma
        if self.is_night():
            n = self.data["night"]
            ma = max(int(n["min_ma"]), ma + int(n["ma_modifier"]))
        return 2 * ma

    def locked(self, key: str) -> bool:
        """Turn 1: a unit in enemy ZOC cannot move [9.1]."""
        ft = self.data["first_turn"]
        return bool(self.turn == ft["turn"] and ft["units_in_ezoc_cannot_move"]
                and self.pos(key) in self.enemy_zoc(self.unit(key).side))

    def reachable(self, key: str) -> dict[str, int]:
        """Hexes the unit may end a move in, with their cost in half MP (do not modify)."""
        start = self.pos(key)
        if start is None or self.locked(key):
            return {}
        return hexunits.reach(*self._reach_args(key))[0]

    def _reach_args(self, key: str) -> tuple:
        """The arguments of the movement search (:func:`hexunits.reach`): enemy units
        block, entering enemy ZOC stops the move, friends may be passed and ended on [4.4][4.5]."""
        u = self.unit(key)
        return (self.facts.steps[u.is_bridge], self.pos(key), self.allowance(key), self.enemy_hexes(u.side),
                self.enemy_zoc(u.side))

    def move_path(self, key: str, to: str) -> list[str]:
        """The cheapest legal path of a move (for animation), read back from the
        cached costs of :meth:`reachable` (:func:`movement.trace`)."""
        u = self.unit(key)
        start = self.pos(key)
        into = self.facts.steps_into(self.facts.steps[u.is_bridge])
        return movement.trace(self.reachable(key), start, to, into, self.enemy_zoc(u.side)) or [start, to]

    def _spent(self, f: Flow, key: str) -> int:
        for k, s in f.spent:
            if k == key:
                return s
        return 0

    def crossing_cost(self) -> int:
        """Half MP to exit at 0112: 3 MP, or 1 MP with the bridge unit in 0112 [11]."""
        cr = self.data["crossing"]
        return 2 * int(cr["with_bridge" if self.bridge_in_place() else "without_bridge"]["mp"])

    def _crossing_open(self, f: Flow) -> bool:
        """May any unit cross now? Israeli movement phase, not turn 1, under the limit [11][11.1]."""
        cr = self.data["crossing"]
        if f.phase != "move" or f.side != "ISR" or self.turn in cr["not_on_turns"]:
            return False
        if not self.bridge_in_place():
            limit = cr["without_bridge"]["max_units_per_phase"]
            if limit is not None and f.crossed_now >= int(limit):
                return False
        return True

    def can_cross(self, f: Flow, key: str) -> bool:
        u = self.unit(key)
        if u.side != "ISR" or u.is_bridge or not self._crossing_open(f):
            return False
        here = self.pos(key)
        if here is None:
            return False
        if key in f.moved:
            if here != self.crossing_hex:
                return False
            spent = self._spent(f, key)
        elif here == self.crossing_hex:
            spent = 0
        else:
            spent = self.reachable(key).get(self.crossing_hex)
            if spent is None:
                return False
        return spent + self.crossing_cost() <= self.allowance(key)

    # -- reinforcements [7] ------------------------------------------------------------------
    def due_reinforcements(self, side: str) -> list[str]:
        got = self.memo.get(("due", side))
        if got is None:
            got = self.memo[("due", side)] = self._due(side)
        return got

    def _due(self, side: str) -> list[str]:
        turn = self.turn
        has = self.world.has
        out = []
        for k, u in self.units.items():
            if u.side == side and 0 < u.enter <= turn:
                e = self.unit_ent[k]
                if not (has(e, Position) or has(e, Eliminated) or has(e, OutOfPlay) or has(e, Crossed)):
                    out.append(k)
        return out

    def entry_hexes(self, key: str) -> list[str]:
        """Where a due reinforcement may be placed [7.1][7.2]."""
        u = self.unit(key)
        return list(_entry_hexes(self.facts, u.entry, self.enemy_hexes(u.side), self.enemy_zoc(u.side)))

    # -- combat eligibility [5] ----------------------------------------------------------------
    def attack_targets(self, key: str) -> list[str]:
        u = self.unit(key)
        here = self.pos(key)
        if here is None or not u.can_attack:
            return []
        return hexunits.adjacent_enemies(here, self.facts.neighbours, self.occupancy(), u.side)

    def bombard_targets(self, f: Flow) -> list[str]:
        """Israeli units adjacent to an Egyptian unit, not yet bombarded this phase [13][13.2]."""
        zoc = self.enemy_zoc("ISR")
        return [u.key for u, h in self.units_on_map("ISR") if h in zoc and u.key not in f.bombarded]

    def fighter(self, key: str, defending: bool = False) -> Fighter:
        u = self.unit(key)
        return Fighter(key, u.label, u.side, u.defends_as if defending else u.firepower, u.role, self.pos(key))

    def preview(self, attackers: Sequence[str], defender: str, support: bool = False) -> Preview:
        """The odds of an attack in the current state (for the client and the agents)."""
        return combat_preview([self.fighter(k) for k in attackers], self.fighter(defender, True),
                              night=self.is_night(), support=support and self.unit(attackers[0]).side == "ISR",
                              facts=self.facts, data=self.data)

    def retreat_hexes(self, key: str) -> list[str]:
        """One hex into an empty land hex outside enemy ZOC [6.4]; the bridge keeps its terrain limits."""
        u = self.unit(key)
        here = self.pos(key)
        if here is None:
            return []
        into = self.facts.neighbours_of(self.facts.steps[u.is_bridge])
        return hexunits.retreat_hexes(here, into, self.occupancy(), self.enemy_zoc(u.side))

    # -- decisions ----------------------------------------------------------------------------
    def _pending(self) -> Decision | None:
        memo = self.memo
        if "pending" not in memo:
            memo["pending"] = self._decide()
        return memo["pending"]

    def _decide(self) -> Decision | None:
        f = self.flow()
        if f.phase == "over":
            return None
        name = self._side_name
        if f.phase == "move":
            return self._move_decisions[f.side]
        if f.phase == "stack_loss":
            hexes = sorted(self.overstacked(f.side))
            return Decision(f.side, "stack_loss", Msg("End of movement: {side} removes the excess unit(s) in "
                                                      "over-stacked {hexes}", side=name(f.side), hexes=", ".join(hexes)),
                            (("hexes", tuple(hexes)),))
        if f.phase == "bombard":
            return Decision(f.side, "bombard", Msg("Egyptian bombardment: choose up to {n} more Israeli unit(s) next "
                                                   "to Egyptian units", n=int(self.data['egyptian_bombardment']
                                                                              ['max_targets']) - len(f.bombarded)))
        if f.phase == "declare":
            n = f.supports_left
            if f.declared:
                d, atts = f.declared[0]
                values = {"side": name(f.side), "defender": self.unit_label[d], "n": n}
                prompt = (Msg("{side}: add attackers against {defender} or resolve the attack", **values) if not n else
                          Msg("{side}: add attackers against {defender} or resolve the attack ({n} artillery support "
                              "left)", **values) if n == 1 else
                          Msg("{side}: add attackers against {defender} or resolve the attack ({n} artillery supports "
                              "left)", **values))
                return Decision(f.side, "declare", prompt, (("defender", d), ("attackers", atts)))
            values = {"side": name(f.side), "n": n}
            return Decision(f.side, "declare",
                            Msg("{side} combat phase: declare an attack, or end combat", **values) if not n else
                            Msg("{side} combat phase: declare an attack, or end combat ({n} artillery support left)",
                                **values) if n == 1 else
                            Msg("{side} combat phase: declare an attack, or end combat ({n} artillery supports left)",
                                **values))
        c = f.combat
        assert c is not None
        if f.phase == "ee_loss":
            return Decision(c.attacker_side, "ee_loss",
                            Msg("Exchange: {side} removes a unit of firepower ≥ {n}", side=name(c.attacker_side),
                                n=c.ee_need),
                            (("defender", c.defender), ("need", c.ee_need)))
        if f.phase == "retreat":
            side = self.unit(c.retreating[0]).side
            return Decision(side, "retreat", Msg("{side}: retreat {units} one hex", side=name(side),
                                                 units=Name(", ".join(self.unit(k).label for k in c.retreating))),
                            (("units", c.retreating),))
        if f.phase == "advance":
            side = self.unit(c.advance_units[0]).side
            return Decision(side, "advance",
                            Msg("{side} must advance one unit into the vacated hex", side=name(side)) if c.advance_must
                            else Msg("{side} may advance one unit into the vacated hex", side=name(side)),
                            (("hexes", c.advance_hexes), ("must", c.advance_must)))
        raise AssertionError(f.phase)

    def _legal(self) -> list[Action]:
        f = self.flow()
        return getattr(self, f"_legal_{f.phase}")(f)

    def _legal_move(self, f: Flow) -> list[Action]:
        got = self.memo.get("legal_move")
        if got is not None:
            return got
        out: list[Action] = []
        side = f.side
        for key in self.due_reinforcements(side):
            for h in self.entry_hexes(key):
                out.append(Enter(key, h))
        enemy, zoc = self.enemy_hexes(side), self.enemy_zoc(side)
        lock = self.turn == self.data["first_turn"]["turn"] and self.data["first_turn"]["units_in_ezoc_cannot_move"]
        crossing = self._crossing_open(f)
        steps = self.facts.steps
        for u, h in self.units_on_map(side):
            if u.key not in f.moved and not (lock and h in zoc):
                search = (steps[u.is_bridge], h, self.allowance(u.key), enemy, zoc)
                out.extend(hexunits.move_actions(Move, u.key, search).actions)
            if crossing and not u.is_bridge and self.can_cross(f, u.key):
                out.append(Cross(u.key))
        out.append(EndPhase())
        self.memo["legal_move"] = out
        return out

    def overstacked(self, side: str) -> dict[str, list[str]]:
        """hex -> the units of ``side`` in it, for hexes holding more than one [4.4]."""
        return {h: keys for h, keys in self.placement().stacks(side).items() if len(keys) > 1}

    def _legal_stack_loss(self, f: Flow) -> list[Action]:
        return [StackLoss(k) for _h, keys in sorted(self.overstacked(f.side).items()) for k in keys]

    def _legal_bombard(self, f: Flow) -> list[Action]:
        out: list[Action] = [Bombard(k) for k in self.bombard_targets(f)]
        out.append(EndBombardment())
        return out

    def open_targets(self, f: Flow, key: str) -> list[str]:
        """The enemy units ``key`` may still attack this phase: adjacent, not yet attacked
        this phase [5.4], and the unit itself has not attacked yet [5.3]."""
        if key in f.attacked:
            return []
        return [d for d in self.attack_targets(key) if d not in f.defended]

    def _duty(self, f: Flow) -> list[str]:
        """Turn 1: the units that still must take part in an attack [9.2]: each unit able to
        attack with an enemy adjacent that it may still attack (none, on other turns)."""
        ft = self.data["first_turn"]
        if self.turn != ft["turn"] or not ft["must_attack_if_enemy_in_zoc"] or f.side not in ft["must_attack_sides"]:
            return []
        joined = set(f.declared[0][1]) if f.declared else set()
        return [u.key for u, _ in self.units_on_map(f.side) if u.key not in joined and self.open_targets(f, u.key)]

    def _legal_declare(self, f: Flow) -> list[Action]:
        """One attack at a time [3][6.1]: name an attacker and its target, add more attackers
        against that defender, then resolve it; or, with no attack begun, end combat."""
        out: list[Action] = []
        if not f.declared:
            for u, _h in self.units_on_map(f.side):
                for d in self.open_targets(f, u.key):
                    out.append(Assign(u.key, d))
            if not self._duty(f):
                out.append(EndDeclarations())
            return out
        d, atts = f.declared[0]
        joined = set(atts)
        for u, _h in self.units_on_map(f.side):
            if u.key not in joined and d in self.open_targets(f, u.key):
                out.append(Assign(u.key, d))
        # turn 1: a unit whose only target left is this defender must join the attack on it [9.2]
        if not any(self.open_targets(f, k) == [d] for k in self._duty(f)):
            out.append(Resolve(d, False))
            if f.supports_left > 0:
                out.append(Resolve(d, True))
        return out

    def ee_candidates(self, c: Combat) -> list[str]:
        alive = [k for k in c.attackers if self.pos(k) is not None]
        strong = [k for k in alive if self.unit(k).firepower >= c.ee_need]
        return strong or alive

    def _legal_ee_loss(self, f: Flow) -> list[Action]:
        return [EeLoss(k) for k in self.ee_candidates(f.combat)]

    def _legal_retreat(self, f: Flow) -> list[Action]:
        return [Retreat(k, h) for k in f.combat.retreating for h in self.retreat_hexes(k)]

    def advance_options(self, c: Combat) -> list[tuple[str, str]]:
        occ = self.occupancy()
        out = []
        for k in c.advance_units:
            here = self.pos(k)
            if here is None or self.unit(k).is_bridge:      # the bridge never advances
                continue
            out.extend((k, h) for h in hexunits.advance_hexes(here, self.facts.neighbours, occ, c.advance_hexes))
        return out

    def _legal_advance(self, f: Flow) -> list[Action]:
        out: list[Action] = [Advance(k, h) for k, h in self.advance_options(f.combat)]
        if not f.combat.advance_must:
            out.append(EndAdvance())
        return out

    # -- applying -------------------------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        f = self.flow()
        if isinstance(a, Move):
            self._do_move(f, a)
        elif isinstance(a, Enter):
            self._enter(f, a)
        elif isinstance(a, Cross):
            self._cross(f, a.unit)
        elif isinstance(a, EndPhase):
            self._end_movement(f)
        elif isinstance(a, StackLoss):
            self._stack_loss(a.unit)
        elif isinstance(a, Bombard):
            self._bombard(f, a.target)
        elif isinstance(a, EndBombardment):
            self._start_declare(f.side)
        elif isinstance(a, Assign):
            self._assign(f, a)
        elif isinstance(a, EndDeclarations):
            self._end_combat_phase()
        elif isinstance(a, Resolve):
            self._resolve(a.defender, a.support)
        elif isinstance(a, EeLoss):
            self._ee_loss(a.unit)
        elif isinstance(a, Retreat):
            self._retreat(a.unit, a.to)
        elif isinstance(a, Advance):
            self._advance(a)
        elif isinstance(a, EndAdvance):
            self._finish_combat()
        else:  # pragma: no cover - legal_actions() lists only the types above
            raise AssertionError(a)

    # sequence of play [3] -----------------------------------------------------------------------
    def _start_turn(self, turn: int) -> None:
        self.put(self.marker_ent, TurnMarker(turn))
        night = self.is_night(turn)
        if night:
            self.emit_msg("TurnStarted", "Turn {turn} of {turns} (night: MA −2, no artillery, no combined arms)",
                          {"turn": turn, "turns": self.turns}, turn=turn, night=night)
        else:
            self.emit_msg("TurnStarted", "Turn {turn} of {turns}", {"turn": turn, "turns": self.turns},
                          turn=turn, night=night)
        self._start_movement(self.data["first_player"])

    def _start_movement(self, side: str) -> None:
        if self._over():
            return
        self._set_flow(phase="move", side=side, moved=(), spent=(), crossed_now=0, declared=(), attacked=(),
                       defended=(), combat=None, supports_left=0, bombarded=())
        self.emit_msg("PhaseStarted", "{side} movement phase", {"side": self._side_name(side)}, side=side, phase="move")
        due = self.due_reinforcements(side)
        if due:
            self.emit_msg("ReinforcementsDue", "{side} reinforcements may enter: {units}",
                          {"side": self._side_name(side), "units": Name(", ".join(self.unit(k).label for k in due))},
                          side=side, units=tuple(due))
        f = self.flow()
        if len(self._legal_move(f)) == 1:
            self.emit_msg("PhaseEnded", "{side} has no move to make", {"side": self._side_name(side)},
                          side=side, phase="move")
            self._end_movement(f)

    def _end_movement(self, f: Flow) -> None:
        """End of the movement phase: the owner removes the excess units of over-stacked
        hexes [4.4]; unplaced reinforcements wait."""
        if self.overstacked(f.side):
            self._set_flow(phase="stack_loss")
            return
        for k in self.due_reinforcements(f.side):
            self.emit_msg("ReinforcementDelayed", "{unit} stays off the map for now", {"unit": self.unit_label[k]},
                          unit=k, side=f.side)
        self.emit_msg("PhaseEnded", "{side} ends movement", {"side": self._side_name(f.side)}, side=f.side, phase="move")
        self._start_combat_phase(f.side)

    def _stack_loss(self, key: str) -> None:
        self._eliminate(key, Msg("over-stacked in {hex} at the end of the movement phase", hex=self.pos(key)))
        if self._over():
            return
        f = self.flow()
        if not self.overstacked(f.side):
            self._end_movement(f)

    def _start_combat_phase(self, side: str) -> None:
        if self._over():
            return
        day = not self.is_night()
        supports = 0
        if side == "ISR" and day:
            art = self.data["israeli_artillery"]
            supports = int(art["supports_base"]) + int(art["supports_per_crossed_unit"]) * len(
                [k for k in self.crossed_units() if not self.unit(k).is_bridge])
        f = self._set_flow(phase="declare", side=side, declared=(), attacked=(), defended=(), combat=None,
                           supports_left=supports, bombarded=(), moved=(), spent=())
        values = {"side": self._side_name(side), "n": supports}
        if not supports:
            self.emit_msg("PhaseStarted", "{side} combat phase", values, side=side, phase="combat", supports=supports)
        elif supports == 1:
            self.emit_msg("PhaseStarted", "{side} combat phase: {n} artillery support", values,
                          side=side, phase="combat", supports=supports)
        else:
            self.emit_msg("PhaseStarted", "{side} combat phase: {n} artillery supports", values,
                          side=side, phase="combat", supports=supports)
        if side == "EGY" and day and self.bombard_targets(f):
            self._set_flow(phase="bombard")
            return
        self._start_declare(side)

    def _start_declare(self, side: str) -> None:
        """Declare the next attack; with none left to make, the combat phase ends."""
        f = self._set_flow(phase="declare", declared=(), combat=None)
        if self._legal_declare(f) == [EndDeclarations()]:
            if f.defended:
                self.emit_msg("PhaseEnded", "{side} has no more attack to make", {"side": self._side_name(side)},
                              side=side, phase="combat")
            else:
                self.emit_msg("PhaseEnded", "{side} has no attack to make", {"side": self._side_name(side)},
                              side=side, phase="combat")
            self._end_combat_phase()

    def _end_combat_phase(self) -> None:
        if self._over():
            return
        f = self.flow()
        if f.supports_left:
            if f.supports_left != 1:
                self.emit_msg("SupportsLost", "{n} unused artillery supports are lost", {"n": f.supports_left},
                              count=f.supports_left)
            else:
                self.emit_msg("SupportsLost", "{n} unused artillery support is lost", {"n": f.supports_left},
                              count=f.supports_left)
        self._set_flow(supports_left=0, declared=(), combat=None)
        if f.side == self.data["first_player"]:
            self._start_movement(other(f.side))
            return
        turn = self.turn
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": turn}, turn=turn)
        if turn >= self.turns:
            self._victory_check()
            return
        self._start_turn(turn + 1)

    # movement phase -------------------------------------------------------------------------------
    def _note_moved(self, f: Flow, key: str, spent: int) -> None:
        self._set_flow(moved=f.moved + (key,), spent=f.spent + ((key, spent),))

    def _do_move(self, f: Flow, a: Move) -> None:
        u = self.unit(a.unit)
        cost = self.reachable(a.unit)[a.to]
        path = self.move_path(a.unit, a.to)
        frm = path[0]
        self.place_unit(a.unit, a.to)
        self._note_moved(f, a.unit, cost)
        self.emit_msg("UnitMoved", "{unit} moves {path} ({mp:g} MP)",
                      {"unit": self.unit_label[a.unit], "path": " → ".join(path), "mp": cost / 2}, unit=a.unit,
                      path=tuple(path), side=u.side, frm=frm, to=a.to, mp=cost / 2)
        self._bridge_moved(a.unit, frm, a.to)

    def _bridge_moved(self, key: str, frm: str, to: str | None) -> None:
        """The bridge unit is placed by ending a move in 0112; leaving it afterwards loses [14.2]."""
        if key != self.bridge_key:
            return
        if self.bridge_deployed() and frm == self.crossing_hex and to != self.crossing_hex:
            self._game_over("EGY", BRIDGE_LEFT)
        elif to == self.crossing_hex and not self.bridge_deployed() and self.flow().phase == "move":
            self.put(self.unit_ent[key], BridgeDeployed(self.turn))
            self.emit_msg("BridgePlaced", "The bridge is placed at {hex}: crossing now costs 1 MP, no limit",
                          {"hex": to}, hex=to)

    def _enter(self, f: Flow, a: Enter) -> None:
        u = self.unit(a.unit)
        self.place_unit(a.unit, a.hex)
        # not a move: it may still move with full MA [7.1]
        displaced = a.hex != u.entry
        values = {"unit": self.unit_label[a.unit], "name": self.unit_title[a.unit], "hex": a.hex, "entry": u.entry}
        if displaced:
            self.emit_msg("ReinforcementArrived", "{unit} ({name}) arrives at {hex} (entry {entry} is held by the enemy)",
                          values, unit=a.unit, hex=a.hex, side=u.side, displaced=displaced)
        else:
            self.emit_msg("ReinforcementArrived", "{unit} ({name}) arrives at {hex}",
                          values, unit=a.unit, hex=a.hex, side=u.side, displaced=displaced)

    def _cross(self, f: Flow, key: str) -> None:
        u = self.unit(key)
        here = self.pos(key)
        if here != self.crossing_hex:
            cost = self.reachable(key)[self.crossing_hex]
            path = self.move_path(key, self.crossing_hex)
            self.emit_msg("UnitMoved", "{unit} moves {path} ({mp:g} MP)",
                          {"unit": self.unit_label[key], "path": " → ".join(path), "mp": cost / 2}, unit=key,
                          path=tuple(path), side=u.side, frm=here, to=self.crossing_hex, mp=cost / 2)
        with_bridge = self.bridge_in_place()
        mp = self.crossing_cost() / 2
        self.take(self.unit_ent[key], Position)
        self.put(self.unit_ent[key], Crossed(self.turn))
        n = len(self.crossed_units())
        self._set_flow(moved=f.moved + ((key,) if key not in f.moved else ()),
                       crossed_now=f.crossed_now + (0 if with_bridge else 1))
        values = {"unit": self.unit_label[key], "hex": self.crossing_hex, "mp": mp, "n": n}
        if with_bridge:
            self.emit_msg("UnitCrossed", "{unit} crosses the Suez Canal at {hex} ({mp:g} MP, over the bridge): {n} across",
                          values, unit=key, side=u.side, hex=self.crossing_hex, crossed=n, bridge=with_bridge)
        else:
            self.emit_msg("UnitCrossed", "{unit} crosses the Suez Canal at {hex} ({mp:g} MP): {n} across",
                          values, unit=key, side=u.side, hex=self.crossing_hex, crossed=n, bridge=with_bridge)

    # combat phase ----------------------------------------------------------------------------------
    def _bombard(self, f: Flow, target: str) -> None:
        u = self.unit(target)
        h = self.pos(target)
        bomb = self.data["egyptian_bombardment"]
        (roll,) = self.dice.roll(1, int(bomb["die"]), Msg("bombardment of {unit}", unit=self.unit_label[target]))
        hit = roll in bomb["eliminate_on"]
        f = self._set_flow(bombarded=f.bombarded + (target,))
        values = {"unit": self.unit_label[target], "hex": h, "roll": roll}
        if hit:
            self.emit_msg("BombardmentResolved", "Egyptian artillery bombards {unit} at {hex}: rolled {roll}, eliminated",
                          values, target=target, hex=h, roll=roll, eliminated=hit)
        else:
            self.emit_msg("BombardmentResolved", "Egyptian artillery bombards {unit} at {hex}: rolled {roll}, no effect",
                          values, target=target, hex=h, roll=roll, eliminated=hit)
        if hit:
            self._eliminate(target, BY_BOMBARDMENT)
            if self._over():
                return
        f = self.flow()
        if len(f.bombarded) >= int(bomb["max_targets"]) or not self.bombard_targets(f):
            self._start_declare(f.side)

    def _assign(self, f: Flow, a: Assign) -> None:
        atts = (f.declared[0][1] if f.declared else ()) + (a.attacker,)
        self._set_flow(declared=((a.defender, atts),))
        values = {"attacker": self.unit_label[a.attacker], "defender": self.unit_label[a.defender]}
        if len(atts) > 1:
            self.emit_msg("AttackDeclared", "{attacker} joins the attack on {defender}", values,
                          attacker=a.attacker, defender=a.defender)
        else:
            self.emit_msg("AttackDeclared", "{attacker} will attack {defender}", values,
                          attacker=a.attacker, defender=a.defender)

    def _resolve(self, defender: str, support: bool) -> None:
        """The attack just declared is resolved at once [3]; its units have attacked, its
        defender has defended, for the rest of the phase [5.3][5.4]."""
        f = self.flow()
        atts = f.declared[0][1]
        dhex = self.pos(defender)
        self._set_flow(declared=(), attacked=f.attacked + atts, defended=f.defended + (defender,),
                       supports_left=f.supports_left - (1 if support else 0))
        side = self.unit(atts[0]).side
        p = self.preview(atts, defender, support)
        names = Name(" + ".join(self.unit(k).label for k in atts))
        label_of = self.data["crt"]["column_labels"]
        self.emit_msg("CombatStarted", "{names} ({att}) attack {defender} ({dfn}) at {hex}: differential {diff:+d}, "
                      "column {column}", {"names": names, "att": p.attack, "defender": self.unit_label[defender],
                                          "dfn": p.defence, "hex": dhex, "diff": p.differential,
                                          "column": label_of[p.base_column]},
                  attackers=atts, defender=defender, hex=dhex, attack=p.attack, defence=p.defence,
                  differential=p.differential, column=label_of[p.base_column], supported=support)
        for reason, n in p.shifts:
            values = {"n": abs(n), "reason": reason}
            if n > 0:
                if abs(n) > 1:
                    self.emit_msg("ColumnShifted", "{n} columns right: {reason}", values, reason=reason, shift=n)
                else:
                    self.emit_msg("ColumnShifted", "{n} column right: {reason}", values, reason=reason, shift=n)
            elif abs(n) > 1:
                self.emit_msg("ColumnShifted", "{n} columns left: {reason}", values, reason=reason, shift=n)
            else:
                self.emit_msg("ColumnShifted", "{n} column left: {reason}", values, reason=reason, shift=n)
        self.emit_msg("CombatOdds", "Final column {column} (net shift {net:+d}): {odds}",
                      {"column": p.column_label, "net": p.net_shift, "odds": Name(p.text())},
                      column=p.column_label, net_shift=p.net_shift, odds=p.odds)
        (roll,) = self.dice.roll(1, int(self.data["crt"]["die"]),
                                 Msg("{side} attack on {defender}", side=SIDE_CODE[side], defender=self.unit_label[defender]))
        result = self.data["crt"]["rows"][str(roll)][p.column]
        self.emit_msg("CombatResolved", "Rolled {roll} on column {column}: {result} — {meaning}",
                      {"roll": roll, "column": p.column_label, "result": RESULT_CODE[result],
                       "meaning": self.data['crt']['results'][result]}, attackers=atts, defender=defender, roll=roll,
                      result=result, column=p.column_label)
        c = Combat(defender, atts, side, dhex, tuple(self.pos(k) for k in atts), support, result)
        self._set_flow(combat=c)
        if result == "Ae":
            for k in atts:
                self._eliminate(k, RESULT_CODE["Ae"])
                if self._over():
                    return
            self._offer_advance((defender,), c.attacker_hexes, False)
        elif result == "Ar":
            self._set_flow(combat=replace(c, retreating=atts), phase="retreat")
            self._continue_retreats()
        elif result == "Dr":
            self._set_flow(combat=replace(c, retreating=(defender,)), phase="retreat")
            self._continue_retreats()
        elif result == "De":
            self._eliminate(defender, RESULT_CODE["De"])
            if self._over():
                return
            self._offer_advance(atts, (dhex,), True)
        elif result == "Ee":
            self._eliminate(defender, RESULT_CODE["Ee"])
            if self._over():
                return
            self._set_flow(combat=replace(c, ee_need=self.unit(defender).defends_as), phase="ee_loss")
            self._continue_ee()
        else:  # pragma: no cover
            raise AssertionError(result)

    def _continue_ee(self) -> None:
        c = self.flow().combat
        alive = [k for k in c.attackers if self.pos(k) is not None]
        if c.ee_need <= 0 or not alive:
            self._offer_advance(tuple(alive), (c.defender_hex,), True)
            return
        cands = self.ee_candidates(c)
        if len(cands) == 1:
            self._ee_loss(cands[0])

    def _ee_loss(self, key: str) -> None:
        c = self.flow().combat
        fp = self.unit(key).firepower
        self._eliminate(key, IN_EXCHANGE)
        if self._over():
            return
        self._set_flow(combat=replace(c, ee_need=0 if fp >= c.ee_need else c.ee_need - fp))
        self._continue_ee()

    def _continue_retreats(self) -> None:
        """Units with no legal retreat hex are eliminated [6.4][5.6]; the others retreat by choice."""
        c = self.flow().combat
        left = []
        for k in c.retreating:
            if self.retreat_hexes(k):
                left.append(k)
                continue
            h = self.pos(k)
            why = NO_RETREAT_EDGE if h in self.facts.edge or len(self.facts.neighbours[h]) < 6 else NO_RETREAT
            self._eliminate(k, why)
            if self._over():
                return
        c = replace(self.flow().combat, retreating=tuple(left))
        self._set_flow(combat=c)
        if left:
            self._set_flow(phase="retreat")
            return
        if c.result == "Ar":
            vacated = tuple(h for h in c.attacker_hexes if h not in self.occupancy())
            self._offer_advance((c.defender,), vacated, False)
        else:   # Dr: an attacker may advance; it must if the defender was eliminated [6.5]
            self._offer_advance(c.attackers, (c.defender_hex,), self.pos(c.defender) is None)

    def _retreat(self, key: str, to: str) -> None:
        u = self.unit(key)
        frm = self.pos(key)
        self.place_unit(key, to)
        self.emit_msg("UnitRetreated", "{unit} retreats {frm} → {to}", {"unit": self.unit_label[key], "frm": frm, "to": to},
                      unit=key, frm=frm, to=to, side=u.side)
        self._bridge_moved(key, frm, to)
        if self._over():
            return
        c = self.flow().combat
        self._set_flow(combat=replace(c, retreating=tuple(k for k in c.retreating if k != key)))
        self._continue_retreats()

    def _offer_advance(self, units: tuple[str, ...], hexes: tuple[str, ...], must: bool) -> None:
        c = replace(self.flow().combat, advance_units=units, advance_hexes=hexes, advance_must=must)
        self._set_flow(combat=c)
        if not self.advance_options(c):
            self._finish_combat()
            return
        self._set_flow(phase="advance")

    def _advance(self, a: Advance) -> None:
        u = self.unit(a.unit)
        frm = self.pos(a.unit)
        self.place_unit(a.unit, a.to)
        self.emit_msg("UnitAdvanced", "{unit} advances {frm} → {to}", {"unit": self.unit_label[a.unit], "frm": frm, "to": a.to},
                      unit=a.unit, frm=frm, to=a.to, side=u.side)
        self._bridge_moved(a.unit, frm, a.to)
        self._finish_combat()

    def _finish_combat(self) -> None:
        if self._over():
            return
        self._start_declare(self.flow().side)

    def _eliminate(self, key: str, reason: str) -> None:
        u = self.unit(key)
        h = self.pos(key)
        ent = self.unit_ent[key]
        self.take(ent, Position)
        self.take(ent, BridgeDeployed)
        self.put(ent, Eliminated(self.turn, str(reason)))     # (the state holds plain str; the event the Msg)
        self.emit_msg("UnitEliminated", "{unit} is eliminated at {hex} ({reason})",
                      {"unit": self.unit_label[key], "hex": h, "reason": reason}, unit=key, hex=h, side=u.side,
                      reason=reason)
        if u.is_bridge:
            self._game_over("EGY", BRIDGE_DESTROYED)

    # victory [14] ------------------------------------------------------------------------------------
    def loc_clear(self) -> Callable[[str], bool]:
        """The test of a hex the line of communication may pass [14.1]: a land
        hex with no Egyptian unit, outside Egyptian ZOC unless an Israeli unit
        stands there (and on a road if the data says roads only)."""
        v = self.data["victory"]["loc"]
        occ = self.occupancy()
        zoc = self.enemy_zoc("ISR")
        land = self.facts.passable
        road_hexes = {h for chain in self.board.routes.values() for h in chain} if v.get("roads_only") else None

        def clear(h: str) -> bool:
            if h not in land:
                return False
            o = occ.get(h)
            if o and o[1] == "EGY":
                return False
            if road_hexes is not None and h not in road_hexes:
                return False
            return h not in zoc or (o is not None and o[1] == "ISR")
        return clear

    def loc_open(self) -> bool:
        """A chain of land hexes 0112→1708 with no Egyptian unit and outside Egyptian ZOC
        unless an Israeli unit stands there [14.1]."""
        v = self.data["victory"]["loc"]
        clear = self.loc_clear()
        return clear(v["from"]) and paths.connected(self.board, v["from"], v["to"], enter=clear)

    def _victory_check(self) -> None:
        self._game_over(*self._victory())

    def _victory(self) -> tuple[str, Msg]:
        """(winner, reason) at the end of the last turn [14]."""
        v = self.data["victory"]
        n = len([k for k in self.crossed_units() if not self.unit(k).is_bridge])
        fails = []
        if n < int(v["min_crossed"]):
            fails.append(Msg("only {n} of {need} units crossed", n=n, need=v['min_crossed']))
        if self.pos(self.bridge_key) != v["bridge_hex"]:
            fails.append(Msg("the bridge is not in {hex}", hex=v['bridge_hex']))
        if not self.loc_open():
            fails.append(Msg("no line of communication {a}–{b}", a=v['loc']['from'], b=v['loc']['to']))
        if fails:
            reason = fails[0]
            for more in fails[1:]:
                reason = Msg("{reasons}; {reason}", reasons=reason, reason=more)
            return "EGY", reason
        return "ISR", Msg("{n} units across the canal, the bridge in {hex} and the road open", n=n, hex=v['bridge_hex'])

    def _result(self) -> Result | None:
        """The result, its reason as a Msg (the flow keeps the English text, game.core.text)."""
        r = super()._result()
        if r is None or r.reason in (BRIDGE_DESTROYED, BRIDGE_LEFT):
            return r
        why = self._victory()[1]
        return replace(r, reason=why) if why == r.reason else r

    def result_scores(self) -> tuple[tuple[str, int], ...]:
        return (("crossed", len(self.crossed_units())),)

    # observation ---------------------------------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        f = self.flow()
        units = []
        for key, e in self.unit_ent.items():
            u = self.world.get(e, Unit)
            units.append({"key": key, "side": u.side, "label": u.label, "type": u.type,
                          "firepower": u.firepower, "defends_as": u.defends_as, "ma": u.ma,
                          "hex": self.pos(key), "eliminated": self.is_eliminated(key),
                          "crossed": self.has_crossed(key), "enter": u.enter, "entry": u.entry,
                          "out_of_play": self.world.has(e, OutOfPlay)})
        c = f.combat
        return {"game": self.game_id, "turn": self.turn, "turns": self.turns, "night": self.is_night(),
                "phase": f.phase, "side": f.side, "units": units, "moved": list(f.moved),
                "crossed": self.crossed_units(), "crossed_this_phase": f.crossed_now,
                "bridge_deployed": self.bridge_deployed(), "supports_left": f.supports_left,
                "bombarded": list(f.bombarded), "declared": [[d, list(a)] for d, a in f.declared],
                "attacked": list(f.attacked), "defended": list(f.defended),
                "loc_open": self.loc_open(), "winner": f.winner, "reason": f.reason,
                "combat": None if c is None else {"defender": c.defender, "attackers": list(c.attackers),
                                                  "result": c.result, "supported": c.supported,
                                                  "retreating": list(c.retreating), "ee_need": c.ee_need,
                                                  "advance_units": list(c.advance_units),
                                                  "advance_hexes": list(c.advance_hexes),
                                                  "advance_must": c.advance_must}}

    # test and editor support -----------------------------------------------------------------------------
    @classmethod
    def from_position(cls, units: dict[str, str], *, turn: int = 2, side: str = "ISR", phase: str = "move",
                      crossed: tuple[str, ...] = (), eliminated: tuple[str, ...] = (),
                      bridge_deployed: bool | None = None, seed: int = 0,
                      options: dict[str, Any] | None = None) -> "AcrossSuez":
        """A hand-built position: only the units named are on the map (key -> hex);
        units in ``crossed`` are across the canal, those in ``eliminated`` are
        eliminated, reinforcements due this turn or later wait, the rest are out
        of play. ``phase``: "move" (the side's movement phase), "combat" (its
        combat phase from the start, with bombardment for Egypt) or "declare"
        (straight to declarations). The bridge counts as placed when it stands
        in 0112 unless ``bridge_deployed`` says otherwise. Used by the rules tests."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        for key, e in g.unit_ent.items():
            for comp in (Position, Eliminated, Crossed, OutOfPlay, BridgeDeployed):
                g.take(e, comp)
            u = g.world.get(e, Unit)
            if key in units:
                g.put(e, Position(units[key]))
            elif key in crossed:
                g.put(e, Crossed(0))
            elif key in eliminated:
                g.put(e, Eliminated(0, "before this position"))
            elif u.enter == 0 or u.enter < turn:
                g.put(e, OutOfPlay())
        deployed = units.get(g.bridge_key) == g.crossing_hex if bridge_deployed is None else bridge_deployed
        if deployed:
            g.put(g.unit_ent[g.bridge_key], BridgeDeployed(0))
        g.put(g.marker_ent, TurnMarker(turn))
        g.put(g.game_ent, Flow("move", side))
        g.invalidate()
        if phase == "move":
            g._start_movement(side)
        elif phase == "combat":
            g._start_combat_phase(side)
        elif phase == "declare":
            g._set_flow(phase="declare", side=side)
            if side == "ISR" and not g.is_night():
                art = g.data["israeli_artillery"]
                g._set_flow(supports_left=int(art["supports_base"]) + len(g.crossed_units()))
        else:
            raise ValueError(f"unknown phase {phase!r}")
        g._flush_events()
        g.history.clear()
        return g
