"""How the scenes reach each other: by the name of a route, never by importing each other.

Each scene module registers the factory of its scene(s) under a route name, and a
scene that leads to another says where to go and with what::

    from ..navigator import SEATS, go
    go(self.app, SEATS, game_id="nomonhan")        # the seats screen of that game

Keyword arguments carry what the next scene needs (a session, a game id, what Back
does). ``go`` makes the scene and shows it (``app.switch``); ``make`` only makes it
(to draw it once, or to show it later). Going back to a scene that already exists
needs no route: ``app.switch(that_scene)``.

The routes are registered when their modules are imported: :mod:`game.client.app`
imports every scene module once. This module imports no scene (nor pygame).
"""
from __future__ import annotations

from typing import Any, Callable

TITLE = "title"                 # scenes/title.py: TitleScene
SELECT = "select"               # scenes/select.py: the game select
SEATS = "seats"                 # scenes/seats.py: game_id, seats; a take-over's seat_names, on_start, on_back, note
BOARD = "board"                 # scenes/board.py: session, demo
TUTORIAL = "tutorial"           # tutorial.py: the guided first turn (spec)
GAMEOVER = "gameover"           # scenes/gameover.py: session, background, from_replay, original
SAVES = "saves"                 # scenes/saves.py: the Load screen (back: the board it was opened from)
REPLAYS = "replays"             # scenes/replay.py: the list of saves to watch
REPLAY = "replay"               # scenes/replay.py: the replay viewer (what, back, taken_over)
SETTINGS = "settings"           # scenes/settings.py: back

#: a route's factory: ``factory(app, **kw)`` -> a scene, or None when it cannot be made
#: (it has said why, in a toast)
Factory = Callable[..., Any]

_routes: dict[str, Factory] = {}


def route(name: str) -> Callable[[Factory], Factory]:
    """Register the decorated scene class (or function) as the factory of route ``name``."""
    def register(factory: Factory) -> Factory:
        _routes[name] = factory
        return factory
    return register


def make(app, name: str, **kw) -> Any:
    """The scene of route ``name`` made with ``kw`` (None: it could not be made)."""
    try:
        factory = _routes[name]
    except KeyError:
        raise LookupError(f"no scene is registered for the route {name!r} (game.client.app imports the "
                          f"scene modules; registered: {', '.join(sorted(_routes)) or 'none'})") from None
    return factory(app, **kw)


def go(app, name: str, **kw) -> Any:
    """Show the scene of route ``name``, made with ``kw``, and return it (None: it could
    not be made, and nothing changed)."""
    scene = make(app, name, **kw)
    if scene is not None:
        app.switch(scene)
    return scene


def routes() -> tuple[str, ...]:
    """The route names registered so far."""
    return tuple(sorted(_routes))
