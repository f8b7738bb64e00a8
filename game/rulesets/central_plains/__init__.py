"""中原大戰 (Central Plains War 1930): not playable yet."""
from game.core.spec import GameSpec, register

SPEC = register(GameSpec(
    id="central_plains", title="Central Plains War", local="中原大戰", year="1930", order=50,
    seats=("CHIANG", "HE", "YAN", "LI", "FENG"),
    blurb="1930: Chiang Kai-shek against the warlords Yan, Feng and Li across the Central Plains.",
    hidden_information=True, ready=False,
))
