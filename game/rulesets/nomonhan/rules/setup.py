"""Nomonhan's set-up [3.0] and its entities.

Every unit is an entity (``Unit`` and ``Steps``; ``Position`` while it is on the
map, ``Eliminated`` once destroyed, ``OutOfPlay`` in a hand-built position
without it); every map hex is an entity (``Hex``: name and terrain, read to
build the map's tables); each bridge is an entity (``Bridge``: standing or
blown); the turn marker (``TurnMarker``: turn, initiative, cycles) and the
score track (``Score``) are entities; the sequence-of-play state (``Flow``:
phase, phasing side, moved units, declared attacks, the combat being resolved)
is the component of one more entity, so a snapshot of the world is the whole
game.
"""
from __future__ import annotations

from dataclasses import replace
from typing import Any

from game.core.data import load_json
from game.core.text import Name
from game.core.tmx import load_board
from game.paths import ROOT, map_path

from ..components import Bridge, Eliminated, Flow, Hex, OutOfPlay, Position, Score, Steps, TurnMarker, Unit
from ..kinds import DECLARE, MOVE
from .board import MapFacts

SIDES = ("JP", "SOV")
DATA_PATH = ROOT / "game" / "rulesets" / "nomonhan" / "data.json"


def other(side: str) -> str:
    return "SOV" if side == "JP" else "JP"


def load_data(path: str = str(DATA_PATH)) -> dict[str, Any]:
    return load_json(path)


class Setup:
    """Set-up [3.0]: the entities of a new game, and the readers of their components."""

    def _load_static(self) -> None:
        self.data = load_data()
        self.board = load_board(map_path(self.data["map"]))
        self.board.check_cells(self.data["map_cells"])
        art = self.data["artillery"]
        self.art_bonus = int(art["bonus"])
        self.art_on_defense = bool(self.options.get("artillery_on_defense", art["on_defense"]))
        self.hit_on = frozenset(self.data["combat"]["hit_on"])
        self.hit_on_hill = frozenset(self.data["combat"]["hit_on_vs_hill"])
        self.bridge_bonus = int(self.data["combat"]["bridge_defense_bonus"])
        self.idle_limit = int(self.options.get("idle_cycles_per_turn", self.data["idle_cycles_per_turn"]))
        self.pts = self.data["points_per_step"]

    def _create_regions(self) -> None:
        """A hex entity for every map hex; the map's tables are built from their terrain."""
        self.hex_ent = {name: self.create(Hex(name, cell.terrain)) for name, cell in self.board.cells.items()}
        terrain = {h.name: h.terrain for _e, h in self.world.query_one(Hex)}
        self.facts = MapFacts.of(self.board, terrain)

    def _setup(self) -> None:
        self._load_static()
        self._static: dict[Any, Any] = {}               # facts read once from components that never change
        types = self.data["unit_types"]
        overrides = self.options.get("units", {})
        unit_ent: dict[str, int] = {}
        #: each unit's counter label and full name as the log shows them (game.core.text.Name;
        #: the Japanese units' names in Japanese, data "name_local")
        self.unit_label: dict[str, Name] = {}
        self.unit_title: dict[str, Name] = {}
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
        self._create_regions()
        self.index_units(unit_ent)
        bridge_local = self.data.get("bridge_names_local", {})
        self.bridge_title = [Name(b.name, bridge_local.get(b.name, ""), "ja") for b in self.facts.bridges]
        self.bridge_ent = [self.create(b) for b in self.facts.bridges]
        self.marker_ent = self.create(TurnMarker(1, self.data["first_initiative"], 0))
        self.score_ent = self.create(Score())
        first = self.data["first_initiative"]
        self.game_ent = self.create(Flow(MOVE, first, 0))
        self.emit_msg("TurnStarted", "Turn {turn}: {side} holds the initiative",
                      {"turn": 1, "side": self._side_name(first)}, turn=1, initiative=first)
        self._start_movement(first)

    def _bind(self) -> None:
        """Each copy's own working state: its memo dicts at hand, and the movement
        search arguments kept per unit (see Movement._search_args)."""
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

    def terrain(self, hex_: str) -> str:
        """The terrain of a map hex, as its entity says."""
        return self.world.get(self.hex_ent[hex_], Hex).terrain

    def attack_value(self, key: str) -> int:
        u = self.unit(key)
        return u.attack[min(self.steps_lost(key), len(u.attack) - 1)]

    def defense_value(self, key: str) -> int:
        u = self.unit(key)
        return u.defense[min(self.steps_lost(key), len(u.defense) - 1)]

    def _side_name(self, side: str) -> str:
        return self.data["sides"][side]["name"]

    # -- test and editor support ---------------------------------------------------
    @classmethod
    def from_position(cls, units: dict[str, str], *, steps_lost: dict[str, int] | None = None,
                      turn: int = 1, initiative: str = "JP", side: str | None = None, half: int = 0,
                      phase: str = MOVE, seed: int = 0, blown: bool = False,
                      eliminated: tuple[str, ...] = (), idle: int = 0,
                      options: dict[str, Any] | None = None):
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
        g.put(g.game_ent, Flow(MOVE, side, half))
        g.put(g.score_ent, Score())
        g.invalidate()
        if phase == DECLARE:
            g._set_flow(phase=DECLARE)
        else:
            g._start_movement(side)
        g._flush_events()
        g.history.clear()
        return g
