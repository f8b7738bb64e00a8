"""Helpers for the rules tests."""
from __future__ import annotations

from dataclasses import replace

from game.core.rng import Dice


class LoadedDice(Dice):
    """Dice that show preset faces, in order (each roll still logged as an event)."""

    def __init__(self, faces, on_roll):
        super().__init__(0, on_roll)
        self.faces = list(faces)

    def roll(self, n=1, sides=6, purpose=""):
        if len(self.faces) < n:
            raise AssertionError(f"test dice ran out: wanted {n} for {purpose!r}")
        values, self.faces = tuple(self.faces[:n]), self.faces[n:]
        if self.on_roll:
            self.on_roll(purpose, values)
        return values


def load(game, *faces):
    """Make ``game`` roll ``faces`` next."""
    game.dice = LoadedDice(faces, game._roll_reporter())
    return game


def kinds(events):
    return [e.kind for e in events]


def swap_opponent_choice(g, seat):
    """Yoshitsune: a copy where the other side chose different cards (same number), unrevealed."""
    h = g.clone()
    h.world.activate()
    c = h.cards()
    opp = "TAIRA" if seat == "MINAMOTO" else "MINAMOTO"
    theirs = c.of("chosen", opp)
    shown = [x for x in c.revealed if x in theirs]
    hidden = [x for x in theirs if x not in shown]
    spare = [x for x in c.of("pools", opp) if x not in theirs and x not in ("C02", "C03")]
    if not hidden or not spare:
        return None
    new_hidden = [spare[0]] + hidden[1:]
    chosen = tuple((s, tuple(sorted(shown + new_hidden)) if s == opp else v) for s, v in c.chosen)
    deck = tuple(spare[0] if x == hidden[0] else x for x in c.deck)
    h.put(h.game_ent, replace(c, chosen=chosen, deck=deck))
    h.invalidate()
    return h


def permute_deck(g):
    """Yoshitsune: a copy with the (hidden) deck order reversed."""
    h = g.clone()
    h.world.activate()
    c = h.cards()
    if len(c.deck) < 2:
        return None
    h.put(h.game_ent, replace(c, deck=tuple(reversed(c.deck))))
    h.invalidate()
    return h
