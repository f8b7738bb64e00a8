"""Across Suez's set-up [2][7][9] and its entities, and the readers of their components.

The entities (see ``components.py``): every map hex (``Hex``: terrain and fort,
static, read to build the map's tables); every unit (``Unit``, and where it is:
``Position``, ``Crossed``, ``Eliminated``, ``OutOfPlay``; the bridge's
``BridgeDeployed``); the turn marker (``TurnMarker``); the Israeli artillery
supports marker (``ArtillerySupports``); the canal crossing (``CanalCrossing``);
and the sequence of play (``Phasing`` and the components of the phase under
way), so a snapshot of the world is the whole game.
"""
from __future__ import annotations

from typing import Any

from game.core.actions import Decision
from game.core.text import Msg, Name
from game.core.tmx import load_board
from game.paths import map_path

from ..components import (ArtillerySupports, BridgeDeployed, CanalCrossing, Crossed, Eliminated, Hex, OutOfPlay,
                          Phasing, Position, TurnMarker, Unit)
from ..kinds import DECLARE, MOVE
from .board import MapFacts
from .data import SIDES, load_data


class Setup:
    """Set-up: the entities of a new game, and the readers of their components."""

    def _load_static(self) -> None:
        self.data = load_data()
        self.board = load_board(map_path(self.data["map"]))
        self.board.check_cells(self.data["map_cells"])
        self.turns = int(self.data["turns"])
        self.night_turns = frozenset(self.data["night"]["turns"])
        self.crossing_hex = self.data["crossing"]["hex"]
        self.bridge_key = self.data["crossing"]["bridge_unit"]

    def _create_regions(self) -> None:
        """A hex entity for every map hex (terrain, Bar Lev fort); the map's tables are built from them."""
        self.hex_ent = {name: self.create(Hex(name, cell.terrain, bool(cell.props.get("fort"))))
                        for name, cell in self.board.cells.items()}
        hexes = [h for _e, h in self.world.query_one(Hex)]      # (set-up: the one query of the game)
        self.facts = MapFacts.of(self.board, self.data, {h.name: h.terrain for h in hexes},
                                 frozenset(h.name for h in hexes if h.fort))

    def _create_units(self) -> None:
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

    def _setup(self) -> None:
        self._load_static()
        self._create_regions()
        self._create_units()
        self.marker_ent = self.create(TurnMarker(1))
        self.supports_ent = self.create(ArtillerySupports(0))
        self.crossing_ent = self.create(CanalCrossing())
        first = self.data["first_player"]
        self.game_ent = self.create(Phasing(MOVE, first))
        #: the movement decision of each side (the same prompt all game)
        self._move_decisions = {s: Decision(s, MOVE, Msg("{side} movement phase: move units, then end the phase",
                                                         side=self._side_name(s))) for s in SIDES}
        self._start_turn(1)

    # -- reading the world (units and where they stand: HexUnits) -----------------------
    def terrain(self, hex_: str) -> str:
        """The terrain of a map hex, as its entity says."""
        return self.world.get(self.hex_ent[hex_], Hex).terrain

    def is_fort(self, hex_: str) -> bool:
        """Whether a Bar Lev fort stands in the hex [12], as its entity says."""
        return self.world.get(self.hex_ent[hex_], Hex).fort

    def is_eliminated(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Eliminated)

    def has_crossed(self, key: str) -> bool:
        return self.world.has(self.unit_ent[key], Crossed)

    @property
    def turn(self) -> int:
        return self.world.get(self.marker_ent, TurnMarker).turn

    def is_night(self, turn: int | None = None) -> bool:
        return (self.turn if turn is None else turn) in self.night_turns

    def crossing(self) -> CanalCrossing:
        return self.world.get(self.crossing_ent, CanalCrossing)

    def crossed_units(self) -> list[str]:
        """The units across the canal, by key [11.3]."""
        return list(self.world.get(self.crossing_ent, CanalCrossing).crossed)

    def supports_left(self) -> int:
        """The Israeli artillery supports left this combat phase [13.4]."""
        return self.world.get(self.supports_ent, ArtillerySupports).left

    def bridge_deployed(self) -> bool:
        return self.world.has(self.unit_ent[self.bridge_key], BridgeDeployed)

    def bridge_in_place(self) -> bool:
        return self.pos(self.bridge_key) == self.crossing_hex

    # -- test and editor support -----------------------------------------------------------
    @classmethod
    def from_position(cls, units: dict[str, str], *, turn: int = 2, side: str = "ISR", phase: str = "move",
                      crossed: tuple[str, ...] = (), eliminated: tuple[str, ...] = (),
                      bridge_deployed: bool | None = None, seed: int = 0,
                      options: dict[str, Any] | None = None) -> Any:
        """A hand-built position: only the units named are on the map (key -> hex);
        units in ``crossed`` are across the canal, those in ``eliminated`` are
        eliminated, reinforcements due this turn or later wait, the rest are out
        of play. ``phase``: "move" (the side's movement phase), "combat" (its
        combat phase from the start, with bombardment for Egypt) or "declare"
        (straight to declarations). The bridge counts as placed when it stands
        in 0112 unless ``bridge_deployed`` says otherwise. Used by the rules tests."""
        g = cls(seed=seed, options=options)
        g.events.clear()
        across = []
        for key, e in g.unit_ent.items():
            for comp in (Position, Eliminated, Crossed, OutOfPlay, BridgeDeployed):
                g.take(e, comp)
            u = g.world.get(e, Unit)
            if key in units:
                g.put(e, Position(units[key]))
            elif key in crossed:
                g.put(e, Crossed(0))
                across.append(key)
            elif key in eliminated:
                g.put(e, Eliminated(0, "before this position"))
            elif u.enter == 0 or u.enter < turn:
                g.put(e, OutOfPlay())
        deployed = units.get(g.bridge_key) == g.crossing_hex if bridge_deployed is None else bridge_deployed
        if deployed:
            g.put(g.unit_ent[g.bridge_key], BridgeDeployed(0))
        g.put(g.marker_ent, TurnMarker(turn))
        g.put(g.crossing_ent, CanalCrossing(tuple(sorted(across))))
        g.put(g.supports_ent, ArtillerySupports(0))
        g._clear_phase()
        g.put(g.game_ent, Phasing(MOVE, side))
        g.invalidate()
        if phase == "move":
            g._start_movement(side)
        elif phase == "combat":
            g._start_combat_phase(side)
        elif phase == "declare":
            g._set_phase(DECLARE, side)
            if side == "ISR" and not g.is_night():
                art = g.data["israeli_artillery"]
                g.put(g.supports_ent, ArtillerySupports(int(art["supports_base"]) + len(g.crossed_units())))
        else:
            raise ValueError(f"unknown phase {phase!r}")
        g._flush_events()
        g.history.clear()
        return g
