"""Render a scene headless to a PNG (for docs, CI and eyeballing)."""
from __future__ import annotations

import os
from pathlib import Path


KIOSK_SCENES = ("card", "demo", "prompt", "summary", "locked")
#: the board with something over it: the help, the pause menu, the load list, the
#: hotseat cover, the dice panel (rolling, then landed), the hovered card (義經)
BOARD_SCENES = ("board", "threat", "help", "pause", "quit", "savefail", "pass", "dice", "dice_landed", "hover")
#: screens that are the same for every game (rendered once a size by render_all)
GLOBAL_SCENES = ("title", "select", "settings", "saves")
SCENES = GLOBAL_SCENES + ("seats", "gameover", "replay", "rules", "tutorial", "newgame") + BOARD_SCENES + KIOSK_SCENES
#: the window sizes every screen must work at
SIZES = ((1280, 720), (1920, 1080), (1024, 576))


def hover_at(game_id: str) -> str:
    """The decision at which a game shows cards to point at (the "hover" scene; "" for none):
    its client facts' ``hover_decision``."""
    from .facts import client_facts
    return client_facts(game_id).hover_decision


def parse_size(text: str) -> tuple[int, int]:
    """"1280x720" -> (1280, 720); ValueError for anything else (or below 640x360)."""
    try:
        w, h = (int(x) for x in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"bad size {text!r}: give WIDTHxHEIGHT, e.g. 1280x720") from None
    if w < 640 or h < 360 or w > 7680 or h > 4320:
        raise ValueError(f"bad size {text!r}: from 640x360 to 7680x4320")
    return w, h


def decision_positions(game_id: str, kinds: int = 4, seed: int = 5, limit: int = 600) -> dict[str, object]:
    """The first position of each decision kind (up to ``kinds`` of them, in the order
    a seeded random game meets them) as {kind: game}: the board at several decisions."""
    from game import rulesets
    from game.ai import ask, get_agent
    g = rulesets.new_game(game_id, seed)
    agent = get_agent("random", game_id, seed)
    out: dict[str, object] = {}
    for _ in range(limit):
        d = g.pending()
        if d is None or len(out) >= kinds:
            break
        if d.kind not in out:
            out[d.kind] = g.clone()
        g.apply(ask(g, agent))
    g.close()
    return out


def _kiosk_scene(app, game_id: str, scene: str) -> None:
    """The kiosk's screens for ``game_id``: its title card ("card"), its demo board a
    few dozen moves in ("demo"; "locked": the same in a locked kiosk), "press to
    play" over it ("prompt"), and the summary at its end ("summary")."""
    from .kiosk import KioskConfig
    app.kiosk = KioskConfig(games=(game_id,), seed=1, locked=scene == "locked")
    app.start_demo()
    a = app.attract
    if scene == "card":
        app.scene.update(1.0)
        a.t = a.config.card_seconds * 0.4
        return
    for _ in range(20000):
        app.frame(0.1, [])
        if app.scene.name == "summary" if scene == "summary" else (a.run is not None and a.run.actions >= 40):
            break
    if scene == "summary":
        a.t = a.config.summary_seconds * 0.3
        return
    sc = app.scene
    while sc.seq.busy and sc.seq.current is not None and sc.seq.current.kind != "dice":
        sc.update(0.02)
    if scene == "prompt":
        app._offer()


def render(game_id: str, out: str, save: str | None = None, size=(1280, 720), scene: str = "board",
           options: dict | None = None, game=None, app=None,
           palette: str | None = None) -> str:
    """Render ``scene`` (one of SCENES: the menus, the board (alone or under an
    overlay, see BOARD_SCENES), the game over, the settings ("settings"), the Load
    screen ("saves"), the replay viewer half-way through the save or a fresh game played
    out ("replay"), the question before a new game ("newgame"), the rules reference over the board
    ("rules"), the Nomonhan tutorial's first step ("tutorial"), and the kiosk's "card", "demo",
    "prompt", "summary", "locked") for a fresh ``game_id`` game (with ``options``,
    e.g. {"players": 5}; the kiosk's scenes always play the default options, as the
    kiosk does), the position in ``save`` or ``game`` (a Game, whose seat to move is
    the human one); write a PNG to ``out`` and return its path. ``app``: draw in this
    App (tests; left open) instead of a new one. Raises SaveError for a bad save,
    OptionError for a bad option. ``palette``: draw in that palette
    (game.client.palette; the settings file is not changed)."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from game import rulesets

    from game.core.save import default_save_dir

    from .app import App
    from .navigator import BOARD, GAMEOVER, REPLAY, SAVES, SEATS, SELECT, SETTINGS, TITLE, TUTORIAL, go, make
    from .session import Session

    session = Session.load(save) if save else None    # a bad save stops here, before the window opens
    if session is None and game is not None:
        d = game.pending()
        seats = {s: "heuristic" for s in game.seats}
        if d is not None:
            seats[d.seat] = "human"
        session = Session(game, seats, autosave=False)
    if session is not None:
        game_id = session.game_id
    own = app is None
    if own:
        app = App(size=size, fast=True, ai="inline")     # decisions in this process: nothing to wait for
    if palette is not None:
        from .palette import PALETTES
        if palette not in PALETTES:
            raise ValueError(f"unknown palette {palette!r}: {', '.join(PALETTES)}")
        app.assets.palette.name = palette
    try:
        if scene == "title":
            go(app, TITLE)
        elif scene == "settings":
            go(app, SETTINGS)
        elif scene == "select":
            go(app, SELECT)
        elif scene == "seats":                  # with the number of players (and split) asked for
            sc = go(app, SEATS, game_id=game_id)
            sc.choose_options(options or {})
        elif scene == "tutorial":
            go(app, TUTORIAL)
        elif scene == "saves":                  # the Load screen (of the saves in SANDTABLE_SAVES)
            go(app, SAVES)
        elif scene == "newgame":                # the question before a new game, an unfinished one saved
            from .gameflow import ask_new_game
            sc = go(app, SEATS, game_id=game_id)
            sc.modal = ask_new_game(sc, game_id, lambda: None)
            if sc.modal is None:
                raise ValueError(f"no unfinished {game_id} game is saved in {default_save_dir()}")
        elif scene in BOARD_SCENES + ("gameover", "rules", "replay"):
            if session is None:
                session = Session(rulesets.new_game(game_id, 1, options=options or None), autosave=False)
            session.autosave = False
            session.executor = app.ai
            if scene in ("gameover", "replay"):
                if not session.game.is_over() and (scene == "gameover" or not session.game.history):
                    session.seats = {s: "heuristic" for s in session.game.seats}
                    session.agents = {s: session.agent_seat("heuristic", i + 1, i + 1)
                                      for i, s in enumerate(session.game.seats)}
                    guard = 0
                    while not session.game.is_over() and guard < 5000:
                        session.machine_step()
                        guard += 1
                if scene == "replay":           # (a save: its replay; else a game played out) half-way through
                    rs = go(app, REPLAY, what=save if save else session)
                    rs.goto(rs.replay.turns[len(rs.replay.turns) // 2].pos + 1 if rs.replay.turns else 0)
                    rs.update(1.0)
                else:
                    board = make(app, BOARD, session=session)
                    board.draw(app.screen)
                    bg = app.screen.copy()
                    go(app, GAMEOVER, session=session, background=bg)
            else:
                go(app, BOARD, session=session)
                if scene == "rules":            # the rules reference (F1) open over the board
                    from .rules_ref import RulesOverlay
                    app.scene.modal = RulesOverlay(session.game, app.scene.ui)
                else:
                    _over_board(app, app.scene, scene)
        elif scene in KIOSK_SCENES:
            _kiosk_scene(app, game_id, scene)
        else:
            raise ValueError(f"unknown scene {scene!r}: {', '.join(SCENES)}")
        if scene not in KIOSK_SCENES and not (scene == "pass"):
            app.scene.update(0.0)
        app.draw()
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(out))
        if hasattr(app.scene, "session"):
            app.scene.session.close()
        if app.attract is not None:
            app.attract.stop()
            if not own:                     # (the App is drawn in again: no kiosk left over)
                app.attract, app.kiosk, app.attracting = None, None, False
        return str(out)
    finally:
        if own:
            pygame.quit()


def _over_board(app, sc, scene: str) -> None:
    """Put what ``scene`` names over the board scene ``sc``."""
    from .pause_menu import PauseOverlay
    from .rules_ref import RulesOverlay
    from .widgets import PassDevice
    from .i18n import _
    sc.update(0.0)
    if scene == "help":
        sc.modal = RulesOverlay(sc.game, sc.ui)
    elif scene == "pause":
        sc.modal = PauseOverlay(sc)
    elif scene == "quit":                   # the question on quitting a person's game
        sc.session.autosave = True
        sc.ask_quit()
    elif scene == "savefail":               # the banner of a save that failed
        sc.session.save_error = f"Read-only file system: saves/autosave-{sc.game.game_id}-20250101-120000-1a2b.json"
        sc.session.save_failures += 1
    elif scene == "threat":                 # the board with the threat view on (T)
        sc.toggle_threat()
        app.toasts.clear()
    elif scene == "pass":
        seat = sc.game.pending().seat if sc.game.pending() else sc.game.seats[0]
        recap = [sc.ui.log_text(e) for e in sc.game.events[-12:] if e.kind != "DiceRolled"]
        sc.modal = PassDevice(sc.ui.side_name(seat), sc.ui.side_colour(seat), recap=recap)
    elif scene in ("dice", "dice_landed"):
        landed = scene == "dice_landed"
        sc.dice = {"attack_dice": 4, "defense_dice": 3, "attack_hits_on": (5, 6), "defense_hits_on": (6,),
                   "attackers": (), "defender": None, "modifiers": [],
                   "attack_rolls": (6, 2, 5, 1) if landed else None, "defense_rolls": (3, 6, 4) if landed else None,
                   "t": 0.9 if landed else 0.2, "landed": landed, "result": "2 hits · 1 hit" if landed else ""}
    elif scene == "hover":
        hover_card(sc)


def hover_card(sc) -> bool:
    """Point at the first card a game draws (the player's hand, the deck's face-up
    card): what the hover enlargement shows. False when the game draws none."""
    ui = sc.ui
    sc.draw(sc.app.screen)                  # (the plugin learns where its cards are when it draws)
    rects = [r for r, _c in getattr(ui, "card_rects", [])]
    if not rects:                           # no cards: point at a unit that can act (its details show)
        hexes = ui.actable_hexes() or list(sc.game.board.cells)
        sc.hover_hex = hexes[0] if hexes else None
        if sc.hover_hex:
            sc._hover_pos = ui.pointer = tuple(int(v) for v in sc.view.hex_center(sc.hover_hex))
        return False
    ui.pointer = rects[0].center
    sc._hover_pos = rects[0].center
    return True


def render_all(out_dir: str, games=None, sizes=SIZES, kinds: int = 4) -> list[str]:
    """Every screen of every game (or of ``games``) at each of ``sizes``, as
    OUT/WxH/GAME-SCENE.png (the title and the game select once a size); the board at up
    to ``kinds`` decision kinds (GAME-board-KIND.png). Returns the paths."""
    from game import rulesets
    ids = list(games) if games else [s.id for s in rulesets.specs() if s.ready]
    paths: list[str] = []
    for w, h in sizes:
        d = Path(out_dir) / f"{w}x{h}"
        for sc in GLOBAL_SCENES:
            paths.append(render(ids[0], str(d / f"{sc}.png"), size=(w, h), scene=sc))
        for gid in ids:
            positions = decision_positions(gid, kinds)
            for sc in SCENES:
                if sc in GLOBAL_SCENES or sc == "newgame":     # (newgame: only with an unfinished save)
                    continue
                # (the hover: at the decision with cards to point at, if the game has one)
                at = positions.get(hover_at(gid)) if sc == "hover" else None
                paths.append(render(gid, str(d / f"{gid}-{sc}.png"), size=(w, h), scene=sc,
                                    game=at.clone() if at is not None else None))
            for kind, g in positions.items():
                paths.append(render(gid, str(d / f"{gid}-board-{kind}.png"), size=(w, h), scene="board", game=g))
    return paths
