"""日清戰爭 旭日與斜陽 (Sino-Japanese War 1894–95; 田島準, Game Journal No. 21, 2006)."""
from game.core.spec import GameSpec, Option, register

SPEC = register(GameSpec(
    id="sino_japanese", title="Sino-Japanese War", local="日清戰爭 旭日與斜陽", year="1894–95", order=30,
    rules="game.rulesets.sino_japanese.rules:SinoJapanese",
    agent="game.ai.sino_japanese:SinoJapaneseAgent",
    adapter="game.ai.adapters.sino_japanese:ADAPTER",
    ui="game.client.games.sino_japanese:SinoJapaneseUI",
    observation="game.rulesets.sino_japanese.observation:SinoJapaneseObservation",
    seats=("JP", "QING"), side_names=(("JP", "Japan"), ("QING", "Qing")),
    blurb="1894: Japan's new army and the Beiyang Fleet fight for Korea and Liaodong.",
    options=(
        Option("ninth_turn", bool, False, help="play a 9th turn (April 1895) and judge victory at its end (12.3)"),
        Option("jinzhou_errata", bool, True,
               help="the 錦州 errata, part of the game (on by default; false plays without the errata): "
                    "Japan wins if it controls 錦州 (Jinzhou, 1001) at the end, whatever its points"),
        Option("andong_port", bool, False, help="Andong 1512 is a blue port with its two optional lanes (sheet §4.6)"),
    ),
))

from .rules import SinoJapanese  # noqa: E402

__all__ = ["SinoJapanese", "SPEC"]
