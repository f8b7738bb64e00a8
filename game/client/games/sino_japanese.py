"""日清戰爭 旭日與斜陽: the map's cities, ports, dotted sea lanes by colour, landing coasts
and off-map boxes; the turn, round, command-point and ammunition tracks with their
markers; counters with their activation, supply and garrison badges; the Beiyang
fleet and the bridgehead; the combat preview (the rules' own arithmetic: dice,
hit numbers, every modifier with its reason, the chance of each number of hits);
the damage allocation step by step as 7.4 orders it; and supply on request (L).

Every action submitted comes from ``game.legal_actions()``; this module only
groups the legal actions by cell so clicks and buttons can pick them.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.rulesets.sino_japanese.actions import (Activate, Advance, Concede, Declare, EndAdvance,
                                                 EndDeclarations, EndMovement, EndRecovery, Flip, Form, Land,
                                                 LiftBridgehead, Move, MoveFleet, Recover, Remove, RemoveExcess,
                                                 Resolve, Retreat, Ship)

from .. import threat
from ..i18n import _
from .base import blit_counter, Choice, ClickResult, GameUI, HexUnitsUI, label_image
from ..i18n import N_, _, bilingual, tr

PHASES = {"move": N_("movement"), "declare": N_("combat: declare"), "order": N_("combat: resolve"), "allocate": N_("damage"),
          "retreat": N_("damage: retreat"), "advance": N_("advance"), "stack": N_("over-stacked"), "recover": N_("recovery"),
          "mobilisation": N_("mobilisation"), "over": N_("game over")}
LANE = {"blue": (40, 96, 210), "yellow": (236, 190, 30), "red": (210, 40, 40)}
CITY_INK = (40, 30, 20)
STEP_MARK = {"flip": "①", "retreat": "②", "remove": "③"}
#: the damage allocation steps of the rules' Alloc (7.4), as the allocation panel names them
STEP_NAME = {"flip": N_("damage"), "retreat": N_("retreat"), "remove": N_("remove"), "done": N_("done")}
STEP_DONE = {"flip": N_("damaged"), "retreat": N_("retreats"), "remove": N_("removed")}
OOS = (230, 40, 40)
GOOD = (110, 220, 120)


class SinoJapaneseUI(HexUnitsUI):
    overlay_hint = N_("L: supply lines")
    zoc_hint = N_("Z: enemy ZOC (defence zones)")            # the rulebook's 防區
    zoc_control = N_("enemy zones of control, the defence zones (toggle)")
    top_left = 8 + 300 + 8      # the HUD (_draw_hud)

    def __init__(self, game, assets):
        super().__init__(game, assets)
        self.data = game.data
        self.units_static = {u["key"]: u for u in self.data["units"]}
        self._counter_cache: dict[tuple, pygame.Surface] = {}
        self.disp: dict[str, dict[str, Any]] = {}
        self.show_supply = False
        self._last_pv: dict[str, Any] | None = None
        self._cache: dict[Any, Any] = {}
        self._tracks: tuple | None = None       # the printed tracks' bounds on the map (_tracks_rect)
        self.sync()

    # identity ---------------------------------------------------------------------
    def side_colour(self, seat: str) -> tuple[int, int, int]:
        if seat == "JP":
            return (226, 60, 60)
        c = self.data["sides"].get(seat, {}).get("colour")
        return tuple(c) if c else (200, 200, 200)

    def side_name(self, seat: str) -> str:
        return _(self.data["sides"].get(seat, {}).get("name", seat))

    def lab(self, key: str) -> str:
        u = self.units_static.get(key, {})
        return f"{key} {u.get('name_local', '')}".strip()

    # display model (HexUnitsUI) ----------------------------------------------------
    CELL = "cell"
    MOVES = HexUnitsUI.MOVES + ("UnitShipped", "UnitLanded")
    STACK_STEP = 0.2

    def state_changed(self) -> None:
        self._cache.clear()

    def unit_shown(self, kind: str, d: dict, u: dict) -> None:
        if kind == "UnitFormed":
            u.update(cell=d["box"], mobilising=False)
        elif kind == "StepLost":
            u["damaged"] = True
        elif kind == "UnitRecovered":
            u["damaged"] = False
        elif kind == "UnitEliminated":
            u.update(cell=None, removed=True)

    def slide_for(self, ev):
        if ev.kind in ("UnitShipped", "UnitLanded"):
            cells = self.game.board.cells
            d = ev.data
            pts = [cells[h].center for h in (d.get("frm"), d.get("to")) if h in cells]
            return d.get("unit"), pts
        return super().slide_for(ev)

    def unit_at(self, hex_: str | None) -> str | None:
        ks = self.units_in(hex_)
        if self.selected in ks:
            return self.selected
        return ks[0] if ks else None

    # static map decoration ---------------------------------------------------------
    def decorate_static(self, surf: pygame.Surface, view, z: float) -> None:
        board = self.game.board
        g = self.game
        words = z >= 0.3
        lw = max(1, round(z * 1.5))
        # mountains: hatched, impassable
        for n, cell in board.cells.items():
            if cell.terrain == "mountain":
                pts = [(x * z, y * z) for x, y in view._corners[n]]
                xs = [p[0] for p in pts]
                ys = [p[1] for p in pts]
                box = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
                clip = surf.get_clip()
                surf.set_clip(box)
                for off in range(-int(box.height), int(box.width), max(5, int(9 * z))):
                    pygame.draw.line(surf, (92, 80, 64), (box.x + off, box.bottom), (box.x + off + box.height, box.y), lw)
                surf.set_clip(clip)
            elif cell.terrain == "sea":
                pts = [(x * z, y * z) for x, y in view._corners[n]]
                pygame.draw.polygon(surf, (78, 122, 170), pts)
        # sea lanes: dotted, in their colour
        for link in board.links(kind="sea_lane"):
            if link.props.get("optional") and not g.andong:
                continue
            col = LANE.get(str(link.props.get("colour")), (200, 200, 200))
            pts = [(x * z, y * z) for x, y in link.points]
            _dotted(surf, col, pts, max(2, int(3 * z)), max(7, int(14 * z)))
        # landing coasts: small red chevrons towards the sea
        for h, area in g.facts.landing.items():
            if h in board.cells and words:
                cx, cy = board.cells[h].center
                pts = [(cx * z + (t / 4 - 0.5) * 30 * z, cy * z + 24 * z + math.sin(t * 1.6) * 2.5 * z) for t in range(5)]
                pygame.draw.lines(surf, (200, 40, 40), False, pts, max(2, int(3 * z)))
        # cities, ports, fleet bases
        for h, kind in g.facts.city.items():
            cx, cy = board.cells[h].center
            p = (cx * z, cy * z - 16 * z)
            if kind == "fortress":
                r = 10 * z
                star = [(p[0] + r * math.cos(math.pi / 2 + i * math.pi / 4) * (1 if i % 2 == 0 else 0.6),
                         p[1] - r * math.sin(math.pi / 2 + i * math.pi / 4) * (1 if i % 2 == 0 else 0.6))
                        for i in range(8)]
                pygame.draw.polygon(surf, (80, 80, 90), star)
                pygame.draw.polygon(surf, (10, 10, 10), star, lw)
            elif kind == "large":
                r = pygame.Rect(0, 0, 16 * z, 12 * z)
                r.center = p
                pygame.draw.rect(surf, (190, 50, 40), r)
                pygame.draw.rect(surf, (20, 10, 10), r, lw)
            else:
                pygame.draw.circle(surf, (190, 50, 40), p, max(2, 6 * z))
                pygame.draw.circle(surf, (20, 10, 10), p, max(2, 6 * z), lw)
        for h, colours in g.ports.items():
            if h in g.facts.box_owner or h not in board.cells:
                continue
            cx, cy = board.cells[h].center
            a = (cx * z - 20 * z, cy * z - 14 * z)
            for i, c in enumerate(sorted(colours)):
                pygame.draw.circle(surf, LANE.get(c, (200, 200, 200)), (a[0] + i * 7 * z, a[1]), max(2, 6 * z))
                pygame.draw.circle(surf, (10, 10, 10), (a[0] + i * 7 * z, a[1]), max(2, 6 * z), lw)
            _anchor(surf, (a[0], a[1]), 4 * z)
            if h in g.facts.red_ports:
                pygame.draw.circle(surf, LANE["red"], (a[0], a[1]), max(3, 9 * z), max(2, int(2 * z)))
        # (the cities' and the sea's names: map_labels, drawn clear of the counters)
        # off-map boxes: framed, in their owner's colour, with their names
        for b in board.boxes:
            pts = [(x * z, y * z) for x, y in board.corners(b)]
            owner = g.facts.box_owner.get(b, "")
            pygame.draw.polygon(surf, _mix(self.side_colour(owner), (250, 245, 230), 0.55), pts)
            pygame.draw.polygon(surf, (30, 24, 16), pts, max(2, int(3 * z)))
            if words:
                props = board.cell(b).props
                t = bilingual(props.get('name_en', b), props.get('name_local', ''), "zh")
                img = self.assets.text(t, max(8, int(11 * z)), (30, 24, 16), bold=True)
                surf.blit(img, (pts[0][0] + 4 * z, pts[0][1] + 2 * z))
        # the tracks
        for obj in board.objects:
            if obj.layer != "tracks":
                continue
            r = pygame.Rect(obj.x * z, obj.y * z, obj.width * z, obj.height * z)
            opt = obj.props.get("optional") and not g.turns >= 9
            pygame.draw.rect(surf, (200, 196, 180) if opt else (240, 232, 206), r, border_radius=max(2, int(4 * z)))
            pygame.draw.rect(surf, (40, 34, 24), r, max(1, int(2 * z)), border_radius=max(2, int(4 * z)))
            if not words:
                continue
            p = obj.props
            if obj.type == "turn_box":
                t, t2 = str(p.get("turn")), tr(str(p.get("label", "")))
            elif obj.type == "round_box":
                t, t2 = f"R{p.get('round')}", ""
            elif obj.type == "ammo_box":
                t, t2 = str(p.get("ammo")), ""
            elif obj.type == "cp_box":
                t, t2 = "CP", self.side_name(str(p.get("side")))
            elif obj.type == "mobilisation_box":
                t, t2 = "動員", self.side_name(str(p.get("side")))
            else:
                t, t2 = obj.name, ""
            img = self.assets.text(t, max(8, int(13 * z)), (40, 34, 24), bold=True)
            surf.blit(img, (r.x + 3 * z, r.y + 2 * z))
            if t2:
                img = self.assets.text(t2, max(7, int(8 * z)), (70, 60, 40))
                surf.blit(img, img.get_rect(bottomleft=(r.x + 3 * z, r.bottom - 1 * z)))

    # counters ------------------------------------------------------------------------
    def counter_size(self, view) -> int:
        return max(14, int(view.hex_size() * 0.62))

    def counter_surface(self, key: str, damaged: bool, size: int) -> pygame.Surface:
        ck = (key, damaged, size)
        s = self._counter_cache.get(ck)
        if s is None:
            s = self.assets.scaled(f"sino_japanese/{key}_{'back' if damaged else 'front'}.png", size, size)
            if s is None:
                s = self._draw_counter(key, damaged, size)
            if len(self._counter_cache) > 400:
                self._counter_cache.clear()
            self._counter_cache[ck] = s
        return s

    def _draw_counter(self, key: str, damaged: bool, size: int) -> pygame.Surface:
        u = self.units_static.get(key, {"side": "", "type": ""})
        t = self.data["unit_types"].get(u.get("type"), {})
        face = t.get("damaged" if damaged else "front", {})
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        col = self.data["sides"].get(u["side"], {}).get("colour", (200, 200, 200))
        pygame.draw.rect(s, col, s.get_rect(), border_radius=max(2, size // 10))
        pygame.draw.rect(s, (20, 16, 12), s.get_rect(), max(1, size // 24), border_radius=max(2, size // 10))
        ink = (196, 40, 40) if u["side"] == "JP" else (30, 30, 30)
        lab = self.assets.text(key, max(7, int(size * 0.3)), ink, bold=True)
        s.blit(lab, lab.get_rect(center=(size / 2, size * 0.32)))
        v = self.assets.text(f"{face.get('attack', '?')}-{face.get('durability', '?')}-{face.get('move', '?')}",
                             max(7, int(size * 0.24)), ink, bold=True)
        s.blit(v, v.get_rect(center=(size / 2, size * 0.72)))
        return s

    def _marker(self, name: str, size: int) -> pygame.Surface | None:
        return self.assets.scaled(f"sino_japanese/{name}.png", size, size)

    # dynamic drawing --------------------------------------------------------------------
    def map_labels(self, view) -> list[tuple[pygame.Surface, tuple[float, float]]]:
        g, board, z = self.game, self.game.board, view.z
        out = []
        for h in g.facts.vp:
            name = g.facts.names.get(h, "")
            local = board.cells[h].props.get("name_zh", "")
            img = label_image(self.assets, f"{local} {g.facts.vp[h]}" if local else name, max(10, int(12 * z)),
                              CITY_INK, (255, 250, 232, 170), pad=(4, 0))
            cx, cy = view.hex_center(h)
            out.append((img, (cx, cy + 14 * z + img.get_height() / 2)))
        for obj in board.objects_of_type("decor"):
            t = str(obj.props.get("label_local") or obj.props.get("label", ""))
            if obj.props.get("label_local"):
                t = f"{obj.props['label_local']} {obj.props.get('label', '')}"
            out.append((label_image(self.assets, t, max(10, int(13 * z)), (30, 40, 60)), view.to_screen(obj.x, obj.y)))
        return out

    def stack_order(self, keys: list[str]) -> list[str]:
        return sorted(keys)

    def _box_layout(self, view, cell: str, n: int, size: int) -> tuple[list[tuple[float, float]], int]:
        """An off-map box's counters: in a row across it (centres, counter size)."""
        pts = view.board.corners(cell)
        x0, y0 = view.to_screen(pts[0][0], pts[0][1])
        x1, y1 = view.to_screen(pts[2][0], pts[2][1])
        bs = int(min(size, (y1 - y0) * 0.78))
        return [(min(x0 + bs * 0.62 + i * (bs * 0.72), x1 - bs * 0.3), (y0 + y1) / 2 + bs * 0.06)
                for i in range(n)], bs

    def stack_centres(self, view, cell, keys, size):
        if cell in self.game.facts.box_owner:
            return self._box_layout(view, cell, len(keys), size)[0]
        return super().stack_centres(view, cell, keys, size)

    def draw(self, surf: pygame.Surface, view, now: float) -> None:
        small = self.thumbnail(view)
        st = self.state
        size = self.counter_size(view)
        if not small:
            self._draw_track_markers(surf, view)
            self._draw_control(surf, view)
        if self.show_supply and not small:
            self._draw_supply(surf, view)
        self._draw_fleet_and_bridgehead(surf, view, size)
        blink = self.blinking()
        sel = self.selected
        live = {u["key"]: u for u in st["units"]}
        for cell, keys in self.shown_stacks(view).items():
            keys = self.stack_order(keys)
            if cell in self.game.facts.box_owner:
                centres, bs = self._box_layout(view, cell, len(keys), size)
                for key, c in zip(keys, centres):
                    self._blit_unit(surf, key, live.get(key), c, bs, now, key == sel, key in blink, small)
                continue
            for key, c in zip(keys, self.stack_centres(view, cell, keys, size)):
                self._blit_unit(surf, key, live.get(key), c, size, now, key == sel, key in blink, small)
        if not self.still_only:
            self.draw_moving(surf, view, now)
        if small:
            return
        self._draw_hud(surf, view)
        if st.get("combat"):
            self._draw_allocation(surf, view)
        elif self._last_pv is not None and self._kind() in ("declare", "order"):
            self._draw_preview_panel(surf, view)

    def draw_moving(self, surf: pygame.Surface, view, now: float) -> bool:
        size = self.counter_size(view)
        small = self.thumbnail(view)
        for key in list(self.moving):
            if key in self.disp:
                px, py = self.moving[key]
                self._blit_unit(surf, key, None, view.to_screen(px, py), size, now, key == self.selected, False,
                                small, lifted=True)
        return True

    def _blit_unit(self, surf, key, live, center, size, now, selected, blinking, small, lifted=False) -> None:
        u = self.disp[key]
        img = self.counter_surface(key, bool(u["damaged"]), size)
        blit_counter(surf, img, center, size, now, selected, blinking, self.flash.get(key, 0.0), lifted)
        if small or live is None or lifted:
            return
        x, y = center
        half = size / 2
        r = max(5, int(size * 0.16))
        # activation: a green A (moved: the MP used), a ship for a transport or landing
        if live.get("shipped"):
            _badge(surf, self.assets, (x + half - r * 0.4, y - half + r * 0.4), r, (40, 110, 200), "⚓")
        elif live.get("activated"):
            t = f"{live['mp_used']}" if live.get("moved") else "A"
            _badge(surf, self.assets, (x + half - r * 0.4, y - half + r * 0.4), r, (40, 150, 60), t)
        if live.get("formed"):
            _badge(surf, self.assets, (x + half - r * 0.4, y - half + r * 0.4), r, (120, 120, 120), "F")
        # out of supply: a red ring and a cross
        if live.get("supplied") is False:
            rect = pygame.Rect(0, 0, size + 6, size + 6)
            rect.center = (x, y)
            pygame.draw.rect(surf, OOS, rect, max(2, size // 14), border_radius=max(3, size // 8))
            _badge(surf, self.assets, (x - half + r * 0.4, y + half - r * 0.4), r, OOS, "✕")
        if live.get("garrison"):
            _badge(surf, self.assets, (x - half + r * 0.4, y - half + r * 0.4), r, (70, 70, 80), "G")

    def _track_rect(self, view, type_: str, **props) -> pygame.Rect | None:
        for obj in self.game.board.objects_of_type(type_):
            if all(obj.props.get(k) == v for k, v in props.items()):
                x, y = view.to_screen(obj.x, obj.y)
                return pygame.Rect(x, y, obj.width * view.z, obj.height * view.z)
        return None

    def _draw_track_markers(self, surf, view) -> None:
        st = self.state
        ms = max(12, int(34 * view.z))
        r = self._track_rect(view, "turn_box", turn=st["turn"])
        if r:
            self._put_marker(surf, "turn", r.center, ms)
        r = self._track_rect(view, "round_box", round=max(1, st["round"]))
        if r:
            self._put_marker(surf, "round", r.center, ms)
        for i, side in enumerate(("JP", "QING")):
            a = st["ammo"][side]
            r = self._track_rect(view, "ammo_box", ammo=a)
            if r:
                self._put_marker(surf, f"ammo_{side}", (r.centerx + (i * 2 - 1) * ms * 0.18, r.centery + (i * 2 - 1) * ms * 0.12), ms)
            r = self._track_rect(view, "cp_box", side=side)
            if r:
                self._put_marker(surf, f"cp_{side}", r.center, ms)
                t = self.assets.text(str(st["cp"][side]), max(10, int(ms * 0.55)), (255, 255, 255), bold=True)
                bg = t.get_rect(center=(r.right - ms * 0.2, r.top + ms * 0.2)).inflate(6, 0)
                pygame.draw.rect(surf, (30, 30, 40), bg, border_radius=bg.height // 2)
                surf.blit(t, t.get_rect(center=bg.center))
            r = self._track_rect(view, "mobilisation_box", side=side)
            if r:
                waiting = [u["key"] for u in st["units"] if u["side"] == side and u["mobilising"]]
                cs = int(min(r.height * 0.86, ms))
                for j, k in enumerate(waiting[:5]):
                    img = self.counter_surface(k, False, cs)
                    surf.blit(img, img.get_rect(midleft=(r.x + 2 + j * cs * 0.55, r.centery)))

    def _put_marker(self, surf, name, center, size) -> None:
        img = self._marker(name, size)
        if img is None:
            return
        rr = img.get_rect(center=center)
        pygame.draw.rect(surf, (0, 0, 0), rr.move(2, 2), border_radius=max(2, size // 8))
        surf.blit(img, rr)

    def _draw_control(self, surf, view) -> None:
        """A small rising-sun disc on every city and port Japan holds."""
        r = max(4, int(7 * view.z))
        for h in self.state["jp_control"]:
            if h in view.board.cells:
                cx, cy = view.hex_center(h)
                p = (cx + view.hex_size() * 0.3, cy - view.hex_size() * 0.3)
                pygame.draw.circle(surf, (20, 20, 20), p, r + 1)
                pygame.draw.circle(surf, (255, 255, 255), p, r)
                pygame.draw.circle(surf, (210, 30, 30), p, max(2, r * 0.5))

    def _draw_fleet_and_bridgehead(self, surf, view, size) -> None:
        st = self.state
        fl = st["fleet"]
        ms = int(size * 0.8)
        if fl["hex"] and not fl["removed"] and fl["hex"] in view.board.cells:
            cx, cy = view.hex_center(fl["hex"])
            self._put_marker(surf, "fleet_flipped" if fl["flipped"] else "fleet",
                             (cx - view.hex_size() * 0.34, cy + view.hex_size() * 0.22), ms)
        bh = st.get("bridgehead")
        if bh and bh in view.board.cells:
            cx, cy = view.hex_center(bh)
            self._put_marker(surf, "bridgehead", (cx - view.hex_size() * 0.34, cy + view.hex_size() * 0.22), ms)

    def _tracks_rect(self, view) -> pygame.Rect:
        """Where the printed tracks (turns, rounds, ammunition, command points) are on screen."""
        if self._tracks is None:
            objs = [o for o in self.game.board.objects
                    if o.type in ("turn_box", "round_box", "ammo_box", "cp_box", "mobilisation_box")]
            x0, y0 = min(o.x for o in objs), min(o.y for o in objs)
            self._tracks = (x0, y0, max(o.x + o.width for o in objs) - x0, max(o.y + o.height for o in objs) - y0)
        x, y, w, h = self._tracks
        sx, sy = view.to_screen(x, y)
        return pygame.Rect(round(sx), round(sy), round(w * view.z), round(h * view.z))

    def hud_rect(self, view) -> pygame.Rect:
        """The HUD's place: the map's top left corner, else the first other corner where it
        does not cover the printed tracks (the camera may have them under the top left)."""
        area = view.area
        box = pygame.Rect(area.x + 8, area.y + 8, 300, 128)
        tracks = self._tracks_rect(view).inflate(8, 8)
        for at in ("topleft", "topright", "bottomright"):
            setattr(box, at, getattr(area.inflate(-16, -16), at))
            if not box.colliderect(tracks):
                return box
        box.topleft = area.inflate(-16, -16).topleft
        return box

    def _draw_hud(self, surf, view) -> None:
        """Command points, initiative, ammunition and points, large, at a corner of the map
        (hud_rect)."""
        st = self.state
        box = self.hud_rect(view)
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        s.fill((16, 20, 30, 225))
        surf.blit(s, box.topleft)
        pygame.draw.rect(surf, (200, 170, 90), box, 2, border_radius=6)
        A = self.assets
        label = tr(self.data["turn_track"].get(str(st["turn"]), {}).get("label", ""))
        surf.blit(A.text(_("{label} · round {round}/{rounds}").format(label=label, round=st['round'], rounds=st['rounds']), 18, (255, 226, 140), bold=True),
                  (box.x + 10, box.y + 6))
        y = box.y + 32
        for side in ("JP", "QING"):
            col = self.side_colour(side)
            first = st["first"] == side
            pygame.draw.rect(surf, col, (box.x + 10, y + 2, 10, 24), border_radius=3)
            surf.blit(A.text(("★ " if first else "") + self.side_name(side), 18, col, bold=True), (box.x + 26, y + 2))
            surf.blit(A.text(_("CP {cp}").format(cp=st['cp'][side]), 20, (240, 240, 240), bold=True), (box.x + 130, y + 1))
            am = st["ammo"][side]
            surf.blit(A.text(_("ammo {am}/19").format(am=am), 18, (240, 220, 160), bold=True), (box.x + 196, y + 2))
            y += 28
        fl = st["fleet"]
        fleet = _("fleet gone") if fl["removed"] else (_("fleet flipped") if fl["flipped"] else _("fleet face up"))
        surf.blit(A.text(_("Japan {vp} VP (20 wins) · {fleet}").format(vp=st['vp'], fleet=fleet), 16, (220, 226, 240), bold=True),
                  (box.x + 10, y + 4))

    def _draw_allocation(self, surf, view) -> None:
        """The combat under way: the hits each side allocates, step by step (7.4)."""
        c = self.state["combat"]
        area = view.area
        A = self.assets
        lines: list[tuple[str, tuple[int, int, int]]] = []
        lines.append((_("Attack on {hex}: hits {attack_hits} on the defenders, {counter_hits} on the attackers").format(hex=c['hex'], attack_hits=c['attack_hits'], counter_hits=c['counter_hits']), (255, 226, 140)))
        for which in ("defender_alloc", "attacker_alloc"):
            a = c.get(which)
            if not a:
                continue
            now = " ◀" if (c["stage"] == "defender") == (which == "defender_alloc") and c["stage"] in (
                "defender", "attacker") else ""
            lines.append((_("{side_name}: {hits} left, step {get} {step}{now}").format(side_name=self.side_name(a['side']), hits=a['hits'], get=STEP_MARK.get(a['step'], ''), step=_(STEP_NAME.get(a['step'], a['step'])), now=now), self.side_colour(a["side"])))
            for step, unit, paid in a["log"]:
                verb = _(STEP_DONE[step])
                lines.append((_("   {STEP_MARK} {lab} pays {paid}: {verb}").format(STEP_MARK=STEP_MARK[step], lab=self.lab(unit), paid=paid, verb=verb), (230, 230, 230)))
        w = 380
        h = 10 + 20 * len(lines)
        box = pygame.Rect(area.x + 8, area.bottom - h - 8, w, h)
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        s.fill((16, 20, 30, 230))
        surf.blit(s, box.topleft)
        pygame.draw.rect(surf, (200, 170, 90), box, 2, border_radius=6)
        y = box.y + 5
        for t, col in lines:
            surf.blit(A.text(t, 15, col, bold=True), (box.x + 8, y))
            y += 20

    def start_view(self, view) -> None:
        """The map is tall: open zoomed to its width, on Korea and Liaodong (wheel or - shows it all)."""
        view.zoom(3)
        x, y = self.game.board.cells["1415"].center
        sx, sy = view.to_screen(x, y)
        view.pan(view.area.centerx - sx, view.area.centery - sy)
        below = view.area.y + 8 + 128 + 8 - self._tracks_rect(view).y     # the tracks below the HUD
        if below > 0:
            view.pan(0, below)

    # supply on request (L) ----------------------------------------------------------------
    def supply_report(self) -> list[tuple[str, list[str] | None, str]]:
        """(unit, its supply line or None, why not) for every unit on the map."""
        got = self._cache.get("supply")
        if got is None:
            got = []
            for u in self.state["units"]:
                if u["cell"]:
                    line, why = self.game.supply_line(u["key"])
                    got.append((u["key"], line, why))
            self._cache["supply"] = got
        return got

    def toggle_overlay(self) -> str:
        self.show_supply = not self.show_supply
        if not self.show_supply:
            return _("Supply lines hidden")
        rep = self.supply_report()
        cut = [(k, why) for k, line, why in rep if line is None]
        if not cut:
            return _("Supply: all {n} units in supply (lines shown)").format(n=len(rep))
        first = cut[0]
        return _("Supply: {n} cut off ({lab}: {first})").format(n=len(cut), lab=self.lab(first[0]), first=tr(first[1]))

    def _draw_supply(self, surf, view) -> None:
        sel = self.selected
        for key, line, why in self.supply_report():
            if sel and key != sel and self.units_static[key]["side"] != self.units_static.get(sel, {}).get("side"):
                continue
            side = self.units_static[key]["side"]
            if line is None:
                h = self.unit_hex(key)
                if h:
                    view.draw_hex(surf, h, (255, 40, 30, 90))
                    view.draw_hex(surf, h, (255, 40, 30, 230), width=3)
                continue
            if len(line) < 2:
                continue
            pts = [view.hex_center(h) for h in line]
            col = (255, 120, 120) if side == "JP" else (250, 220, 90)
            width = 5 if key == sel else 3
            pygame.draw.lines(surf, (0, 0, 0), False, pts, width + 3)
            pygame.draw.lines(surf, col, False, pts, width)
            pygame.draw.circle(surf, col, pts[-1], width + 3)

    # panel text -----------------------------------------------------------------------------
    def status(self) -> list[tuple[str, str]]:
        st = self.state
        d = self.game.pending()
        if st["phase"] == "over" or d is None:
            phase = _("Game over")
        else:
            phase = f"{self.side_name(d.seat)} {_(PHASES.get(st['phase'], st['phase']))}"
        score = (_("R{round} · ★{side_name} · CP {JP}/{QING} · ammo {JP2}/{QING2} · {vp} VP").format(round=st['round'], side_name=self.side_name(st['first']), JP=st['cp']['JP'], QING=st['cp']['QING'], JP2=st['ammo']['JP'], QING2=st['ammo']['QING'], vp=st['vp']))
        return [("Turn", f"{st['turn']}/{st['turns']}"), ("Phase", phase), ("Score", score)]

    def hover_lines(self, hex_: str | None) -> list[str]:
        board = self.game.board
        g = self.game
        if hex_ is None or hex_ not in board.cells:
            return []
        cell = board.cells[hex_]
        out = []
        for key in self.units_in(hex_):
            u = next((x for x in self.state["units"] if x["key"] == key), self.disp[key])
            s = self.units_static[key]
            flags = []
            if u["damaged"]:
                flags.append("damaged")
            if u.get("garrison"):
                flags.append(_("garrison of {garrison}").format(garrison=u['garrison']))
            if u.get("activated"):
                flags.append(_("activated, {mp_used} MP used").format(mp_used=u['mp_used']) if u.get("moved") else "activated")
            if u.get("shipped"):
                flags.append(_("shipped this round"))
            if u.get("supplied") is False:
                flags.append(_("OUT OF SUPPLY"))
            out.append(f"{key} {s['name_local']} ({s.get('commander', '')})")
            out.append("  " + _("{side} · attack {attack}, durability {durability}, MA {ma}").format(
                side=self.side_name(u['side']), attack=u['attack'], durability=u['durability'], ma=u['ma'])
                       + (" · " + ", ".join(flags) if flags else ""))
        if cell.kind == "box":
            p = cell.props
            out.append(_("{box}: {side_name}'s box (supply source, port; 1 MP in from next door)").format(box=bilingual(p.get('name_en', hex_), p.get('name_local', ''), "zh"), side_name=self.side_name(str(p.get('owner')))))
            return out
        terr = {"clear": _("clear: 1 MP"), "hill": _("hills 丘陵: 2 MP; the attacker scores 1 hit fewer"),
                "mountain": _("mountains 山地: impassable"), "sea": _("sea")}.get(cell.terrain, cell.terrain)
        place = bilingual(cell.props.get("name_en", ""), cell.props.get("name_zh", ""), "zh")
        out.append(f"{hex_} {place}".strip() + f" · {terr}")
        city = g.facts.city.get(hex_)
        if city:
            eff = {"small": _("attacker -1 hit"), "large": _("attacker -1 hit, counterfire -1"),
                   "fortress": _("durability +1, counterfire -1")}[city]
            out.append(_("{name_en} {name_local}: {get} VP, {eff}; held by {side_name}").format(name_en=tr(self.data['city_types'][city].get('name_en', city)), name_local=self.data['city_types'][city]['name_local'], get=g.facts.vp.get(hex_, 0), eff=eff, side_name=self.side_name(g.controller(hex_))))
        if hex_ in g.ports:
            out.append(_("port: {lanes} lanes").format(lanes=", ".join(sorted(g.ports[hex_]))) + (_(" · red port (landings)")
                                                                                  if hex_ in g.facts.red_ports else ""))
        if hex_ in g.facts.landing:
            out.append(_("landing coast ({replace})").format(replace=g.facts.landing[hex_].replace('_', ' ')))
        rivers = [n for n in g.facts.neighbours.get(hex_, ()) if frozenset((hex_, n)) in g.facts.river]
        if rivers:
            out.append(_("river sides to {hexes} (an attack across: -1 hit per unit)").format(hexes=", ".join(rivers)))
        return out

    # interaction ---------------------------------------------------------------------------------
    def _movers(self) -> list[str]:
        return self._units_with(Move) + [k for k in self._units_with(Ship) + self._units_with(Land)
                                         + self._units_with(Activate) if k not in self._units_with(Move)]

    def auto_select(self) -> None:
        kind = self._kind()
        legal_units = {"move": self._movers(), "declare": self._units_with(Declare),
                       "retreat": self._units_with(Retreat), "advance": self._units_with(Advance)}.get(kind)
        if legal_units is None:
            self.selected = None
        elif self.selected not in legal_units:
            self.selected = legal_units[0] if kind in ("retreat",) and legal_units else None

    def targets(self) -> dict[str, str]:
        kind = self._kind()
        out: dict[str, str] = {}
        sel = self.selected
        legal = self._legal()
        if kind == "move":
            if sel:
                for a in legal:
                    if isinstance(a, (Ship, Land)) and a.unit == sel:
                        out[a.to] = "resolve"
                self._mark_dest(out, Move, "move", sel)
            else:
                self._mark_units(out, self._movers(), "select")
        elif kind == "declare":
            if sel:
                for a in legal:
                    if isinstance(a, Declare) and a.unit == sel:
                        out[a.hex] = "attack"
            else:
                self._mark_units(out, self._units_with(Declare), "select")
        elif kind == "order":
            for a in legal:
                if isinstance(a, Resolve):
                    out[a.hex] = "resolve"
        elif kind == "allocate":
            self._mark_named(out, Flip, "unit", "attack")
            self._mark_named(out, Remove, "unit", "attack")
        elif kind == "retreat":
            self._mark_dest(out, Retreat, "retreat", sel)
            self._mark_units(out, [k for k in self._units_with(Retreat) if k != sel], "select", keep=True)
        elif kind == "advance":
            c = self.state.get("combat")
            if c:
                out[c["hex"]] = "advance"
            self._mark_units(out, self._units_with(Advance), "select", keep=True)
        elif kind == "stack":
            self._mark_named(out, RemoveExcess, "unit", "attack")
        elif kind == "recover":
            self._mark_named(out, Recover, "unit", "advance")
        return out

    def blinking(self) -> set[str]:
        kind = self._kind()
        if kind in ("allocate", "retreat", "stack"):
            return set(self._units_with({"allocate": Flip, "retreat": Retreat, "stack": RemoveExcess}[kind])
                       + self._units_with(Remove))
        return set()

    def arrows(self) -> list[tuple[str, str]]:
        out = []
        for h, atts, _prep in self.state.get("declared", []):
            for a in atts:
                ah = self.unit_hex(a)
                if ah and ah in self.game.board.cells and h in self.game.board.cells:
                    out.append((ah, h))
        return out

    def click(self, hex_: str | None) -> ClickResult:
        kind = self._kind()
        legal = self._legal()
        sel = self.selected
        if hex_ is None:
            self.selected = None
            return ClickResult(handled=True)
        units = self.units_in(hex_)
        if kind == "move":
            if sel:
                for a in legal:
                    if isinstance(a, Move) and a.unit == sel and a.to == hex_:
                        return ClickResult(action=a)
                for cls in (Ship, Land):
                    for a in legal:
                        if isinstance(a, cls) and a.unit == sel and a.to == hex_:
                            return ClickResult(action=a)
            movers = self._movers()
            cands = [u for u in units if u in movers]
            if cands:
                i = (cands.index(sel) + 1) % len(cands) if sel in cands else 0
                self.selected = cands[i]
                return ClickResult(handled=True)
            if units and self.units_static[units[0]]["side"] == self.state["side"]:
                self.selected = None
                u = next((x for x in self.state["units"] if x["key"] == units[0]), {})
                why = (_("is out of supply") if u.get("supplied") is False else
                       _("has already been activated") if u.get("activated") else
                       _("is a garrison: it stays in its fortress") if u.get("garrison") else
                       _("was formed this round") if u.get("formed") else _("cannot move now (no command points?)"))
                return ClickResult(error=f"{self.lab(units[0])} {why}")
            if sel:
                self.selected = None
                return ClickResult(error=_("{hex_} is out of reach").format(hex_=hex_))
            return ClickResult(handled=True)
        if kind == "declare":
            if sel:
                for prepared in (False, True):
                    a = Declare(sel, hex_, prepared)
                    if a in legal:
                        self.selected = None
                        return ClickResult(action=a)
            cands = [u for u in units if u in self._units_with(Declare)]
            if cands:
                i = (cands.index(sel) + 1) % len(cands) if sel in cands else 0
                self.selected = cands[i]
                return ClickResult(handled=True)
            if sel:
                return ClickResult(error=_("{lab} cannot attack {hex_}").format(lab=self.lab(sel), hex_=hex_))
            return ClickResult(error=_("select one of your activated units next to an enemy, then its target"))
        if kind == "order":
            if Resolve(hex_) in legal:
                return ClickResult(action=Resolve(hex_))
            return ClickResult(error=_("click a hex with an arrow pointing at it"))
        if kind in ("allocate", "stack", "recover"):
            for a in legal:
                if isinstance(a, (Flip, Remove, RemoveExcess, Recover)) and a.unit in units:
                    return ClickResult(action=a)
            return ClickResult(error=_("click a lit unit, or use the buttons"))
        if kind == "retreat":
            for a in legal:
                if isinstance(a, Retreat) and a.to == hex_ and (sel is None or a.unit == sel):
                    return ClickResult(action=a)
            cands = [u for u in units if u in self._units_with(Retreat)]
            if cands:
                self.selected = cands[0]
                return ClickResult(handled=True)
            return ClickResult(error=_("retreat to a lit hex"))
        if kind == "advance":
            c = self.state.get("combat") or {}
            if hex_ == c.get("hex"):
                opts = [a for a in legal if isinstance(a, Advance) and (sel is None or a.unit == sel)]
                if opts:
                    return ClickResult(action=opts[0])
            cands = [u for u in units if u in self._units_with(Advance)]
            if cands:
                self.selected = cands[0]
                return ClickResult(handled=True)
            return ClickResult(error=_("click the emptied hex to advance, or stop"))
        return ClickResult()

    def choices(self) -> list[Choice]:
        legal = self._legal()
        kind = self._kind()
        sel = self.selected
        out: list[Choice] = []
        if kind == "move":
            cp = self.state["cp"][self.state["side"]]
            out.append(Choice(_("End movement ({cp} CP → ammunition)").format(cp=cp), EndMovement(), primary=True))
            if sel:
                if Activate(sel) in legal:
                    out.append(Choice(_("Activate {sel} here (1 CP; prepared attack)").format(sel=sel), Activate(sel)))
                for a in legal:
                    if isinstance(a, Land) and a.unit == sel and len(out) < 5:
                        out.append(Choice(_("Land {sel} at {to} (3 CP): click a red hex").format(sel=sel, to=a.to), None, enabled=False,
                                          reason=_("click one of the hexes lit orange")))
                        break
                ships = [a for a in legal if isinstance(a, Ship) and a.unit == sel]
                if ships:
                    out.append(Choice(_("Ship {sel} (2 CP): {join}").format(sel=sel, join=', '.join(a.to for a in ships[:4])), None, enabled=False,
                                      reason=_("click one of the ports lit orange")))
            for a in legal:
                if isinstance(a, Form) and len(out) < 5:
                    out.append(Choice(_("Form {unit} in {box} (1 CP)").format(unit=a.unit, box=tr(a.box)), a))
            for a in legal:
                if isinstance(a, (MoveFleet, LiftBridgehead)) and len(out) < 6:
                    out.append(Choice(_("Beiyang fleet to {hex}").format(hex=a.to) if isinstance(a, MoveFleet)
                                      else _("Take up the bridgehead"), a))
            if Concede() in legal and len(out) < 6:
                out.append(Choice(_("Concede the war"), Concede()))
        elif kind == "declare":
            n = len(self.state.get("declared", []))
            out.append(Choice(_("Resolve the attacks") if n else _("No attack: end combat"), EndDeclarations(),
                              primary=True))
            if sel:
                for a in legal:
                    if isinstance(a, Declare) and a.unit == sel and len(out) < 6:
                        out.append(Choice(f"{_('Prepared attack') if a.prepared else _('Attack')} {a.hex}"
                                          f"{_(' (x1.5, 2 ammo)') if a.prepared else _(' (1 ammo)')}", a))
        elif kind == "order":
            for a in legal:
                if isinstance(a, Resolve) and len(out) < 6:
                    out.append(Choice(_("Resolve the attack on {hex}").format(hex=a.hex), a, primary=not out))
        elif kind in ("allocate", "stack"):
            for a in legal:
                verb = {Flip: _("Damage"), Remove: _("Remove"), RemoveExcess: _("Remove")}[type(a)]
                if len(out) < 6:
                    out.append(Choice(f"{verb} {self.lab(a.unit)}", a, primary=not out))
        elif kind == "retreat":
            for a in legal:
                if isinstance(a, Retreat) and len(out) < 6:
                    out.append(Choice(_("{lab} retreats to {to}").format(lab=self.lab(a.unit), to=a.to), a, primary=not out))
        elif kind == "advance":
            out.append(Choice(_("Do not advance"), EndAdvance(), primary=True))
            for a in legal:
                if isinstance(a, Advance) and len(out) < 6:
                    out.append(Choice(_("Advance {lab}").format(lab=self.lab(a.unit)), a))
        elif kind == "recover":
            out.append(Choice(_("End the round"), EndRecovery(), primary=True))
            for a in legal:
                if isinstance(a, Recover) and len(out) < 6:
                    out.append(Choice(_("Recover {lab} (1 ammo)").format(lab=self.lab(a.unit)), a))
        return out

    def actable_hexes(self) -> list[str]:
        kind = self._kind()
        keys = {"move": self._movers(), "declare": self._units_with(Declare), "retreat": self._units_with(Retreat),
                "advance": self._units_with(Advance), "recover": self._units_with(Recover),
                "allocate": self._units_with(Flip) + self._units_with(Remove),
                "stack": self._units_with(RemoveExcess)}.get(kind, [])
        out = []
        for h in (self.unit_hex(k) for k in keys):
            if h and h not in out:
                out.append(h)
        if kind == "order":
            out += [a.hex for a in self._legal() if isinstance(a, Resolve)]
        return out

    def select_at(self, hex_: str) -> None:
        k = self.unit_at(hex_)
        if k:
            self.selected = k

    def zoc_hexes(self) -> set[str]:
        try:
            return set(self.game.enemy_zoc(self.state["side"]))
        except Exception:
            return set()

    # combat preview: the rules' own arithmetic ------------------------------------------------------------
    def preview(self, hover: str | None) -> dict[str, Any] | None:
        kind = self._kind()
        st = self.state
        declared = {h: (list(a), list(p)) for h, a, p in st.get("declared", [])}
        legal = self._legal()
        target, atts, prep, tentative = None, [], [], False
        if kind == "declare" and self.selected and hover:
            opts = [a for a in legal if isinstance(a, Declare) and a.unit == self.selected and a.hex == hover]
            if opts:
                base_a, base_p = declared.get(hover, ([], []))
                best = max(opts, key=lambda a: a.prepared)
                target, atts = hover, base_a + [self.selected]
                prep = base_p + ([self.selected] if best.prepared else [])
                tentative = True
        if kind not in ("declare", "order"):
            self._last_pv = None
            return None
        if target is None and declared:
            target = hover if hover in declared else next(iter(declared))
            atts, prep = declared[target]
        if not target or not atts:
            self._last_pv = None
            return None
        try:
            p = self.game.preview(target, tuple(atts), tuple(prep))
        except Exception:
            self._last_pv = None
            return None
        self._last_pv = {"p": p, "tentative": tentative, "attacker_side": self.units_static[atts[0]]["side"]}
        return self._last_pv

    def draw_preview(self, surf: pygame.Surface, rect: pygame.Rect, pv: dict[str, Any]) -> bool:
        """The side panel's short form: dice, expected hits and the chance of each number of hits
        (the whole breakdown, every modifier with its reason, is drawn over the map)."""
        from ..widgets import fit_text
        p = pv["p"]
        A = self.assets
        pygame.draw.rect(surf, (30, 26, 22), rect, border_radius=8)
        pygame.draw.rect(surf, (200, 150, 60), rect, 2, border_radius=8)
        x, y, w = rect.x + 10, rect.y + 6, rect.width - 20
        cdice = p.counter_dice + p.fleet_dice
        head = _("{join} → {hex}: {attack_dice} dice v {cdice}").format(join=' + '.join(p.attackers), hex=p.hex, attack_dice=p.attack_dice, cdice=cdice)
        surf.blit(fit_text(A, head, 18, w, (255, 214, 110), bold=True), (x, y))
        y += 22
        y = self._hits_bar(surf, x, y, w, _("on defenders"), p.attack_hits, (90, 200, 110), rect.bottom)
        if cdice:
            self._hits_bar(surf, x, y, w, _("on attackers"), p.counter_hits, (220, 90, 80), rect.bottom)
        return True

    def _draw_preview_panel(self, surf, view) -> None:
        """The combat preview over the map: what each side rolls, the hit numbers, every modifier
        with its reason, the ammunition spent, the damage costs and the chance of each number of hits
        (all from the rules' own preview, the arithmetic the resolution rolls)."""
        pv = self._last_pv
        p = pv["p"]
        A = self.assets
        g = self.game
        lines: list[tuple[str, tuple[int, int, int], int]] = []
        where = bilingual(g.facts.names.get(p.hex, p.hex), g.facts.originals.get(p.hex, ""), "zh")
        city = g.facts.city.get(p.hex)
        terr = tr(self.data["city_types"][city].get("name_en", city) if city else g.facts.terrain.get(p.hex, ""))
        lines.append((f"{' + '.join(p.attackers)} → {p.hex} {where} ({terr})", (255, 214, 110), 18))
        parts = " + ".join(f"{k} {n} ({tr(why)})" for k, n, why in p.attack_parts)
        lines.append((_("Attack: {attack_dice} dice = {parts}; hit on {join}").format(attack_dice=p.attack_dice, parts=parts, join='-'.join(map(str, p.hit_on))),
                      (236, 232, 220), 15))
        if p.counter_dice or p.fleet_dice:
            cparts = " + ".join(f"{k} {n} ({tr(why)})" for k, n, why in p.counter_parts) if p.counter_dice else ""
            fl = _("fleet {fleet_dice}").format(fleet_dice=p.fleet_dice) if p.fleet_dice else ""
            lines.append((_("Counterfire: {dice} dice = {parts}; hit on {faces}").format(
                dice=p.counter_dice + p.fleet_dice, parts=" + ".join(x for x in (cparts, fl) if x),
                faces='-'.join(map(str, p.hit_on))), (236, 232, 220), 15))
        else:
            lines.append((_("No counterfire: {counter_reason}").format(counter_reason=tr(p.counter_reason)), (236, 232, 220), 15))
        names = {"attack": _("attacker's hits"), "counter": _("counterfire hits"), "durability": _("defender durability"),
                 "ammo": _("ammunition")}
        for target, reason, amount in p.modifiers:
            if target == "counter" and amount == 0:
                continue
            good_for_def = (target in ("durability",) or (target == "attack" and amount < 0)
                            or (target == "counter" and amount > 0))
            col = (150, 220, 150) if good_for_def else (240, 170, 130)
            if target == "ammo":
                col = (200, 200, 230)
            unit = _(" die") if "fleet" in reason else ""
            lines.append((f"  {names[target]} {amount:+d}{unit}: {tr(reason)}", col, 14))
        lines.append((_("Damage per defender (hits): ① flip {flip}, ② retreat 1, ③ remove {remove}").format(
                      flip=p.flip_cost, remove=p.remove_cost) + (_(" (fortress +1 each)") if p.durability_bonus else ""),
                      (210, 210, 220), 14))
        w = min(560, view.area.width - 20)
        bars = 2 if (p.counter_dice or p.fleet_dice) else 1
        h = 12 + sum(size + 6 for _t, _c, size in lines) + bars * 58
        tx = view.hex_center(p.hex)[0] if p.hex in view.board.cells else view.area.x
        left = tx > view.area.centerx           # keep clear of the hex attacked
        box = pygame.Rect(view.area.x + 8 if left else view.area.right - w - 8, view.area.bottom - h - 8, w, h)
        s = pygame.Surface(box.size, pygame.SRCALPHA)
        s.fill((20, 18, 16, 235))
        surf.blit(s, box.topleft)
        pygame.draw.rect(surf, (200, 150, 60), box, 2, border_radius=8)
        y = box.y + 6
        for t, col, size in lines:
            img = A.text(t, size, col, bold=size >= 15)
            if img.get_width() > w - 16:
                img = pygame.transform.smoothscale(img, (w - 16, img.get_height()))
            surf.blit(img, (box.x + 8, y))
            y += size + 6
        half = (w - 24) // 2 if bars == 2 else w - 16
        self._hits_bar(surf, box.x + 8, y, half, _("on the defenders"), p.attack_hits, (90, 200, 110), box.bottom + 60)
        if bars == 2:
            self._hits_bar(surf, box.x + 16 + half, y, half, _("on the attackers"), p.counter_hits, (220, 90, 80),
                           box.bottom + 60)

    def _hits_bar(self, surf, x, y, w, label, dist, col, bottom) -> int:
        """The chance of each number of hits, as bars."""
        if y + 40 > bottom:
            return y
        A = self.assets
        exp = sum(k * pr for k, pr in enumerate(dist))
        surf.blit(A.text(_("hits {label}: expected {exp:.1f}").format(label=label, exp=exp), 14, (255, 226, 140), bold=True), (x, y))
        y += 17
        n = min(len(dist), 12)
        bw = max(8, (w - 4) // max(1, n))
        hmax = 26
        top = max(dist[:n]) or 1
        for k in range(n):
            pr = dist[k] if k < n - 1 else sum(dist[k:])
            bh = int(hmax * pr / top) if top else 0
            pygame.draw.rect(surf, col, (x + k * bw, y + hmax - bh, bw - 2, bh))
            t = A.text(f"{k}{'+' if k == n - 1 and len(dist) > n else ''}", 11, (220, 220, 220))
            surf.blit(t, t.get_rect(midtop=(x + k * bw + bw / 2, y + hmax + 1)))
            if pr >= 0.005 and bw >= 26:
                t = A.text(f"{pr:.0%}", 10, (20, 20, 20), bold=True)
                surf.blit(t, t.get_rect(midbottom=(x + k * bw + bw / 2, y + hmax)))
        return y + hmax + 15

    # dice ------------------------------------------------------------------------------------------------
    # the threat view (T) ----------------------------------------------------------------
    threat_unsupported = ""
    threat_over_counters = False        # (the tracks panel lies over the map's corner)

    def threats(self, seat: str) -> dict | None:
        """My units the enemy could attack next turn [6][7.1]: a unit on a hex (not in a box)
        in supply attacks after at most 2 MP of movement with 1 MP left, so from its hex or
        any hex its movement search reaches within min(2, MA - 1) MP (enemy units block,
        entering ZOC stops; a garrison still bound to its fortress from there only), next
        to mine; the best hex is one not across a river (-1 hit per unit). As if every
        enemy unit could be activated (command points are rolled each turn); sea
        transport and landings are left out. Odds: the rules' preview (dice, terrain, river,
        counterfire, the fleet), the chance of hits enough to flip one of my units."""
        return threat.with_view(self.game, seat, lambda v: self._threats(v, seat))

    def _threats(self, v, seat: str) -> dict:
        from game.systems import hexunits
        enemy = "QING" if seat == "JP" else "JP"
        c = v.data["combat"]
        before, cost = int(c["max_mp_used_before_attack"]), int(c["attack_mp_cost"])
        boxes = v.facts.box_owner
        mine: dict[str, list[str]] = {}
        for u, h in v.units_on_map(seat):
            if h not in boxes:
                mine.setdefault(h, []).append(u.key)
        foes = [u.key for u, h in v.units_on_map(enemy)
                if h not in boxes and v.attack_of(u.key) > 0 and v.in_supply(u.key)]
        steps, blocked, zoc = v.facts.steps[enemy], v.enemy_hexes(enemy), v.enemy_zoc(enemy)

        def sources(k):
            here = v.pos(k)
            mp = min(before, v.unit(k).ma - cost)
            if mp <= 0 or v.held(k):
                return [here]
            costs, _prev = hexunits.reach(steps, here, mp, blocked, zoc, False)
            return [here, *(h for h in costs if h not in boxes)]

        def rank(k, frm, to):
            return frozenset((frm, to)) in v.facts.river

        def odds(cell, atts):
            keys = tuple(k for k, _c in atts)
            p = threat.placed(v, atts, lambda g: g.preview(cell, keys))
            flip = sum(q for k, q in enumerate(p.attack_hits) if k >= max(1, p.flip_cost))
            detail = _("{dice} dice ({mod:+d}) against durability {dur}: {p} to flip one").format(
                dice=p.attack_dice, mod=p.attack_mod, dur=p.flip_cost, p=threat.percent(flip))
            return threat.percent(flip), flip, detail

        return threat.reach_threats(mine, foes, sources, lambda k, frm: v.facts.neighbours.get(frm, ()), odds, rank)

    def dice_for(self, ev) -> dict[str, Any] | None:
        d, k = ev.data, ev.kind
        if k == "CombatResolved":
            c = self.game.flow().combat
            rows = [(_("ATTACK"), tuple(d.get("attack_rolls", ())), len(d.get("attack_rolls", ())), (5, 6))]
            fleet = tuple(d.get("fleet_rolls", ()))
            troops = tuple(d.get("defense_rolls", ()))[:len(d.get("defense_rolls", ())) - len(fleet)]
            if troops:
                rows.append((_("COUNTERFIRE"), troops, len(troops), (5, 6)))
            if fleet:
                rows.append((_("FLEET"), fleet, len(fleet), (5, 6)))
            mods = [f"{tr(r)} {n:+d}" for t, r, n in (c.modifiers if c else ()) if t in ("attack", "counter") and n]
            return {"heading": f"{' + '.join(d.get('attackers', ()))} → {d.get('hex', '')}", "rows": rows,
                    "result": tr(ev.text) + ("  ·  " + "; ".join(mods) if mods else ""), "duration": 2.2}
        if k == "CommandPoints":
            return {"heading": _("Command points"), "rows": [
                (_("JAPAN (1 die)"), tuple(d.get("jp_rolls", ())), 1, ()),
                (_("QING (lower of 2)"), tuple(d.get("qing_rolls", ())), 2, ())],
                "result": tr(ev.text), "duration": 1.2}
        return None


def _mix(a, b, t):
    return tuple(int(a[i] * (1 - t) + b[i] * t) for i in range(3))


def _dotted(surf, col, pts, r, gap) -> None:
    """A dotted polyline: dots of radius ``r`` every ``gap`` pixels, with a dark rim."""
    for (x1, y1), (x2, y2) in zip(pts, pts[1:]):
        d = math.hypot(x2 - x1, y2 - y1)
        n = max(1, int(d / gap))
        for i in range(n + 1):
            t = i / n
            p = (x1 + (x2 - x1) * t, y1 + (y2 - y1) * t)
            pygame.draw.circle(surf, (20, 20, 30), p, r + 1)
            pygame.draw.circle(surf, col, p, r)


def _anchor(surf, at, r) -> None:
    x, y = at
    w = max(1, int(r / 2))
    pygame.draw.line(surf, (20, 20, 20), (x, y - r), (x, y + r), w)
    pygame.draw.line(surf, (20, 20, 20), (x - r * 0.7, y - r * 0.5), (x + r * 0.7, y - r * 0.5), w)


def _badge(surf, assets, center, r, col, text) -> None:
    pygame.draw.circle(surf, (0, 0, 0), center, r + 2)
    pygame.draw.circle(surf, col, center, r)
    t = assets.text(text, max(8, int(r * 1.5)), (255, 255, 255), bold=True)
    surf.blit(t, t.get_rect(center=center))


# -- what the client's shared screens know of this game (game/client/facts.py) ---------------------
from ..palette import SKY_BLUE, VERMILLION  # noqa: E402
from ..facts import ClientFacts  # noqa: E402

CLIENT = ClientFacts(
    # Japanese counters stay white with red ink (the sheet's); the UI's red becomes vermillion
    sides={"JP": ((236, 232, 224), (236, 232, 224), "circle"), "QING": ((214, 178, 64), SKY_BLUE, "triangle")},
    ui_colours={"JP": VERMILLION},
    sprites=((r"J\d", "JP", "counter"), (r"Q\d", "QING", "counter"), (r"(ammo|cp)_JP", "JP", "marker"),
             (r"(ammo|cp)_QING", "QING", "marker"), (r"bridgehead", "JP", "marker"), (r"fleet", "QING", "marker")),
    rules_tables="game.client.games.sino_japanese_tables:TABLES",
)
