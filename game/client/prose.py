"""The prose of the rules reference and the tutorial, in the interface language.

The English prose is data: ``game/client/games/rules/<game>.json`` (the reference's
sections and its controls notes), ``nomonhan_tutorial.json`` (the tutorial's steps)
and each game's ``data.json`` "rulings". A translation is a file per language beside
them, with the same file name::

    game/client/games/rules/ja/nomonhan.json            the reference of ノモンハン in 日本語
    game/client/games/rules/ja/nomonhan_tutorial.json   the tutorial in 日本語

Each is one flat JSON object, key → translated text, in the order of the English:

- ``<section id>.title``: a section's title; ``<section id>.<n>``: its n-th text
  (``p``, ``h`` and each ``li`` item, counted from 1 in the order of the blocks);
- ``controls.<n>``: the n-th controls note;
- ``rulings.<ruling id>.title`` (the heading, English: the id with spaces),
  ``rulings.<ruling id>`` (the ruling's text) and ``rulings.<ruling id>.reason``;
- in a tutorial file: ``<step id>``, the step's prompt;
- ``_en`` (last): key → the fingerprint of the English each text was translated from
  (:func:`fingerprint`: 8 hex digits of its SHA-1), written by ``--stamp``.

:func:`english` gives the English of every key (``python -m game.client.prose GAME``
prints it, ``--lang ja`` what ``ja`` lacks and what is stale): a translator copies the
keys and translates the values, keeping each ``{data:...}`` and ``{placeholder}``, then
stamps them (``--lang ja --stamp KEY ...``). A key the file does not have is shown in
English; a stale text (its English changed since it was stamped) is still shown, and
tests/test_client_prose.py fails on it. See docs/i18n.md.
"""
from __future__ import annotations

import hashlib
import json
import sys
from functools import lru_cache
from pathlib import Path
from typing import Any

from .i18n import DEFAULT, language

RULES_DIR = Path(__file__).resolve().parent / "games" / "rules"
STAMPS = "_en"          # the language file's key → fingerprint of the English it translates


@lru_cache(maxsize=None)
def _load(path: Path, mtime: float) -> dict[str, str]:
    try:
        d = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}                       # a missing or damaged translation: the English
    return {k: v for k, v in d.items() if isinstance(v, str) and v and not k.startswith("_")} \
        if isinstance(d, dict) else {}


def translation(name: str, code: str | None = None) -> dict[str, str]:
    """key → text of ``rules/<code>/<name>.json`` (``code``: the interface language;
    {} for English or a language without the file)."""
    code = code or language()
    if code == DEFAULT:
        return {}
    path = RULES_DIR / code / f"{name}.json"
    try:
        mtime = path.stat().st_mtime
    except OSError:
        return {}
    return _load(path, mtime)


def english_file(name: str) -> dict[str, Any]:
    return json.loads((RULES_DIR / f"{name}.json").read_text(encoding="utf-8"))


def section_keys(spec: dict[str, Any]) -> dict[str, str]:
    """key → English of a reference file's sections and controls notes."""
    out: dict[str, str] = {}
    for s in spec.get("sections", []):
        sid = s["id"]
        out[f"{sid}.title"] = s["title"]
        n = 0
        for b in s["blocks"]:
            for text in (b["li"] if "li" in b else [b[k] for k in ("p", "h") if k in b]):
                n += 1
                out[f"{sid}.{n}"] = text
    for i, x in enumerate(spec.get("controls", []), 1):
        out[f"controls.{i}"] = x
    return out


def ruling_entries(data: dict[str, Any]) -> list[dict[str, str]]:
    """The game's rulings as dicts (id, clause, text, reason), whatever shape data.json keeps them in."""
    r = data.get("rulings", [])
    if isinstance(r, dict):
        return [{"id": k, "clause": "", "text": v if isinstance(v, str) else json.dumps(v, ensure_ascii=False),
                 "reason": ""} for k, v in r.items() if not k.startswith("_")]
    return [{"id": x.get("id", ""), "clause": x.get("clause") or "", "text": x.get("ruling") or x.get("text") or "",
             "reason": x.get("reason") or ""} for x in r]


def ruling_keys(data: dict[str, Any]) -> dict[str, str]:
    out: dict[str, str] = {}
    for x in ruling_entries(data):
        out[f"rulings.{x['id']}.title"] = x["id"].replace("_", " ")
        out[f"rulings.{x['id']}"] = x["text"]
        if x["reason"]:
            out[f"rulings.{x['id']}.reason"] = x["reason"]
    return out


def tutorial_keys(spec: dict[str, Any]) -> dict[str, str]:
    return {st["id"]: st["prompt"] for st in spec["steps"]}


def game_rules_data(game_id: str) -> dict[str, Any]:
    from game import paths
    p = paths.ROOT / "game" / "rulesets" / game_id / "data.json"
    return json.loads(p.read_text(encoding="utf-8"))


def tutorial_names() -> list[str]:
    """The tutorials' names (their steps' files in games/rules/): the games' client facts'."""
    from .facts import tutorials
    return [t for _gid, t in tutorials()]


def english(name: str) -> dict[str, str]:
    """key → English text of every key a translation of ``name`` may have (a game's id:
    its reference with its rulings; a tutorial's name: its prompts)."""
    if name in tutorial_names():
        return tutorial_keys(english_file(name))
    return {**section_keys(english_file(name)), **ruling_keys(game_rules_data(name))}


def text(trans: dict[str, str], key: str, english_text: str) -> str:
    """The translation of ``key``, or the English when there is none (a stale
    translation is shown: it is closer to the English than nothing for a reader)."""
    return trans.get(key) or english_text


def fingerprint(english_text: str) -> str:
    """The short hash of an English text that a translation of it is stamped with."""
    return hashlib.sha1(english_text.encode("utf-8")).hexdigest()[:8]


def language_file(name: str, code: str) -> Path:
    return RULES_DIR / code / f"{name}.json"


def _raw(name: str, code: str) -> dict[str, Any]:
    path = language_file(name, code)
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else {}


def status(name: str, code: str) -> dict[str, dict[str, str]]:
    """What ``rules/<code>/<name>.json`` still needs: ``missing`` (key → English) and
    ``stale`` (key → English: translated, but from another English than today's, or never
    stamped)."""
    eng, raw = english(name), _raw(name, code)
    stamps = raw.get(STAMPS) if isinstance(raw.get(STAMPS), dict) else {}
    have = {k: v for k, v in raw.items() if isinstance(v, str) and v and not k.startswith("_")}
    return {"missing": {k: v for k, v in eng.items() if k not in have},
            "stale": {k: v for k, v in eng.items() if k in have and stamps.get(k) != fingerprint(v)}}


def stamp(name: str, code: str, keys: list[str] | None = None) -> list[str]:
    """Stamp ``keys`` (None: every translated key) of ``rules/<code>/<name>.json`` as
    translated from today's English; stamps of keys the file no longer has are dropped.
    Gives the keys whose stamp changed. Raises KeyError for a key with no translation."""
    eng, raw = english(name), _raw(name, code)
    have = [k for k, v in raw.items() if isinstance(v, str) and v and not k.startswith("_") and k in eng]
    unknown = [k for k in keys or () if k not in have]
    if unknown:
        raise KeyError(f"{code}/{name}.json has no translation of {', '.join(unknown)}")
    old = raw.pop(STAMPS, None)
    old = old if isinstance(old, dict) else {}
    todo = set(have if keys is None else keys)
    new = {k: fingerprint(eng[k]) if k in todo else old[k] for k in have if k in todo or k in old}
    raw[STAMPS] = new
    language_file(name, code).write_text(json.dumps(raw, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    return [k for k in have if new.get(k) != old.get(k)]


def main(argv: list[str] | None = None) -> int:
    import argparse
    p = argparse.ArgumentParser(prog="python -m game.client.prose",
                                description="The English of every key of a rules reference or the tutorial "
                                            "(as JSON: copy it into rules/<lang>/<name>.json and translate)")
    p.add_argument("name", help="a game id, or a tutorial's name (its file in games/rules/)")
    p.add_argument("--lang", help="what this language's file lacks (missing) and what was translated "
                                  "from another English (stale), each key with today's English")
    p.add_argument("--stamp", nargs="*", metavar="KEY",
                   help="with --lang: mark these keys (none: every translated key) as checked "
                        "against today's English")
    a = p.parse_args(argv)
    if a.name not in tutorial_names() and not (RULES_DIR / f"{a.name}.json").exists():
        print(f"unknown name {a.name!r}: a game id or a tutorial ({', '.join(tutorial_names())})", file=sys.stderr)
        return 2
    if a.stamp is not None:
        if not a.lang:
            print("--stamp needs --lang", file=sys.stderr)
            return 2
        try:
            done = stamp(a.name, a.lang, a.stamp or None)
        except KeyError as e:
            print(e.args[0], file=sys.stderr)
            return 2
        print(f"{a.lang}/{a.name}.json: stamped {len(done)} key(s)" + (f": {' '.join(done)}" if 0 < len(done) <= 12 else ""))
        return 0
    out: Any = status(a.name, a.lang) if a.lang else english(a.name)
    json.dump(out, sys.stdout, ensure_ascii=False, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
