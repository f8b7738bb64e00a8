"""The board's side panel: the turn and phase, whose decision it is and what it asks, the
buttons (the main one marked), the details of the hovered cell, the odds of an attack, the log.
"""
from __future__ import annotations

import math
import time

import pygame

from ..games.base import GameUI
from ..i18n import N_, _, tr
from ..widgets import ACCENT, BAD, BORDER, Button, DIM, TEXT, blit_center, fit_text, panel, panel_image
from .style import DEMO_HINT_H, LEVEL_NAMES, PANEL_BG

class SidePanel:
    """The side panel. A part of BoardScene (game.client.scenes.board), which holds the state."""

    def _rebuild_buttons(self) -> None:
        key = (len(self.game.history), self.ui.selected, self.seq.busy, self.session.human_to_move(), self.demo,
               self.replay)
        if key == self._buttons_key:
            return
        self._buttons_key = key
        self.buttons = []
        if not self.session.human_to_move() or self.seq.busy or self.demo or self.replay:
            return
        choices = self.ui.choices()
        n = len(choices)
        h = 56 if n <= 4 else 44
        y = 214
        for c in choices[:6]:
            rect = pygame.Rect(self.px, y, self.pw, h)
            self.buttons.append(Button(c.label, rect, c.action, enabled=c.enabled, primary=c.primary,
                                       hint=_("Space") if c.primary else "", size=24 if n <= 4 else 20, reason=c.reason))
            y += h + 8

    def _panel_key(self) -> tuple:
        mouse = getattr(self, "_hover_pos", (-1, -1))
        hb = next((i for i, b in enumerate(self.buttons) if b.rect.collidepoint(mouse)), -1)
        return (len(self.game.history), len(self.game.events), self.seq.busy, self.ui.selected, hb,
                self.session.human_to_move(), self.demo, self.replay, self.session.can_undo(),
                self.session.ai_error)

    def _draw_panel(self, surf, full: bool = True) -> None:
        """The side panel, re-rendered only when what it shows changes (and, ``full``
        False, drawn only where it changed since the frame before)."""
        self._rebuild_buttons()
        w, h = surf.get_width() - self.map_w, surf.get_height()
        key = self._panel_key()
        top = getattr(self, "_top_key", None) != key
        if top:
            self._top_key = key
            s = pygame.Surface((w, h))
            s.fill(PANEL_BG)
            self._draw_panel_top(s, -self.map_w)
            self._top_surf = s.convert() if pygame.display.get_surface() else s
            self._info_key = None
        info_top = 214 + (len(self.buttons) * 64 if self.buttons else 0) + 4
        info_top = max(info_top, 340) if self.buttons else 214
        bottom = self.log.rect.y - 8
        hint = self.app.demo_hints() if self.demo else ""
        if hint:                                # the demo: what input does, above the log
            bottom -= DEMO_HINT_H + 8
        info = pygame.Rect(self.px, info_top, self.pw, max(1, bottom - info_top))
        ikey = (key, self.hover_hex, info.topleft, self.ui.hover_key(), self.threat_on, self.threat_key)
        changed = []
        if getattr(self, "_info_key", None) != ikey:
            self._info_key = ikey
            s = getattr(self, "_info_surf", None)
            if s is None or s.get_size() != info.size or s.get_masks() != surf.get_masks():
                s = self._info_surf = pygame.Surface(info.size, 0, surf)    # (the screen's format: a plain copy)
            s.set_clip(None)
            s.fill(PANEL_BG)
            self._draw_info(s, pygame.Rect(0, 0, info.width, info.height))
            changed.append(info)
        if self.log.prepare(self.assets):
            changed.append(self.log.rect)
        seat = self.thinking()
        spin = pygame.Rect(0, 0, 64, 80)
        spin.midtop = (self.px + self.pw - 26, 112 + 44 - 22)
        if seat or self._spun:
            changed.append(spin)
        self._spun = bool(seat)
        whole = pygame.Rect(self.map_w, 0, w, h)
        clip = surf.get_clip()
        for r in ([whole] if full or top else changed):
            if r is info and info.height > 60:  # (opaque, over nothing else that changed)
                surf.set_clip(None)
                surf.blit(self._info_surf, info.topleft)
                continue
            if r is self.log.rect and not (seat and r.colliderect(spin)) and not hint:
                surf.set_clip(r.clip(whole))    # (opaque too, its box and all)
                self.log.draw(surf, self.assets)
                continue
            surf.set_clip(r.clip(whole))
            surf.blit(self._top_surf, (self.map_w, 0))
            if seat and surf.get_clip().colliderect(spin):
                self._draw_spinner(surf, (self.px + self.pw - 26, 112 + 44), self.ui.side_colour(seat))
            if hint:
                self._draw_demo_hint(surf, pygame.Rect(self.px, bottom + 8, self.pw, DEMO_HINT_H), hint)
            if info.height > 60:
                surf.blit(self._info_surf, info.topleft)
            self.log.draw(surf, self.assets)
        surf.set_clip(clip)
        pygame.draw.line(surf, BORDER, (self.map_w, 0), (self.map_w, h), 3)     # (over the map's edge too)

    def _draw_demo_hint(self, surf, rect: pygame.Rect, hint: str) -> None:
        panel(surf, rect, colour=(30, 26, 14), border=ACCENT, width=2)
        lines = [p.strip() for p in hint.split("·")]
        y = rect.y + 10
        for i, line in enumerate(lines[:2]):
            line = line[:1].upper() + line[1:]
            img = fit_text(self.assets, ("▶ " if i == 0 else "") + line, 20 if i == 0 else 17, rect.width - 20,
                           ACCENT if i == 0 else TEXT, bold=i == 0)
            surf.blit(img, (rect.x + 12, y))
            y += img.get_height() + 4

    def _draw_panel_top(self, surf, dx: int) -> None:
        px, pw = self.px + dx, self.pw
        # status bar
        st = dict(self.ui.status())
        bar = pygame.Rect(px, 8, pw, 96)
        panel(surf, bar, width=2)
        if st:
            narrow = pw < 330                   # (a small window: the turn smaller, the phase on two lines)
            turn = self.assets.text(_("TURN {turn}").format(turn=st.get('Turn', '')), 24 if narrow else 30, ACCENT,
                                    bold=True)
            surf.blit(turn, (bar.x + 12, bar.y + 8))
            px_ = bar.x + 12 + turn.get_width() + 12 if narrow else max(bar.x + 170, bar.x + turn.get_width() + 26)
            room = bar.right - 10 - px_
            text = st.get("Phase", "")
            phase = fit_text(self.assets, text, 22, room, TEXT, bold=True, min_size=15)
            if self.assets.text(text, 15, TEXT, bold=True).get_width() > room:     # (cut: on two lines)
                for size in (15, 14):
                    phase = self.assets.text(text, size, TEXT, bold=True, wrap=room)
                    if phase.get_height() <= 44:
                        break
            surf.blit(phase, (px_, bar.y + 14 if phase.get_height() < 30 else bar.y + 6))
            init = st.get("Initiative", "")
            if init:
                chip = pygame.Rect(bar.x + 12, bar.y + 54, 150, 32)
                pygame.draw.rect(surf, self.ui.side_colour(init), chip, border_radius=8)
                blit_center(surf, self.assets.text(_("★ {init}  cycle {cycle}").format(init=init, cycle=st.get('Cycle', '')), 17,
                                                   (20, 16, 12) if init == "JP" else (255, 255, 255), bold=True),
                            chip.center)
                surf.blit(fit_text(self.assets, st.get("Score", ""), 24, pw - 180, TEXT, bold=True),
                          (bar.x + 172, bar.y + 56))
            else:
                surf.blit(fit_text(self.assets, st.get("Score", ""), 22, pw - 24, TEXT, bold=True),
                          (bar.x + 12, bar.y + 58))
        # prompt
        d = self.game.pending()
        pr = pygame.Rect(px, 112, pw, 94)
        if d is not None:
            seat = d.seat
            kind = self.session.seats.get(seat, "human")
            who = (_("{side} — you") if kind == "human" else _("{side} — AI ({level})")).format(
                side=self.ui.side_name(seat), level=_(LEVEL_NAMES.get(kind, kind)))
            if self.replay:
                who = _("{side_name} — replay").format(side_name=self.ui.side_name(seat))
            pygame.draw.rect(surf, self.ui.side_colour(seat), (px, pr.y, 8, pr.height), border_radius=4)
            surf.blit(fit_text(self.assets, who, 20, pw - 20, self.ui.side_colour(seat), bold=True), (px + 16, pr.y))
            text = tr(d.prompt) if (self.session.human_to_move() and not self.seq.busy) else (
                "…" if self.seq.busy else _("{side_name} is thinking…").format(side_name=self.ui.side_name(seat)))
            colour, wrap = TEXT, pw - 20
            if self.session.ai_error and not self.replay and not self.seq.busy:
                text, colour = _("The AI cannot move: {ai_error}").format(ai_error=self.session.ai_error), BAD
            elif self.thinking():
                wrap = pw - 64                  # room for the spinner
            for size in (22, 20, 18, 16, 14):
                img = self.assets.text(text, size, colour, bold=True, wrap=wrap)
                if img.get_height() <= pr.height - 28:
                    break
            surf.blit(img, (px + 16, pr.y + 28))
        else:
            res = self.game.result()
            if res:
                t = _("Draw") if res.winner is None else _("{side_name} wins").format(side_name=self.ui.side_name(res.winner))
                img = fit_text(self.assets, t, 30, pw - 16, ACCENT, bold=True, min_size=18)
                if img.get_width() > pw - 16:
                    img = self.assets.text(t, 18, ACCENT, bold=True, wrap=pw - 16)
                surf.blit(img, (px + 8, pr.y))
                surf.blit(self.assets.text(tr(res.reason), 20, TEXT, wrap=pw - 16), (px + 8, pr.y + img.get_height() + 4))
        # buttons
        mouse = getattr(self, "_hover_pos", (-1, -1))
        for b in self.buttons:
            hb = Button(b.label, b.rect.move(dx, 0), b.value, b.enabled, b.hint, b.primary, b.size, b.reason)
            hb.draw(surf, self.assets, hovered=b.rect.collidepoint(mouse))

    def _draw_spinner(self, surf, centre, colour=ACCENT) -> None:
        """Twelve dots going round in the side's colour (its AI is thinking), and for how
        long, after a second."""
        self.spinner_frames += 1
        cx, cy = centre
        head = time.monotonic() * 12.0          # dots per second
        for i in range(12):
            a = 2 * math.pi * i / 12
            age = (head - i) % 12               # 0: the dot just lit
            k = max(0.0, 1.0 - age / 9.0)
            dot = tuple(int(60 + (min(255, c + 40) - 60) * k) for c in colour[:3])
            pygame.draw.circle(surf, dot, (cx + 14 * math.sin(a), cy - 14 * math.cos(a)), 2.0 + 2.2 * k)
        since = self.session.thinking_since
        if since is not None and time.monotonic() - since >= 1.0:
            blit_center(surf, self.assets.text(f"{int(time.monotonic() - since)} s", 14, DIM), (cx, cy + 28))

    def _draw_info(self, surf, info) -> None:
        """Odds preview for the pairing at hand, else details of the hovered hex."""
        if info.height <= 60:
            return
        pv = self.ui.preview(self.hover_hex) if (self.session.human_to_move() or self.replay or self.demo) \
            and not self.seq.busy else None
        if pv:
            if not self.ui.draw_preview(surf, info, pv):
                self._draw_odds(surf, info, pv)
            return
        lines = self.ui.hover_lines(self.hover_hex)
        th = self.threat_map.get(self.hover_hex) if self.threat_on else None
        if th is not None:                      # the threat view: who could attack here, and the odds
            lab = getattr(self.ui, "lab", None) or (lambda k: getattr(self.ui, "units_static", {}).get(k, {})
                                                    .get("label", k))
            lines = [_("Threat: {label}").format(label=th.label), th.detail,
                     _("could attack: {units}").format(units=", ".join(lab(k) for k, _c in th.attackers))] + lines
        if lines:
            surf.blit(panel_image(info.size, (26, 30, 40), BORDER, 12, 2, PANEL_BG), info.topleft)
            y = info.y + 8
            for i, line in enumerate(lines):
                img = self.assets.text(line, 20 if i == 0 else 17, ACCENT if i == 0 else TEXT, bold=i == 0,
                                       wrap=info.width - 16)
                if y + img.get_height() > info.bottom - 4:
                    break
                surf.blit(img, (info.x + 8, y))
                y += img.get_height() + 4
        else:
            keys = [_(self.ui.zoc_hint)] if self.ui.zoc_overlay else []
            if type(self.ui).threats is not GameUI.threats:
                keys.append(_("T: threats"))
            keys += [_(self.ui.overlay_hint)] if self.ui.overlay_hint else []
            if self.demo:                   # (what works in the demo is on the pill under the map)
                keys = []
            else:
                keys += [_("E: explain AI"), _("I: hint")]
                keys += [_("F1: help"), _("Esc: menu")] + ([_("U: undo")] if self.session.can_undo() else [])
            hint = "   ".join(keys)
            img = self.assets.text(hint, 15, DIM, wrap=info.width - 8)
            surf.blit(img, (info.x + 4, info.bottom - img.get_height() - 4))

    def _draw_odds(self, surf, rect, pv) -> None:
        surf.blit(panel_image(rect.size, (30, 26, 22), (200, 150, 60), 12, 2, PANEL_BG), rect.topleft)
        s, o = pv["strengths"], pv["odds"]
        x, y = rect.x + 10, rect.y + 6
        surf.blit(fit_text(self.assets, f"{'+'.join(pv['attackers'])} → {pv['defender']}", 20, rect.width - 20,
                           ACCENT, bold=True), (x, y))
        y += 28
        ah = "-".join(map(str, s["attack_hits_on"]))
        dh = "-".join(map(str, s["defense_hits_on"]))
        surf.blit(self.assets.text(_("Attack {attack_dice} dice (hit {ah})   Defence {defense_dice} dice (hit {dh})").format(attack_dice=s['attack_dice'], ah=ah, defense_dice=s['defense_dice'], dh=dh),
                                   15, TEXT, wrap=rect.width - 20), (x, y))
        y += 22
        for role, reason, amount in s.get("modifiers", []):
            role = {"attacker": N_("attacker"), "defender": N_("defender")}.get(role, role)
            surf.blit(self.assets.text(_("{role} {amount:+d}: {reason}").format(role=tr(role), amount=amount,
                                                                              reason=tr(reason)), 15, DIM), (x, y))
            y += 18
        if s.get("hill"):
            surf.blit(self.assets.text(_("defender on a hill: attack hits only on 6"), 15, DIM), (x, y))
            y += 18
        # probability bar
        bar = pygame.Rect(x, y + 4, rect.width - 20, 22)
        parts = [(o.attacker_wins, (80, 200, 110), "att"), (o.tie, (150, 150, 150), "tie"),
                 (o.defender_wins, (220, 80, 70), "def")]
        cx = bar.x
        for p, col, _w in parts:
            wpx = int(round(bar.width * p))
            pygame.draw.rect(surf, col, (cx, bar.y, wpx, bar.height))
            cx += wpx
        pygame.draw.rect(surf, (0, 0, 0), bar, 2)
        y = bar.bottom + 4
        img = self.assets.text(_("attacker wins {attacker_wins:.0%} · tie {tie:.0%} · defender wins {defender_wins:.0%}").format(attacker_wins=o.attacker_wins, tie=o.tie, defender_wins=o.defender_wins), 15, TEXT, bold=True, wrap=rect.width - 20)
        surf.blit(img, (x, y))
        y += img.get_height() + 2
        if y < rect.bottom - 16:
            surf.blit(self.assets.text(_("expected losses: attacker {attacker_losses:.2f}, defender {defender_losses:.2f}").format(attacker_losses=o.attacker_losses, defender_losses=o.defender_losses), 15, DIM), (x, y))
