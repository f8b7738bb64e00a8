"""ノモンハンの戦い (Battle of Nomonhan, CMJ postcard game, 2012)."""
from .rules import Nomonhan

__all__ = ["Nomonhan"]
