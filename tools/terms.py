#!/usr/bin/env python3
"""One term for one thing, per game and language (docs/i18n.md, "Terms").

game/client/games/rules/glossary.json holds the terms of every game ("*"), and each game's
game/client/games/rules/<game>_glossary.json its own, for each language: the preferred
term and the variants to avoid:

    sino_japanese_glossary.json: {"zh_TW": {"北洋水師": ["北洋艦隊"], "防區": ["控制區"]}, ...,
                                  "_quotes": {"zh_TW": ["1個單位損耗退卻"]}}

("_quotes": the rulebook quoted verbatim, where it uses another variant: not checked.)

A game's texts in a language are its prose files (game/client/games/rules/<lang>/<game>.json,
and the tutorial for nomonhan) and the catalogue entries (locale/<lang>/.../sandtable.po)
whose msgid is used by that game's own files (game/rulesets/<game>/, game/client/games/<game>.py
and <game>_*.py: its rules reference's tables). An entry used only by shared files (scenes,
rules_ref, systems) is checked against "*" alone:
a shared string that must name a game's own term is given per game (the plugin's own msgid).

  python tools/terms.py            every avoided variant in use, with where (exit 1 if any)
  python tools/terms.py WORD ...   how often each word is used, per game and language
"""
from __future__ import annotations

import json
import sys
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from tools import i18n as cat  # noqa: E402

RULES_DIR = ROOT / "game" / "client" / "games" / "rules"
GLOSSARY = RULES_DIR / "glossary.json"
GAMES = ("nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains")
LANGS = ("zh_TW", "ja", "ko")
#: a game's extra prose files (beside rules/<lang>/<game>.json)
EXTRA_PROSE = {"nomonhan": ("nomonhan_tutorial",)}


def glossary() -> dict:
    """"*" and each game → language → {preferred: [avoided]} (and "_quotes")."""
    out = {k: v for k, v in json.loads(GLOSSARY.read_text(encoding="utf-8")).items() if not k.startswith("_")}
    for g in GAMES:
        p = RULES_DIR / f"{g}_glossary.json"
        if p.exists():
            out[g] = {k: v for k, v in json.loads(p.read_text(encoding="utf-8")).items() if k != "_about"}
    return out


def games_of(where: list[str]) -> set[str]:
    """The games whose own files use a msgid (empty: only shared files use it)."""
    out = set()
    for w in where:
        for g in GAMES:
            if w.startswith((f"game/rulesets/{g}/", f"game/client/games/{g}.py", f"game/client/games/{g}_")):
                out.add(g)
    return out


@lru_cache(maxsize=1)
def _messages() -> dict:
    return cat.scan()[0]


def texts(game: str | None, lang: str) -> list[tuple[str, str]]:
    """(where, text) of every translated text of ``game`` in ``lang`` (None: the entries
    only shared files use)."""
    out = []
    messages = _messages()
    for e in cat.read_po(lang):
        m = messages.get(e["msgid"])
        if not e["msgid"] or e["obsolete"] or not e["msgstr"] or m is None:
            continue
        gs = games_of(m.where)
        if (game in gs) if game else not gs:
            out.append((f"{cat.po_path(lang).relative_to(ROOT)}: {e['msgid']!r} ({m.where[0]})", e["msgstr"]))
    for name in ((game,) + EXTRA_PROSE.get(game, ())) if game else ():
        p = RULES_DIR / lang / f"{name}.json"
        d = json.loads(p.read_text(encoding="utf-8")) if p.exists() else {}
        out += [(f"{p.relative_to(ROOT)}: {k}", v) for k, v in d.items() if isinstance(v, str) and not k.startswith("_")]
    return out


def problems(game: str, lang: str) -> list[str]:
    """Every use of an avoided variant in ``game``'s texts in ``lang`` ("*": the shared entries)."""
    g = glossary()
    terms = {**g.get("*", {}).get(lang, {}), **({} if game == "*" else g.get(game, {}).get(lang, {}))}
    quotes = g.get(game, {}).get("_quotes", {}).get(lang, [])      # the rulebook quoted verbatim
    out = []
    for where, text in texts(None if game == "*" else game, lang):
        for q in quotes:
            text = text.replace(q, "\0" * len(q))
        for preferred, avoid in terms.items():
            for bad in avoid:
                # a variant that is part of the preferred term (or of another allowed word) is fine
                rest = text
                for ok in [preferred] + [p for p in terms if bad in p]:
                    rest = rest.replace(ok, "\0" * len(ok))
                if bad in rest:
                    out.append(f"{game} {lang}: {bad!r} → {preferred!r}: {where}: {text}")
    return out


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        for word in argv:
            for lang in LANGS:
                row = {g or "shared": sum(t.count(word) for _w, t in texts(g, lang)) for g in GAMES + (None,)}
                print(f"{word} {lang}: " + "  ".join(f"{g} {n}" for g, n in row.items() if n))
        return 0
    found = [p for g in GAMES + ("*",) for lang in LANGS for p in problems(g, lang)]
    print("\n".join(found) if found else "no avoided variant in use")
    return 1 if found else 0


if __name__ == "__main__":
    raise SystemExit(main())
