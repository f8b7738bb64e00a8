"""The Load screen (:class:`SavesScene`, from the title and the in-game menu): every
save, newest first: a picture of its board, the game, its turn, when it was saved
and who sits where; it scrolls (wheel, PgUp/PgDn, arrows, D-pad), loads (Enter / A /
click) and deletes after a question (Del / pad Y). A damaged save is a red line of
the list saying what is wrong; it can be deleted, never loaded, and nothing is
written to it.

Never lose a game: a save's lines and picture are game/client/savelist.py's and
thumbnails.py's, the questions game/client/dialogs.py's (``Confirm``), and opening
a save or leaving a game game/client/gameflow.py's.
"""
from __future__ import annotations

from dataclasses import replace

import pygame

from ..dialogs import QUIET, Confirm
from ..gameflow import ask_leave, open_save, person_game
from ..i18n import _
from ..input import Intent
from ..navigator import REPLAY, SAVES, TITLE, go, route
from ..savelist import game_title, seats_line, turn_line, when_line
from ..session import SaveInfo, delete_save, saves_info
from ..thumbnails import draw_thumbnail
from ..widgets import ACCENT, BAD, BORDER, DIM, FOCUS, PANEL, TEXT, Button, blit_center, fit_text
from .base import Scene, footer, hex_backdrop


# -- the Load screen ---------------------------------------------------------------------------

@route(SAVES)
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
        self.app.audio.play("click")
        go(self.app, REPLAY, what=self.entries[i].path, back=lambda: self.app.switch(self))

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
            go(self.app, TITLE)

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
