"""Render maps/central_plains.tmx headless to PNG files, to look at the map.

    python tools/render_central_plains_map.py [--out DIR]

Writes DIR/central_plains_map.png (the whole canvas at 1:1, with the starting
pieces and track markers) and DIR/central_plains_fit.png (the board scene's map
area of a 1280 × 720 window, as the game opens). The drawing is the client's:
BoardView (camera, static layer) and the game's UI plugin
(game/client/games/central_plains.py: link styles, terrain, HQs, names, pieces,
tracks, the commanders' band).
"""
from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
from game.client.assets import Assets  # noqa: E402
from game.client.board_view import BoardView  # noqa: E402
from game.client.games.central_plains import CentralPlainsUI  # noqa: E402
from game.rulesets.central_plains import CentralPlains  # noqa: E402


def render(out_dir: Path) -> list[Path]:
    pygame.init()
    pygame.display.set_mode((1, 1))
    game = CentralPlains(seed=1)
    assets = Assets()
    ui = CentralPlainsUI(game, assets)
    board = game.board
    out_dir.mkdir(parents=True, exist_ok=True)
    written = []
    full = BoardView(board, assets, pygame.Rect(0, 0, board.pixel_width, board.pixel_height),
                     decorate=ui.decorate_static)
    full.z, full.ox, full.oy = 1.0, 0.0, 0.0
    surf = pygame.Surface((board.pixel_width, board.pixel_height))
    surf.blit(full.static_layer(), (0, 0))
    size = ui.piece_size(full)
    for s, pieces in game.stacks().items():
        if pieces:
            ui._row(surf, list(pieces), full.hex_center(s), size)
    ui._draw_markers(surf, full)
    p = out_dir / "central_plains_map.png"
    pygame.image.save(surf, str(p))
    written.append(p)
    screen = pygame.Surface((1280, 720))
    screen.fill((26, 30, 26))
    view = BoardView(board, assets, pygame.Rect(0, 0, int(1280 * 0.72), 720), decorate=ui.decorate_static)
    ui.start_view(view)
    view.draw_static(screen)
    ui.draw(screen, view, 0.0)
    p = out_dir / "central_plains_fit.png"
    pygame.image.save(screen, str(p))
    written.append(p)
    game.close()
    pygame.quit()
    return written


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=Path("/tmp"), help="folder for the PNG files")
    a = ap.parse_args(argv)
    for p in render(a.out):
        print(f"wrote {p}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
