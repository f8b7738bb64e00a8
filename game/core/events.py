"""Domain events: what happened, for the client (animation, sound), the log
panel and replays. Events are output only; state never depends on them."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(slots=True)
class Event:
    """Output only (never part of the state), so not frozen: events are made on
    every action, and a frozen dataclass costs three times as much to build."""
    kind: str                       # e.g. "UnitMoved", "DiceRolled", "StepLost"
    data: dict[str, Any] = field(default_factory=dict)
    text: str = ""                  # one human line for the log panel

    def __getitem__(self, key: str) -> Any:
        return self.data[key]

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, **self.data, "text": self.text}
