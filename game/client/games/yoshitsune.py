"""義經 Yoshitsune in the client: the area map, clans' stacks, the two tracks,
the deck (its size only), the turned card, the secret card choice, battle and
fate-table dice.

Hidden information: everything drawn comes from ``public_state()``; the seat's
own secrets (its chosen cards, which of them are still in the deck) come from
``observation(viewer)`` and only when ``viewer`` is set by the board scene
(one human seat, or in hotseat the seat that took the device). Events marked
``private_to`` keep their neutral text in the log.
"""
from __future__ import annotations

import math
from itertools import groupby
from typing import Any

import pygame

from game.rulesets.yoshitsune.actions import (AllocateHit, BattleIn, Choose, ChooseCommander, ContinueBattle,
                                              DoneChoosing, Drop, EndBattles, EndMove, EnterAt, Order, Pick,
                                              PickUp, Place, ReplenishAt, RetreatTo, Step, StopBattle, Target,
                                              TurnCard, UseCard)
from game.rulesets.yoshitsune.kinds import (ADJUST, ALLOCATE, BATTLE_AREAS, BUILD, COMMANDER, CONTINUE, ENTER, GENERAL,
                                            MOVE, OVER, PICK_GENERAL, REPLENISH, REPLENISH_AT, RETREAT, TARGET, TURN, USE)

from .. import threat
from ..i18n import _
from ..widgets import ACCENT, DIM, TEXT, blit_center, clip_text, fit_scale, fit_text
from .base import Choice, ClickResult, GameUI
from ..i18n import N_, _, bilingual, language, tr

CLAN_COLOURS = {
    "genji": (238, 234, 222), "heike": (184, 46, 42), "kiso": (70, 140, 74), "ogata": (70, 110, 190),
    "kono": (60, 160, 170), "sohei": (96, 74, 58), "fujiwara": (214, 170, 60),
}
CLAN_INK = {"genji": (20, 18, 14), "fujiwara": (20, 18, 14)}
LAND = (214, 200, 156)
LAND_BASE = (226, 206, 160)
SEA = (78, 122, 170)
SEA_DEEP = (52, 86, 128)
BOX = (46, 52, 62)
ORDER_LABELS = {"move": N_("Move"), "battle": N_("Battle here"), "enter": N_("Enter the map"), "replenish": N_("Replenish"),
                "tribute": N_("Tribute to the court")}
PHASE_NAMES = {
    REPLENISH: N_("Replenishment"), BUILD: N_("Deck building"), TURN: N_("Action phase"), USE: N_("Action phase"),
    GENERAL: N_("General's order"), PICK_GENERAL: N_("Choose a general"), TARGET: N_("Card target"), MOVE: N_("Movement"),
    ENTER: N_("Entering"), REPLENISH_AT: N_("Replenish"), BATTLE_AREAS: N_("Battles"), COMMANDER: N_("Battle"),
    ALLOCATE: N_("Battle"), RETREAT: N_("Fate table"), CONTINUE: N_("Battle"), OVER: N_("Game over"), ADJUST: N_("Adjustment")}


class YoshitsuneUI(GameUI):
    zoc_overlay = False          # an area game: no zones of control
    def __init__(self, game, assets):
        super().__init__(game, assets)
        self.data = game.data
        self.board = game.board
        self.st: dict[str, Any] = {}
        self.obs: dict[str, Any] | None = None
        self._key = None
        self.card_rects: list[tuple[pygame.Rect, Any]] = []
        self.confirm_rect: pygame.Rect | None = None
        self.sync()

    # identity -------------------------------------------------------------------------
    def side_colour(self, seat: str) -> tuple[int, int, int]:
        return {"MINAMOTO": (236, 232, 220), "TAIRA": (206, 64, 56)}.get(seat, (200, 200, 200))

    def side_name(self, seat: str) -> str:
        d = self.data["sides"].get(seat)
        return bilingual(d['name'], d['name_local'], "ja") if d else str(seat)

    def clan_name(self, clan: str) -> str:
        c = self.data["clans"].get(clan, {})
        return bilingual(c.get('name', ''), c.get('name_local', clan), "ja")

    def area_name(self, a: str) -> str:
        return self.game.place_name(a)

    def gen_short(self, key: str) -> str:
        g = self.game.gdata[key]
        return g["name_local"][1:] if len(g["name_local"]) > 2 else g["name_local"]

    def card_title(self, cid: str) -> str:
        c = self.game.cdata[cid]
        return bilingual(c['name'], c['name_local'], "ja")

    # display model ------------------------------------------------------------------------
    def sync(self) -> None:
        super().sync()
        self.st = self.game.public_state()
        self.obs = self.game.observation(self.viewer) if self.viewer in self.game.seats else None
        self._key = (len(self.game.history), len(self.game.events), self.viewer)

    def _fresh(self) -> None:
        if self._key != (len(self.game.history), len(self.game.events), self.viewer):
            self.sync()

    def log_text(self, ev) -> str:
        owner = ev.data.get("private_to")
        if owner and owner == self.viewer and ev.kind == "CardChosen" and "card" in ev.data \
                and getattr(self, "single_viewer", True):
            return _("{text}: {card_title} (only you see this)").format(text=tr(ev.text), card_title=self.card_title(ev.data['card']))
        return tr(ev.text)

    def private_decision(self) -> bool:
        d = self.game.pending()
        return d is not None and d.kind == BUILD

    def unit_hex(self, key: str) -> str | None:
        return self.st.get("generals", {}).get(key, {}).get("where")

    def unit_at(self, hex_: str | None) -> str | None:
        if not hex_:
            return None
        return next((k for k, g in self.st.get("generals", {}).items() if g["where"] == hex_), None)

    # -- the threat view (T): an area map, so "which of my areas an enemy general can reach" -------------
    threat_unsupported = ""

    def lab(self, key: str) -> str:
        return self.gen_short(key) if key in self.game.gdata else self.clan_name(key)

    def threats(self, seat: str) -> dict | None:
        """The areas holding my units that an enemy general on the map could reach and fight
        in when his card comes up [9.1][10]: up to the movement's areas (3) with the
        retainers of his clan he can lead from where he stands (his command), never alone
        into an area without a unit of his clan, his move ending (and a battle round
        starting) where he enters an area with another clan; one sharing an area with
        another clan may only withdraw, or fight there with his retainers. Whether his card
        comes up (the shared deck and the cards chosen are secret) is not known: every
        general on the map is taken as if it will. Odds: one round of fire, his retainers at
        his valour against mine at my best general's (dice at or under valour hit), the
        chance he hits more than I do."""
        return threat.with_view(self.game, seat, lambda v: self._threats(v, seat))

    def _threats(self, v, seat: str) -> dict:
        from game.rulesets.yoshitsune.rules import OU, WAITING
        from game.systems.combat import pool_odds
        steps = int(v.data["movement"]["areas"])
        none_valour = int(v.data["combat"]["no_commander_valour"])
        monks = v.data["warrior_monks"]
        on = {k: v.loc(k) for k in v.gdata if v.loc(k) not in (None, WAITING, OU) and not v.is_removed(k)}
        mine: dict[str, list[str]] = {}
        for a in v.areas:
            clans = [c for c in v.clans_in(a) if v.side_of(c) == seat]
            if clans:
                mine[a] = [k for k in v.generals_in(a) if k in on] or sorted(clans)
        enemy = [k for k, a in on.items() if v.side_of(v.general(k).clan) not in (seat, None)]
        party = {k: min(v.command(k), v.count(on[k], v.general(k).clan)) for k in enemy}

        def sources(k):
            clan, here = v.general(k).clan, on[k]
            if v.clans_in(here) - {clan}:           # sharing an area: may only withdraw, or fight here
                return [here] if v.count(here, clan) else []
            out, todo, seen = [], [here], {here}
            for _step in range(steps):
                nxt = []
                for a in todo:
                    for n in v.nbrs[a]:
                        if n in seen or n == OU:
                            continue
                        if not party[k] and not v.has_clan_unit(n, clan, besides=k):
                            continue                # the lone-general limit [9.1(5)]
                        seen.add(n)
                        if v.clans_in(n) - {clan}:
                            out.append(n)           # entering another clan's area ends the move: a battle
                        else:
                            nxt.append(n)
                todo = nxt
            return out

        def my_valour(a):
            gens = [v.general(k).valour for k in v.generals_in(a) if k in on and v.side_of(v.general(k).clan) == seat]
            if gens:
                return max(gens)
            return int(monks["valour"]) if v.count(a, monks["clan"]) else none_valour

        def odds(a, atts):
            n_d = sum(v.count(a, c) for c in v.clans_in(a) if v.side_of(c) == seat)
            best = None
            for k, frm in atts:
                n_a = v.count(a, v.general(k).clan) if frm == on[k] else party[k]
                o = pool_odds(n_a, n_d, range(1, v.general(k).valour + 1), range(1, my_valour(a) + 1))
                if best is None or o.attacker_wins > best[0].attacker_wins:
                    best = (o, k, n_a)
            o, k, n_a = best
            detail = _("{who}: {n} retainers at valour {v} against your {m}: he hits more {p}").format(
                who=self.gen_short(k), n=n_a, v=v.general(k).valour, m=n_d, p=threat.percent(o.attacker_wins))
            return threat.percent(o.attacker_wins), o.attacker_wins, detail

        return threat.reach_threats(mine, enemy, sources, lambda k, a: (a,), odds)

    # -- dice ---------------------------------------------------------------------------------
    def dice_for(self, ev) -> dict[str, Any] | None:
        d = ev.data
        if ev.kind == "Fire":
            v = int(d.get("valour", 0))
            return {"heading": _("Battle in {area_name}").format(area_name=self.area_name(d.get('area', ''))),
                    "rows": [(self.clan_name(d["clan"]), tuple(d.get("rolls", ())), len(d.get("rolls", ())),
                              tuple(range(1, v + 1)))],
                    "result": _("{clan_name}: valour {v} — {hits} hit(s)").format(clan_name=self.clan_name(d['clan']), v=v, hits=d.get('hits', 0)),
                    "duration": 1.5}
        if ev.kind == "LeaderFate":
            key = d.get("general", "")
            res = d.get("result", "")
            return {"heading": _("Fate table 討取: {name_local}").format(name_local=self.game.gdata.get(key, {}).get('name_local', key)),
                    "rows": [(_("1-2 retreat  3-5 wounded  6 killed"), (int(d.get("roll", 1)),), 1, ())],
                    "result": _("rolled {roll}: {res}").format(roll=d.get('roll'), res=tr(res)), "duration": 1.8}
        if ev.kind == "Tribute":
            mod = int(d.get("modifier", 0))
            return {"heading": _("Tribute 朝貢 to Go-Shirakawa"),
                    "rows": [("1-3: 1  4-5: 2  6: 3" + (f"  (+{mod})" if mod else ""), (int(d.get("roll", 1)),), 1, ())],
                    "result": tr(ev.text), "duration": 1.6}
        return None

    # -- geometry helpers ------------------------------------------------------------------------
    def _obj(self, name: str):
        return next((o for o in self.board.objects if o.name == name), None)

    def _box_rect(self, name: str, view) -> pygame.Rect | None:
        o = self._obj(name)
        if o is None:
            return None
        x, y = view.to_screen(o.x, o.y)
        return pygame.Rect(round(x), round(y), round(o.width * view.z), round(o.height * view.z))

    def _anchor(self, area: str) -> tuple[float, float]:
        """Map pixel where an area's pieces are drawn (Kyō uses its box)."""
        c = self.board.cells[area]
        box = c.props.get("box")
        if box:
            o = self._obj(box)
            if o is not None:
                return (o.x + o.width / 2, o.y + o.height / 2 + 10)
        return (c.center[0], c.center[1] + 14)

    def _where_pixel(self, where: str | None) -> tuple[float, float] | None:
        """Map pixel of a place a general can be: an area, the Ōu box or the waiting box."""
        if where in self.board.cells:
            return self._anchor(where)
        o = self._obj(where) if where else None
        if o is not None and getattr(o, "width", 0):
            return (o.x + o.width / 2, o.y + o.height / 2)
        return None

    def slide_for(self, ev) -> tuple[str, list[tuple[float, float]]] | None:
        """Generals slide from area to area (moves, entries from the waiting box, withdrawals)."""
        d = ev.data
        if ev.kind == "GeneralMoved" or ev.kind == "GeneralRelocated":
            frm, to = d.get("frm"), d.get("to")
        elif ev.kind == "GeneralEntered":
            frm, to = "waiting_box", d.get("area")
        else:
            return None
        a, b = self._where_pixel(frm), self._where_pixel(to)
        if a is None or b is None or a == b:
            return None
        return d.get("general"), [a, b]

    # -- static layer --------------------------------------------------------------------------
    def decorate_static(self, surf: pygame.Surface, view, z: float) -> None:
        b = self.board
        lw = max(1, round(1.6 * z))
        # sea background: the whole map is water, land areas are drawn on it
        surf.fill((*SEA_DEEP, 255))
        for n, cell in b.cells.items():
            if cell.props.get("offboard"):
                continue
            pts = [(x * z, y * z) for x, y in b.corners(n)]
            sea = bool(cell.props.get("sea"))
            col = SEA if sea else (LAND_BASE if cell.props.get("base") else LAND)
            pygame.draw.polygon(surf, col, pts)
        # links: land borders crossed by a road (brown dashes), straits and sea lanes (white dashes)
        for (a, c), props in b._links.items():
            if "ou" in (a, c):
                continue
            pa, pc = b.cells[a].center, b.cells[c].center
            sea = b.cells[a].props.get("sea") or b.cells[c].props.get("sea") or any(p.get("note") for p in props)
            _dashed(surf, (pa[0] * z, pa[1] * z), (pc[0] * z, pc[1] * z),
                    (236, 244, 255) if sea else (120, 92, 60), max(1, round(2.2 * z)), 9 * z)
        for n, cell in b.cells.items():
            if cell.props.get("offboard"):
                continue
            pts = [(x * z, y * z) for x, y in b.corners(n)]
            if cell.props.get("base"):
                pygame.draw.polygon(surf, (196, 30, 30), pts, max(3, round(5 * z)))
            pygame.draw.polygon(surf, (70, 56, 40) if not cell.props.get("sea") else (200, 220, 240), pts, lw)
        if z < 0.3:                 # a thumbnail: the shapes only
            return
        # (the areas' names and supply numbers: map_labels, drawn clear of the stacks)
        # boxes
        title = max(12, round(18 * z))
        for o in b.objects:
            r = pygame.Rect(round(o.x * z), round(o.y * z), round(o.width * z), round(o.height * z))
            if o.type == "turn_box":
                _box(surf, r, (60, 54, 44), (210, 190, 140))
                roomy = r.height >= 40        # a short cell: no year (the log gives it), the number and cards apart
                blit_center(surf, self.assets.text(f"{o.props['turn']}", max(14, round(26 * z)), (250, 240, 210),
                                                   bold=True), (r.centerx, r.y + r.height * (0.28 if roomy else 0.32)))
                if roomy:
                    blit_center(surf, self.assets.text(str(o.props.get("year", "")), max(10, round(13 * z)), DIM),
                                (r.centerx, r.y + r.height * 0.55))
                cards = self.assets.text(f"源{o.props['cards_genji']} 平{o.props['cards_heike']}",
                                         max(10, round(14 * z)), (250, 240, 210))
                if cards.get_width() > r.width - 2:     # narrow: "3/3" (the title says 源/平)
                    cards = self.assets.text(f"{o.props['cards_genji']}/{o.props['cards_heike']}",
                                             max(10, round(14 * z)), (250, 240, 210), bold=True)
                blit_center(surf, cards, (r.centerx, r.y + r.height * 0.8))
            elif o.type == "court_box":
                kind = o.props.get("kind")
                bg = {"heike": (120, 40, 36), "genji": (210, 206, 196), "neutral": (90, 90, 96),
                      "start": (110, 100, 70)}.get(kind, BOX)
                ink = (20, 18, 14) if kind == "genji" else (250, 240, 220)
                _box(surf, r, bg, (230, 200, 120))
                blit_center(surf, self._court_space(o.props.get("space", ""), max(12, round(17 * z)), r.width - 4, ink),
                            (r.centerx, r.y + r.height * 0.25))
                repl = self.assets.text(f"源{o.props['repl_genji']} 平{o.props['repl_heike']}", max(10, round(13 * z)), ink)
                if repl.get_width() > r.width - 2:      # narrow: "1/3" (the title says 源/平)
                    repl = self.assets.text(f"{o.props['repl_genji']}/{o.props['repl_heike']}",
                                            max(10, round(13 * z)), ink, bold=True)
                blit_center(surf, repl, (r.centerx, r.bottom - max(6, 12 * z)))
            elif o.type in ("waiting_box", "kyo_box", "marker_box"):
                _box(surf, r, (38, 44, 54) if o.type != "kyo_box" else (120, 96, 60), (230, 200, 120), alpha=215)
                loc = o.props.get("name_local", "")
                t = f"{loc} {o.props.get('name_en', '')}".strip()
                surf.blit(self._box_title(t, loc[:2] if o.type == "marker_box" else loc, title, r.width - 8),
                          (r.x + 5, r.y + 3))
        # track titles
        for first in ("turn_1", "gs_m3"):
            o = self._obj(first)
            if o is not None:
                img = self._track_title(first, z)
                surf.blit(img, (o.x * z, o.y * z - img.get_height() - 2))
        # the Ōu box and its arrows
        ou = b.cells.get("ou")
        if ou is not None:
            pts = [(x * z, y * z) for x, y in b.corners("ou")]
            xs, ys = [p[0] for p in pts], [p[1] for p in pts]
            r = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            _box(surf, r, (70, 84, 70), (230, 200, 120))
            surf.blit(self._box_title(_("奥羽 Ōu (Hiraizumi)"), _("奥羽 Ōu"), title, r.width - 8), (r.x + 5, r.y + 3))
            sc = (r.right - 14 * z - 4, r.bottom - 14 * z - 4)
            pygame.draw.circle(surf, (250, 246, 232), sc, max(8, round(11 * z)))
            blit_center(surf, self.assets.text(str(ou.props.get("supply", 4)), max(12, round(15 * z)), (30, 24, 18),
                                               bold=True), sc)
            for p, q in self._ou_arrows(z):
                _arrow(surf, p, q, (250, 220, 120), max(3, round(5 * z)))

    def _ou_arrows(self, z: float) -> list[tuple[tuple[float, float], tuple[float, float]]]:
        """The arrows from the Ōu box to the areas it enters (map pixels at z)."""
        b, ou = self.board, self.board.cells.get("ou")
        if ou is None:
            return []
        pts = [(x * z, y * z) for x, y in b.corners("ou")]
        xs, ys = [p[0] for p in pts], [p[1] for p in pts]
        r = pygame.Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
        out = []
        for ex in str(ou.props.get("exits", "")).split(","):
            if ex in b.cells:
                tx, ty = b.cells[ex].center
                p = (max(r.left, min(r.right, tx * z)), r.bottom if ty * z > r.bottom else r.centery)
                if tx * z < r.left:
                    p = (r.left, min(r.bottom - 10, max(r.top + 10, ty * z)))
                out.append((p, (tx * z, ty * z - 44 * z)))
        return out

    def _box_title(self, full: str, short: str, size: int, max_w: int) -> pygame.Surface:
        """A box's title whole: ``full`` if it fits (smaller if it must), else ``short``."""
        ink = (250, 236, 200)
        if short and self.assets.text(full, 12, ink, bold=True).get_width() > max_w:
            full = short
        return fit_text(self.assets, full, size, max_w, ink, bold=True, min_size=10)

    def _court_space(self, space: str, size: int, max_w: int, ink) -> pygame.Surface:
        """A court space's name whole: smaller if it must, else its short form
        ("平家3" → "平3", "源氏1" → "源1"), else (START) a little narrower, rather than cut."""
        if (self.assets.text(space, 10, ink, bold=True).get_width() > max_w
                and len(space) == 3 and space[-1].isdigit()):
            space = space[0] + space[-1]
        img = self.assets.text(space, 10, ink, bold=True)
        if img.get_width() > max_w >= img.get_width() * 0.7:
            return pygame.transform.smoothscale(img, (max_w, img.get_height()))
        return fit_text(self.assets, space, size, max_w, ink, bold=True, min_size=9)

    # -- the areas' names, clear of the stacks ---------------------------------------------------
    #: a name's forms, the wholest first, and what choosing each costs against moving the name
    #: (in heights of its whole form): kanji over romaji, with "據點 base" above on a base;
    #: without the romaji (the hover gives it); the kanji and the supply number alone (a base
    #: keeps its red outline); the same smaller; the kanji set upright, the number under them
    LABEL_FORMS = (("full", 0.0), ("compact", 0.9), ("bare", 1.8), ("small", 2.4), ("upright", 3.0))
    #: what a name's lying outside its own area costs (in heights of its whole form, for all of it outside)
    LABEL_OUTSIDE = 3.0
    #: the least share of a name that must lie on its own area (of the name, or of the area when
    #: the area is the smaller), else it would read as a neighbour's
    LABEL_ON_AREA = 0.25

    def _label_areas(self) -> list[str]:
        return [n for n, c in self.board.cells.items() if not c.props.get("offboard") and n != "ou"]

    def _area_label(self, n: str, z: float, form: str = "full") -> tuple[pygame.Surface, tuple[float, float]]:
        """An area's name in ``form`` (LABEL_FORMS) with its supply number beside the kanji:
        one picture, and where its centre sits when the kanji's foot is where the map puts
        the name (map pixels at z)."""
        key = ("label", n, z, form, language())
        cache = self.__dict__.setdefault("_labels", {})
        got = cache.get(key)
        if got is not None:
            return got
        if len(cache) > 600:
            cache.clear()
        cell = self.board.cells[n]
        ink = (245, 248, 255) if cell.props.get("sea") else (40, 30, 20)
        small = form in ("small", "upright")
        k = self.assets.text(cell.props.get("name_local", n), max(12 if small else 15, round(24 * z * (0.8 if small else 1))),
                             ink, bold=True)
        r = self.assets.text(_romaji(cell.props.get("name_en", n)), max(11, round(14 * z)), ink)
        rad = max(6 if small else 8, round(11 * z * (0.8 if small else 1)))
        base = bool(cell.props.get("base"))
        tag = (self.assets.text(_("據點 base"), max(10, round(12 * z)), (196, 30, 30), bold=True)
               if base and form in ("full", "compact") else None)
        th = tag.get_height() if tag else 0
        if form != "full":
            r = pygame.Surface((0, 2), pygame.SRCALPHA)
        if form == "upright":       # the kanji one under another, as on a Japanese map, the number under them
            chars = [self.assets.text(ch, k.get_height() * 15 // 22, ink, bold=True)
                     for ch in cell.props.get("name_local", n)]
            k = pygame.Surface((max(c.get_width() for c in chars),
                                sum(c.get_height() * 3 // 4 for c in chars[:-1]) + chars[-1].get_height()), pygame.SRCALPHA)
            y = 0
            for c in chars:
                k.blit(c, c.get_rect(midtop=(k.get_width() // 2, y)))
                y += c.get_height() * 3 // 4
        gw = k.get_width() + 3 + 2 * rad          # the kanji and the supply number beside them
        w = max(gw, r.get_width(), tag.get_width() if tag else 0)
        h = th + k.get_height() + r.get_height() - 2
        num = self.assets.text(str(int(cell.props.get("supply", 0))), max(10 if small else 12, round(15 * z)),
                               (30, 24, 18), bold=True)
        if form == "upright":
            w, h = max(k.get_width(), 2 * rad + 2, num.get_width()), k.get_height() + max(2 * rad + 2, num.get_height())
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        kr = k.get_rect(topleft=((w - gw) // 2, th)) if form != "upright" else k.get_rect(midtop=(w // 2, 0))
        if tag:
            img.blit(tag, tag.get_rect(midbottom=(w // 2, kr.top)))
        img.blit(k, kr)
        img.blit(r, r.get_rect(midtop=(w // 2, kr.bottom - 2)))
        sc = (kr.right + rad + 3, kr.centery) if form != "upright" else (w // 2, kr.bottom + (h - kr.bottom) // 2)
        pygame.draw.circle(img, (250, 246, 232), sc, rad)
        pygame.draw.circle(img, (196, 30, 30) if base else (60, 50, 40), sc, rad, 2)
        blit_center(img, num, sc)
        cx, cy = cell.center[0] * z, cell.center[1] * z
        foot = (cx, cy - (10 if cell.props.get("box") else 30) * z)
        ink_r = img.get_bounding_rect()     # (the lines' empty margins off)
        got = cache[key] = (img.subsurface(ink_r).copy(),
                            (foot[0] + ink_r.centerx - w / 2, foot[1] - kr.bottom + ink_r.centery))   # (its centre)
        return got

    def _origin(self, view) -> tuple[int, int]:
        """The screen pixel of the map's top-left corner as drawn."""
        return round(view.area.x + view.ox), round(view.area.y + view.oy)

    def map_labels(self, view) -> list[tuple[pygame.Surface, tuple[float, float]]]:
        """Each area's whole name where the map puts it (screen centre)."""
        ox, oy = self._origin(view)
        out = []
        for n in self._label_areas():
            img, (mx, my) = self._area_label(n, view.z)
            out.append((img, (ox + mx, oy + my)))
        return out

    def track_rects(self, view) -> list[pygame.Rect]:
        """Screen rects of the turn and Go-Shirakawa tracks, their titles included
        (the area names are kept off them)."""
        out = []
        for first, kind in (("turn_1", "turn_box"), ("gs_m3", "court_box")):
            cells = [self._box_rect(o.name, view) for o in self.board.objects if o.type == kind]
            if not cells:
                continue
            u = cells[0].unionall(cells[1:])
            title = self._track_title(first, view.z)
            out.append(u.union(pygame.Rect(u.x, u.y - title.get_height() - 2, title.get_width(), title.get_height())))
        return out

    def _track_title(self, first: str, z: float) -> pygame.Surface:
        t = _("Turn 回合 · cards 源/平") if first == "turn_1" else _("Go-Shirakawa 後白河 · replenish 源/平")
        return self.assets.text(t, max(12, round(17 * z)), (250, 240, 210), bold=True)

    def box_rects(self, view) -> list[pygame.Rect]:
        """Screen rects of the map's boxes (waiting box, Kyō box, markers, Ōu) and of the arrows
        from Ōu: the names keep off them too."""
        out = [self._box_rect(o.name, view) for o in self.board.objects
               if o.type in ("waiting_box", "kyo_box", "marker_box")]
        if "ou" in self.board.cells:
            pts = [view.to_screen(x, y) for x, y in self.board.corners("ou")]
            x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
            out.append(pygame.Rect(round(x0), round(y0), round(max(p[0] for p in pts) - x0),
                                   round(max(p[1] for p in pts) - y0)))
        ox, oy = self._origin(view)
        width = max(3, round(5 * view.z))      # the arrows from Ōu (as _arrow draws them): a square every half side
        side = width + 5
        for (px, py), (qx, qy) in self._ou_arrows(view.z):
            k = max(1, int(math.hypot(qx - px, qy - py) / (side / 2)))
            for i in range(k + 1):
                c = pygame.Rect(0, 0, side, side) if i < k - 1 else pygame.Rect(0, 0, 5 * width, 5 * width)
                c.center = (round(ox + px + (qx - px) * i / k), round(oy + py + (qy - py) * i / k))
                out.append(c)
        return out

    def label_places(self, view) -> dict[str, pygame.Rect]:
        """Where each area's name is drawn (screen rects; a name with no room is not drawn)."""
        ox, oy = self._origin(view)
        return {n: r.move(ox, oy) for n, _img, r in self._placed_labels(view)}

    def label_rects(self, view) -> list[pygame.Rect]:
        return list(self.label_places(view).values())

    def draw_labels(self, surf: pygame.Surface, view) -> None:
        if not self.thumbnail(view):
            ox, oy = self._origin(view)
            for _n, img, r in self._placed_labels(view):
                surf.blit(img, r.move(ox, oy))

    def _area_masks(self, z: float) -> dict[str, tuple[tuple[int, int], pygame.mask.Mask, int]]:
        """Each named area's shape at z: (its top-left in map pixels at z, its mask, its size in pixels)."""
        cache = self.__dict__.setdefault("_masks", {})
        got = cache.get(z)
        if got is None:
            if len(cache) > 8:
                cache.clear()
            got = cache[z] = {}
            for n in self._label_areas():
                pts = [(x * z, y * z) for x, y in self.board.corners(n)]
                x0, y0 = math.floor(min(p[0] for p in pts)), math.floor(min(p[1] for p in pts))
                s = pygame.Surface((math.ceil(max(p[0] for p in pts)) - x0 + 1, math.ceil(max(p[1] for p in pts)) - y0 + 1))
                s.set_colorkey((0, 0, 0))
                pygame.draw.polygon(s, (255, 255, 255), [(x - x0, y - y0) for x, y in pts])
                m = pygame.mask.from_surface(s)
                got[n] = ((x0, y0), m, max(1, m.count()))
        return got

    def _label_search(self, n: str, z: float, near: list[pygame.Rect], bounds: pygame.Rect,
                      on_area: float) -> tuple[float, pygame.Surface, pygame.Rect] | None:
        """The best form and place of area ``n``'s name (clear of ``near``, LABEL_FORMS' costs
        counted): (score, picture, rect), or None."""
        area = self._area_masks(z)[n]
        best = None
        unit = self._area_label(n, z)[0].get_height()
        for form, cost in self.LABEL_FORMS:
            if on_area < self.LABEL_ON_AREA and form in ("full", "compact"):
                continue            # (a name only touching its area: as little of it as can be on the neighbours')
            img, (hx, hy) = self._area_label(n, z, form)
            limit = (best[0] if best else math.inf) - cost * unit
            if limit <= 0:
                break
            got = _nearest_free(img.get_rect(center=(round(hx), round(hy))), area, near, bounds, on_area,
                                self.LABEL_OUTSIDE * unit, limit, max(3, unit // 3))
            if got is not None:
                best = (got[0] + cost * unit, img, got[1])
        return best

    def _label_reach(self, n: str, z: float) -> pygame.Rect:
        """Every place area ``n``'s name may cover (map pixels at z)."""
        (mx, my), mask, _size = self._area_masks(z)[n]
        img = self._area_label(n, z)[0]
        return pygame.Rect(mx, my, *mask.get_size()).inflate(2 * img.get_width(), 2 * img.get_height())

    def _placed_labels(self, view) -> list[tuple[str, pygame.Surface, pygame.Rect]]:
        """Each area's name, its picture and where it is drawn (map pixels at the view's zoom, from
        the map's top-left): clear of the stacks, the tracks, the boxes and the other names, inside
        the map; as near as it can be to where the map puts it and as whole as there is room for
        (LABEL_FORMS). First every name that has room with at least LABEL_ON_AREA of it on its own
        area (the seas first, then the smallest areas: they have the least), then those that can
        only touch it; a name left without room asks a neighbour's name to move (if that one finds
        another place); a name with no room even so is left out (the hover names the area). Kept
        until the stacks shown or the zoom change (the names move with the map when it is
        panned); a name whose surroundings did not change keeps its place without a search."""
        z = view.z
        key = (self.under_key(), z, language(), self.assets.palette.name, round(view.pw * z), round(view.ph * z))
        memo = self.__dict__.get("_placed_memo")
        if memo is not None and memo[0] == key:
            return memo[1]
        ox, oy = self._origin(view)
        # (counters are placed on the screen, the names from the map's corner: a pixel's slack for the rounding)
        blocked = [r.move(-ox, -oy).inflate(2, 2)
                   for r in self.counter_rects(view) + self.track_rects(view) + self.box_rects(view)]
        bounds = pygame.Rect(0, 0, round(view.pw * z), round(view.ph * z))
        names = sorted(self._label_areas(),
                       key=lambda n: (not self.board.cells[n].props.get("sea"), self._area_masks(z)[n][2]))
        reach = {n: self._label_reach(n, z) for n in names}
        old = memo[2] if memo is not None and memo[0][1:] == key[1:] else {}
        kept: dict[str, tuple] = {}
        placed: dict[str, tuple[float, pygame.Surface, pygame.Rect]] = {}

        def near(n, without=()):        # (a gap between two names, so that they read apart)
            return [r for r in blocked + [p[2].inflate(6, 2) for m, p in placed.items() if m not in without]
                    if reach[n].colliderect(r)]

        for phase, on_area in enumerate((self.LABEL_ON_AREA, 0.0)):
            for n in names:
                if n in placed:
                    continue
                around = near(n)
                sig = (phase, tuple(map(tuple, around)))
                best = old[n][1] if n in old and old[n][0] == sig else self._label_search(n, z, around, bounds, on_area)
                kept[n] = (sig, best)
                if best:
                    placed[n] = best
        for n in names:         # still without room: a neighbour's name moves aside, if it has somewhere to go
            if n in placed:
                continue
            for m in sorted((m for m in placed if reach[n].colliderect(placed[m][2])),
                            key=lambda m: -placed[m][0]):
                mine = self._label_search(n, z, near(n, (m,)), bounds, 0.0)
                if mine is None:
                    continue
                placed[n] = mine
                theirs = self._label_search(m, z, near(m, (m,)), bounds, 0.0)
                if theirs is not None:
                    placed[m] = theirs
                    break
                del placed[n]
        for n in names:         # (a name moved aside: its neighbours search again next time)
            if n in placed and kept.get(n, (None, None))[1] is not placed[n]:
                kept.pop(n, None)
        out = [(n, *placed[n][1:]) for n in self._label_areas() if n in placed]
        self._placed_memo = (key, out, kept)
        return out

    def counter_rects(self, view) -> list[pygame.Rect]:
        self._fresh()
        size = self.counter_size(view)
        out = []
        for a in self.game.areas:
            rows = self._stack_images(a, size)
            if not rows:
                continue
            x, y = view.to_screen(*self._anchor(a))
            h = sum(r.get_height() for r in rows) + 2 * (len(rows) - 1)
            top = y - h / 2
            for r in rows:
                out.append(r.get_rect(midtop=(round(x), round(top))))
                top += r.get_height() + 2
        return out

    def under_key(self):
        self._fresh()
        return (self._key, frozenset(self.moving))

    def draw_under(self, surf: pygame.Surface, view, now: float) -> None:
        if view.z >= 0.3:
            self.draw_labels(surf, view)

    # -- dynamic drawing ----------------------------------------------------------------------------
    def _block(self, text: str, clan: str, size: int, selected: bool = False, sprite: str | None = None,
               sub: str = "") -> pygame.Surface:
        key = ("blk", text, clan, size, selected, sub)
        cache = self.__dict__.setdefault("_blocks", {})
        img = cache.get(key)
        if img is None:
            bg = CLAN_COLOURS.get(clan, (160, 160, 160))
            ink = CLAN_INK.get(clan, (255, 255, 255))
            bg, glyph = self.assets.palette.group(self.game.game_id, clan, bg)      # (colour-blind palette: a side glyph)
            if glyph:
                ink = (20, 18, 14) if sum(bg) > 420 else (255, 255, 255)
            t = self.assets.text(text, size, ink, bold=True)
            s2 = self.assets.text(sub, max(10, size - 6), ink) if sub else None
            gw = t.get_height() if glyph else 0
            w = t.get_width() + 12 + gw + ((s2.get_width() + 4) if s2 else 0)
            h = t.get_height() + 4
            img = pygame.Surface((w, h + 3), pygame.SRCALPHA)
            pygame.draw.rect(img, (0, 0, 0, 150), (2, 3, w - 2, h), border_radius=5)
            pygame.draw.rect(img, bg, (0, 0, w - 2, h), border_radius=5)
            pygame.draw.rect(img, (255, 236, 120) if selected else (20, 16, 12), (0, 0, w - 2, h),
                             3 if selected else 1, border_radius=5)
            if glyph:
                from ..palette import draw_badge
                draw_badge(img, glyph, (4 + gw / 2, h / 2), gw * 0.4)
            img.blit(t, (6 + gw, 2))
            if s2:
                img.blit(s2, (8 + gw + t.get_width(), h - s2.get_height() - 1))
            cache[key] = img
        return img

    def _stack_images(self, where: str, size: int) -> list[pygame.Surface]:
        """One row per clan: its generals as labelled blocks, then ×N retainers (kept
        until the state shown or the generals on their way change)."""
        cache = self.__dict__.get("_rows")
        if cache is None or cache[0] is not self.st:
            cache = self._rows = (self.st, {})
        key = (where, size, frozenset(self.moving))
        rows = cache[1].get(key)
        if rows is None:
            if len(cache[1]) > 400:
                cache[1].clear()
            rows = cache[1][key] = self._stack_rows(where, size)
        return rows

    def _stack_rows(self, where: str, size: int) -> list[pygame.Surface]:
        rows = []
        gar = self.st.get("areas", {}).get(where, {})
        gens = {}
        for k, g in self.st.get("generals", {}).items():
            if g["where"] == where and k not in self.moving:     # a sliding general is drawn on its way
                gens.setdefault(g["clan"], []).append(k)
        m = self.st.get("markers", {})
        act = self.st.get("act") or {}
        mv = self.st.get("move") or {}
        for clan in sorted(set(gar) | set(gens), key=lambda c: list(CLAN_COLOURS).index(c) if c in CLAN_COLOURS else 99):
            parts = []
            for k in sorted(gens.get(clan, []), key=lambda k: -self.game.gdata[k]["command"]):
                g = self.game.gdata[k]
                mark = ("臆" if m.get("okubyo") == k else "") + ("梶" if m.get("kajiwara") == k else "")
                sel = k in (act.get("general"), mv.get("general"))
                parts.append(self._block(self.gen_short(k) + (f"[{mark}]" if mark else ""), clan, size, sel,
                                         sub=f"{g['valour']}-{g['command']}"))
            n = gar.get(clan, 0)
            if n:
                label = ("僧兵" if clan == "sohei" else "") + f"×{n}"
                parts.append(self._block(label, clan, size))
            if parts:
                w = sum(p.get_width() for p in parts) + 2 * (len(parts) - 1)
                h = max(p.get_height() for p in parts)
                row = pygame.Surface((w, h), pygame.SRCALPHA)
                x = 0
                for p in parts:
                    row.blit(p, (x, 0))
                    x += p.get_width() + 2
                rows.append(row)
        return rows

    def _draw_stack(self, surf, rows, center, max_w=None) -> None:
        if not rows:
            return
        h = sum(r.get_height() for r in rows) + 2 * (len(rows) - 1)
        y = center[1] - h / 2
        for r in rows:
            surf.blit(r, r.get_rect(midtop=(round(center[0]), round(y))))
            y += r.get_height() + 2

    def counter_size(self, view) -> int:
        return max(14, min(30, round(22 * view.z)))

    def draw(self, surf: pygame.Surface, view, now: float) -> None:
        self._fresh()
        st = self.st
        size = self.counter_size(view)
        if view.z < 0.3:            # a thumbnail (game select): a dot per clan present, nothing else
            for a in self.game.areas:
                x, y = view.to_screen(*self._anchor(a))
                clans = sorted(set(st.get("areas", {}).get(a, {})))
                for i, clan in enumerate(clans):
                    c = (x + (i - (len(clans) - 1) / 2) * 7, y)
                    pygame.draw.circle(surf, (0, 0, 0), c, 4)
                    pygame.draw.circle(surf, CLAN_COLOURS.get(clan, (160, 160, 160)), c, 3)
            return
        for a in list(self.game.areas) + ["ou"]:
            rows = self._stack_images(a, size)
            if a == "ou":
                r = self._box_rect("ou", view) if self._obj("ou") else None
                pts = self.board.corners("ou")
                x0, y0 = view.to_screen(min(p[0] for p in pts), min(p[1] for p in pts))
                x1, y1 = view.to_screen(max(p[0] for p in pts), max(p[1] for p in pts))
                self._draw_stack(surf, rows, ((x0 + x1) / 2, (y0 + y1) / 2 + 6))
                continue
            self._draw_stack(surf, rows, view.to_screen(*self._anchor(a)))
        # waiting box: generals waiting to enter
        wb = self._box_rect("waiting_box", view)
        if wb is not None:
            for img, pos in self._waiting_layout(wb, size, max(12, round(18 * view.z))):
                surf.blit(img, pos)
        if not self.still_only:             # generals on their way, with the retainers they lead
            self.draw_moving(surf, view, now)
        # marker boxes: the markers not on a general
        m = st.get("markers", {})
        for mk in ("kajiwara", "okubyo"):
            r = self._box_rect(f"{mk}_box", view)
            if r is None or m.get(mk):
                continue
            img = self.assets.scaled(f"yoshitsune/{mk}.png", int(r.width * 0.55), int(r.width * 0.55))
            if img is not None:
                surf.blit(img, img.get_rect(center=(r.centerx, r.centery + 8)))
            else:
                blit_center(surf, self._block("梶原" if mk == "kajiwara" else "臆病", "genji", size), r.center)
        # turn marker and Go-Shirakawa marker
        tr = self._box_rect(f"turn_{st.get('turn', 1)}", view)
        if tr is not None:
            pygame.draw.rect(surf, ACCENT, tr.inflate(6, 6), 4, border_radius=6)
        court = st.get("court", 0)
        name = {-3: "gs_m3", -2: "gs_m2", -1: "gs_m1", 0: "gs_0", 1: "gs_p1", 2: "gs_p2", 3: "gs_p3", 4: "gs_p4"}.get(court)
        cr = self._box_rect(name, view) if name else None
        if cr is not None:
            d = int(min(cr.width, cr.height) * 0.62)
            img = self.assets.scaled("yoshitsune/go_shirakawa.png", d, d)
            c = (cr.centerx, cr.y + cr.height * 0.58)
            if img is not None:
                surf.blit(img, img.get_rect(center=c))
            else:
                pygame.draw.circle(surf, (120, 60, 160), c, d // 2)
                pygame.draw.circle(surf, (255, 236, 150), c, d // 2, 3)
                blit_center(surf, self.assets.text("法皇", max(12, d // 3), (255, 255, 255), bold=True), c)
            pygame.draw.rect(surf, ACCENT, cr.inflate(6, 6), 4, border_radius=6)
        self._draw_deck(surf, view)
        if st.get("phase") == BUILD:
            self._draw_build(surf, view)
        else:
            self.card_rects = []
            self.confirm_rect = None

    def _moving_blocks(self, view):
        """(block, its screen centre) of each general on his way (a move's animation)."""
        size = self.counter_size(view)
        for k, p in self.moving.items():
            g = (self.st or {}).get("generals", {}).get(k)
            if g is None:
                continue
            img = self._block(self.gen_short(k), g["clan"], size, True,
                              sub=f"{self.game.gdata[k]['valour']}-{self.game.gdata[k]['command']}")
            x, y = view.to_screen(*p)
            yield img, (round(x), round(y))

    def draw_moving(self, surf: pygame.Surface, view, now: float) -> bool:
        """The generals on their way, each with its shadow."""
        for img, (x, y) in self._moving_blocks(view):
            shadow = pygame.Rect(0, 0, img.get_width(), img.get_height())
            shadow.center = (x + 4, y + 5)
            pygame.draw.rect(surf, (0, 0, 0), shadow, border_radius=4)
            surf.blit(img, img.get_rect(center=(x, y)))
        return True

    def _waiting_layout(self, wb: pygame.Rect, size: int, title: int) -> list[tuple[pygame.Surface, tuple[int, int]]]:
        """The waiting generals' blocks in rows under the box's title; rows packed
        closer (just under the title) when they would not stay inside the box."""
        keys = [k for k, g in sorted(self.st.get("generals", {}).items())
                if g["where"] == "waiting_box" and k not in self.moving]
        for top, gap in ((wb.y + size + 8, 3), (wb.y + round(title * 1.35) + 2, 1)):
            out, x, y = [], wb.x + 6, top
            for k in keys:
                g = self.game.gdata[k]
                img = self._block(self.gen_short(k), self.st["generals"][k]["clan"], size,
                                  sub=f"{g['valour']}-{g['command']}")
                if x + img.get_width() > wb.right - 4 and out:
                    x, y = wb.x + 6, y + img.get_height() + gap
                out.append((img, (x, y)))
                x += img.get_width() + 4
            if not out or y + out[-1][0].get_height() <= wb.bottom:
                break
        return out

    def moving_rects(self, view) -> list[pygame.Rect]:
        """The generals on their way: each block and its shadow."""
        out = []
        for img, c in self._moving_blocks(view):
            r = img.get_rect(center=c).inflate(4, 4)
            out.append(r.union(r.move(4, 5)))
        return out

    # the deck and the turned card ----------------------------------------------------------------
    def _card_image(self, cid: str | None, w: int, h: int) -> pygame.Surface:
        """A card face (the sprite when present, else drawn) or its back (``cid`` None)."""
        key = ("card", cid, w, h, language())        # (its text is in the interface language)
        cache = self.__dict__.setdefault("_cards", {})
        img = cache.get(key)
        if img is not None:
            return img
        img = pygame.Surface((w, h), pygame.SRCALPHA)
        spr = self.assets.scaled(f"yoshitsune/card_{cid or 'back'}.png", w, h)
        if spr is not None:
            img.blit(spr, (0, 0))
            if cid is not None and language() != "en":
                self._card_text_over(img, cid)      # (the sprite's effect text is English)
        elif cid is None:
            pygame.draw.rect(img, (60, 30, 36), img.get_rect(), border_radius=10)
            pygame.draw.rect(img, (220, 180, 90), img.get_rect(), 3, border_radius=10)
            blit_center(img, self.assets.text("義經", max(14, w // 4), (220, 180, 90), bold=True), (w / 2, h / 2))
        else:
            c = self.game.cdata[cid]
            deck = c["deck"]
            head = {"MINAMOTO": (236, 232, 220), "TAIRA": (184, 46, 42)}.get(deck, (120, 80, 160))
            ink = (20, 18, 14) if deck == "MINAMOTO" else (255, 250, 240)
            pygame.draw.rect(img, (246, 238, 214), img.get_rect(), border_radius=10)
            band = max(30, h // 4)
            pygame.draw.rect(img, head, (0, 0, w, band), border_top_left_radius=10, border_top_right_radius=10)
            blit_center(img, fit_text(self.assets, c["name_local"], max(16, w // 6), w - 10, ink, bold=True),
                        (w / 2, band / 2))
            y = band + 4
            en = self.assets.text(c["name"], max(11, w // 12), (60, 50, 40), bold=True, wrap=w - 12)
            img.blit(en, (6, y))
            y += en.get_height() + 4
            body = self.assets.text(card_text(self.game, c), max(10, w // 14), (40, 34, 26), wrap=w - 12)
            img.blit(body, (6, y), area=pygame.Rect(0, 0, w - 12, max(0, h - 6 - y)))
            pygame.draw.rect(img, (90, 70, 40), img.get_rect(), 3, border_radius=10)
        cache[key] = img
        return img

    def _card_text_over(self, img: pygame.Surface, cid: str) -> None:
        """The effect text of a card sprite (tools/gen_sprites.py: English, in the box from
        150/224 of the card's height to 12/160 of its width above the foot) painted over in
        the interface language, as large as fits."""
        w, h = img.get_size()
        k = w / 160
        box = pygame.Rect(round(8 * k), round(146 * k), w - round(16 * k), h - round(8 * k) - round(146 * k))
        img.fill(img.get_at((round(6 * k), round(150 * k))), box)
        lines = card_face_lines(self.game, self.game.cdata[cid])
        text = "\n".join(lines)
        size, least = max(8, round(14 * k)), max(8, round(6.5 * k))     # (the sprite's own sizes, tools/assetlib.py)
        was, self.assets.on_map = self.assets.on_map, True     # (a card face scales like the map's art)
        try:
            while True:
                body = self.assets.text(text, size, (40, 34, 26), wrap=box.width - round(4 * k))
                if body.get_height() <= box.height - round(2 * k) or size <= least:
                    break
                size -= 1
        finally:
            self.assets.on_map = was
        room = box.height - round(2 * k)
        if body.get_height() > room:                # (a small card: whole lines only; pointing enlarges it)
            line = self.assets.font(size).get_linesize()
            room = max(line, room // line * line)
        img.blit(body, (box.x + round(2 * k), box.y + round(2 * k)), area=pygame.Rect(0, 0, box.width, room))

    def _draw_deck(self, surf, view) -> None:
        cards = self.st.get("cards", {})
        area = view.area
        n = int(cards.get("deck_size", 0))
        cw, ch = 72, 101
        anchor = self._box_rect("gs_m3", view)
        x = (anchor.x if anchor else area.right - 360) + 4
        y = (anchor.bottom + 34) if anchor else area.bottom - ch - 30
        y = min(y, area.bottom - ch - 8)
        for i in range(min(n, 6)):
            surf.blit(self._card_image(None, cw, ch), (x + i * 3, y - i * 3))
        if n == 0:
            pygame.draw.rect(surf, (150, 150, 150), (x, y, cw, ch), 2, border_radius=10)
        lab = self.assets.text(_("Deck: {n}").format(n=n), 22, TEXT, bold=True)
        r = lab.get_rect(midleft=(x + cw + 24, y + 18)).inflate(12, 6)
        pygame.draw.rect(surf, (10, 12, 18), r, border_radius=6)
        blit_center(surf, lab, r.center)
        cur = cards.get("current")
        act = self.st.get("act") or {}
        if not cur:
            return
        if self.st.get("phase") in (TURN, USE):
            # the card being decided on: large, with its text, over the south-west sea
            w, h = 200, 280
            cx, cy = area.x + 14, area.bottom - h - 12
            pygame.draw.rect(surf, (0, 0, 0), (cx + 5, cy + 6, w, h), border_radius=12)
            surf.blit(self._card_image(cur, w, h), (cx, cy))
            c = self.game.cdata[cur]
            tw = 250
            body = self.assets.text(card_text(self.game, c), 17, TEXT, wrap=tw - 20)
            head = fit_text(self.assets, f"{c['name_local']}  {c['name']}", 20, tw - 20, ACCENT, bold=True)
            who = self.assets.text(_("used by {side_name}").format(side_name=self.side_name(act['user'])) if act.get("user") else "", 17,
                                   self.side_colour(act.get("user", "")), bold=True)
            th = head.get_height() + body.get_height() + who.get_height() + 26
            box = pygame.Rect(cx + w + 10, cy + h - th, tw, th)
            tmp = pygame.Surface(box.size, pygame.SRCALPHA)
            tmp.fill((10, 12, 18, 225))
            surf.blit(tmp, box)
            pygame.draw.rect(surf, ACCENT, box, 2, border_radius=8)
            surf.blit(head, (box.x + 10, box.y + 8))
            surf.blit(who, (box.x + 10, box.y + 10 + head.get_height()))
            surf.blit(body, (box.x + 10, box.y + 16 + head.get_height() + who.get_height()))
        else:
            w, h = cw, ch
            cx = r.right + 16
            cy = y
            surf.blit(self._card_image(cur, w, h), (cx, cy))
            t = fit_text(self.assets, self.game.cdata[cur]["name_local"], 20, 200, ACCENT, bold=True)
            surf.blit(t, (cx + w + 8, cy + 4))
            if act.get("user"):
                surf.blit(self.assets.text(self.side_name(act["user"]), 16, self.side_colour(act["user"])),
                          (cx + w + 8, cy + 30))

    # the card choice (secret) -----------------------------------------------------------------
    def _draw_build(self, surf, view) -> None:
        st = self.st
        seat = st.get("seat")
        cards = st.get("cards", {})
        area = view.area
        self.card_rects = []
        self.confirm_rect = None
        if self.obs is None or self.viewer != seat or seat is None:
            # somebody else chooses: only public facts (how many they have chosen)
            counts = cards.get("chosen_counts", {})
            lines = [_("{side_name} is choosing cards in secret").format(side_name=self.side_name(seat)) if seat else _("Deck building")]
            for s, c in counts.items():
                lines.append(_("{side}: {n} chosen").format(side=self.side_name(s), n=c) + (_(" — done") if s in cards.get("done", []) else ""))
            box = pygame.Rect(0, 0, 560, 40 + 34 * len(lines))
            box.center = (area.centerx, area.y + 120)
            tmp = pygame.Surface(box.size, pygame.SRCALPHA)
            tmp.fill((12, 14, 20, 220))
            surf.blit(tmp, box)
            pygame.draw.rect(surf, ACCENT, box, 3, border_radius=10)
            for i, ln in enumerate(lines):
                blit_center(surf, self.assets.text(ln, 26 if i == 0 else 22, ACCENT if i == 0 else TEXT, bold=i == 0),
                            (box.centerx, box.y + 30 + 34 * i))
            return
        pool = list(cards.get("pools", {}).get(seat, []))
        mine = set(self.obs.get("my_chosen", []))
        limit = int(cards.get("limits", {}).get(seat, 0))
        legal = {a.card for a in self.game.legal_actions() if isinstance(a, Choose)} \
            if self.game.pending() and self.game.pending().seat == seat else set()
        tmp = pygame.Surface(area.size, pygame.SRCALPHA)
        tmp.fill((10, 12, 18, 232))
        surf.blit(tmp, area.topleft)
        normal = sum(1 for c in mine if c not in ("C02", "C03"))
        head = _("{side_name}: choose up to {limit} card(s) for this turn's deck — {normal}/{limit} chosen").format(
            side_name=self.side_name(seat), limit=limit, normal=normal)
        k = fit_scale(surf.get_size())
        surf.blit(fit_text(self.assets, head, round(30 * k), area.width - 40, self.side_colour(seat), bold=True),
                  (area.x + 20, area.y + round(14 * k)))
        sub = _("Click a card (or arrows, then Enter / A) to put it in the deck (secret); point at one to read it. "
                "Court cards 後白河院の暗躍 / 追討令 come on top of the count.")
        sub_img = self.assets.text(sub, round(17 * k), DIM, wrap=area.width - 40)
        surf.blit(sub_img, (area.x + 20, area.y + round(54 * k)))
        n = max(1, len(pool))
        cols = min(n, 7 if n > 10 else 6)
        rows_n = math.ceil(n / cols)
        gap = 12
        top = max(round(92 * k), round(54 * k) + sub_img.get_height() + 12)
        avail_h = area.height - top - 90
        cap = 22
        cw = min(round(150 * k), (area.width - 40 - gap * (cols - 1)) // cols)
        ch = int(cw * 1.4)
        if rows_n * (ch + cap) + (rows_n - 1) * gap > avail_h:
            ch = (avail_h - (rows_n - 1) * gap) // rows_n - cap
            cw = int(ch / 1.4)
        total_w = cols * cw + (cols - 1) * gap
        x0 = area.centerx - total_w // 2
        y0 = area.y + top
        for i, cid in enumerate(pool):
            r = pygame.Rect(x0 + (i % cols) * (cw + gap), y0 + (i // cols) * (ch + cap + gap), cw, ch)
            surf.blit(self._card_image(cid, cw, ch), r)
            en = clip_text(self.assets, self.game.cdata[cid]["name"], round(16 * k), cw + gap - 4, TEXT, bold=True,
                           min_size=11)
            surf.blit(en, en.get_rect(midtop=(r.centerx, r.bottom + 3)))
            if cid in mine:
                pygame.draw.rect(surf, ACCENT, r.inflate(8, 8), 5, border_radius=12)
                tag = self.assets.text(_("✓ IN DECK"), 18, (20, 16, 12), bold=True)
                t = tag.get_rect(midbottom=(r.centerx, r.bottom - 6)).inflate(10, 4)
                pygame.draw.rect(surf, ACCENT, t, border_radius=6)
                blit_center(surf, tag, t.center)
            elif cid not in legal:
                shade = pygame.Surface(r.size, pygame.SRCALPHA)
                shade.fill((0, 0, 0, 150))
                surf.blit(shade, r)
            self.card_rects.append((r, cid))
        done = DoneChoosing() in self.game.legal_actions()
        if done and self.game.pending().seat == seat:
            b = pygame.Rect(0, 0, 380, 60)
            b.midbottom = (area.centerx, area.bottom - 16)
            pygame.draw.rect(surf, (0, 0, 0), b.move(0, 4), border_radius=12)
            pygame.draw.rect(surf, (200, 150, 40), b, border_radius=12)
            pygame.draw.rect(surf, ACCENT, b, 3, border_radius=12)
            blit_center(surf, self.assets.text(_("Confirm {n} card(s) ▶").format(n=len(mine)), 26, (20, 16, 12), bold=True), b.center)
            self.confirm_rect = b
        self._draw_enlarged(surf, area)

    def shown_card(self) -> tuple[pygame.Rect, str] | None:
        """The card under the pointer (or the pad's / arrows' focus ring, which points
        there too: game.client.padfocus): shown enlarged."""
        for r, cid in self.card_rects:
            if self.pointer and r.collidepoint(self.pointer):
                return r, cid
        return None

    def draw_key(self):
        got = self.shown_card()
        return got[1] if got else None

    def _draw_enlarged(self, surf, area: pygame.Rect) -> None:
        """The pointed-at card, large enough to read, beside the card (inside the map area)."""
        got = self.shown_card()
        if got is None:
            return
        r, cid = got
        h = min(area.height - 24, max(r.height * 2, round(420 * fit_scale(surf.get_size()))))
        w = int(h / 1.4)
        if w <= r.width * 1.3:
            return                          # the cards are large enough already
        big = pygame.Rect(0, 0, w, h)
        big.midleft = (r.right + 14, r.centery)
        if big.right > area.right - 8:
            big.midright = (r.left - 14, r.centery)
        big.clamp_ip(area.inflate(-16, -16))
        pygame.draw.rect(surf, (0, 0, 0), big.move(6, 8), border_radius=12)
        surf.blit(self._card_image(cid, w, h), big)
        pygame.draw.rect(surf, ACCENT, big.inflate(6, 6), 3, border_radius=14)

    def focus_rects(self) -> list[pygame.Rect]:
        if self.st.get("phase") != BUILD or self.viewer != self.st.get("seat"):
            return []
        return [r for r, _ in self.card_rects] + ([self.confirm_rect] if self.confirm_rect else [])

    def click_at(self, pos, view) -> ClickResult | None:
        if self.st.get("phase") != BUILD or self.viewer != self.st.get("seat"):
            return None
        if self.confirm_rect is not None and self.confirm_rect.collidepoint(pos):
            return ClickResult(action=DoneChoosing())
        for r, cid in self.card_rects:
            if r.collidepoint(pos):
                a = Choose(cid)
                if a in self.game.legal_actions():
                    return ClickResult(action=a)
                if cid in set((self.obs or {}).get("my_chosen", [])):
                    return ClickResult(error=_("already in the deck (U: undo)"))
                return ClickResult(error=_("no more cards may be chosen this turn"))
        if view.area.collidepoint(pos):
            return ClickResult(handled=True)
        return None

    # -- side panel -------------------------------------------------------------------------------
    def status(self) -> list[tuple[str, str]]:
        st = self.st or self.game.public_state()
        ph = _(PHASE_NAMES.get(st.get("phase"), st.get("phase", "")))
        cur = (st.get("cards") or {}).get("current")
        if cur and st.get("phase") not in (BUILD, REPLENISH):
            ph = f"{ph}: {self.game.cdata[cur]['name_local']}"
        court = st.get("court", 0)
        sp = self.game.court_spaces.get(court, {})
        score = _("Court {name_local} · bases 源{base_count} 平{base_count2} · deck {deck_size}").format(name_local=sp.get('name_local', court), base_count=self.game.base_count('MINAMOTO'), base_count2=self.game.base_count('TAIRA'), deck_size=st.get('cards', {}).get('deck_size', 0))
        return [("Turn", f"{st.get('turn', 1)}/{self.game.turns}"), ("Phase", ph), ("Score", score)]

    def hover_lines(self, hex_: str | None) -> list[str]:
        if not hex_ or hex_ not in self.board.cells:
            if self.obs is not None and getattr(self, "single_viewer", True):
                deck = self.obs.get("my_cards_in_deck", [])
                if deck and self.st.get("phase") not in (BUILD,):
                    return [_("Your cards still in the deck"),
                            *[self.card_title(c) for c in deck]]
            return []
        c = self.board.cells[hex_]
        st = self.st
        lines = [self.game.place_name(hex_, full=True)]
        info = _("supply {supply}").format(supply=c.props.get('supply', 0))
        if c.props.get("base"):
            info += _(" · base area 據點")
        if c.props.get("sea"):
            info += _(" · sea")
        ctrl = st.get("control", {}).get(hex_)
        info += _(" · control: {v}").format(v=self.clan_name(ctrl) if ctrl else 'none')
        lines.append(info)
        for clan, n in st.get("areas", {}).get(hex_, {}).items():
            lines.append(_("{clan_name}: {n} retainer(s)").format(clan_name=self.clan_name(clan), n=n))
        for k, g in st.get("generals", {}).items():
            if g["where"] == hex_:
                gd = self.game.gdata[k]
                lines.append(_("{name_local} {name} — valour {valour}, command {command}").format(name_local=gd['name_local'], name=gd['name'], valour=gd['valour'], command=gd['command']))
        return lines

    # -- interaction ----------------------------------------------------------------------------
    def _areas_of(self, a) -> list[str]:
        """The map areas a click goes through to choose this action ([] for button-only actions)."""
        locs = {k: g["where"] for k, g in self.st.get("generals", {}).items()}
        if isinstance(a, (Place, EnterAt, ReplenishAt, RetreatTo, BattleIn)):
            return [a.area]
        if isinstance(a, Step):
            return [a.to]
        if isinstance(a, Pick):
            w = locs.get(a.general)
            return [w] if w in self.board.cells else []
        if isinstance(a, Target):
            t = a.target
            if t.startswith("move:"):
                src, dst = t[5:].split(">")
                return [src, dst]
            if t.startswith("replenish:"):
                return [t[10:]]
            if t in self.board.cells:
                return [t]
            w = locs.get(t)
            return [w] if w in self.board.cells else []
        return []

    def action_text(self, a) -> str:
        """An action in the player's words (its button, the AI explanation's and the hint's list)."""
        gd = self.game.gdata
        if isinstance(a, TurnCard):
            return _("Turn the top card")
        if isinstance(a, UseCard):
            cur = (self.st.get("cards") or {}).get("current")
            play = _("Play {nm}").format(nm=self.game.cdata[cur]["name_local"]) if cur else _("Play the card")
            return {"play": play, "fight": _("Fight battles"), "pass": _("Pass")}[a.how]
        if isinstance(a, Order):
            return _(ORDER_LABELS.get(a.what, a.what))
        if isinstance(a, DoneChoosing):
            return _("Confirm the cards")
        if isinstance(a, PickUp):
            return _("Take a retainer along")
        if isinstance(a, Drop):
            return _("Leave a retainer here")
        if isinstance(a, EndMove):
            return _("End the move")
        if isinstance(a, EndBattles):
            return _("No more battles")
        if isinstance(a, ContinueBattle):
            return _("Fight another round")
        if isinstance(a, StopBattle):
            return _("Break off the battle")
        if isinstance(a, ChooseCommander):
            return _("{name_local} commands").format(name_local=gd[a.general]['name_local'])
        if isinstance(a, AllocateHit):
            return _("Hit a {clan_name} retainer").format(clan_name=self.clan_name(a.clan))
        if isinstance(a, Pick):
            return _("Activate {name_local}").format(name_local=gd[a.general]['name_local'])
        if isinstance(a, BattleIn):
            return _("Battle in {split} ({split2})").format(split=self.area_name(a.area).split()[0], split2=self.clan_name(a.clan).split()[0])
        if isinstance(a, Target):
            t = a.target
            if t in gd:
                return _("Target {name_local}").format(name_local=gd[t]['name_local'])
            if t.startswith("move:"):
                s, d = t[5:].split(">")
                return f"僧兵 {self.area_name(s).split()[0]} → {self.area_name(d).split()[0]}"
            if t.startswith("replenish:"):
                return _("僧兵 gather in {split}").format(split=self.area_name(t[10:]).split()[0])
            return _("Target {split}").format(split=self.area_name(t).split()[0])
        if isinstance(a, ReplenishAt):            # 時政's card: the clan may be another general's (9.4(2))
            clan = self.clan_name(gd[a.general]["clan"]).split()[0]
            return f"{_('Replenish at')} {self.area_name(a.area).split()[0]} ({clan})"
        if isinstance(a, (Place, EnterAt, ReplenishAt, RetreatTo, Step)):
            where = getattr(a, "area", None) or getattr(a, "to", "")
            verb = {Place: _("Replenish"), EnterAt: _("Enter at"), ReplenishAt: _("Replenish at"), RetreatTo: _("Retreat to"),
                    Step: _("Move to")}[type(a)]
            return f"{verb} {self.area_name(where).split()[0]}"
        return super().action_text(a)

    def auto_select(self) -> None:
        self.selected = None

    def targets(self) -> dict[str, str]:
        legal = self._legal()
        if not legal or self.st.get("phase") == BUILD:
            return {}
        kind = {RETREAT: "retreat", BATTLE_AREAS: "attack", TARGET: "attack", MOVE: "move"}.get(
            self.st.get("phase"), "move")
        out: dict[str, str] = {}
        for a in legal:
            path = self._areas_of(a)
            if not path:
                continue
            if self.selected is None:
                out[path[0]] = kind
            elif len(path) > 1 and path[0] == self.selected:
                out[path[1]] = "move"
        if self.selected is not None:
            out[self.selected] = "select"
        return out

    def click(self, hex_: str | None) -> ClickResult:
        legal = self._legal()
        if hex_ is None:
            if self.selected is not None:
                self.selected = None
                return ClickResult(handled=True)
            return ClickResult()
        if self.selected is not None:
            for a in legal:
                p = self._areas_of(a)
                if len(p) > 1 and p[0] == self.selected and p[1] == hex_:
                    self.selected = None
                    return ClickResult(action=a)
        cands = [a for a in legal if self._areas_of(a)[:1] == [hex_]]
        if not cands:
            if self.selected is not None:
                self.selected = None
                return ClickResult(handled=True)
            return ClickResult(error=_("nothing to do there now") if legal else "")
        if len(cands) == 1 and len(self._areas_of(cands[0])) == 1:
            self.selected = None
            return ClickResult(action=cands[0])
        self.selected = hex_
        return ClickResult(handled=True)

    def choices(self) -> list[Choice]:
        legal = self._legal()
        if not legal:
            return []
        if self.st.get("phase") == BUILD and self.viewer != self.st.get("seat"):
            return []
        buttons = [a for a in legal if not self._areas_of(a) and not isinstance(a, Choose)]
        areal = [a for a in legal if self._areas_of(a)]
        if self.selected is not None:
            here = [a for a in areal if self._areas_of(a)[0] == self.selected and len(self._areas_of(a)) == 1]
            buttons = here + buttons
        elif len(areal) + len(buttons) <= 6 and not isinstance(areal[0] if areal else None, (Place, Step)):
            buttons = areal + buttons
        out = []
        primary_kinds = (TurnCard, DoneChoosing, EndMove, StopBattle, EndBattles)
        for a in buttons:
            primary = isinstance(a, primary_kinds) or (isinstance(a, UseCard) and a.how == "play")
            out.append(Choice(self.action_text(a), a, primary=primary))
        if not any(c.primary for c in out) and len(out) == 1:
            out[0].primary = True
        if sum(c.primary for c in out) > 1:
            seen = False
            for c in out:
                if c.primary and seen:
                    c.primary = False
                seen = seen or c.primary
        return out

    def actable_hexes(self) -> list[str]:
        return sorted(self.targets())

    def select_at(self, hex_: str) -> None:
        self.selected = hex_


# -- drawing helpers ------------------------------------------------------------------------------
def _romaji(en: str) -> str:
    return en.split(" (")[0]


def card_text(game, c) -> str:
    """What the card does, in one paragraph."""
    if c.get("text"):
        return tr(c["text"])
    g = c.get("effect", {}).get("general")
    if g and g in game.gdata:
        gd = game.gdata[g]
        return (_("General card: {name_local} (valour {valour}, command {command}) may move, fight, replenish or pay tribute; from the waiting box he may enter, and the card may still pay tribute (朝貢 does not need him).").format(name_local=gd['name_local'], valour=gd['valour'], command=gd['command']))
    return c.get("type", "")


def card_face_lines(game, c) -> list[str]:
    """The lines a card's face prints under its picture (as tools/gen_sprites.py bakes them
    into the sprite, in English), in the interface language."""
    eff = c.get("effect", {})
    lines = []
    if c.get("type") == "general":
        lines.append(_("General card: Move, Battle, Enter, Replenish, Tribute."))
        if eff.get("tribute_modifier"):
            lines.append(_("Tribute roll +{n}.").format(n=eff["tribute_modifier"]))
    by = c.get("available_by_turn")
    if by:
        sides = game.data["sides"]
        parts = []
        for s, run in groupby(sorted(by, key=int), key=by.get):      # (turns in a row with one user)
            ts = list(run)
            parts.append((_("{side} turn {a}") if len(ts) == 1 else _("{side} turns {a}–{b}")).format(
                side=tr(sides[s]["name"]) if s in sides else _("nobody"), a=ts[0], b=ts[-1]))
        lines.append(_("Usable by: {turns}.").format(turns=_(", ").join(parts)))
    if c.get("available_to") == "court_friendly":
        lines.append(_("Only the side friendly with Go-Shirakawa; used by whoever is friendly when drawn."))
    if c.get("text"):
        lines.append(tr(c["text"]))
    return lines


def _nearest_free(home: pygame.Rect, area, near: list[pygame.Rect], bounds: pygame.Rect, on_area: float,
                  outside: float, limit: float, step: int) -> tuple[float, pygame.Rect] | None:
    """The best place for a name of ``home``'s size: inside ``bounds``, covering none of ``near``
    (the stacks and names round it), with at least ``on_area`` of it (or of the area, if that is
    smaller) on ``area`` ((top-left, mask, pixels)); scored by its distance from ``home`` plus
    ``outside`` times the share of it off the area. The places tried: ``home``, a grid of
    ``step`` pixels over every place touching the area's bounding box, and every place just
    beside an edge of what it must not cover (where the nearest free place lies); (score,
    rect), or None if none scores under ``limit``."""
    (mx, my), mask, size = area
    w, h = home.size
    mw, mh = mask.get_size()
    need = min(w * h, size)
    whole = pygame.mask.Mask((w, h), fill=True)

    def score(x, y, d):
        r = pygame.Rect(x, y, w, h)
        if r.collidelist(near) >= 0:
            return None
        share = min(1.0, mask.overlap_area(whole, (x - mx, y - my)) / need)
        return None if share < on_area or share == 0 else (d + outside * (1 - share), r)

    x0, x1 = max(mx - w + 1, bounds.x), min(mx + mw - 1, bounds.right - w)
    y0, y1 = max(my - h + 1, bounds.y), min(my + mh - 1, bounds.bottom - h)
    if x0 > x1 or y0 > y1:
        return None
    hx, hy = min(max(home.x, x0), x1), min(max(home.y, y0), y1)
    d0 = math.hypot(hx - home.x, hy - home.y)
    got = score(hx, hy, d0)
    if got is not None and got[0] <= d0:        # where the map puts it (or as near as the map allows), all on its area
        return got if got[0] < limit else None
    best = got if got is not None and got[0] < limit else None
    xs = {hx, x0, x1} | set(range(hx - (hx - x0) // step * step, x1 + 1, step))
    ys = {hy, y0, y1} | set(range(hy - (hy - y0) // step * step, y1 + 1, step))
    for b in near:
        xs.update(x for x in (b.left - w, b.right) if x0 <= x <= x1)
        ys.update(y for y in (b.top - h, b.bottom) if y0 <= y <= y1)
    dx = [((x - home.x) ** 2, x) for x in xs]
    dy = [((y - home.y) ** 2, y) for y in ys]
    for d2, x, y in sorted((a + b, x, y) for a, x in dx for b, y in dy):
        d = math.sqrt(d2)
        if d >= (best[0] if best else limit):
            break
        got = score(x, y, d)
        if got is not None and got[0] < (best[0] if best else limit):
            best = got
    return best


def _box(surf, r: pygame.Rect, fill, border, alpha: int = 255) -> None:
    if alpha < 255:
        tmp = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.rect(tmp, (*fill, alpha), tmp.get_rect(), border_radius=6)
        surf.blit(tmp, r)
    else:
        pygame.draw.rect(surf, fill, r, border_radius=6)
    pygame.draw.rect(surf, border, r, 2, border_radius=6)


def _dashed(surf, p, q, colour, width: int, dash: float) -> None:
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy)
    if d < 1:
        return
    n = max(1, int(d / max(2.0, dash)))
    for i in range(0, n, 2):
        a = (p[0] + dx * i / n, p[1] + dy * i / n)
        b = (p[0] + dx * min(n, i + 1) / n, p[1] + dy * min(n, i + 1) / n)
        pygame.draw.line(surf, colour, a, b, width)


def _arrow(surf, p, q, colour, width: int) -> None:
    dx, dy = q[0] - p[0], q[1] - p[1]
    d = math.hypot(dx, dy) or 1
    ux, uy = dx / d, dy / d
    head = width * 3
    base = (q[0] - ux * head, q[1] - uy * head)
    pygame.draw.line(surf, (0, 0, 0), p, base, width + 3)
    pygame.draw.line(surf, colour, p, base, width)
    pygame.draw.polygon(surf, colour, [q, (base[0] - uy * head * 0.7, base[1] + ux * head * 0.7),
                                       (base[0] + uy * head * 0.7, base[1] - ux * head * 0.7)])


# -- what the client's shared screens know of this game (game/client/facts.py) ---------------------
from ..palette import BLUE, BLUISH_GREEN, SKY_BLUE, VERMILLION, WHITE, YELLOW  # noqa: E402
from ..facts import ClientFacts  # noqa: E402

CLIENT = ClientFacts(
    sides={"MINAMOTO": ((236, 232, 220), WHITE, "circle"), "TAIRA": ((178, 52, 48), VERMILLION, "triangle")},
    # each clan's colour in the colour-blind palette, and whose glyph it carries (木曾 changes
    # sides during the game: its own glyph)
    groups={"genji": (WHITE, "circle"), "ogata": (BLUE, "circle"), "kono": (SKY_BLUE, "circle"),
            "sohei": ((120, 110, 100), "circle"), "heike": (VERMILLION, "triangle"),
            "fujiwara": (YELLOW, "triangle"), "kiso": (BLUISH_GREEN, "diamond")},
    hover_decision="build",
    rules_tables="game.client.games.yoshitsune_tables:TABLES",
)
