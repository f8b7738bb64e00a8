"""義經 Yoshitsune (Game Journal No.21, 2006): the rules.

``data.json`` holds the generals, clans, cards, set-up, tracks and tables of the
data sheet (../shared/rules/yoshitsune.md); the map is ``maps/yoshitsune.tmx``.
Not yet registered as ready in :mod:`game.rulesets` (no agent or client yet).
"""
from .rules import Yoshitsune

__all__ = ["Yoshitsune"]
