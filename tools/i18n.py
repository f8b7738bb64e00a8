#!/usr/bin/env python3
"""The interface catalogues: locale/<code>/LC_MESSAGES/sandtable.po (see docs/i18n.md).

  python tools/i18n.py extract   collect every _("...") / N_("...") literal in game/client
                                 (with ast), every Msg / emit_msg template and N_ literal in
                                 the rules (game/core, game/systems, game/rulesets) and the
                                 data.json fields listed under "_translate", and bring every
                                 .po up to date: new msgids
                                 are added with an empty msgstr, msgids no longer in the
                                 code are kept as obsolete (#~) entries, translations kept
  python tools/i18n.py check     list, per language, every msgid with no translation, a
                                 fuzzy one, or placeholders ({name}) that differ from the
                                 msgid's; and every _() whose argument is not a plain
                                 string literal. Exit 1 if anything is listed.
  python tools/i18n.py stats     how many msgids each catalogue translates

Standard gettext tools (msgmerge, Poedit, Weblate ...) read and write these files too.
"""
from __future__ import annotations

import ast
import re
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game.client.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, parse_po  # noqa: E402

SOURCE = ROOT / "game" / "client"
MARKERS = ("_", "N_")
#: text shown by the client but defined below it (the values of these dicts; the client
#: translates them with _() where it draws them): (file, module-level dict name)
EXTRA = [("game/ai/levels.py", "DESCRIPTIONS")]
#: the languages that must translate every msgid (English is the source text)
TRANSLATED = [c for c in LANGUAGES if c != "en"]
HEADER_ID = ""


@dataclass
class Message:
    msgid: str
    where: list[str] = field(default_factory=list)     # "game/client/app.py:120"


def po_path(code: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{DOMAIN}.po"


def _marker(node: ast.AST) -> bool:
    f = node.func if isinstance(node, ast.Call) else None
    return isinstance(f, ast.Name) and f.id in MARKERS


def scan(root: Path = SOURCE) -> tuple[dict[str, Message], list[str]]:
    """(msgid -> Message in order of first use, problems: a _() of an f-string, a
    concatenation or a .format() call, which extraction cannot see and no catalogue
    can hold). ``_(name)`` of a variable is fine: the value was marked with N_()."""
    found: dict[str, Message] = {}
    problems: list[str] = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        calls = sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call) and _marker(n)),
                       key=lambda n: (n.lineno, n.col_offset))
        for node in calls:
            arg = node.args[0] if len(node.args) == 1 and not node.keywords else None
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                if arg.value:
                    found.setdefault(arg.value, Message(arg.value)).where.append(f"{rel}:{node.lineno}")
            elif isinstance(arg, (ast.JoinedStr, ast.BinOp)) or (
                    isinstance(arg, ast.Call) and isinstance(arg.func, ast.Attribute) and arg.func.attr == "format"):
                problems.append(f"{rel}:{node.lineno}: {node.func.id}() of {ast.unparse(arg) if arg else '(no one argument)'}"
                                " — pass one string literal; format values after: _(\"... {name}\").format(name=v)")
    for rel, msg in scan_rules()[0].items():
        found.setdefault(rel, Message(rel)).where.extend(msg.where)
    for rel, name in EXTRA:
        tree = ast.parse((ROOT / rel).read_text(encoding="utf-8"))
        for node in tree.body:
            if isinstance(node, ast.Assign) and any(isinstance(t, ast.Name) and t.id == name for t in node.targets):
                for v in ast.walk(node.value):
                    if isinstance(v, ast.Constant) and isinstance(v.value, str) and v in getattr(node.value, "values", []):
                        found.setdefault(v.value, Message(v.value)).where.append(f"{rel}:{v.lineno}")
    return found, problems


# -- text made by the rules (game.core.text) ------------------------------------------------
#: where the rules' text is: game/core, game/systems and one package per game
RULES_SOURCES = ("game/core", "game/systems", "game/rulesets")
#: rules calls whose argument is a line for people: call -> the position of the text
#: (Msg(template, ...) and emit_msg(kind, template, values) are extracted; the others
#: must be given a Msg, never a literal or an f-string)
RULES_TEXT_ARGS: dict[str, int] = {".emit": 1, "Decision": 2, ".make_result": 1}
#: the games whose rules text is all marked (checked by the lint); every game when done
RULES_MARKED: tuple[str, ...] = ("nomonhan", "across_suez", "sino_japanese", "yoshitsune", "central_plains")
#: the files that define Msg and the lazy event line (they build a Msg from a variable)
RULES_MACHINERY = {"game/core/text.py", "game/core/events.py"}


def _rules_files(games: tuple[str, ...] | None = None):
    for top in RULES_SOURCES:
        for path in sorted((ROOT / top).rglob("*.py")):
            rel = path.relative_to(ROOT).as_posix()
            if rel in RULES_MACHINERY:
                continue
            if games is not None and rel.startswith("game/rulesets/") and not any(
                    rel.startswith(f"game/rulesets/{g}/") for g in games):
                continue
            yield rel, path


def _json_fields(node, pattern: list[str]):
    """The strings at ``pattern`` ("cards/*/text": * is any key or index) in ``node``."""
    if not pattern:
        if isinstance(node, str):
            yield node
        elif isinstance(node, list):
            for v in node:
                if isinstance(v, str):
                    yield v
        return
    head, rest = pattern[0], pattern[1:]
    if isinstance(node, dict):
        kids = node.values() if head == "*" else ([node[head]] if head in node else [])
    elif isinstance(node, list):
        kids = node if head == "*" else ([node[int(head)]] if head.isdigit() and int(head) < len(node) else [])
    else:
        kids = []
    for k in kids:
        yield from _json_fields(k, rest)


def scan_rules(games: tuple[str, ...] | None = None) -> tuple[dict[str, Message], list[str]]:
    """(msgid -> Message, problems) for the rules: the template of every Msg("...") and
    emit_msg(kind, "...", values), every N_("...") under game/core, game/systems and
    game/rulesets, and the strings at the paths each game's data.json lists under
    "_translate". Problems: rules text given as a literal or an f-string where a Msg
    belongs (RULES_TEXT_ARGS), and a Msg template that is not one string literal."""
    import json
    found: dict[str, Message] = {}
    problems: list[str] = []
    for rel, path in _rules_files(games):
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        for node in sorted((n for n in ast.walk(tree) if isinstance(n, ast.Call)),
                           key=lambda n: (n.lineno, n.col_offset)):
            names = _callee(node)
            arg = None
            if names[:1] in (["Msg"], ["N_"]):
                arg = node.args[0] if node.args else None
            elif names[:1] == [".emit_msg"]:
                arg = node.args[1] if len(node.args) > 1 else None
            else:
                for nm in names:
                    pos = RULES_TEXT_ARGS.get(nm)
                    if pos is not None and pos < len(node.args):
                        bad = [lit for lit in _literals(node.args[pos]) if is_words(lit)]
                        problems += [f"{rel}:{b.lineno}: rules text without Msg: {ast.unparse(b)[:70]}"
                                     for b in bad]
                continue
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                if arg.value:
                    found.setdefault(arg.value, Message(arg.value)).where.append(f"{rel}:{node.lineno}")
            else:
                problems.append(f"{rel}:{node.lineno}: {names[0].lstrip('.')}() needs one string literal as its "
                                f"template, not {ast.unparse(arg) if arg is not None else 'nothing'}")
    for data in sorted((ROOT / "game" / "rulesets").glob("*/data.json")):
        game = data.parent.name
        if games is not None and game not in games:
            continue
        rel = data.relative_to(ROOT).as_posix()
        doc = json.loads(data.read_text(encoding="utf-8"))
        for pat in doc.get("_translate", []) if isinstance(doc, dict) else []:
            for v in _json_fields(doc, pat.split("/")):
                if v and is_words(ast.Constant(v)):
                    found.setdefault(v, Message(v)).where.append(f"{rel}:{pat}")
    return found, problems


# -- the lint: text drawn without _() ---------------------------------------------------
#: where the client draws text: call -> the positions / keywords that are the text
#: ("name" matches a function, ".name" a method; "log.add": a method on an attribute "log")
TEXT_ARGS: dict[str, tuple[tuple[int, ...], tuple[str, ...]]] = {
    ".text": ((0,), ()),                      # assets.text(s, size, ...)
    "fit_text": ((1,), ()),                   # fit_text(assets, s, size, max_w)
    ".render": ((0,), ()),                    # font.render(s, ...)
    "footer": ((2,), ()),                     # footer(surf, assets, s)
    ".toast": ((0,), ()),                     # app.toast(s)
    "log.add": ((0,), ()),                    # the event log
    "Button": ((0,), ("label",)),
    "Choice": ((0,), ("label", "reason")),
    "ClickResult": ((), ("error",)),
    "Banner": ((0,), ("sub",)),
    "HelpOverlay": ((1,), ("title",)),
}
#: plugin methods whose return value is panel text (games/base.py GameUI)
TEXT_METHODS = {"hover_lines", "rules_text", "recap_lines", "toggle_overlay", "log_text"}
# (status() is not here: its labels are keys the board reads, "Turn", "Phase", ...; its values are drawn)
#: lists of panel lines the client builds and then draws (lines.append("..."))
TEXT_LISTS = {"lines", "units"}
#: literals that are not words and need no translation (a digit, a symbol, a unit code a
#: counter prints): keep this short, and say why each is here
ALLOW = {
    "GT",                 # nomonhan counters: the game turn a unit enters (GT3), printed as on the original
}


def is_words(node: ast.AST) -> bool:
    """A literal with a word in it (two Latin letters running): text a player reads."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        text = node.value
    elif isinstance(node, ast.JoinedStr):
        text = "".join(v.value for v in node.values if isinstance(v, ast.Constant))
    else:
        return False
    return text not in ALLOW and re.search(r"[A-Za-z]{2,}", re.sub(r"\{[^{}]*\}", "", text)) is not None


def _literals(node: ast.AST):
    """The string literals an expression yields as they are (not through a call)."""
    if isinstance(node, (ast.Constant, ast.JoinedStr)):
        yield node
    elif isinstance(node, ast.IfExp):
        yield from _literals(node.body)
        yield from _literals(node.orelse)
    elif isinstance(node, ast.BinOp):
        yield from _literals(node.left)
        yield from _literals(node.right)
    elif isinstance(node, (ast.List, ast.Tuple)):
        for e in node.elts:
            yield from _literals(e)
    elif isinstance(node, ast.BoolOp):
        for v in node.values:
            yield from _literals(v)


def _callee(call: ast.Call) -> list[str]:
    f = call.func
    if isinstance(f, ast.Name):
        return [f.id]
    if isinstance(f, ast.Attribute):
        out = ["." + f.attr]
        if isinstance(f.value, ast.Attribute):
            out.append(f"{f.value.attr}.{f.attr}")
        elif isinstance(f.value, ast.Name):
            out.append(f"{f.value.id}.{f.attr}")
        return out
    return []


def lint(root: Path = SOURCE) -> list[str]:
    """Every word literal the client draws without _(): passed as the text of a drawing
    call (TEXT_ARGS) or returned by a plugin's panel-text method (TEXT_METHODS)."""
    out = []
    for path in sorted(root.rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
        hits: list[ast.AST] = []
        for node in ast.walk(tree):
            if isinstance(node, ast.Call):
                for name in _callee(node):
                    spec = TEXT_ARGS.get(name)
                    if spec is None:
                        continue
                    pos, kws = spec
                    args = [node.args[i] for i in pos if i < len(node.args)]
                    args += [k.value for k in node.keywords if k.arg in kws]
                    for a in args:
                        hits += [lit for lit in _literals(a) if is_words(lit)]
                if _callee(node)[:1] == ["column"] and node.args and isinstance(node.args[0], ast.List):
                    for e in node.args[0].elts:
                        if isinstance(e, ast.Tuple) and e.elts:
                            hits += [lit for lit in _literals(e.elts[0]) if is_words(lit)]
                f = node.func
                if (isinstance(f, ast.Attribute) and f.attr in ("append", "insert", "extend")
                        and isinstance(f.value, ast.Name) and f.value.id in TEXT_LISTS and node.args):
                    v = node.args[-1]
                    first = v.elts[0] if isinstance(v, ast.Tuple) and v.elts else v
                    hits += [lit for lit in _literals(first) if is_words(lit)]
            elif isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name in TEXT_METHODS:
                for r in ast.walk(node):
                    if isinstance(r, ast.Return) and r.value is not None:
                        vals = r.value.elts if isinstance(r.value, (ast.List, ast.Tuple)) else [r.value]
                        for v in vals:
                            first = v.elts[0] if isinstance(v, ast.Tuple) and v.elts else v
                            hits += [lit for lit in _literals(first) if is_words(lit)]
        seen = set()
        for h in sorted(hits, key=lambda n: (n.lineno, n.col_offset)):
            if id(h) not in seen:
                seen.add(id(h))
                out.append(f"{rel}:{h.lineno}: drawn without _(): {ast.unparse(h)[:70]}")
    return out


def placeholders(s: str) -> set[str]:
    """The named fields of a format string ({turn}, {n:+d} -> turn, n)."""
    out = set()
    try:
        for _lit, name, _spec, _conv in string.Formatter().parse(s):
            if name is not None:
                out.add(name)
    except ValueError:
        out.add("<unbalanced braces>")
    return out


def _quote(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


def _field(key: str, s: str, prefix: str = "") -> list[str]:
    if "\n" in s[:-1]:
        parts = re.findall(r"[^\n]*\n|[^\n]+$", s)
        return [f'{prefix}{key} ""'] + [prefix + _quote(p) for p in parts]
    return [f"{prefix}{key} {_quote(s)}"]


def header(code: str) -> str:
    return ("Project-Id-Version: Sandtable\\n"
            f"Language: {code}\\n"
            "MIME-Version: 1.0\\n"
            "Content-Type: text/plain; charset=UTF-8\\n"
            "Content-Transfer-Encoding: 8bit\\n"
            "Plural-Forms: nplurals=1; plural=0;\\n").replace("\\n", "\n")


def render_po(code: str, messages: dict[str, Message], old: list[dict]) -> str:
    """The .po text for ``code``: the header, every current msgid (its translation
    kept), then the obsolete ones."""
    kept = {e["msgid"]: e for e in old if e["msgid"] and e.get("msgctxt") is None}
    head = next((e for e in old if e["msgid"] == HEADER_ID), None)
    lines = [f"# Sandtable interface, {LANGUAGES[code]} ({code}). Edit msgstr lines only;",
             "# run `python tools/i18n.py extract` after changing strings in the code (docs/i18n.md).",
             ]
    lines += _field("msgid", "") + _field("msgstr", head["msgstr"] if head and head["msgstr"] else header(code))
    lines.append("")
    for mid, m in messages.items():
        e = kept.get(mid)
        # translators' comments (# ...) stay; references and flags are written afresh
        lines += [c for c in (e["comments"] if e else []) if c.startswith("# ") or c == "#"]
        lines.append("#: " + " ".join(m.where[:6]) + (" …" if len(m.where) > 6 else ""))
        flags = (["fuzzy"] if e and e["fuzzy"] else []) + (["python-brace-format"] if "{" in mid else [])
        if flags:
            lines.append("#, " + ", ".join(flags))
        lines += _field("msgid", mid)
        lines += _field("msgstr", e["msgstr"] if e else "")
        lines.append("")
    for mid, e in kept.items():
        if mid not in messages and e["msgstr"]:
            lines += _field("msgid", mid, "#~ ")
            lines += _field("msgstr", e["msgstr"], "#~ ")
            lines.append("")
    return "\n".join(lines)


def read_po(code: str) -> list[dict]:
    p = po_path(code)
    return parse_po(p.read_text(encoding="utf-8")) if p.exists() else []


def extract() -> int:
    messages, problems = scan()
    for code in LANGUAGES:
        old = read_po(code)
        text = render_po(code, messages, old)
        p = po_path(code)
        p.parent.mkdir(parents=True, exist_ok=True)
        before = p.read_text(encoding="utf-8") if p.exists() else None
        if text != before:
            p.write_text(text, encoding="utf-8")
        known = {e["msgid"] for e in old if e["msgid"] and not e["obsolete"]}
        added = [m for m in messages if m not in known]
        gone = [m for m in known if m not in messages]
        print(f"{p.relative_to(ROOT)}: {len(messages)} msgids, {len(added)} new, {len(gone)} now obsolete")
    for pr in problems:
        print("PROBLEM:", pr, file=sys.stderr)
    return 1 if problems else 0


def problems_of(code: str, messages: dict[str, Message]) -> list[str]:
    """What is wrong with ``code``'s catalogue against the code's msgids."""
    entries = {e["msgid"]: e for e in read_po(code) if e["msgid"] and not e["obsolete"]}
    out = []
    for mid, m in messages.items():
        e = entries.get(mid)
        where = m.where[0]
        if e is None:
            out.append(f"{code}: not in the catalogue (run extract): {mid!r} ({where})")
        elif not e["msgstr"].strip():
            out.append(f"{code}: no translation: {mid!r} ({where})")
        elif e["fuzzy"]:
            out.append(f"{code}: fuzzy (check it, then remove '#, fuzzy'): {mid!r} ({where})")
        elif placeholders(e["msgstr"]) != placeholders(mid):
            out.append(f"{code}: placeholders {sorted(placeholders(e['msgstr']))} but the msgid has "
                       f"{sorted(placeholders(mid))}: {mid!r} ({where})")
    return out


def check() -> int:
    messages, problems = scan()
    problems += lint()
    problems += scan_rules(RULES_MARKED)[1]
    for code in TRANSLATED:
        problems += problems_of(code, messages)
    for p in problems:
        print(p)
    if problems:
        print(f"\n{len(problems)} problems. Run `python tools/i18n.py extract`, fill the empty msgstr lines "
              f"in locale/*/LC_MESSAGES/{DOMAIN}.po, then `python tools/i18n.py check` (docs/i18n.md).")
        return 1
    print(f"{len(messages)} msgids, translated in {', '.join(TRANSLATED)}")
    return 0


def stats() -> int:
    messages, _p = scan()
    for code in TRANSLATED:
        entries = {e["msgid"]: e for e in read_po(code) if e["msgid"] and not e["obsolete"]}
        done = sum(1 for m in messages if entries.get(m, {}).get("msgstr"))
        print(f"{code}: {done}/{len(messages)}")
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    cmds = {"extract": extract, "check": check, "stats": stats}
    if len(argv) != 1 or argv[0] not in cmds:
        print(__doc__, file=sys.stderr)
        return 2
    return cmds[argv[0]]()


if __name__ == "__main__":
    sys.exit(main())
