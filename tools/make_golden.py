"""Regenerate tests/data/golden_nomonhan.json (only when the rules change on purpose)."""
import json, sys
sys.path.insert(0, str(__import__('pathlib').Path(__file__).resolve().parent.parent))
from tests.test_saves import random_game
games = []
for seed in (1, 2, 3, 42, 1939):
    g = random_game(seed)
    games.append({"seed": seed, "actions": len(g.history), "hash": g.state_hash(), "winner": g.result().winner})
json.dump({"about": "random_game(seed) from tests/test_saves.py: action count and final state hash", "games": games},
          open("tests/data/golden_nomonhan.json", "w"), indent=1)
print(games)
