"""A person's game comes onto the board and leaves it, never lost.

- Coming: :func:`start_new_game` (in a slot of its own), :func:`open_save` (a save
  from the Load screen or the command line), :func:`continue_game` (the title's
  Continue); :func:`ask_new_game` asks first when an unfinished game of that game
  is saved (continue it, or start a new one and keep it).
- Leaving: :func:`ask_leave` asks before a person's unfinished game is left (quit,
  quit to the title, or loading another from the board), autosaves it, and asks
  again when that autosave fails.

The board is reached through the navigator (game/client/navigator.py); no scene is
imported here.
"""
from __future__ import annotations

import logging
from pathlib import Path
from typing import Callable

from game import rulesets

from .dialogs import Confirm
from .i18n import _
from .navigator import BOARD, go
from .savelist import seats_line, turn_line, when_line
from .session import SaveError, SaveInfo, Session, last_unfinished, prune_empty_autosaves
from .widgets import BAD

log = logging.getLogger("sandtable.saves")


# -- a game onto the board -----------------------------------------------------------------------

def open_save(app, path: Path, current=None) -> str:
    """Load ``path`` and show its board; ``current`` (a board scene) is closed once the new
    game is loaded (the caller saved it first). Returns '' or the one line of why not."""
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
    go(app, BOARD, session=s)
    return ""


def continue_game(app, info: SaveInfo) -> str:
    """The title's Continue: the board of ``info``'s save; '' or the one line of why not."""
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
    prune_empty_autosaves(game_id)
    game = rulesets.new_game(game_id, app.next_seed(), options=options or None)
    slot = f"{game_id}-kiosk" if app.kiosk is not None else None
    go(app, BOARD, session=Session(game, seats, slot=slot))


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
