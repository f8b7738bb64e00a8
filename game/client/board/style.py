"""The board scene's sizes, colours and the intents it treats apart."""
from __future__ import annotations



from ..i18n import N_
from ..widgets import ACCENT, BAD

#: the AI levels as the board names them (who is to move)
LEVEL_NAMES = {"easy": N_("easy"), "normal": N_("normal"), "hard": N_("hard")}

MAP_FRACTION = 0.72
PANEL_BG = (18, 22, 30)             # the side panel's colour
PANEL_MIN_W = 330                   # the side panel is never narrower (a 1024-wide window: the map shrinks)
DEMO_SPEED = 1.3                    # the demo's animations run this much faster than a person's game
DEMO_HINT_H = 66                    # the demo's hint box in the side panel
TARGET_COLOURS = {"move": (80, 220, 120, 110), "select": (255, 230, 110, 70), "attack": (240, 60, 50, 120),
                  "retreat": (90, 170, 255, 120), "advance": (80, 220, 120, 120), "resolve": (255, 140, 40, 120)}
ZOC_COLOUR = (200, 40, 200, 70)
EXPLAIN_COLOUR = (255, 190, 60)     # the AI's last decision and its alternatives (E)
HINT_COLOUR = (90, 220, 255)        # a hint: what the normal AI would do (I)
CURSOR_COLOUR = (255, 255, 255, 230)
HOVER_COLOUR = (255, 255, 255, 160)
#: the dice panels that stay on screen once rolled (a combat's result), until the next action,
#: a click or a key (or the settings' dice_popup seconds)
HELD_DICE = frozenset({"CombatResolved", "BattleResolved", "BombardmentResolved", "Fire", "LeaderFate"})
#: intents that do not close a held result panel (the pointer moving, the wheel, a pad coming)
PASSIVE_INTENTS = frozenset({"point", "drag", "release", "zoom", "pad_added", "pad_removed", "confirm_up",
                             "log_scroll", "log_newest", "end"})
LOG_COLOURS = {"CombatResolved": ACCENT, "StepLost": BAD, "UnitEliminated": BAD, "GameOver": ACCENT,
               "TurnStarted": (140, 200, 255), "InitiativeChanged": (140, 200, 255), "BridgeBlown": BAD,
               "EndRoll": ACCENT}
