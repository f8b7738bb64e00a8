"""The table of a ``make strength`` run, from its report (one JSON line a match, written by
the strength tests into ``$STRENGTH_REPORT``; ``game.tournament.report_line``).

    python tools/strength_report.py build/strength.jsonl          # markdown, for docs/ai.md

Exits 1 when a match in the report missed its target, 2 when the report is missing or empty."""
from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from game.tournament import passed, side_totals  # noqa: E402

GAME_ORDER = ["nomonhan", "across_suez", "yoshitsune", "sino_japanese", "central_plains"]
PAIR_ORDER = [("strength", "hard@0.5", "normal"), ("strength", "normal", "easy"),
              ("strength", "easy", "random"), ("balance", "hard@0.5", "hard@0.5")]


def _side(d: dict) -> str:
    draws = f" (+{d['draws']} drawn)" if d["draws"] else ""
    return f"{d['side']} {d['wins']}/{d['games']}{draws}"


def _pct(x: float) -> str:
    return f"{100 * x:.1f} %"


def row(m: dict) -> str:
    sides = m["a_by_side"]
    tot = m["a_overall"]
    lo, hi = tot["ci95"]
    if m["check"] == "balance":
        what = "no side > " + _pct(m["target"])
        overall = ", ".join(f"{_side(s)}: {_pct(s['score'])} (wins [{_pct(s['ci95'][0])}, "
                            f"{_pct(s['ci95'][1])}])" for s in side_totals(sides))
    else:
        what = "≥ " + _pct(m["target"])
        overall = f"{_pct(tot['score'])} (wins {_pct(tot['win_rate'])} [{_pct(lo)}, {_pct(hi)}])"
    shown = " · ".join(_side(s) for s in sides)
    return (f"| {game_label(m)} | {m['a']} | {m['b']} | {shown} | {overall} | {what} | "
            f"{'met' if ok(m) else '**not met**'} |")


def game_label(m: dict) -> str:
    """The game, with the options the match chose: "central_plains (players 3)"."""
    opts = m.get("options") or {}
    return m["game"] + (" (" + ", ".join(f"{k} {v}" for k, v in opts.items()) + ")" if opts else "")


def ok(m: dict) -> bool:
    """Read again from the figures, not the line's "passed": a report written before the
    balance check counted each side's games over both copies is read as it is now."""
    return passed(m, m["check"], m["target"])


def order(m: dict) -> tuple:
    g = GAME_ORDER.index(m["game"]) if m["game"] in GAME_ORDER else len(GAME_ORDER)
    key = (m["check"], m["a"], m["b"])
    p = PAIR_ORDER.index(key) if key in PAIR_ORDER else len(PAIR_ORDER)
    return (p, g, m["game"], sorted((k, str(v)) for k, v in (m.get("options") or {}).items()))


def table(matches: list[dict]) -> list[str]:
    out = ["| game | A | B | A by side (games a side, seeds from "
           f"{matches[0]['seed']}) | A's score (draws half; wins, 95 % CI); balance: each side's games, whichever copy held it | target | |",
           "|---|---|---|---|---|---|---|"]
    out += [row(m) for m in sorted(matches, key=order)]
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("report", type=Path)
    args = ap.parse_args(argv)
    try:
        text = args.report.read_text(encoding="utf-8")
    except OSError as e:
        print(f"strength_report: cannot read {args.report}: {e.strerror}", file=sys.stderr)
        return 2
    matches = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not matches:
        print(f"strength_report: {args.report} holds no match", file=sys.stderr)
        return 2
    print("\n".join(table(matches)))
    missed = [m for m in matches if not ok(m)]
    print(f"\n{len(matches) - len(missed)} of {len(matches)} matches met their targets.")
    return 1 if missed else 0


if __name__ == "__main__":
    sys.exit(main())
