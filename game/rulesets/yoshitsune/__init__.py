"""義經 Yoshitsune (Game Journal No.21, 2006): data only so far.

``data.json`` holds the generals, clans, cards, set-up, tracks and tables of the
data sheet (../shared/rules/yoshitsune.md); the map is ``maps/yoshitsune.tmx``.
The game is not registered in :mod:`game.rulesets` yet: there are no rules.
"""
