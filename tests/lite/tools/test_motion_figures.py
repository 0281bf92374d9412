"""The docs' motion pictures are drawn from the public functions and show what they compute."""

from __future__ import annotations

from pathlib import Path

import numpy as np

import lite
from lite.tools.motion_figures import IK_TARGETS, LOWER, UPPER, _chain_pose, _points, main
from tests.lite.tools._cli_util import read_png


def test_the_ik_picture_reaches_its_reachable_targets(tmp_path: Path) -> None:
    for x, y in IK_TARGETS:
        pose = _chain_pose()
        reached = lite.solve_two_bone_ik(pose, 0, 1, 2, (x, y, 0.0), pole=(3.0, -0.5, 0.0))
        tip = _points(pose)[2]
        assert reached == (np.hypot(x, y) <= UPPER + LOWER)
        if reached:
            np.testing.assert_allclose(tip, [x, y, 0.0], atol=1e-5)
    assert main(["--out", str(tmp_path)]) == 0
    read_png(tmp_path / "motion_ik.png", (500, 400))
    read_png(tmp_path / "motion_springs.png", (900, 400))
