"""The interface language.

Every user-visible string in the client goes through :func:`_` when it is drawn
(``_("Save game")``), or is marked with :func:`N_` where it is defined as a
constant at import time and translated with ``_()`` where it is drawn, so that a
change of language takes effect at once. Strings with values use named
placeholders, formatted after translation: ``_("Turn {turn}").format(turn=t)``.

The catalogues are gettext ``.po`` files, ``locale/<code>/LC_MESSAGES/sandtable.po``
(codes: en, zh_TW, ja, ko), read at first use by :func:`parse_po` (no compiled
``.mo`` step). ``python tools/i18n.py extract`` brings them up to date with the
code; ``python tools/i18n.py check`` lists what is untranslated. See docs/i18n.md.

Names of places, units and cards are shown in English with their original script
beside them through :func:`name` (one helper for every game).
"""
from __future__ import annotations

import ast
import os

from game.core.text import Msg, Name
from game.paths import LOCALE as LOCALE_DIR

DOMAIN = "sandtable"

#: code -> the language's name in its own script (the order of the chooser)
LANGUAGES: dict[str, str] = {"en": "English", "zh_TW": "繁體中文", "ja": "日本語", "ko": "한국어"}
DEFAULT = "en"

_current = DEFAULT
_catalogues: dict[str, dict[str, str]] = {}


# -- .po files ----------------------------------------------------------------------
def _unquote(s: str) -> str:
    s = s.strip()
    if len(s) >= 2 and s[0] == s[-1] == '"':
        return ast.literal_eval(s)
    raise ValueError(f"not a quoted string: {s[:40]!r}")


def parse_po(text: str) -> list[dict]:
    """The entries of a .po file, in order: dicts with ``msgid``, ``msgstr``,
    ``comments`` (the ``#`` lines before it, as written), ``obsolete`` (``#~``)
    and ``fuzzy``. The header (msgid "") is an entry too."""
    entries: list[dict] = []
    cur: dict | None = None
    field = None
    comments: list[str] = []

    def start() -> dict:
        nonlocal comments
        e = {"msgid": "", "msgstr": "", "comments": comments, "obsolete": False, "fuzzy": False,
             "msgctxt": None}
        comments = []
        entries.append(e)
        return e

    for raw in text.splitlines():
        line = raw.strip()
        obsolete = line.startswith("#~")
        if obsolete:
            line = line[2:].strip()
        if not line:
            cur, field = None, None
            continue
        if line.startswith("#"):
            comments.append(raw.rstrip())
            cur, field = None, None
            continue
        key, _sp, rest = line.partition(" ")
        if key in ("msgctxt", "msgid"):
            if key == "msgctxt" or cur is None or field != "msgctxt":
                cur = start()
            cur[key] = _unquote(rest)
            cur["obsolete"] = obsolete
            cur["fuzzy"] = any(c.startswith("#,") and "fuzzy" in c for c in cur["comments"])
            field = key
        elif key == "msgstr" and cur is not None:
            cur["msgstr"] = _unquote(rest)
            field = "msgstr"
        elif line.startswith('"') and cur is not None and field:
            cur[field] = (cur[field] or "") + _unquote(line)
        else:
            raise ValueError(f"cannot read .po line: {raw[:60]!r}")
    return entries


def catalogue(code: str) -> dict[str, str]:
    """msgid -> msgstr for ``code`` (the non-empty, non-fuzzy, current entries)."""
    cat = _catalogues.get(code)
    if cat is None:
        cat = {}
        path = LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"
        try:
            for e in parse_po(path.read_text(encoding="utf-8")):
                if e["msgid"] and e["msgstr"] and not e["obsolete"] and not e["fuzzy"]:
                    cat[e["msgid"]] = e["msgstr"]
        except (OSError, ValueError, SyntaxError):
            cat = {}          # a missing or damaged catalogue: the English text
        _catalogues[code] = cat
    return cat


def reload() -> None:
    """Forget the loaded catalogues (after editing a .po while running)."""
    _catalogues.clear()


# -- the language -------------------------------------------------------------------
def available_languages() -> list[tuple[str, str]]:
    """[(code, name in its own script)]: en English, zh_TW 繁體中文, ja 日本語, ko 한국어."""
    return list(LANGUAGES.items())


def normalise(code: str | None) -> str | None:
    """A language code as one of ours (``zh_TW.UTF-8`` → zh_TW, ``ja_JP`` → ja,
    ``ko-KR`` → ko, ``zh_HK`` / ``zh_Hant`` → zh_TW), or None when it is none of them."""
    if not code:
        return None
    c = code.split(".")[0].split("@")[0].replace("-", "_")
    if c in LANGUAGES:
        return c
    low = c.lower()
    if low.startswith("zh"):
        return "zh_TW" if any(t in low for t in ("tw", "hk", "mo", "hant")) else None
    head = low.split("_")[0]
    return head if head in LANGUAGES else None


def from_environment(env=None) -> str:
    """The language the environment asks for: $SANDTABLE_LANG, else the first of
    $LANGUAGE / $LC_ALL / $LC_MESSAGES / $LANG that is one of ours; else English."""
    env = os.environ if env is None else env
    want = normalise(env.get("SANDTABLE_LANG"))
    if want:
        return want
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        for part in (env.get(var) or "").split(":"):
            c = normalise(part)
            if c:
                return c
    return DEFAULT


def set_language(code: str) -> str:
    """Make ``code`` the interface language (at once: strings are translated when
    drawn). An unknown code gives English. Returns the code now in use."""
    global _current
    _current = normalise(code) or DEFAULT
    if _current != DEFAULT:
        catalogue(_current)
    return _current


def language() -> str:
    """The code of the interface language now (en, zh_TW, ja or ko)."""
    return _current


# -- translation ----------------------------------------------------------------------
def _(message: str) -> str:
    """``message`` in the interface language (the English text when untranslated)."""
    if _current == DEFAULT:
        return message
    return catalogue(_current).get(message) or message


def N_(message: str) -> str:
    """Mark ``message`` for translation without translating it now."""
    return message


#: the language each original script is read in (for putting the original name first)
SCRIPT_LANGUAGE = {"zh": "zh_TW", "zh_TW": "zh_TW", "ja": "ja", "ko": "ko"}


def name(english: str, original: str = "", script: str = "") -> str:
    """A place, unit or card name as shown everywhere: "English 原名"; in the language
    of the original's script (``script``: "zh", "ja" or "ko"), the original first:
    "原名 English". Either part may be empty; the same text twice is shown once."""
    english = (english or "").strip()
    original = (original or "").strip()
    if not original or original == english:
        return english
    if not english:
        return original
    if SCRIPT_LANGUAGE.get(script) == _current:
        return f"{original} {english}"
    return f"{english} {original}"


#: the name the game plugins import (``name`` is a common local variable there)
bilingual = name


def tr(text) -> str:
    """Text made by the rules (game.core.text), in the interface language: a
    :class:`~game.core.text.Msg` is its template translated and then filled, each
    value that is itself a Msg or a Name shown in turn; a
    :class:`~game.core.text.Name` is shown through :func:`name`; any other string is
    looked up as a msgid (a constant the rules marked with ``N_``) and is itself
    when there is none. Non-strings are returned as they are."""
    if isinstance(text, Msg):
        t = _(text.template)
        if not text.values:
            return t
        vals = {k: (tr(v) if isinstance(v, str) else v) for k, v in text.values.items()}
        try:
            return t.format(**vals)
        except (KeyError, IndexError, ValueError):
            return text.template.format(**vals)     # a broken translation: the English
    if isinstance(text, Name):
        return name(text.english, text.original, text.script)
    if isinstance(text, str):
        return _(text)
    return text
