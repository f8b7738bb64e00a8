"""The interface language.

Every user-visible string in the client goes through :func:`_` when it is drawn
(``_("Save game")``), or is marked with :func:`N_` where it is defined as a
constant at import time and translated with ``_()`` where it is drawn, so that a
change of language takes effect at once. Strings with values use named
placeholders, formatted after translation: ``_("Turn {turn}").format(turn=t)``.

(This module is the API; the catalogues and the language setting come with the
language work of issue 14.)
"""
from __future__ import annotations


def _(message: str) -> str:
    """``message`` in the interface language (English until catalogues exist)."""
    return message


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now."""
    return message
