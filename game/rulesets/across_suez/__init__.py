"""Across Suez: The Battle of the Chinese Farm (SPI 1980; DG 1995; Hobby Japan 「スエズを渡れ」)."""
from .rules import AcrossSuez, combat_preview

__all__ = ["AcrossSuez", "combat_preview"]
