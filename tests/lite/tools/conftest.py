"""The ``render_device`` fixture: one wgpu device for the whole session.

The skip / fail policy for ``@pytest.mark.gpu`` lives in ``tests/conftest.py``; this fixture
follows it (skip with the reason, or fail under ``LITE_REQUIRE_GPU=1``) in case the device
request fails although the policy's adapter probe succeeded.
"""

from __future__ import annotations

import os
from typing import Any

import pytest

from lite.errors import UnsupportedError


@pytest.fixture(scope="session")
def render_device() -> Any:
    """A device from :func:`lite.tools.render.create_render_device`."""
    from lite.tools.render import create_render_device

    try:
        return create_render_device()
    except UnsupportedError as exc:
        if os.environ.get("LITE_REQUIRE_GPU", "") == "1":
            pytest.fail(f"LITE_REQUIRE_GPU=1 but no adapter: {exc}")
        pytest.skip(f"no wgpu adapter: {exc}")
