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
