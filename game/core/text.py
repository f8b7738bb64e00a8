"""Text for people that the rules make: log lines, decision prompts, result reasons,
card and action labels.

The rules never translate (they import no client code), but they say what their
text is made of, so the client can show it in the player's language:

    self.emit("UnitMoved", Msg("{unit} moves {frm} → {to}", unit=u.label, frm=a, to=b), ...)
    Decision(side, "move", Msg("{side} movement phase", side=Msg("Japan")))
    Msg("{name} attacks", name=Name("Yoshitsune", "義經", "ja"))

A :class:`Msg` *is* the English string (a ``str`` subclass: equality, ``in``,
``json.dumps``, saves and logs see the English text exactly as before), and also
carries the template (the msgid, extracted by ``tools/i18n.py``) and its values.
Values that are themselves :class:`Msg` (a side's name, a phase's name) or
:class:`Name` (a place, unit or card name: shown "English 原名" by the client) are
translated in turn; other values (numbers, hex ids) are shown as they are.

Each template is one string literal, so that the extractor can find it; choose
between two templates in code ("{n} hit" / "{n} hits", "must" / "may") rather than
splicing words into one. Data files list their translatable fields under
``"_translate"`` (see docs/i18n.md).
"""
from __future__ import annotations

from typing import Any


class Msg(str):
    """The English text of ``template.format(**values)``, remembering both."""

    def __new__(cls, template: str, /, **values: Any) -> "Msg":
        s = str.__new__(cls, template.format(**values) if values else template)
        s.template = template
        s.values = values
        return s

    def __reduce__(self):
        return (_msg, (self.template, self.values))

    def __repr__(self) -> str:
        return f"Msg({str.__repr__(self)})"


class Name(str):
    """A place, unit or card name: the English text, with the name in its original
    script (``script``: "zh", "ja" or "ko") for the client to show beside it.

    ``text``: what the rules' English lines print for the name when that is not its
    English (a game whose English log names people and places in their original
    script, as 中原大戰's does): the str is then ``text``, and the client still shows
    ``english`` and ``original``."""

    def __new__(cls, english: str, original: str = "", script: str = "", text: str | None = None) -> "Name":
        s = str.__new__(cls, english if text is None else text)
        s.english = english
        s.original = original
        s.script = script
        return s

    def __reduce__(self):
        text = str.__str__(self)
        return (Name, (self.english, self.original, self.script, None if text == self.english else text))

    def __repr__(self) -> str:
        return f"Name({str.__repr__(self)}, {self.original!r})"


def _msg(template: str, values: dict[str, Any]) -> Msg:
    return Msg(template, **values)


def N_(message: str) -> str:
    """Mark a constant for translation (extracted; the client translates it where it
    is shown) without making a :class:`Msg`."""
    return message
