"""Scenes: title -> select -> seats -> board -> game over (each in its own module), the
Load screen, the replays, the settings and the kiosk's attract screens.

A scene reaches another through the navigator (game/client/navigator.py), never by
importing its module; importing this package imports each scene module once, so
that each registers its routes. What scenes share that is not a scene lives beside
them in game/client/ (dialogs.py, gameflow.py, savelist.py, thumbnails.py,
pause_menu.py, settings_panel.py, seat_kinds.py).
"""
from . import attract, board, gameover, replay, saves, seats, select, settings, title  # noqa: F401
