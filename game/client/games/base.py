"""The interface a game's UI plugin offers the board scene.

The board scene (scenes/board.py) owns the camera, panels, animation queue,
input and AI pacing; the plugin knows the game: how to draw its counters and
markers, what a click on a hex means (always an action taken from
``legal_actions()``), which buttons the current decision needs, what to say
about a hovered hex, and how each event changes what is shown.

Everything here is a default that does little, so an unfinished game still
shows its board.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pygame

from game.core.actions import Action
from game.core.picks import CELL, UNIT, is_button, is_main
from game.core.text import Msg

from ..i18n import N_, tr
from ..interaction import Picker
from ..widgets import round_rect, stamp

#: the sides' names in the games' data (data.json "sides"), translated where shown
SIDE_NAMES = (N_("Japan"), N_("Soviet Union"), N_("Israel"), N_("Egypt"), N_("Qing"))


@dataclass
class Choice:
    """A context button built from a legal action."""
    label: str
    action: Action | None
    primary: bool = False
    enabled: bool = True
    reason: str = ""


@dataclass
class ClickResult:
    action: Action | None = None    # submit this
    handled: bool = False           # selection changed (no action)
    error: str = ""                 # illegal click: say why


class GameUI:
    #: the map toggles this game has, as shown in the key hints: Z (enemy ZOC), L (overlay)
    zoc_overlay: bool = True
    overlay_hint: str = ""
    #: how the Z hint and the reference's controls name the ZOC (a game whose rulebook has its own
    #: word gives its own msgids, so each language can use that game's term: docs/i18n.md, Terms)
    zoc_hint: str = N_("Z: enemy ZOC")
    zoc_control: str = N_("enemy zones of control (toggle)")

    # helpers shared by game modules: choices come only from the legal actions
    def _legal(self) -> list:
        return self.game.legal_actions() if self.game.pending() else []

    def _kind(self) -> str | None:
        d = self.game.pending()
        return d.kind if d else None

    def _units_with(self, cls) -> list[str]:
        """Units named by legal actions of type ``cls`` (as unit, attacker or target), in order."""
        seen: list[str] = []
        for a in self._legal():
            if isinstance(a, cls):
                k = getattr(a, "unit", None) or getattr(a, "attacker", None) or getattr(a, "target", None)
                if k and k not in seen:
                    seen.append(k)
        return seen

    # lighting hexes for the choices (targets()): the same few patterns in every hex game
    def _mark_units(self, out: dict[str, str], keys, label: str, keep: bool = False) -> None:
        """Light the hexes of these units (``keep``: leave hexes already lit as they are)."""
        for k in keys:
            h = self.unit_hex(k)
            if h:
                if keep:
                    out.setdefault(h, label)
                else:
                    out[h] = label

    def _mark_named(self, out: dict[str, str], cls, field: str, label: str, when=None) -> None:
        """Light the hex of the unit named by ``field`` of each legal action of type ``cls``."""
        self._mark_units(out, [getattr(a, field) for a in self._legal()
                               if isinstance(a, cls) and (when is None or when(a))], label)

    def _mark_dest(self, out: dict[str, str], cls, label: str, unit: str | None = None, field: str = "to",
                   keep: bool = False) -> None:
        """Light where legal actions of type ``cls`` lead (``field``), for ``unit`` or for every unit."""
        for a in self._legal():
            if isinstance(a, cls) and (unit is None or a.unit == unit):
                if keep:
                    out.setdefault(getattr(a, field), label)
                else:
                    out[getattr(a, field)] = label

    def __init__(self, game, assets):
        self.game = game
        self.assets = assets
        self.selected: str | None = None
        self.moving: dict[str, tuple[float, float]] = {}     # unit -> map pixel position (animation)
        self.flash: dict[str, float] = {}                    # unit -> strength 0..1
        self.hidden: set[str] = set()                        # units not drawn (appearing/eliminated)
        self.viewer: str | None = None      # the seat looking at the screen now (None: nobody's secrets show)
        self.single_viewer = True           # False in hotseat: then no secret may stay on screen (log lines)
        self.pointer: tuple[int, int] | None = None   # the mouse on screen (for hovers over a UI's own bands)

    # The plugin's own panels at the top of the map area, so that the demo's "which
    # game" pill goes beside or below them: a band across the top this high, a
    # panel in the top-left corner this wide.
    top_band = 0
    top_left = 0

    # identity -------------------------------------------------------------------
    def side_colour(self, seat: str) -> tuple[int, int, int]:
        return (200, 200, 200)

    def side_name(self, seat: str) -> str:
        return seat

    def lab(self, key: str) -> str:
        """A unit (or piece, general ...) by the name the board shows it by."""
        return key

    def action_text(self, action: Action) -> str:
        """An action in the player's words (the AI explanation's and the hint's list): its
        label, translated, with each unit it names by the name the board shows it by."""
        text = action.label()
        if isinstance(text, Msg) and text.values:
            text = Msg(text.template, **{k: self._shown_value(v) for k, v in text.values.items()})
        return tr(text)

    def _shown_value(self, v):
        if isinstance(v, str) and not isinstance(v, Msg):
            key = getattr(v, "english", str(v))
            shown = self.lab(key)
            if shown != key:
                return shown
        return v

    # display model ----------------------------------------------------------------
    def sync(self) -> None:
        """Reset what is shown to the game's current state."""
        self.moving.clear()
        self.flash.clear()
        self.hidden.clear()

    def event_shown(self, ev) -> None:
        """An event's animation has finished: update what is shown."""

    @staticmethod
    def thumbnail(view) -> bool:
        """Is this view a picture of the map (the game select screen, a title card)? Then only
        the map and the pieces are drawn, no panels or badges. A view marked ``picture``
        (the game select screen's and the demo's title card's map) is one at any size."""
        return view.picture or view.area.width < 400

    def start_view(self, view) -> None:
        """Set the camera when the board opens (default: the whole map fitted)."""

    def slide_for(self, ev) -> tuple[str, list[tuple[float, float]]] | None:
        """(piece, map-pixel points) if ``ev`` moves a piece that should slide there,
        else None. Hex games: a unit moving, retreating or advancing along its path."""
        if ev.kind not in ("UnitMoved", "UnitRetreated", "UnitAdvanced"):
            return None
        d = ev.data
        cells = self.game.board.cells
        path = list(d.get("path") or (d.get("frm"), d.get("to")))
        return d.get("unit"), [cells[h].center for h in path if h in cells]

    def unit_hex(self, key: str) -> str | None:
        return None

    def unit_at(self, hex_: str | None) -> str | None:
        return None

    def auto_select(self) -> None:
        pass

    def select_at(self, hex_: str) -> None:
        pass

    # hidden information ------------------------------------------------------------
    def log_text(self, ev) -> str:
        """The log line for an event as ``viewer`` may read it."""
        return tr(ev.text)

    def recap_lines(self, events) -> list[str]:
        """Hotseat: what happened since a seat last looked, as lines anyone may read
        (shown on the pass-the-device screen)."""
        return [tr(e.text) for e in events if e.kind != "DiceRolled" and not e.data.get("private_to")]

    def private_decision(self) -> bool:
        """Hotseat with hidden information: does the decision now show the seat's
        secrets (so the device must be passed first)?"""
        return True

    def dice_for(self, ev) -> dict[str, Any] | None:
        """A dice panel for a game's own roll event: {"heading", "rows": [(label, rolls, n, hits_on)],
        "result", "duration"}; None for the scene's default handling."""
        return None

    def click_at(self, pos, view) -> ClickResult | None:
        """A click on a panel the game draws over the map; None when it is not on one."""
        return None

    def panel_rects(self, view) -> list[pygame.Rect]:
        """Where the game draws panels over the map (a hand of cards, a chooser, a box): they own
        the pointer, so no cell beneath them is hovered or clicked."""
        return []

    def covers(self, pos, view) -> bool:
        """Is ``pos`` on one of the game's panels over the map (:meth:`panel_rects`)?"""
        return any(r.collidepoint(pos) for r in self.panel_rects(view))

    def focus_rects(self) -> list[pygame.Rect]:
        """Where on the panels the game drew over the map a click acts (its cards, a confirm
        box), in the order the pad's focus ring steps through them (game.client.padfocus);
        :meth:`click_at` at a rect's centre is what pressing it does."""
        return []

    # drawing -------------------------------------------------------------------
    def decorate_static(self, surf: pygame.Surface, view, z: float) -> None:
        pass

    def draw_under(self, surf: pygame.Surface, view, now: float) -> None:
        """Drawn over the static map, under the lit hexes and counters (a night tint ...)."""

    # place names on the map, kept clear of the counters ---------------------------------
    def map_labels(self, view) -> list[tuple[pygame.Surface, tuple[float, float]]]:
        """The map's place names a game draws over its static map, clear of the counters:
        (image, the screen centre the map gives it). Default: none."""
        return []

    def counter_rects(self, view) -> list[pygame.Rect]:
        """Screen rects of the counters / stacks as drawn now (the place names keep clear)."""
        return []

    def label_rects(self, view) -> list[pygame.Rect]:
        """Where the place names are drawn now (screen rects, in map_labels' order)."""
        labels = self.map_labels(view)
        return place_labels([img.get_rect(center=(round(x), round(y))) for img, (x, y) in labels],
                            self.counter_rects(view), view.area)

    def draw_labels(self, surf: pygame.Surface, view) -> None:
        if self.thumbnail(view):
            return
        labels = self.map_labels(view)
        for (img, _c), r in zip(labels, self.label_rects(view)):
            surf.blit(img, r)

    def under_key(self):
        """What ``draw_under`` shows depends on (hashable; the board keeps its picture
        until this changes); None: it changes every frame, draw it each time. A game
        that overrides ``draw_under`` overrides this too."""
        return None if type(self).draw_under is not GameUI.draw_under else ()

    def draw(self, surf: pygame.Surface, view, now: float) -> None:
        pass

    #: True while the board draws its still picture: ``draw`` then leaves out the pieces on
    #: their way (``moving``); the board draws them over that picture with ``draw_moving``
    still_only = False

    def draw_moving(self, surf: pygame.Surface, view, now: float) -> bool:
        """Only the pieces on their way (``moving``), as ``draw`` shows them. ``draw`` calls
        it where it draws them, unless ``still_only``. False: this game cannot draw them
        apart (the board then draws the whole map again wherever they move)."""
        return False

    # what ``draw`` shows changes only with the display model (the game, ``selected``,
    # ``viewer``, ``hidden``, ``flash``, which pieces move), input, the blink's phase and
    # ``draw_key``; a piece sliding changes only ``moving_rects``: the board then redraws
    # only there (game.client.scenes.board, "dirty rectangles")
    def draw_key(self) -> Any:
        """What ``draw`` shows that follows the pointer (the card under it, enlarged ...)."""
        return self.hover_key()

    def moving_rects(self, view) -> list[pygame.Rect]:
        """Screen rects that hold all ``draw`` shows of the pieces on their way (``moving``):
        shadows, rings and badges included. Default: a square 1.3 hexes wide (and 24 px)
        round each; a game whose moving pieces are larger says so."""
        side = int(view.hex_size() * 1.3) + 24
        out = []
        for p in self.moving.values():
            x, y = view.to_screen(*p)
            r = pygame.Rect(0, 0, side, side)
            r.center = (round(x), round(y))
            out.append(r)
        return out

    def draw_preview(self, surf: pygame.Surface, rect: pygame.Rect, pv: dict[str, Any]) -> bool:
        """Draw the game's own odds preview in the side panel; False: the scene's default panel."""
        return False

    def toggle_overlay(self) -> str:
        """Key L: switch the game's map overlay (line of communication ...); the toast text, '' if none."""
        return ""

    def status(self) -> list[tuple[str, str]]:
        return []

    def hover_key(self) -> Any:
        """What the side panel's details depend on besides the hovered hex (e.g. the
        card under the pointer); the board redraws the details when it changes."""
        return None

    def hover_lines(self, hex_: str | None) -> list[str]:
        return [hex_] if hex_ else []

    # interaction ---------------------------------------------------------------
    def targets(self) -> dict[str, str]:
        """hex -> kind ("move", "attack", "retreat", "advance", "resolve", "select") to light up."""
        return {}

    def blinking(self) -> set[str]:
        return set()

    def arrows(self) -> list[tuple[str, str]]:
        return []

    def click(self, hex_: str | None) -> ClickResult:
        return ClickResult()

    def choices(self) -> list[Choice]:
        return []

    def main_action(self) -> Action | None:
        for c in self.choices():
            if c.primary and c.enabled:
                return c.action
        return None

    def actable_hexes(self) -> list[str]:
        """Hexes of units that can act now (Tab cycles through them)."""
        return []

    def preview(self, hover: str | None) -> dict[str, Any] | None:
        """Combat odds preview for the hovered / selected pairing."""
        return None

    # the threat view (key T): see game.client.threat ------------------------------------
    #: why a game has no threat view (the toast); "" when it has one
    threat_unsupported: str = N_("No threat view in this game")
    #: the threat view's rings and odds drawn over the counters (False: under them, for a
    #: game whose own panels lie over the map, e.g. a hand of cards)
    threat_over_counters: bool = True

    def threats(self, seat: str) -> dict | None:
        """cell -> :class:`game.client.threat.Threat`: where the enemies of ``seat`` could
        attack its units after their next move, with the best odds they could bring,
        worked out from ``self.game.view_for(seat)`` only; None: no threat view here."""
        return None

    def describe_overlay(self) -> set[str]:
        """Hexes for the ZOC overlay."""
        return set()

    #: fields of an action that say where it acts, looked at first (the rest: the units it names)
    WHERE_FIELDS = ("to", "hex", "area", "at", "dest", "defender", "target")

    def action_cells(self, action: Action) -> list[str]:
        """The board cells an action is about, where it acts first: the explain toggle and the
        hint light these. Default: every field of the action that names a cell, or a unit
        (its cell), the fields in WHERE_FIELDS first; a game may override it."""
        from dataclasses import fields, is_dataclass
        if not is_dataclass(action):
            return []
        cells = getattr(getattr(self.game, "board", None), "cells", {})
        names = [f.name for f in fields(action)]
        names.sort(key=lambda n: (n not in self.WHERE_FIELDS, self.WHERE_FIELDS.index(n)
                                  if n in self.WHERE_FIELDS else 0))
        out: list[str] = []
        for n in names:
            v = getattr(action, n)
            for x in (v if isinstance(v, tuple) else (v,)):
                if not isinstance(x, str):
                    continue
                c = x if x in cells else self.unit_hex(x)
                if c and c in cells and c not in out:
                    out.append(c)
        return out


#: how a unit is chosen at once when a decision comes (PickingUI.AUTO_SELECT)
LONE, FIRST = "lone", "first"


class PickingUI(GameUI):
    """A game interface whose clicks, lit cells, buttons and selection come from the one
    interaction layer (game.client.interaction), built from the picks its actions
    declare (game.core.picks). The game keeps what is its own: ``button_label`` (a
    button's words), ``refusal`` (why a click does nothing), ``AUTO_SELECT`` (decision
    kinds whose unit is chosen at once), and its drawing and hover texts."""

    #: decision kind -> which unit is chosen at once when the decision comes: LONE (the only one
    #: that may act, if only one may), FIRST (the first of them); other kinds: none
    AUTO_SELECT: dict[str, str] = {}

    @property
    def picker(self) -> Picker:
        p = self.__dict__.get("_picker")
        if p is None:
            p = self.__dict__["_picker"] = Picker(self._pick_cell, self.units_in_cell)
        legal = self._legal()
        if legal != p.legal:
            p.update(legal, tuple(legal))
        return p

    def _pick_cell(self, value, what: str) -> str | None:
        return value if what == CELL else self.unit_hex(value) if what == UNIT else None

    def units_in_cell(self, cell: str) -> list[str]:
        """The units standing in ``cell`` (a click on it picks among them)."""
        u = self.unit_at(cell)
        return [u] if u else []

    # the interaction the board asks of every game ----------------------------------------
    def auto_select(self) -> None:
        p = self.picker
        if self.selected is None:
            p.clear()
        elif self.selected != p.selected and not p.select(self.selected):
            p.clear()
        how = self.AUTO_SELECT.get(self._kind())
        if how is not None:
            p.auto_select(first=how == FIRST)
        self.selected = p.selected

    def targets(self) -> dict[str, str]:
        return self.picker.targets()

    def actable_hexes(self) -> list[str]:
        return self.picker.actable_cells()

    def select_at(self, hex_: str) -> None:
        for u in self.units_in_cell(hex_):
            if self.picker.select(u):
                self.selected = u
                return

    def click(self, hex_: str | None) -> ClickResult:
        p = self.picker
        before = p.path
        out = p.click(hex_)
        self.selected = p.selected
        if out.action is not None:
            return ClickResult(action=out.action)
        if out.handled:
            return ClickResult(handled=True)
        p.path = before
        self.selected = p.selected
        return ClickResult(error=self.refusal(hex_) or "")

    def refusal(self, hex_: str | None) -> str:
        """Why a click on ``hex_`` does nothing now ("" to say nothing but the error sound)."""
        return ""

    def thing_at(self, pos, view) -> tuple[Any, str] | None:
        """(value, what) of a pickable thing the game draws over the map at screen ``pos``: a
        card (CARD), a general in a box (UNIT) ...; None where it draws none."""
        return None

    def click_at(self, pos, view) -> ClickResult | None:
        """A click on a thing the game draws over the map (``thing_at``): the pick it makes, or
        why not; None when nothing of the game's is there (the board then asks the map)."""
        hit = self.thing_at(pos, view)
        if hit is None:
            return None
        out = self.picker.pick(*hit)
        self.selected = self.picker.selected
        if out is None:
            return ClickResult(error=self.refusal_of(hit[0]) or "")
        return ClickResult(action=out.action, handled=out.handled)

    def refusal_of(self, value) -> str:
        """Why a click on a card (or another thing drawn over the map) does nothing now."""
        return ""

    def button_label(self, action: Action) -> str:
        """A button's words (default: the action as the log says it)."""
        return self.action_text(action)

    def choices(self) -> list[Choice]:
        """The buttons: every legal action declared a button or the main one, in the order
        listed (the first main one primary); the phase's main action, when it is not legal
        now, disabled with the rules' reason."""
        out: list[Choice] = []
        primary = False
        for a in self.picker.legal:
            t = type(a)
            main = is_main(t)
            if main or is_button(t):
                out.append(Choice(self.button_label(a), a, primary=main and not primary))
                primary = primary or main
        if not primary and hasattr(self.game, "main_action"):
            a, reason = self.game.main_action()
            if a is not None and reason:
                out.append(Choice(self.button_label(a), a, primary=True, enabled=False, reason=tr(reason)))
        return out


def blit_counter(surf, img, center, size: int, now: float, selected: bool, blinking: bool,
                 flash: float, lifted: bool = False) -> None:
    """Draw a counter image with its drop shadow, selection ring, blink (a unit
    that must act) and hit flash (``flash`` fades from 1 to 0)."""
    x, y = center
    off = 5 if lifted else 3
    shadow = pygame.Rect(0, 0, size, size)
    shadow.center = (x + off, y + off)
    round_rect(surf, (0, 0, 0), shadow, max(3, size // 10))
    r = surf.blit(img, img.get_rect(center=(x, y)))
    if selected:
        round_rect(surf, (255, 240, 90), r.inflate(8, 8), max(4, size // 8), 4)
    if blinking and int(now * 4) % 2 == 0:
        round_rect(surf, (255, 70, 50), r.inflate(10, 10), max(4, size // 8), 5)
    if flash > 0:
        surf.blit(stamp(r.size, (255, 60 + int(120 * (1 - flash)), 40, int(200 * flash))), r.topleft)
        round_rect(surf, (255, 230, 120), r.inflate(14, 14), max(4, size // 8), 4)


def place_labels(labels: list[pygame.Rect], blocked: list[pygame.Rect],
                 bounds: pygame.Rect | None = None) -> list[pygame.Rect]:
    """Where to put each label (a rect at the place the map gives it) so that it covers
    none of ``blocked`` (the counters) nor a label placed before it: there if it is
    free, else just above, below, left or right of what it would cover (the nearest
    free one, two steps at most), else where it was."""
    placed: list[pygame.Rect] = []

    def free(c: pygame.Rect) -> bool:
        return (c.collidelist(blocked) < 0 and c.collidelist(placed) < 0
                and (bounds is None or bounds.contains(c)))

    for home in labels:
        if bounds is not None and bounds.colliderect(home) and not bounds.contains(home):
            home = home.clamp(bounds)           # a name cut by the map's edge slides inside
        best, frontier = None, [home]
        for _step in range(3):
            ok = [c for c in frontier if free(c)]
            if ok:
                best = min(ok, key=lambda c: (c.centerx - home.centerx) ** 2 + (c.centery - home.centery) ** 2)
                break
            nxt = []
            for c in frontier:
                hits = [blocked[i] for i in c.collidelistall(blocked)] + [placed[i] for i in c.collidelistall(placed)]
                if not hits:
                    continue
                u = hits[0].unionall(hits[1:])
                for side in ("above", "below", "left", "right"):
                    r = c.copy()
                    if side == "above":
                        r.bottom = u.top - 1
                    elif side == "below":
                        r.top = u.bottom + 1
                    elif side == "left":
                        r.right = u.left - 1
                    else:
                        r.left = u.right + 1
                    nxt.append(r)
            frontier = nxt[:24]
        placed.append(best or home)
    return placed


class HexUnitsUI(GameUI):
    """The display model every hex-and-counter game's plugin keeps (Across Suez, 日清戰爭):
    the public state, ``disp`` (each unit's shown place, following the animations),
    counters stacked a little up and right in their hex, and the map's place names
    kept clear of them (drawn under the counters, each moved beside its stack when a
    stack would cover it)."""

    CELL = "hex"                    #: the field of a public-state unit that names its cell
    MOVES = ("UnitMoved", "UnitRetreated", "UnitAdvanced")      #: events that move a unit to ``to``
    STACK_STEP = 0.18               #: a stacked counter's offset, in counter sizes

    def sync(self) -> None:
        super().sync()
        st = self.game.public_state()
        self._state = st
        self._state_key = (len(self.game.history), len(self.game.events))
        self.disp = {u["key"]: dict(u) for u in st["units"]}
        self.state_changed()

    def state_changed(self) -> None:
        """The public state was read again (a game drops what it derived from it)."""

    @property
    def state(self) -> dict[str, Any]:
        """The game's public state now (the counters' places follow the animations in ``disp``)."""
        key = (len(self.game.history), len(self.game.events))
        if key != self._state_key:
            self._state = self.game.public_state()
            self._state_key = key
            self.state_changed()
        return self._state

    def unit_hex(self, key: str) -> str | None:
        u = self.disp.get(key)
        return u[self.CELL] if u else None

    def units_in(self, cell: str | None) -> list[str]:
        return [k for k, u in self.disp.items() if cell is not None and u[self.CELL] == cell]

    def event_shown(self, ev) -> None:
        u = self.disp.get(ev.data.get("unit"))
        if u is None:
            return
        if ev.kind in self.MOVES:
            u[self.CELL] = ev.data["to"]
        else:
            self.unit_shown(ev.kind, ev.data, u)

    def unit_shown(self, kind: str, d: dict, u: dict) -> None:
        """What an event other than a move changes of the unit ``u`` shown."""

    # the counters on the map ---------------------------------------------------------------
    def shown_stacks(self, view) -> dict[str, list[str]]:
        """cell -> the units drawn in it (not hidden, not on their way), in drawing order."""
        out: dict[str, list[str]] = {}
        for key, u in self.disp.items():
            c = u[self.CELL]
            if key in self.hidden or key in self.moving or not c or c not in view.board.cells:
                continue
            out.setdefault(c, []).append(key)
        return out

    def stack_centres(self, view, cell: str, keys: list[str], size: int) -> list[tuple[float, float]]:
        """Screen centres of the counters of a stack in ``cell`` (a game may lay out some cells its own way)."""
        cx, cy = view.hex_center(cell)
        return [(cx + i * size * self.STACK_STEP, cy - i * size * self.STACK_STEP) for i in range(len(keys))]

    def counter_size(self, view) -> int:
        return max(14, int(view.hex_size() * 0.7))

    def counter_rects(self, view) -> list[pygame.Rect]:
        """Screen rects of the counters as drawn now, their shadows included (the labels keep clear)."""
        size = self.counter_size(view)
        out = []
        for cell, keys in self.shown_stacks(view).items():
            for x, y in self.stack_centres(view, cell, self.stack_order(keys), size):
                r = pygame.Rect(0, 0, size + 4, size + 4)
                r.center = (round(x) + 1, round(y) + 1)
                out.append(r)
        return out

    def stack_order(self, keys: list[str]) -> list[str]:
        return keys

    def labels_key(self):
        """What the placed names depend on besides the camera: where each counter is shown."""
        return tuple(sorted((k, u[self.CELL]) for k, u in self.disp.items()
                            if k not in self.hidden and k not in self.moving))

    def under_key(self):
        return self.labels_key()

    def draw_under(self, surf: pygame.Surface, view, now: float) -> None:
        self.draw_labels(surf, view)


def label_image(assets, text: str, size: int, ink, backing=None, pad=(6, 2)) -> pygame.Surface:
    """A place name as drawn on a map: ``text`` on a translucent ``backing`` plate (or none)."""
    img = assets.text(text, size, ink, bold=True)
    if backing is None:
        return img
    s = pygame.Surface(img.get_rect().inflate(*pad).size, pygame.SRCALPHA)
    s.fill(backing)
    s.blit(img, img.get_rect(center=s.get_rect().center))
    return s
