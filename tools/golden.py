"""Writes the regression numbers of every playable game into tests/data/:

* ``tests/data/perft/<game>.json``: a few positions (the start, a mid-game, the
  busiest combat decision of a seeded random game), each with the actions that
  reach it, the exact number of legal actions there and, in hex games, the
  hexes a named unit can reach;
* ``tests/data/golden/<game>.json``: a golden playthrough: per step the action
  taken, the number of legal actions and a hash of each seat's observation.

    python tools/golden.py [--game ID] [--check]

``--check`` compares instead of writing (exit 1 on a difference); the tests
(tests/test_golden.py) do the same. After a change that is *meant* to change a
game's rules or observations, run the tool and commit the new files with the
change, saying why in the commit message.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game import rulesets  # noqa: E402
from game.core.actions import action_from_json, playable  # noqa: E402

DATA = ROOT / "tests" / "data"
GOLDEN_STEPS = 400
SEED = 20261201
#: decision kinds that belong to combat (for the "busy combat" position)
COMBAT_KINDS = ("declare", "order", "loss", "retreat", "advance", "bombard", "ee_loss", "allocate",
                "commander", "battle_areas", "continue", "attack", "defend", "damage")


def canon(v: Any) -> Any:
    """A JSON-ready form of an observation that is the same in every process."""
    if isinstance(v, dict):
        return {str(k): canon(x) for k, x in sorted(v.items(), key=lambda kv: str(kv[0]))}
    if isinstance(v, (set, frozenset)):
        return sorted((canon(x) for x in v), key=repr)
    if isinstance(v, (list, tuple)):
        return [canon(x) for x in v]
    if hasattr(v, "__dataclass_fields__"):
        return {f: canon(getattr(v, f)) for f in v.__dataclass_fields__}
    return v


def obs_hash(obs: Any) -> str:
    text = json.dumps(canon(obs), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()[:12]


def replay(game_id: str, seed: int, actions: list[dict]):
    g = rulesets.new_game(game_id, seed=seed)
    for raw in actions:
        g.apply(action_from_json(raw))
    return g


def random_walk(game_id: str, seed: int, steps: int):
    """A seeded random game: (game, actions as JSON) after at most ``steps`` actions."""
    g = rulesets.new_game(game_id, seed=seed)
    rng = random.Random(seed)
    acts: list[dict] = []
    for _ in range(steps):
        legal = playable(g.legal_actions())
        if not legal:
            break
        a = legal[rng.randrange(len(legal))]
        acts.append(a.to_json())
        g.apply(a)
    return g, acts


def reach_of(g) -> dict[str, Any] | None:
    """Hex games: the reachable hexes of the first unit (by key) of the side to move that can move."""
    if not hasattr(g, "reachable") or not hasattr(g, "units_on_map"):
        return None
    d = g.pending()
    if d is None:
        return None
    for u, _h in g.units_on_map(d.seat):
        r = g.reachable(u.key)
        if r:
            return {"unit": u.key, "hexes": dict(sorted(r.items()))}
    return None


def perft(game_id: str) -> dict[str, Any]:
    positions = []

    def add(name: str, seed: int, actions: list[dict]) -> None:
        g = replay(game_id, seed, actions)
        d = g.pending()
        entry = {"name": name, "seed": seed, "actions": actions, "to_move": d.seat if d else None,
                 "decision": d.kind if d else None, "legal_actions": len(g.legal_actions())}
        r = reach_of(g)
        if r is not None:
            entry["reach"] = r
        positions.append(entry)
        g.close()

    add("start", SEED, [])
    g, acts = random_walk(game_id, SEED, 60)
    add("mid-game", SEED, acts)
    g.close()
    # the busiest combat decision met in a few seeded random games
    best: tuple[int, int, list[dict]] | None = None
    for seed in range(SEED, SEED + 6):
        g = rulesets.new_game(game_id, seed=seed)
        rng = random.Random(seed)
        acts = []
        while (d := g.pending()) is not None and len(acts) < 3000:
            legal = g.legal_actions()
            if d.kind in COMBAT_KINDS and (best is None or len(legal) > best[0]):
                best = (len(legal), seed, list(acts))
            pick = playable(legal)
            a = pick[rng.randrange(len(pick))]
            acts.append(a.to_json())
            g.apply(a)
        g.close()
    if best is not None:
        add("busy combat", best[1], best[2])
    return {"game": game_id, "positions": positions}


def golden(game_id: str) -> dict[str, Any]:
    g = rulesets.new_game(game_id, seed=SEED)
    rng = random.Random(SEED)
    steps = []
    for _ in range(GOLDEN_STEPS):
        legal = g.legal_actions()
        obs = {s: obs_hash(g.observation(s)) for s in g.seats}
        if not legal:
            steps.append({"action": None, "legal": 0, "obs": obs})
            break
        pick = playable(legal)
        a = pick[rng.randrange(len(pick))]
        steps.append({"action": a.to_json(), "legal": len(legal), "obs": obs})
        g.apply(a)
    r = g.result()
    out = {"game": game_id, "seed": SEED, "steps": steps,
           "result": None if r is None else {"winner": r.winner, "reason": r.reason}}
    g.close()
    return out


def files(game_id: str) -> dict[Path, dict[str, Any]]:
    return {DATA / "perft" / f"{game_id}.json": perft(game_id),
            DATA / "golden" / f"{game_id}.json": golden(game_id)}


def dump(d: dict[str, Any]) -> str:
    return json.dumps(d, ensure_ascii=False, indent=1, sort_keys=False) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--game", action="append", help="only this game (repeatable)")
    ap.add_argument("--check", action="store_true", help="compare with the files; exit 1 on a difference")
    a = ap.parse_args(argv)
    bad = 0
    for gid in a.game or rulesets.available():
        for path, d in files(gid).items():
            text = dump(d)
            if a.check:
                old = path.read_text(encoding="utf-8") if path.exists() else ""
                if old != text:
                    print(f"{path.relative_to(ROOT)}: differs", file=sys.stderr)
                    bad += 1
            else:
                path.parent.mkdir(parents=True, exist_ok=True)
                path.write_text(text, encoding="utf-8")
                print(path.relative_to(ROOT))
    return 1 if bad else 0


if __name__ == "__main__":
    raise SystemExit(main())
