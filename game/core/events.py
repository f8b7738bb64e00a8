"""Domain events: what happened, for the client (animation, sound), the log
panel and replays. Events are output only; state never depends on them."""
from __future__ import annotations

from typing import Any

from game.core.text import Msg


class Event:
    """Output only (never part of the state). Events are made on every action,
    searches included, so an event's line is made lazily: an event emitted with
    :meth:`Game.emit_msg` keeps its template and values, and builds the
    :class:`~game.core.text.Msg` the first time ``text`` is read."""
    __slots__ = ("kind", "data", "_text", "_values")

    def __init__(self, kind: str, data: dict[str, Any] | None = None, text: str = "",
                 values: dict[str, Any] | None = None) -> None:
        self.kind = kind                     # e.g. "UnitMoved", "DiceRolled", "StepLost"
        self.data = {} if data is None else data
        self._text = text                    # the line, or its template when values is set
        self._values = values

    @property
    def text(self) -> str:
        """One human line for the log panel: the English text (a Msg when the rules
        said what it is made of, so the client can translate it)."""
        if self._values is not None:
            self._text = Msg(self._text, **self._values)
            self._values = None
        return self._text

    @text.setter
    def text(self, value: str) -> None:
        self._text, self._values = value, None

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.kind == other.kind and self.data == other.data and self.text == other.text

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Event({self.kind!r}, {self.data!r}, {str(self.text)!r})"

    def __getstate__(self):
        return (self.kind, self.data, self.text)

    def __setstate__(self, state) -> None:
        self.kind, self.data, self._text = state
        self._values = None

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data, "text": str(self.text)}
