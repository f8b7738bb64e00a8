"""ノモンハンの戦い: the rules, clause by clause (Korean seed text, data sheet §5).

Sequence of play [5.0]: initiative side moves, fights; the other side moves,
fights; if the initiative has not changed the cycle repeats inside the turn.
The turn ends at once when the initiative side retreats or loses a step in
combat [6.0], and the initiative passes.
"""
from __future__ import annotations

from dataclasses import fields, replace
from functools import cache
from operator import attrgetter
from typing import Any


from game.core.actions import Action, Decision
from game.core.board import Board
from game.core.data import load_json
from game.core.game import Game, Result
from game.core.text import Msg, N_, Name
from game.core.tmx import load_board
from game.paths import ROOT, map_path
from game.systems import hexunits, movement
from game.systems.combat import declare, roll_pool
from game.systems.hexunits import HexMap, HexUnits, Table

from .actions import (Advance, Assign, BlowBridge, EndAdvance, EndDeclarations, EndPhase, Enter, Move,
                      Resolve, Retreat, StepLoss)
from .components import (Bridge, Combat, Eliminated, Flow, Hex, OutOfPlay, Position, Score, Steps, TurnMarker,
                         Unit)

SIDES = ("JP", "SOV")
_FLOW_FIELDS = tuple(f.name for f in fields(Flow))
_FLOW_VALUES = attrgetter(*_FLOW_FIELDS)
_FLOW_INDEX = {n: i for i, n in enumerate(_FLOW_FIELDS)}
DATA_PATH = ROOT / "game" / "rulesets" / "nomonhan" / "data.json"
#: the sides as the log abbreviates them ("+2 to SOV"), and the dice purposes of a combat
SIDE_CODE = {"JP": N_("JP"), "SOV": N_("SOV")}
ATTACK_DICE = {"JP": N_("JP attack"), "SOV": N_("SOV attack")}
DEFENCE_DICE = {"JP": N_("JP defence"), "SOV": N_("SOV defence")}
#: why a unit may not retreat into a hex (retreat_refusal), for the client's hover text
NOT_TAKING_A_LOSS = N_("not taking a loss")
NOT_A_STEP = N_("not a hex it can step into")
NOT_NEXT_TO_IT = N_("not next to it")
UNIT_THERE = N_("a unit is there")
IN_ENEMY_ZOC = N_("in enemy ZOC")
STOOD_THERE = N_("it already stood there in this combat")
#: the dice modifiers of a combat (strengths), shown in the odds preview
ACROSS_A_BRIDGE = N_("attack across a bridge")
ARTILLERY_IN_RANGE = N_("Soviet artillery within range")


def other(side: str) -> str:
    return "SOV" if side == "JP" else "JP"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)


class MapFacts(HexMap):
    """What the rules read from maps/nomonhan.tmx, computed once per board."""

    def __init__(self, board: Board):
        super().__init__(board, impassable=("impassable",))
        self.hills = frozenset(n for n, t in self.terrain.items() if t == "hill")
        self.river = self.hexsides("river")
        self.bridges = []
        for a, b, props in board.sides_with("bridge"):
            kind = str(props.get("bridge") if props.get("bridge") not in (True, None) else props.get("kind", "permanent"))
            blow = tuple(s.strip() for s in str(props.get("blow_from", "")).split(",") if s.strip())
            self.bridges.append(Bridge(a, b, kind, str(props.get("bridge_name") or props.get("name") or kind), True, blow))
        self.flags: dict[str, str] = {}
        for obj in board.objects_of_type("flag"):
            self.flags[str(obj.props["side"])] = obj.cell
        self.cost = {n: (2 if n in self.hills else 1) for n in self.passable}
        self.turns = int(board.properties.get("turns", 8))
        self.end_rolls: dict[int, frozenset[int]] = {}
        for obj in board.objects_of_type("turn_box"):
            nums = [int(s) for s in str(obj.props.get("end_roll", "")).replace(" ", "").split(",") if s]
            if nums:
                self.end_rolls[int(obj.props["turn"])] = frozenset(nums)

    @cache
    def crossing_table(self, intact: tuple[bool, ...]) -> dict[tuple[str, str], str]:
        """Every river hexside, both ways round, as "river" or its intact bridge's kind."""
        t = {}
        for side in self.river:
            a, b = tuple(side)
            t[(a, b)] = t[(b, a)] = "river"
        for br, ok in zip(self.bridges, intact):
            if ok:
                t[(br.a, br.b)] = t[(br.b, br.a)] = br.kind
        return t

    @cache
    def zoc_neighbours(self, intact: tuple[bool, ...]) -> Table:
        """For each hex, the neighbours a unit there exerts ZOC into and may attack:
        not across an unbridged river [7.0][9.0]."""
        table = self.crossing_table(intact)
        return self.neighbours_where(lambda h, n: table.get((h, n)) != "river")

    @cache
    def move_steps(self, crosses_military: bool, intact: tuple[bool, ...]) -> Table:
        """For each hex, (neighbour, MP cost) for every step a unit of this kind may take
        to move, retreat or advance: over open hexsides and permanent bridges, over the
        military bridge only if it may (tanks may not), never over a river [8.0]; a
        hill costs 2 MP [7.0]."""
        table = self.crossing_table(intact)
        ok = {None, "permanent"} | ({"military"} if crosses_military else set())
        return self.step_costs(lambda h, n: self.cost[n] if table.get((h, n)) in ok else None)

    def move_neighbours(self, crosses_military: bool, intact: tuple[bool, ...]) -> Table:
        """For each hex, the neighbours a unit of this kind may step into (rivers and bridges applied)."""
        return self.neighbours_of(self.move_steps(crosses_military, intact))


class Nomonhan(HexUnits, Game):
    game_id = "nomonhan"
    title = "ノモンハンの戦い"
    title_en = "Battle of Nomonhan, 1939"
    seats = sides = SIDES
    unit_component, position_component = Unit, Position
    static_components = (Hex,)      # the map hexes never change: shared by every copy

    # -- set-up [3.0] ------------------------------------------------------
    def _load_static(self) -> None:
        self.data = load_data()
        self.board = load_board(map_path(self.data["map"]))
        self.board.check_cells(self.data["map_cells"])
        self.facts = MapFacts.of(self.board)
        art = self.data["artillery"]
        self.art_bonus = int(art["bonus"])
        self.art_on_defense = bool(self.options.get("artillery_on_defense", art["on_defense"]))
        self.hit_on = frozenset(self.data["combat"]["hit_on"])
        self.hit_on_hill = frozenset(self.data["combat"]["hit_on_vs_hill"])
        self.bridge_bonus = int(self.data["combat"]["bridge_defense_bonus"])
        self.idle_limit = int(self.options.get("idle_cycles_per_turn", self.data["idle_cycles_per_turn"]))
        self.pts = self.data["points_per_step"]

    def _setup(self) -> None:
        self._load_static()
        self._static: dict[str, Any] = {}               # facts read once from components that never change
        types = self.data["unit_types"]
        overrides = self.options.get("units", {})
        unit_ent: dict[str, int] = {}
        #: each unit's counter label and full name as the log shows them (game.core.text.Name;
        #: the Japanese units' names in Japanese, data "name_local")
        self.unit_label: dict[str, Name] = {}
        self.unit_title: dict[str, Name] = {}
        bridge_local = self.data.get("bridge_names_local", {})
        self.bridge_title = [Name(b.name, bridge_local.get(b.name, ""), "ja") for b in self.facts.bridges]
        for spec in self.data["units"]:
            spec = spec | overrides.get(spec["key"], {})
            self.unit_label[spec["key"]] = Name(spec["label"])
            self.unit_title[spec["key"]] = Name(spec["name"], spec.get("name_local", ""), "ja")
            u = Unit(key=spec["key"], side=spec["side"], label=spec["label"], name=spec["name"],
                     type=spec["type"], tank=bool(spec["tank"]), attack=tuple(spec["attack"]),
                     defense=tuple(spec["defense"]), ma=int(spec["ma"]),
                     crosses_military_bridge=bool(types[spec["type"]]["crosses_military_bridge"]),
                     support_range=int(spec.get("support_range", 0)), enter=int(spec.get("enter", 0)))
            comps: list[Any] = [u, Steps(0)]
            if "start" in spec:
                comps.append(Position(spec["start"]))
            unit_ent[u.key] = self.create(*comps)
        for name, cell in self.board.cells.items():
            self.create(Hex(name, cell.terrain))
        self.index_units(unit_ent)
        self.bridge_ent = [self.create(b) for b in self.facts.bridges]
        self.marker_ent = self.create(TurnMarker(1, self.data["first_initiative"], 0))
        self.score_ent = self.create(Score())
        first = self.data["first_initiative"]
        self.game_ent = self.create(Flow("move", first, 0))
        self.emit_msg("TurnStarted", "Turn {turn}: {side} holds the initiative",
                      {"turn": 1, "side": self._side_name(first)}, turn=1, initiative=first)
        self._start_movement(first)

    def _bind(self) -> None:
        """Each copy's own working state: its memo dicts at hand, and the movement
        search arguments kept per unit (see _search_args)."""
        super()._bind()
        self._unit_searches: dict[str, tuple] = {}
        self._bm = self.memo_on(Position, Bridge)       # where units stand, which bridges stand
        self._brm = self.memo_on(Bridge)
        self._tgm = self.memo_on(Position, Bridge, Steps)

    # -- reading the world (units and where they stand: HexUnits) -------------
    def steps_lost(self, key: str) -> int:
        return self.world.get(self.unit_ent[key], Steps).lost

    def is_eliminated(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Eliminated)

    def flow(self) -> Flow:
        return self.world.get(self.game_ent, Flow)

    def marker(self) -> TurnMarker:
        return self.world.get(self.marker_ent, TurnMarker)

    def score(self) -> Score:
        return self.world.get(self.score_ent, Score)

    def bridges(self) -> list[Bridge]:
        return [self.world.get(e, Bridge) for e in self.bridge_ent]

    def attack_value(self, key: str) -> int:
        u = self.unit(key)
        return u.attack[min(self.steps_lost(key), len(u.attack) - 1)]

    def defense_value(self, key: str) -> int:
        u = self.unit(key)
        return u.defense[min(self.steps_lost(key), len(u.defense) - 1)]

    def _side_name(self, side: str) -> str:
        return self.data["sides"][side]["name"]

    def _set_flow(self, **changes: Any) -> Flow:
        values = list(_FLOW_VALUES(self.flow()))
        for name, v in changes.items():
            values[_FLOW_INDEX[name]] = v
        f = Flow(*values)
        self.put(self.game_ent, f)
        return f

    # -- terrain, rivers, bridges [7.0] [8.0] ----------------------------------
    def intact(self) -> tuple[bool, ...]:
        """Whether each bridge still stands, in map order."""
        memo = self._brm
        got = memo.get("intact")
        if got is None:
            got = memo["intact"] = tuple(self.world.get(e, Bridge).intact for e in self.bridge_ent)
        return got

    def crossings(self) -> dict[tuple[str, str], str]:
        """(a, b) -> "river" or the kind of the intact bridge on it, for every river hexside."""
        return self.facts.crossing_table(self.intact())

    def crossing(self, a: str, b: str) -> str:
        """What lies between adjacent hexes a and b: "open", "river", or the bridge kind."""
        return self.crossings().get((a, b), "open")

    def side_context(self, side: str) -> tuple:
        """What movement and retreat checks need for one side, computed once per state:
        (bridge states, crossing table, occupancy, enemy ZOC, enemy hexes)."""
        memo = self._bm
        got = memo.get(("ctx", side))
        if got is not None:
            return got
        intact = self.intact()
        table = self.facts.crossing_table(intact)
        placed = self.placement()
        enemy = placed.enemy[side]
        zoc = hexunits.zone(self.facts.zoc_neighbours(intact), enemy)
        got = memo[("ctx", side)] = (intact, table, placed.at, zoc, enemy)
        return got

    def enemy_zoc(self, side: str) -> frozenset[str]:
        """Hexes in the ZOC of ``side``'s enemies (not across unbridged rivers) [7.0]."""
        return self.side_context(side)[3]

    def move_cost(self, hex_: str) -> int:
        return self.facts.cost[hex_]

    def reachable(self, key: str, ctx: tuple | None = None) -> dict[str, int]:
        """Hexes the unit may end a move in, with their MP cost [7.0][8.0]."""
        memo = self._bm
        got = memo.get(("reach", key))
        if got is None:
            got = memo[("reach", key)] = self._reachable(key, ctx)
        return got

    def _search_args(self, u: Unit, start: str, ctx: tuple) -> tuple:
        """The arguments of the movement search from ``start``. Only enemy units
        and ZOC within ``ma`` hexes can change a search (every step costs at
        least 1 MP), so only those are passed: the same local situation, met
        again later in the game or in another game, is then searched once.
        Kept per unit while the unit, the bridges and the enemy stay where they
        were (a friendly move changes only which hexes are free)."""
        intact, _table, _occ, zoc, enemy = ctx
        seen = self._unit_searches.get(u.key)
        if seen is None or seen[0] is not u or seen[1] != start or seen[2] != intact or seen[3] != enemy:
            ball = self.facts.ball(start, u.ma)
            steps = self.facts.move_steps(u.crosses_military_bridge, intact)
            args = (steps, start, u.ma, enemy & ball, zoc & ball)
            seen = self._unit_searches[u.key] = (u, start, intact, enemy, args)
        return seen[4]

    def _moves(self, u: Unit, start: str, ctx: tuple) -> tuple[Move, ...]:
        """The move actions of unit ``u``, standing in ``start``, by destination hex."""
        memo = self._bm
        key = u.key
        got = memo.get(("moves", key))
        if got is None:
            occ, zoc = ctx[2], ctx[3]
            if u.ma <= 0 or start in zoc:   # may leave enemy ZOC only by retreat
                got = ()
            else:                           # may pass through friends, not end on them
                got = hexunits.move_actions(Move, key, self._search_args(u, start, ctx)).ending_outside(occ)
            memo[("moves", key)] = got
        return got

    def _reachable(self, key: str, ctx: tuple | None) -> dict[str, int]:
        u = self.unit(key)
        start = self.pos(key)
        ctx = ctx or self.side_context(u.side)
        occ, zoc = ctx[2], ctx[3]
        if start is None or u.ma <= 0 or start in zoc:   # may leave enemy ZOC only by retreat
            return {}
        costs, _ = hexunits.reach(*self._search_args(u, start, ctx))
        return {h: c for h, c in costs.items() if h not in occ}

    def move_path(self, key: str, to: str) -> list[str]:
        """The path a legal move follows (for animation)."""
        u = self.unit(key)
        start = self.pos(key)
        _, prev = hexunits.reach(*self._search_args(u, start, self.side_context(u.side)))
        return movement.route(prev, start, to) or [start, to]

    # -- combat eligibility [9.0] --------------------------------------------
    def can_attack_across(self, a: str, b: str) -> bool:
        """Attacks may not cross an unbridged river; any unit may attack over a bridge."""
        return self.crossing(a, b) != "river"

    def attack_targets(self, key: str, ctx: tuple | None = None) -> list[str]:
        """Enemy units this unit could attack (adjacent, not across an unbridged river;
        do not modify the answer)."""
        memo = self._tgm
        got = memo.get(("targets", key))
        if got is not None:
            return got
        u = self.unit(key)
        here = self.pos(key)
        if here is None or self.attack_value(key) <= 0:
            got = []
        else:
            intact, _, occ, _, _ = ctx or self.side_context(u.side)
            got = hexunits.adjacent_enemies(here, self.facts.zoc_neighbours(intact), occ, u.side)
        memo[("targets", key)] = got
        return got

    def must_attack(self, key: str, ctx: tuple | None = None) -> bool:
        """Units in enemy ZOC must attack, except on a hill (and units with no attack)."""
        here = self.pos(key)
        if here is None or here in self.facts.hills or self.attack_value(key) <= 0:
            return False
        return bool(self.attack_targets(key, ctx))

    # -- decisions -----------------------------------------------------------
    def _pending(self) -> Decision | None:
        if "pending" not in self.memo:
            self.memo["pending"] = self._decide()
        return self.memo["pending"]

    def _decide(self) -> Decision | None:
        f = self.flow()
        if f.phase == "over":
            return None
        name = self._side_name
        if f.phase in ("move", "declare", "order"):      # the same few decisions, again and again
            got = self._static.get(("decision", f.phase, f.side))
            if got is None:
                side = name(f.side)
                prompt = {"move": Msg("{side} movement phase: move units, then end the phase", side=side),
                          "declare": Msg("{side} combat phase: declare every attack, then resolve", side=side),
                          "order": Msg("{side}: choose the next attack to resolve", side=side)}[f.phase]
                got = self._static[("decision", f.phase, f.side)] = Decision(f.side, f.phase, prompt)
            return got
        c = f.combat
        assert c is not None
        key = (f.phase, c.loser, c.defender, c.losses_left if f.phase == "loss" else c.advance_left, c.losses)
        got = self._static.get(key)         # the same few again and again: each made once
        if got is None:
            got = self._static[key] = self._combat_decision(f.phase, c)
        return got

    def _combat_decision(self, phase: str, c: Combat) -> Decision:
        name = self._side_name
        if phase == "loss":
            n = c.losses_left
            prompt = (Msg("{side} must take {n} more losses: retreat a unit one hex away from the enemy, "
                          "to a new hex, or lose a step", side=name(c.loser), n=n) if n > 1 else
                      Msg("{side} must take {n} more loss: retreat a unit one hex away from the enemy, "
                          "to a new hex, or lose a step", side=name(c.loser), n=n))
            return Decision(c.loser, "loss", prompt, (("defender", c.defender), ("losses_left", n)))
        if phase == "advance":
            winner = other(c.loser)
            values = {"side": name(winner), "left": c.advance_left, "n": c.losses}
            prompt = (Msg("{side} may advance: {left} of {n} points left (one per loss dealt), each moving "
                          "any one unit one hex, ignoring ZOC", **values) if c.losses > 1 else
                      Msg("{side} may advance: {left} of {n} point left (one per loss dealt), each moving "
                          "any one unit one hex, ignoring ZOC", **values))
            return Decision(winner, "advance", prompt, (("defender", c.defender), ("advance_left", c.advance_left)))
        raise AssertionError(f.phase)

    def _legal(self) -> list[Action]:
        f = self.flow()
        return getattr(self, f"_legal_{f.phase}")(f)

    def _legal_move(self, f: Flow) -> list[Action]:
        out: list[Action] = []
        ctx = self.side_context(f.side)
        for key in self._due_reinforcements(f.side):
            if self.facts.flags[f.side] not in ctx[2]:
                out.append(Enter(key))
        moved = f.moved
        for u, h in self.units_on_map(f.side):
            if u.key not in moved:
                out.extend(self._moves(u, h, ctx))
        if self._can_blow(f.side):
            out.append(BlowBridge())
        out.append(EndPhase())
        return out

    def _legal_declare(self, f: Flow) -> list[Action]:
        assigned = {a for _, atts in f.declared for a in atts}
        ctx = self.side_context(f.side)
        out: list[Action] = []
        duty_met = True
        for u, _h in self.units_on_map(f.side):
            if u.key in assigned:
                continue
            targets = self.attack_targets(u.key, ctx)
            for d in targets:
                out.append(Assign(u.key, d))
            if targets and _h not in self.facts.hills:
                duty_met = False          # in enemy ZOC, off the hills: must attack
        if duty_met:
            out.append(EndDeclarations())
        return out

    def _legal_order(self, f: Flow) -> list[Action]:
        return [Resolve(d) for d, _ in f.declared]

    def _legal_loss(self, f: Flow) -> list[Action]:
        c = f.combat
        out: list[Action] = []
        for key in c.loser_units:
            if self.pos(key) is None:
                continue
            out.append(StepLoss(key))
            for to in self.retreat_options(key, c):
                out.append(Retreat(key, to))
        return out

    def _legal_advance(self, f: Flow) -> list[Action]:
        out: list[Action] = []
        for key in self.advancers(f):
            for to in self.advance_hexes(key):
                out.append(Advance(key, to))
        out.append(EndAdvance())
        return out

    def retreat_hexes(self, key: str) -> list[str]:
        """One hex, not into enemy ZOC, not onto any unit, not across a river [9.0]."""
        u = self.unit(key)
        intact, _, occ, zoc, _ = self.side_context(u.side)
        return hexunits.retreat_hexes(self.pos(key), self.facts.move_neighbours(u.crosses_military_bridge, intact),
                                      occ, zoc)

    def retreat_options(self, key: str, c: Combat | None = None) -> list[str]:
        """The hexes a unit taking a loss in combat ``c`` (the current one) may retreat
        into [9.0]: the :meth:`retreat_hexes` that are new to it in this combat (not a
        hex it stood in since the combat began) and no nearer to any enemy unit it
        fought than the hex it is leaving. A retreat moves away: it cannot shuttle
        between two hexes to pay its losses."""
        c = c or self.flow().combat
        here = self.pos(key)
        seen = c.stood_in(key)
        dist = self.board.distance
        foes = [(h, dist(here, h)) for k in c.winner_units if (h := self.pos(k)) is not None]
        return [n for n in self.retreat_hexes(key)
                if n not in seen and all(dist(n, h) >= d for h, d in foes)]

    def retreat_refusal(self, key: str, to: str) -> str:
        """Why the unit may not retreat into ``to`` in the current combat ("" if it
        may): for the client's hover text."""
        u = self.unit(key)
        here = self.pos(key)
        c = self.flow().combat
        if here is None or c is None:
            return NOT_TAKING_A_LOSS
        intact, _, occ, zoc, _ = self.side_context(u.side)
        if to not in self.facts.move_neighbours(u.crosses_military_bridge, intact).get(here, ()):
            return NOT_A_STEP if to in self.facts.neighbours.get(here, ()) else NOT_NEXT_TO_IT
        if to in occ:
            return UNIT_THERE
        if to in zoc:
            return IN_ENEMY_ZOC
        if to in c.stood_in(key):
            return STOOD_THERE
        dist = self.board.distance
        for k in c.winner_units:
            h = self.pos(k)
            if h is not None and dist(to, h) < dist(here, h):
                return Msg("nearer to {unit}, the enemy it fought", unit=self.unit_label[k])
        return ""

    def advancers(self, f: Flow | None = None) -> list[str]:
        """The units that may spend the winner's advance points [9.0] ("one of your
        units"): every unit of the winning side on the map that can move (not the
        artillery, MA 0), except units in a declared combat not yet resolved."""
        f = f or self.flow()
        c = f.combat
        side = other(c.loser)
        engaged = {k for d, atts in f.declared for k in (d, *atts)}
        return [u.key for u, _h in self.units_on_map(side) if u.ma > 0 and u.key not in engaged]

    def advance_hexes(self, key: str) -> list[str]:
        """Advance ignores ZOC and may go to any free hex [9.0]."""
        u = self.unit(key)
        here = self.pos(key)
        if here is None:
            return []
        return hexunits.advance_hexes(here, self.facts.move_neighbours(u.crosses_military_bridge, self.intact()),
                                      self.occupancy())

    # -- applying ------------------------------------------------------------
    def _apply(self, a: Action) -> None:
        f = self.flow()
        if isinstance(a, Move):
            self._do_move(f, a)
        elif isinstance(a, Enter):
            self._enter(a.unit)
        elif isinstance(a, BlowBridge):
            self._blow_bridge()
        elif isinstance(a, EndPhase):
            self.emit_msg("PhaseEnded", "{side} ends movement", {"side": self._side_name(f.side)},
                          side=f.side, phase="move")
            self._enter_due(f.side)
            self._start_combat_phase(f.side)
        elif isinstance(a, Assign):
            self._assign(f, a)
        elif isinstance(a, EndDeclarations):
            self._begin_resolution()
        elif isinstance(a, Resolve):
            self._resolve(a.defender)
        elif isinstance(a, StepLoss):
            self._take_loss(a.unit, None)
        elif isinstance(a, Retreat):
            self._take_loss(a.unit, a.to)
        elif isinstance(a, Advance):
            self._advance(a)
        elif isinstance(a, EndAdvance):
            self._finish_combat()
        else:  # pragma: no cover - legal_actions() lists only the types above
            raise AssertionError(a)

    # movement phase ---------------------------------------------------------
    def _due_reinforcements(self, side: str) -> list[str]:
        got = self.memo.get(("due", side))
        if got is None:
            got = self.memo[("due", side)] = self._find_due(side)
        return got

    def _reinforcement_ents(self) -> list[tuple[str, int, Unit]]:
        """(key, entity, unit) of every unit that enters during the game (these never change)."""
        got = self._static.get("reinforcements")
        if got is None:
            got = self._static["reinforcements"] = [(k, e, u) for k, e, u in self.unit_order if u.enter > 0]
        return got

    def _find_due(self, side: str) -> list[str]:
        turn = self.marker().turn
        has = self.world.has
        return [k for k, e, u in self._reinforcement_ents()
                if u.side == side and u.enter <= turn
                and not has(e, Position) and not has(e, Eliminated) and not has(e, OutOfPlay)]

    def _start_movement(self, side: str) -> None:
        """Reinforcements appear on the side's flag hex; if it is held, entry waits [8.0]."""
        self._set_flow(phase="move", side=side, moved=frozenset(), declared=(), combat=None, turn_ends=False)
        self.emit_msg("PhaseStarted", "{side} movement phase", {"side": self._side_name(side)}, side=side, phase="move")
        self._enter_due(side)
        self._skip_if_idle()

    def _enter_due(self, side: str) -> None:
        """Due reinforcements enter now if the flag hex is free; otherwise they wait."""
        flag = self.facts.flags[side]
        for key in self._due_reinforcements(side):
            occ = self.occupancy()
            if flag in occ:
                holder = occ[flag]
                self.emit_msg("ReinforcementDelayed", "{unit} cannot enter yet: {hex} is occupied by {holder}",
                              {"unit": self.unit_label[key], "hex": flag, "holder": self.unit_label[holder[0]]},
                              unit=key, hex=flag)
            else:
                self._enter(key)

    def _enter(self, key: str) -> None:
        u = self.unit(key)
        flag = self.facts.flags[u.side]
        self.place_unit(key, flag)
        self.emit_msg("ReinforcementArrived", "{unit} ({name}) arrives at {hex}",
                      {"unit": self.unit_label[key], "name": self.unit_title[key], "hex": flag},
                      unit=key, hex=flag, side=u.side)

    def _skip_if_idle(self) -> None:
        """A phase with nothing to decide passes by itself."""
        f = self.flow()
        if f.phase == "move" and not self._has_move_choice(f):
            self.emit_msg("PhaseEnded", "{side} has no move to make", {"side": self._side_name(f.side)},
                          side=f.side, phase="move")
            self._start_combat_phase(f.side)

    def _has_move_choice(self, f: Flow) -> bool:
        """Anything to decide in this movement phase besides ending it?"""
        if self._can_blow(f.side):
            return True
        if self._due_reinforcements(f.side) and self.facts.flags[f.side] not in self.occupancy():
            return True
        ctx = self.side_context(f.side)
        return any(u.key not in f.moved and self._moves(u, h, ctx) for u, h in self.units_on_map(f.side))

    def _do_move(self, f: Flow, a: Move) -> None:
        path = self.move_path(a.unit, a.to)
        u = self.unit(a.unit)
        self.place_unit(a.unit, a.to)
        self._set_flow(moved=f.moved | {a.unit})
        self.emit_msg("UnitMoved", "{unit} moves {frm} → {to}", {"unit": self.unit_label[a.unit], "frm": path[0], "to": a.to},
                      unit=a.unit, path=tuple(path), side=u.side, frm=path[0], to=a.to)

    def _can_blow(self, side: str) -> bool:
        if side != "JP":
            return False
        memo = self._bm
        got = memo.get("can_blow")
        if got is None:
            jp = self.placement().hexes["JP"]
            got = memo["can_blow"] = any(br.intact and not jp.isdisjoint(br.blow_from) for br in self.bridges())
        return got

    def _blow_bridge(self) -> None:
        for i, e in enumerate(self.bridge_ent):
            br = self.world.get(e, Bridge)
            if br.intact and br.blow_from:
                self.put(e, replace(br, intact=False))
                self.emit_msg("BridgeBlown", "Japan blows the {bridge} ({a}–{b})",
                              {"bridge": self.bridge_title[i], "a": br.a, "b": br.b}, a=br.a, b=br.b)

    # combat phase -----------------------------------------------------------
    def _start_combat_phase(self, side: str) -> None:
        self._set_flow(phase="declare", side=side, declared=(), combat=None)
        if self._legal_declare(self.flow()) == [EndDeclarations()]:     # no attack possible
            self.emit_msg("PhaseEnded", "{side} has no attack to make", {"side": self._side_name(side)},
                          side=side, phase="combat")
            self._end_phase_pair()
            return
        self.emit_msg("PhaseStarted", "{side} combat phase", {"side": self._side_name(side)}, side=side, phase="combat")

    def _assign(self, f: Flow, a: Assign) -> None:
        self._set_flow(declared=declare(f.declared, a.defender, a.attacker))
        self.emit_msg("AttackDeclared", "{attacker} will attack {defender}",
                      {"attacker": self.unit_label[a.attacker], "defender": self.unit_label[a.defender]},
                      attacker=a.attacker, defender=a.defender)

    def _begin_resolution(self) -> None:
        """All pairings are fixed; now each combat is resolved [9.0]."""
        f = self.flow()
        if not f.declared:
            self.emit_msg("PhaseEnded", "{side} declares no attack", {"side": self._side_name(f.side)},
                          side=f.side, phase="combat")
            self._end_phase_pair()
            return
        self._next_combat()

    def _next_combat(self) -> None:
        f = self.flow()
        if not f.declared:
            self._end_phase_pair()
        elif len(f.declared) == 1:
            self._resolve(f.declared[0][0])
        else:
            self._set_flow(phase="order", combat=None)

    def strengths(self, attackers: tuple[str, ...], defender: str) -> dict[str, Any]:
        """The dice each side rolls and why (for resolution and the odds preview)."""
        att_side = self.unit(attackers[0]).side
        dhex = self.pos(defender)
        att = sum(self.attack_value(k) for k in attackers)
        dfn = self.defense_value(defender)
        mods: list[tuple[str, str, int]] = []
        if any(self.crossing(self.pos(k), dhex) in ("permanent", "military") for k in attackers):
            dfn += self.bridge_bonus
            mods.append(("defender", ACROSS_A_BRIDGE, self.bridge_bonus))
        if self.artillery_supports(dhex):
            if att_side == "SOV":
                att += self.art_bonus
                mods.append(("attacker", ARTILLERY_IN_RANGE, self.art_bonus))
            elif self.art_on_defense:
                dfn += self.art_bonus
                mods.append(("defender", ARTILLERY_IN_RANGE, self.art_bonus))
        hill = dhex in self.facts.hills
        return {"attack_dice": att, "defense_dice": dfn, "modifiers": mods,
                "attack_hits_on": tuple(sorted(self.hit_on_hill if hill else self.hit_on)),
                "defense_hits_on": tuple(sorted(self.hit_on)), "hill": hill}

    def artillery_supports(self, target_hex: str) -> bool:
        for u, h in self.units_on_map("SOV"):
            if u.support_range and self.board.distance(h, target_hex) <= u.support_range:
                return True
        return False

    def _resolve(self, defender: str) -> None:
        f = self.flow()
        attackers = dict(f.declared)[defender]
        declared = tuple((d, a) for d, a in f.declared if d != defender)
        att_side = self.unit(attackers[0]).side
        s = self.strengths(attackers, defender)
        names = Name(" + ".join(self.unit(k).label for k in attackers))
        self.emit_msg("CombatStarted", "{names} attack {defender} at {hex}: {att} dice against {dfn}",
                      {"names": names, "defender": self.unit_label[defender], "hex": self.pos(defender),
                       "att": s["attack_dice"], "dfn": s["defense_dice"]},
                      attackers=attackers, defender=defender, hex=self.pos(defender), **s)
        att_rolls, att_hits = roll_pool(self.dice, s["attack_dice"], s["attack_hits_on"], ATTACK_DICE[att_side])
        def_rolls, def_hits = roll_pool(self.dice, s["defense_dice"], s["defense_hits_on"],
                                        DEFENCE_DICE[other(att_side)])
        diff = abs(att_hits - def_hits)
        if att_hits == def_hits:
            loser, loser_units, winner_units = "", (), ()
        elif att_hits < def_hits:
            loser, loser_units, winner_units = att_side, attackers, (defender,)
        else:
            loser, loser_units, winner_units = other(att_side), (defender,), attackers
        data = dict(attackers=attackers, defender=defender, attack_rolls=att_rolls, defense_rolls=def_rolls,
                    attack_hits=att_hits, defense_hits=def_hits, loser=loser, losses=diff)
        values = {"att": att_hits, "dfn": def_hits}
        if not loser:
            self.emit_msg("CombatResolved", "Hits {att}–{dfn}: no effect", values, **data)
        else:
            values |= {"side": self._side_name(loser), "n": diff}
            if diff > 1:
                self.emit_msg("CombatResolved", "Hits {att}–{dfn}: {side} takes {n} losses", values, **data)
            else:
                self.emit_msg("CombatResolved", "Hits {att}–{dfn}: {side} takes {n} loss", values, **data)
        combat = Combat(defender, attackers, loser, diff, 0, loser_units, winner_units,
                        trail=tuple((k, (self.pos(k),)) for k in loser_units))
        self._set_flow(declared=declared, combat=combat, phase="loss")
        if not loser:
            self._finish_combat()
        else:
            self._check_losses_possible()

    def _check_losses_possible(self) -> None:
        """Losses end when taken in full or when every losing unit is gone."""
        f = self.flow()
        c = f.combat
        if c.losses_left <= 0 or all(self.pos(k) is None for k in c.loser_units):
            self._start_advance()

    def _take_loss(self, key: str, to: str | None) -> None:
        f = self.flow()
        c = f.combat
        u = self.unit(key)
        ent = self.unit_ent[key]
        frm = self.pos(key)
        vacated = c.vacated
        trail = c.trail
        if to is not None:
            self.place_unit(key, to)
            vacated = True
            trail = tuple((k, hs + (to,) if k == key else hs) for k, hs in trail)
            self.emit_msg("UnitRetreated", "{unit} retreats {frm} → {to}", {"unit": self.unit_label[key], "frm": frm, "to": to},
                          unit=key, frm=frm, to=to, side=u.side)
        else:
            lost = self.steps_lost(key) + 1
            self.put(ent, Steps(lost))
            pts = self.pts["tank"] if u.tank else self.pts["other"]
            sc = self.score()
            self.put(self.score_ent, replace(sc, **{other(u.side): getattr(sc, other(u.side)) + pts}))
            if lost >= u.max_steps:
                self.take(ent, Position)
                self.put(ent, Eliminated(self.marker().turn))
                vacated = True
                self.emit_msg("UnitEliminated", "{unit} is eliminated at {hex} (+{pts} to {side})",
                              {"unit": self.unit_label[key], "hex": frm, "pts": pts, "side": SIDE_CODE[other(u.side)]},
                              unit=key, hex=frm, side=u.side, points=pts)
            else:
                self.emit_msg("StepLost", "{unit} loses a step at {hex} (+{pts} to {side})",
                              {"unit": self.unit_label[key], "hex": frm, "pts": pts, "side": SIDE_CODE[other(u.side)]},
                              unit=key, hex=frm, side=u.side, points=pts)
        turn_ends = f.turn_ends or u.side == self.marker().initiative
        self._set_flow(combat=replace(c, losses_left=c.losses_left - 1, losses_taken=c.losses_taken + 1,
                                      vacated=vacated, trail=trail), turn_ends=turn_ends, eventful=True)
        if self._check_sudden_death():
            return
        self._check_losses_possible()

    def _start_advance(self) -> None:
        """If a losing unit left its combat hex, the winner gets one advance point per
        loss imposed (the difference in hits, even where fewer were taken because the
        losing units were gone) [9.0]."""
        f = self.flow()
        c = f.combat
        if c.vacated and any(self.advance_hexes(k) for k in self.advancers(f)):
            pts = c.losses
            self._set_flow(phase="advance", combat=replace(c, advance_left=pts))
            values = {"side": self._side_name(other(c.loser)), "n": pts}
            if pts > 1:
                self.emit_msg("AdvanceOffered", "{side} may advance {n} hexes", values, side=other(c.loser), points=pts)
            else:
                self.emit_msg("AdvanceOffered", "{side} may advance {n} hex", values, side=other(c.loser), points=pts)
        else:
            self._finish_combat()

    def _advance(self, a: Advance) -> None:
        f = self.flow()
        c = f.combat
        u = self.unit(a.unit)
        frm = self.pos(a.unit)
        self.place_unit(a.unit, a.to)
        self.emit_msg("UnitAdvanced", "{unit} advances {frm} → {to}", {"unit": self.unit_label[a.unit], "frm": frm, "to": a.to},
                      unit=a.unit, frm=frm, to=a.to, side=u.side)
        c = replace(c, advance_left=c.advance_left - 1)
        f = self._set_flow(combat=c)
        if c.advance_left <= 0 or not any(self.advance_hexes(k) for k in self.advancers(f)):
            self._finish_combat()

    def _finish_combat(self) -> None:
        f = self.flow()
        self._set_flow(combat=None, phase="order")
        if f.turn_ends:
            m = self.marker()
            self.emit_msg("InitiativeLost", "{side} lost ground: the turn ends and the initiative passes to {other}",
                          {"side": self._side_name(m.initiative), "other": self._side_name(other(m.initiative))},
                          side=m.initiative, to=other(m.initiative))
            self._end_turn(switch=True)
            return
        self._next_combat()

    def _end_phase_pair(self) -> None:
        """After a combat phase: the other half of the cycle, a new cycle, or the turn's end."""
        f = self.flow()
        m = self.marker()
        if f.half == 0:
            self._set_flow(half=1)
            self._start_movement(other(m.initiative))
            return
        cycle = m.cycle + 1
        idle = 0 if f.eventful else m.idle + 1
        self.put(self.marker_ent, replace(m, cycle=cycle, idle=idle))
        self._set_flow(eventful=False)
        if idle >= self.idle_limit:
            values = {"n": idle, "side": self._side_name(m.initiative)}
            if idle > 1:
                self.emit_msg("CycleLimit", "{n} cycles in a row without a loss or a retreat: the turn ends and "
                              "{side} keeps the initiative", values, cycles=cycle, idle=idle)
            else:
                self.emit_msg("CycleLimit", "{n} cycle in a row without a loss or a retreat: the turn ends and "
                              "{side} keeps the initiative", values, cycles=cycle, idle=idle)
            self._end_turn(switch=False)
            return
        self.emit_msg("CycleRepeats", "The initiative holds: {side} moves again", {"side": self._side_name(m.initiative)},
                      cycle=cycle, side=m.initiative)
        self._set_flow(half=0)
        self._start_movement(m.initiative)

    def _end_turn(self, switch: bool) -> None:
        m = self.marker()
        init = other(m.initiative) if switch else m.initiative
        self.emit_msg("TurnEnded", "End of turn {turn}", {"turn": m.turn}, turn=m.turn)
        if switch:
            self.emit_msg("InitiativeChanged", "{side} takes the initiative", {"side": self._side_name(init)}, side=init)
        if m.turn in self.facts.end_rolls:
            (roll,) = self.dice.roll(1, 6, Msg("end of turn {turn}", turn=m.turn))
            ends = roll in self.facts.end_rolls[m.turn]
            nums = ",".join(map(str, sorted(self.facts.end_rolls[m.turn])))
            if ends:
                self.emit_msg("EndRoll", "End-of-turn roll {roll} (ends on {nums}): the game ends",
                              {"roll": roll, "nums": nums}, turn=m.turn, roll=roll, ends=ends)
            else:
                self.emit_msg("EndRoll", "End-of-turn roll {roll} (ends on {nums}): the battle goes on",
                              {"roll": roll, "nums": nums}, turn=m.turn, roll=roll, ends=ends)
            if ends:
                self._game_over_on_points()
                return
        if m.turn >= self.facts.turns:
            self._game_over_on_points()
            return
        self.put(self.marker_ent, TurnMarker(m.turn + 1, init, 0))
        self.emit_msg("TurnStarted", "Turn {turn}: {side} holds the initiative",
                      {"turn": m.turn + 1, "side": self._side_name(init)}, turn=m.turn + 1, initiative=init)
        self._set_flow(half=0, turn_ends=False, eventful=False)
        self._start_movement(init)

    # victory [4.0] ---------------------------------------------------------
    def _check_sudden_death(self) -> bool:
        for side, cond in self.data["immediate_victory"].items():
            if all(self.is_eliminated(k) for k in cond["eliminate"]):
                self._set_flow(phase="over", winner=side, reason=cond["reason"], combat=None)
                self.emit_msg("GameOver", "{side} wins: {reason}", {"side": self._side_name(side), "reason": cond["reason"]},
                              winner=side, reason=cond["reason"])
                return True
        return False

    def _game_over_on_points(self) -> None:
        sc = self.score()
        winner = None if sc.JP == sc.SOV else "JP" if sc.JP > sc.SOV else "SOV"
        reason = self._points_reason(sc)
        self._set_flow(phase="over", winner=winner, reason=str(reason), combat=None)   # (the state holds plain str)
        if winner:
            self.emit_msg("GameOver", "{side} wins on {reason}", {"side": self._side_name(winner), "reason": reason},
                          winner=winner, reason=reason)
        else:
            self.emit_msg("GameOver", "Draw: {reason}", {"reason": reason}, winner=winner, reason=reason)

    @staticmethod
    def _points_reason(sc: Score) -> Msg:
        if sc.JP == sc.SOV:
            return Msg("points tied {jp}–{sov}", jp=sc.JP, sov=sc.SOV)
        return Msg("points {hi}–{lo}", hi=max(sc.JP, sc.SOV), lo=min(sc.JP, sc.SOV))

    def _result(self) -> Result | None:
        f = self.flow()
        if f.phase != "over":
            return None
        sc = self.score()
        points = self._points_reason(sc)        # the reason as a Msg (the flow keeps its English text)
        return self.make_result(f.winner, points if points == f.reason else f.reason, (("JP", sc.JP), ("SOV", sc.SOV)))

    # observation -------------------------------------------------------------
    def public_state(self) -> dict[str, Any]:
        m = self.marker()
        f = self.flow()
        sc = self.score()
        units = []
        for key, e in self.unit_ent.items():
            u = self.world.get(e, Unit)
            units.append({"key": key, "side": u.side, "label": u.label, "hex": self.pos(key),
                          "steps_lost": self.steps_lost(key), "max_steps": u.max_steps,
                          "attack": self.attack_value(key), "defense": self.defense_value(key),
                          "ma": u.ma, "tank": u.tank, "eliminated": self.is_eliminated(key),
                          "enter": u.enter})
        return {"game": self.game_id, "turn": m.turn, "initiative": m.initiative, "cycle": m.cycle,
                "idle_cycles": m.idle, "idle_limit": self.idle_limit,
                "phase": f.phase, "side": f.side, "score": {"JP": sc.JP, "SOV": sc.SOV},
                "bridges": [{"a": b.a, "b": b.b, "kind": b.kind, "intact": b.intact} for b in self.bridges()],
                "declared": [[d, list(a)] for d, a in f.declared], "units": units,
                "moved": sorted(f.moved),
                "combat": None if f.combat is None else {"defender": f.combat.defender,
                                                         "attackers": list(f.combat.attackers),
                                                         "loser": f.combat.loser,
                                                         "losses_left": f.combat.losses_left,
                                                         "advance_left": f.combat.advance_left}}

    # test and editor support ---------------------------------------------------
    @classmethod
    def from_position(cls, units: dict[str, str], *, steps_lost: dict[str, int] | None = None,
                      turn: int = 1, initiative: str = "JP", side: str | None = None, half: int = 0,
                      phase: str = "move", seed: int = 0, blown: bool = False,
                      eliminated: tuple[str, ...] = (), idle: int = 0,
                      options: dict[str, Any] | None = None) -> "Nomonhan":
        """A hand-built position: only the units named are on the map (key -> hex);
        the others are off-map: reinforcements due this turn or later wait, units
        in ``eliminated`` count as eliminated, the rest are out of play; ``idle``
        quiet cycles have gone by this turn. Used by the rules tests."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        for key, e in g.unit_ent.items():
            g.take(e, Position)
            u = g.world.get(e, Unit)
            if key in units:
                g.put(e, Position(units[key]))
            elif key in eliminated:
                g.put(e, Eliminated(0))
            elif u.enter == 0 or u.enter < turn:
                g.put(e, OutOfPlay())
            g.put(e, Steps((steps_lost or {}).get(key, 0)))
        if blown:
            for e in g.bridge_ent:
                br = g.world.get(e, Bridge)
                if br.blow_from:
                    g.put(e, replace(br, intact=False))
        side = side or (initiative if half == 0 else other(initiative))
        g.put(g.marker_ent, TurnMarker(turn, initiative, 0, idle))
        g.put(g.game_ent, Flow("move", side, half))
        g.put(g.score_ent, Score())
        g.invalidate()
        if phase == "declare":
            g._set_flow(phase="declare")
        else:
            g._start_movement(side)
        g._flush_events()
        g.history.clear()
        return g
