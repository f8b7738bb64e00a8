"""Never lose a game: the Load screen, the pictures of saves, the questions asked
before anything is left or replaced, and the banner of a save that failed.

- :class:`SavesScene` (the Load screen, from the title and the in-game menu) lists
  every save, newest first: a picture of its board, the game, its turn, when it
  was saved and who sits where; it scrolls (wheel, PgUp/PgDn, arrows, D-pad),
  loads (Enter / A / click) and deletes after a question (Del / pad Y). A damaged
  save is a red line of the list saying what is wrong; it can be deleted, never
  loaded, and nothing is written to it.
- A save's picture is a small PNG beside it (``name.png`` for ``name.json``),
  drawn from the game's public position (no player's secrets) and written
  atomically whenever the board saves (:class:`Thumbnailer`); a missing or
  damaged picture is drawn as a placeholder.
- :class:`Confirm` is the question box every scene here uses. It gives the safe
  answer the focus and ignores confirm keys for its first ``QUIET`` seconds, so
  a player who presses Enter twice never deletes or leaves anything.
- :class:`SaveWarning`: a save or autosave that failed is said at once, in a red
  band on the board that stays until dismissed (Esc / B / its button); the
  session tries again at the next turn and the game goes on in memory.
"""
from __future__ import annotations

import io
import logging
import time
from pathlib import Path
from typing import Any, Callable

import pygame

from game import rulesets
from game.core.save import write_atomic

from ..facts import client_facts
from ..i18n import N_, _
from ..input import Intent
from ..session import (SaveError, SaveInfo, Session, delete_save, last_unfinished, prune_empty_autosaves,
                       saves_info, thumbnail_path)
from ..widgets import ACCENT, BAD, BORDER, DIM, FOCUS, GOOD, PANEL, TEXT, Button, Menu, blit_center, fit_text, panel
from .base import Scene, footer, hex_backdrop

log = logging.getLogger("sandtable.saves")

THUMB_SIZE = (256, 144)             # a save's picture as written (16:9)
QUIET = 0.3                         # a question ignores confirm keys this long after it opens
KIND_NAMES = {"human": N_("you"), "easy": N_("AI easy"), "normal": N_("AI normal"), "hard": N_("AI hard"),
              "random": N_("AI random"), "heuristic": N_("AI normal")}


# -- what a save is called -------------------------------------------------------------------------

def game_title(game_id: str) -> str:
    try:
        spec = rulesets.spec(game_id)
    except KeyError:
        return game_id
    return f"{spec.title}  {spec.local}" if spec.local and spec.local != spec.title else spec.title


def seats_line(info: SaveInfo) -> str:
    """"Japan: you · Soviet Union: AI normal"."""
    try:
        names = dict(rulesets.spec(info.game_id).side_names)
    except KeyError:
        names = {}

    def name(seat: str) -> str:             # (中原大戰's seats are commanders: "CHIANG+HE")
        return _(names[seat]) if seat in names else seat.replace("+", " + ").title()
    parts = []
    for seat, kind in info.seats:
        k = kind.partition("@")[0]
        parts.append(_("{side}: {who}").format(side=name(seat), who=_(KIND_NAMES[k]) if k in KIND_NAMES else k))
    return "  ·  ".join(parts)


def when_line(info: SaveInfo) -> str:
    """When it was saved, as the player reads it: "2026-12-01 14:50"."""
    s = info.saved_at.replace("T", " ")[:16] if info.saved_at else ""
    if not s and info.mtime:
        s = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.mtime))
    return s


def turn_line(info: SaveInfo) -> str:
    bits = []
    if info.turn is not None:
        bits.append(_(client_facts(info.game_id).turn_word).format(turn=info.turn))
    if info.over:
        bits.append(_("finished"))
    bits.append(_("{n} moves").format(n=info.actions))
    return "  ·  ".join(bits)


# -- pictures ------------------------------------------------------------------------------------

def render_thumbnail(game, assets, cache: dict | None = None) -> pygame.Surface:
    """The game's board and pieces drawn small, as everyone may see it (no seat's secrets)."""
    from ..board_view import BoardView
    from ..games import plugin_for
    key = id(game)
    hit = cache.get(key) if cache is not None else None
    if hit is None:
        ui = plugin_for(game, assets)
        ui.viewer = None
        ui.single_viewer = False
        surf = pygame.Surface(THUMB_SIZE, pygame.SRCALPHA)
        view = BoardView(game.board, assets, surf.get_rect(), decorate=ui.decorate_static)
        view.picture = True
        hit = (ui, view)
        if cache is not None:
            cache.clear()
            cache[key] = hit
    ui, view = hit
    ui.sync()
    surf = pygame.Surface(THUMB_SIZE, pygame.SRCALPHA)
    surf.fill((20, 24, 30, 255))
    view.draw_static(surf)
    ui.draw(surf, view, 0.0)
    return surf


def write_thumbnail(save: Path, surf: pygame.Surface) -> Path:
    """Write ``surf`` as ``save``'s picture, atomically. Raises OSError or pygame.error."""
    buf = io.BytesIO()
    pygame.image.save(surf, buf, "thumb.png")
    return write_atomic(thumbnail_path(save), buf.getvalue())


class Thumbnailer:
    """The board's ``session.on_saved``: the picture of each save, written beside it."""

    def __init__(self, assets):
        self.assets = assets
        self.cache: dict = {}

    def __call__(self, save: Path, game) -> None:
        write_thumbnail(save, render_thumbnail(game, self.assets, self.cache))


def load_thumbnail(app, info: SaveInfo, size: tuple[int, int]) -> pygame.Surface | None:
    """``info``'s picture scaled to ``size`` (cached on the app by the save's time), or None."""
    cache = app.cache.setdefault("save_thumbs", {})
    key = (str(info.path), info.mtime, size)
    if key in cache:
        return cache[key]
    img = None
    p = thumbnail_path(info.path)
    try:
        if not info.error and p.is_file() and p.stat().st_size <= 2 * 1024 * 1024 and _small_png(p):
            raw = pygame.image.load(str(p))
            img = pygame.transform.smoothscale(raw.convert_alpha() if pygame.display.get_surface() else raw, size)
    except (pygame.error, OSError, ValueError) as e:
        log.info("no picture for %s: %s", info.path.name, e)
        img = None
    if len(cache) > 200:
        cache.clear()
    cache[key] = img
    return img


def _small_png(p: Path) -> bool:
    """A PNG of at most a megapixel, from its header (a crafted one could ask for gigabytes)."""
    with open(p, "rb") as f:
        head = f.read(24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return False
    w, h = int.from_bytes(head[16:20], "big"), int.from_bytes(head[20:24], "big")
    return 0 < w * h <= 1024 * 1024


def draw_thumbnail(surf: pygame.Surface, app, info: SaveInfo, rect: pygame.Rect) -> None:
    """The picture, or a drawn placeholder (a hex and the game's initial) when there is none."""
    img = load_thumbnail(app, info, rect.size)
    pygame.draw.rect(surf, (20, 24, 30), rect, border_radius=6)
    if img is not None:
        surf.blit(img, rect)
    else:
        import math
        cx, cy, r = rect.centerx, rect.centery, min(rect.width, rect.height) * 0.34
        pts = [(cx + r * math.cos(math.radians(60 * a - 30)), cy + r * math.sin(math.radians(60 * a - 30)))
               for a in range(6)]
        pygame.draw.polygon(surf, (60, 66, 80) if not info.error else (110, 50, 46), pts, 3)
        mark = "!" if info.error else (info.game_id[:1].upper() or "?")
        blit_center(surf, app.assets.text(mark, int(r), (90, 98, 116) if not info.error else BAD, bold=True),
                    (cx, cy))
    pygame.draw.rect(surf, BAD if info.error else BORDER, rect, 2, border_radius=6)


# -- the question box ----------------------------------------------------------------------------

class Confirm:
    """A question with two or three answers (buttons in a row). The ``default`` answer has
    the focus: give it the one that loses nothing. Esc / B gives ``cancel``. Confirm keys
    and clicks are ignored for QUIET seconds after it opens (a double press)."""

    def __init__(self, app, title: str, lines: list[str], choices: list[tuple[str, Any]],
                 on_choose: Callable[[Any], None], *, default: int = 0, cancel: Any = None,
                 danger: tuple = (), info: SaveInfo | None = None):
        self.app = app
        self.title = title
        self.lines = lines
        self.choices = choices
        self.on_choose = on_choose
        self.cancel = cancel
        self.danger = danger            # values drawn in red (they throw something away)
        self.info = info                # a save to show the picture of
        self.under = None               # the board's modal it was asked over (the hotseat cover): drawn below
        self.age = 0.0
        self.done = False
        self.size: tuple[int, int] | None = None
        self.menu = Menu([], self._chosen, horizontal=True)
        self.default = default
        self._layout(app.size)

    def _layout(self, size) -> None:
        if size == self.size:
            return
        self.size = size
        w, h = size
        pw = min(w - 60, 860)
        n = len(self.choices)
        bw = min(260, (pw - 40 - 16 * (n - 1)) // n)
        text_w = pw - 52 - (180 if self.info is not None else 0)
        text_h = sum(self.app.assets.text(line, 20, TEXT, wrap=text_w).get_height() + 6 for line in self.lines)
        ph = 74 + max(text_h, 96 if self.info is not None else 0) + 120
        ph = min(ph, h - 40)
        self.rect = pygame.Rect((w - pw) // 2, (h - ph) // 2, pw, ph)
        x0 = self.rect.centerx - (n * bw + (n - 1) * 16) // 2
        by = self.rect.bottom - 96
        focus = self.menu.focus if self.menu.buttons else self.default
        self.menu.buttons = [Button(label, pygame.Rect(x0 + i * (bw + 16), by, bw, 56), value, size=22,
                                    primary=i == self.default) for i, (label, value) in enumerate(self.choices)]
        self.menu.focus = focus

    def relayout(self, size) -> None:
        self._layout(tuple(size))

    def _chosen(self, b: Button) -> None:
        self.choose(b.value)

    def choose(self, value: Any) -> None:
        if self.done:
            return
        self.done = True
        self.app.audio.play("click")
        self.on_choose(value)

    def handle(self, it: Intent) -> None:
        if self.done:
            return
        if it.name == "back":
            self.choose(self.cancel)
            return
        if it.name in ("confirm", "click_cursor", "press", "context") and self.age < QUIET:
            return                      # a press meant for what was there before
        if it.name == "context":        # (Space / X: the focused answer, like Enter)
            it = Intent("confirm")
        if it.name == "cursor" and it.dy and not it.dx:
            it = Intent("cursor", dx=it.dy)
        self.menu.handle(it)

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surf: pygame.Surface, assets) -> None:
        self._layout(surf.get_size())
        if self.under is not None:
            self.under.draw(surf, assets)
        veil = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
        veil.fill((6, 8, 12, 180))
        surf.blit(veil, (0, 0))
        r = self.rect
        panel(surf, r, colour=(26, 30, 40), border=ACCENT, alpha=250)
        blit_center(surf, fit_text(assets, self.title, 32, r.width - 40, ACCENT, bold=True), (r.centerx, r.y + 38))
        y = r.y + 74
        x = r.x + 28
        if self.info is not None:
            pic = pygame.Rect(x, y, 160, 90)
            draw_thumbnail(surf, self.app, self.info, pic)
            x = pic.right + 20
        for line in self.lines:
            img = assets.text(line, 20, TEXT, wrap=r.right - x - 24)
            if y + img.get_height() > self.menu.buttons[0].rect.y - 8:
                break
            surf.blit(img, (x, y))
            y += img.get_height() + 6
        for i, b in enumerate(self.menu.buttons):
            b.draw(surf, assets, focused=i == self.menu.focus, hovered=i == self.menu.hover)
            if b.value in self.danger:
                pygame.draw.rect(surf, BAD, b.rect, 3, border_radius=12)
        keys = _("←/→ choose    Enter / A: answer    Esc / B: {cancel}").format(
            cancel=next((lab for lab, v in self.choices if v == self.cancel), _("cancel")))
        blit_center(surf, fit_text(assets, keys, 16, r.width - 30, DIM), (r.centerx, r.bottom - 18))


# -- the failed-save banner ----------------------------------------------------------------------

class SaveWarning:
    """The board's red band for a save that failed: shown at once, kept until dismissed
    (Esc / B, or its button), replaced by a line in green when a later save works."""

    def __init__(self, scene):
        self.scene = scene
        self.seen = scene.session.save_failures     # failures already said (none for a new board)
        self.text = ""
        self.button: pygame.Rect | None = None
        if scene.session.save_error:
            self.seen -= 1                          # (the game's first autosave failed: say so)

    @property
    def shown(self) -> bool:
        return bool(self.text)

    def update(self, dt: float) -> None:
        s = self.scene.session
        if s.save_failures != self.seen:
            self.seen = s.save_failures
            self.text = s.save_error
            self.scene.app.audio.play("error")
            self.scene.log.add(_("Could not save: {why}").format(why=s.save_error), BAD)
        elif self.text and not s.save_error:
            self.text = ""
            self.scene.app.toast(_("Saved again: {name}").format(name=s.last_save.name if s.last_save else ""),
                                 GOOD, ttl=5.0)

    def handle(self, it: Intent) -> bool:
        """True when the intent dismissed the band."""
        if not self.text:
            return False
        if it.name == "back" or (it.name == "press" and it.button == 1 and it.pos
                                 and self.button is not None and self.button.collidepoint(it.pos)):
            self.text = ""
            self.scene.app.audio.play("click")
            return True
        return False

    def draw(self, surf: pygame.Surface, assets) -> None:
        if not self.text:
            return
        area = self.scene.view.area
        r = pygame.Rect(area.x + 12, area.y + 12, area.width - 24, 92)
        panel(surf, r, colour=(70, 20, 18), border=BAD, alpha=240)
        bw = 170
        self.button = pygame.Rect(r.right - bw - 12, r.y + 18, bw, 56)
        Button(_("Dismiss (Esc)"), self.button, "dismiss", size=20).draw(surf, assets)
        tw = r.width - bw - 40
        surf.blit(fit_text(assets, _("The game could not be saved"), 24, tw, TEXT, bold=True), (r.x + 14, r.y + 8))
        surf.blit(fit_text(assets, self.text, 16, tw, (255, 200, 190)), (r.x + 14, r.y + 40))
        surf.blit(fit_text(assets, _("Play on: the game is kept in memory and the autosave is tried again "
                                     "at the next turn. Ctrl+S tries now."), 16, tw, TEXT), (r.x + 14, r.y + 64))


# -- leaving a game ------------------------------------------------------------------------------

def person_game(scene) -> Session | None:
    """The session of a person's unfinished game on ``scene`` (not a demo or a replay), or None."""
    s = getattr(scene, "session", None)
    if s is None or getattr(scene, "demo", False) or s.replay is not None or not s.autosave:
        return None
    return None if s.game.is_over() else s


def ask_leave(scene, then: Callable[[], None], what: str = "quit", board=None) -> bool:
    """Before leaving the game of ``board`` (default: ``scene``; ``what``: "quit" the program,
    or go to the "title"): ask on ``scene``, then autosave and call ``then``. A failed
    autosave asks again (keep playing, or leave without saving). False when there is
    nothing to ask (``then`` is not called: the caller goes on)."""
    app = scene.app
    s = person_game(board if board is not None else scene)
    if s is None:
        return False
    if isinstance(scene.modal, Confirm) and getattr(scene.modal, "leaving", None) == what and what == "quit":
        # the window's close button again while asked: save and go
        scene.modal.choose("leave")
        return True
    titles = {"quit": _("Quit Sandtable?"), "title": _("Quit to the title?")}
    leave = {"quit": _("Save and quit"), "title": _("Save and leave")}

    under = scene.modal if scene.modal is not None and not scene.modal.done else None

    def chosen(v) -> None:
        if v == "leave":
            if s.autosave_now():
                then()
            else:
                _ask_unsaved(scene, s, then, what)
        elif v == "lose":
            then()
        elif under is not None and scene.modal is c:
            scene.modal = under                 # back to what was on screen (the hotseat cover ...)

    c = Confirm(app, titles[what],
                [_("The game is autosaved as it is now: Continue on the title (or the Load screen) brings "
                   "it back."), _("Autosave: {name}").format(name=s.autosave_path().name)],
                [(_("Keep playing"), "stay"), (leave[what], "leave")], chosen, default=0, cancel="stay")
    c.leaving = what
    c.under = under
    scene.modal = c
    return True


def _ask_unsaved(scene, s: Session, then, what) -> None:
    go = {"quit": _("Quit without saving"), "title": _("Leave without saving")}

    def chosen(v) -> None:
        if v == "lose":
            then()
        elif v == "retry":
            if s.autosave_now():
                then()
            else:
                _ask_unsaved(scene, s, then, what)

    scene.modal = Confirm(scene.app, _("The game could not be saved"),
                          [s.save_error, _("If you leave now, the moves since the last save that worked are lost.")],
                          [(_("Keep playing"), "stay"), (_("Try again"), "retry"), (go[what], "lose")], chosen,
                          default=0, cancel="stay", danger=("lose",))
    scene.modal.leaving = what + "-unsaved"


# -- opening a save -------------------------------------------------------------------------------

def open_save(app, path: Path, current=None) -> str:
    """Load ``path`` and show its board; ``current`` (a board scene) is closed once the new
    game is loaded (the caller saved it first). Returns '' or the one line of why not."""
    from .board import BoardScene
    try:
        s = Session.load(path)
    except SaveError as e:
        return str(e)
    except Exception as e:                      # (never a crash on the Load screen)
        log.exception("loading %s", path)
        return _("{name}: cannot be loaded ({why})").format(name=path.name, why=e.__class__.__name__)
    if current is not None and getattr(current, "session", None) is not None:
        current._replaced = True
        current.session.close()
    app.switch(BoardScene(app, s))
    return ""


def continue_game(app, info: SaveInfo) -> str:
    return open_save(app, info.path)


def ask_new_game(scene, game_id: str, start: Callable[[], None]) -> Confirm | None:
    """Before a new ``game_id`` game: when an unfinished one is saved, the question
    (continue it / start a new one, the old one kept / cancel); else None."""
    app = scene.app
    if app.kiosk is not None:           # (a kiosk's visitors do not continue each other's games)
        return None
    info = last_unfinished(game_id)
    if info is None:
        return None

    def chosen(v) -> None:
        if v == "continue":
            err = open_save(app, info.path)
            if err:
                app.toast(err, BAD, ttl=8.0)
        elif v == "new":
            start()

    return Confirm(app, _("An unfinished {game} game is saved").format(game=rulesets.spec(game_id).title),
                   [turn_line(info), _("Saved {when}").format(when=when_line(info)), seats_line(info),
                    _("Start new keeps it: it stays on the Load screen.")],
                   [(_("Continue it"), "continue"), (_("Start new"), "new"), (_("Cancel"), None)], chosen,
                   default=0, cancel=None, info=info)


def start_new_game(app, game_id: str, seats: dict, options: dict | None = None) -> None:
    """A new game on the board, in a slot of its own (nothing saved is written over; in a
    kiosk, one slot per game, so that a kiosk running for days does not fill the disk)."""
    from .board import BoardScene
    prune_empty_autosaves(game_id)
    game = rulesets.new_game(game_id, app.next_seed(), options=options or None)
    slot = f"{game_id}-kiosk" if app.kiosk is not None else None
    app.switch(BoardScene(app, Session(game, seats, slot=slot)))


# -- the Load screen ---------------------------------------------------------------------------

class SavesScene(Scene):
    """Every save, newest first: picture, game, turn, date, seats. ``back``: the scene to go
    back to (the board it was opened from), None for the title."""
    music = "music_menu"
    name = "saves"

    def __init__(self, app, back=None):
        super().__init__(app)
        self.back_scene = back
        self.music = None if back is not None else "music_menu"
        self.entries: list[SaveInfo] = []
        self.focus = 0
        self.top = 0                    # the first row shown
        self.hover: int | None = None
        self.modal: Confirm | None = None
        self.status = ""                # the last error (a line under the list, never over it)
        self.quiet = 0.0                # confirm keys wait this long after a question closes
        self._pan = 0.0                 # the right stick's pixels not yet a row
        self.status_colour = BAD
        self.refresh()

    # -- the list ---------------------------------------------------------------------------
    def refresh(self) -> None:
        self.entries = saves_info()
        self.focus = max(0, min(self.focus, len(self.entries) - 1))
        self._clamp()

    def place(self) -> None:
        self._clamp()                   # (more or fewer rows: the chosen one stays in sight)

    def layout(self, size) -> dict:
        w, h = size
        list_top = 96
        list_bottom = h - 118
        span = list_bottom - list_top
        rows = max(1, round(span / 100))            # rows of about 100 px, filling the height
        rh = max(60, span // rows)
        lw = min(w - 60, 1120)
        return {"x": (w - lw) // 2, "w": lw, "top": list_top, "rh": rh, "rows": rows,
                "bottom": list_top + rows * rh}

    def _clamp(self) -> None:
        rows = self.layout(self.app.size)["rows"]
        if self.focus < self.top:
            self.top = self.focus
        if self.focus >= self.top + rows:
            self.top = self.focus - rows + 1
        self.top = max(0, min(self.top, max(0, len(self.entries) - rows)))

    def row_rect(self, i: int, L: dict | None = None) -> pygame.Rect:
        L = L or self.layout(self.app.size)
        return pygame.Rect(L["x"], L["top"] + (i - self.top) * L["rh"], L["w"], L["rh"] - 8)

    def row_buttons(self, i: int) -> tuple[Button, Button, Button]:
        """The chosen row's Load, Delete and Replay buttons."""
        r = self.row_rect(i)
        bh = min(48, r.height - 20)
        info = self.entries[i]
        load = Button(_("Load"), pygame.Rect(r.right - 290, r.centery - bh // 2, 140, bh), "load", size=20,
                      enabled=not info.error, primary=True)
        delete = Button(_("Delete"), pygame.Rect(r.right - 140, r.centery - bh // 2, 128, bh), "delete", size=20)
        replay = Button(_("Replay"), pygame.Rect(r.right - 420, r.centery - bh // 2, 120, bh), "replay", size=20,
                        enabled=not info.error)
        return load, delete, replay

    def replay(self, i: int) -> None:
        """Open entry ``i`` in the replay viewer (scenes/replay.py); Esc there comes back here."""
        if not 0 <= i < len(self.entries) or self.entries[i].error:
            return
        from .replay import open_replay
        self.app.audio.play("click")
        open_replay(self.app, self.entries[i].path, back=lambda: self.app.switch(self))

    def back_button(self) -> Button:
        w, h = self.app.size
        return Button(_("◀ Back"), pygame.Rect(30, h - 104, 170, 54), "back", size=22)

    # -- acting ----------------------------------------------------------------------------
    def ask_quit(self) -> bool:
        """The window's close button here: the game on the board it came from is asked about
        and autosaved, as on the board."""
        return ask_leave(self, lambda: self.app.quit(0), "quit", board=self.back_scene) \
            if self.back_scene is not None else False

    def go_back(self) -> None:
        self.app.audio.play("click")
        if self.back_scene is not None:
            self.app.switch(self.back_scene)
        else:
            from .title import TitleScene
            self.app.switch(TitleScene(self.app))

    def load(self, i: int) -> str:
        """Load entry ``i`` (from the board: its game is autosaved first, asking if that fails)."""
        if not 0 <= i < len(self.entries):
            return ""
        info = self.entries[i]
        if info.error:
            self._fail(i, info.error)
            return info.error
        board = self.back_scene
        s = person_game(board) if board is not None else None
        if s is not None and not s.autosave_now():
            self.modal = Confirm(self.app, _("The game on the board could not be saved"),
                                 [s.save_error, _("If you load now, its moves since the last save that worked are lost.")],
                                 [(_("Keep it (back to the list)"), None), (_("Load without saving"), "lose")],
                                 lambda v: self._open(i) if v == "lose" else None, default=0, danger=("lose",))
            return s.save_error
        return self._open(i)

    def _open(self, i: int) -> str:
        info = self.entries[i]
        err = open_save(self.app, info.path, self.back_scene)
        if err:
            self._fail(i, err)
        return err

    def _fail(self, i: int, err: str) -> None:
        info = self.entries[i]
        short = err[len(str(info.path)) + 2:] if err.startswith(f"{info.path}: ") else err
        from dataclasses import replace
        self.entries[i] = replace(info, error=short)
        self.status = _("{name}: {why}").format(name=info.path.name, why=short)
        self.status_colour = BAD
        self.app.audio.play("error")

    def ask_delete(self, i: int) -> None:
        if not 0 <= i < len(self.entries):
            return
        info = self.entries[i]
        lines = [info.path.name, info.error] if info.error else [
            turn_line(info), _("Saved {when}").format(when=when_line(info)), seats_line(info)]
        lines.append(_("A deleted save cannot be brought back."))

        def chosen(v) -> None:
            if v == "delete":
                err = delete_save(info.path)
                if err:
                    self.status, self.status_colour = _("Could not delete: {why}").format(why=err), BAD
                else:
                    self.status, self.status_colour = _("Deleted {name}").format(name=info.path.name), DIM
                self.refresh()

        self.modal = Confirm(self.app, _("Delete this save?") if not info.error else _("Delete this damaged file?"),
                             lines, [(_("Keep it"), None), (_("Delete"), "delete")], chosen, default=0,
                             danger=("delete",), info=info)
        self.app.audio.play("click")

    def move(self, step: int) -> None:
        if self.entries:
            self.focus = max(0, min(len(self.entries) - 1, self.focus + step))
            self._clamp()

    def scroll(self, rows: int) -> None:
        L = self.layout(self.app.size)
        self.top = max(0, min(self.top + rows, max(0, len(self.entries) - L["rows"])))
        self.focus = max(self.top, min(self.focus, self.top + L["rows"] - 1, len(self.entries) - 1))

    def handle(self, it: Intent) -> None:
        if self.modal is not None:
            self.modal.handle(it)
            if self.modal is not None and self.modal.done:
                self.modal = None
                self.quiet = QUIET
            return
        n = it.name
        if self.quiet > 0 and n in ("confirm", "click_cursor", "press"):
            return                      # the second press of a double press on the question
        if n == "back":
            self.go_back()
        elif n == "cursor" and it.dy:
            self.move(it.dy)
        elif n == "cycle":
            self.move(it.dx)
        elif n == "zoom":
            if it.source == "mouse":
                self.scroll(-it.dy)
            else:                       # PgUp / PgDn: a page
                self.move(-it.dy * max(1, self.layout(self.app.size)["rows"] - 1))
        elif n in ("confirm", "click_cursor"):
            self.load(self.focus)
        elif n == "delete" or (n == "panel" and it.source == "pad"):     # Delete, the pad's Y
            self.ask_delete(self.focus)
        elif (n == "any" and (it.char or "").lower() == "r") or (n == "context" and it.source == "pad"):
            self.replay(self.focus)                                       # R, the pad's X
        elif n == "pan" and it.source == "pad" and it.dy:                 # the right stick
            self._pan += it.dy
            rows = int(self._pan / 60)
            if rows:
                self._pan -= rows * 60
                self.scroll(rows)
        elif n == "point" and it.pos:
            self.hover = self._row_at(it.pos)
        elif n == "press" and it.button == 1 and it.pos:
            if self.back_button().hit(it.pos):
                self.go_back()
                return
            i = self._row_at(it.pos)
            if i is None:
                return
            load, delete, replay = self.row_buttons(i)
            if delete.hit(it.pos):
                self.focus = i
                self.ask_delete(i)
            elif replay.hit(it.pos):
                self.focus = i
                self.replay(i)
            elif load.rect.collidepoint(it.pos) or i == self.focus:
                self.focus = i
                self.load(i)            # (a click on the chosen row loads it, like a double click)
            else:
                self.focus = i
                self.app.audio.play("click")

    def _row_at(self, pos) -> int | None:
        L = self.layout(self.app.size)
        for i in range(self.top, min(len(self.entries), self.top + L["rows"])):
            if self.row_rect(i, L).collidepoint(pos):
                return i
        return None

    def update(self, dt: float) -> None:
        super().update(dt)
        self.quiet = max(0.0, self.quiet - dt)
        if self.modal is not None:
            self.modal.update(dt)

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        if self.back_scene is not None:
            surf.fill((16, 19, 26))
        else:
            hex_backdrop(surf, self.time)
        w, h = surf.get_size()
        L = self.layout((w, h))
        blit_center(surf, self.assets.text(_("LOAD A SAVED GAME"), 44, ACCENT, bold=True), (w // 2, 44))
        n = len(self.entries)
        if n:
            first, last = self.top + 1, min(n, self.top + L["rows"])
            blit_center(surf, self.assets.text(_("{first}–{last} of {n} saves, newest first").format(
                first=first, last=last, n=n), 18, DIM), (w // 2, 80))
        else:
            blit_center(surf, self.assets.text(_("No saves yet: a game is autosaved at every turn."), 26, DIM),
                        (w // 2, h // 2 - 40))
        for i in range(self.top, min(n, self.top + L["rows"])):
            self._draw_row(surf, i, L)
        if self.top > 0:
            blit_center(surf, self.assets.text("▲", 20, ACCENT), (L["x"] + L["w"] + 16, L["top"] + 10))
        if self.top + L["rows"] < n:
            blit_center(surf, self.assets.text("▼", 20, ACCENT), (L["x"] + L["w"] + 16, L["bottom"] - 18))
        if n > L["rows"]:               # the scroll bar
            bar = pygame.Rect(L["x"] + L["w"] + 8, L["top"] + 26, 8, L["bottom"] - L["top"] - 52)
            pygame.draw.rect(surf, (40, 46, 60), bar, border_radius=4)
            th = max(16, bar.height * L["rows"] // n)
            ty = bar.y + (bar.height - th) * self.top // max(1, n - L["rows"])
            pygame.draw.rect(surf, BORDER, (bar.x, ty, bar.width, th), border_radius=4)
        if self.status:
            blit_center(surf, fit_text(self.assets, self.status, 18, w - 440, self.status_colour),
                        (w // 2, h - 78))
        self.back_button().draw(surf, self.assets)
        footer(surf, self.assets, _("↑/↓ choose    wheel / PgUp PgDn / right stick: scroll    Enter / A / click: load    "
                                    "R / X: replay    Del / Y: delete    Esc / B: back"))
        if self.modal is not None:
            self.modal.draw(surf, self.assets)

    def _draw_row(self, surf, i: int, L: dict) -> None:
        info = self.entries[i]
        r = self.row_rect(i, L)
        focused = i == self.focus
        pygame.draw.rect(surf, PANEL if not info.error else (52, 30, 32), r, border_radius=12)
        pygame.draw.rect(surf, FOCUS if focused else (BAD if info.error else BORDER), r, 4 if focused else 2,
                         border_radius=12)
        th = r.height - 14
        pic = pygame.Rect(r.x + 8, r.y + 7, th * 16 // 9, th)
        draw_thumbnail(surf, self.app, info, pic)
        x = pic.right + 16
        tw = r.right - x - (430 if focused or i == self.hover else 12)
        big, small = (22, 16) if r.height >= 88 else (19, 14)
        y0 = r.y + (6 if r.height >= 88 else 3)
        y1 = y0 + int(big * 1.45)
        y2 = y1 + int(small * 1.45)
        if info.error:
            surf.blit(fit_text(self.assets, _("Damaged: {name}").format(name=info.path.name), big, tw, BAD, bold=True),
                      (x, y0))
            surf.blit(self.assets.text(info.error, small + 1, TEXT, wrap=tw), (x, y1 + 2))
        else:
            kind = _("Autosave") if info.autosave else _("Saved game")
            surf.blit(fit_text(self.assets, f"{game_title(info.game_id)}   —   {turn_line(info)}", big, tw, TEXT,
                               bold=True), (x, y0))
            surf.blit(fit_text(self.assets, f"{kind}  ·  {when_line(info)}  ·  {info.path.name}", small, tw, DIM),
                      (x, y1))
            surf.blit(fit_text(self.assets, seats_line(info), small, tw, ACCENT if info.unfinished else DIM),
                      (x, y2))
        if focused or i == self.hover:
            for b in self.row_buttons(i):
                b.draw(surf, self.assets, hovered=False)
