"""Helpers for the rules tests."""
from __future__ import annotations
from game.ai import ask

import time

from game.ai.random_agent import RandomAgent
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
    h.zones.swap(h, hidden[0], spare[0])        # the spare card takes the chosen one's place, in the deck too
    h.invalidate()
    return h


def permute_deck(g):
    """Yoshitsune: a copy with the (hidden) deck order reversed."""
    h = g.clone()
    h.world.activate()
    deck = h.cards().deck
    if len(deck) < 2:
        return None
    h.zones.arrange(h, "deck", tuple(reversed(deck)))
    h.invalidate()
    return h


def play_match(game_cls, agent_cls, side: str, games: int, seed: int) -> tuple[int, float]:
    """``agent_cls`` on ``side`` against the random agent for ``games`` seeded games
    (seeds and agent seeds as game.runner.selfplay): (wins, games per second)."""
    wins = 0
    t0 = time.perf_counter()
    for i in range(games):
        s = seed + i
        agents = {seat: (agent_cls(s * 31 + k) if seat == side else RandomAgent(s * 31 + k))
                  for k, seat in enumerate(game_cls.seats)}
        g = game_cls(seed=s)
        while not g.is_over():
            g.apply(ask(g, agents[g.to_move()]))
        wins += g.result().winner == side
        g.close()
    return wins, games / (time.perf_counter() - t0)


# -- synthetic input for client tests ----------------------------------------------------
def key(k, mod=0):
    import pygame
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


def type_char(ch):
    """A key press that types ``ch`` (the pass-the-device screen's letter)."""
    import pygame
    return pygame.event.Event(pygame.KEYDOWN, key=ord(ch.lower()), mod=0, unicode=ch.lower(), scancode=0)


def pass_device(modal):
    """The events that confirm a pass-the-device screen deliberately: type its letter."""
    return [type_char(modal.letter)]


def click(pos, button=1):
    import pygame
    return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button),
            pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button)]


def plays_legal_and_deterministic(game_cls, agent_cls, seed: int) -> tuple:
    """Play one game agent against agent: every action is legal; (state hash, winner)."""
    g = game_cls(seed=seed)
    ag = {s: agent_cls(i + 1) for i, s in enumerate(g.seats)}
    while not g.is_over():
        a = ask(g, ag[g.to_move()])
        assert a in g.legal_actions()
        g.apply(a)
    out = (g.state_hash(), g.result().winner)
    g.close()
    return out


def decides_without_the_real_dice(game_cls, agent_cls, side: str, seed: int = 3, limit: int = 10**6) -> set:
    """Play ``agent_cls`` for ``side`` against random: each of its decisions is the same whatever
    the real game's dice state is. The kinds of decision met."""
    from game.ai.random_agent import RandomAgent
    g = game_cls(seed=seed)
    other = RandomAgent(2)
    kinds = set()
    n = 0
    while not g.is_over() and n < limit:
        seat = g.to_move()
        if seat == side:
            kinds.add(g.pending().kind)
            a1 = ask(g, agent_cls(9))
            state = g.dice.getstate()
            g.dice.setstate(game_cls(seed=999).dice.getstate())
            a2 = ask(g, agent_cls(9))
            g.dice.setstate(state)
            assert a1 == a2
            g.apply(ask(g, agent_cls(1)))
        else:
            g.apply(other.choose_among(g.legal_actions()))
        n += 1
    g.close()
    return kinds


def hex_pos(sc, h):
    """The screen pixel of a cell's centre in a board scene."""
    return tuple(map(int, sc.view.hex_center(h)))


def board_scene(app, game, seats):
    """A board scene on ``game`` with these seats, switched to."""
    from game.client.scenes.board import BoardScene
    from game.client.session import Session
    sc = BoardScene(app, Session(game, seats, autosave=False))
    app.switch(sc)
    return sc


def settle(app, sc, limit: int = 2000) -> None:
    """Run frames until a human may act in ``sc``, the game is over, or the scene changed."""
    for _ in range(limit):
        if app.scene is not sc or sc.can_act() or (sc.game.is_over() and not sc.seq.busy):
            return
        app.frame(0.05, [])


def frames_until(app, cond, seconds: float = 300.0) -> bool:
    """Run frames until ``cond()`` holds; return whether it does. For an App whose AI answers
    from its worker process: how many frames a decision takes depends on how fast the frames
    run, so the bound is a wall-clock safety net (far above the need), not a frame count."""
    import time
    deadline = time.monotonic() + seconds
    while not cond():
        if time.monotonic() > deadline:
            return False
        app.frame(0.05, [])
        time.sleep(0.0005)          # (a real frame waits for the display; this one lets the worker run)
    return True

