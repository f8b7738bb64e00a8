"""The decision kinds of 義經: the steps of its sequence of play [4.0] where a
player decides, named once. The rules, the client and the AI name them by these
constants, never by a string typed again (the same strings as ever: saves,
goldens and observations hold them)."""

REPLENISH = "replenish"         # 6.0: a side places a retainer in an area its clan controls
BUILD = "build"                 # 7.0: a side chooses this turn's cards, one at a time
TURN = "turn"                   # 8.0: the Genji player turns the top card of the deck
USE = "use"                     # 8.0: the card's user plays it, fights battles (8.0 Battle) or passes
GENERAL = "general"             # 9.0: the general card's order (move, battle, enter, replenish, tribute)
PICK_GENERAL = "pick_general"   # an event card activates a general (追討令, 奇襲, 平家水軍)
TARGET = "target"               # an event card's target (a general, an area, 強訴's march)
MOVE = "move"                   # 9.1: the moving general picks up, drops, steps or stops
ENTER = "enter"                 # 9.3: where a general in the waiting box enters the map
REPLENISH_AT = "replenish_at"   # 9.4: where a general card's retainer is raised
BATTLE_AREAS = "battle_areas"   # 8.0 Battle: the next area to fight in, or no more
COMMANDER = "commander"         # 10(2): which of the generals tied for command leads his clan
ALLOCATE = "allocate"           # 10(5): which clan takes the acting clan's next hit
RETREAT = "retreat"             # 10(6), 暴風雨: where a general whose fate is retreat goes
CONTINUE = "continue"           # 9.2(2): fight another round or break off
OVER = "over"                   # the game has ended

ALL = (REPLENISH, BUILD, TURN, USE, GENERAL, PICK_GENERAL, TARGET, MOVE, ENTER, REPLENISH_AT, BATTLE_AREAS,
       COMMANDER, ALLOCATE, RETREAT, CONTINUE, OVER)

# steps the rules pass through inside one action, where nobody decides (never a pending kind)
START = "start"                 # set-up, before the first turn
BATTLE = "battle"               # a battle round's fire and losses
ADJUST = "adjust"               # 11.0: the adjustment phase
