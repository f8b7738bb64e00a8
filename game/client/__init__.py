"""The pygame-ce client: scenes, rendering, input, audio, kiosk.

This package is the only place in Sandtable that imports pygame. It never
changes game state except by submitting an action chosen from
``game.legal_actions()``.

Entry points: :func:`game.client.app.run`, :func:`game.client.screenshot.render`,
:func:`game.client.bench.board_frame_times`.
"""
import os

# keep pygame's banner off stdout (``map-info --json``, the tools' output)
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
