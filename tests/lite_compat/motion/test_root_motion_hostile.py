"""Hostile option values for RootMotionClip and RootMotionController: taken (and then stepping never raises) or
refused with a coded LiteError; no other exception type escapes (issue 15's promise)."""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

from lite.errors import LiteError
from lite_compat import (
    RootMotionClip,
    RootMotionController,
    Scene,
)
from tests.lite_compat.motion._rigs import rig, step, walk_group

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
@pytest.mark.parametrize(
    "option",
    ["samplesPerSecond", "minimumTravel", "minimumTurn", "directionSnapAngle", "source"],
)
def test_root_motion_options(scene: Scene, option: str, value_name: str) -> None:
    group = walk_group(scene, rig(scene, "w"), "walk", 1.2, 0.4)

    def run(clip: RootMotionClip) -> None:
        RootMotionController(clip.characterNode, [clip])
        clip.animationGroup.start(True)
        step(scene, 5, 20)

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        _taken_or_refused(lambda: RootMotionClip(group, {option: HOSTILE[value_name]}), run)


@pytest.mark.parametrize("delta", [math.nan, math.inf, 0.0, -20.0])
def test_controller_survives_non_finite_and_negative_steps(scene: Scene, delta: float) -> None:
    clip = RootMotionClip(walk_group(scene, rig(scene, "w"), "walk", 1.2, 0.4))
    RootMotionController(clip.characterNode, [clip])
    clip.animationGroup.start(True)
    step(scene, 3, 20)
    step(scene, 2, delta)
    step(scene, 3, 20)
