"""中原大戰 in the client: the point-to-point map with rail, road and river links
drawn apart, pieces by commander colour and glyph, the three tracks of all five
commanders, the hand, the cards in play with their counters, the neutral pile
with both camps' support, and the totals of every battle broken down.

Screen layout, over the map area: a band at the top with one column per
commander (morale 士氣, troops 兵力, funds 資金, upkeep, the cards in his hand
and his cards in play with their counters) and the neutral general with each
camp's support; a band at the bottom with the hand of the seat looking at the
screen (click a card to play, discard or sacrifice it; L hides the band). The
map's own track boxes carry the markers too, for a closer look.

Hidden information: everything drawn comes from ``public_state()``; a hand
comes from ``observation(viewer)`` and only when ``viewer`` is set by the board
scene (the one human seat, or in hotseat the seat that took the device). The
other hands show as counts. Events marked ``private_to`` keep their neutral
text in the log, except for the one human seat.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from game.ai.central_plains import diff_distribution, p_clear
from game.rulesets.central_plains.actions import (Advance, Attack, Discard, EndAttack, EndCommands, Move,
                                                  NameDefender, Play, RemovePiece, RetreatPiece, Sacrifice, Skip,
                                                  Stand, Target)
from game.rulesets.central_plains.components import Battle
from game.rulesets.central_plains.kinds import (ADVANCE, CARD_ATTACK, CARD_MOVE, COMMAND, DISCARD, LOSS, NAME, RETREAT,
                                                SACRIFICE, STAND, TARGET)

from .. import threat
from ..i18n import _
from ..widgets import ACCENT, BAD, DIM, GOOD, TEXT, blit_center, fit_text, panel, round_rect
from .base import Choice, ClickResult, GameUI
from ..i18n import N_, _, bilingual, tr

PAPER = (222, 212, 178)
INK = (44, 36, 26)
TERRAIN_FILL = {"mountain": (150, 118, 84), "town": (246, 240, 224), "plain": (176, 196, 120)}
HQ_RING = (196, 30, 30)
BAND = (16, 19, 26)
PIECE_ORDER = {"armoured_train": 0, "cavalry": 1, "infantry": 2, "grey_cavalry": 3, "grey_infantry": 4}
#: decisions of the commander whose turn it is: they show his hand (hotseat: pass the device first)
PRIVATE = (COMMAND, DISCARD, SACRIFICE, CARD_MOVE, CARD_ATTACK, TARGET, NAME, ADVANCE)
DECISION_NAMES = {
    COMMAND: N_("commands"), DISCARD: N_("discard to pay"), SACRIFICE: N_("sacrifice a card"), CARD_MOVE: N_("card's move"),
    CARD_ATTACK: N_("card's attack"), TARGET: N_("card's choice"), NAME: N_("name the defender"),
    STAND: N_("retreat or defend"), RETREAT: N_("retreat"), LOSS: N_("losses"), ADVANCE: N_("advance")}
TOP_H = 118
TOP_H_TWO_ROWS = 148        # a narrow map: the commanders' boxes in two rows (see _draw_top)
NARROW_MAP = 840            # ... a map narrower than this (a 1024×576 window: 690)
HAND_H = 152


def gloss(zh: str, en: str) -> str:
    """The English word of a data entry beside its Chinese one, in the interface language
    (the English itself where the translation is the Chinese already: 繁體中文)."""
    t = tr(en)
    return en if t == zh else t


def top_height(map_width: int) -> int:
    """The height of the commanders' strip over a map this wide."""
    return TOP_H if map_width >= NARROW_MAP else TOP_H_TWO_ROWS


def _dashed(surf, a, b, colour, width, dash):
    d = math.dist(a, b)
    if d == 0:
        return
    n = max(1, int(d / max(2.0, dash)))
    for i in range(0, n, 2):
        t0, t1 = i / n, min(1.0, (i + 1) / n)
        p = (a[0] + (b[0] - a[0]) * t0, a[1] + (b[1] - a[1]) * t0)
        q = (a[0] + (b[0] - a[0]) * t1, a[1] + (b[1] - a[1]) * t1)
        pygame.draw.line(surf, colour, p, q, width)


def _ties(surf, a, b, colour, half, gap):
    d = math.dist(a, b)
    if d == 0:
        return
    ux, uy = (b[0] - a[0]) / d, (b[1] - a[1]) / d
    nx, ny = -uy * half, ux * half
    k = gap / 2
    while k < d:
        cx, cy = a[0] + ux * k, a[1] + uy * k
        pygame.draw.line(surf, colour, (cx - nx, cy - ny), (cx + nx, cy + ny), max(1, round(half / 3)))
        k += gap


def draw_link(surf, kind: str, p, q, z: float) -> None:
    """One straight piece of a link: rail a black ladder, road brown dashes, river a blue line."""
    if kind == "rail":
        pygame.draw.line(surf, (30, 30, 30), p, q, max(2, round(7 * z)))
        _ties(surf, p, q, (245, 240, 228), max(1.5, 2.6 * z), max(5, 12 * z))
    elif kind == "road":
        _dashed(surf, p, q, (128, 86, 46), max(2, round(4 * z)), max(4, 10 * z))
    else:
        pygame.draw.line(surf, (40, 96, 196), p, q, max(2, round(6 * z)))


def draw_terrain_dot(surf, terrain: str, c, z: float) -> None:
    """A stronghold's dot: its terrain colour, with a peak for mountains."""
    (cx, cy), r = c, max(3, 11 * z)
    pygame.draw.circle(surf, TERRAIN_FILL[terrain], c, r)
    pygame.draw.circle(surf, INK, c, r, max(1, round(2 * z)))
    if terrain == "mountain":
        pygame.draw.polygon(surf, (90, 66, 44), [(cx, cy - r * 0.75), (cx - r * 0.7, cy + r * 0.45),
                                                (cx + r * 0.7, cy + r * 0.45)])


class CentralPlainsUI(GameUI):
    zoc_overlay = False
    overlay_hint = N_("L: hand")
    top_band = TOP_H

    def __init__(self, game, assets):
        super().__init__(game, assets)
        self.data = game.data
        self.board = game.board
        self.cmd = self.data["commanders"]
        self.st: dict[str, Any] = {}
        self.obs: dict[str, Any] | None = None
        self._key = None
        self.dest: str | None = None
        self.show_hand = True
        self.card_rects: list[tuple[pygame.Rect, str]] = []
        self.slides: dict[str, tuple[str, list[str], str]] = {}    # slide key -> (commander, pieces, from)
        self._n = 0
        self.piece_px = float(self.board.properties.get("piece_size", 22))
        self.sync()

    # -- identity ---------------------------------------------------------------------------------
    def commanders_of(self, seat: str) -> list[str]:
        return [k for k in seat.split("+") if k in self.cmd]

    def side_colour(self, seat: str) -> tuple[int, int, int]:
        if seat in self.data["camps"]:
            return tuple(self.cmd[self.data["camps"][seat]["commanders"][0]]["colour"])
        ks = self.commanders_of(seat or "")
        return tuple(self.cmd[ks[0]]["colour"]) if ks else (200, 200, 200)

    def side_name(self, seat: str) -> str:
        if seat in self.data["camps"]:
            c = self.data["camps"][seat]
            return bilingual(c['name_en'], c['name_zh'], "zh")
        ks = self.commanders_of(seat or "")
        if len(ks) == 1:
            c = self.cmd[ks[0]]
            return bilingual(c['name_en'].split(' (')[0], c['name_zh'], "zh")
        return " · ".join(self.cmd[k]["name_zh"] for k in ks) or str(seat)

    def cmd_name(self, k: str) -> str:
        return self.cmd[k]["name_zh"] if k in self.cmd else k

    def place(self, s: str) -> str:
        c = self.board.cells.get(s)
        return c.props["name_zh"] if c else s

    def place_full(self, s: str) -> str:
        c = self.board.cells.get(s)
        return bilingual(c.props['name_en'].split(' (')[0], c.props['name_zh'], "zh") if c else s

    def card_title(self, cid: str) -> str:
        c = self.game.cdata[cid]
        return bilingual(c['name_en'].split(' (')[0], c['name_zh'], "zh")

    def piece_glyphs(self, pieces) -> str:
        g = {k: p["glyph"] for k, p in self.data["pieces"].items()}
        return "".join(("灰" if c.startswith("grey_") else "") + g[c.removeprefix("grey_")] for c in pieces)

    # -- display model ---------------------------------------------------------------------------------
    def sync(self) -> None:
        super().sync()
        self.st = self.game.public_state()
        self.obs = self.game.observation(self.viewer) if self.viewer in self.game.seats else None
        self._key = (len(self.game.history), len(self.game.events), self.viewer)
        self.slides.clear()
        self.dest = None if self.selected is None else self.dest

    def _fresh(self) -> None:
        if self._key != (len(self.game.history), len(self.game.events), self.viewer):
            self.sync()

    def slide_for(self, ev):
        d = ev.data
        if ev.kind == "PiecesMoved" or ev.kind == "Advanced":
            pieces = list(d.get("pieces", ()))
        elif ev.kind == "PieceRetreated":
            pieces = [d.get("piece")]
        else:
            return None
        frm, to = d.get("frm"), d.get("to")
        cells = self.board.cells
        if frm not in cells or to not in cells:
            return None
        self._n += 1
        key = f"slide{self._n}"
        self.slides[key] = (d.get("commander"), pieces, frm)
        return key, [cells[frm].center, cells[to].center]

    def event_shown(self, ev) -> None:
        d = ev.data
        stacks = self.st.setdefault("stacks", {})
        if ev.kind in ("PiecesMoved", "Advanced", "PieceRetreated"):
            pieces = list(d.get("pieces", ())) if ev.kind != "PieceRetreated" else [d.get("piece")]
            frm = stacks.get(d.get("frm"), [])
            for p in pieces:
                if [d.get("commander"), p] in frm:
                    frm.remove([d.get("commander"), p])
            stacks.setdefault(d.get("to"), []).extend([d.get("commander"), p] for p in pieces)
            for k in [k for k, v in self.slides.items() if v[2] == d.get("frm") and v[1] == pieces]:
                self.slides.pop(k, None)
                break
        elif ev.kind in ("PieceRemoved", "PieceDefected"):
            here = stacks.get(d.get("at"), [])
            if [d.get("commander"), d.get("piece")] in here:
                here.remove([d.get("commander"), d.get("piece")])

    def log_text(self, ev) -> str:
        owner = ev.data.get("private_to")
        cards = ev.data.get("cards")
        if owner and owner == self.viewer and cards and getattr(self, "single_viewer", True):
            return _("{text}: {join} (only you see this)").format(text=tr(ev.text), join=', '.join(self.card_title(c) for c in cards))
        return tr(ev.text)

    def private_decision(self) -> bool:
        d = self.game.pending()
        return d is not None and d.kind in PRIVATE

    def recap_lines(self, events) -> list[str]:
        keep = ("TurnStarted", "PiecesMoved", "CardPlayed", "BattleResolved", "PieceRetreated", "Advanced",
                "PieceRemoved", "NeutralJoined", "SupportPlaced", "CardExpired", "PiecePlaced", "PieceDefected",
                "TroopsLost", "GameOver")
        return [tr(e.text) for e in events if e.kind in keep and not e.data.get("private_to")]

    def unit_hex(self, key: str) -> str | None:
        return key if key in self.board.cells else None

    def unit_at(self, hex_: str | None) -> str | None:
        return hex_ if hex_ in self.st.get("stacks", {}) else None

    # -- dice: a battle's totals, broken down --------------------------------------------------------------
    # -- the threat view (T): a point-to-point map, so "which of my strongholds the enemy can attack" -----
    threat_unsupported = ""
    threat_over_counters = False        # (the hand of cards lies over the map)

    def lab(self, key: str) -> str:
        return self.cmd_name(key)

    def threats(self, seat: str) -> dict | None:
        """The strongholds holding my pieces that an enemy commander could attack on his next
        turn (seed 6, 7): from a stronghold he holds, or one his pieces reach in one move
        (never through an enemy-held stronghold, with room to end there), next to mine. Odds:
        the rules' battle totals (pieces next to the battlefield, and the best group of up
        to three he could move next to it first; morale; terrain; lasting cards in play)
        and the dice (2 red against 1 white), the chance he wins by 3 or more so that I lose
        troops. The card he might play for the attack is in his hand, which I cannot see:
        it is not counted."""
        return threat.with_view(self.game, seat, lambda v: self._threats(v, seat))

    def _threats(self, v, seat: str) -> dict:
        from game.rulesets.central_plains.rules import base
        mine_cmds = set(self.commanders_of(seat))
        stacks = v.stacks()
        mine = {s: sorted({c for c, _p in st if c in mine_cmds}) for s, st in stacks.items()
                if any(c in mine_cmds for c, _p in st)}
        foes = sorted({e for c in mine_cmds for e in v.enemies(c) if v.positions(e)})
        moves = {e: v.moves(e) for e in foes}
        dist = diff_distribution()

        def sources(e):
            return [*v.positions(e), *sorted({m.to for m in moves[e]})]

        def odds(bf, atts):
            near = set(v.adj[bf])
            best = None
            for e, frm in atts:
                extra = max((sum(v.strength[base(p)] for p in m.pieces) for m in moves[e]
                             if m.to in near and m.frm not in near and m.frm != bf), default=0)
                for d in mine[bf]:
                    att, dfn = v.totals(Battle(e, frm, bf, defender=d))
                    margin = att.total + extra - dfn.total
                    p = sum(q for x, q in dist if margin + x >= 3)
                    if best is None or p > best[0]:
                        best = (p, e, d, att.total + extra, dfn.total)
            p, e, d, a, f = best
            detail = _("{who} {att} against {mine} {dfn} before the dice (his card not counted): "
                       "you lose troops {p}").format(who=self.cmd_name(e), att=a, mine=self.cmd_name(d), dfn=f,
                                                     p=threat.percent(p))
            return threat.percent(p), p, detail

        return threat.reach_threats(mine, foes, sources, lambda e, s: v.adj[s], odds)

    def dice_for(self, ev) -> dict[str, Any] | None:
        if ev.kind != "BattleResolved":
            return None
        d = ev.data
        a, f = d.get("att", {}), d.get("dfn", {})
        arow = (_("進攻 {cmd_name}: pieces {pieces} + morale {morale} + card {card} + lasting {lasting} + 2 red dice = {attack}").format(cmd_name=self.cmd_name(d['attacker']), pieces=a.get('pieces'), morale=a.get('morale'), card=a.get('card'), lasting=a.get('lasting'), attack=d.get('attack')))
        drow = (_("防守 {cmd_name}: pieces {pieces} + morale {morale} {terrain:+d} terrain + defend {lasting} + 1 white die = {defence}").format(cmd_name=self.cmd_name(d['defender']), pieces=f.get('pieces'), morale=f.get('morale'), terrain=f.get('terrain', 0), lasting=f.get('lasting'), defence=d.get('defence')))
        loser = d.get("loser")
        res = (f"{d.get('attack')} vs {d.get('defence')}: " +
               (_("{cmd_name} loses {losses} troop(s)").format(cmd_name=self.cmd_name(loser), losses=d.get('losses')) if loser else _("under 3 apart: no losses")))
        return {"heading": _("Battle at {place_full}").format(place_full=self.place_full(d.get('battlefield', ''))),
                "rows": [(arow, tuple(d.get("red", ())), 2, ()), (drow, tuple(d.get("white", ())), 1, ())],
                "result": res, "duration": 1.8}

    # -- the static layer: links, strongholds, names, the track panel -------------------------------------------
    def label_rect(self, key: str, z: float, zh_img, en_img, tag_h: int) -> pygame.Rect:
        c = self.board.cells[key]
        side = c.props.get("label_at", "n")
        w = max(zh_img.get_width(), en_img.get_width())
        h = zh_img.get_height() + en_img.get_height() + tag_h
        x, y = c.center[0] * z, c.center[1] * z
        fw, fh = 42 * z, 19 * z
        r = pygame.Rect(0, 0, w, h)
        if side == "n":
            r.midbottom = (x, y - fh)
        elif side == "s":
            r.midtop = (x, y + fh)
        elif side == "e":
            r.midleft = (x + fw, y)
        elif side == "w":
            r.midright = (x - fw, y)
        else:
            left = x + 10 * z if side[1] == "e" else x - 10 * z - w
            top = y - fh - h if side[0] == "n" else y + fh
            r.topleft = (left, top)
        return r

    def decorate_static(self, surf: pygame.Surface, view, z: float) -> None:
        b = self.board
        surf.fill((*PAPER, 255))
        for lk in b.links():
            pts = [(x * z, y * z) for x, y in (lk.points or (b.cells[lk.a].center, b.cells[lk.b].center))]
            for p, q in zip(pts, pts[1:]):
                draw_link(surf, lk.kind, p, q, z)
        thumb = z < 0.3
        colour = {c["short"]: tuple(c["colour"]) for c in self.cmd.values()}
        for key, cell in b.cells.items():
            cx, cy = cell.center[0] * z, cell.center[1] * z
            hq = cell.props.get("hq")
            if hq:                      # the HQ: a red frame round the row of pieces, tinted the owner's colour
                fr = pygame.Rect(0, 0, 80 * z, 34 * z)
                fr.center = (cx, cy)
                tint = tuple(round(0.35 * c + 0.65 * p) for c, p in zip(colour[hq], PAPER))
                pygame.draw.rect(surf, tint, fr, border_radius=round(8 * z))
                pygame.draw.rect(surf, HQ_RING, fr, max(2, round(4 * z)), border_radius=round(8 * z))
            draw_terrain_dot(surf, cell.terrain, (cx, cy), z)
            if thumb:
                continue
            zh = self.assets.text(cell.props["name_zh"], max(9, round(19 * z * 1.25)), INK, bold=True)
            en = self.assets.text(cell.props["name_en"].split(" (")[0], max(8, round(11 * z * 1.25)), (70, 60, 46))
            tag = self.assets.text(_("司令部 HQ"), max(8, round(11 * z * 1.25)), HQ_RING, bold=True) if hq else None
            r = self.label_rect(key, z, zh, en, tag.get_height() if tag else 0)
            y = r.y
            if tag:
                surf.blit(tag, tag.get_rect(midtop=(r.centerx, y)))
                y += tag.get_height()
            surf.blit(zh, zh.get_rect(midtop=(r.centerx, y)))
            surf.blit(en, en.get_rect(midtop=(r.centerx, y + zh.get_height() - 2)))
        if thumb:
            return
        for o in b.objects:
            r = pygame.Rect(round(o.x * z), round(o.y * z), round(o.width * z), round(o.height * z))
            if o.type == "panel_title":
                img = self.assets.text(f'{o.props.get("text_zh", "")}  {o.props.get("text_en", "")}',
                                       max(9, round(17 * z)), INK, bold=True)
                surf.blit(img, img.get_rect(midleft=(r.x, r.centery)))
            elif o.type == "track_box":
                zone = o.props.get("zone", 0)
                fill = (236, 228, 204) if not (o.props.get("track") == "troops" and zone % 2) else (212, 200, 168)
                if o.props.get("surrender"):
                    fill = (200, 120, 110)
                pygame.draw.rect(surf, fill, r)
                pygame.draw.rect(surf, INK, r, max(1, round(1.5 * z)))
                img = self.assets.text("投降" if o.props.get("surrender") else str(o.props["value"]),
                                       max(8, round(13 * z)), INK)
                surf.blit(img, (r.x + 4 * z, r.y + 2 * z))
            elif o.type == "turn_order_box":
                who = o.props["commander"]
                pygame.draw.rect(surf, colour[who], r, border_radius=round(4 * z))
                pygame.draw.rect(surf, INK, r, max(1, round(2 * z)), border_radius=round(4 * z))
                ink = next(tuple(c["ink"]) for c in self.cmd.values() if c["short"] == who)
                blit_center(surf, self.assets.text(f'{o.props["index"]} {who}', max(9, round(20 * z)), ink,
                                                   bold=True), r.center)
            elif o.type in ("neutral_pile", "support_box"):
                pygame.draw.rect(surf, (236, 228, 204), r, border_radius=round(6 * z))
                pygame.draw.rect(surf, INK, r, max(1, round(2 * z)), border_radius=round(6 * z))
                label = _("中立軍人 pile") if o.type == "neutral_pile" else _("{text_zh} support").format(text_zh=o.props["text_zh"])
                img = self.assets.text(label, max(8, round(14 * z)), INK)
                surf.blit(img, img.get_rect(midtop=(r.centerx, r.y + 6 * z)))
            elif o.type == "map_title":
                t = self.assets.text(o.props["text_zh"], max(12, round(40 * z)), INK, bold=True)
                surf.blit(t, r.topleft)
                e = self.assets.text(o.props["text_en"], max(8, round(16 * z)), INK)
                surf.blit(e, e.get_rect(bottomleft=(r.x + t.get_width() + 14 * z, r.y + t.get_height() - 6 * z)))
            elif o.type == "legend":
                self._legend(surf, r, z)

    def _legend(self, surf, r, z) -> None:
        kinds = self.data["link_kinds"]
        y = r.y + 10 * z
        size = max(8, round(15 * z))
        for kind in str(self.board.objects_of_type("legend")[0].props["link_kinds"]).split(","):
            draw_link(surf, kind, (r.x + 8 * z, y + 8 * z), (r.x + 90 * z, y + 8 * z), z)
            mv = self.data["movement"]["allowance"][kind]
            at = "∞" if mv["armoured_train"] is None else (mv["armoured_train"] or "—")
            img = self.assets.text(f'{kinds[kind]["name_zh"]} {gloss(kinds[kind]["name_zh"], kinds[kind]["name_en"])}: 步 {mv["infantry"]} '
                                   f'騎 {mv["cavalry"]} 甲 {at}', size, INK)
            surf.blit(img, img.get_rect(midleft=(r.x + 104 * z, y + 8 * z)))
            y += 30 * z
        for terr, t in self.data["terrain_types"].items():
            draw_terrain_dot(surf, terr, (r.x + 49 * z, y + 8 * z), z)
            img = self.assets.text(_("{name_zh} {name_en}: defence {defence:+d}").format(name_zh=t["name_zh"], name_en=gloss(t["name_zh"], t["name_en"]), defence=t["defence"]), size, INK)
            surf.blit(img, img.get_rect(midleft=(r.x + 104 * z, y + 8 * z)))
            y += 30 * z

    def start_view(self, view) -> None:
        """Close enough to read the names; on the HQ of the seat looking (or the commander to play)."""
        if view.area.width < 400:
            return
        view.zoom(3)
        seat = self.viewer
        k = self.commanders_of(seat)[0] if seat and self.commanders_of(seat) else self.st.get("commander")
        hq = self.cmd.get(k, {}).get("hq")
        if hq:
            self.centre_on(view, hq)

    def centre_on(self, view, s: str) -> None:
        x, y = view.hex_center(s)
        self.top_band = top_height(view.area.width)
        view.pan(view.area.centerx - x, view.area.centery + (self.top_band - HAND_H) / 2 - y)

    # -- dynamic drawing ---------------------------------------------------------------------------------------------
    def piece_image(self, cmd: str, code: str, size: int) -> pygame.Surface:
        who = "grey" if code.startswith("grey_") else cmd
        kind = code.removeprefix("grey_")
        img = self.assets.scaled(f"central_plains/piece_{who}_{kind}.png", size, size)
        if img is not None:
            return img
        key = ("pc", who, kind, size)
        cache = self.__dict__.setdefault("_pieces", {})
        if key not in cache:
            s = pygame.Surface((size, size), pygame.SRCALPHA)
            col = tuple(self.data["grey"]["colour"]) if who == "grey" else tuple(self.cmd[who]["colour"])
            ink = tuple(self.data["grey"]["ink"]) if who == "grey" else tuple(self.cmd[who]["ink"])
            pygame.draw.rect(s, col, s.get_rect(), border_radius=max(2, size // 6))
            pygame.draw.rect(s, INK, s.get_rect(), 1, border_radius=max(2, size // 6))
            blit_center(s, self.assets.text(self.data["pieces"][kind]["glyph"], max(8, int(size * 0.6)), ink,
                                            bold=True), (size / 2, size / 2))
            cache[key] = s
        return cache[key]

    def piece_size(self, view) -> int:
        return max(12, min(44, round(self.piece_px * view.z * 1.25)))

    def _row(self, surf, pieces, centre, size, lit: bool = False) -> None:
        n = len(pieces)
        gap = max(1, size // 10)
        x0 = centre[0] - (n * size + (n - 1) * gap) / 2
        for i, (cmd, code) in enumerate(pieces):
            r = pygame.Rect(round(x0 + i * (size + gap)), round(centre[1] - size / 2), size, size)
            round_rect(surf, (0, 0, 0), r.move(2, 2), max(2, size // 6))
            surf.blit(self.piece_image(cmd, code, size), r)
        if lit and n:
            box = pygame.Rect(round(x0) - 3, round(centre[1] - size / 2) - 3, n * (size + gap) - gap + 6, size + 6)
            round_rect(surf, (255, 240, 110), box, 6, 3)

    def draw(self, surf: pygame.Surface, view, now: float) -> None:
        self._fresh()
        st = self.st
        size = self.piece_size(view)
        thumb = self.thumbnail(view)
        hidden: dict[str, list] = {}
        for key, (cmd, pieces, frm) in self.slides.items():
            if key in self.moving:
                hidden.setdefault(frm, []).extend([cmd, p] for p in pieces)
        bat = st.get("battle") or {}
        for s, pcs in st.get("stacks", {}).items():
            pcs = list(pcs)
            for x in hidden.get(s, ()):
                if x in pcs:
                    pcs.remove(x)
            pcs.sort(key=lambda p: (p[0], PIECE_ORDER.get(p[1], 9)))
            if not pcs:
                continue
            c = view.hex_center(s)
            if thumb:
                col = self.side_colour(pcs[0][0])
                pygame.draw.circle(surf, (0, 0, 0), c, 4)
                pygame.draw.circle(surf, col, c, 3)
                continue
            self._row(surf, [tuple(p) for p in pcs], c, size, lit=s == self.selected)
        if not self.still_only:
            self.draw_moving(surf, view, now)
        if thumb:
            return
        if bat:
            for s, col in ((bat.get("origin"), (255, 240, 110)), (bat.get("battlefield"), (240, 60, 50))):
                if s in self.board.cells:
                    x, y = view.hex_center(s)
                    pygame.draw.circle(surf, col, (x, y), size * 1.9, 3)
        self._draw_markers(surf, view)
        self.card_rects = []
        self._draw_top(surf, view.area)
        if self.show_hand:
            self._draw_hand(surf, view.area)

    def draw_moving(self, surf: pygame.Surface, view, now: float) -> bool:
        size = self.piece_size(view)
        for key, pos in self.moving.items():
            if key in self.slides:
                cmd, pieces, _ = self.slides[key]
                self._row(surf, [(cmd, p) for p in pieces], view.to_screen(*pos), size, lit=True)
        return True

    def moving_rects(self, view) -> list[pygame.Rect]:
        """The stacks on their way: each row of pieces, its shadows and its ring."""
        size = self.piece_size(view)
        gap = max(1, size // 10)
        out = []
        for key, pos in self.moving.items():
            if key in self.slides:
                n = len(self.slides[key][1])
                x, y = view.to_screen(*pos)
                r = pygame.Rect(0, 0, n * (size + gap) + 12, size + 12)
                r.center = (round(x), round(y))
                out.append(r)
        return out

    def _draw_markers(self, surf, view) -> None:
        """Every commander's marker in the track boxes of the map, and the turn-order arrow."""
        boxes = self.__dict__.get("_track_boxes")
        if boxes is None:
            boxes = self._track_boxes = {(o.props["track"], o.props["value"]): o
                                         for o in self.board.objects_of_type("track_box")}
        r_px = max(3, round(7 * view.z))
        for i, k in enumerate(self.game.order):
            tr = self.st.get("tracks", {}).get(k, {})
            for track in ("morale", "troops", "funds"):
                o = boxes.get((track, tr.get(track)))
                if o is None:
                    continue
                x, y = view.to_screen(o.x + (10 + (i % 3) * 15), o.y + 26 + (i // 3) * 14)
                pygame.draw.circle(surf, self.side_colour(k), (x, y), r_px)
                pygame.draw.circle(surf, INK, (x, y), r_px, 1)
        for o in self.board.objects_of_type("turn_order_box"):
            if o.props["commander"] == self.cmd.get(self.st.get("commander"), {}).get("short"):
                x, y = view.to_screen(o.x, o.y)
                r = pygame.Rect(round(x), round(y), round(o.width * view.z), round(o.height * view.z))
                round_rect(surf, (255, 240, 110), r.inflate(6, 6), 6, 3)

    def _draw_top(self, surf, area) -> None:
        """A box per commander, in the turn order, and the neutral general's: in one row,
        or on a narrow map (a 1024×576 window) in two rows of three, so each line is whole."""
        self.top_band = top_height(area.width)
        band = pygame.Rect(area.x, area.y, area.width, self.top_band)
        panel(surf, band, colour=BAND, radius=0, alpha=228, width=0)
        two = self.top_band != TOP_H
        if two:
            cw, rh = (band.width - 6) // 3, (band.height - 6) // 2
            boxes = [pygame.Rect(band.x + 3 + (i % 3) * cw, band.y + 3 + (i // 3) * rh, cw - 4, rh - 4) for i in range(6)]
        else:
            cw = (band.width - 178 - 6) // 5
            boxes = [pygame.Rect(band.x + 3 + i * cw, band.y + 3, cw - 4, band.height - 6) for i in range(5)]
            boxes.append(pygame.Rect(boxes[-1].right + 4, band.y + 3, band.right - boxes[-1].right - 7, band.height - 6))
        for k, r in zip(self.game.order, boxes):
            self._draw_commander_box(surf, r, k, two)
        self._draw_neutral_box(surf, boxes[5], two)

    def _draw_commander_box(self, surf, r: pygame.Rect, k: str, two: bool) -> None:
        st = self.st
        c = self.cmd[k]
        col = self.side_colour(k)           # (the palette's: game.client.palette)
        active = k == st.get("commander")
        round_rect(surf, (34, 38, 50) if active else (24, 28, 36), r, 8)
        round_rect(surf, (255, 240, 110) if active else col, r, 8, 3 if active else 1)
        round_rect(surf, col, (r.x + 5, r.y + 5, 24, 24), 5)
        blit_center(surf, self.assets.text(c["short"], 17, tuple(c["ink"]), bold=True), (r.x + 17, r.y + 17))
        glyph = self.assets.palette.glyph("central_plains", k)
        if glyph:
            from ..palette import draw_badge
            draw_badge(surf, glyph, (r.x + 29, r.y + 29), 6)
        tr = st.get("tracks", {}).get(k, {})
        up = self.game.upkeep(k)
        seat = next((s for s, ks in st.get("seats", {}).items() if k in ks), "")
        strength = f"士氣 {tr.get('morale')}  兵力 {tr.get('troops')}"
        funds = _("資金 {funds}  −{up}/turn").format(funds=tr.get('funds'), up=up)
        funds_col = BAD if tr.get("funds", 99) <= 2 * max(1, up) else TEXT
        hand = _("hand {get}  deck {get2}").format(get=st.get("hands", {}).get(seat, 0),
                                                   get2=st.get('decks', {}).get(seat, 0))
        chips = [f"{self.game.cdata[p['card']]['name_zh']}·{p['counters']}" for p in st.get("in_play", {}).get(k, [])]
        name = ("▶ " if active else "") + c["name_zh"]
        if two:                             # name · strength / funds / hand · cards in play
            img = fit_text(self.assets, name, 17, r.width // 2 - 34, TEXT, bold=True)
            surf.blit(img, (r.x + 34, r.y + 3))
            right = fit_text(self.assets, strength, 15, r.width - 46 - img.get_width(), TEXT, bold=True)
            surf.blit(right, (r.right - 6 - right.get_width(), r.y + 5))
            surf.blit(fit_text(self.assets, funds, 15, r.width - 12, funds_col, bold=True), (r.x + 6, r.y + 25))
            left = fit_text(self.assets, hand, 14, r.width - 12, DIM)
            surf.blit(left, (r.x + 6, r.y + 44))
            if chips:                       # (beside the hand: what room is left)
                img = fit_text(self.assets, "在場 " + " ".join(chips), 14, r.width - 22 - left.get_width(), ACCENT,
                               bold=True)
                surf.blit(img, (r.right - 6 - img.get_width(), r.y + 44))
            return
        surf.blit(fit_text(self.assets, name, 19, r.width - 40, TEXT, bold=True), (r.x + 34, r.y + 4))
        surf.blit(fit_text(self.assets, strength, 16, r.width - 10, TEXT, bold=True), (r.x + 6, r.y + 32))
        surf.blit(fit_text(self.assets, funds, 16, r.width - 10, funds_col, bold=True), (r.x + 6, r.y + 52))
        surf.blit(fit_text(self.assets, hand, 14, r.width - 10, DIM), (r.x + 6, r.y + 72))
        if chips:
            surf.blit(fit_text(self.assets, "在場 " + " ".join(chips), 14, r.width - 10, ACCENT, bold=True,
                               min_size=10), (r.x + 6, r.y + 91))

    def _draw_neutral_box(self, surf, r: pygame.Rect, two: bool) -> None:
        st = self.st
        round_rect(surf, (24, 28, 36), r, 8)
        round_rect(surf, (140, 140, 136), r, 8, 1)
        seen = st.get("neutral") or {}          # the pile's top card and size (never the order below)
        top, count = seen.get("top"), seen.get("count", 0)
        surf.blit(self.assets.text(_("中立軍人 neutral"), 15 if two else 16, TEXT, bold=True), (r.x + 6, r.y + (2 if two else 4)))
        if top and two:                     # the pile: a stack of cards with the number left in it
            x, y = r.right - 30, r.y + 6
            for i in (2, 1, 0):
                round_rect(surf, (60, 64, 76) if i else (200, 190, 160), (x + 3 * i, y + 3 * i - 3, 20, 24), 3)
            blit_center(surf, self.assets.text(str(count - 1), 14, (30, 28, 24), bold=True), (x + 10, y + 9))
        if top:
            n = self.game.cdata[top]
            sup = st.get("support", {})
            ys = (r.y + 24, r.y + 46) if two else (r.y + 26, r.y + 50)
            surf.blit(fit_text(self.assets, f"{n['name_zh']} {n['name_en']}", 16 if two else 17, r.width - 10, ACCENT,
                               bold=True), (r.x + 6, ys[0]))
            support = fit_text(self.assets, _("中央 {central} · 反蔣 {anti} of {support}").format(
                central=sup.get('central', 0), anti=sup.get('anti', 0), support=n['support']), 15 if two else 16,
                r.width - 10, TEXT, bold=True)
            surf.blit(support, (r.x + 6, ys[1]))
            if not two:
                surf.blit(self.assets.text(_("{v} more in the pile").format(v=count - 1), 14, DIM),
                          (r.x + 6, r.y + 72))
        else:
            surf.blit(self.assets.text(_("all have joined"), 15, DIM), (r.x + 6, r.y + (26 if two else 30)))
        cut = st.get("cut", [])
        if cut:
            t = ", ".join(f"{self.place(a)}–{self.place(b)}" for a, b, _ in (self.game.link_ends[x] for x in cut))
            room = r.width - 10 - (support.get_width() + 10 if two and top else 0)
            img = fit_text(self.assets, _("cut: {t}").format(t=t), 13, room, BAD, min_size=9)
            surf.blit(img, (r.right - 5 - img.get_width(), r.y + 46) if two else (r.x + 6, r.y + 92))

    def _hand_cards(self) -> list[str]:
        return list((self.obs or {}).get("my_hand", [])) if self.obs is not None else []

    def _draw_hand(self, surf, area) -> None:
        cards = self._hand_cards()
        seat = self.viewer
        if self.obs is None or seat is None:
            return
        band = pygame.Rect(area.x, area.bottom - HAND_H, area.width, HAND_H)
        panel(surf, band, colour=BAND, radius=0, alpha=232, width=0)
        legal = set(self._legal())
        kind = self._kind()
        head = _("{side_name} — hand {n}/{get}").format(side_name=self.side_name(seat), n=len(cards), get=self.st.get('hand_limits', {}).get(seat, 0))
        if kind == COMMAND and self.game.pending().seat == seat:
            head += _("   click a card of {cmd_name} (green) to play it").format(cmd_name=self.cmd_name(self.st.get('commander')))
        elif kind in (DISCARD, SACRIFICE) and self.game.pending().seat == seat:
            head += _("   click a card to discard it") if kind == DISCARD else _("   click a card to sacrifice it")
        surf.blit(fit_text(self.assets, head, 16, band.width - 12, ACCENT, bold=True), (band.x + 8, band.y + 3))
        if not cards:
            return
        n = len(cards)
        gap = 6
        cw = min(150, (band.width - 12 - gap * (n - 1)) // n)
        y = band.y + 24
        ch = band.bottom - y - 5
        for i, cid in enumerate(cards):
            r = pygame.Rect(band.x + 6 + i * (cw + gap), y, cw, ch)
            usable = any(a in legal for a in (Play(cid), Discard(cid), Sacrifice(cid)))
            self._card_tile(surf, r, cid, usable)
            self.card_rects.append((r, cid))

    def _card_tile(self, surf, r, cid, usable: bool) -> None:
        c = self.game.cdata[cid]
        owner = self.cmd.get(c["deck"])
        col = self.side_colour(c["deck"]) if owner else tuple(self.data["grey"]["colour"])
        ink = tuple(owner["ink"]) if owner else (250, 250, 250)
        pygame.draw.rect(surf, (248, 242, 226), r, border_radius=8)
        pygame.draw.rect(surf, col, (r.x, r.y, r.width, 20), border_top_left_radius=8, border_top_right_radius=8)
        kind = self.data["card_kinds"][c["kind"]]["name_zh"]
        tag = f"{owner['short'] if owner else '中'} {kind}" + (f" ·{c['counters']}" if c.get("counters") else "") + \
            (" 犧牲" if c.get("sacrifice") else "")
        surf.blit(fit_text(self.assets, tag, 14, r.width - 8, ink, bold=True, min_size=9), (r.x + 4, r.y + 2))
        surf.blit(fit_text(self.assets, c["name_zh"], 22, r.width - 8, INK, bold=True, min_size=12), (r.x + 4, r.y + 21))
        surf.blit(fit_text(self.assets, c["name_en"].split(" (")[0], 13, r.width - 8, (90, 80, 64), min_size=9),
                  (r.x + 4, r.y + 47))
        body = self.assets.text(tr(c["text"]), 13, INK, wrap=r.width - 8)
        clip = surf.get_clip()
        surf.set_clip(pygame.Rect(r.x, r.y + 64, r.width, r.height - 66).clip(clip))
        surf.blit(body, (r.x + 4, r.y + 64))
        surf.set_clip(clip)
        pygame.draw.rect(surf, GOOD if usable else (90, 84, 70), r, 3 if usable else 1, border_radius=8)

    def focus_rects(self) -> list[pygame.Rect]:
        return [r for r, _ in self.card_rects]

    def click_at(self, pos, view) -> ClickResult | None:
        for r, cid in self.card_rects:
            if r.collidepoint(pos):
                legal = self._legal()
                for a in (Play(cid), Discard(cid), Sacrifice(cid)):
                    if a in legal:
                        return ClickResult(action=a)
                if self._kind() == COMMAND:
                    return ClickResult(error=_("{card_title} is {cmd_name}'s card: only he plays it (discard it to move or attack)").format(card_title=self.card_title(cid), cmd_name=self.cmd_name(self.game.card_owner(cid))))
                return ClickResult(error=_("no use for a card now"))
        if self.show_hand and self.obs is not None and view.area.collidepoint(pos) and \
                pos[1] >= view.area.bottom - HAND_H:
            return ClickResult(handled=True)
        if view.area.collidepoint(pos) and pos[1] < view.area.y + self.top_band:
            return ClickResult(handled=True)
        return None

    def toggle_overlay(self) -> str:
        self.show_hand = not self.show_hand
        return _("hand shown") if self.show_hand else _("hand hidden (L shows it)")

    # -- side panel ---------------------------------------------------------------------------------------------------
    def status(self) -> list[tuple[str, str]]:
        st = self.st or self.game.public_state()
        k = st.get("commander")
        kind = _(DECISION_NAMES.get(st.get("decision"), st.get("phase", "")))
        ph = f"{self.cmd_name(k)} — {kind}"
        if st.get("decision") == COMMAND:
            ph += _(", {commands_left} left").format(commands_left=st.get('commands_left'))
        eff = st.get("effect")
        if eff:
            ph += f" ({self.game.cdata[eff['card']]['name_zh']})"
        troops = {camp: sum(st["tracks"][c]["troops"] for c in v["commanders"])
                  for camp, v in self.data["camps"].items() if camp != "_"}
        score = _("troops 中央 {central} · 反蔣 {anti}").format(central=troops.get('central'), anti=troops.get('anti'))
        return [("Turn", f"{st.get('round', 1)}"), ("Phase", ph), ("Score", score)]

    def card_under_pointer(self) -> str | None:
        """The card of the hand band (or a card in play's tile) under the mouse."""
        pos = self.pointer
        return next((cid for r, cid in self.card_rects if pos and r.collidepoint(pos)), None)

    def hover_key(self) -> str | None:
        return self.card_under_pointer()

    def card_lines(self, cid: str) -> list[str]:
        """A card in full: the tile in the hand band has room for the start of its text only."""
        c = self.game.cdata[cid]
        kind = self.data["card_kinds"][c["kind"]]
        owner = self.cmd.get(c["deck"])
        head = f"{kind['name_zh']} {gloss(kind['name_zh'], kind['name_en'])}"
        if c.get("counters"):
            head += _(", {counters} counter card(s)").format(counters=c['counters'])
        if c.get("sacrifice"):
            head += _(", sacrifice a card to play it")
        lines = [f"{c['name_zh']} {c['name_en']}", f"{owner['name_zh'] if owner else '中立'}: {head}", tr(c["text"])]
        if c.get("hook"):
            lines.append(tr(c["hook"]))
        return lines

    def hover_lines(self, hex_: str | None) -> list[str]:
        cid = self.card_under_pointer()
        if cid is not None:
            return self.card_lines(cid)
        st = self.st
        if not hex_ or hex_ not in self.board.cells:
            return self.battle_lines()
        c = self.board.cells[hex_]
        t = self.data["terrain_types"][c.terrain]
        lines = [self.place_full(hex_), _("{name_zh} {name_en}: defence {defence:+d}").format(name_zh=t['name_zh'], name_en=gloss(t['name_zh'], t['name_en']), defence=t['defence'])]
        hq = self.game.hq_at.get(hex_)
        if hq:
            lines.append(_("司令部 HQ of {cmd_name}: taken by the enemy, the war is lost").format(cmd_name=self.cmd_name(hq)))
        pcs = st.get("stacks", {}).get(hex_, [])
        by: dict[str, list[str]] = {}
        for k, code in pcs:
            by.setdefault(k, []).append(code)
        for k, codes in by.items():
            lines.append(f"{self.cmd_name(k)}: {self.piece_glyphs(sorted(codes, key=PIECE_ORDER.get))}")
        links = [f"{self.data['link_kinds'][kind]['name_zh']} {self.place(o)}"
                 for kind in ("rail", "road", "river") for o, _ in self.game.links_of[kind][hex_]]
        lines.append(_("links: {links}").format(links=", ".join(links)))
        for k in self.game.order:
            n = self.game.defend_bonus(k, hex_)
            if n:
                lines.append(_("{cmd_name} defends here +{n}").format(cmd_name=self.cmd_name(k), n=n))
        return lines

    def battle_lines(self) -> list[str]:
        lb = self.st.get("last_battle")
        if not lb:
            return []
        a, d = lb["attack"], lb["defence"]
        out = [_("Last battle: {place_full}").format(place_full=self.place_full(lb['battlefield'])),
               _("{cmd_name} {total} = pieces {pieces} + morale {morale} + card {card} + lasting {lasting} + dice {join}").format(cmd_name=self.cmd_name(a['commander']), total=a['total'], pieces=a['pieces'], morale=a['morale'], card=a['card'], lasting=a['lasting'], join='+'.join(map(str, a['dice']))),
               _("{cmd_name} {total} = pieces {pieces} + morale {morale} {terrain:+d} terrain + defend {lasting} + die {join}").format(cmd_name=self.cmd_name(d['commander']), total=d['total'], pieces=d['pieces'], morale=d['morale'], terrain=d['terrain'], lasting=d['lasting'], join='+'.join(map(str, d['dice'])))]
        if lb["loser"]:
            out.append(_("{cmd_name} lost {losses} troop(s)").format(cmd_name=self.cmd_name(lb['loser']), losses=lb['losses']))
        else:
            out.append(_("less than 3 apart: no losses"))
        return out

    def preview(self, hover: str | None) -> dict[str, Any] | None:
        """The odds of the attack from the selected stronghold on the hovered one."""
        if not hover or not self.selected:
            return None
        a = Attack(self.selected, hover)
        if a not in self._legal():
            return None
        g = self.game
        cmd = g.turn().commander
        op = None
        e = g.effects()
        if e is not None and e.queue and self._kind() == CARD_ATTACK:
            op = e.queue[0]
        foes = [k for k in g.order if k in {c for c, _ in g.stacks()[hover]} and k in g.enemies(cmd)]
        b = Battle(cmd, self.selected, hover, defender=foes[0], op=op, bonus=int(g.op(op).get("bonus", 0)) if op else 0)
        att, dfn = g.totals(b)
        margin = att.total - dfn.total
        dist = diff_distribution()
        p_def = sum(q for x, q in dist if margin + x >= 3)
        p_att = sum(q for x, q in dist if margin + x <= -3)
        clear = p_clear(margin, len(g.controlled(foes[0], hover)), g.tracks(foes[0]).troops, g.zone)
        return {"attack": att, "defence": dfn, "p_def": p_def, "p_att": p_att, "clear": clear, "where": hover}

    def draw_preview(self, surf, rect, pv) -> bool:
        panel(surf, rect, colour=(30, 26, 22), border=(200, 150, 60), width=2)
        a, d = pv["attack"], pv["defence"]
        x, y = rect.x + 10, rect.y + 6
        lines = [(f"{self.cmd_name(a.commander)} → {self.place_full(pv['where'])} ({self.cmd_name(d.commander)})",
                  ACCENT, 19, True),
                 (_("進攻 {total} + 2 red dice: pieces {pieces}, morale {morale}, card {card}, lasting {lasting}").format(total=a.total, pieces=a.pieces, morale=a.morale, card=a.card, lasting=a.lasting), TEXT, 16, False),
                 (_("防守 {total} + 1 white die: pieces {pieces}, morale {morale}, terrain {terrain:+d}, defend {lasting}").format(total=d.total, pieces=d.pieces, morale=d.morale, terrain=d.terrain, lasting=d.lasting), TEXT, 16, False),
                 (_("he loses troops {p_def:.0%} · we lose {p_att:.0%} · battlefield cleared {clear:.0%} (if he defends)").format(p_def=pv['p_def'], p_att=pv['p_att'], clear=pv['clear']), GOOD, 16, True)]
        for text, col, size, bold in lines:
            img = self.assets.text(text, size, col, bold=bold, wrap=rect.width - 20)
            if y + img.get_height() > rect.bottom:
                break
            surf.blit(img, (x, y))
            y += img.get_height() + 4
        return True

    # -- interaction ------------------------------------------------------------------------------------------------
    def _map_actions(self) -> list:
        return [a for a in self._legal() if isinstance(a, (Move, Attack, RetreatPiece, Target))
                and self._places(a)]

    def _places(self, a) -> list[str]:
        """The strongholds a click goes through to choose this action."""
        if isinstance(a, Move):
            return [a.frm, a.to]
        if isinstance(a, Attack):
            return [a.origin, a.battlefield]
        if isinstance(a, RetreatPiece):
            return [a.to]
        if isinstance(a, Target):
            s = a.target.split("/")[0]
            return [s] if s in self.board.cells else []
        return []

    def auto_select(self) -> None:
        self.dest = None
        origins = {self._places(a)[0] for a in self._map_actions() if len(self._places(a)) == 2}
        self.selected = next(iter(origins)) if len(origins) == 1 else None

    def select_at(self, hex_: str) -> None:
        self.selected = hex_
        self.dest = None

    def targets(self) -> dict[str, str]:
        out: dict[str, str] = {}
        for a in self._map_actions():
            p = self._places(a)
            if len(p) == 1:
                out[p[0]] = "retreat" if isinstance(a, RetreatPiece) else "resolve"
            elif self.selected is None:
                out[p[0]] = "select"
            elif p[0] == self.selected:
                out[p[1]] = "attack" if isinstance(a, Attack) else "move"
        if self._kind() == ADVANCE:
            b = self.st.get("battle") or {}
            if b.get("battlefield"):
                out[b["battlefield"]] = "advance"
        if self.selected is not None:
            out[self.selected] = "select"
        return out

    def actable_hexes(self) -> list[str]:
        return sorted(s for s, k in self.targets().items())

    def click(self, hex_: str | None) -> ClickResult:
        legal = self._map_actions()
        if hex_ is None:
            if self.selected is not None:
                self.selected = self.dest = None
                return ClickResult(handled=True)
            return ClickResult()
        single = [a for a in legal if self._places(a) == [hex_]]
        if single:
            if len(single) == 1:
                return ClickResult(action=single[0])
            self.selected, self.dest = None, hex_
            return ClickResult(handled=True)
        if self.selected is not None and hex_ != self.selected:
            here = [a for a in legal if self._places(a) == [self.selected, hex_]]
            if len(here) == 1:
                return ClickResult(action=here[0])
            if here:
                self.dest = hex_
                return ClickResult(handled=True)
        if any(len(self._places(a)) == 2 and self._places(a)[0] == hex_ for a in legal):
            if self.selected == hex_:
                self.selected = self.dest = None
            else:
                self.selected, self.dest = hex_, None
            return ClickResult(handled=True)
        if self.selected is not None:
            self.selected = self.dest = None
            return ClickResult(handled=True)
        return ClickResult(error=_("nothing to do there now") if self._legal() else "")

    def action_text(self, a) -> str:
        """An action in the player's words (its button, the AI explanation's and the hint's list)."""
        g = self.game
        if isinstance(a, Move):
            return _("Move {piece_glyphs} {place} → {place2}").format(piece_glyphs=self.piece_glyphs(a.pieces), place=self.place(a.frm), place2=self.place(a.to))
        if isinstance(a, Attack):
            return _("Attack {place} from {place2}").format(place=self.place(a.battlefield), place2=self.place(a.origin))
        if isinstance(a, EndCommands):
            return _("End the commands")
        if isinstance(a, Skip):
            return _("Skip (leave it undone)")
        if isinstance(a, Discard):
            return _("Discard {card_title}").format(card_title=self.card_title(a.card))
        if isinstance(a, Sacrifice):
            return _("Sacrifice the top card of the deck") if a.card == "deck" else _("Sacrifice {card_title}").format(card_title=self.card_title(a.card))
        if isinstance(a, Play):
            return _("Play {card_title}").format(card_title=self.card_title(a.card))
        if isinstance(a, NameDefender):
            return _("Attack {cmd_name}").format(cmd_name=self.cmd_name(a.commander))
        if isinstance(a, EndAttack):
            return _("End the attack")
        if isinstance(a, Stand):
            return _("Defend 防守") if a.choice == "defend" else _("Retreat 撤退")
        if isinstance(a, RetreatPiece):
            return _("Retreat {piece_glyphs} → {place}").format(piece_glyphs=self.piece_glyphs((a.piece,)), place=self.place(a.to))
        if isinstance(a, RemovePiece):
            return _("Remove {piece_glyphs} at {place}").format(piece_glyphs=self.piece_glyphs((a.piece,)), place=self.place(a.at))
        if isinstance(a, Advance):
            return _("Advance {piece_glyphs}").format(piece_glyphs=self.piece_glyphs(a.pieces)) if a.pieces else _("Do not advance")
        if isinstance(a, Target):
            t = a.target
            if t in self.cmd:
                tr = g.tracks(t)
                return f"{self.cmd_name(t)} (士氣 {tr.morale}, 兵力 {tr.troops}, 資金 {tr.funds})"
            if t in g.link_ends:
                x, y, kind = g.link_ends[t]
                return _("Cut {place}–{place2} ({name_zh})").format(place=self.place(x), place2=self.place(y), name_zh=self.data['link_kinds'][kind]['name_zh'])
            s, _sep, k = t.partition("/")
            return f"{self.place(s)}" + (f": {self.cmd_name(k)}'s 步" if k else "")
        return super().action_text(a)

    def choices(self) -> list[Choice]:
        legal = self._legal()
        if not legal:
            return []
        kind = self._kind()
        out: list[Choice] = []
        if self.dest is not None:
            here = [a for a in legal if self._places(a)[-1:] == [self.dest] and
                    (self.selected is None or self._places(a)[0] == self.selected)]
            here.sort(key=lambda a: -len(getattr(a, "pieces", ()) or ()))
            out += [Choice(self.action_text(a), a) for a in here[:5]]
        buttons = [a for a in legal if not self._places(a) and not isinstance(a, (Play, Discard, Sacrifice))]
        if kind in (DISCARD, SACRIFICE):
            buttons = [a for a in legal if isinstance(a, (Discard, Sacrifice))]
        out += [Choice(self.action_text(a), a) for a in buttons]
        if kind in (TARGET, RETREAT) and not out:
            out = [Choice(self.action_text(a), a) for a in legal[:6]]
        primary = next((c for c in out if isinstance(c.action, (Stand,)) and c.action.choice == "defend"), None)
        if primary is None and len(out) == 1:
            primary = out[0]
        if primary is None:
            primary = next((c for c in out if isinstance(c.action, (Skip, EndAttack))), None)
        if primary is not None:
            primary.primary = True
        return out[:6]


# -- what the client's shared screens know of this game (game/client/facts.py) ---------------------
from ..palette import BLUE, BLUISH_GREEN, GREY, REDDISH_PURPLE, VERMILLION, YELLOW  # noqa: E402
from ..facts import ClientFacts  # noqa: E402

CLIENT = ClientFacts(
    sides={"CHIANG": ((44, 92, 196), BLUE, "circle"), "HE": ((124, 60, 168), REDDISH_PURPLE, "square"),
           "YAN": ((128, 84, 44), BLUISH_GREEN, "triangle"), "LI": ((228, 186, 36), YELLOW, "diamond"),
           "FENG": ((196, 40, 36), VERMILLION, "cross"), "grey": ((140, 140, 136), GREY, "")},
    sprites=((r"piece_(CHIANG|HE|YAN|LI|FENG|grey)_", r"\1", "piece"),),
    turn_word=N_("Round {turn}"),           # a round: each commander's turn in it shares its number
    hover_decision="command",
    rules_tables="game.client.games.central_plains_tables:TABLES",
)
