"""Across Suez (SPI 1980; Hobby Japan 「スエズを渡れ」): data only for now.

``data.json`` holds the order of battle, the tables and every rule number;
``maps/across_suez.tmx`` holds the map. No rules code yet, and the game is
not ready in ``game.rulesets.CATALOGUE``.
"""
