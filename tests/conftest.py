"""Shared fixtures. esper worlds are process-global: every test starts and
ends with only the default world."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import esper
import pytest


@pytest.fixture(autouse=True)
def isolated_esper_worlds():
    esper.switch_world("default")
    before = set(esper.list_worlds())
    yield
    esper.switch_world("default")
    for name in set(esper.list_worlds()) - before:
        esper.delete_world(name)
