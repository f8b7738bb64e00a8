"""Where the data folders are (the repo root holds maps/, sprites/, audio/, fonts/)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAPS = ROOT / "maps"
SPRITES = ROOT / "sprites"
AUDIO = ROOT / "audio"
FONTS = ROOT / "fonts"
SAVES = ROOT / "saves"
