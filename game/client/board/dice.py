"""The board's dice panel: a combat's dice tumble and land beside the battle, and its result
stays until the next action, a click or a key (or the settings' seconds).
"""
from __future__ import annotations

import random

import pygame

from ..anim import Beat
from ..i18n import _, language
from ..widgets import ACCENT, DIM, GOOD, TEXT, blit_center, fit_text, panel
from .drawing import merge_rects
from .style import HELD_DICE

class DicePanel:
    """The dice panel. A part of BoardScene (game.client.scenes.board), which holds the state."""

    def dice_popup_seconds(self) -> float:
        """How long a combat's result stays once the dice have landed (the settings'
        ``dice_popup``, seconds); 0: until the next action, click or key."""
        try:
            v = float(self.app.settings.values.get("dice_popup", 0) or 0)
        except (TypeError, ValueError, AttributeError):
            return 0.0
        return v if 0 < v < 1e6 else 0.0

    def _holds(self, d: dict) -> bool:
        """Does this panel stay after its beat (a combat's result, for a person to read)?"""
        ev = d.get("ev")
        return (not self.demo and not self.replay and ev is not None and ev.kind in HELD_DICE)

    def _dice_done(self, b: Beat | None = None) -> None:
        """A dice beat has ended: its result goes to the log as one line; a combat's panel
        stays (``held``) until the next action, a click or a key (or the settings'
        duration), the others close."""
        d = self.dice
        if d is None or d.get("held"):
            return
        line = self._dice_line(d)
        if line:
            self.log.add(line, ACCENT)
        if not self._holds(d):
            self.dice = None
            return
        d.update(held=True, landed=True, t=max(1.0, d.get("t", 0.0)))
        secs = self.dice_popup_seconds()
        d["until"] = self.time + secs if secs else None

    def dismiss_dice(self) -> bool:
        """Close a held result panel; True if one was open."""
        if self.dice is not None and self.dice.get("held"):
            self.dice = None
            return True
        return False

    def _dice_line(self, d: dict) -> str:
        """The panel as one log line: who, the dice, the odds (where the panel has them), the result."""
        parts = []
        if d.get("attackers"):
            lab = getattr(self.ui, "units_static", {})
            who = " + ".join(lab.get(a, {}).get("label", a) for a in d["attackers"])
            parts.append(f"{who} → {lab.get(d.get('defender'), {}).get('label', d.get('defender'))}")
        elif d.get("heading") or d.get("title"):
            parts.append(str(d.get("heading") or d.get("title")))
        rows = []
        if d.get("rows"):
            rows = [(r[0], r[1], r[3] if len(r) > 3 else ()) for r in d["rows"]]
        elif d.get("title"):                    # one roll of the game's own (the end-of-turn roll ...)
            rows = [(_("rolled"), d.get("attack_rolls"), ())]
        elif d.get("attack_rolls") is not None:
            rows = [(_("attack"), d.get("attack_rolls"), d.get("attack_hits_on", ())),
                    (_("defence"), d.get("defense_rolls"), d.get("defense_hits_on", ()))]
        rolled = False
        for label, rolls, hits_on in rows:
            if rolls:
                rolled = True
                dice = " ".join(str(v) for v in rolls)
                if hits_on:
                    hits = sum(1 for v in rolls if v in hits_on)
                    parts.append(_("{label} {dice}: {hits} hit(s)").format(label=label, dice=dice, hits=hits))
                else:
                    parts.append(f"{label} {dice}")
        if d.get("attack_dice") and d.get("attack_hits_on") and not d.get("rows"):
            from game.systems.combat import pool_odds
            o = pool_odds(d.get("attack_dice", 0), d.get("defense_dice", 0), d["attack_hits_on"],
                          d.get("defense_hits_on", ()))
            parts.append(_("odds: attacker wins {p}").format(p=f"{o.attacker_wins:.0%}"))
        if d.get("result"):
            parts.append(str(d["result"]))
        return " · ".join(parts) if rolled else ""

    def _draw_dice_layer(self, surf, groups, full: bool) -> bool:
        """The dice panel over the map. Kept: the map under the panel (brought up to date
        where the map drew again), the panel itself on a layer of its own (drawn again only
        when what it says changes) and the two together; a frame draws the dice tumbling,
        and only when they turn (or the map under them drew again). False: the next frame
        must be drawn in full."""
        area = self.view.area
        box = pygame.Rect(self._dice_box()).clip(area)
        if not (box.width and box.height):
            surf.set_clip(area)
            self._draw_dice(surf)
            return False
        d = self.dice
        full_box = pygame.Rect(self._dice_box())
        t = d.get("t", 0.0)
        skey = (tuple(full_box), repr([(k, v) for k, v in d.items() if k not in ("t", "until", "ev")]), t >= 0.6,
                language(), self.assets.palette.name)     # (what the panel says, in which words and colours)
        rkey = (skey, int(t * 14))          # (the tumbling dice turn 14 times a second)
        if getattr(self, "_dice_key", None) != skey:        # the panel: drawn on its own layer
            layer = pygame.Surface(full_box.size, pygame.SRCALPHA)
            self._draw_dice(layer, "panel", at=(0, 0))
            self._dice_layer = layer
            self._dice_key = skey
            full = True
        board = getattr(self, "_dice_board", None)
        if full or board is None or board.get_size() != box.size or self._dice_at != box.topleft:
            self._dice_board = board = surf.subsurface(box).copy()
            self._dice_under = board.copy()
            self._dice_at = box.topleft
            again = [box]
        else:                               # the map drew again there: the panel over it too
            again = [r for r in (g.clip(box) for g in groups) if r.width and r.height]
            for r in again:
                board.blit(surf, (r.x - box.x, r.y - box.y), r)
        under, layer = self._dice_under, self._dice_layer
        lx, ly = box.x - full_box.x, box.y - full_box.y
        for r in again:                     # the map and the panel over it, where the map changed
            local = r.move(-box.x, -box.y)
            under.blit(board, local.topleft, local)
            under.blit(layer, local.topleft, local.move(lx, ly))
        if not again and rkey == getattr(self, "_dice_rolled", None):
            return self._dice_inside        # (nothing under the dice changed, nor the dice)
        surf.set_clip(area)
        gone = again if again and again[0] == box else \
            merge_rects([r for r in again + [r.clip(box) for r in self._dice_drawn] if r.width and r.height])
        for r in gone:                      # where the dice were: the panel again
            if r.width and r.height:
                surf.blit(under, r.topleft, r.move(-box.x, -box.y))
        plans = getattr(self, "_dice_plans", None)
        if plans is None or plans[0] != skey:
            plans = self._dice_plans = (skey, {})
        plan = plans[1].get(rkey[1])
        if plan is None:                    # (a roll shows the same few turns of the dice: kept)
            plan = plans[1][rkey[1]] = []
            self._draw_dice(surf, "rolling", plan=plan)
        drawn = [surf.blit(img, at) for img, at in plan]
        self._dice_rolled, self._dice_drawn = rkey, drawn
        self._dice_inside = all(box.contains(r) for r in drawn)
        return self._dice_inside            # (a die over the panel's edge: the next frame in full)

    def _die_face(self, v: int, size: int, hit: bool) -> pygame.Surface:
        key = ("die", v, size, hit)
        c = self._panel_cache.get(key)
        if c is None:
            img = self.assets.scaled(f"common/dice_{'hit_' if hit else ''}{v}.png", size, size)
            if img is None:
                img = pygame.Surface((size, size), pygame.SRCALPHA)
                pygame.draw.rect(img, (250, 246, 236) if not hit else (255, 214, 80), img.get_rect(), border_radius=size // 6)
                pygame.draw.rect(img, (30, 26, 20) if not hit else (200, 40, 30), img.get_rect(), 3, border_radius=size // 6)
                pips = {1: [(0.5, 0.5)], 2: [(0.28, 0.28), (0.72, 0.72)], 3: [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)],
                        4: [(0.28, 0.28), (0.72, 0.28), (0.28, 0.72), (0.72, 0.72)],
                        5: [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)],
                        6: [(0.28, 0.22), (0.72, 0.22), (0.28, 0.5), (0.72, 0.5), (0.28, 0.78), (0.72, 0.78)]}[v]
                for px, py in pips:
                    pygame.draw.circle(img, (20, 16, 12) if v != 1 else (200, 30, 30), (px * size, py * size), size * 0.09)
            self._panel_cache[key] = c = img
        return c

    def _dice_rows(self) -> list:
        d = self.dice
        rows = []
        if d.get("attack_rolls") is not None or d.get("attack_dice"):
            rows.append((_("ATTACK"), d.get("attack_rolls"), d.get("attack_dice", 0), d.get("attack_hits_on", ())))
        if d.get("defense_rolls") or d.get("defense_dice"):
            rows.append((_("DEFENCE"), d.get("defense_rolls"), d.get("defense_dice", 0), d.get("defense_hits_on", ())))
        if d.get("title"):
            rows = [(d["title"], d.get("attack_rolls"), 1, ())]
        if d.get("rows"):
            rows = [tuple(r) for r in d["rows"]]
        return rows

    def _dice_box(self) -> tuple:
        """Where the dice panel is drawn (x, y, w, h)."""
        d, rows, area = self.dice, self._dice_rows(), self.view.area
        key = (tuple((str(r[0]), -1 if r[1] is None else len(r[1]), r[2]) for r in rows), bool(d.get("held")),
               tuple(area), self.assets.palette.name)
        memo = getattr(self, "_box_memo", None)
        if memo is not None and memo[0] == key:
            return memo[1]
        box = self._dice_box_of(d, rows, area)
        self._box_memo = (key, box)
        return box

    def _dice_box_of(self, d, rows, area) -> tuple:
        size = 58
        width = max(560, max((len(r[1] or ()) if r[1] is not None else r[2]) * (size + 10)
                             + max(270, self.assets.text(str(r[0]), 20, TEXT, bold=True).get_width() + 150)
                             for r in rows)) if rows else 560
        width = min(width, area.width - 40)
        height = 70 + len(rows) * (size + 24) + 50 + (18 if d.get("held") else 0)
        box = pygame.Rect(0, 0, width, height)
        box.center = (area.centerx, area.centery)
        return tuple(box)

    def _draw_dice(self, surf, part: str = "all", at=None, plan: list | None = None) -> list[pygame.Rect]:
        """The dice panel: ``part`` "all", "panel" (all but the dice rolling) or "rolling"
        (only those: they tumble over the rest); ``at``: its top left there instead (a
        layer of its own, transparent round it); ``plan`` (a list): the rolling dice's
        (image, top left) put in it, not drawn. Returns where the rolling dice were drawn."""
        d = self.dice
        drawn: list[pygame.Rect] = []
        panel_ = part != "rolling"
        t = d.get("t", 0.0)
        rows = self._dice_rows()
        size = 58
        box = pygame.Rect(self._dice_box())
        if at is not None:
            box.topleft = at
        width = box.width
        if panel_ and at is not None:       # (its own layer: the translucent colour written as it is)
            pygame.draw.rect(surf, (20, 22, 30, 235), box, border_radius=12)
            pygame.draw.rect(surf, ACCENT, box, 3, border_radius=12)
        elif panel_:
            panel(surf, box, colour=(20, 22, 30), border=ACCENT, alpha=235)
        who = ""
        if d.get("attackers"):
            lab = self.ui.units_static if hasattr(self.ui, "units_static") else {}
            who = " + ".join(lab.get(a, {}).get("label", a) for a in d["attackers"])
            who += f"  →  {lab.get(d['defender'], {}).get('label', d['defender'])}"
        if panel_:
            blit_center(surf, fit_text(self.assets, who or d.get("heading") or d.get("title") or _("Dice"), 26, width - 30,
                                       ACCENT, bold=True),
                        (box.centerx, box.y + 28))
        rng = random.Random(int(t * 14))
        y = box.y + 62
        landed = t >= 0.6
        for label, rolls, n, hits_on in rows:
            limg = fit_text(self.assets, label, 20, max(120, box.width - 260), TEXT, bold=True)
            if panel_:
                surf.blit(limg, (box.x + 18, y + size // 2 - 12))
            if hits_on and panel_:
                hs = _("hits on {hits_on}").format(hits_on="-".join(map(str, hits_on)))
                surf.blit(self.assets.text(hs, 15, DIM), (box.x + 18, y + size // 2 + 10))
            count = len(rolls) if rolls is not None else n
            x = box.x + max(150, limg.get_width() + 36)
            hits = 0
            for i in range(count):
                if rolls is None or not landed:
                    v = rng.randint(1, 6)
                    img = self._tumbling(v, size, rng.uniform(-35, 35))
                    jx, jy = rng.uniform(-5, 5), rng.uniform(-8, 8)
                    at_ = img.get_rect(center=(x + size // 2 + jx, y + size // 2 + jy))
                    if plan is not None:
                        plan.append((img, at_.topleft))
                    elif part != "panel":
                        drawn.append(surf.blit(img, at_))
                    x += size + 10
                    continue
                else:
                    v = rolls[i]
                    hit = v in hits_on
                    hits += hit
                    img = self._die_face(v, size, hit)
                    jx = jy = 0
                if panel_:
                    surf.blit(img, img.get_rect(center=(x + size // 2 + jx, y + size // 2 + jy)))
                x += size + 10
            if landed and rolls is not None and hits_on and panel_:
                tag = self.assets.text((_("{hits} hit") if hits == 1 else _("{hits} hits")).format(hits=hits), 24, GOOD if hits else DIM, bold=True)
                surf.blit(tag, tag.get_rect(midright=(box.right - 18, y + size // 2)))
            if count == 0 and panel_:
                surf.blit(self.assets.text(_("no dice"), 20, DIM), (x, y + size // 2 - 10))
            y += size + 24
        if landed and d.get("result") and panel_:
            blit_center(surf, fit_text(self.assets, d["result"], 24, width - 30, TEXT, bold=True),
                        (box.centerx, box.bottom - 30 - (18 if d.get("held") else 0)))
        if d.get("held") and panel_:
            blit_center(surf, self.assets.text(_("click or press a key to close"), 15, DIM),
                        (box.centerx, box.bottom - 16))
        return drawn

    def _tumbling(self, v: int, size: int, angle: float) -> pygame.Surface:
        """A die face turned by ``angle`` (kept: a roll shows the same few each time)."""
        key = ("tumble", v, size, angle)
        img = self._panel_cache.get(key)
        if img is None:
            if len(self._panel_cache) > 600:
                self._panel_cache.clear()
            img = self._panel_cache[key] = pygame.transform.rotate(self._die_face(v, size, False), angle)
        return img
