"""Across Suez: The Battle of the Chinese Farm (SPI 1980; DG 1995; Hobby Japan 「スエズを渡れ」)."""
from game.core.spec import GameSpec, Option, register

SPEC = register(GameSpec(
    id="across_suez", title="Across Suez", local="スエズを渡れ", year="1973", order=20,
    rules="game.rulesets.across_suez.rules:AcrossSuez",
    agent="game.ai.across_suez:AcrossSuezAgent",
    adapter="game.ai.adapters.across_suez:ADAPTER",
    observation="game.rulesets.across_suez.observation:AcrossSuezObservation",
    ui="game.client.games.across_suez:AcrossSuezUI",
    seats=("ISR", "EGY"), side_names=(("ISR", "Israel"), ("EGY", "Egypt")),
    blurb="October 1973: Sharon's division bridges the Suez Canal at the Chinese Farm.",
    options=(
        Option("units", dict, help="per-unit value overrides, unit key -> {field: value} (tests, scenarios)"),
    ),
))

from .rules import AcrossSuez, combat_preview  # noqa: E402

__all__ = ["AcrossSuez", "combat_preview", "SPEC"]
