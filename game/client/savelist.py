"""A save in words, as the Load screen, the title's Continue card and the questions
about a save show it: the game's title, its turn, when it was saved, who sits where.
(Its picture is game/client/thumbnails.py's.) No scene is imported here."""
from __future__ import annotations

import time

from game import rulesets

from .facts import client_facts
from .i18n import _
from .seat_kinds import KIND_NAMES
from .session import SaveInfo


def game_title(game_id: str) -> str:
    """"Nomonhan  ノモンハン": the game's title and its local one."""
    try:
        spec = rulesets.spec(game_id)
    except KeyError:
        return game_id
    return f"{spec.title}  {spec.local}" if spec.local and spec.local != spec.title else spec.title


def seats_line(info: SaveInfo) -> str:
    """"Japan: you · Soviet Union: AI normal"."""
    try:
        names = dict(rulesets.spec(info.game_id).side_names)
    except KeyError:
        names = {}

    def name(seat: str) -> str:             # (中原大戰's seats are commanders: "CHIANG+HE")
        return _(names[seat]) if seat in names else seat.replace("+", " + ").title()
    parts = []
    for seat, kind in info.seats:
        k = kind.partition("@")[0]
        parts.append(_("{side}: {who}").format(side=name(seat), who=_(KIND_NAMES[k]) if k in KIND_NAMES else k))
    return "  ·  ".join(parts)


def when_line(info: SaveInfo) -> str:
    """When it was saved, as the player reads it: "2026-12-01 14:50"."""
    s = info.saved_at.replace("T", " ")[:16] if info.saved_at else ""
    if not s and info.mtime:
        s = time.strftime("%Y-%m-%d %H:%M", time.localtime(info.mtime))
    return s


def turn_line(info: SaveInfo) -> str:
    """"Turn 3  ·  finished  ·  42 moves"."""
    bits = []
    if info.turn is not None:
        bits.append(_(client_facts(info.game_id).turn_word).format(turn=info.turn))
    if info.over:
        bits.append(_("finished"))
    bits.append(_("{n} moves").format(n=info.actions))
    return "  ·  ".join(bits)
