"""Packaging: the data folders beside game/ (maps, sprites, audio, fonts, locale) go
into the wheel inside the package, as ``game/_data/<folder>``, where game/paths.py
finds them when the game runs from an installed wheel rather than a checkout.
Everything else is in pyproject.toml."""
import os

from setuptools import find_namespace_packages, setup

DATA = ("maps", "sprites", "audio", "fonts", "locale")


def data_packages() -> list[str]:
    """Each data folder and its sub-folders, as packages of game._data."""
    out = []
    for top in DATA:
        for folder, _dirs, _files in os.walk(top):
            out.append("game._data." + folder.replace(os.sep, "."))
    return out


setup(
    packages=find_namespace_packages(include=["game", "game.*"], exclude=["game._data*"]) + data_packages(),
    package_dir={f"game._data.{d}": d for d in DATA},
    package_data={"": ["*.json"], **{p: ["*"] for p in data_packages()}},
)
