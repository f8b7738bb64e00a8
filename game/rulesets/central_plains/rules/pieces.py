"""The pieces on the map (seed 1, 4): where they stand and who controls them.
"""
from __future__ import annotations

from typing import Iterable

from ..components import Stack

class Pieces:
    """The pieces on the map (seed 1, 4): where they stand and who controls them."""

    def stack(self, s: str) -> tuple[tuple[str, str], ...]:
        return self.world.get(self.node_ent[s], Stack).pieces

    def stacks(self) -> dict[str, tuple[tuple[str, str], ...]]:
        memo = self.memo_on(Stack)
        got = memo.get("stacks")
        if got is None:
            got = memo["stacks"] = {n: self.world.get(e, Stack).pieces for n, e in self.node_ent.items()}
        return got

    def camp_at(self, s: str) -> str | None:
        """The camp holding ``s`` (enemies never share a stronghold), or None when empty."""
        p = self.stacks()[s]
        return self.data_camp[p[0][0]] if p else None

    def enemy_of(self, camp: str) -> str:
        return "anti" if camp == "central" else "central"

    def enemies(self, cmd: str) -> tuple[str, ...]:
        return self.camps[self.enemy_of(self.data_camp[cmd])]

    def allies(self, cmd: str) -> tuple[str, ...]:
        return tuple(k for k in self.camps[self.data_camp[cmd]] if k != cmd)

    def controlled(self, cmd: str, s: str) -> tuple[str, ...]:
        """The codes of the pieces ``cmd`` controls at ``s`` (his own and his grey pieces), sorted."""
        return tuple(code for c, code in self.stacks()[s] if c == cmd)

    def positions(self, cmd: str) -> list[str]:
        """The strongholds where ``cmd`` controls pieces."""
        memo = self.memo_on(Stack)
        got = memo.get(("positions", cmd))
        if got is None:
            got = memo[("positions", cmd)] = [n for n, p in self.stacks().items() if any(c == cmd for c, _ in p)]
        return got

    def on_map(self, cmd: str, code: str | None = None) -> int:
        return sum(1 for p in self.stacks().values() for c, k in p if c == cmd and (code is None or k == code))

    # -- writing -------------------------------------------------------------------------------------------
    def _set_stack(self, s: str, pieces: Iterable[tuple[str, str]]) -> None:
        self.put(self.node_ent[s], Stack(tuple(sorted(pieces))))

    def _add(self, s: str, cmd: str, code: str) -> None:
        self._set_stack(s, self.stack(s) + ((cmd, code),))

    def _take(self, s: str, cmd: str, code: str) -> None:
        p = list(self.stack(s))
        p.remove((cmd, code))
        self._set_stack(s, p)
