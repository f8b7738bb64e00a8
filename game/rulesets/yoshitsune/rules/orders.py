"""義經's general cards [9.0]: a turned general card orders its general to move
[9.1] (movement.py), fight a battle in his area [9.2] (combat.py), enter the map
from the waiting box [9.3], raise a retainer [9.4] or pay tribute [9.5]; the event
cards that activate a general (追討令, 奇襲, 平家水軍) give him a general card's order.

- Enter (9.3): a red (base) area controlled by his clan; 源行家 any area his clan
  controls, else any area with a Genji-side unit. Move, Battle and Replenish need
  the general on the map; in the waiting box his card may Enter, or pay Tribute,
  which does not involve him ("朝貢除外", 9.0).
- Replenish (9.4) needs a counter of his clan left; 北条時政's own card may use him
  or any other general of the user's side, a retainer of that general's clan where
  he stands (9.4(2)), 時政 on the map or not. 秀衡's card replenishes inside the
  奥羽 box: 2.22 forbids moving in, not a new retainer.

Reads ``Location``, ``Garrison`` and ``Act``; writes ``Location`` (enter),
``Garrison`` (replenish), the court marker (tribute), ``Act`` and the phase.
"""
from __future__ import annotations

from game.core.actions import Action
from game.core.text import N_, Msg

from ..actions import EnterAt, Order, Pick, ReplenishAt
from ..components import Act, Location
from ..kinds import ENTER, GENERAL, REPLENISH_AT
from .setup import OU, WAITING, table_row

#: words the log takes from data or actions as they are: a general card's orders [9.0] and
#: the fate tables' results [10(6)] (marked here so that the client translates them)
WORDS = (N_("move"), N_("battle"), N_("enter"), N_("replenish"), N_("tribute"),
         N_("retreat"), N_("wounded"), N_("killed"), N_("drowned"))
TRIBUTE_ROLL = N_("tribute")


class GeneralOrders:
    """General cards' orders [9.0]: which are possible, and enter, replenish and tribute."""

    def order_kinds(self, card: str) -> tuple[str, ...]:
        eff = self.cdata[card]["effect"]
        if "actions" in eff:
            return tuple(eff["actions"])
        return tuple(self.data["general_card_actions"])

    def orders(self, key: str, act: Act) -> list[str]:
        """The orders ``act``'s card may give general ``key`` now [9.0]."""
        where = self.loc(key)
        if where is None:
            return []
        allowed = self.order_kinds(act.card)
        out = []
        if where == WAITING:
            if "enter" in allowed and self.enter_areas(key):
                out.append("enter")
            if "replenish" in allowed and self.replenish_options(key, act):
                out.append("replenish")       # 北条時政's card, by another general [9.4(2)]
            if "tribute" in allowed:
                out.append("tribute")         # 朝貢除外: tribute does not involve the general [9.0]
            return out
        clan = self.general(key).clan
        if "move" in allowed and self._can_move(key):
            out.append("move")
        if "battle" in allowed and where != OU and self.count(where, clan) and self.clans_in(where) - {clan}:
            out.append("battle")
        if "replenish" in allowed and self.replenish_options(key, act):
            out.append("replenish")
        if "tribute" in allowed:
            out.append("tribute")
        return out

    def legal_order(self) -> list[Action]:
        act = self._act()
        return [Order(k) for k in self.orders(act.general, act)]

    def on_order(self, a: Order) -> None:
        act = self._act()
        key = act.general
        self.emit_msg("GeneralOrder", "{general}: {order}", {"general": self.gen_names[key], "order": a.what},
                      general=key, order=a.what)
        _ORDERS[a.what](self, act)

    def _order_move(self, act: Act) -> None:
        self._start_move(act.general, int(self.data["movement"]["areas"]))

    def _order_battle(self, act: Act) -> None:
        self._start_battle(self.loc(act.general), self.general(act.general).clan, act.user, many=True, then="card",
                           coward_first=act.coward_first)

    def _order_enter(self, act: Act) -> None:
        opts = self.enter_areas(act.general)
        if len(opts) == 1:
            self._enter(opts[0])
        else:
            self._set_phase(ENTER, act.user)

    def _order_replenish(self, act: Act) -> None:
        opts = self.replenish_options(act.general, act)
        if len(opts) == 1:
            self._replenish(opts[0])
        else:
            self._set_phase(REPLENISH_AT, act.user)

    # -- event cards that activate a general (追討令 C03, 奇襲 G08, 平家水軍 H08) -----------------------------
    def pick_options(self, act: Act) -> list[str]:
        out = []
        for key in sorted(self._locs()):
            g = self.general(key)
            if act.card == "C03":
                ok = self.side_of(g.clan) == act.user and g.clan != "sohei"
            elif act.card == "G08":
                ok = g.clan == "genji" and key != "yoritomo"
            else:  # H08
                ok = g.clan == "heike" and self.loc(key) not in (WAITING, None) and self._can_move(key)
            if ok and (act.card == "H08" or self.orders(key, Act(act.card, act.user, key, act.coward_first, act.fought))):
                out.append(key)
        return out

    def legal_pick(self) -> list[Action]:
        return [Pick(k) for k in self.pick_options(self._act())]

    def on_pick(self, a: Pick) -> None:
        act = self._act()
        act = Act(act.card, act.user, a.general, act.card == "G08", act.fought)
        self.put(self.game_ent, act)
        self.emit_msg("GeneralActivated", "{card} activates {general}",
                      {"card": self.card_names[act.card], "general": self.gen_names[a.general]},
                      card=act.card, general=a.general)
        if act.card == "H08":
            self._start_move(a.general, areas=int(self.cdata["H08"]["effect"]["areas"]), need_sea=True)
        else:
            self._set_phase(GENERAL, act.user)

    # -- enter [9.3] ---------------------------------------------------------------------------------------
    def enter_areas(self, key: str) -> list[str]:
        if self.loc(key) != WAITING:
            return []
        clan = self.general(key).clan
        rule = self.gdata[key].get("enter")
        if rule and not rule.get("red_area_needed", True):
            own = [a for a in self.areas if self.controller(a) == clan]
            if own:
                return own
            side = self.side_of(clan)
            return [a for a in self.areas if self._side_present(a, side)]
        return [a for a in sorted(self.bases) if self.controller(a) == clan]

    def legal_enter(self) -> list[Action]:
        return [EnterAt(a) for a in self.enter_areas(self._act().general)]

    def on_enter(self, a: EnterAt) -> None:
        self._enter(a.area)

    def _enter(self, area: str) -> None:
        key = self._act().general
        self.put(self.gen_ent[key], Location(area))
        self.emit_msg("GeneralEntered", "{general} enters at {area}",
                      {"general": self.gen_names[key], "area": self.places[area]}, general=key, area=area)
        self._next_card()

    # -- replenish [9.4] -------------------------------------------------------------------------------------
    def replenish_options(self, key: str, act: Act) -> list[ReplenishAt]:
        """Where ``key``'s card may replenish [9.4]: one retainer of the general's clan where he
        stands (9.4(1)), controlled or not (9.4(3)), the 奥羽 box too, while the clan has
        counters left. 北条時政's own card may use him or any other general of the user's side
        (9.4(2) 該武將或其他武將), in the waiting box or not: each area and clan once."""
        gens = [key]
        if act.card == "G05" and "replenish" in self.cdata["G05"]["effect"]:
            gens += [k for k in sorted(self._locs()) if k != key and self.side_of(self.general(k).clan) == act.user]
        out, seen = [], set()
        for k in gens:
            w, clan = self.loc(k), self.general(k).clan
            if w in (None, WAITING) or (w, clan) in seen or self.pool(clan) <= 0:
                continue
            seen.add((w, clan))
            out.append(ReplenishAt(w, k))
        return sorted(out, key=lambda a: (a.area, a.general))

    def legal_replenish(self) -> list[Action]:
        act = self._act()
        return self.replenish_options(act.general, act)

    def on_replenish(self, a: ReplenishAt) -> None:
        self._replenish(a)

    def _replenish(self, a: ReplenishAt) -> None:
        clan = self.general(a.general).clan
        self._set_count(a.area, clan, self.count(a.area, clan) + 1)
        self.emit_msg("Replenished", "{general} raises a retainer in {area}",
                      {"general": self.gen_names[a.general], "area": self.places[a.area]}, area=a.area, clan=clan,
                      general=a.general)
        self._next_card()

    # -- tribute [9.5] ---------------------------------------------------------------------------------------
    def _order_tribute(self, act: Act) -> None:
        t = self.tables["tribute"]
        mod = int(self.cdata[act.card]["effect"].get("tribute_modifier", 0))
        (roll,) = self.dice.roll(1, 6, TRIBUTE_ROLL)
        eff = min(int(t["max_roll"]), roll + mod)
        spaces = table_row(t["results"], eff, "spaces")
        if mod:
            self.emit_msg("Tribute", "Tribute: rolled {roll} +{mod} → {spaces} space(s)",
                          {"roll": roll, "mod": mod, "spaces": spaces},
                          roll=roll, modifier=mod, spaces=spaces, side=act.user)
        else:
            self.emit_msg("Tribute", "Tribute: rolled {roll} → {spaces} space(s)", {"roll": roll, "spaces": spaces},
                          roll=roll, modifier=mod, spaces=spaces, side=act.user)
        self._move_court(act.user, spaces, Msg("{side} pays tribute", side=self._name(act.user)))
        self._next_card()


#: a general card's order -> what it does [9.1]-[9.5]
_ORDERS = {"move": GeneralOrders._order_move, "battle": GeneralOrders._order_battle,
           "enter": GeneralOrders._order_enter, "replenish": GeneralOrders._order_replenish,
           "tribute": GeneralOrders._order_tribute}
