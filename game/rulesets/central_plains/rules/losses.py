"""Losses (seed 7(3)): troops lost one at a time, a piece for each zone left.
"""
from __future__ import annotations

from dataclasses import replace

from ..actions import PIECE_TEXT, RemovePiece
from ..components import Ask, Loss
from ..kinds import LOSS
from .basics import WHY_BATTLE

class Losses:
    """Losses (seed 7(3)): troops lost one at a time, a piece for each zone left."""

    def legal_loss(self) -> list[RemovePiece]:
        return self._removal_options(self._get(Loss))

    def on_remove(self, a: RemovePiece) -> None:
        loss = self._get(Loss)
        self._remove_piece(loss.victim, a.at, a.piece)
        self.put(self.game_ent, replace(loss, remove=loss.remove - 1))

    # -- losses (seed 7(3)) ----------------------------------------------------------------------------------------------
    def _loss_victim(self, loss: Loss) -> str | None:
        here = {c for c, _ in self.stacks()[loss.at]}
        if loss.commander in here:
            return loss.commander
        for k in self.order:                                 # overflow onto allies in the same stronghold
            if k in here and self.data_camp[k] == self.data_camp[loss.commander]:
                return k
        return None

    def _loss_step(self, loss: Loss) -> Ask | None:
        if loss.remove > 0:
            opts = self._removal_options(loss)
            if not opts:
                self.put(self.game_ent, replace(loss, remove=0))
            elif len(opts) == 1:
                self._remove_piece(loss.victim, opts[0].at, opts[0].piece)
                self.put(self.game_ent, replace(loss, remove=loss.remove - 1))
            else:
                return Ask(LOSS, self.seat_of[loss.victim])
            return None
        if loss.left <= 0 or loss.at is None:
            self.take(self.game_ent, Loss)
            return None
        victim = self._loss_victim(loss)
        if victim is None:
            self.emit_msg("LossesEnd", "{place} is empty: the remaining {left} troop loss is not taken",
                          {"place": self.place_name(loss.at), "left": loss.left}, at=loss.at, left=loss.left)
            self.take(self.game_ent, Loss)
            return None
        crossed = self._troops_down(victim, 1, WHY_BATTLE)
        if self.over() is None:
            self.put(self.game_ent, replace(loss, left=loss.left - 1, victim=victim, remove=crossed))
        return None

    def _removal_options(self, loss: Loss) -> list[RemovePiece]:
        if loss.at is not None:
            return [RemovePiece(loss.at, c) for c in sorted(set(self.controlled(loss.victim, loss.at)))]
        return [RemovePiece(s, c) for s in self.positions(loss.victim)
                for c in sorted(set(self.controlled(loss.victim, s)))]

    def _remove_piece(self, cmd: str, at: str, code: str) -> None:
        self._take(at, cmd, code)
        self.emit_msg("PieceRemoved", "{commander} loses {piece} at {place}",
                      {"commander": self.name(cmd), "piece": PIECE_TEXT[code], "place": self.place_name(at)},
                      commander=cmd, at=at, piece=code)
