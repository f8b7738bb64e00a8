"""The guided tutorial on ノモンハンの戦い: a first turn with prompts that point at
what to click, and that checks the player did it.

It is the board scene on a fixed seed and the opening position (Japan human,
the Soviet Union the easy AI), with a prompt box over the map and an arrow at
the unit, hex or button the step is about. The steps are data
(``game/client/games/rules/nomonhan_tutorial.json``; the prompts translated in
``rules/<lang>/nomonhan_tutorial.json``, see game/client/prose.py); each expects one of:

- ``ack``: Enter / Space / A, or a click on the prompt box (once the
  animations are over when the step says ``wait_idle``);
- ``select``: that unit selected;
- ``action``: that action submitted (its ``kind`` and fields, as in saves);
- ``until``: the game has reached that state (``side``: a phase of that side
  has begun since the step did); meanwhile only the actions whose kinds are in ``allow`` may be taken.

**Wrong actions are refused**, gently: an action the step does not ask for is
not submitted (the game does not change), the error sound plays and the step's
prompt comes back with a line saying what was done instead. Selecting another
unit is allowed (a selection changes nothing) and the box says which unit the
step wants. Undo is refused while the tutorial runs (it would leave the steps
behind). After the last step the game simply goes on against the AI.
"""
from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pygame

from game import rulesets

from . import prose
from .i18n import _, tr
from .input import Intent
from .navigator import TUTORIAL, route
from .scenes.board import BoardScene        # (extended, never reached this way: the tutorial IS a board)
from .session import Session
from .widgets import ACCENT, BAD, DIM, FOCUS, TEXT, panel

RULES_DIR = Path(__file__).resolve().parent / "games" / "rules"
ARROW = (255, 214, 70)


def tutorial_name() -> str:
    """The tutorial the select screen offers: the first game's in the catalogue that has one
    (its client facts' ``tutorial``, a file in games/rules/)."""
    from .facts import tutorials
    found = tutorials()
    if not found:
        raise LookupError("no game has a guided tutorial")
    return found[0][1]


def load_tutorial(path: Path | None = None) -> dict[str, Any]:
    path = path or RULES_DIR / f"{tutorial_name()}.json"
    spec = json.loads(path.read_text(encoding="utf-8"))
    spec.setdefault("name", path.stem)
    return spec


def matches(action, want: dict[str, Any]) -> bool:
    """Is ``action`` the one a step asks for (its kind and the fields the step names)?"""
    js = action.to_json()
    return all(js.get(k) == v for k, v in want.items())


@route(TUTORIAL)
class TutorialScene(BoardScene):
    name = "board"          # the board scene, with the tutorial on top (tests and the app treat it as one)

    def __init__(self, app, spec: dict[str, Any] | None = None):
        self.spec = spec or load_tutorial()
        game = rulesets.new_game(self.spec["game"], int(self.spec["seed"]))
        session = Session(game, dict(self.spec["seats"]), autosave=False)
        super().__init__(app, session)
        self.steps: list[dict[str, Any]] = self.spec["steps"]
        self.index = 0
        self.note = ""              # the gentle line under the prompt after a refused action
        self.finished = False
        self.prompt_rect = pygame.Rect(0, 0, 0, 0)
        self.mark = len(self.game.events)    # the events before the step began

    # -- the steps ----------------------------------------------------------------------
    @property
    def step(self) -> dict[str, Any] | None:
        return None if self.finished else self.steps[self.index]

    def advance(self) -> None:
        self.note = ""
        if self.index + 1 >= len(self.steps):
            self.finished = True
            self.app.toast(_("Tutorial complete. The game goes on against the AI."))
        else:
            self.index += 1
        self.mark = len(self.game.events)
        self.app.audio.play("click")

    def _label(self, key: str) -> str:
        u = getattr(self.ui, "units_static", {}).get(key)
        if not u:
            return key
        return f"{u['label']} ({u['name']})" if u.get("name") and u["name"] != u["label"] else u["label"]

    def _what(self, action) -> str:
        """The action's label with unit keys as the player reads them."""
        text = tr(action.label())
        for key in sorted(getattr(self.ui, "units_static", {}), key=len, reverse=True):
            if key in text:
                text = text.replace(key, self.ui.units_static[key]["label"])
        return text

    def prompt(self, st: dict[str, Any]) -> str:
        """The step's prompt in the interface language (``rules/<lang>/nomonhan_tutorial.json``,
        keyed by the step's id; the English where it has none)."""
        return prose.text(prose.translation(self.spec["name"]), st["id"], st["prompt"])

    def refuse(self, what: str) -> None:
        self.note = what
        self.app.audio.play("error")

    def submit(self, action) -> bool:
        st = self.step
        if st is not None:
            want = st["expect"]
            if "action" in want and matches(action, want["action"]):
                ok = super().submit(action)
                if ok:
                    self.advance()
                return ok
            allow = st.get("allow", [])
            if action.kind not in allow:
                self.refuse(_("Not yet: that would be “{what}”. This step asks for something else (above).")
                            .format(what=self._what(action)))
                return False
        return super().submit(action)

    def undo(self) -> bool:
        if self.step is not None:
            self.refuse(_("Undo is off during the tutorial."))
            return False
        return super().undo()

    def _idle(self) -> bool:
        """Nothing is still moving or rolling (a combat's result held on screen, the dice
        landed, counts as idle: the step's Enter closes it and goes on)."""
        return not self.seq.busy and (self.dice is None or bool(self.dice.get("held") and self.dice.get("landed", True)))

    def handle(self, it: Intent) -> None:
        st = self.step
        if st is not None and self.modal is None and st["expect"].get("ack"):
            go = it.name in ("confirm", "context", "click_cursor") or (
                it.name == "press" and it.button == 1 and it.pos and self.prompt_rect.collidepoint(it.pos))
            if go:
                if self._idle() or not st.get("wait_idle"):
                    if self.dice is not None and self.dice.get("held"):
                        self.dismiss_dice()
                    self.advance()
                    return
        super().handle(it)

    def update(self, dt: float) -> None:
        super().update(dt)
        st = self.step
        if st is None:
            return
        want = st["expect"]
        if "select" in want:
            sel = self.ui.selected
            if sel == want["select"]:
                self.advance()
            elif sel is not None:
                self.note = _("That is {got}. This step asks for {want}.").format(
                    got=self._label(sel), want=self._label(want["select"]))
        elif "until" in want and self.reached(want["until"]):
            self.advance()

    def reached(self, until: dict[str, Any]) -> bool:
        """Has a phase of that side begun since the step began (or is it that side's phase now)?"""
        side = until.get("side")
        if any(e.kind == "PhaseStarted" and e.data.get("side") == side for e in self.game.events[self.mark:]):
            return True
        return self.game.public_state().get("side") == side

    # -- pointing -----------------------------------------------------------------------------
    def target_pos(self) -> tuple[tuple[int, int], float] | None:
        """Where the arrow points now (screen position, radius of the ring), if anywhere."""
        st = self.step
        if st is None:
            return None
        point = dict(st.get("point") or {})
        need = st.get("needs_selected")
        if need and self.ui.selected != need:
            point = {"unit": need}
        if "button" in point:
            self._rebuild_buttons()
            b = next((b for b in self.buttons if b.primary), None)
            return ((b.rect.x, b.rect.centery), b.rect.height / 2) if b else None
        cell = point.get("hex") or (self.ui.unit_hex(point["unit"]) if "unit" in point else None)
        if not cell or cell not in self.game.board.cells:
            return None
        x, y = self.view.hex_center(cell)
        return (int(x), int(y)), self.view.hex_size() * 0.55

    # -- drawing -----------------------------------------------------------------------------
    def draw(self, surf: pygame.Surface) -> None:
        super().draw(surf)
        if self.step is None or self.modal is not None:
            return
        self._draw_pointer(surf)
        self._draw_prompt(surf)

    def _draw_pointer(self, surf: pygame.Surface) -> None:
        tp = self.target_pos()
        if tp is None:
            return
        (x, y), r = tp
        bob = 6 * math.sin(self.time * 5)
        pygame.draw.circle(surf, ARROW, (x, y), int(r + 4 + bob / 2), 4)
        if x > self.map_w:                       # a button in the side panel: the arrow from the left
            tip = (x - 6 - bob, y)
            pts = [tip, (tip[0] - 22, tip[1] - 16), (tip[0] - 22, tip[1] - 6), (tip[0] - 54, tip[1] - 6),
                   (tip[0] - 54, tip[1] + 6), (tip[0] - 22, tip[1] + 6), (tip[0] - 22, tip[1] + 16)]
        else:                                    # a hex: the arrow from above
            tip = (x, y - r - 8 - bob)
            pts = [tip, (tip[0] - 16, tip[1] - 22), (tip[0] - 6, tip[1] - 22), (tip[0] - 6, tip[1] - 54),
                   (tip[0] + 6, tip[1] - 54), (tip[0] + 6, tip[1] - 22), (tip[0] + 16, tip[1] - 22)]
        pygame.draw.polygon(surf, (0, 0, 0), [(px + 2, py + 3) for px, py in pts])
        pygame.draw.polygon(surf, ARROW, pts)

    def _draw_prompt(self, surf: pygame.Surface) -> None:
        st = self.step
        area = self.view.area
        w = min(area.width - 32, max(360, int(area.width * 0.62)))
        size = max(15, min(22, surf.get_height() // 36))
        head = self.assets.text(_("Tutorial — step {n} of {total}").format(n=self.index + 1, total=len(self.steps)),
                                size - 2, ACCENT, bold=True)
        body = self.assets.text(self.prompt(st), size, TEXT, wrap=w - 28)
        note = self.assets.text(self.note, size - 2, BAD, wrap=w - 28) if self.note else None
        more = None
        if st["expect"].get("ack"):
            ready = self._idle() or not st.get("wait_idle")
            more = self.assets.text(_("Enter / A / click here: continue") if ready else _("…"), size - 4,
                                    FOCUS if ready else DIM, bold=True)
        h = 14 + head.get_height() + 6 + body.get_height() + (note.get_height() + 6 if note else 0) \
            + (more.get_height() + 6 if more else 0) + 14
        r = pygame.Rect(area.x + 16, area.bottom - h - 16, w, h)
        tp = self.target_pos()
        if tp and r.inflate(40, 40).collidepoint(tp[0]):      # never over what it points at
            r.y = area.y + 16 + getattr(self.ui, "top_band", 0)
        self.prompt_rect = r
        panel(surf, r, colour=(16, 20, 30), border=ARROW, alpha=238)
        y = r.y + 14
        surf.blit(head, (r.x + 14, y))
        y += head.get_height() + 6
        surf.blit(body, (r.x + 14, y))
        y += body.get_height() + 6
        if note:
            surf.blit(note, (r.x + 14, y))
            y += note.get_height() + 6
        if more:
            surf.blit(more, more.get_rect(topright=(r.right - 14, y)))
