"""Scenes reach each other through the navigator (game/client/navigator.py), never by
importing each other (issue 37): read from the source, so it stays true.

A scene module is a module of game/client/scenes/ (but its package's ``__init__``,
which imports them all so that they register their routes, and ``base.py``, the
scenes' base class) or game/client/tutorial.py. What scenes share that is not a
scene (dialogs.py, gameflow.py, savelist.py, thumbnails.py ...) lives in modules
that import no scene."""
from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CLIENT = ROOT / "game" / "client"
NOT_SCENES = ("__init__.py", "base.py")


def module_of(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def scene_modules() -> dict[str, Path]:
    found = {module_of(p): p for p in sorted((CLIENT / "scenes").glob("*.py")) if p.name not in NOT_SCENES}
    found[module_of(CLIENT / "tutorial.py")] = CLIENT / "tutorial.py"
    return found


def imports(path: Path, tree: ast.Module | None = None) -> list[tuple[ast.stmt, str, tuple[str, ...]]]:
    """Every import of the module at ``path`` (parsed: ``tree``), at module level or inside
    a function: (the statement, a module it may name, the names it binds). ``from . import
    x`` names both the package and its module ``x``."""
    tree = tree or ast.parse(path.read_text(encoding="utf-8"))
    me = module_of(path)
    package = me if path.name == "__init__.py" else me.rpartition(".")[0]
    out = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for a in node.names:
                out.append((node, a.name, (a.asname or a.name.partition(".")[0],)))
        elif isinstance(node, ast.ImportFrom):
            base = package
            for _ in range(node.level - 1):
                base = base.rpartition(".")[0]
            base = (f"{base}.{node.module}" if node.module else base) if node.level else node.module
            bound = tuple(a.asname or a.name for a in node.names)
            out.append((node, base, bound))
            out += [(node, f"{base}.{a.name}", (a.asname or a.name,)) for a in node.names]
    return out


def only_bases(tree: ast.Module, names: tuple[str, ...]) -> bool:
    """Each of ``names`` is used in ``tree`` only as the base of a class (``class X(Name)``)."""
    bases = {id(b) for n in ast.walk(tree) if isinstance(n, ast.ClassDef) for b in n.bases}
    uses = [n for n in ast.walk(tree) if isinstance(n, ast.Name) and n.id in names]
    return bool(uses) and all(id(n) in bases for n in uses)


def test_no_scene_module_imports_another_scene_module():
    """At module level or inside a function: a scene goes to another with
    ``go(app, NAME, ...)``. The one import allowed is a scene that IS another, extended
    (the tutorial is a board scene: ``class TutorialScene(BoardScene)``): at module level,
    and its names used only as the base of a class."""
    scenes = scene_modules()
    found = []
    for me, path in scenes.items():
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node, target, bound in imports(path, tree):
            if target == me or target not in scenes:
                continue
            if node in tree.body and only_bases(tree, bound):
                continue                # extends a scene class of that module
            found.append(f"{path.relative_to(ROOT)}:{node.lineno} imports {target}")
        for node in ast.walk(tree):     # (and nothing is loaded by name behind the navigator's back)
            if isinstance(node, ast.Call) and getattr(node.func, "attr", getattr(node.func, "id", "")) in (
                    "import_module", "__import__"):
                found.append(f"{path.relative_to(ROOT)}:{node.lineno} loads a module by name")
    assert scenes and not found, "\n".join(found) + "\nGo through game/client/navigator.py instead."


def test_what_the_scenes_share_imports_no_scene():
    """The modules beside the scenes that they share (questions, save lines and
    pictures, the pause menu, the settings panel, starting and leaving a game, the
    navigator) import no scene module."""
    scenes = scene_modules()
    shared = ("navigator", "dialogs", "gameflow", "savelist", "thumbnails", "pause_menu", "settings_panel",
              "seat_kinds")
    found = [f"{name}.py imports {target}" for name in shared
             for _node, target, _b in imports(CLIENT / f"{name}.py") if target in scenes]
    assert not found, "\n".join(found)


def test_no_client_modules_import_each_other_in_a_loop():
    """game/client/**: the graph of imports (module level and inside functions) has no cycle."""
    modules = {module_of(p): p for p in CLIENT.rglob("*.py")}
    graph = {m: sorted({t for _n, t, _b in imports(p) if t in modules and t != m}) for m, p in modules.items()}
    state: dict[str, int] = {}          # 1: on the path being walked, 2: done
    loops = []

    def walk(m: str, path: list[str]) -> None:
        state[m] = 1
        for t in graph[m]:
            if state.get(t) == 1:
                loops.append(" -> ".join(path[path.index(t):] + [t]))
            elif t not in state:
                walk(t, path + [t])
        state[m] = 2

    for m in sorted(graph):
        if m not in state:
            walk(m, [m])
    assert not loops, "\n".join(loops)


def test_every_route_has_its_scene_once_the_app_is_loaded():
    import game.client.app  # noqa: F401  (imports the scene modules: each registers its routes)
    from game.client import navigator
    names = {v for k, v in vars(navigator).items() if k.isupper() and isinstance(v, str)}
    assert names and names <= set(navigator.routes())
