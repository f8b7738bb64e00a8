"""Across Suez: terrain, roads, ridges, the canal, the turn track with night turns,
the crossed-units box, the line of communication (key L), and the game's words.

What a click, a key or a button does comes from the picks its actions declare
(game.core.picks, read by the one interaction layer: game.client.interaction);
this module keeps the buttons' labels, why a click does nothing, the order a
click goes through a stack, and the ACROSS box (a click on it crosses).
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.rulesets.across_suez.actions import (Assign, Bombard, Cross, EeLoss, EndAdvance, EndBombardment,
                                               EndDeclarations, EndPhase, Enter, Resolve, Retreat, StackLoss)
from game.rulesets.across_suez.kinds import ADVANCE, BOMBARD, DECLARE, EE_LOSS, MOVE, OVER, RETREAT, STACK_LOSS
from game.systems import paths

from .. import threat
from ..i18n import N_, _, tr
from .base import FIRST, Choice, ClickResult, HexUnitsUI, PickingUI, blit_counter, label_image

PHASES = {MOVE: N_("movement"), STACK_LOSS: N_("stacking"), BOMBARD: N_("bombardment"),
          DECLARE: N_("combat"), EE_LOSS: N_("exchange loss"), RETREAT: N_("retreat"), ADVANCE: N_("advance"),
          OVER: N_("game over")}
#: what a player is told about the bridge unit wherever it shows (its panel, the rules reference)
BRIDGE_LOSS = N_("If the bridge is destroyed, Israel loses; once in 0112 it must never leave it.")
RESULT_COLOURS = {"Ae": (220, 70, 60), "Ar": (230, 140, 70), "Ee": (200, 190, 90), "Dr": (120, 200, 120),
                  "De": (60, 190, 90)}
ROAD = (120, 74, 36)
RIDGE = (110, 70, 30)
CANAL = (40, 100, 200)
NIGHT_TINT = (8, 16, 60, 105)


class AcrossSuezUI(HexUnitsUI, PickingUI):
    overlay_hint = N_("L: supply line")
    def __init__(self, game, assets):
        super().__init__(game, assets)
        self.data = game.data
        self.units_static = {u["key"]: u for u in self.data["units"]}
        self.crt = self.data["crt"]
        self._counter_cache: dict[tuple, pygame.Surface] = {}
        self.disp: dict[str, dict[str, Any]] = {}
        self.show_loc = False
        self.crossed_rect: pygame.Rect | None = None
        self._night_surf: pygame.Surface | None = None
        self.sync()

    # identity ---------------------------------------------------------------
    def side_colour(self, seat: str) -> tuple[int, int, int]:
        c = self.data["sides"].get(seat, {}).get("colour")
        return tuple(c) if c else (200, 200, 200)

    def side_name(self, seat: str) -> str:
        return _(self.data["sides"].get(seat, {}).get("name", seat))

    def lab(self, key: str) -> str:
        return self.units_static.get(key, {}).get("label", key)

    # display model (HexUnitsUI) -----------------------------------------------
    def unit_shown(self, kind: str, d: dict, u: dict) -> None:
        if kind == "ReinforcementArrived":
            u["hex"] = d["hex"]
        elif kind == "UnitEliminated":
            u.update(hex=None, eliminated=True)
        elif kind == "UnitCrossed":
            u.update(hex=None, crossed=True)

    def unit_at(self, hex_: str | None) -> str | None:
        if hex_ is None:
            return None
        for k, u in self.disp.items():
            if u["hex"] == hex_:
                return k
        return None

    # static map decoration ------------------------------------------------------
    def decorate_static(self, surf: pygame.Surface, view, z: float) -> None:
        """The printed map's look, drawn once per zoom: terrain textures, the canal, ridges,
        roads, forts, entry hexes, the crossing and the turn track (the place names are
        map_labels, drawn clear of the counters)."""
        board = self.game.board
        lw = max(1, round(z * 1.5))
        words = z >= 0.3             # no names on the small picture of the game select screen
        self._draw_terrain(surf, board, z, lw)
        self._draw_canal(surf, board, z)
        self._draw_ridges(surf, board, z, lw)
        self._draw_roads(surf, board, z, words)
        self._draw_forts(surf, board, z, lw)
        self._draw_entries(surf, board, z, lw)
        self._draw_crossing(surf, board, view, z, words)
        self._draw_turn_track(surf, board, z, words)

    @staticmethod
    def _draw_terrain(surf, board, z: float, lw: int) -> None:
        """Terrain texture: farm fields (furrows), elevated sand (dune dots), lake waves."""
        s = board.tilewidth * z if hasattr(board, "tilewidth") else 32 * z
        for cell in board.cells.values():
            cx, cy = cell.center[0] * z, cell.center[1] * z
            if cell.terrain == "chinese_farm":
                for i in (-2, -1, 0, 1, 2):
                    y = cy + i * s * 0.12
                    pygame.draw.line(surf, (96, 124, 56), (cx - s * 0.32, y), (cx + s * 0.32, y), lw)
            elif cell.terrain == "elevated_sand":
                for dx, dy in ((-0.2, -0.1), (0.15, -0.18), (0.0, 0.12), (-0.22, 0.2), (0.24, 0.14)):
                    pygame.draw.circle(surf, (176, 140, 78), (cx + dx * s, cy + dy * s), max(1, s * 0.035))
            elif cell.terrain == "lake":
                for dy in (-0.12, 0.12):
                    pts = [(cx + (t / 6 - 0.5) * s * 0.6, cy + dy * s + math.sin(t * 1.6) * s * 0.04)
                           for t in range(7)]
                    pygame.draw.lines(surf, (140, 180, 230), False, pts, lw)

    def _draw_canal(self, surf, board, z: float) -> None:
        """The canal along the west edge, and its name."""
        for obj in board.objects_of_type("canal_edge"):
            pts = [(x * z, y * z) for x, y in obj.points]
            if len(pts) > 1:
                poly = [(0, pts[0][1])] + pts + [(0, pts[-1][1])]
                pygame.draw.polygon(surf, CANAL, poly)
                pygame.draw.lines(surf, (20, 50, 110), False, pts, max(2, round(2 * z)))
                lab = self.assets.text(_("SUEZ CANAL"), max(8, int(10 * z)), (230, 240, 255), bold=True)
                lab = pygame.transform.rotate(lab, 90)
                surf.blit(lab, lab.get_rect(center=(max(lab.get_width() / 2, 6 * z), pts[len(pts) // 3][1])))

    @staticmethod
    def _draw_ridges(surf, board, z: float, lw: int) -> None:
        """Ridges on hexsides, hachured toward the sand side."""
        rw = max(3, round(4 * z))
        for a, b, _p in board.sides_with("ridge"):
            seg = board.side_segment(a, b)
            if not seg or len(seg) < 2:
                continue
            (x1, y1), (x2, y2) = (seg[0][0] * z, seg[0][1] * z), (seg[1][0] * z, seg[1][1] * z)
            pygame.draw.line(surf, RIDGE, (x1, y1), (x2, y2), rw)
            sand = b if board.cells[b].terrain == "elevated_sand" else a
            sc = board.cells[sand].center
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            dx, dy = sc[0] * z - mx, sc[1] * z - my
            d = math.hypot(dx, dy) or 1
            for t in (0.2, 0.5, 0.8):
                px, py = x1 + (x2 - x1) * t, y1 + (y2 - y1) * t
                pygame.draw.line(surf, RIDGE, (px, py), (px + dx / d * 6 * z, py + dy / d * 6 * z), max(1, lw))

    def _draw_roads(self, surf, board, z: float, words: bool) -> None:
        """Roads along their routes, each named at its middle."""
        for chain in board.routes.values():
            pts = [(board.cells[h].center[0] * z, board.cells[h].center[1] * z) for h in chain if h in board.cells]
            if len(pts) > 1:
                pygame.draw.lines(surf, (70, 40, 16), False, pts, max(4, round(7 * z)))
                pygame.draw.lines(surf, (236, 200, 130), False, pts, max(2, round(4 * z)))
                for p in pts:
                    pygame.draw.circle(surf, (236, 200, 130), p, max(1, round(2 * z)))
        if not words:
            return
        for name, chain in board.routes.items():
            mid = chain[len(chain) // 2]
            if mid in board.cells:
                cx, cy = board.cells[mid].center
                img = self.assets.text(name, max(8, int(9 * z)), (70, 40, 16), bold=True)
                surf.blit(img, img.get_rect(midtop=(cx * z, cy * z + 6 * z)))

    def _draw_forts(self, surf, board, z: float, lw: int) -> None:
        """The Bar Lev forts: a grey hexagon marked F."""
        r = 9 * z
        for cell in board.cells.values():
            if not cell.props.get("fort"):
                continue
            cx, cy = cell.center[0] * z, cell.center[1] * z
            pts = [(cx + r * math.cos(math.pi / 6 + i * math.pi / 3), cy - 8 * z + r * math.sin(math.pi / 6 + i * math.pi / 3))
                   for i in range(6)]
            pygame.draw.polygon(surf, (90, 90, 96), pts)
            pygame.draw.polygon(surf, (20, 20, 24), pts, max(1, lw))
            img = self.assets.text("F", max(7, int(9 * z)), (255, 255, 255), bold=True)
            surf.blit(img, img.get_rect(center=(cx, cy - 8 * z)))

    def _draw_entries(self, surf, board, z: float, lw: int) -> None:
        """The entry hexes A–D, in their side's colour."""
        for obj in board.objects_of_type("entry"):
            if obj.cell not in board.cells:
                continue
            cx, cy = board.cells[obj.cell].center
            col = self.side_colour(str(obj.props.get("side", "")))
            r = max(8, 11 * z)
            c = (cx * z - 10 * z, cy * z - 10 * z)
            pygame.draw.circle(surf, col, c, r)
            pygame.draw.circle(surf, (20, 20, 20), c, r, max(1, lw))
            img = self.assets.text(str(obj.props.get("entry", "")), max(11, int(15 * z)), (255, 255, 255), bold=True)
            surf.blit(img, img.get_rect(center=c))

    def _draw_crossing(self, surf, board, view, z: float, words: bool) -> None:
        """The crossing 0112: a red outline and its name."""
        for obj in board.objects_of_type("crossing"):
            if obj.cell not in board.cells:
                continue
            cx, cy = board.cells[obj.cell].center
            pts = view._corners[obj.cell]
            pygame.draw.polygon(surf, (230, 60, 40), [(x * z, y * z) for x, y in pts], max(2, round(3 * z)))
            if words:
                img = self.assets.text(_("CROSSING"), max(7, int(8 * z)), (255, 255, 255), bold=True)
                bg = img.get_rect(center=(cx * z, cy * z + 11 * z)).inflate(4, 0)
                pygame.draw.rect(surf, (190, 40, 30), bg)
                surf.blit(img, img.get_rect(center=bg.center))

    def _draw_turn_track(self, surf, board, z: float, words: bool) -> None:
        """The turn track: a box per turn, the night turns dark with a moon, the last (the
        victory check) ringed in gold."""
        moon = None
        for obj in board.objects_of_type("turn_box"):
            r = pygame.Rect(obj.x * z, obj.y * z, obj.width * z, obj.height * z)
            night = bool(obj.props.get("night"))
            pygame.draw.rect(surf, (34, 40, 86) if night else (238, 228, 196), r, border_radius=max(2, int(4 * z)))
            pygame.draw.rect(surf, (20, 20, 30), r, max(1, int(2 * z)), border_radius=max(2, int(4 * z)))
            if words:
                img = self.assets.text(str(obj.props.get("turn", "")), max(11, int(22 * z)),
                                       (240, 240, 255) if night else (40, 34, 24), bold=True)
                surf.blit(img, img.get_rect(midleft=(r.x + 3 * z, r.centery)))
            if night:
                m = max(6, int(r.height * 0.5))
                moon = moon or self.assets.scaled("across_suez/night_turn.png", m, m)
                if moon is not None:
                    surf.blit(moon, moon.get_rect(midright=(r.right - 2 * z, r.centery)))
                else:
                    _moon(surf, (r.right - m / 2 - 2, r.centery), m / 2)
            if obj.props.get("victory_check"):
                pygame.draw.rect(surf, (230, 190, 60), r.inflate(4, 4), max(1, int(2 * z)),
                                 border_radius=max(2, int(5 * z)))

    # counters -------------------------------------------------------------------
    def counter_size(self, view) -> int:
        return max(14, int(view.hex_size() * 0.78))

    def counter_surface(self, key: str, size: int) -> pygame.Surface:
        ck = (key, size)
        s = self._counter_cache.get(ck)
        if s is None:
            s = self.assets.scaled(f"across_suez/{key}_front.png", size, size)
            if s is None:
                s = self._draw_counter(key, size)
            if len(self._counter_cache) > 400:
                self._counter_cache.clear()
            self._counter_cache[ck] = s
        return s

    def _draw_counter(self, key: str, size: int) -> pygame.Surface:
        u = self.units_static.get(key, {"side": "", "label": key, "firepower": 0, "ma": 0})
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        pygame.draw.rect(s, self.side_colour(u["side"]), s.get_rect(), border_radius=max(2, size // 10))
        pygame.draw.rect(s, (20, 16, 12), s.get_rect(), max(1, size // 24), border_radius=max(2, size // 10))
        lab = self.assets.text(u["label"], max(7, int(size * 0.2)), (255, 255, 255), bold=True)
        if lab.get_width() > size * 0.92:
            lab = pygame.transform.smoothscale(lab, (int(size * 0.92), lab.get_height()))
        s.blit(lab, lab.get_rect(center=(size / 2, size * 0.35)))
        v = self.assets.text(f"{u['firepower']}-{u['ma']}", max(7, int(size * 0.26)), (255, 255, 255), bold=True)
        s.blit(v, v.get_rect(center=(size / 2, size * 0.72)))
        return s

    # dynamic drawing ----------------------------------------------------------------
    def map_labels(self, view) -> list[tuple[pygame.Surface, tuple[float, float]]]:
        z = view.z
        out = []
        for obj in self.game.board.objects_of_type("decor"):
            t = str(obj.props.get("label", ""))
            if t:
                out.append((label_image(self.assets, t, max(10, int(11 * z)), (40, 30, 20), (255, 250, 230, 150)),
                            view.to_screen(obj.x, obj.y)))
        return out

    def under_key(self):
        # the night tint and the supply line follow the game's state (not the animations),
        # the place names the counters
        g = self.game
        return (id(g), len(g.history), len(g.events), bool(self.state.get("night")), self.show_loc,
                self.labels_key())

    def draw_under(self, surf: pygame.Surface, view, now: float) -> None:
        self.draw_labels(surf, view)
        if self.state.get("night"):
            area = view.area
            if self._night_surf is None or self._night_surf.get_size() != area.size:
                self._night_surf = pygame.Surface(area.size, pygame.SRCALPHA)
                self._night_surf.fill(NIGHT_TINT)
            surf.blit(self._night_surf, area.topleft)
        if self.show_loc:
            self._draw_loc(surf, view)

    def draw(self, surf: pygame.Surface, view, now: float) -> None:
        small = self.thumbnail(view)
        if not small:
            self._draw_turn_marker(surf, view)
        size = self.counter_size(view)
        blink = self.blinking()
        sel = self.selected
        for h, keys in self.shown_stacks(view).items():
            for key, c in zip(keys, self.stack_centres(view, h, keys, size)):
                self._blit_counter(surf, key, c, size, now, key == sel, key in blink)
        if not self.still_only:
            self.draw_moving(surf, view, now)
        if self._kind() == BOMBARD:
            img = self.assets.scaled("across_suez/bombardment.png", int(size * 0.5), int(size * 0.5))
            if img is not None:
                for a in self._legal():
                    if isinstance(a, Bombard) and self.unit_hex(a.target):
                        cx, cy = view.hex_center(self.unit_hex(a.target))
                        surf.blit(img, img.get_rect(center=(cx + size * 0.45, cy - size * 0.45)))
        if small:
            return
        self._draw_overstacked(surf, view, size)
        self._draw_crossed_box(surf, view)
        if self.state.get("night"):
            self._draw_night_badge(surf, view)

    def draw_moving(self, surf: pygame.Surface, view, now: float) -> bool:
        size = self.counter_size(view)
        for key in list(self.moving):
            if key in self.disp:
                px, py = self.moving[key]
                self._blit_counter(surf, key, view.to_screen(px, py), size, now, key == self.selected, False,
                                   lifted=True)
        return True

    def overstacked(self) -> dict[str, list[str]]:
        """hex -> the phasing side's units in it, where more than one stands: at the end of
        movement all but one are removed [4.4] (only during movement and its stack decision)."""
        if self._kind() not in (MOVE, STACK_LOSS):
            return {}
        return self.game.overstacked(self.state["side"])

    def _draw_overstacked(self, surf, view, size) -> None:
        for h in self.overstacked():
            view.draw_hexes(surf, [h], (255, 40, 30, 70))
            view.draw_hexes(surf, [h], (255, 60, 40, 255), width=4)
            cx, cy = view.hex_center(h)
            t = self.assets.text(_("! over-stacked"), max(10, int(size * 0.26)), (255, 255, 255), bold=True)
            bg = t.get_rect(midtop=(cx, cy + size * 0.42)).inflate(8, 2)
            pygame.draw.rect(surf, (190, 30, 20), bg, border_radius=4)
            surf.blit(t, t.get_rect(center=bg.center))

    def _blit_counter(self, surf, key, center, size, now, selected, blinking, lifted=False) -> None:
        img = self.counter_surface(key, size)
        blit_counter(surf, img, center, size, now, selected, blinking, self.flash.get(key, 0.0), lifted)

    def _draw_turn_marker(self, surf, view) -> None:
        turn = self.state["turn"]
        for obj in self.game.board.objects_of_type("turn_box"):
            if int(obj.props.get("turn", 0)) == turn:
                x, y = view.to_screen(obj.x, obj.y)
                r = pygame.Rect(x, y, obj.width * view.z, obj.height * view.z)
                pygame.draw.rect(surf, (255, 220, 60), r.inflate(8, 8), 4, border_radius=6)
                t = self.assets.text(_("▼ NOW"), 13, (255, 230, 90), bold=True)
                bg = t.get_rect(midbottom=(r.centerx, r.y - 5)).inflate(6, 2)
                pygame.draw.rect(surf, (20, 20, 30), bg, border_radius=4)
                surf.blit(t, t.get_rect(center=bg.center))

    def _draw_night_badge(self, surf, view) -> None:
        area = view.area
        right = self.crossed_rect.x - 6 if self.crossed_rect is not None else area.right - 166
        r = pygame.Rect(right - 70, area.y + 10, 70, 70)            # (beside the canal box)
        img = self.assets.scaled("across_suez/night_turn.png", 56, 56)
        pygame.draw.circle(surf, (14, 22, 60), r.center, 36)
        if img is not None:
            surf.blit(img, img.get_rect(center=r.center))
        else:
            _moon(surf, r.center, 24)
        if img is None:
            t = self.assets.text(_("NIGHT"), 16, (220, 228, 255), bold=True)
            surf.blit(t, t.get_rect(midtop=(r.centerx, r.bottom + 2)))

    def _draw_crossed_box(self, surf, view) -> None:
        """The units across the canal (6 win), the bridge and the LOC: a box at the map's top
        right, as wide and tall as its lines (whole at any window size)."""
        area = view.area
        A = self.assets
        crossed = [k for k in self.state.get("crossed", []) if not self.units_static.get(k, {}).get("type") == "bridge"]
        for k, u in self.disp.items():
            if u.get("crossed") and k not in crossed:
                crossed.append(k)
        need = int(self.data["victory"]["min_crossed"])
        n = len(crossed)
        head = A.text(_("ACROSS"), 16, (240, 240, 255), bold=True)
        sub = A.text(_("the canal"), 12, (190, 205, 235))
        count = A.text(f"{n}/{need}", 22, (120, 230, 130) if n >= need else (255, 230, 120), bold=True)
        if self.game.bridge_in_place():
            bt = _("bridge at 0112: 1 MP")
        else:
            bt = _("no bridge: 3 MP, {crossed_this_phase}/2").format(crossed_this_phase=self.state.get('crossed_this_phase', 0))
        bt = A.text(bt, 12, (220, 226, 245))
        loc = _("LOC open") if self.state.get("loc_open") else _("LOC cut")
        loc = A.text(_("{loc} · L: show").format(loc=loc), 12, (150, 230, 150) if self.state.get("loc_open")
                     else (255, 150, 130))
        cs = 34
        w = max(156, 16 + max(bt.get_width(), loc.get_width()), 36 + max(head.get_width(), sub.get_width()) + 14
                + count.get_width())
        top = max(26, head.get_height() + sub.get_height() - 4) + 8        # the heading's height
        rows = max(1, math.ceil(n / 4))
        h = top + 14 + rows * (cs + 4) + bt.get_height() + loc.get_height() + 4
        box = pygame.Rect(area.right - w - 8, area.y + 8, w, h)
        self.crossed_rect = box
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        s.fill((20, 40, 80, 225))
        surf.blit(s, box.topleft)
        can = self._kind() == MOVE and any(isinstance(a, Cross) for a in self._legal())
        pygame.draw.rect(surf, (255, 220, 90) if can else (140, 180, 240), box, 3, border_radius=6)
        icon = A.scaled("across_suez/crossed_box.png", 26, 26)
        if icon is not None:
            surf.blit(icon, (box.x + 6, box.y + 6))
        surf.blit(head, (box.x + 36, box.y + 4))
        surf.blit(sub, (box.x + 36, box.y + head.get_height()))
        surf.blit(count, count.get_rect(topright=(box.right - 8, box.y + 6)))
        # progress pips toward 6
        pw = (w - 16) / need
        for i in range(need):
            pr = pygame.Rect(box.x + 8 + i * pw, box.y + top, pw - 3, 8)
            pygame.draw.rect(surf, (120, 230, 130) if i < n else (70, 80, 110), pr, border_radius=3)
        y = box.y + top + 14
        for i, k in enumerate(crossed):
            img = self.counter_surface(k, cs)
            surf.blit(img, (box.x + 8 + (i % 4) * (cs + 3), y + (i // 4) * (cs + 4)))
        if not crossed:
            surf.blit(A.text(_("none yet"), 13, (170, 180, 210)), (box.x + 10, y + 8))
        y = box.bottom - 4 - loc.get_height() - bt.get_height()
        surf.blit(bt, (box.x + 8, y))
        surf.blit(loc, (box.x + 8, y + bt.get_height()))

    # line of communication ---------------------------------------------------------
    def loc_info(self) -> tuple[list[str], set[str], set[str]]:
        """(route 0112→1708 if open, hexes reachable from 0112, blocking hexes next to them)."""
        key = (id(self.game), len(self.game.history), len(self.game.events))
        if getattr(self, "_loc_key", None) == key:
            return self._loc
        self._loc_key, self._loc = key, self._loc_info()
        return self._loc

    def _loc_info(self) -> tuple[list[str], set[str], set[str]]:
        v = self.data["victory"]["loc"]
        start, goal = v["from"], v["to"]
        clear = self.game.loc_clear()
        if not clear(start):
            return [], set(), {start}
        reach = paths.trace(self.game.board, start, enter=clear, goal=goal)
        if goal in reach:
            return reach.path(goal), set(reach), set()
        return [], set(reach), {h for h in reach.blocked if h in self.game.facts.passable}

    def start_view(self, view) -> None:
        """The map is tall and the fighting is in its north half: open two zoom steps in,
        on the crossing and the roads to it, so counters read from the sofa (wheel or -
        shows the whole map)."""
        x, y = self.game.board.cells[self.game.crossing_hex].center
        view.zoom(2, anchor=view.to_screen(x + 140, y))
        view.oy = 8                 # from the northern edge down: the bridge's road and the crossing
        view.clamp()

    def toggle_overlay(self) -> str:
        self.show_loc = not self.show_loc
        if not self.show_loc:
            return _("Line of communication hidden")
        route, _cut, blocked = self.loc_info()
        if route:
            return _("Line of communication open: {n} hexes 0112 → 1708").format(n=len(route))
        return _("Line of communication cut: {n} blocking hexes shown in red").format(n=len(blocked))

    def _draw_loc(self, surf, view) -> None:
        route, reach, blocked = self.loc_info()
        if route:
            view.draw_hexes(surf, route, (90, 240, 120, 90))
            pts = [view.hex_center(h) for h in route]
            if len(pts) > 1:
                pygame.draw.lines(surf, (0, 0, 0), False, pts, 7)
                pygame.draw.lines(surf, (120, 255, 140), False, pts, 4)
        else:
            view.draw_hexes(surf, reach, (90, 200, 255, 60))
            view.draw_hexes(surf, blocked, (255, 50, 40, 120))
            view.draw_hexes(surf, blocked, (255, 60, 40, 230), width=3)
        for h, tag in ((self.data["victory"]["loc"]["from"], "LOC"), (self.data["victory"]["loc"]["to"], "LOC")):
            cx, cy = view.hex_center(h)
            t = self.assets.text(tag, 13, (20, 20, 20), bold=True)
            bg = t.get_rect(center=(cx, cy - view.hex_size() * 0.55)).inflate(6, 2)
            pygame.draw.rect(surf, (120, 255, 140) if route else (255, 120, 100), bg, border_radius=4)
            surf.blit(t, t.get_rect(center=bg.center))

    # panel text -----------------------------------------------------------------
    def status(self) -> list[tuple[str, str]]:
        st = self.state
        phase = f"{self.side_name(st['side'])} {_(PHASES.get(st['phase'], st['phase']))}"
        if st["phase"] == OVER:
            phase = _("Game over")
        elif st.get("night"):
            phase += _(" · night")
        n = len([k for k in st["crossed"] if self.units_static.get(k, {}).get("type") != "bridge"])
        score = _("Across {n}/{min_crossed} · LOC {v}").format(n=n, min_crossed=self.data['victory']['min_crossed'], v=_("open") if st['loc_open'] else _("cut"))
        if st["side"] == "ISR" and st["phase"] == DECLARE:
            score += _(" · artillery {supports_left}").format(supports_left=st['supports_left'])
        return [("Turn", f"{st['turn']}/{st['turns']}"), ("Phase", phase), ("Score", score)]

    def hover_lines(self, hex_: str | None) -> list[str]:
        board = self.game.board
        if hex_ is None or hex_ not in board.cells:
            return []
        cell = board.cells[hex_]
        terr = {"clear": _("clear: 1 MP"), "lake": _("Great Bitter Lake: impassable"),
                "chinese_farm": _("Chinese Farm: 2 MP; defender 2 columns left"),
                "elevated_sand": _("elevated sand: 2 MP; defender 1 column left (2 if attacked only across ridges)")
                }.get(cell.terrain, cell.terrain)
        out = [f"{hex_} · {terr}"]
        if cell.props.get("fort"):
            out.append(_("Bar Lev fort: defender 1 column left"))
        if cell.props.get("label"):
            out.append(str(cell.props["label"]))
        roads = [n for n, ch in board.routes.items() if hex_ in ch]
        if roads:
            out.append(_("road: {roads} (½ MP along it)").format(roads=", ".join(roads)))
        if hex_ == self.game.crossing_hex:
            out.append(_("crossing: exit over the canal for 3 MP (1 MP with the bridge here)"))
        for obj in board.objects_of_type("entry"):
            if obj.cell == hex_:
                out.append(_("entry {entry} ({side_name})").format(entry=obj.props.get('entry'), side_name=self.side_name(str(obj.props.get('side')))))
        units: list[str] = []
        for key in self.units_in(hex_):
            u = self.disp[key]
            s = self.units_static[key]
            fp = _("firepower {firepower}").format(firepower=u['firepower']) + (_(" (defends as {defends_as})").format(defends_as=u['defends_as']) if u["defends_as"] != u["firepower"] else "")
            units += [f"{s['label']} — {s['name']}", _("{side_name} {type} · {fp} · MA {ma}").format(side_name=self.side_name(u['side']), type=tr(u['type']), fp=fp, ma=u['ma'])]
            if s.get("type") == "bridge":
                units.append(_(BRIDGE_LOSS))
        if hex_ in self.overstacked():
            units.append(_("Over-stacked: at the end of movement all but one of these units are removed "
                         "(you choose which)"))
        out[:0] = units
        return out

    # interaction: the picks come from the actions (game.core.picks); the words are the game's own --------
    #: a retreat or an advance: its first unit is chosen at once (the others may be chosen instead)
    AUTO_SELECT = {RETREAT: FIRST, ADVANCE: FIRST}

    def units_in_cell(self, cell: str) -> list[str]:
        """The units in ``cell``, the counter drawn on top first: a click on a stack chooses
        the top one, each click again the one beneath it, and after the last none."""
        return self.units_in(cell)[::-1]

    def button_label(self, a) -> str:
        lab = self.lab
        if isinstance(a, EndPhase):
            return self._end_movement_label()
        if isinstance(a, Cross):
            return _("Cross the canal: {lab}").format(lab=lab(a.unit))
        if isinstance(a, Enter):
            return _("Bring in {lab} at {hex}").format(lab=lab(a.unit), hex=a.hex)
        if isinstance(a, StackLoss):
            bridge = self.units_static[a.unit].get("type") == "bridge"
            return (_("Remove {unit} ({hex})").format(unit=lab(a.unit), hex=self.unit_hex(a.unit))
                    + (_(": Israel loses!") if bridge else ""))
        if isinstance(a, EndBombardment):
            return _("No (more) bombardment")
        if isinstance(a, Bombard):
            return _("Bombard {lab}").format(lab=lab(a.target))
        if isinstance(a, Resolve):
            return self._resolve_label(a)
        if isinstance(a, EndDeclarations):      # true while it is refused: no "No attack" when one is due
            fresh = not self.state.get("defended") and a in self._legal()
            return _("No attack: end combat") if fresh else _("End combat")
        if isinstance(a, EeLoss):
            return _("Lose {lab} (firepower {firepower})").format(
                lab=lab(a.unit), firepower=self.units_static[a.unit]['firepower'])
        if isinstance(a, EndAdvance):
            return _("Do not advance")
        return super().button_label(a)

    def _end_movement_label(self) -> str:
        lost = sum(len(k) - 1 for k in self.overstacked().values())
        if lost:            # the warning before the phase ends [4.4]
            return (_("End movement: {lost} unit lost ({units})") if lost == 1 else
                    _("End movement: {lost} units lost ({units})")).format(
                lost=lost, units=', '.join(sorted(self.overstacked())))
        due = len({a.unit for a in self._legal() if isinstance(a, Enter)})
        if not due:
            return _("End movement")
        return (_("End movement ({due} reinforcement delayed)") if due == 1 else
                _("End movement ({due} reinforcements delayed)")).format(due=due)

    def _resolve_label(self, a: Resolve) -> str:
        """The attack being declared, its attackers and defender; when it may be resolved, its final
        column (and the artillery support)."""
        atts = dict((d, at) for d, at in self.state.get("declared", [])).get(a.defender, [])
        names = "+".join(self.lab(x) for x in atts)
        text = _("Resolve {names} → {lab}").format(names=names, lab=self.lab(a.defender))
        if not atts or a not in self._legal():
            return text
        p = self.game.preview(tuple(atts), a.defender, a.support)
        return f"{text} [{p.column_label}]" + (_(" + artillery") if a.support else "")

    def choices(self) -> list[Choice]:
        """The buttons the picks give (PickingUI), arranged as this game shows them: the main one
        first; one "Bring in" per reinforcement (its first hex: the others by a click on the
        lit hex); "Cross the canal" for the unit chosen, or, with none chosen, how to cross."""
        main, cross, rest, due = [], [], [], set()
        crossers = 0
        for c in super().choices():
            a = c.action
            if isinstance(a, Cross):
                crossers += 1
                if a.unit == self.selected:
                    cross.append(c)
            elif isinstance(a, Enter):
                if a.unit not in due:
                    due.add(a.unit)
                    rest.append(c)
            else:
                (main if c.primary else rest).append(c)
        if crossers and not cross:
            cross.append(Choice((_("{n} unit can cross: select one") if crossers == 1 else
                                 _("{n} units can cross: select one")).format(n=crossers), None, enabled=False,
                                reason=_("select a unit, then this button, the box or 0112")))
        return main + cross + rest

    def refusal(self, hex_: str | None) -> str:
        """Why a click on ``hex_`` does nothing, in the words of the decision at hand."""
        kind = self._kind()
        if kind == MOVE:
            return self._move_refusal(hex_)
        if kind == DECLARE:
            unit, sel = self.unit_at(hex_), self.selected
            if sel and unit:
                return _("{lab} cannot attack that unit").format(lab=self.lab(sel))
            return _("select one of your units next to an enemy first") if unit else ""
        if kind == ADVANCE:
            must = EndAdvance() not in self._legal()
            return _("advance to a lit hex") if must else _("advance to a lit hex, or stop")
        why = self.REFUSALS.get(kind)
        return _(why) if why else ""

    #: why a click does nothing in the decisions where it is always the same
    REFUSALS = {BOMBARD: N_("click a lit Israeli unit next to an Egyptian unit"),
                STACK_LOSS: N_("over-stacked: choose the unit to remove with the buttons"),
                EE_LOSS: N_("click a lit unit to lose it in the exchange"),
                RETREAT: N_("retreat to a lit hex")}

    def _move_refusal(self, hex_: str | None) -> str:
        side = self.state["side"]
        own = [u for u in self.units_in_cell(hex_) if self.disp[u]["side"] == side] if hex_ else []
        if own:
            why = _("has already moved") if own[0] in self.state.get("moved", ()) else _("cannot move now")
            return f"{self.lab(own[0])} {why}"
        return _("{hex_} is out of reach").format(hex_=hex_) if self.selected and hex_ else ""

    def blinking(self) -> set[str]:
        kind = self._kind()
        if kind == DECLARE and not any(isinstance(a, (EndDeclarations, Resolve)) for a in self._legal()):
            return set(self._units_with(Assign))            # turn 1: these must attack
        if kind == STACK_LOSS:
            return set(self._units_with(StackLoss))
        if kind == RETREAT:
            return set(self._units_with(Retreat))
        if kind == EE_LOSS:
            return set(self._units_with(EeLoss))
        return set()

    def arrows(self) -> list[tuple[str, str]]:
        out = []
        for d, atts in self.state.get("declared", []):
            dh = self.unit_hex(d)
            for a in atts:
                ah = self.unit_hex(a)
                if ah and dh:
                    out.append((ah, dh))
        return out

    def click_at(self, pos, view) -> ClickResult | None:
        if self.crossed_rect is None or not self.crossed_rect.collidepoint(pos):
            return None
        if self._kind() != MOVE:
            return ClickResult(handled=True)
        legal = self._legal()
        if self.selected and Cross(self.selected) in legal:
            return ClickResult(action=Cross(self.selected))
        crossers = [a for a in legal if isinstance(a, Cross)]
        if len(crossers) == 1:
            return ClickResult(action=crossers[0])
        if crossers:
            return ClickResult(error=_("select the unit to cross first ({units})").format(
                units=", ".join(self.lab(a.unit) for a in crossers)))
        return ClickResult(error=_("no unit can cross now (Israeli movement, not turn 1, within reach of 0112)"))

    # odds preview -------------------------------------------------------------------
    def preview(self, hover: str | None) -> dict[str, Any] | None:
        kind = self._kind()
        declared = {d: list(a) for d, a in self.state.get("declared", [])}
        attackers: list[str] = []
        defender = None
        legal = self._legal()
        targets = self.units_in(hover) if hover else []
        if kind == DECLARE and self.selected:
            for t in targets:
                if Assign(self.selected, t) in legal:
                    defender, attackers = t, declared.get(t, []) + [self.selected]
        if defender is None and kind == DECLARE:
            for t in targets:
                if t in declared:
                    defender, attackers = t, declared[t]
            if defender is None and declared:
                defender = next(iter(declared))
                attackers = declared[defender]
        if not defender or not attackers:
            return None
        try:
            p = self.game.preview(tuple(attackers), defender, False)
        except Exception:
            return None
        side = self.units_static[attackers[0]]["side"]
        sup = None
        if side == "ISR" and not self.state.get("night") and (
                self.state.get("supports_left", 0) > 0 or any(isinstance(a, Resolve) and a.support for a in legal)):
            try:
                sup = self.game.preview(tuple(attackers), defender, True)
            except Exception:
                sup = None
        return {"attackers": [self.lab(a) for a in attackers], "defender": self.lab(defender), "p": p,
                "support": sup, "night": bool(self.state.get("night")), "attacker_side": side,
                "defender_side": self.units_static[defender]["side"], "tentative": defender not in declared
                or len(attackers) != len(declared.get(defender, []))}

    # the threat view (T) ----------------------------------------------------------------
    threat_unsupported = ""
    #: CRT results that hurt the defender, and how much, for the threat view's colour
    DEFENDER_HARM = {"De": 1.0, "Ee": 1.0, "Dr": 0.5}

    def threats(self, seat: str) -> dict | None:
        """My units the enemy could attack after its next move [4][5]: from its hex or any
        hex its movement search reaches (enemy units block, entering ZOC stops; turn 1: a
        unit in ZOC stays), next to mine; each attacker in a hex not across a ridge where
        it can (the terrain shift). Odds: the rules' combat_preview (differential, shifts,
        combined arms, Israeli artillery support by day: Israel always has one) on the
        enemy's next turn (night or day); shown as the final column, coloured by the
        chance of De, Ee (and half of Dr)."""
        return threat.with_view(self.game, seat, lambda v: self._threats(v, seat))

    def _threats(self, v, seat: str) -> dict:
        from dataclasses import replace

        from game.rulesets.across_suez.rules import combat_preview
        enemy = "EGY" if seat == "ISR" else "ISR"
        f = v.flow()
        turn = v.turn if (f.side == enemy or enemy != v.data["first_player"]) else v.turn + 1
        night = v.is_night(turn)
        support = enemy == "ISR" and not night
        mine: dict[str, list[str]] = {}
        for u, h in v.units_on_map(seat):
            mine.setdefault(h, []).append(u.key)
        foes = [u.key for u, _h in v.units_on_map(enemy) if u.can_attack]
        fighters = {k: v.fighter(k) for k in foes}
        defenders = {k: v.fighter(k, True) for ks in mine.values() for k in ks}

        def preview(atts, d):
            return combat_preview([replace(fighters[k], hex=c) for k, c in atts], defenders[d], night=night,
                                  support=support, facts=v.facts, data=v.data)

        def harm(p):
            return sum(self.DEFENDER_HARM.get(r, 0.0) * q for r, q in p.odds)

        def rank(k, frm, to):                   # the best cell: not across a ridge [12.2]
            return frozenset((frm, to)) in v.facts.ridges

        def odds(cell, atts):
            p, d = max(((preview(atts, d), d) for d in mine[cell]), key=lambda x: harm(x[0]))
            detail = _("{att} against {dfn} ({unit}): column {col}").format(
                att=p.attack, dfn=p.defence, unit=self.lab(d), col=p.column_label) + "  " + p.text()
            return p.column_label, harm(p), detail

        return threat.reach_threats(mine, foes, lambda k: [v.pos(k), *v.reachable(k)],
                                    lambda k, frm: v.facts.neighbours.get(frm, ()), odds, rank)

    def draw_preview(self, surf: pygame.Surface, rect: pygame.Rect, pv: dict[str, Any]) -> bool:
        from ..widgets import fit_text
        p = pv["p"]
        A = self.assets
        pygame.draw.rect(surf, (30, 26, 22), rect, border_radius=8)
        pygame.draw.rect(surf, (200, 150, 60), rect, 2, border_radius=8)
        x, y, w = rect.x + 10, rect.y + 6, rect.width - 20
        head = f"{' + '.join(pv['attackers'])} → {pv['defender']}"
        surf.blit(fit_text(A, head, 19, w, (255, 214, 110), bold=True), (x, y))
        y += 24
        labels = self.crt["column_labels"]
        img = A.text(_("Firepower {attack} − defence {defence} = differential {differential:+d} → column {labels}").format(attack=p.attack, defence=p.defence, differential=p.differential, labels=labels[p.base_column]), 15, (236, 232, 220), bold=True, wrap=w)
        surf.blit(img, (x, y))
        y += img.get_height() + 2
        if p.shifts:
            for reason, n in p.shifts:
                img = A.text(f"{'→' if n > 0 else '←'} {abs(n)} {'right' if n > 0 else 'left'}: {tr(reason)}", 14,
                             (150, 220, 150) if n > 0 else (240, 150, 130), wrap=w)
                surf.blit(img, (x, y))
                y += img.get_height() + 1
        else:
            surf.blit(A.text(_("no column shifts"), 14, (170, 170, 170)), (x, y))
            y += 17
        if pv.get("night") and pv["attacker_side"] == "ISR":
            surf.blit(A.text(_("night: no artillery, no combined arms"), 14, (160, 170, 230)), (x, y))
            y += 17
        surf.blit(A.text(_("Final column {column_label} (net {net_shift:+d})").format(column_label=p.column_label, net_shift=p.net_shift), 16, (255, 214, 110), bold=True),
                  (x, y))
        y += 22
        y = self._odds_bar(surf, x, y, w, p.odds)
        sup = pv.get("support")
        if sup is not None and y + 40 < rect.bottom:
            surf.blit(A.text(_("With artillery support: column {column_label}").format(column_label=sup.column_label), 14, (150, 200, 255), bold=True),
                      (x, y))
            y += 18
            y = self._odds_bar(surf, x, y, w, sup.odds, small=True)
        if y + 16 < rect.bottom:
            hint = _("click to declare · attackers add up") if pv.get("tentative") else \
                _("add attackers, or Resolve (the result applies at once)")
            surf.blit(A.text(hint, 13, (170, 170, 170)), (x, y))
        return True

    def _odds_bar(self, surf, x, y, w, odds, small=False) -> int:
        h = 14 if small else 20
        cx = x
        for r, pr in odds:
            wpx = int(round(w * pr))
            if wpx > 0:
                pygame.draw.rect(surf, RESULT_COLOURS.get(r, (150, 150, 150)), (cx, y, wpx, h))
                if wpx > 22:
                    t = self.assets.text(r, 12, (20, 20, 20), bold=True)
                    surf.blit(t, t.get_rect(center=(cx + wpx / 2, y + h / 2)))
            cx += wpx
        pygame.draw.rect(surf, (0, 0, 0), (x, y, w, h), 1)
        y += h + 2
        txt = "  ".join(f"{r} {pr:.0%}" for r, pr in odds)
        img = self.assets.text(txt, 13 if small else 15, (236, 232, 220), bold=not small)
        surf.blit(img, (x, y))
        return y + img.get_height() + 4

    # dice ---------------------------------------------------------------------------------
    def dice_for(self, ev) -> dict[str, Any] | None:
        d, k = ev.data, ev.kind
        if k == "CombatResolved":
            names = " + ".join(self.lab(a) for a in d.get("attackers", ()))
            return {"heading": f"{names} → {self.lab(d.get('defender', ''))}",
                    "rows": [(_("CRT column {column}").format(column=d.get('column', '')), (d.get("roll", 1),), 1, ())],
                    "result": tr(ev.text), "duration": 1.8}
        if k == "BombardmentResolved":
            return {"heading": _("Egyptian bombardment: {lab}").format(lab=self.lab(d.get('target', ''))),
                    "rows": [(_("Artillery die"), (d.get("roll", 1),), 1, tuple(self.data["egyptian_bombardment"]["eliminate_on"]))],
                    "result": tr(ev.text), "duration": 1.4}
        if k == "CombatStarted":
            names = " + ".join(self.lab(a) for a in d.get("attackers", ()))
            return {"heading": f"{names} → {self.lab(d.get('defender', ''))}", "rows": [],
                    "result": _("{attack} − {defence} = {differential:+d}: column {column}").format(
                        attack=d.get('attack'), defence=d.get('defence'), differential=d.get('differential', 0),
                        column=d.get('column')) + (_(" · artillery support") if d.get("supported") else ""),
                    "duration": 0.9}
        return None


def _moon(surf, center, r) -> None:
    cx, cy = center
    pygame.draw.circle(surf, (240, 236, 190), (cx, cy), r)
    pygame.draw.circle(surf, (20, 28, 70), (cx + r * 0.45, cy - r * 0.2), r * 0.85)


# -- what the client's shared screens know of this game (game/client/facts.py) ---------------------
from ..palette import BLUE, ORANGE  # noqa: E402
from ..facts import ClientFacts  # noqa: E402

CLIENT = ClientFacts(
    sides={"ISR": ((72, 112, 176), BLUE, "circle"), "EGY": ((196, 160, 72), ORANGE, "triangle")},
    sprites=((r"ISR_", "ISR", "counter"), (r"EGY_", "EGY", "counter"), (r"(crossed_box|artillery)\.", "ISR", "marker"),
             (r"bombardment\.", "EGY", "marker")),
    rules_tables="game.client.games.across_suez_tables:TABLES",
)
