"""Mechanisms shared by games: movement (MP, ZOC, paths), combat helpers, cards in zones."""
