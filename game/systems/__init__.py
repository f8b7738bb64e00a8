"""Mechanisms shared by games: movement (search, ZOC, paths), hex units (hexunits), combat helpers
(dice pools, CRT), paths and supply tracing, cards in zones."""
