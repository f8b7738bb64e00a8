"""What a key, a click or a pad button does on the board: the intent goes to the first
layer that owns it (a question or panel open over the board, the save warning, the pad's
focus ring, a held combat result), then to the board's own keys, then, when a person may
act, to the game through the one interaction layer (game.client.interaction).
"""
from __future__ import annotations

from ..dialogs import Confirm, QUIET
from ..i18n import _
from ..input import Intent
from ..pause_menu import PauseOverlay
from ..rules_ref import RulesOverlay as HelpOverlay
from ..widgets import BAD, Button
from .style import PASSIVE_INTENTS


class BoardInput:
    """The board's input: intents to what they do. A part of BoardScene (game.client.scenes.board), which holds the state."""

    # An intent goes through the layers in order; the first that owns it ends its way:
    #   1. what lies over the board: a question or panel (modal), the save warning, the pad's focus ring
    #   2. the log, and a held combat result (the press that closes it does nothing else)
    #   3. the board's own keys: views, overlays, help, menu (VIEW_KEYS), the right button's drag
    #   4. the replay's keys, or undo / save / load (FILE_KEYS); a skip while the board animates
    #   5. the cursor and Tab (CURSOR_KEYS)
    #   6. when a person may act: a click, Enter, Space (ACT_KEYS), through the one interaction layer
    def handle(self, it: Intent) -> None:
        self.inputs += 1                    # (what the plugin lights may follow any input)
        if it.name != "point":
            self.acts += 1
        if self._over_board(it) or self._log_or_result(it):
            return
        n = it.name
        key = self.VIEW_KEYS.get(n)
        if key is not None and key(self, it) is not False:
            return
        if self._drag(it):
            return
        if self.replay:
            self._replay_input(it)
            return
        key = self.FILE_KEYS.get(n)
        if key is not None:
            key(self)
            return
        if self.seq.busy:
            if n in ("press", "confirm", "context", "click_cursor"):
                self.seq.skip()
            return
        key = self.CURSOR_KEYS.get(n)
        if key is not None:
            key(self, it)
            return
        key = self.ACT_KEYS.get(n)
        if key is not None and self.can_act():
            key(self, it)

    # 1. what lies over the board --------------------------------------------------------------
    def _over_board(self, it: Intent) -> bool:
        if self.modal is not None:
            closing = self.modal
            closing.handle(it)
            if self.modal is not None and self.modal.done:
                self.modal = None
            if isinstance(closing, Confirm) and self.modal is not closing:
                self.quiet = QUIET          # (a question answered: the next press waits a moment)
            return True
        if self.save_warning.handle(it) or self.pad_focus.handle(it):
            return True
        return self.quiet > 0 and it.name in ("confirm", "context", "click_cursor", "press")
        #   (the second press of a double press on a question)

    # 2. the log and a held result ----------------------------------------------------------------
    def _log_or_result(self, it: Intent) -> bool:
        n = it.name
        if n == "press" and it.button == 1 and it.pos and self.log.click(it.pos):
            self.app.audio.play("click")
            return True
        if n == "log_scroll":
            self.log.wheel(it.dy)
            return True
        if n in ("log_newest", "end"):                   # End: the log's newest events
            if self.log.jump_to_newest():
                self.app.audio.play("click")
            return True
        if self.dice is not None and self.dice.get("held") and n not in PASSIVE_INTENTS:
            on_button = n == "press" and it.pos and any(b.rect.collidepoint(it.pos) for b in self.buttons)
            self.dismiss_dice()
            # the click or key that closes the result does nothing else
            return n in ("back", "confirm", "context", "click_cursor") or (n == "press" and not on_button)
        return False

    # 3. the board's own keys -------------------------------------------------------------------------
    def _pause(self, it: Intent) -> None:
        self.modal = PauseOverlay(self)
        self.app.audio.play("click")

    def _help(self, it: Intent) -> None:
        self.modal = HelpOverlay(self.game, self.ui)

    def _zoom(self, it: Intent) -> None:
        if it.pos and self.log.rect.collidepoint(it.pos):
            self.log.wheel(it.dy)
        else:
            self.view.zoom(it.dy, it.pos if it.source == "mouse" else None)

    def _pan(self, it: Intent) -> None:
        k = 1 if it.source == "pad" else 80         # the right stick: whole pixels each frame
        self.view.pan(-it.dx * k, -it.dy * k)

    def _drag_map(self, it: Intent) -> bool | None:
        if self.drag_from is None:
            return False
        self.view.pan(it.dx, it.dy)
        self.dragged = True
        return None

    def _overlay(self, it: Intent) -> None:
        msg = self.ui.toggle_overlay()
        if msg:
            self.app.toast(msg)
            self.app.audio.play("click")

    def _zoc(self, it: Intent) -> bool | None:
        if not self.ui.zoc_overlay:
            return False
        self.zoc = not self.zoc
        self.app.audio.play("click")
        return None

    def _explain(self, it: Intent) -> None:
        self.explain = not self.explain
        if not self.explain:
            self.app.toast(_("AI explanations off"))
        elif self.session.last_explanation() is None:     # none yet, or the last was secret
            self.app.toast(_("AI explanations on: shown from the AI's next open decision (a secret choice is never shown)"))
        else:
            self.app.toast(_("AI explanations on: its last decision and the alternatives it weighed"))
        self.app.audio.play("click")

    def _point(self, it: Intent) -> bool | None:
        if not it.pos:
            return False
        # what the game draws over the map (a hand, a chooser, a box) owns the pointer: no cell under it is hovered
        self.hover_hex = None if self.ui.covers(it.pos, self.view) else self.view.hex_at(it.pos)
        self.show_cursor = False
        self._hover_pos = it.pos
        self.ui.pointer = it.pos
        return None

    def _drag(self, it: Intent) -> bool:
        """The right (or middle) button: drag the map; a right click without a drag lets the selection go."""
        if it.name == "press" and it.button in (2, 3):
            self.drag_from = it.pos
            self.dragged = False
            return True
        if it.name == "release" and it.button in (2, 3):
            if not self.dragged and it.button == 3:
                self.ui.selected = None
                self.ui.auto_select()
            self.drag_from = None
            return True
        return False

    # 5. the cursor and Tab ------------------------------------------------------------------------------
    def _cursor(self, it: Intent) -> None:
        start = self.cursor_hex if self.show_cursor else (self.hover_hex or self._selected_hex() or self.cursor_hex)
        self.cursor_hex = self.view.neighbour_in_direction(start, it.dx, it.dy)
        self.show_cursor = True
        self.hover_hex = self.cursor_hex
        if self.cursor_hex:
            self.view.ensure_visible(self.cursor_hex)

    def _cycle(self, it: Intent) -> None:
        hexes = self.ui.actable_hexes()
        if not hexes:
            return
        cur = self.cursor_hex if self.cursor_hex in hexes else None
        i = (hexes.index(cur) + it.dx) % len(hexes) if cur else 0
        self.cursor_hex = self.hover_hex = hexes[i]
        self.show_cursor = True
        self.view.ensure_visible(hexes[i])
        if self.can_act() and self.ui.targets().get(hexes[i]) == "select":
            self.ui.select_at(hexes[i])
        self.app.audio.play("click")

    # 6. a person acting ---------------------------------------------------------------------------------
    def _press(self, it: Intent) -> None:
        if it.button != 1 or not it.pos:
            return
        for b in self.buttons:
            if b.rect.collidepoint(it.pos):
                self.press_button(b)
                return
        res = self.ui.click_at(it.pos, self.view)
        if res is not None:             # a game panel drawn over the map (cards ...) took the click
            self._click_result(res)
            return
        if self.ui.covers(it.pos, self.view):
            return                      # (the game's panel owns the pointer: never the cell beneath)
        hx = self.view.hex_at(it.pos)
        if hx is not None or it.pos[0] < self.map_w:
            self.click_hex(hx)

    def _click_cursor(self, it: Intent) -> None:
        self.click_hex(self.cursor_hex)

    def _confirm(self, it: Intent) -> None:
        if self.show_cursor and self.cursor_hex and (self.cursor_hex in self.ui.targets()
                                                     or self.ui.unit_at(self.cursor_hex)):
            self.click_hex(self.cursor_hex)
        else:
            self.main_button()

    def _context(self, it: Intent) -> None:
        self.main_button()

    #: the board's own keys, at any time (a handler returning False passes the intent on)
    VIEW_KEYS = {"threat": lambda self, it: self.toggle_threat(), "back": _pause, "menu": _pause, "help": _help,
                 "zoom": _zoom, "pan": _pan, "drag": _drag_map, "overlay": _overlay, "zoc": _zoc,
                 "explain": _explain, "hint": lambda self, it: self.ask_hint(), "point": _point}
    #: undo, save and load (not in a replay)
    FILE_KEYS = {"undo": lambda self: self.undo(), "save": lambda self: self.save(),
                 "load": lambda self: self.open_load()}
    CURSOR_KEYS = {"cursor": _cursor, "cycle": _cycle}
    #: what a person's press does when they may act
    ACT_KEYS = {"press": _press, "click_cursor": _click_cursor, "confirm": _confirm, "context": _context}

    def press_button(self, b: Button) -> None:
        """A side-panel button pressed (a click, or A on the pad's focus ring)."""
        if b.enabled:
            self.submit(b.value)
        else:
            self.app.audio.play("error")
            if b.reason:
                self.app.toast(b.reason, BAD)

    def _replay_input(self, it: Intent) -> None:
        if it.name in ("context", "confirm", "click_cursor") or (it.name == "press" and it.button == 1):
            self.paused = not self.paused
            self.app.toast(_("Replay paused — Space: play, →: step") if self.paused else _("Replay playing"))
        elif it.name == "cursor" and it.dx > 0 and not self.seq.busy:
            if self.session.machine_to_move():
                self.machine_step()

    def _selected_hex(self) -> str | None:
        return self.ui.unit_hex(self.ui.selected) if self.ui.selected else None

    def click_hex(self, hex_: str | None) -> None:
        self._click_result(self.ui.click(hex_))

    def _click_result(self, res) -> None:
        if res.action is not None:
            if res.action in self.game.legal_actions():
                self.submit(res.action)
            else:
                self.app.audio.play("error")
        elif res.error:
            self.app.audio.play("error")
            self.app.toast(res.error, BAD)
        elif res.handled:
            self.app.audio.play("click")
        self._buttons_key = None

    def main_button(self) -> None:
        a = self.ui.main_action()
        if a is not None and a in self.game.legal_actions():
            self.submit(a)
        else:
            self.app.audio.play("error")
            reason = next((c.reason for c in self.ui.choices() if c.primary and c.reason), "")
            if reason:
                self.app.toast(reason, BAD)
