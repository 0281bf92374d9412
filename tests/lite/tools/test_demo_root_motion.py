"""The demo's root-motion view: the travelling walk walks the arc its clip describes."""

from __future__ import annotations

import math
from pathlib import Path

import numpy as np

from lite.tools.demo_root_motion import (
    ROOT_MOTION_FPS,
    STRIDE,
    TURN_DEG,
    format_root_motion_table,
    plot_root_motion_demo,
    simulate_root_motion_demo,
)
from tests.lite.tools._cli_util import read_png


def test_the_figure_walks_a_half_circle_of_the_clips_radius(tmp_path: Path) -> None:
    demo = simulate_root_motion_demo()
    radius = STRIDE / math.radians(TURN_DEG)  # 2.2918 m: 1.2 m of arc per 30 degrees
    for second in range(7):
        f = second * ROOT_MOTION_FPS
        angle = math.radians(TURN_DEG * second)
        # After n loops: n strides along the circle (loops accumulated, not subtracted).
        np.testing.assert_allclose(
            demo.positions[f, [0, 2]],
            [radius * (1 - math.cos(angle)), radius * math.sin(angle)],
            atol=1e-5,
        )
        assert abs(demo.headings[f] - TURN_DEG * second) < 1e-4
    # The walk's vertical bob (hips 1 - 0.03 sin^2) is root motion too: it is applied to the
    # character, between -0.03 and 0 m, back to 0 at every loop end.
    assert demo.positions[:, 1].min() >= -0.03 - 1e-6 and demo.positions[:, 1].max() <= 1e-9
    np.testing.assert_allclose(demo.positions[::ROOT_MOTION_FPS, 1], 0.0, atol=1e-6)
    # Every recorded skeleton has its hips over the character: the root is pinned.
    for _t, joints in demo.figures:
        assert abs(joints[1, 1] - 1.0) < 0.05
    table = format_root_motion_table(demo)
    assert " 6.00    4.584   0.000   180.0°" in table
    png = plot_root_motion_demo(demo, tmp_path / "demo_root_motion.png")
    read_png(png, (1000, 500))
