"""The shape of the code: the spec is the one list of games, and the rules side never
loads pygame (docs/architecture.md, "Adding a game")."""
from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_the_rules_and_the_ai_never_load_pygame():
    """``import game.rulesets; import game.ai`` (and a map, a game, an agent) leave pygame
    out: pytmx would import it when it can (game/core/tmx.py blocks that)."""
    code = ("import sys, game.rulesets, game.ai\n"
            "from game.ai import get_agent, ask\n"
            "from game.ai.adapter import adapter_for\n"
            "for gid in game.rulesets.available():\n"
            "    g = game.rulesets.new_game(gid, 1)\n"
            "    ask(g, get_agent('normal', gid, 1))\n"
            "    adapter_for(gid)\n"
            "    g.close()\n"
            "print(sorted(m for m in sys.modules if m == 'pygame' or m.startswith(('pygame.', 'pytmx.util'))))\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"
    assert "pygame" not in out.stderr       # (nor a word from pytmx that it went without)


def test_the_client_still_gets_pygame_after_the_rules():
    code = ("import sys, game.rulesets\n"
            "import pygame\n"
            "from game.core import tmx\n"
            "tmx.clear_cache(); tmx.load_board('maps/nomonhan.tmx')\n"
            "print(pygame.Rect(0, 0, 2, 2).width)\n")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin", "PYGAME_HIDE_SUPPORT_PROMPT": "1"})
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "2"


# -- the spec is the one list of games ------------------------------------------------------------
def _own_files() -> dict[str, list[str]]:
    """game id -> the prefixes (paths from the root) of its own files, from its spec: its ruleset
    package (the package that registered the spec), and each module the spec names (rules, agent,
    adapter, UI plugin, observation) with that module's siblings and data named after it
    (``<dir>/**/<name>.*`` and ``<dir>/**/<name>_*``: game/client/games/<id>_tables.py,
    game/client/games/rules/ja/<id>.json ...)."""
    from game import rulesets
    out: dict[str, list[str]] = {}
    for spec in rulesets.specs():
        package = next(name for name, m in list(sys.modules.items())
                       if name.startswith("game.rulesets.") and getattr(m, "SPEC", None) is spec)
        own = [package.replace(".", "/") + "/"]
        for path in (spec.rules, spec.agent, spec.adapter, spec.ui, spec.observation):
            mod = path.partition(":")[0]
            if mod and not mod.startswith(package + "."):
                folder, _dot, stem = mod.rpartition(".")
                own.append((folder.replace(".", "/"), stem))
        out[spec.id] = own
    return out


def _is_own(rel: str, own: list) -> bool:
    for o in own:
        if isinstance(o, str):
            if rel.startswith(o):
                return True
        else:
            folder, stem = o
            name = rel.rpartition("/")[2]
            if rel.startswith(folder + "/") and name.startswith((stem + ".", stem + "_")):
                return True
    return False


def _docstrings(tree) -> set[int]:
    import ast
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) and node.body:
            first = node.body[0]
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) and isinstance(first.value.value, str):
                out.add(id(first.value))
    return out


def _names_in_python(text: str, ids: list[str]) -> list[tuple[int, str]]:
    """(line, what) for each game id in a string that is not a docstring, and each name (a
    function, a variable, an attribute ...) that spells a game id (``_nomonhan_terrain``,
    ``NomonhanUI``). Comments and docstrings may name a game (an example, a history)."""
    import ast
    import re
    tree = ast.parse(text)
    docs = _docstrings(tree)
    words = {g: re.compile(rf"(?<![a-z0-9]){re.escape(g)}(?![a-z0-9])", re.I) for g in ids}
    squashed = {g: g.replace("_", "") for g in ids}
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
            out += [(node.lineno, f"{g} in {node.value[:60]!r}") for g, w in words.items() if w.search(node.value)]
        name = (node.id if isinstance(node, ast.Name) else node.attr if isinstance(node, ast.Attribute)
                else node.name if isinstance(node, (ast.FunctionDef, ast.ClassDef, ast.AsyncFunctionDef))
                else node.arg if isinstance(node, ast.arg) else None)
        if name:
            flat = name.replace("_", "").lower()
            out += [(node.lineno, f"{g} in the name {name}") for g, s in squashed.items() if s in flat]
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            mods = [a.name for a in node.names] + [getattr(node, "module", None) or ""]
            out += [(node.lineno, f"{g} imported: {m}") for m in mods for g, w in words.items() if w.search(m)]
    return out


def test_no_file_in_game_names_a_game_outside_the_games_own_modules():
    """Adding a game takes its ruleset package (with its spec), its AI module and adapter and its
    UI module (docs/architecture.md, "Adding a game"): nothing else in game/ names it."""
    import re
    own = _own_files()
    ids = list(own)
    found = []
    for path in sorted((ROOT / "game").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        rel = path.relative_to(ROOT).as_posix()
        others = [g for g in ids if not _is_own(rel, own[g])]
        if not others:
            continue
        if path.suffix == ".py":
            hits = _names_in_python(path.read_text(encoding="utf-8"), others)
        elif path.suffix in (".json", ".txt", ".md", ".toml", ".cfg", ".ini"):
            text = path.read_text(encoding="utf-8")
            hits = [(text.count("\n", 0, m.start()) + 1, f"{g}") for g in others
                    for m in re.finditer(rf"(?<![a-z0-9]){re.escape(g)}(?![a-z0-9])", text)]
        else:
            continue
        found += [f"{rel}:{line}: {what}" for line, what in hits]
    assert not found, "files outside a game's own modules name it:\n" + "\n".join(found)


def test_a_games_own_modules_are_found_through_its_spec():
    """The client reads ``ui=``, the levels ``adapter=``, hard's tuning the ``agent=`` module."""
    from game import rulesets
    from game.ai import tuning
    from game.ai.adapter import adapter_for
    from game.core.spec import load_object
    for spec in rulesets.specs():
        if not spec.ready:
            continue
        assert spec.ui and spec.adapter and spec.agent, spec.id
        assert adapter_for(spec.id) is load_object(spec.adapter)
        assert adapter_for(spec.id).game_id == spec.id
        assert tuning.heuristic_module(spec.id).__name__ == spec.agent.partition(":")[0]
        assert tuning.tunable(spec.id)
        assert rulesets.get(spec.id).title == spec.title or "title" in vars(rulesets.get(spec.id))


def test_the_catalogue_order_picks_the_default_game():
    from game import rulesets
    from game.__main__ import _first_game
    assert _first_game() == rulesets.available()[0] == rulesets.specs()[0].id


def test_a_games_title_is_written_once_in_its_spec():
    """``Game.title`` is the spec's: a rules class does not write it again."""
    from game import rulesets
    from game.core.game import Game
    for spec in rulesets.specs():
        bare = type("Bare", (Game,), {"game_id": spec.id})
        assert bare.title == spec.title
    assert type("Unlisted", (Game,), {"game_id": "no_such_game"}).title == "no_such_game"
