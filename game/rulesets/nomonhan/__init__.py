"""ノモンハンの戦い (Battle of Nomonhan, CMJ postcard game, 2012)."""
from game.core.spec import GameSpec, Option, register

SPEC = register(GameSpec(
    id="nomonhan", title="Battle of Nomonhan", local="ノモンハンの戦い", year="1939", order=10,
    rules="game.rulesets.nomonhan.rules:Nomonhan",
    agent="game.ai.nomonhan:NomonhanAgent",
    adapter="game.ai.adapters.nomonhan:ADAPTER",
    observation="game.rulesets.nomonhan.observation:NomonhanObservation",
    ui="game.client.games.nomonhan:NomonhanUI",
    seats=("JP", "SOV"), side_names=(("JP", "Japan"), ("SOV", "Soviet Union")),
    blurb="July 1939: Soviet armour and the Kwantung Army clash on the Khalkhin Gol.",
    options=(
        Option("artillery_on_defense", bool, help="Soviet artillery also supports Soviet defenders"),
        Option("idle_cycles_per_turn", int,
               help="cycles in a row without a loss or a retreat that end a turn (data.json)"),
        Option("units", dict, help="per-unit value overrides, unit key -> {field: value} (tests, scenarios)"),
    ),
))

from .rules import Nomonhan  # noqa: E402

__all__ = ["Nomonhan", "SPEC"]
