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
    read_png(tmp_path / "motion_retarget.png", (900, 300))


def test_the_retargeting_picture_plays_the_walk_on_a_taller_rig(tmp_path: Path) -> None:
    from lite.assets import DEFAULT_FIGURE
    from lite.tools.motion_figures import TALL, _poses_over, _tall_rig

    source = lite.load_gltf(DEFAULT_FIGURE).animation_data
    walk = next(c for c in source.clips if c.name == "walk")
    tall = _tall_rig(source)
    clip = lite.retarget_clip(walk, source, tall)
    times = [0.0, 0.25, 0.6]
    small = _poses_over(source, walk, times)
    big = _poses_over(tall, clip, times)
    # Rotations carry over unchanged (same rests), translations scale: every joint's world
    # position is the source's times 1.5 (the rig is uniformly 1.5x as large).
    for a, b in zip(small, big, strict=True):
        np.testing.assert_allclose(b, a * TALL, atol=1e-5)
    read_png(retarget_png(tmp_path), (900, 300))


def retarget_png(folder: Path) -> Path:
    from lite.tools.motion_figures import retarget_figure

    return retarget_figure(folder / "motion_retarget.png")
