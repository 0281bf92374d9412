"""lite.tools.bake: the Dask executor of ``lite-anim bake --dask`` (refusals; the local cluster
itself is exercised end to end in test_cli_bake.py)."""

from __future__ import annotations

import sys

import pytest

from lite.errors import LiteError
from lite.tools import bake as tool_bake
from tests.lite._scale_util import require_module


def test_no_address_is_no_executor() -> None:
    with tool_bake.dask_executor(None, 3) as executor:
        assert executor is None


def test_without_distributed_the_extra_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)
    with pytest.raises(LiteError) as exc, tool_bake.dask_executor("local"):
        pass
    assert exc.value.code == "LITE-CLI-020"
    assert exc.value.hint == "pip install 'lite-anim[scale]'"


def test_an_unreachable_scheduler_is_one_coded_error(monkeypatch: pytest.MonkeyPatch) -> None:
    require_module("distributed")
    monkeypatch.setattr(tool_bake, "DASK_CONNECT_TIMEOUT_S", 0.5)
    with pytest.raises(LiteError) as exc, tool_bake.dask_executor("tcp://127.0.0.1:9"):
        pass
    assert exc.value.code == "LITE-CLI-021"
    assert "tcp://127.0.0.1:9" in str(exc.value)
