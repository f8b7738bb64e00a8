"""ノモンハンの戦い: counters, turn track, bridges, flags, and what clicks mean.

Every action submitted comes from ``game.legal_actions()``; this module only
groups the legal actions by hex so clicks, keys and buttons can pick them.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.rulesets.nomonhan.actions import (Advance, Assign, BlowBridge, EndAdvance, EndDeclarations,
                                            EndPhase, Enter, Resolve, Retreat, StepLoss)
from game.rulesets.nomonhan.kinds import ADVANCE, DECLARE, LOSS, MOVE, ORDER, OVER
from game.systems.combat import pool_odds

from .. import threat
from ..i18n import N_, _, bilingual, tr
from .base import FIRST, LONE, PickingUI, blit_counter

GLYPH_COLOURS = {"JP": ((250, 250, 246), (206, 30, 40)), "SOV": ((206, 30, 40), (255, 214, 60))}
NATO = {"infantry": "infantry", "motorized": "motorized", "cavalry": "cavalry", "tank": "armor",
        "armored_car": "armored_car", "artillery": "artillery"}
PHASES = {MOVE: N_("Movement"), DECLARE: N_("Combat: declare"), ORDER: N_("Combat: resolve"), LOSS: N_("Losses"),
          ADVANCE: N_("Advance"), OVER: N_("Game over")}


class NomonhanUI(PickingUI):
    def __init__(self, game, assets):
        super().__init__(game, assets)
        self.data = game.data
        self.units_static = {u["key"]: u for u in self.data["units"]}
        self.types = self.data.get("unit_types", {})
        self._counter_cache: dict[tuple, pygame.Surface] = {}
        self.disp: dict[str, dict[str, Any]] = {}
        self.disp_bridges: list[dict[str, Any]] = []
        self.sync()

    # identity ---------------------------------------------------------------
    def side_colour(self, seat: str) -> tuple[int, int, int]:
        c = self.data["sides"].get(seat, {}).get("colour")
        return tuple(c) if c else (200, 200, 200)

    def side_name(self, seat: str) -> str:
        return _(self.data["sides"].get(seat, {}).get("name", seat))

    def lab(self, key: str) -> str:
        return self.units_static[key]["label"] if key in self.units_static else key

    def side_local(self, seat: str) -> str:
        return self.data["sides"].get(seat, {}).get("name_local", "")

    # display model -------------------------------------------------------------
    def sync(self) -> None:
        super().sync()
        st = self.game.public_state()
        self.state = st
        self.disp = {u["key"]: dict(u) for u in st["units"]}
        self.disp_bridges = [dict(b) for b in st["bridges"]]

    def refresh_state(self) -> None:
        self.state = self.game.public_state()

    def unit_hex(self, key: str) -> str | None:
        u = self.disp.get(key)
        return u["hex"] if u else None

    def event_shown(self, ev) -> None:
        d = ev.data
        k = ev.kind
        if k in ("UnitMoved", "UnitRetreated", "UnitAdvanced") and d.get("unit") in self.disp:
            self.disp[d["unit"]]["hex"] = d["to"]
        elif k == "ReinforcementArrived" and d.get("unit") in self.disp:
            self.disp[d["unit"]]["hex"] = d["hex"]
        elif k == "StepLost" and d.get("unit") in self.disp:
            u = self.disp[d["unit"]]
            u["steps_lost"] += 1
            base = self.units_static.get(d["unit"], {})
            i = min(u["steps_lost"], len(base.get("attack", [0])) - 1)
            u["attack"] = base.get("attack", [0])[i]
            u["defense"] = base.get("defense", [0])[i]
        elif k == "UnitEliminated" and d.get("unit") in self.disp:
            self.disp[d["unit"]].update(hex=None, eliminated=True)
        elif k == "BridgeBlown":
            for b in self.disp_bridges:
                if {b["a"], b["b"]} == {d.get("a"), d.get("b")}:
                    b["intact"] = False

    # geometry helpers ------------------------------------------------------------
    def unit_at(self, hex_: str | None) -> str | None:
        if hex_ is None:
            return None
        for k, u in self.disp.items():
            if u["hex"] == hex_:
                return k
        return None

    def _live_unit_at(self, hex_: str | None) -> str | None:
        if hex_ is None:
            return None
        for u in self.state["units"]:
            if u["hex"] == hex_:
                return u["key"]
        return None

    # static decoration: turn track and flags ------------------------------------
    def decorate_static(self, surf: pygame.Surface, view, z: float) -> None:
        board = self.game.board
        for obj in board.objects_of_type("turn_box"):
            r = self._box_rect(obj, view, z)
            pygame.draw.rect(surf, (236, 226, 196), r, border_radius=max(2, int(4 * z)))
            pygame.draw.rect(surf, (60, 52, 36), r, max(1, int(2 * z)), border_radius=max(2, int(4 * z)))
            turn = str(obj.props.get("turn", ""))
            img = self.assets.text(turn, max(10, int(22 * z)), (40, 34, 24), bold=True)
            surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + 2 * z)))
            er = str(obj.props.get("end_roll", "")).replace(" ", "")
            if er:
                lab = self.assets.text(_("end {rolls}").format(rolls=er.replace(",", "·")), max(8, int(9 * z)), (170, 30, 30), bold=True)
                surf.blit(lab, lab.get_rect(midbottom=(r.centerx, r.bottom - 2 * z)))
        title = self.assets.text(_("GAME TURN"), max(8, int(9 * z)), (200, 200, 190), bold=True)
        boxes = board.objects_of_type("turn_box")
        if boxes:
            r0 = self._box_rect(boxes[0], view, z)
            surf.blit(title, (r0.x, max(0, r0.y - title.get_height() - 1)))
        for obj in board.objects_of_type("flag"):
            side = str(obj.props.get("side", ""))
            if obj.cell not in board.cells:
                continue
            cx, cy = board.cells[obj.cell].center
            self._draw_flag(surf, side, (cx * z + 14 * z, cy * z - 26 * z), z)

    def _box_rect(self, obj, view, z: float) -> pygame.Rect:
        if getattr(obj, "width", 0) and getattr(obj, "height", 0):
            return pygame.Rect(obj.x * z, obj.y * z, obj.width * z, obj.height * z)
        cell = self.game.board.cells.get(obj.cell)
        cx, cy = cell.center if cell else (obj.x, obj.y)
        s = 48 * z
        return pygame.Rect(cx * z - s / 2, cy * z - s / 2, s, s)

    def _draw_flag(self, surf, side: str, at, z: float) -> None:
        x, y = at
        w, h = 20 * z, 13 * z
        pygame.draw.line(surf, (40, 30, 20), (x, y), (x, y + 24 * z), max(1, int(2 * z)))
        bg, fg = GLYPH_COLOURS.get(side, ((220, 220, 220), (0, 0, 0)))
        rect = pygame.Rect(x, y, w, h)
        pygame.draw.rect(surf, bg, rect)
        pygame.draw.rect(surf, (30, 30, 30), rect, 1)
        if side == "JP":
            pygame.draw.circle(surf, fg, rect.center, h * 0.32)
        else:
            _star(surf, fg, (rect.x + w * 0.3, rect.centery), h * 0.36)

    # counters -------------------------------------------------------------------
    def counter_surface(self, key: str, steps_lost: int, size: int) -> pygame.Surface:
        ck = (key, steps_lost, size)
        s = self._counter_cache.get(ck)
        if s is None:
            face = "back" if steps_lost else "front"
            img = self.assets.scaled(f"nomonhan/{key}_{face}.png", size, size)
            if img is None and steps_lost:
                img = None
            s = img if img is not None else self._draw_counter(key, steps_lost, size)
            if len(self._counter_cache) > 300:
                self._counter_cache.clear()
            self._counter_cache[ck] = s
        return s

    def _draw_counter(self, key: str, steps_lost: int, size: int) -> pygame.Surface:
        u = self.units_static[key]
        side = u["side"]
        col = self.side_colour(side)
        reduced = steps_lost > 0
        s = pygame.Surface((size, size), pygame.SRCALPHA)
        r = s.get_rect()
        rad = max(3, size // 10)
        face = tuple(min(255, int(c * 0.72 + 255 * 0.28)) for c in col) if reduced else col
        pygame.draw.rect(s, face, r, border_radius=rad)
        pygame.draw.rect(s, (20, 16, 12), r, max(2, size // 28), border_radius=rad)
        ink = (20, 16, 12) if side == "JP" else (250, 244, 230)
        if reduced:  # a back side: a diagonal band
            band = pygame.Surface((size, size), pygame.SRCALPHA)
            pygame.draw.polygon(band, (255, 255, 255, 90),
                                [(0, size * 0.55), (size * 0.55, 0), (size * 0.75, 0), (0, size * 0.75)])
            s.blit(band, (0, 0))
        # side glyph (not colour alone): JP sun disc, SOV star
        g = size * 0.13
        gx, gy = size * 0.16, size * 0.16
        bg, fg = GLYPH_COLOURS.get(side, ((255, 255, 255), (0, 0, 0)))
        if side == "JP":
            pygame.draw.rect(s, bg, (gx - g, gy - g * 0.75, g * 2, g * 1.5))
            pygame.draw.rect(s, (20, 16, 12), (gx - g, gy - g * 0.75, g * 2, g * 1.5), 1)
            pygame.draw.circle(s, fg, (gx, gy), g * 0.5)
        else:
            _star(s, fg, (gx, gy), g * 1.05)
        # NATO unit symbol
        nato = self.types.get(u["type"], {}).get("nato", u["type"])
        box = pygame.Rect(0, 0, size * 0.46, size * 0.27)
        box.center = (size * 0.58, size * 0.25)
        _nato(s, nato, box, ink, max(1, size // 40))
        # label
        lab = self.assets.text(u["label"], max(8, int(size * 0.24)), ink, bold=True)
        if lab.get_width() > size * 0.92:
            lab = pygame.transform.smoothscale(lab, (int(size * 0.92), lab.get_height()))
        s.blit(lab, lab.get_rect(center=(size * 0.5, size * 0.55)))
        # values: attack-defence-MA (one strength for non-tanks)
        i = min(steps_lost, len(u["attack"]) - 1)
        a, d = u["attack"][i], u["defense"][i]
        vals = f"{a}-{d}-{u['ma']}" if u["tank"] or a != d else f"{a}-{u['ma']}"
        vimg = self.assets.text(vals, max(8, int(size * 0.22)), ink, bold=True)
        s.blit(vimg, vimg.get_rect(center=(size * 0.5, size * 0.83)))
        if u.get("enter"):
            e = self.assets.text(f"GT{u['enter']}", max(7, int(size * 0.12)), ink)
            s.blit(e, e.get_rect(topright=(size * 0.95, size * 0.66)))
        if len(u["attack"]) > 1 and not reduced:
            pygame.draw.circle(s, ink, (size * 0.9, size * 0.1), size * 0.04)
        if reduced:
            t = self.assets.text("▼", max(8, int(size * 0.14)), ink, bold=True)
            s.blit(t, t.get_rect(topright=(size * 0.96, size * 0.04)))
        return s

    def counter_size(self, view) -> int:
        return max(16, int(view.hex_size() * 0.74))

    # dynamic drawing ----------------------------------------------------------------
    def draw(self, surf: pygame.Surface, view, now: float) -> None:
        self._draw_bridges(surf, view)
        self._draw_turn_marker(surf, view)
        size = self.counter_size(view)
        blink = self.blinking()
        sel = self.selected
        for key, u in self.disp.items():
            if key in self.hidden or key in self.moving:
                continue
            if u["hex"] is None or u["hex"] not in view.board.cells:
                continue
            self._blit_counter(surf, view, key, u, view.hex_center(u["hex"]), size, now,
                               key == sel, key in blink)
        if not self.still_only:
            self.draw_moving(surf, view, now)

    def draw_moving(self, surf: pygame.Surface, view, now: float) -> bool:
        size = self.counter_size(view)
        for key, u in self.disp.items():
            if key in self.moving and key not in self.hidden:
                px, py = self.moving[key]
                self._blit_counter(surf, view, key, u, view.to_screen(px, py), size, now, key == self.selected,
                                   False, lifted=True)
        return True

    def _blit_counter(self, surf, view, key, u, center, size, now, selected, blinking, lifted=False) -> None:
        img = self.counter_surface(key, u["steps_lost"], size)
        blit_counter(surf, img, center, size, now, selected, blinking, self.flash.get(key, 0.0), lifted)

    def _draw_bridges(self, surf, view) -> None:
        board = self.game.board
        for b in self.disp_bridges:
            seg = board.side_segment(b["a"], b["b"])
            if not seg or len(seg) < 2:
                continue
            (x1, y1), (x2, y2) = view.to_screen(*seg[0]), view.to_screen(*seg[1])
            mx, my = (x1 + x2) / 2, (y1 + y2) / 2
            ca, cb = view.hex_center(b["a"]), view.hex_center(b["b"])
            dx, dy = cb[0] - ca[0], cb[1] - ca[1]
            d = math.hypot(dx, dy) or 1
            ux, uy = dx / d, dy / d          # across the river
            vx, vy = -uy, ux                 # along the river
            L = view.hex_size() * 0.30
            W = view.hex_size() * (0.10 if b["kind"] == "military" else 0.13)
            if not b["intact"]:
                img = self.assets.scaled("nomonhan/bridge_blown.png", int(L * 1.6), int(L * 1.6))
                if img is not None:
                    surf.blit(img, img.get_rect(center=(mx, my)))
                    continue
            col = (150, 110, 60) if b["kind"] != "military" else (110, 120, 90)
            pts = [(mx - ux * L - vx * W, my - uy * L - vy * W), (mx + ux * L - vx * W, my + uy * L - vy * W),
                   (mx + ux * L + vx * W, my + uy * L + vy * W), (mx - ux * L + vx * W, my - uy * L + vy * W)]
            if b["intact"]:
                pygame.draw.polygon(surf, col, pts)
                pygame.draw.polygon(surf, (30, 24, 16), pts, 2)
                for t in (-0.5, 0.0, 0.5):
                    p = (mx + ux * L * t - vx * W, my + uy * L * t - vy * W)
                    q = (mx + ux * L * t + vx * W, my + uy * L * t + vy * W)
                    pygame.draw.line(surf, (30, 24, 16), p, q, 1)
            else:  # blown: two stubs and a red cross
                for sgn in (-1, 1):
                    stub = [(mx + sgn * ux * L - vx * W, my + sgn * uy * L - vy * W),
                            (mx + sgn * ux * L * 0.45 - vx * W, my + sgn * uy * L * 0.45 - vy * W),
                            (mx + sgn * ux * L * 0.3 + vx * W, my + sgn * uy * L * 0.3 + vy * W),
                            (mx + sgn * ux * L + vx * W, my + sgn * uy * L + vy * W)]
                    pygame.draw.polygon(surf, (90, 80, 70), stub)
                    pygame.draw.polygon(surf, (30, 24, 16), stub, 2)
                k = W * 1.3
                pygame.draw.line(surf, (230, 40, 30), (mx - k, my - k), (mx + k, my + k), 4)
                pygame.draw.line(surf, (230, 40, 30), (mx - k, my + k), (mx + k, my - k), 4)

    def _draw_turn_marker(self, surf, view) -> None:
        st = self.state
        board = self.game.board
        box = next((o for o in board.objects_of_type("turn_box") if int(o.props.get("turn", -1)) == st["turn"]), None)
        if box is None:
            return
        r = self._box_rect(box, view, view.z)
        r = r.move(view.area.x + view.ox, view.area.y + view.oy)
        size = int(min(r.width, r.height) * 0.72)
        init = st["initiative"]
        img = self.assets.scaled(f"nomonhan/turn_{init}.png", size, size)
        c = (r.centerx + r.width * 0.16, r.centery + r.height * 0.12)
        if img is not None:
            surf.blit(img, img.get_rect(center=c))
        else:
            rr = pygame.Rect(0, 0, size, size)
            rr.center = c
            pygame.draw.rect(surf, (0, 0, 0), rr.move(3, 3), border_radius=6)
            pygame.draw.rect(surf, self.side_colour(init), rr, border_radius=6)
            pygame.draw.rect(surf, (255, 240, 140), rr, 3, border_radius=6)
            bg, fg = GLYPH_COLOURS.get(init, ((255, 255, 255), (0, 0, 0)))
            if init == "JP":
                pygame.draw.circle(surf, bg, (rr.centerx, rr.y + size * 0.32), size * 0.18)
                pygame.draw.circle(surf, fg, (rr.centerx, rr.y + size * 0.32), size * 0.1)
            else:
                _star(surf, fg, (rr.centerx, rr.y + size * 0.32), size * 0.2)
            t = self.assets.text(init, max(8, int(size * 0.3)), (20, 16, 12) if init == "JP" else (255, 255, 255), bold=True)
            surf.blit(t, t.get_rect(center=(rr.centerx, rr.y + size * 0.74)))
        # the marker sits on the box: write the box's turn number and end roll again on top of it
        z = view.z
        num = self.assets.text(str(st["turn"]), max(10, int(22 * z)), (255, 255, 255), bold=True)
        badge = num.get_rect().inflate(10, 0)
        badge.midtop = (r.centerx, r.y + 2 * z)
        pygame.draw.rect(surf, (40, 34, 24), badge, border_radius=badge.height // 2)
        surf.blit(num, num.get_rect(center=badge.center))
        er = str(box.props.get("end_roll", "")).replace(" ", "")
        if er:
            lab = self.assets.text(_("end {rolls}").format(rolls=er.replace(",", "·")), max(10, int(9 * z)), (255, 255, 255), bold=True)
            back = lab.get_rect(midbottom=(r.centerx, r.bottom - 2 * z)).inflate(6, 0)
            pygame.draw.rect(surf, (170, 30, 30), back, border_radius=3)
            surf.blit(lab, lab.get_rect(center=back.center))

    # panel text -----------------------------------------------------------------
    def status(self) -> list[tuple[str, str]]:
        st = self.state
        phase = _(PHASES.get(st["phase"], st["phase"]))
        if st.get("idle_cycles"):       # the bound that ends a turn nobody fights in [5.0]
            phase += _(" · quiet {idle_cycles}/{idle_limit}").format(idle_cycles=st['idle_cycles'], idle_limit=st['idle_limit'])
        return [("Turn", f"{st['turn']}/{self.game.facts.turns}"), ("Phase", phase),
                ("Initiative", st["initiative"]), ("Cycle", str(st["cycle"] + 1)),
                ("Score", _("JP {JP} – SOV {SOV}").format(JP=st['score']['JP'], SOV=st['score']['SOV']))]

    def hover_lines(self, hex_: str | None) -> list[str]:
        if hex_ is None or hex_ not in self.game.board.cells:
            return []
        cell = self.game.board.cells[hex_]
        terr = {"hill": _("hill: 2 MP; attacks on it hit only on 6"), "clear": _("clear steppe: 1 MP"),
                "impassable": "impassable"}.get(cell.terrain, cell.terrain)
        out = [f"{hex_} · {terr}"]
        key = self.unit_at(hex_)
        if key:
            u = self.disp[key]
            s = self.units_static[key]
            out.insert(0, bilingual(s['name'], s['label'], "ja") if s['side'] == "JP" else f"{s['label']} — {s['name']}")
            steps = u["max_steps"] - u["steps_lost"]
            att = _("no attack") if u["attack"] == 0 else _("attack {attack}").format(attack=u['attack'])
            out.insert(1, _("{side_name} · {att} · defence {defense} · MA {ma}").format(side_name=self.side_name(u['side']), att=att, defense=u['defense'], ma=u['ma']))
            out.insert(2, _("steps {steps}/{max_steps}").format(steps=steps, max_steps=u['max_steps']) + (_(" (reduced)") if u["steps_lost"] else "")
                       + (_(" · tank: 2 VP per step") if u["tank"] else ""))
            if s.get("support_range"):
                out.insert(3, _("never attacks; supports Soviet attacks within {support_range} hexes (+1)").format(support_range=s['support_range']))
        for obj in self.game.board.objects_of_type("flag"):
            if obj.cell == hex_:
                out.append(_("{side_name} flag: reinforcements enter here").format(side_name=self.side_name(str(obj.props.get('side')))))
        combat = self._combat_lines(hex_, key)
        return out[:1] + combat + out[1:] if key else out + combat

    def _combat_lines(self, hex_: str, key: str | None) -> list[str]:
        """What the hex or unit means for the loss or advance being decided [9.0]."""
        kind = self._kind()
        legal = self._legal()
        if kind == LOSS:
            lab = self.lab
            out = []
            for k in self._units_with(StepLoss):
                if hex_ == self.unit_hex(k) or hex_ not in self.game.facts.neighbours.get(self.unit_hex(k), ()):
                    continue
                if Retreat(k, hex_) in legal:
                    out.append(_("{lab} may retreat here").format(lab=lab(k)))
                elif key is None:
                    out.append(_("{lab} may not retreat here: {retreat_refusal}").format(lab=lab(k), retreat_refusal=tr(self.game.retreat_refusal(k, hex_))))
            return out
        combat = self.state.get("combat")
        if kind == ADVANCE and key is not None and combat and self.disp[key]["side"] != combat["loser"]:
            if any(isinstance(a, Advance) and a.unit == key for a in legal):
                return [_("may advance: one point, one hex, ignoring ZOC")]
            u = self.units_static[key]
            if not u["ma"]:
                return [_("never advances (no movement allowance)")]
            if key in {k for d, atts in self.state.get("declared", []) for k in (d, *atts)}:
                return [_("may not advance: it still has a combat to fight")]
            return [_("no free hex to advance into")]
        return []

    # interaction ------------------------------------------------------------------
    #: a lone loser is chosen at once (click it again: it loses a step); the winner's first unit that may advance
    AUTO_SELECT = {LOSS: LONE, ADVANCE: FIRST}

    def button_label(self, a) -> str:
        lab = self.lab
        if isinstance(a, Enter):
            return _("Bring in {lab}").format(lab=lab(a.unit))
        if isinstance(a, BlowBridge):
            return _("Blow the bridge")
        if isinstance(a, Resolve):
            atts = dict((d, at) for d, at in self.state.get("declared", [])).get(a.defender, [])
            return _("Resolve {names} → {lab}").format(names="+".join(lab(x) for x in atts), lab=lab(a.defender))
        if isinstance(a, StepLoss):
            return _("{lab}: lose a step").format(lab=lab(a.unit))
        if isinstance(a, EndPhase):
            return _("End movement")
        if isinstance(a, EndDeclarations):
            return _("Resolve attacks") if (self.state.get("declared") or a not in self._legal()) \
                else _("No attack: end combat")
        if isinstance(a, EndAdvance):
            return _("Stop advancing")
        return super().button_label(a)

    def refusal(self, hex_: str | None) -> str:
        """Why a click does nothing, in the words of the decision at hand."""
        kind = self._kind()
        unit = self.unit_at(hex_)
        sel = self.selected
        if kind == MOVE:
            if unit and self.disp[unit]["side"] == self.state["side"]:
                why = _("has already moved") if unit in self.state.get("moved", ()) else _("cannot move (enemy ZOC or MA 0)")
                return f"{self.units_static[unit]['label']} {why}"
            return _("{hex_} is out of reach").format(hex_=hex_) if sel and hex_ else ""
        if kind == DECLARE:
            if sel and unit:
                return _("{label} cannot attack that unit").format(label=self.units_static[sel]['label'])
            return _("select one of your units that can attack first") if unit else ""
        if kind == ORDER:
            return _("click a defender with an arrow pointing at it")
        if kind == LOSS:
            return _("retreat to a lit hex, or click the unit to lose a step")
        if kind == ADVANCE:
            return _("advance to a lit hex, or stop advancing")
        return ""

    def blinking(self) -> set[str]:
        kind = self._kind()
        if kind == LOSS:
            return set(self._units_with(StepLoss))
        if kind == DECLARE:
            # units that must still attack (EndDeclarations not yet legal)
            if not any(isinstance(a, EndDeclarations) for a in self._legal()):
                return {k for k in self._units_with(Assign) if self.game.must_attack(k)}
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

    def preview(self, hover: str | None) -> dict[str, Any] | None:
        kind = self._kind()
        st = self.state
        declared = {d: list(a) for d, a in st.get("declared", [])}
        attackers: list[str] = []
        defender = None
        target = self.unit_at(hover)
        if kind == DECLARE and self.selected and target and \
                Assign(self.selected, target) in self._legal():
            defender = target
            attackers = declared.get(target, []) + [self.selected]
        elif kind in (DECLARE, ORDER) and target in declared:
            defender, attackers = target, declared[target]
        elif kind in (DECLARE, ORDER) and declared:
            defender = next(iter(declared))
            attackers = declared[defender]
        if not defender or not attackers:
            return None
        try:
            s = self.game.strengths(tuple(attackers), defender)
        except Exception:
            return None
        o = pool_odds(s["attack_dice"], s["defense_dice"], s["attack_hits_on"], s["defense_hits_on"])
        lab = self.lab
        return {"attackers": [lab(a) for a in attackers], "defender": lab(defender), "strengths": s, "odds": o,
                "attacker_side": self.units_static[attackers[0]]["side"],
                "defender_side": self.units_static[defender]["side"]}

    # the threat view (T) ----------------------------------------------------------------
    threat_unsupported = ""

    def threats(self, seat: str) -> dict | None:
        """My units the enemy could attack after its next move [7.0][9.0]: from its own
        hex or any hex its movement search reaches (none out of my ZOC), next to mine and
        not across an unbridged river; the best hex is one not over a bridge (the
        defender's bridge bonus). Odds: the rules' dice (strengths) and pool_odds, the
        chance that the attack hits more than the defence (the defender takes losses)."""
        return threat.with_view(self.game, seat, lambda v: self._threats(v, seat))

    def _threats(self, v, seat: str) -> dict:
        enemy = "SOV" if seat == "JP" else "JP"
        mine: dict[str, list[str]] = {}
        for u, h in v.units_on_map(seat):
            mine.setdefault(h, []).append(u.key)
        foes = [u.key for u, _h in v.units_on_map(enemy) if v.attack_value(u.key) > 0]
        into = v.facts.zoc_neighbours(v.intact())

        def sources(k):
            return [v.pos(k), *v.reachable(k)]

        def rank(k, frm, to):
            return v.crossing(frm, to) in ("permanent", "military")

        def odds(cell, atts):
            keys = tuple(k for k, _c in atts)
            best = None
            for d in mine[cell]:
                s = threat.placed(v, atts, lambda g, d=d: g.strengths(keys, d))
                o = pool_odds(s["attack_dice"], s["defense_dice"], s["attack_hits_on"], s["defense_hits_on"])
                if best is None or o.attacker_wins > best[0].attacker_wins:
                    best = (o, s, d)
            o, s, d = best
            detail = _("{att} dice against {dfn} ({unit}): the attacker wins {p}").format(
                att=s["attack_dice"], dfn=s["defense_dice"], unit=self.units_static[d]["label"],
                p=threat.percent(o.attacker_wins))
            return threat.percent(o.attacker_wins), o.attacker_wins, detail

        return threat.reach_threats(mine, foes, sources, lambda k, frm: into.get(frm, ()), odds, rank)

    def zoc_hexes(self) -> set[str]:
        side = self.state["side"]
        try:
            return set(self.game.enemy_zoc(side))
        except Exception:
            return set()


def _star(surf, colour, center, r) -> None:
    cx, cy = center
    pts = []
    for i in range(10):
        ang = -math.pi / 2 + i * math.pi / 5
        rr = r if i % 2 == 0 else r * 0.42
        pts.append((cx + rr * math.cos(ang), cy + rr * math.sin(ang)))
    pygame.draw.polygon(surf, colour, pts)


def _nato(surf, kind: str, box: pygame.Rect, ink, w: int) -> None:
    pygame.draw.rect(surf, ink, box, w)
    x, y, bw, bh = box
    if kind in ("infantry", "motorized"):
        pygame.draw.line(surf, ink, box.topleft, box.bottomright, w)
        pygame.draw.line(surf, ink, box.bottomleft, box.topright, w)
    if kind == "motorized":
        pygame.draw.line(surf, ink, (x + bw * 0.5, y), (x + bw * 0.5, y + bh), w)
    if kind in ("armor", "armored_car"):
        e = pygame.Rect(0, 0, bw * 0.7, bh * 0.6)
        e.center = box.center
        pygame.draw.ellipse(surf, ink, e, w)
    if kind in ("cavalry", "armored_car"):
        pygame.draw.line(surf, ink, box.bottomleft, box.topright, w)
    if kind == "artillery":
        pygame.draw.circle(surf, ink, box.center, max(2, bh * 0.2))


# -- what the client's shared screens know of this game (game/client/facts.py) ---------------------
from ..palette import BLUE, ORANGE  # noqa: E402
from ..facts import ClientFacts  # noqa: E402

CLIENT = ClientFacts(
    sides={"JP": ((214, 180, 92), ORANGE, "circle"), "SOV": ((178, 60, 52), BLUE, "triangle")},
    sprites=((r"JP_", "JP", "counter"), (r"SV_", "SOV", "counter"), (r"turn_JP", "JP", "marker"),
             (r"turn_SOV", "SOV", "marker")),
    rules_tables="game.client.games.nomonhan_tables:TABLES",
    tutorial="nomonhan_tutorial", tutorial_label=N_("Tutorial: Nomonhan"),
)
