"""The decision kinds of 中原大戰: the phases of its sequence of play in which a
player decides (seed 5, 6, 7; §6.1). The rules, the client and the AI name them by
these constants, never by a string typed again (saves, goldens and observations
hold the same strings)."""

COMMAND = "command"         # phase 3: choose a command (move, attack, play a card) or end the commands
DISCARD = "discard"         # pay a move (1 card) or an attack (2 cards)
SACRIFICE = "sacrifice"     # a lasting card's sacrifice: a card from the hand or the top of the deck
CARD_MOVE = "card_move"     # the move a card gives (or skip it)
CARD_ATTACK = "card_attack"  # the attack a card gives (or skip it)
TARGET = "target"           # a card op's choice: a stronghold, a commander, a link
NAME = "name"               # the attacker names the enemy commander to attack
STAND = "stand"             # the named commander retreats or defends
RETREAT = "retreat"         # which piece retreats, and where
LOSS = "loss"               # which piece goes when the troops marker enters a lower zone
ADVANCE = "advance"         # the winner may advance into the cleared battlefield
OVER = "over"               # the game has ended

ALL = (COMMAND, DISCARD, SACRIFICE, CARD_MOVE, CARD_ATTACK, TARGET, NAME, STAND, RETREAT, LOSS, ADVANCE, OVER)
