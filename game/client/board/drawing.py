"""Drawing the board's map: the still picture (redrawn only when what it shows changes) and
what moves over it (dirty rectangles), the lit cells, the cursor and hover, and the
overlays: enemy ZOC, the threat view, the AI's explanation and the hint.
"""
from __future__ import annotations

import pygame

from ..games.base import GameUI
from ..i18n import _, tr
from ..threat import draw_threats, draw_threats_under
from ..widgets import ACCENT, PassDevice, TEXT, blit_center, fit_text, panel
from .style import CURSOR_COLOUR, EXPLAIN_COLOUR, HINT_COLOUR, HOVER_COLOUR, TARGET_COLOURS, ZOC_COLOUR


class MapDrawing:
    """Drawing the map and what lies over it. A part of BoardScene (game.client.scenes.board), which holds the state."""

    #: draw only what changed from one frame to the next (False: every frame in full)
    dirty_rects = True

    def draw(self, surf: pygame.Surface) -> None:
        if isinstance(self.modal, PassDevice):
            self.modal.draw(surf, self.assets)
            self._drawn = None
            return
        area = self.view.area
        full = self._must_redraw(surf)
        moving = [r.clip(area) for r in self.ui.moving_rects(self.view)]
        hover = self.view.hex_rect(self.hover_hex, HOVER_COLOUR, 2).clip(area) \
            if self.hover_hex and not self.show_cursor and self.hover_hex in self.game.board.cells else None
        if full:
            groups = [area]
        else:                               # only where something moved since the frame before
            was = self._drawn
            dirty = []
            if moving != was["moving"]:
                dirty += moving + was["moving"]
            if hover != was["hover"]:
                dirty += [r for r in (hover, was["hover"]) if r]
            groups = merge_rects([r for r in dirty if r.width and r.height])
        self._drawn = None                  # (until this frame is all drawn)
        clip = surf.get_clip()
        if self._apart():                   # the still picture kept; what moves drawn over it
            if full:
                self._draw_still(surf)
            else:
                still, at = self._still
                for g in groups:
                    surf.set_clip(g)
                    surf.blit(still, g.topleft, g.move(-at[0], -at[1]))
            for g in groups:
                self._draw_live(surf, g)
        else:
            for g in groups:
                self._draw_map(surf, g)
        drawn = {"moving": moving, "hover": hover}
        if self.dice is not None and not self._draw_dice_layer(surf, groups, full):
            drawn = None
        if self.banner:
            surf.set_clip(area)
            self.banner.draw(surf, self.assets, area)
        surf.set_clip(clip)
        self._draw_panel(surf, full)
        self.pad_focus.draw(surf)
        if self.demo:
            self._draw_demo_banner(surf)
        elif self.replay:
            t = _("REPLAY  {step}/{total}").format(step=self.session.replay_total - len(self.session.replay or []),
                                                  total=self.session.replay_total) \
                + (_("  — paused") if self.paused else "") + "   " + _("Space: pause  →: step  Esc: menu")
            img = self.assets.text(t, 20, (20, 16, 10), bold=True)
            r = img.get_rect(midtop=(self.map_w // 2, 8)).inflate(24, 10)
            pygame.draw.rect(surf, ACCENT, r, border_radius=8)
            blit_center(surf, img, r.center)
        self.save_warning.draw(surf, self.assets)
        if self.modal is not None:
            self.modal.draw(surf, self.assets)
        self._drawn = drawn

    def _frame_key(self, surf):
        """What the picture depends on besides what moves (the pieces sliding, the hover,
        the dice, the log, the spinner); None: draw every frame in full."""
        app, ui, v, g = self.app, self.ui, self.view, self.game
        if (self.modal is not None or self.banner is not None or self.demo or self.replay
                or app.kiosk is not None or app.toasts or app.toast_rects or self.pad_focus.active
                or self.save_warning.text or not self.dirty_rects
                or type(self).draw is not MapDrawing.draw):     # (a scene that draws more over it: the tutorial)
            return None
        blink = ui.blinking()
        got = self.shown_explanation()
        threats = self.threat_on and bool(self.threat_map) and not self.seq.busy
        lit = self._lit_key()
        if lit is None:                     # (the game's tints change every frame)
            return None
        return (id(surf), surf.get_size(), v.z, v.ox, v.oy, tuple(v.area), lit,
                threats, self.threat_key if threats else None, id(self.threat_map) if threats else None,
                self.seq.busy, id(self.seq.current), self.show_cursor, self.cursor_hex, len(g.history),
                len(g.events), ui.selected, ui.viewer, frozenset(ui.hidden), tuple(sorted(ui.flash.items())),
                frozenset(ui.moving), frozenset(blink), int(self.time * 4) % 2 if blink else 0, ui.draw_key(),
                self.acts, None if got is None else (id(got[0]), got[2]), tuple(ui.arrows()),
                self._dice_box() if self.dice is not None else None, self.assets.palette.name)

    def _must_redraw(self, surf) -> bool:
        """Draw this frame in full? (Not the next one of the frames before, on the same surface,
        with nothing changed but what moves.)"""
        key = self._frame_key(surf)
        serial = getattr(self.app, "frames", None)
        last = self._frame
        self._frame = (key, serial)
        return (key is None or serial is None or self._drawn is None or last[0] != key
                or last[1] is None or serial != last[1] + 1)

    def _apart(self) -> bool:
        """Does the game draw its pieces on their way apart from the rest (``draw_moving``)?
        Then the map keeps a still picture (all but the hover and those pieces), and a frame
        draws the hover and the moving pieces over it where they change."""
        return type(self.ui).draw_moving is not GameUI.draw_moving

    def _draw_still(self, surf) -> None:
        """The whole map area without the hover and the pieces on their way, kept as the
        still picture (a copy in the screen's format)."""
        area = self.view.area
        self.ui.still_only = True
        try:
            self._draw_map(surf, area, hover=False)
        finally:
            self.ui.still_only = False
        kept = getattr(self, "_still", None)
        if kept is None or kept[0].get_size() != area.size or kept[0].get_masks() != surf.get_masks():
            kept = (pygame.Surface(area.size, 0, surf), area.topleft)
        kept[0].blit(surf, (0, 0), area)
        self._still = (kept[0], area.topleft)

    def _draw_live(self, surf, clip) -> None:
        """Over the still picture, inside ``clip``: the hover's outline and the pieces on their way."""
        surf.set_clip(clip.clip(self.view.area))
        if self.hover_hex and not self.show_cursor:
            self.view.draw_hex(surf, self.hover_hex, HOVER_COLOUR, width=2)
        if self.ui.moving:
            self.ui.draw_moving(surf, self.view, self.time)

    def _draw_map(self, surf, clip, hover: bool = True) -> None:
        """The map area inside ``clip``: the map, the lit hexes, the hover (``hover``), the
        pieces and what the game draws over them, the explanation, arrows and the cursor
        (not the dice)."""
        surf.set_clip(clip.clip(self.view.area))
        self._draw_lit(surf)
        threats = self.threat_on and self.threat_map and not self.seq.busy
        if threats:
            draw_threats_under(surf, self.view, self.threat_map, self.ui.unit_hex)
            if not self.ui.threat_over_counters:
                draw_threats(surf, self.view, self.assets, self.threat_map)
        if hover and self.hover_hex and not self.show_cursor:
            self.view.draw_hex(surf, self.hover_hex, HOVER_COLOUR, width=2)
        self.ui.draw(surf, self.view, self.time)
        self._draw_explanation(surf)
        if threats and self.ui.threat_over_counters:
            draw_threats(surf, self.view, self.assets, self.threat_map)
        for a, b in self.ui.arrows():
            self.view.draw_arrow(surf, a, b)
        if self.show_cursor and self.cursor_hex:
            self.view.draw_hex(surf, self.cursor_hex, CURSOR_COLOUR, width=4)

    def _lit_key(self):
        """What the map's cached picture (the game's tints, the lit hexes) shows; None: it
        changes every frame."""
        lit = self.can_act() or (self.session.human_to_move() and not self.demo)
        g, ui = self.game, self.ui
        # the ZOC and the targets follow the game, the plugin's selection, the display
        # model (changed as each animation beat ends) and input: listed again only then
        mkey = (id(g), len(g.history), len(g.events), ui.selected, ui.viewer, self.seq.busy,
                id(self.seq.current), self.inputs, self.zoc, lit)
        if self._lit_memo[0] != mkey:
            zoc = (ui.zoc_hexes() if hasattr(ui, "zoc_hexes") else ()) if self.zoc else ()
            targets = ui.targets() if lit else {}
            self._lit_memo = (mkey, (zoc, targets), (frozenset(zoc), tuple(targets.items())))
        under = ui.under_key()
        return None if under is None else (under,) + self._lit_memo[2]

    def _draw_lit(self, surf) -> None:
        """The map, the game's tints under the pieces and the lit hexes (ZOC, targets):
        one cached picture, drawn again only when one of them or the camera changes."""
        key = self._lit_key()
        zoc, targets = self._lit_memo[1]

        def paint(s):
            self.ui.draw_under(s, self.view, self.time)
            self._draw_overlays(s, zoc, targets)
        self.view.draw_lit(surf, key, paint)

    def _draw_overlays(self, surf, zoc, targets) -> None:
        if zoc:
            self.view.draw_hexes(surf, zoc, ZOC_COLOUR)
        if targets:
            for h, kind in targets.items():
                col = TARGET_COLOURS.get(kind, (255, 255, 255, 80))
                if kind == "select":   # units that can act: a bright outline
                    self.view.draw_hex(surf, h, (255, 240, 120, 235), width=4)
                else:
                    self.view.draw_hex(surf, h, col)
                    self.view.draw_hex(surf, h, col[:3] + (230,), width=3)

    def shown_explanation(self):
        """(explanation, colour, title) to draw: the hint for this position if one was asked
        for, else (explain toggle on) the AI's last decision; None when there is nothing to show."""
        if self.demo and not self.explain:
            return None
        hint = self.session.current_hint() if not self.replay else None
        if hint is not None:
            return hint, HINT_COLOUR, _("Hint: the normal AI would")
        if self.explain:
            ex = self.session.last_explanation()
            if ex is not None:
                who = self.ui.side_name(ex.seat)
                return ex, EXPLAIN_COLOUR, _("{who} ({level}) chose").format(who=who, level=ex.level)
        return None

    def alt_text(self, alt) -> str:
        """An alternative the AI weighed, in the player's words: its actions (a plan's first
        three) as the game's UI words them."""
        acts = alt.actions()
        text = " → ".join(self.ui.action_text(a) for a in acts[:3])
        return text + (" …" if len(acts) > 3 else "")

    def _draw_explanation(self, surf) -> None:
        """Light the cells of the top alternatives, each with its number (visits for hard,
        score for easy and normal); the chosen one outlined. A list in the map's corner names
        them all, including choices that have no cell (end the phase, pass)."""
        got = self.shown_explanation()
        if got is None:
            return
        ex, colour, title = got
        alts = list(ex.alternatives[:5])
        labelled: set[str] = set()
        for rank, alt in enumerate(alts):
            cells = self.ui.action_cells(alt.action)
            if not cells:
                continue
            a = 150 if alt.chosen else max(50, 120 - 22 * rank)
            head = cells[0]
            self.view.draw_hex(surf, head, colour[:3] + (a,))
            if alt.chosen:
                self.view.draw_hex(surf, head, colour[:3] + (255,), width=5)
                for c in cells[1:2]:
                    self.view.draw_hex(surf, c, colour[:3] + (200,), width=3)
            if head in labelled:
                continue
            labelled.add(head)
            x, y = self.view.hex_center(head)
            img = self.assets.text(_alt_number(ex, alt), 18, (20, 16, 10), bold=True)
            box = img.get_rect(center=(int(x), int(y + self.view.hex_size() * 0.28))).inflate(10, 4)
            pygame.draw.rect(surf, colour, box, border_radius=6)
            pygame.draw.rect(surf, (20, 16, 10), box, 1, border_radius=6)
            surf.blit(img, img.get_rect(center=box.center))
        area = self.view.area
        lines = [(f"{title}:", True)] + [(f"{'▶ ' if alt.chosen else '   '}{self.alt_text(alt)}  —  {_alt_number(ex, alt)}",
                                          alt.chosen) for alt in alts]
        if ex.iterations:
            lines.append((_("{iterations} simulations in {seconds:.1f} s").format(iterations=ex.iterations, seconds=ex.seconds), False))
        imgs = [fit_text(self.assets, t, 17, area.width // 2, colour if bold else TEXT, bold=bold) for t, bold in lines]
        bw = max(i.get_width() for i in imgs) + 20
        bh = sum(i.get_height() + 3 for i in imgs) + 12
        box = pygame.Rect(area.x + 10, area.bottom - bh - 10, bw, bh)
        panel(surf, box, colour=(14, 16, 22), border=colour, alpha=225)
        y = box.y + 6
        for i in imgs:
            surf.blit(i, (box.x + 10, y))
            y += i.get_height() + 3

    def _draw_demo_banner(self, surf) -> None:
        """The pill that says which game is on show, and what input does here."""
        spec = self.game.spec()
        name = f"{spec.title}  {spec.local}" if spec.local and spec.local != spec.title else spec.title
        left = self.ui.top_left             # (beside and below the game's own top panels)
        img = fit_text(self.assets, _("DEMO  ·  {name}").format(name=name), 24, self.map_w - left - 60, (20, 16, 10), bold=True)
        r = self.demo_pill = img.get_rect(midtop=((left + self.map_w) // 2, 10 + self.ui.top_band)).inflate(30, 12)
        pygame.draw.rect(surf, ACCENT, r, border_radius=10)
        blit_center(surf, img, r.center)
        if self.game.is_over():
            res = self.game.result()
            txt = (_("Draw") if res.winner is None else _("{side_name} wins").format(side_name=self.ui.side_name(res.winner))) + f" — {tr(res.reason)}"
            self.banner_static(surf, txt)

    def banner_static(self, surf, text: str) -> None:
        area = self.view.area
        band = pygame.Rect(area.x, area.centery - 50, area.width, 100)
        panel(surf, band, colour=(10, 12, 18), border=ACCENT, radius=0, alpha=220)
        blit_center(surf, fit_text(self.assets, text, 44, band.width - 40, ACCENT, bold=True), band.center)


def merge_rects(rects: list[pygame.Rect], waste: int = 100000) -> list[pygame.Rect]:
    """``rects`` as fewer rects covering them all: two become their union when they
    overlap or when it covers at most ``waste`` pixels more than they do (drawing again
    costs a pass over the pieces each, so a little more area is cheaper)."""
    out = [pygame.Rect(r) for r in rects if r.width > 0 and r.height > 0]
    merged = True
    while merged and len(out) > 1:
        merged = False
        for i in range(len(out)):
            for j in range(i + 1, len(out)):
                a, b = out[i], out[j]
                u = a.union(b)
                inter = a.clip(b)
                if a.colliderect(b) or u.width * u.height - (a.width * a.height + b.width * b.height
                                                            - inter.width * inter.height) <= waste:
                    out[i] = u
                    del out[j]
                    merged = True
                    break
            if merged:
                break
    return out


def _alt_number(ex, alt) -> str:
    """What an alternative is shown with: hard's share of the simulations (and their
    mean result), easy's chance of picking it, normal's score."""
    if alt.visits:
        q = f" {alt.score:+.2f}" if alt.score is not None else ""
        return f"{alt.share:.0%}{q}"
    if ex.level == "easy" and alt.share:
        return f"p {alt.share:.0%}"
    if alt.score is not None:
        return f"{alt.score:+.1f}"
    return "✓" if alt.chosen else "·"
