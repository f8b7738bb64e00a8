"""日清戰爭 旭日與斜陽 (Sino-Japanese War 1894–95): not playable yet."""
from game.core.spec import GameSpec, register

SPEC = register(GameSpec(
    id="sino_japanese", title="Sino-Japanese War", local="日清戰爭 旭日與斜陽", year="1894–95", order=30,
    seats=("JP", "QING"), side_names=(("JP", "Japan"), ("QING", "Qing")),
    blurb="1894: Japan's new army and the Beiyang Fleet fight for Korea and Liaodong.",
    ready=False,
))
