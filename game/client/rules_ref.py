"""The rules reference (F1, Back on a pad, "Rules & controls" in the pause menu).

A scrollable view of one game's rules in sections, with a section index on the
left: how to win first, then the sequence of play, movement, combat (its tables
drawn as tables), the special rules, the game's rulings and the controls that
game really uses.

Where the parts come from:

- the prose: ``game/client/games/rules/<game>.json`` (``sections``, each with an
  ``id``, a ``title`` and ``blocks``: ``{"p": text}``, ``{"li": [texts]}``,
  ``{"h": text}`` or ``{"table": name}``), in English; each language's words in
  ``game/client/games/rules/<lang>/<game>.json`` (game/client/prose.py, docs/i18n.md),
  English for a key it lacks. A ``{data:path.to.value}`` in it is replaced by
  that value of the game's ``data.json``, so that no number is typed twice;
- the tables: built from the game's ``data.json`` (and, where a value lives only in
  the rules, from the rules object's read-only facts), never retyped, by the game's own
  builders (``game/client/games/<game>_tables.py``, named by the ``CLIENT`` facts of
  its UI module: :func:`table`); their headings through ``_()``, their data strings
  through ``tr()``;
- the rulings: the game's ``data.json`` "rulings" (translated in the same language
  files, keyed by ruling id);
- the controls: :func:`controls_for`, from the keys the client's input layer
  maps (game/client/input.py) and what the game's plugin really binds (its ZOC
  overlay, its L overlay, Tab cycling, panels of its own).

Keys: ↑/↓ or D-pad up/down scroll a line, PgUp/PgDn (and the wheel) a page
(three lines a notch), a right or middle drag drags the page, Home/End go to the start / end, ←/→, Tab/Shift+Tab or
LB/RB go to the previous / next section, 1–9 jump to a section, a click on the
index jumps too, Esc / B / F1 / Back close.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

import pygame

from game import paths
from game.core.spec import load_object

from . import prose
from .facts import client_facts
from .i18n import N_, _, language, tr
from .input import Intent
from .widgets import ACCENT, BORDER, DIM, FOCUS, PANEL_HI, TEXT, blit_center, fit_text, panel

RULES_DIR = Path(__file__).resolve().parent / "games" / "rules"
#: the sections every game's reference has, in this order (the file gives the first five,
#: the rulings and the controls are added here)
REQUIRED = ("win", "sequence", "movement", "combat", "special", "rulings", "controls")


@dataclass
class Table:
    caption: str
    header: list[str]
    rows: list[list[str]]
    note: str = ""


@dataclass
class Section:
    id: str
    title: str
    blocks: list[tuple[str, Any]] = field(default_factory=list)   # ("p"|"li"|"h", str) or ("table", Table)


# -- data ---------------------------------------------------------------------------------
def game_data(game) -> dict[str, Any]:
    """The game's data.json (the rules object's own copy when it keeps one)."""
    d = getattr(game, "data", None)
    if isinstance(d, dict) and d:
        return d
    p = paths.ROOT / "game" / "rulesets" / game.game_id / "data.json"
    return json.loads(p.read_text(encoding="utf-8"))


def rules_file(game_id: str) -> dict[str, Any]:
    return json.loads((RULES_DIR / f"{game_id}.json").read_text(encoding="utf-8"))


def lookup(data: dict[str, Any], path: str) -> Any:
    v: Any = data
    for part in path.split("."):
        v = v[int(part)] if isinstance(v, list) else v[part]
    return v


def fmt(v: Any) -> str:
    """A data value as the tables and the prose print it."""
    if v is None:
        return "—"
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if isinstance(v, float):
        return {0.5: "½"}.get(v, f"{v:g}")
    if isinstance(v, (list, tuple)):
        return ", ".join(fmt(x) for x in v)
    return tr(v) if isinstance(v, str) else str(v)     # a data string: as the catalogues translate it


_DATA_REF = re.compile(r"\{data:([\w.]+)\}")


def fill(text: str, data: dict[str, Any]) -> str:
    """Replace each ``{data:path}`` by that data.json value."""
    return _DATA_REF.sub(lambda m: fmt(lookup(data, m.group(1))), text)


def signed(v) -> str:
    if v is None or v == 0:
        return "—"
    return f"{v:+g}"


# -- tables ------------------------------------------------------------------------------------
def die_table(caption: str, key: str, col: str) -> Callable[[Any, dict], Table]:
    """A builder of the die table ``data["tables"][key]`` (its rolls and its ``col``)."""
    def build(game, data) -> Table:
        t = data["tables"][key]
        rows = [[fmt(r["rolls"]), fmt(r[col])] for r in t["results"]]
        return Table(caption, [N_("Die"), N_("Result")], rows)
    return build


def table(game, name: str, data: dict[str, Any]) -> Table:
    """The table a reference file names ``"<game id>.<name>"``, built by the game's own
    builder (its ``CLIENT`` facts' ``rules_tables``: game/client/games/<game id>_tables.py)."""
    gid, _dot, short = name.partition(".")
    path = client_facts(gid).rules_tables
    builders = load_object(path) if path else {}
    if short not in builders:
        raise KeyError(f"{gid}: no rules reference table {short!r} ({path or 'the game names no tables'})")
    return builders[short](game, data)


# -- rulings --------------------------------------------------------------------------------
def rulings(data: dict[str, Any], trans: dict[str, str] | None = None) -> list[tuple[str, str]]:
    """(heading, text) for each of the game's rulings, whatever shape its data.json keeps them
    in; with ``trans`` (a translation, game/client/prose.py) in its words where it has them."""
    trans = trans or {}
    out: list[tuple[str, str]] = []
    for x in prose.ruling_entries(data):
        key = f"rulings.{x['id']}"
        head = prose.text(trans, f"{key}.title", x["id"].replace("_", " "))
        if x["clause"]:
            head = f"{head} [{x['clause']}]"
        text = prose.text(trans, key, x["text"])
        if x["reason"]:
            text = f"{text} — {prose.text(trans, key + '.reason', x['reason'])}"
        out.append((head, text))
    return out


# -- controls ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Control:
    keys: str                   # as printed
    pad: str                    # the gamepad's way, as printed
    what: str                   # N_() marked
    intent: str                 # the Intent the keys give (game/client/input.py)
    events: tuple = ()          # (key, mod) pairs that give it (the test presses them)
    needs: str = ""             # what the plugin must offer: "", "cycle", "zoc", "overlay"


K = pygame
CONTROLS: tuple[Control, ...] = (
    Control("Click / Enter", "A", N_("select, then act on a lit place (move, attack, retreat, advance ...)"),
            "confirm", ((K.K_RETURN, 0),)),
    Control("A", "", N_("act at the cursor"), "click_cursor", ((K.K_a, 0),)),
    Control("Space", "X", N_("the main button (end the phase, resolve, stop ...)"), "context", ((K.K_SPACE, 0),)),
    Control("Arrows", "D-pad / left stick", N_("move the cursor"), "cursor", ((K.K_LEFT, 0), (K.K_DOWN, 0))),
    Control("Shift+arrows / right drag", "right stick", N_("pan the map"), "pan", ((K.K_LEFT, K.KMOD_LSHIFT),)),
    Control("Wheel / PgUp PgDn", "LT / RT", N_("zoom"), "zoom", ((K.K_PAGEUP, 0),)),
    Control("F", "Y", N_("focus the buttons and cards, then Enter / A"), "panel", ((K.K_f, 0),)),
    Control("Tab / Shift+Tab", "LB / RB", N_("cycle through your pieces that can act"), "cycle", ((K.K_TAB, 0),),
            "cycle"),
    Control("Z", "L3", N_("enemy zones of control (toggle)"), "zoc", ((K.K_z, 0),), "zoc"),
    Control("L", "R3", "", "overlay", ((K.K_l, 0),), "overlay"),
    Control("T", "Guide", N_("threat view: your pieces the enemy could attack next turn, with the odds (toggle)"),
            "threat", ((K.K_t, 0),), "threat"),
    Control("Ctrl+↑ / Ctrl+↓", "Back + ↑ / ↓", N_("scroll the event log back / forward"), "log_scroll", ((K.K_UP, K.KMOD_LCTRL),)),
    Control("End", "Back + →", N_("the event log's newest events"), "end", ((K.K_END, 0),)),
    Control("E", "Back + Y", N_("explain: the AI's last decision and its alternatives (toggle)"), "explain", ((K.K_e, 0),)),
    Control("I", "Back + X", N_("hint: what the normal AI would do in your place"), "hint", ((K.K_i, 0),)),
    Control("U / Ctrl+Z", "", N_("undo (back to the last dice roll)"), "undo", ((K.K_u, 0), (K.K_z, K.KMOD_LCTRL))),
    Control("Ctrl+S", "", N_("save"), "save", ((K.K_s, K.KMOD_LCTRL),)),
    Control("Ctrl+L", "", N_("load"), "load", ((K.K_l, K.KMOD_LCTRL),)),
    Control("M", "", N_("mute"), "mute", ((K.K_m, 0),)),
    Control("+ / -", "", N_("volume"), "volume", ((K.K_EQUALS, 0), (K.K_MINUS, 0))),
    Control("F11 / Alt+Enter", "", N_("fullscreen"), "fullscreen", ((K.K_F11, 0),)),
    Control("Esc", "Start / B", N_("menu, back, cancel"), "back", ((K.K_ESCAPE, 0),)),
    Control("F1 / H", "Back (tap)", N_("this reference"), "help", ((K.K_F1, 0), (K.K_h, 0))),
)


def plugin_offers(ui, needs: str) -> bool:
    """Does this game's plugin bind what a control needs?"""
    from .games.base import GameUI
    if needs == "cycle":
        return type(ui).actable_hexes is not GameUI.actable_hexes
    if needs == "zoc":
        return bool(ui.zoc_overlay)
    if needs == "threat":
        return not ui.threat_unsupported
    if needs == "overlay":
        return type(ui).toggle_overlay is not GameUI.toggle_overlay and bool(ui.overlay_hint)
    return True


def controls_for(ui) -> list[tuple[str, str, str, Control]]:
    """(keys, pad, what, control) for each control this game's plugin really uses."""
    out = []
    for c in CONTROLS:
        if not plugin_offers(ui, c.needs):
            continue
        what = _(c.what) if c.what else ""
        if c.intent == "zoc":           # in the game's own words (GameUI.zoc_control)
            what = _(ui.zoc_control)
        if c.intent == "overlay":       # the plugin's own L overlay, named by its key hint ("L: supply line")
            toggle = _("(toggle)")
            what = re.split("[:：]", _(ui.overlay_hint), maxsplit=1)[-1].strip() + ("" if toggle[:1] == "（" else " ") + toggle
        out.append((c.keys, c.pad, what, c))
    return out


# -- the whole reference ----------------------------------------------------------------------
def reference(game, ui) -> list[Section]:
    """The sections of ``game``'s reference, in order (how to win first), in the interface
    language: the prose from ``rules/<lang>/<game>.json`` where it has the key (see
    game/client/prose.py), else the English."""
    data = game_data(game)
    spec = rules_file(game.game_id)
    trans = prose.translation(game.game_id)
    out: list[Section] = []
    for s in spec["sections"]:
        sid = s["id"]
        sec = Section(sid, fill(prose.text(trans, f"{sid}.title", s["title"]), data))
        n = 0

        def say(english: str) -> str:
            nonlocal n
            n += 1
            return fill(prose.text(trans, f"{sid}.{n}", english), data)
        for b in s["blocks"]:
            if "table" in b:
                sec.blocks.append(("table", table(game, b["table"], data)))
            elif "li" in b:
                for x in b["li"]:
                    sec.blocks.append(("li", say(x)))
            elif "h" in b:
                sec.blocks.append(("h", say(b["h"])))
            else:
                sec.blocks.append(("p", say(b["p"])))
        out.append(sec)
    rs = Section("rulings", _("Rulings"))
    rs.blocks.append(("p", _("Where the rulebook is silent or unclear, this is how the game reads it.")))
    for head, text in rulings(data, trans):
        rs.blocks.append(("h", head))
        rs.blocks.append(("p", text))
    out.append(rs)
    cs = Section("controls", _("Controls"))
    cs.blocks.append(("table", Table(N_("Keys, mouse and gamepad"), [N_("Keys / mouse"), N_("Gamepad"), N_("What")],
                                     [[k, p, w] for k, p, w, _c in controls_for(ui)])))
    for i, x in enumerate(spec.get("controls", []), 1):
        cs.blocks.append(("li", fill(prose.text(trans, f"controls.{i}", x), data)))
    out.append(cs)
    return out


def game_name(game_id: str) -> str:
    """The game's title and its title in the original script, as its spec writes them."""
    from game.core.spec import lookup
    spec = lookup(game_id)
    if spec is None:
        return game_id
    return f"{spec.title}  {spec.local}" if spec.local and spec.local != spec.title else spec.title


# -- the view -------------------------------------------------------------------------------
@dataclass
class _Item:
    y: int
    h: int
    surf: pygame.Surface
    x: int = 0


class RulesView:
    """A game's reference laid out for a panel width: one tall list of rendered items."""

    def __init__(self, sections: list[Section], assets, width: int, scale: float = 1.0):
        self.sections = sections
        self.items: list[_Item] = []
        self.starts: list[int] = []         # each section's top
        self.width = width
        s = scale
        self.body = max(14, int(18 * s))
        y = 0
        for sec in sections:
            self.starts.append(y)
            img = assets.text(sec.title, max(18, int(30 * s)), ACCENT, bold=True, wrap=width)
            self.items.append(_Item(y, img.get_height(), img))
            y += img.get_height() + int(10 * s)
            for kind, b in sec.blocks:
                if kind == "table":
                    img = self._table(b, assets, width, s)
                    self.items.append(_Item(y, img.get_height(), img))
                    y += img.get_height() + int(14 * s)
                elif kind == "h":
                    img = assets.text(b, max(14, int(19 * s)), FOCUS, bold=True, wrap=width)
                    self.items.append(_Item(y, img.get_height(), img))
                    y += img.get_height() + 2
                elif kind == "li":
                    ind = int(22 * s)
                    dot = assets.text("•", self.body, ACCENT)
                    img = assets.text(b, self.body, TEXT, wrap=width - ind)
                    self.items.append(_Item(y, dot.get_height(), dot, int(6 * s)))
                    self.items.append(_Item(y, img.get_height(), img, ind))
                    y += img.get_height() + int(5 * s)
                else:
                    img = assets.text(b, self.body, TEXT, wrap=width)
                    self.items.append(_Item(y, img.get_height(), img))
                    y += img.get_height() + int(9 * s)
            y += int(26 * s)
        self.height = y

    def _table(self, t: Table, assets, width: int, s: float) -> pygame.Surface:
        """A table drawn as a grid: caption, header row, rows; columns as wide as their text
        needs, the widest wrapped when the whole does not fit."""
        size = max(13, int(16 * s))
        pad = int(6 * s) + 2
        cols = len(t.header)
        rows = [[_(h) for h in t.header]] + [[str(c) for c in r] + [""] * (cols - len(r)) for r in t.rows]
        font, bold = assets.font(size), assets.font(size, True)
        natural = [max([bold.size(rows[0][i])[0]] + [font.size(r[i])[0] for r in rows[1:]]) + 2 * pad + 2
                   for i in range(cols)]
        widths = list(natural)
        while sum(widths) > width:        # shrink the widest column until it fits
            i = max(range(cols), key=lambda j: widths[j])
            others = sum(widths) - widths[i]
            widths[i] = max(int(60 * s), width - others) if width - others < widths[i] else widths[i]
            if sum(widths) > width:
                widths = [max(int(40 * s), int(w * width / sum(widths))) for w in widths]
                break
        cells: list[list[pygame.Surface]] = []
        heights: list[int] = []
        for ri, r in enumerate(rows):
            imgs = [assets.text(r[i], size, ACCENT if ri == 0 else TEXT, bold=ri == 0, wrap=max(10, widths[i] - 2 * pad))
                    for i in range(cols)]
            cells.append(imgs)
            heights.append(max(im.get_height() for im in imgs) + pad)
        cap = assets.text(_(t.caption), max(14, int(19 * s)), FOCUS, bold=True, wrap=width)
        note = assets.text(t.note, max(12, int(14 * s)), DIM, wrap=width) if t.note else None
        tw = sum(widths)
        th = cap.get_height() + 4 + sum(heights) + (note.get_height() + 6 if note else 0) + 2
        out = pygame.Surface((max(tw, cap.get_width(), note.get_width() if note else 0) + 2, th), pygame.SRCALPHA)
        out.blit(cap, (0, 0))
        y = cap.get_height() + 4
        for ri, imgs in enumerate(cells):
            bg = (58, 66, 86, 255) if ri == 0 else ((40, 46, 60, 255) if ri % 2 else (34, 40, 52, 255))
            pygame.draw.rect(out, bg, (0, y, tw, heights[ri]))
            x = 0
            for i, im in enumerate(imgs):
                out.blit(im, (x + pad, y + pad // 2))
                x += widths[i]
                pygame.draw.line(out, BORDER, (x - 1, y), (x - 1, y + heights[ri] - 1))
            y += heights[ri]
        pygame.draw.rect(out, BORDER, (0, cap.get_height() + 4, tw, y - cap.get_height() - 4), 1)
        if note:
            out.blit(note, (0, y + 6))
        return out


class RulesOverlay:
    """The scrollable reference over the board (or any scene): a section index on the left,
    the sections on the right, wrapped to the window's width."""
    done = False
    LINE = 40

    def __init__(self, game, ui, title: str = ""):
        self.game = game
        self.ui = ui
        self._title = title
        self.lang = language()
        self.sections = reference(game, ui)
        self.scroll = 0
        self.view: RulesView | None = None
        self._layout_key = None
        self.index_rects: list[pygame.Rect] = []
        self.body = pygame.Rect(0, 0, 1, 1)
        self.hover: int | None = None

    # -- layout --------------------------------------------------------------------------
    @property
    def title(self) -> str:
        return self._title or _("Rules & controls")

    def layout(self, size: tuple[int, int], assets) -> None:
        """Lay the reference out for the window (again when its size or the interface
        language changed: a change of language in the settings shows at once)."""
        keep = None
        if language() != self.lang:         # the same section, in the new words
            keep = self.current()
            self.lang = language()
            self.sections = reference(self.game, self.ui)
            self.view = None
        if self._layout_key == size and self.view is not None:
            return
        w, h = size
        self._layout_key = size
        place = self._place() if self.view is not None else None   # (a resize: the same place, rewrapped)
        s = max(0.8, min(1.5, h / 720))
        mx, my = max(16, w // 40), max(12, h // 36)
        self.frame = pygame.Rect(mx, my, w - 2 * mx, h - 2 * my)
        self.scale = s
        head = int(56 * s)
        foot = int(30 * s)
        iw = max(150, min(int(w * 0.2), 300))
        self.index_area = pygame.Rect(self.frame.x + 16, self.frame.y + head, iw, self.frame.height - head - foot)
        bx = self.index_area.right + 20
        self.body = pygame.Rect(bx, self.frame.y + head, self.frame.right - bx - 30, self.frame.height - head - foot)
        self.view = RulesView(self.sections, assets, self.body.width, s)
        rh = max(26, int(34 * s))
        self.index_rects = [pygame.Rect(self.index_area.x, self.index_area.y + i * (rh + 4), iw, rh)
                            for i in range(len(self.sections))]
        if place is not None:
            i, f = place
            a, b = self._span(i)
            self.scroll = round(a + f * (b - a))
        self.scroll = min(self.scroll, self.max_scroll)
        if keep is not None:
            self.jump(keep)

    def _span(self, i: int) -> tuple[int, int]:
        """Section ``i``'s top and bottom (content pixels)."""
        starts = list(self.view.starts) + [self.view.height]
        return starts[i], starts[i + 1]

    def _place(self) -> tuple[int, float]:
        """Where the reader is: the section at the top, and how far into it (0..1)."""
        i = self.current()
        a, b = self._span(i)
        return i, (self.scroll - a) / max(1, b - a)

    @property
    def max_scroll(self) -> int:
        return max(0, self.view.height - self.body.height) if self.view else 0

    def scroll_to(self, y: int) -> None:
        self.scroll = max(0, min(self.max_scroll, int(y)))

    def current(self) -> int:
        """The section at the top of the body."""
        if not self.view:
            return 0
        i = 0
        for j, y in enumerate(self.view.starts):
            if y <= self.scroll + 4:
                i = j
        return i

    def jump(self, i: int) -> None:
        if self.view and 0 <= i < len(self.sections):
            self.scroll_to(self.view.starts[i])

    def step_section(self, d: int) -> None:
        """Next section; back: to the start of this one, or the one before when already there."""
        cur = self.current()
        if d < 0 and self.view and self.scroll > self.view.starts[cur] + 4:
            self.jump(cur)
        else:
            self.jump(cur + (1 if d > 0 else -1))

    def section_index(self, sid: str) -> int:
        return [s.id for s in self.sections].index(sid)

    def visible(self) -> tuple[int, int]:
        """The part of the reference on screen (content pixels, top and bottom)."""
        return self.scroll, self.scroll + self.body.height

    # -- input ----------------------------------------------------------------------------
    def handle(self, it: Intent) -> None:
        n = it.name
        page = max(self.LINE, self.body.height - self.LINE)
        if n in ("back", "help", "menu"):
            self.done = True
        elif n == "cursor" and it.dy:
            self.scroll_to(self.scroll + it.dy * self.LINE)
        elif n == "cursor" and it.dx:
            self.step_section(it.dx)
        elif n == "zoom":       # wheel: three lines a notch; PgUp/PgDn: a page
            self.scroll_to(self.scroll - it.dy * (3 * self.LINE if it.source == "mouse" else page))
        elif n == "cycle":
            self.step_section(it.dx)
        elif n == "drag":       # right or middle drag: the page follows the pointer
            self.scroll_to(self.scroll - it.dy)
        elif n == "home":
            self.scroll_to(0)
        elif n == "end":
            self.scroll_to(self.max_scroll)
        elif n == "any" and it.char.isdigit() and it.char != "0":
            self.jump(int(it.char) - 1)
        elif n == "point" and it.pos:
            self.hover = next((i for i, r in enumerate(self.index_rects) if r.collidepoint(it.pos)), None)
        elif n == "press" and it.button == 1 and it.pos:
            for i, r in enumerate(self.index_rects):
                if r.collidepoint(it.pos):
                    self.jump(i)
                    return

    def update(self, dt: float) -> None:
        pass

    # -- drawing ----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface, assets) -> None:
        self.layout(surf.get_size(), assets)
        veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        veil.fill((6, 8, 12, 190))
        surf.blit(veil, (0, 0))
        s = self.scale
        panel(surf, self.frame, alpha=248)
        title = f"{self.title} — {game_name(self.game.game_id)}"
        surf.blit(fit_text(assets, title, int(32 * s), self.frame.width - 40, ACCENT, bold=True),
                  (self.frame.x + 20, self.frame.y + int(12 * s)))
        cur = self.current()
        for i, (sec, r) in enumerate(zip(self.sections, self.index_rects)):
            if r.bottom > self.index_area.bottom:
                break
            on = i == cur
            pygame.draw.rect(surf, PANEL_HI if on or i == self.hover else (36, 42, 56), r, border_radius=8)
            if on:
                pygame.draw.rect(surf, FOCUS, r, 2, border_radius=8)
            label = f"{i + 1}  {sec.title}" if i < 9 else f"    {sec.title}"
            img = fit_text(assets, label, int(18 * s), r.width - 16, FOCUS if on else TEXT, bold=on)
            surf.blit(img, img.get_rect(midleft=(r.x + 8, r.centery)))
        # the body, clipped
        clip = surf.get_clip()
        surf.set_clip(self.body)
        top, bottom = self.visible()
        for it in self.view.items:
            if it.y + it.h < top or it.y > bottom:
                continue
            surf.blit(it.surf, (self.body.x + it.x, self.body.y + it.y - self.scroll))
        surf.set_clip(clip)
        # the scroll bar
        if self.max_scroll:
            bar = pygame.Rect(self.body.right + 10, self.body.y, 8, self.body.height)
            pygame.draw.rect(surf, (40, 46, 60), bar, border_radius=4)
            hgt = max(24, int(bar.height * self.body.height / self.view.height))
            y = bar.y + int((bar.height - hgt) * self.scroll / self.max_scroll)
            pygame.draw.rect(surf, BORDER, (bar.x, y, bar.width, hgt), border_radius=4)
        hint = _("↑/↓ wheel PgUp/PgDn: scroll    ←/→ Tab LB/RB 1–9 click: sections    Home/End    Esc / B: close")
        blit_center(surf, fit_text(assets, hint, int(16 * s), self.frame.width - 40, DIM),
                    (self.frame.centerx, self.frame.bottom - int(16 * s)))
