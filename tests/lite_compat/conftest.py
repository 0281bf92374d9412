"""Fixtures of the lite_compat tests."""

from __future__ import annotations

import pytest

from lite_compat.engines.engine_store import NullEngine
from lite_compat.scene.scene import Scene


@pytest.fixture
def scene() -> Scene:
    """A real scene on a NullEngine (it becomes the last created scene)."""
    return Scene(NullEngine())
