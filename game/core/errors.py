"""Errors the kernel raises. Each message says exactly what is wrong."""


class SandtableError(Exception):
    """Base class."""


class IllegalActionError(SandtableError):
    """An action that is not among the legal actions of the current position."""


class MapError(SandtableError):
    """A TMX map that cannot be used; the message names file, object and problem."""


class SaveError(SandtableError):
    """A save file that cannot be read or does not replay."""


class OptionError(SandtableError, ValueError):
    """A game option that the game does not have, or a value of the wrong kind."""
