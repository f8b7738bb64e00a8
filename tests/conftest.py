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


@pytest.fixture(scope="module")
def env(tmp_path_factory):
    """For client tests: headless drivers and private config/save folders,
    set before pygame is imported, restored afterwards."""
    base = tmp_path_factory.mktemp("client")
    keys = ("SDL_VIDEODRIVER", "SDL_AUDIODRIVER", "SANDTABLE_CONFIG", "SANDTABLE_SAVES", "SANDTABLE_LANG")
    saved = {k: os.environ.get(k) for k in keys}
    # (SANDTABLE_LANG: the interface in English whatever the developer's $LANG)
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", SANDTABLE_LANG="en",
                      SANDTABLE_CONFIG=str(base / "config"), SANDTABLE_SAVES=str(base / "saves"))
    import pygame  # noqa: F401
    yield base
    for k, v in saved.items():
        if v is None:
            os.environ.pop(k, None)
        else:
            os.environ[k] = v


def _client(ai: str):
    import pygame

    from game.client.app import App
    a = App(fast=True, ai=ai)
    yield a
    sc = a.scene
    if sc is not None and hasattr(sc, "session"):
        sc.session.close()
    from game.client import i18n
    i18n.set_language("en")
    pygame.quit()


@pytest.fixture
def app(env):
    """A client App with dummy drivers, running AI decisions inline (in the frame, so
    tests step deterministically); its session is closed and pygame quit afterwards."""
    yield from _client("inline")


@pytest.fixture
def worker_app(env):
    """The same with the real AI worker process (one per test process, reused)."""
    yield from _client("worker")
