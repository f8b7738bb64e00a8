"""The terms the rules share: link kinds, piece codes, the prompts of the decisions,
and pure helpers over piece codes.
"""
from __future__ import annotations

from itertools import combinations
from typing import Any

from game.core.data import load_json
from game.core.text import Msg, Name

from .. import seating
from ..kinds import (ADVANCE, CARD_ATTACK, CARD_MOVE, COMMAND, DISCARD, LOSS, NAME, RETREAT, SACRIFICE, STAND,
                     TARGET)
from ..components import Side

KINDS = ("rail", "road", "river")
GREY = "grey_"
CODES = ("infantry", "cavalry", "armoured_train", "grey_infantry", "grey_cavalry")
SHORT = {"inf": "infantry", "cav": "cavalry", "AT": "armoured_train", "ginf": "grey_infantry",
         "gcav": "grey_cavalry"}
DEFAULT_SEATS = ("CHIANG", "HE", "YAN", "LI", "FENG")
#: ops that, in a lasting card's while_active, only act while the card is in play
LASTING_OPS = ("attack_all", "defend", "income", "hand_limit", "cut_rail")
PROMPTS = {
    COMMAND: Msg("choose a command: move, attack, play a card, or end"),
    DISCARD: Msg("discard a card to pay for the command"),
    SACRIFICE: Msg("sacrifice a card: from the hand or the top of the deck"),
    CARD_MOVE: Msg("make the card's move (or skip)"),
    CARD_ATTACK: Msg("make the card's attack (or skip)"),
    TARGET: Msg("choose the card's target"),
    NAME: Msg("name the enemy commander to attack"),
    STAND: Msg("retreat or defend?"),
    RETREAT: Msg("retreat a piece"),
    LOSS: Msg("remove a piece"),
    ADVANCE: Msg("advance into the battlefield?"),
}
#: why a track moves, when it is not a card (the log line says it in brackets)
WHY_INCOME, WHY_UPKEEP = Msg("income"), Msg("upkeep")
WHY_LOST_BATTLE, WHY_BATTLE = Msg("lost a battle"), Msg("battle")
#: a card's kind, as the log line of its play says it
KIND_TEXT = {"ordinary": Msg("ordinary"), "lasting": Msg("lasting"), "dispatch": Msg("dispatch"),
             "neutral": Msg("neutral")}


#: the Names of the data and the map, by (id(data), id(board)) (see CentralPlains._names)
_NAMES: dict[tuple[int, int], tuple[Any, Any, tuple[dict[str, Name], ...]]] = {}


def base(code: str) -> str:
    return code[len(GREY):] if code.startswith(GREY) else code


def load_data() -> dict[str, Any]:
    return load_json(seating.DATA_PATH)


def submultisets(codes: tuple[str, ...], most: int = 3) -> list[tuple[str, ...]]:
    """The distinct non-empty sub-multisets of ``codes`` (sorted) with at most ``most`` pieces."""
    out: set[tuple[str, ...]] = set()
    for k in range(1, min(most, len(codes)) + 1):
        out.update(combinations(sorted(codes), k))
    return sorted(out, key=lambda p: (len(p), p))


def parse_pieces(text: str) -> list[tuple[str, str]]:
    """'CHIANG inf inf AT; HE inf' -> [(CHIANG, infantry), ...] (hand-built positions)."""
    out = []
    for part in text.split(";"):
        words = part.split()
        if not words:
            continue
        cmd = words[0]
        for w in words[1:]:
            out.append((cmd, SHORT.get(w, w)))
    return out




def _side(s: Side) -> dict[str, Any]:
    return {"commander": s.commander, "pieces": s.pieces, "morale": s.morale, "card": s.card, "lasting": s.lasting,
            "terrain": s.terrain, "dice": list(s.dice), "total": s.total}
