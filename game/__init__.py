"""Sandtable: five historical board wargames on one screen.

Layers (imports point down only):
    game.client    pygame-ce scenes, rendering, input, audio (the only pygame user)
    game.ai        agents
    game.rulesets  one package per game
    game.systems   shared mechanisms (movement, combat helpers)
    game.core      esper worlds, actions, dice, events, boards, saves
"""

__version__ = "0.1.0"
