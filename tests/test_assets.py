"""Generated assets: sprites, sounds and the font are present, well formed,
and reproducible from tools/ (gen_sprites.py, gen_audio.py).

Needs only pygame-ce and pytest; the font checks use fontTools when it is
installed and pygame.freetype otherwise.
"""
from __future__ import annotations

import array
import importlib.util
import json
import os
import sys
import wave
from pathlib import Path

import pytest

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pygame.freetype  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
SPRITES = ROOT / "sprites"
AUDIO = ROOT / "audio"
FONTS = ROOT / "fonts"
TOOLS = ROOT / "tools"

FONT_FILES = ["SandtableSans-Regular.otf", "SandtableSans-Bold.otf"]
TITLES = [
    "ノモンハンの戦い", "日清戰爭 旭日與斜陽", "義經", "中原大戰", "노몬한의 싸움",
    "Battle of Nomonhan", "Across Suez", "▲▼◀▶●○■□★✓✕·–—…",
]
# What the client relies on, whatever the manifests say.
REQUIRED_SOUNDS = [
    "click", "move", "dice", "hit", "unit_lost", "initiative", "victory", "defeat",
    "turn", "error", "retreat", "advance", "bridge_blown", "music_menu",
]
REQUIRED_SPRITES = (
    [f"common/dice_{n}.png" for n in range(1, 7)]
    + [f"common/dice_hit_{n}.png" for n in range(1, 7)]
    + ["common/icon.png", "nomonhan/turn_JP.png", "nomonhan/turn_SOV.png", "nomonhan/bridge_blown.png"]
    + [f"across_suez/{m}.png" for m in ("crossed_box", "night_turn", "artillery", "bombardment")]
    + [f"yoshitsune/{m}.png" for m in ("okubyo", "kajiwara", "go_shirakawa", "card_back")]
)


def manifest(folder: Path) -> dict:
    return json.loads((folder / "manifest.json").read_text(encoding="utf-8"))


def load_tool(name: str):
    spec = importlib.util.spec_from_file_location(f"_sandtable_{name}", TOOLS / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


# --- sprites ----------------------------------------------------------------------

def test_sprite_manifest_lists_existing_pngs_of_stated_size():
    files = manifest(SPRITES)["files"]
    assert files
    for rel in REQUIRED_SPRITES:
        assert rel in files, f"sprites/manifest.json lacks {rel}"
    for rel, info in files.items():
        path = SPRITES / rel
        assert path.is_file(), f"missing {path}: run python tools/gen_sprites.py"
        img = pygame.image.load(str(path))
        assert img.get_size() == tuple(info["size"]), rel
        assert img.get_flags() & pygame.SRCALPHA, f"{rel} has no alpha"


def test_every_nomonhan_unit_has_its_counter_faces():
    data = json.loads((ROOT / "game/rulesets/nomonhan/data.json").read_text(encoding="utf-8"))
    files = manifest(SPRITES)["files"]
    for unit in data["units"]:
        front = f"nomonhan/{unit['key']}_front.png"
        back = f"nomonhan/{unit['key']}_back.png"
        assert front in files, front
        assert files[front]["size"] == [96, 96]
        has_back = len(unit["attack"]) > 1
        assert (back in files) == has_back, f"{back}: back side {'expected' if has_back else 'not expected'}"


def _data(game: str) -> dict:
    return json.loads((ROOT / f"game/rulesets/{game}/data.json").read_text(encoding="utf-8"))


def test_every_across_suez_unit_has_its_counter():
    data = _data("across_suez")
    files = manifest(SPRITES)["files"]
    for unit in data["units"]:
        rel = f"across_suez/{unit['key']}_front.png"
        assert rel in files, rel
        assert files[rel]["size"] == [96, 96]
        assert files[rel]["unit"] == unit["key"]
        # single-sided: Across Suez units have one step
        assert f"across_suez/{unit['key']}_back.png" not in files
    for marker in ("crossed_box", "night_turn", "artillery", "bombardment"):
        rel = f"across_suez/{marker}.png"
        assert rel in files and files[rel]["size"] == [64, 64], rel


def test_every_yoshitsune_piece_and_card_has_its_sprite():
    data = _data("yoshitsune")
    files = manifest(SPRITES)["files"]
    for g in data["generals"]:
        rel = f"yoshitsune/general_{g['key']}.png"
        assert rel in files and files[rel]["size"] == [96, 96], rel
    for clan in data["clans"]:
        rel = f"yoshitsune/retainer_{clan}.png"
        assert rel in files and files[rel]["size"] == [48, 48], rel
    for marker in ("okubyo", "kajiwara", "go_shirakawa"):
        rel = f"yoshitsune/{marker}.png"
        assert rel in files and files[rel]["size"] == [64, 64], rel
    for card in data["cards"]:
        rel = f"yoshitsune/card_{card['id']}.png"
        assert rel in files and files[rel]["size"] == [160, 224], rel
    assert files["yoshitsune/card_back.png"]["size"] == [160, 224]
    # one shared back: no per-card back files that could give the deck away
    assert not [r for r in files if r.startswith("yoshitsune/card_") and r.endswith("_back.png")
                and r != "yoshitsune/card_back.png"]
    fronts = {_pixels(SPRITES / f"yoshitsune/card_{c['id']}.png") for c in data["cards"]}
    assert len(fronts) == len(data["cards"]), "two cards have the same face"


def test_sprite_text_is_in_the_font():
    """The kanji printed on the Yoshitsune pieces and cards have glyphs (no tofu)."""
    gen = load_tool("gen_sprites")
    data = _data("yoshitsune")
    texts = [g["name_local"] for g in data["generals"]] + [c["name_local"] for c in data["clans"].values()]
    texts += [c["name_local"] + c["name"] + c.get("text", "") for c in data["cards"]]
    texts += ["臆病者", "梶原", "統率+1", "後白河", "法皇", "義經", "武勇", "統率", "武将", "イベント", "ターン"]
    texts += list(gen.CARD_SEALS.values()) + [name for _, name in gen.DECK_BAND.values()]
    for t in texts:
        assert not gen.assetlib.missing_glyphs(t), f"font lacks {gen.assetlib.missing_glyphs(t)!r} in {t!r}"


def test_counter_faces_differ_and_are_opaque_inside():
    a = pygame.image.load(str(SPRITES / "nomonhan/JP_T3_front.png"))
    b = pygame.image.load(str(SPRITES / "nomonhan/JP_T3_back.png"))
    assert pygame.image.tobytes(a, "RGBA") != pygame.image.tobytes(b, "RGBA")
    for img in (a, b):
        assert img.get_at((48, 48)).a == 255
        assert img.get_at((0, 0)).a < 255  # rounded corner


def _pixels(path: Path) -> bytes:
    return pygame.image.tobytes(pygame.image.load(str(path)), "RGBA")


def test_sprites_regenerate_byte_identical(tmp_path):
    gen = load_tool("gen_sprites")
    committed = manifest(SPRITES)
    m = gen.generate(tmp_path)
    assert sorted(m["files"]) == sorted(committed["files"]), "sprite list changed: run python tools/gen_sprites.py"
    same_env = m["built_with"] == committed["built_with"]
    for rel in m["files"]:
        new, old = (tmp_path / rel).read_bytes(), (SPRITES / rel).read_bytes()
        if same_env:
            assert new == old, f"{rel} differs: run python tools/gen_sprites.py"
        else:
            # another pygame / FreeType / zlib: the PNG bytes may differ; the
            # picture must still be (nearly) the same
            pa, pb = _pixels(tmp_path / rel), _pixels(SPRITES / rel)
            diff = sum(abs(x - y) for x, y in zip(pa, pb)) / len(pa)
            assert diff < 2.0, f"{rel} differs (mean {diff:.2f}): run python tools/gen_sprites.py"


# --- sound ------------------------------------------------------------------------

def _read(path: Path) -> tuple[wave._wave_params, array.array]:
    with wave.open(str(path), "rb") as w:
        params = w.getparams()
        data = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder != "little":
        data.byteswap()
    return params, data


def test_sounds_exist_and_are_well_formed():
    m = manifest(AUDIO)
    files = m["files"]
    for name in REQUIRED_SOUNDS:
        assert f"{name}.wav" in files, f"audio/manifest.json lacks {name}.wav"
    for name, info in files.items():
        if info.get("generator") == "tools/gen_music.py":
            continue                    # the themes (IMA ADPCM): tests/test_music.py
        path = AUDIO / name
        assert path.is_file(), f"missing {path}: run python tools/gen_audio.py"
        params, data = _read(path)
        assert (params.nchannels, params.sampwidth, params.framerate) == (1, 2, 22050), name
        assert abs(params.nframes / 22050 - info["seconds"]) < 0.01, name
        peak = max(max(data), -min(data))
        assert peak > 0.2 * 32767, f"{name} is (nearly) silent"
        assert peak < 32767, f"{name} clips"
        rms = (sum(x * x for x in data[::7]) / len(data[::7])) ** 0.5
        assert rms > 300, f"{name} is too quiet"
        if info["loop"]:
            # a seamless loop: the wrap-round step is no bigger than ordinary steps
            steps = sorted(abs(data[i + 1] - data[i]) for i in range(0, len(data) - 1, 5))
            assert abs(data[0] - data[-1]) <= steps[int(len(steps) * 0.99)], name
        else:
            # faded in and out: no click at either end
            assert abs(data[0]) < 200 and abs(data[-1]) < 200, name


def test_audio_regenerates_byte_identical(tmp_path):
    gen = load_tool("gen_audio")
    m = gen.generate(tmp_path)
    committed = manifest(AUDIO)
    ours = {k: v for k, v in committed["files"].items() if v.get("generator", "tools/gen_audio.py") == "tools/gen_audio.py"}
    assert m == dict(committed, files=ours), "audio list changed: run python tools/gen_audio.py"
    for name in m["files"]:
        assert (tmp_path / name).read_bytes() == (AUDIO / name).read_bytes(), \
            f"{name} differs: run python tools/gen_audio.py"
    (tmp_path / "manifest.json").write_text((AUDIO / "manifest.json").read_text(encoding="utf-8"), encoding="utf-8")
    gen.generate(tmp_path)              # the music's entries (tools/gen_music.py) stay as they were
    assert (tmp_path / "manifest.json").read_bytes() == (AUDIO / "manifest.json").read_bytes()


# --- font -------------------------------------------------------------------------

def test_font_files_ship_with_licence():
    for f in FONT_FILES:
        path = FONTS / f
        assert path.is_file(), f"missing {path}: run python tools/make_font.py"
        assert path.stat().st_size < 3.2 * 1024 * 1024, f"{f} is too big"
    ofl = (FONTS / "OFL.txt").read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in ofl
    assert "Reserved Font Name" in ofl
    assert (FONTS / "README.md").is_file()


@pytest.mark.parametrize("fname", FONT_FILES)
def test_font_renders_titles_without_missing_glyphs(fname):
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    f = pygame.freetype.Font(str(FONTS / fname), 24)
    assert f.name == "Sandtable Sans"
    for text in TITLES:
        metrics = f.get_metrics(text)
        missing = [c for c, m in zip(text, metrics) if m is None and not c.isspace()]
        assert not missing, f"{fname} lacks {''.join(missing)!r} (in {text!r})"
        surf, rect = f.render(text, fgcolor=(0, 0, 0), bgcolor=(255, 255, 255))
        assert rect.width > 10 * len(text.replace(" ", "")) // 2


@pytest.mark.parametrize("fname", FONT_FILES)
def test_font_cmap_and_names(fname):
    ttLib = pytest.importorskip("fontTools.ttLib")
    font = ttLib.TTFont(str(FONTS / fname), lazy=True)
    cmap = font.getBestCmap()
    for text in TITLES:
        missing = [c for c in text if not c.isspace() and ord(c) not in cmap]
        assert not missing, f"{fname} lacks {''.join(missing)!r}"
    # every kana, and the Latin-1 block
    for cp in list(range(0x3041, 0x3097)) + list(range(0x30A1, 0x30FB)) + list(range(0x20, 0x7F)):
        assert cp in cmap, f"{fname} lacks U+{cp:04X}"
    names = {r.nameID: r.toUnicode() for r in font["name"].names if r.platformID == 3}
    assert names[1] == "Sandtable Sans"
    assert "Noto" not in names[1] + names[4] + names[6]
    assert "Source" not in names[1] + names[4] + names[6]


def test_font_covers_game_data_text():
    """Every character in the game's data files is in the font (or it needs regenerating)."""
    if not pygame.freetype.get_init():
        pygame.freetype.init()
    f = pygame.freetype.Font(str(FONTS / FONT_FILES[0]), 16)
    chars: set[str] = set()
    for path in sorted((ROOT / "game").rglob("*.json")):
        chars.update(c for c in path.read_text(encoding="utf-8") if ord(c) > 0x7F)
    text = "".join(sorted(chars))
    missing = [c for c, m in zip(text, f.get_metrics(text) if text else []) if m is None]
    assert not missing, f"font lacks {''.join(missing)!r}: run python tools/make_font.py"
