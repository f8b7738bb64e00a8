"""The decision kinds of Nomonhan: the phases of its sequence of play [5.0] and
the choices inside a combat [9.0]. The rules, the client and the AI name them
by these constants, never by a string typed again."""

MOVE = "move"           # the phasing side moves units, brings in reinforcements, may blow the bridge
DECLARE = "declare"     # the phasing side pairs attackers with defenders
ORDER = "order"         # the attacker chooses the next declared combat to resolve
LOSS = "loss"           # the loser of a combat takes each loss: a step or a retreat
ADVANCE = "advance"     # the winner spends advance points
OVER = "over"           # the game has ended

ALL = (MOVE, DECLARE, ORDER, LOSS, ADVANCE, OVER)
