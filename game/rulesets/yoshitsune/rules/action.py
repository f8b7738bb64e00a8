"""義經's action phase [8.0]: the Genji player turns the top card of the deck (seed
7.0(3): one person handles the deck); its side uses it: plays its text (a general's
order [9.0] or an event), fights battles (8.0 Battle: in areas with retainers of
two clans or more, each area once), or passes. When the deck is used up the
adjustment phase follows.

- A turned 後白河院の暗躍 / 追討令 is used by the side friendly with the court at
  that moment; if the court is neutral (START counts as neutral) it is discarded unused.
- A Battle under 8.0 is fought in areas with retainers of two or more clans,
  allied clans included, each area at most once per card, with one of the user's
  clans that has retainers there as the acting clan; a general card's Battle
  (9.2(1)) fights the other clans in his area, an ally too (combat.py).

Reads the card zones and ``Garrison``; writes the card zones, ``Act`` (the card
being used) and the phase.
"""
from __future__ import annotations

from game.core.actions import Action

from ..actions import BattleIn, EndBattles, TurnCard, UseCard
from ..components import Act
from ..kinds import BATTLE_AREAS, GENERAL, PICK_GENERAL, TARGET, TURN, USE
from .setup import STEP_STATE

#: the event cards whose play activates a general first (追討令, 奇襲, 平家水軍)
PICK_CARDS = ("C03", "G08", "H08")
_TURN = [TurnCard()]
_PASS = UseCard("pass")


class ActionPhase:
    """The action phase [8.0]: turning cards, using them, and the 8.0 Battle."""

    def _act(self) -> Act:
        return self.world.get(self.game_ent, Act)

    def _next_card(self) -> None:
        """The card is done: the next one is turned, or the adjustment phase follows."""
        has, e = self.world.has, self.game_ent
        for comp in STEP_STATE:
            if has(e, comp):
                self.take(e, comp)
        if self.cards_in("play"):
            self.zones.gather(self, "turned", ("play",))
        if self.cards_in("deck"):
            self._set_phase(TURN, "MINAMOTO")
        else:
            self._adjustment()

    def legal_turn(self) -> list[Action]:
        return list(_TURN)

    def on_turn_card(self, a: TurnCard) -> None:
        card = self.cards_in("deck")[0]
        self.zones.move(self, card, "play", frm="deck")
        user = self.card_side(card)
        self.emit_msg("CardTurned", "Card turned: {card}", {"card": self.card_names[card]}, card=card, user=user)
        if user is None:
            self.emit_msg("CardDiscarded", "{card}: the court is neutral, the card is discarded",
                          {"card": self.card_names[card]}, card=card)
            self._next_card()
            return
        self.put(self.game_ent, Act(card, user))
        self._set_phase(USE, user)

    # -- using the card ------------------------------------------------------------------------------
    def playable(self, act: Act) -> bool:
        card = self.cdata[act.card]
        if card["type"] == "general":
            return bool(self.orders(card["effect"]["general"], act))
        if act.card in PICK_CARDS:
            return bool(self.pick_options(act))
        return bool(self.targets(act))

    def legal_use(self) -> list[Action]:
        act = self._act()
        out: list[Action] = []
        if self.playable(act):
            out.append(UseCard("play"))
        if self.fight_options(act.user):
            out.append(UseCard("fight"))
        return out + [_PASS]

    def on_use(self, a: UseCard) -> None:
        act = self._act()
        cd = self.cdata[act.card]
        if a.how == "pass":
            self.emit_msg("CardPassed", "{side} passes with {card}",
                          {"side": self._name(act.user), "card": self.card_names[act.card]}, card=act.card)
            self._next_card()
        elif a.how == "fight":
            self.emit_msg("CardFight", "{side} uses {card} to fight",
                          {"side": self._name(act.user), "card": self.card_names[act.card]}, card=act.card)
            self._set_phase(BATTLE_AREAS, act.user)
        elif cd["type"] == "general":
            self.put(self.game_ent, Act(act.card, act.user, cd["effect"]["general"], act.coward_first, act.fought))
            self._set_phase(GENERAL, act.user)
        elif act.card in PICK_CARDS:
            self._set_phase(PICK_GENERAL, act.user)
        else:
            self._set_phase(TARGET, act.user)

    # -- 8.0 Battle ------------------------------------------------------------------------------------
    def fight_options(self, side: str, fought: tuple[str, ...] = ()) -> list[BattleIn]:
        """Battle under 8.0: any area where retainers of more than one clan stand, allied
        clans included (多於一族郎党存在的區域), each once, with one of ``side``'s clans that
        has retainers there as the acting clan."""
        out = []
        for a in self.areas:
            if a in fought:
                continue
            g = self.garrison(a)
            if len(g) < 2:
                continue
            for clan in sorted(g):
                if self.side_of(clan) == side:
                    out.append(BattleIn(a, clan))
        return out

    def legal_battle_areas(self) -> list[Action]:
        act = self._act()
        return self.fight_options(act.user, act.fought) + [EndBattles()]

    def on_battle_in(self, a: BattleIn) -> None:
        act = self._act()
        self.put(self.game_ent, Act(act.card, act.user, act.general, act.coward_first, act.fought + (a.area,)))
        self._start_battle(a.area, a.clan, act.user, many=True, then="areas")

    def on_end_battles(self, a: EndBattles) -> None:
        self._next_card()
