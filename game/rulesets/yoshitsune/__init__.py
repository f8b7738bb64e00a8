"""義經 Yoshitsune (Game Journal No.21, 2006): the rules.

``data.json`` holds the generals, clans, cards, set-up, tracks and tables of the
data sheet (../shared/rules/yoshitsune.md); the map is ``maps/yoshitsune.tmx``.
"""
from game.core.spec import GameSpec, Option, register

SPEC = register(GameSpec(
    id="yoshitsune", title="Yoshitsune", local="義經", year="1180–85", order=40,
    rules="game.rulesets.yoshitsune.rules:Yoshitsune",
    agent="game.ai.yoshitsune:YoshitsuneAgent",
    adapter="game.ai.adapters.yoshitsune:ADAPTER",
    observation="game.rulesets.yoshitsune.observation:YoshitsuneObservation",
    ui="game.client.games.yoshitsune:YoshitsuneUI",
    seats=("MINAMOTO", "TAIRA"), side_names=(("MINAMOTO", "Genji"), ("TAIRA", "Heike")),
    hidden_information=True,
    blurb="The Genpei War: the Minamoto rise against the Taira, from Kyūshū to Kantō.",
    options=(
        Option("max_rounds", int, help="most rounds of one battle fought on (data.json, RECONSTRUCTED)"),
    ),
))

from .rules import Yoshitsune  # noqa: E402

__all__ = ["Yoshitsune", "SPEC"]
