"""Shared helpers of the lite_compat scene-object tests."""

from __future__ import annotations

from lite_compat.math import Matrix

TOL = {"rtol": 1e-6, "atol": 1e-6}


class FakeScene:
    """A scene with a render id we control and no add*/remove* methods (lists are created)."""

    def __init__(self) -> None:
        self.render_id = 0
        self.activeCamera: object = None

    def getRenderId(self) -> int:
        return self.render_id


def translation(m: Matrix) -> list[float]:
    """The translation column of a Babylon (row-vector, column-major-stored) matrix."""
    return [m.m[12], m.m[13], m.m[14]]
