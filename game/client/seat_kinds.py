"""Who may sit in a seat, as the screens name it: the seats screen's choices
(:data:`OPTIONS`, with a line on each in :data:`OPTION_INFO`), the replay's take-over
question, and the save list's names for them (:data:`KIND_NAMES`). The kinds
themselves (``HUMAN``, the AI levels) are game.client.session's."""
from __future__ import annotations

from game.ai.levels import DESCRIPTIONS

from .i18n import N_
from .session import HUMAN

OPTIONS = ((HUMAN, N_("Human")), ("easy", N_("AI easy")), ("normal", N_("AI normal")), ("hard", N_("AI hard")))
#: one line for each choice, shown for the seat in focus ("random" is for tests and the command line)
OPTION_INFO = {HUMAN: N_("You play this side."), **DESCRIPTIONS}
#: a seat's kind in a save's line of seats ("Japan: you · Soviet Union: AI normal")
KIND_NAMES = {"human": N_("you"), "easy": N_("AI easy"), "normal": N_("AI normal"), "hard": N_("AI hard"),
              "random": N_("AI random"), "heuristic": N_("AI normal")}
