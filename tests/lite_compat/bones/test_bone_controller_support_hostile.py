"""Hostile option values for BoneIKController and BoneLookController: taken (and then stepping never raises) or
refused with a coded LiteError; no other exception type escapes (issue 15's promise)."""

from __future__ import annotations

import math

import numpy as np
import pytest

from lite.errors import LiteError
from lite_compat import (
    Bone,
    BoneIKController,
    BoneLookController,
    Matrix,
    Scene,
    Skeleton,
    TransformNode,
    Vector3,
)

HOSTILE: dict[str, object] = {
    "zero": 0,
    "nan": math.nan,
    "inf": math.inf,
    "-inf": -math.inf,
    "1e308": 1e308,
    "huge-int": 10**400,
    "np.float32": np.float32(2.5),
    "str": "3",
    "list": [1],
    "bool": True,
}


def _arm(scene: Scene) -> tuple[TransformNode, Bone, Bone]:
    mesh = TransformNode("m", scene)
    skeleton = Skeleton("s", "s", scene)
    root = Bone("root", skeleton, None, Matrix.Translation(0, 1, 0))
    upper = Bone("upper", skeleton, root, Matrix.Translation(0, 0.5, 0))
    fore = Bone("fore", skeleton, upper, Matrix.Translation(0, 1, 0))
    Bone("hand", skeleton, fore, Matrix.Translation(0, 0.8, 0))
    return mesh, fore, upper


def _taken_or_refused(make: object, run: object = None) -> None:
    refusal: LiteError | None = None
    try:
        made = make()  # type: ignore[operator]
    except LiteError as error:
        refusal = error
    if refusal is not None:
        assert refusal.code.startswith("LITE-COMPAT-")
        assert refusal.hint
        return
    if run is not None:
        run(made)  # type: ignore[operator]


@pytest.mark.parametrize("value_name", list(HOSTILE))
@pytest.mark.parametrize("option", ["maxAngle", "slerpAmount", "poleAngle"])
def test_ik_options(scene: Scene, option: str, value_name: str) -> None:
    mesh, fore, _ = _arm(scene)

    def run(ik: BoneIKController) -> None:
        ik.targetPosition.copyFromFloats(1, 2, 0.5)
        ik.update()

    _taken_or_refused(lambda: BoneIKController(mesh, fore, {option: HOSTILE[value_name]}), run)


@pytest.mark.parametrize("value_name", list(HOSTILE))
@pytest.mark.parametrize(
    "option", ["maxYaw", "minYaw", "maxPitch", "minPitch", "slerpAmount", "adjustRoll"]
)
def test_look_options(scene: Scene, option: str, value_name: str) -> None:
    mesh, fore, _ = _arm(scene)

    def run(look: BoneLookController) -> None:
        for _ in range(3):
            look.update()

    _taken_or_refused(
        lambda: BoneLookController(mesh, fore, Vector3(1, 2, 3), {option: HOSTILE[value_name]}), run
    )
