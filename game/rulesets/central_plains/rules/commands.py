"""The commands (seed 6): a move (discard 1), an attack (discard 2) or a card play.
"""
from __future__ import annotations

from game.core.actions import Action

from dataclasses import replace

from ..actions import Attack, Discard, EndCommands, Move, Play, Sacrifice
from ..components import Cost, Effects, Op
from .basics import KIND_TEXT

class Commands:
    """The commands (seed 6): a move (discard 1), an attack (discard 2) or a card play."""

    # -- the decisions of the command phase (seed 6) and their handlers --------------------------------------------
    def legal_command(self) -> list[Action]:
        cmd = self.turn().commander
        hand = self.hand(self.seat_of[cmd])
        out: list[Action] = [Play(c) for c in hand if self.playable(c)]
        if hand:
            out += self.moves(cmd, "normal")
        if len(hand) >= 2:
            out += self.attacks(cmd)
        return out + [EndCommands()]

    def legal_discard(self) -> list[Action]:
        return [Discard(c) for c in self.hand(self.seat_of[self.turn().commander])]

    def legal_sacrifice(self) -> list[Action]:
        seat = self.seat_of[self._get(Effects).commander]
        out: list[Action] = [Sacrifice(c) for c in self.hand(seat)]
        if self.cards_in(f"deck:{seat}") or self.cards_in(f"discard:{seat}"):
            out.append(Sacrifice("deck"))
        return out

    def on_play(self, a: Play) -> None:
        self._play(a.card)

    def on_move(self, a: Move) -> None:
        self._command("move", a.frm, a.to, a.pieces)

    def on_attack(self, a: Attack) -> None:
        self._command("attack", a.origin, a.battlefield)

    def on_end_commands(self, a: EndCommands) -> None:
        self._set_turn(commands=0)
        self.emit_msg("CommandsEnded", "{commander} ends the commands", {"commander": self.name(self.turn().commander)})

    def on_discard(self, a: Discard) -> None:
        self._discard(a.card)

    def on_sacrifice(self, a: Sacrifice) -> None:
        self._sacrifice(a.card)

    # -- commands (seed 6) ---------------------------------------------------------------------------------------
    def _use_command(self) -> None:
        t = self.turn()
        self._set_turn(commands=t.commands - 1)

    def _command(self, what: str, frm: str, to: str, pieces: tuple[str, ...] = ()) -> None:
        """A move (discard 1) or an attack (discard 2): the discards are asked next."""
        self._use_command()
        n = int(self.data["commands"]["cost"][what]["discard"])
        self.put(self.game_ent, Cost(what, n, frm, to, tuple(pieces)))

    def _discard(self, card: str) -> None:
        cost = self._get(Cost)
        seat = self.seat_of[self.turn().commander]
        self.zones.move(self, card, f"discard:{seat}", frm=f"hand:{seat}")
        v = {"seat": self.seat_name(seat), "card": self.card_name(card)}
        if cost.command == "move":
            self.emit_msg("CardDiscarded", "{seat} discards {card} for the move", v, card=card, seat=seat)
        else:
            self.emit_msg("CardDiscarded", "{seat} discards {card} for the attack", v, card=card, seat=seat)
        if cost.left > 1:
            self.put(self.game_ent, replace(cost, left=cost.left - 1))
            return
        self.take(self.game_ent, Cost)
        cmd = self.turn().commander
        if cost.command == "move":
            self._do_move(cmd, cost.frm, cost.to, cost.pieces)
        else:
            self._start_battle(cmd, cost.frm, cost.to)

    def playable(self, card: str) -> bool:
        """seed 9(3): only the commander whose turn it is plays his own cards; a
        lasting card with a sacrifice needs a card to sacrifice (ruling sacrifice_needed)."""
        cmd = self.turn().commander
        if self.card_owner(card) != cmd:
            return False
        cd = self.cdata[card]
        if cd["kind"] == "lasting" and cd.get("sacrifice"):
            seat = self.seat_of[cmd]
            return (len(self.hand(seat)) > 1 or bool(self.cards_in(f"deck:{seat}"))
                    or bool(self.cards_in(f"discard:{seat}")))
        return True

    def _play(self, card: str) -> None:
        """seed 6(3): play a card face up; ordinary (this turn), lasting (counters,
        sacrifice), dispatch (counters; its effect on expiry)."""
        self._use_command()
        cmd = self.turn().commander
        seat = self.seat_of[cmd]
        cd = self.cdata[card]
        self.zones.move(self, card, f"play:{cmd}", frm=f"hand:{seat}")
        self.emit_msg("CardPlayed", "{commander} plays {card} ({kind}): {text}",
                      {"commander": self.name(cmd), "card": self.card_full_names[card], "kind": KIND_TEXT[cd["kind"]],
                       "text": cd["text"]}, card=card, commander=cmd, card_kind=cd["kind"])
        ops: list[Op] = []
        eff = cd["effect"]
        if cd["kind"] == "lasting" and cd.get("sacrifice"):
            ops.append(Op(card, ("sacrifice",)))
        if cd["kind"] in ("lasting", "dispatch"):
            ops.append(Op(card, ("counters",)))
        for section in ("on_play", "while_active"):
            ops += [Op(card, (section, i)) for i in range(len(eff.get(section, ())))]
        then = "discard" if cd["kind"] == "ordinary" else "keep"
        self.put(self.game_ent, Effects(cmd, card, then, tuple(ops)))

    def _sacrifice(self, card: str) -> None:
        e = self._get(Effects)
        seat = self.seat_of[e.commander]
        if card == "deck":
            got = self.zones.draw(self, f"deck:{seat}", "removed", 1, reshuffle=f"discard:{seat}",
                                  purpose=self.reshuffle_why[seat])
            card = got[0]
            self.emit_msg("CardSacrificed", "{seat} sacrifices {card} from the top of the deck",
                          {"seat": self.seat_name(seat), "card": self.card_name(card)}, card=card, seat=seat)
        else:
            self.zones.move(self, card, "removed", frm=f"hand:{seat}")
            self.emit_msg("CardSacrificed", "{seat} sacrifices {card} from the hand",
                          {"seat": self.seat_name(seat), "card": self.card_name(card)}, card=card, seat=seat)
        self._pop(e)
