"""The pieces (seed 1, 4): every counter is an entity, on the map or in the box.

Reads and writes ``Piece`` (the code), ``Owner`` (the commander it fights for) and
``At`` (the stronghold it stands on) of the piece entities, and nothing else. The
rules never query esper for them: they read the :class:`Placement`, an index the
game keeps (stronghold -> pieces, commander -> pieces, the box), read from the
piece entities once after a copy or a restore and patched by every write here
(as game.systems.hexunits keeps a hex game's placement).
"""
from __future__ import annotations

from typing import Any, Iterable

from ..components import At, Owner, Piece, PieceView
from .basics import GREY


class Placement:
    """Where the pieces stand (do not modify; do not keep across a write):

    * ``info``: piece entity -> (commander, code); the commander is None for a grey
      piece in the box;
    * ``at``: stronghold -> the piece entities on it, by (commander, code, entity);
    * ``stacks``: stronghold -> ((commander, code), ...), sorted: what the rules read;
    * ``where``: piece entity on the map -> its stronghold;
    * ``of``: commander -> the entities of the pieces he controls on the map;
    * ``box``: (commander, or None for grey pieces, code) -> the entities off the map."""
    __slots__ = ("info", "at", "stacks", "where", "of", "box")

    def __init__(self, nodes: Iterable[str]):
        self.info: dict[int, tuple[Any, str]] = {}
        self.at: dict[str, tuple[int, ...]] = {n: () for n in nodes}
        self.stacks: dict[str, tuple[PieceView, ...]] = dict.fromkeys(self.at, ())
        self.where: dict[int, str] = {}
        self.of: dict[str, list[int]] = {}
        self.box: dict[tuple[Any, str], list[int]] = {}

    @classmethod
    def read(cls, table: dict[int, dict[type, Any]], nodes: Iterable[str]) -> "Placement":
        """From the world's entity table (entity -> its components), in entity order."""
        p = cls(nodes)
        here: dict[str, list[int]] = {}
        for e in sorted(table):
            comps = table[e]
            piece = comps.get(Piece)
            if piece is None:
                continue
            owner = comps.get(Owner)
            cmd = owner.commander if owner is not None else None
            p.info[e] = (cmd, piece.code)
            at = comps.get(At)
            if at is None:
                p.box.setdefault((cmd if not piece.code.startswith(GREY) else None, piece.code), []).append(e)
                continue
            p.where[e] = at.stronghold
            here.setdefault(at.stronghold, []).append(e)
            p.of.setdefault(cmd, []).append(e)
        for s, ents in here.items():
            p._restack(s, ents)
        return p

    def _restack(self, s: str, ents: Iterable[int]) -> None:
        info = self.info
        got = tuple(sorted(ents, key=lambda e: (info[e], e)))
        self.at[s] = got
        self.stacks[s] = tuple(info[e] for e in got)

    def find(self, s: str, cmd: str, code: str) -> int:
        """A piece of ``cmd``'s of this code at ``s`` (the first by entity: they are alike)."""
        want = (cmd, code)
        for e in self.at[s]:
            if self.info[e] == want:
                return e
        raise ValueError(f"central_plains: no {code} of {cmd} at {s}")

    # -- patches, after the write ----------------------------------------------------------------------
    def moved(self, ents: tuple[int, ...], frm: str, to: str) -> None:
        for e in ents:
            self.where[e] = to
        self._restack(frm, [e for e in self.at[frm] if e not in ents])
        self._restack(to, self.at[to] + ents)

    def placed(self, e: int, key: tuple[Any, str], cmd: str, to: str) -> None:
        self.box[key].remove(e)
        self.info[e] = (cmd, key[1])
        self.where[e] = to
        self.of.setdefault(cmd, []).append(e)
        self._restack(to, self.at[to] + (e,))

    def lifted(self, e: int, key: tuple[Any, str]) -> None:
        s = self.where.pop(e)
        cmd = self.info[e][0]
        self.of[cmd].remove(e)
        self.info[e] = (key[0], key[1])
        self.box.setdefault(key, []).append(e)
        self.box[key].sort()
        self._restack(s, [x for x in self.at[s] if x != e])


def box_key(cmd: str, code: str) -> tuple[Any, str]:
    """Where a piece of ``cmd``'s goes in the box: his own, or the grey pieces' (nobody's)."""
    return (None, code) if code.startswith(GREY) else (cmd, code)


class Pieces:
    """The pieces: where they stand and who controls them (components ``Piece``, ``Owner``,
    ``At``; the :class:`Placement` index)."""

    def _bind(self) -> None:
        super()._bind()                                     # type: ignore[misc]
        #: facts that depend only on the pieces and where they stand (the placement under "placement")
        self._pm = self.memo_on(Piece, Owner, At)

    # -- reading ---------------------------------------------------------------------------------------
    def placement(self) -> Placement:
        """Where every piece stands: read from the piece entities after a copy or a restore,
        then patched by each write (never an esper query)."""
        got = self._pm.get("placement")
        if got is None:
            got = self._pm["placement"] = Placement.read(self.world.table(), self.nodes)
        return got

    def stack(self, s: str) -> tuple[PieceView, ...]:
        return self.placement().stacks[s]

    def stacks(self) -> dict[str, tuple[PieceView, ...]]:
        """stronghold -> its pieces as (commander, code), sorted (do not modify)."""
        return self.placement().stacks

    def camp_at(self, s: str) -> str | None:
        """The camp holding ``s`` (enemies never share a stronghold), or None when empty."""
        p = self.placement().stacks[s]
        return self.data_camp[p[0][0]] if p else None

    def enemy_of(self, camp: str) -> str:
        return "anti" if camp == "central" else "central"

    def enemies(self, cmd: str) -> tuple[str, ...]:
        return self.camps[self.enemy_of(self.data_camp[cmd])]

    def allies(self, cmd: str) -> tuple[str, ...]:
        return tuple(k for k in self.camps[self.data_camp[cmd]] if k != cmd)

    def controlled(self, cmd: str, s: str) -> tuple[str, ...]:
        """The codes of the pieces ``cmd`` controls at ``s`` (his own and his grey pieces), sorted."""
        return tuple(code for c, code in self.placement().stacks[s] if c == cmd)

    def positions(self, cmd: str) -> list[str]:
        """The strongholds where ``cmd`` controls pieces, in the map's order."""
        pm = self._pm
        got = pm.get(("positions", cmd))
        if got is None:
            p = self.placement()
            where = p.where
            got = pm[("positions", cmd)] = sorted({where[e] for e in p.of.get(cmd, ())})
        return got

    def pieces_of(self, cmd: str) -> list[str]:
        """The codes of the pieces ``cmd`` controls on the map."""
        p = self.placement()
        info = p.info
        return [info[e][1] for e in p.of.get(cmd, ())]

    def on_map(self, cmd: str, code: str | None = None) -> int:
        codes = self.pieces_of(cmd)
        return len(codes) if code is None else codes.count(code)

    # -- writing: each write patches the placement it has read --------------------------------------------
    def _keep(self, p: Placement) -> None:
        self._pm["placement"] = p

    def _move_pieces(self, cmd: str, frm: str, to: str, codes: Iterable[str]) -> None:
        """``cmd``'s pieces of these codes go from ``frm`` to ``to`` (a move, retreat or advance)."""
        p = self.placement()
        ents: list[int] = []
        for code in codes:
            want = (cmd, code)
            ents.append(next(e for e in p.at[frm] if p.info[e] == want and e not in ents))
        for e in ents:
            self.put(e, At(to))
        p.moved(tuple(ents), frm, to)
        self._keep(p)

    def _add(self, s: str, cmd: str, code: str) -> None:
        """A piece from the box onto ``s`` under ``cmd`` (a hand-built position may hold more
        pieces than the counter mix: another counter is made then)."""
        key = box_key(cmd, code)
        p = self.placement()
        if not p.box.get(key):
            self.create(*((Piece(code),) if key[0] is None else (Piece(code), Owner(cmd))))
            p = self.placement()
        e = p.box[key][0]
        if key[0] is None:
            self.put(e, Owner(cmd))
        self.put(e, At(s))
        p.placed(e, key, cmd, s)
        self._keep(p)

    def _take(self, s: str, cmd: str, code: str) -> None:
        """One of ``cmd``'s pieces of this code at ``s`` goes back to the box (a grey one is nobody's there)."""
        p = self.placement()
        e = p.find(s, cmd, code)
        key = box_key(cmd, code)
        self.take(e, At)
        if key[0] is None:
            self.take(e, Owner)
        p.lifted(e, key)
        self._keep(p)

    def _clear_map(self) -> None:
        """Every piece back to the box (hand-built positions)."""
        for s, pcs in self.placement().stacks.items():
            for cmd, code in pcs:
                self._take(s, cmd, code)
