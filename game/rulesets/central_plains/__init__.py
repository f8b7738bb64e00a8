"""中原大戰 (Central Plains War 1930): five commanders in two camps, 2–5 players.

``data.json`` holds the commanders, camps, tracks, set-up, all 110 cards and the
rulings of the data sheet (../shared/rules/central_plains.md); the map is
``maps/central_plains.tmx``. ``seating.py`` says which commanders each player
holds (the options ``players`` and ``split``).
"""
from game.core.spec import GameSpec, Option, register

from . import seating

SPEC = register(GameSpec(
    id="central_plains", title="Central Plains War", local="中原大戰", year="1930", order=50,
    rules="game.rulesets.central_plains.rules:CentralPlains",
    agent="game.ai.central_plains:CentralPlainsAgent",
    adapter="game.ai.adapters.central_plains:ADAPTER",
    ui="game.client.games.central_plains:CentralPlainsUI",
    observation="game.rulesets.central_plains.observation:CentralPlainsObservation",
    seats=("CHIANG", "HE", "YAN", "LI", "FENG"),
    side_names=(("central", "中央軍 Central Army"), ("anti", "反蔣軍 Anti-Chiang coalition")),
    blurb="1930: Chiang Kai-shek against the warlords Yan, Feng and Li across the Central Plains.",
    hidden_information=True, ready=True,
    options=(
        Option("players", int, help="number of players, 2-5 (the commanders are split as seating.py says)",
               choices=(2, 3, 4, 5)),
        Option("split", str, help="who holds which commanders: groups by '/', a player's commanders by '+', "
                                  "e.g. CHIANG+HE/YAN+LI+FENG (one camp per player)",
               choices=seating.all_splits()),
        Option("morale_loss", bool, help="the loser of a battle by 3 or more loses 1 morale (data.json, RECONSTRUCTED)"),
        Option("counts", str, help="whose pieces add strength in a battle: the named commander's or the camp's",
               choices=("named_commander_only", "camp")),
    ),
))

from .rules import CentralPlains  # noqa: E402

__all__ = ["CentralPlains", "SPEC"]
