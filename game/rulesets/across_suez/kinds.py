"""The decision kinds of Across Suez: the phases of its sequence of play [3] and
the choices inside a combat [6]. The rules, the client and the AI name them by
these constants, never by a string typed again."""

MOVE = "move"               # the phasing side moves units, brings in reinforcements, crosses the canal [4][7][11]
STACK_LOSS = "stack_loss"   # end of movement: the owner removes units from over-stacked hexes [4.4]
BOMBARD = "bombard"         # the Egyptian day combat phase opens with up to two bombardments [13]
DECLARE = "declare"         # the phasing side declares one attack at a time and resolves it [3][6.1]
EE_LOSS = "ee_loss"         # an exchange: the attacker chooses the unit it loses [6.3]
RETREAT = "retreat"         # the loser's units retreat one hex [6.4]
ADVANCE = "advance"         # the winner may (or must) advance one unit into a vacated hex [6.5]
OVER = "over"               # the game has ended

ALL = (MOVE, STACK_LOSS, BOMBARD, DECLARE, EE_LOSS, RETREAT, ADVANCE, OVER)
