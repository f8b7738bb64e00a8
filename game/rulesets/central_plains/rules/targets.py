"""The choices of the card ops that need one (§6.1): targets, and the marks lasting cards make.
"""
from __future__ import annotations

from dataclasses import replace

from ..actions import PIECE_TEXT, Target
from ..components import Ask, Effects, Loss, MarkedAt, Marks
from ..kinds import TARGET
from .basics import GREY

class Targets:
    """The choices of the card ops that need one (§6.1): targets, and the marks lasting cards make."""

    def _bind(self) -> None:
        super()._bind()                                     # type: ignore[misc]
        self._mm = self.memo_on(MarkedAt)

    def legal_target(self) -> list[Target]:
        return [Target(x) for x in self.targets(self._get(Effects))]

    def on_target(self, a: Target) -> None:
        self._target(a.target)

    def _choose(self, e: Effects, purpose: str, keep_step: bool = False) -> Ask | None:
        step = e.step if keep_step else f"target:{purpose}"
        if e.step != step:
            e = replace(e, step=step)
            self.put(self.game_ent, e)
        opts = self.targets(e)
        if not opts:
            self._pop(e)
            return None
        if len(opts) == 1:
            self._target(opts[0])
            return None
        return Ask(TARGET, self.seat_of[e.commander])

    def _purpose(self, e: Effects) -> str:
        return "place" if e.step == "place" else e.step.partition(":")[2]

    def _where(self, cmd: str, where: dict, occupancy: str | None = None) -> list[str]:
        """The strongholds a 'where' allows: listed ones or those on the lines, held as its occupancy says."""
        if "strongholds" in where:
            cand = list(where["strongholds"])
        else:
            cand = sorted(set().union(*(self.line_nodes.get(ln, frozenset()) for ln in where.get("lines", ()))))
        occ = occupancy or where.get("occupancy", "own_or_empty")
        camp = self.data_camp[cmd]
        out = []
        for s in cand:
            held = {c for c, _ in self.stacks()[s]}
            if occ == "any":
                out.append(s)
            elif occ == "own" and cmd in held:
                out.append(s)
            elif occ == "own_or_empty" and (not held or cmd in held):
                out.append(s)
            elif occ == "not_enemy" and self.camp_at(s) in (None, camp):
                out.append(s)
        return out

    def targets(self, e: Effects, op: dict | None = None) -> list[str]:
        """The choices of the head op of ``e`` (by its purpose: see TARGET_OPTIONS)."""
        op = op or self.op(e.queue[0])
        purpose = "grey" if op["op"] == "place_grey" else self._purpose(e)
        return TARGET_OPTIONS[purpose](self, e.commander, op)

    def _target(self, x: str) -> None:
        """The head op's choice ``x`` carried out (by its purpose: see TARGET_HITS)."""
        e = self._get(Effects)
        op = self.op(e.queue[0])
        purpose = "grey" if op["op"] == "place_grey" else self._purpose(e)
        TARGET_HITS[purpose](self, e, op, x, self.card_name(e.queue[0].card))

    # -- the choices, by purpose ---------------------------------------------------------------------------
    def _enemy_commanders(self, cmd: str, op: dict) -> list[str]:
        return list(self.enemies(cmd))

    def _ally_commanders(self, cmd: str, op: dict) -> list[str]:
        return list(self.allies(cmd))

    def _place_options(self, cmd: str, op: dict) -> list[str]:
        """TROOPS +n: where a new infantry may stand (the card's places, else his own
        strongholds or his HQ), always with room."""
        stacks = self.stacks()
        room = [s for s in self.nodes if len(stacks[s]) < self.stack_limit]
        hq = self.hq_of[cmd]
        hq_ok = len(stacks[hq]) < self.stack_limit and self.camp_at(hq) in (None, self.data_camp[cmd])
        if op.get("where"):
            got = [s for s in self._where(cmd, op["where"]) if s in room]
        else:
            got = [s for s in room if any(c == cmd for c, _ in stacks[s])] + ([hq] if hq_ok else [])
        if not got and hq_ok:
            got = [hq]
        return sorted(set(got))

    def _enemy_troops_options(self, cmd: str, op: dict) -> list[str]:
        """ENEMY_TROOPS: the enemy commanders with a piece within ``within`` of one of his."""
        stacks = self.stacks()
        mine = self.positions(cmd)
        within = int(op["within"])
        near = {s for m in mine for s in self.nodes if self.board.distance(m, s) <= within}
        return [k for k in self.enemies(cmd) if any(c == k for s in near for c, _ in stacks[s])]

    def _defect_options(self, cmd: str, op: dict) -> list[str]:
        """DEFECT: "stronghold/commander" for each named commander's piece of that kind next to one of his."""
        stacks = self.stacks()
        mine = set(self.positions(cmd))
        out = set()
        for s in self.nodes:
            if any(m in mine for m in self.adj[s]):
                for c, code in stacks[s]:
                    if c in op["commanders"] and code == op["piece"]:
                        out.add(f"{s}/{c}")
        return sorted(out)

    def _defend_options(self, cmd: str, op: dict) -> list[str]:
        where = op.get("where")
        if op["at"] == "chosen" and where:
            return list(where["strongholds"])
        return list(self.nodes)

    def _cut_options(self, cmd: str, op: dict) -> list[str]:
        """CUT_RAIL: a rail link not cut, touching one of his strongholds."""
        mine = set(self.positions(cmd))
        cut = self.cut_links()
        return sorted(name for name, (a, b, kind) in self.link_ends.items()
                      if kind == "rail" and (a in mine or b in mine) and name not in cut)

    def _grey_options(self, cmd: str, op: dict) -> list[str]:
        """A neutral general's troops: the first of his places (then the fallback's) with room for them all."""
        stacks = self.stacks()
        n = sum(op["pieces"].values())
        for where in (op["where"], op.get("fallback")):
            if where:
                got = [s for s in self._where(cmd, where) if len(stacks[s]) + n <= self.stack_limit]
                if got:
                    return got
        return []

    # -- the choices carried out, by purpose ------------------------------------------------------------------
    def _hit_enemy_morale(self, e: Effects, op: dict, x: str, why: str) -> None:
        self._morale(x, -int(op["n"]), why)
        self._pop(e, struck=x)

    def _hit_ally_funds(self, e: Effects, op: dict, x: str, why: str) -> None:
        self._funds(x, int(op["n"]), why)
        self._pop(e)

    def _hit_place(self, e: Effects, op: dict, x: str, why: str) -> None:
        cmd = e.commander
        self._add(x, cmd, "infantry")
        self.emit_msg("PiecePlaced", "{commander} places a new infantry at {place}",
                      {"commander": self.name(cmd), "place": self.place_name(x)}, commander=cmd, at=x, piece="infantry")
        self.put(self.game_ent, replace(e, left=e.left - 1, placed=x))

    def _hit_enemy_troops(self, e: Effects, op: dict, x: str, why: str) -> None:
        crossed = self._troops_down(x, int(op["n"]), why)
        self._pop(e, struck=x)
        if crossed and self.over() is None:
            self.put(self.game_ent, Loss(x, None, 0, victim=x, remove=crossed))

    def _hit_defect(self, e: Effects, op: dict, x: str, why: str) -> None:
        s, _, k = x.partition("/")
        self._take(s, k, op["piece"])
        self.emit_msg("PieceDefected", "{commander}'s {piece} at {place} defects ({card})",
                      {"commander": self.name(k), "piece": PIECE_TEXT[op["piece"]], "place": self.place_name(s),
                       "card": why}, commander=k, at=s, piece=op["piece"])
        self._pop(e, struck=k)

    def _hit_defend(self, e: Effects, op: dict, x: str, why: str) -> None:
        self._set_mark(e.queue[0].card, x)
        self.emit_msg("CardMarked", "{card}: defend at {place}", {"card": why, "place": self.place_name(x)},
                      card=e.queue[0].card, target=x)
        self._pop(e)

    def _hit_cut(self, e: Effects, op: dict, x: str, why: str) -> None:
        self._set_mark(e.queue[0].card, x)
        self.emit_msg("CardMarked", "{card}: cut at {link}", {"card": why, "link": x}, card=e.queue[0].card,
                      target=x)
        self._pop(e)

    def _hit_grey(self, e: Effects, op: dict, x: str, why: str) -> None:
        cmd = e.commander
        for code, k in sorted(op["pieces"].items()):
            for _ in range(k):
                self._add(x, cmd, GREY + code)
        self.emit_msg("PiecePlaced", "{card}'s troops stand at {place} under {commander}",
                      {"card": why, "place": self.place_name(x), "commander": self.name(cmd)},
                      commander=cmd, at=x, piece="grey")
        self._pop(e, placed=x)

    # -- the markers of lasting cards (DEFEND, CUT_RAIL) -------------------------------------------------------
    def marks(self) -> Marks:
        """Where the cards' markers lie (read from the marker entities)."""
        got = self._mm.get("marks")
        if got is None:
            try_get = self.world.try_get
            got = self._mm["marks"] = Marks(tuple((c, m.target) for c, e in sorted(self.marker_ent.items())
                                                  if (m := try_get(e, MarkedAt)) is not None))
        return got

    def _set_mark(self, card: str, target: str) -> None:
        ent = self.marker_ent.get(card)
        if ent is None:
            raise ValueError(f"central_plains: {card} marks nothing (no DEFEND or CUT_RAIL op)")
        self.put(ent, MarkedAt(target))

    def _clear_mark(self, card: str) -> None:
        ent = self.marker_ent.get(card)
        if ent is not None and self.world.has(ent, MarkedAt):
            self.take(ent, MarkedAt)


#: the choices of an op that needs one, by its purpose: ``options(game, commander, op)``
TARGET_OPTIONS = {"enemy_morale": Targets._enemy_commanders, "ally_funds": Targets._ally_commanders,
                  "place": Targets._place_options, "enemy_troops": Targets._enemy_troops_options,
                  "defect": Targets._defect_options, "defend": Targets._defend_options, "cut": Targets._cut_options,
                  "grey": Targets._grey_options}
#: the choice carried out, by the op's purpose: ``hit(game, effects, op, choice, the card's name)``
TARGET_HITS = {"enemy_morale": Targets._hit_enemy_morale, "ally_funds": Targets._hit_ally_funds,
               "place": Targets._hit_place, "enemy_troops": Targets._hit_enemy_troops, "defect": Targets._hit_defect,
               "defend": Targets._hit_defend, "cut": Targets._hit_cut, "grey": Targets._hit_grey}
