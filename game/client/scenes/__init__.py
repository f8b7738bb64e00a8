"""Scenes: title -> select -> seats -> board -> game over (each in its own module)."""
