"""Angle, Path3D and Curve3 against Babylon.js 9.31 (compat_surface_scene_graph)."""

from __future__ import annotations

import pytest

from lite.errors import LiteError
from lite_compat import Angle, Curve3, Path3D, Vector3


def test_angle_wraps_negative_radians_once() -> None:
    a = Angle(-1)
    assert (a.radians(), a.degrees()) == (5.283185307179586, 302.7042204869177)
    assert Angle.BetweenTwoVectors(Vector3.Zero(), Vector3(1, 0, 0)).degrees() == 90


def test_path3d_frames_and_positions() -> None:
    path = Path3D(
        [Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(1, 1, 0), Vector3(1, 1, 1), Vector3(3, 2, 1)]
    )
    assert path.length() == 5.23606797749979
    point = path.getPointAt(0.37)
    assert (point.x, point.y, point.z) == pytest.approx((1, 0.9373451516749223, 0))
    assert path.getPreviousPointIndexAt(0.37) == 1
    assert path.getSubPositionAt(0.37) == pytest.approx(0.9373451516749223)
    tangent = path.getTangentAt(0.2, True)
    assert (tangent.x, tangent.y, tangent.z) == pytest.approx(
        (0.6899423599243164, 0.7225329279899597, 0.043883275240659714), abs=1e-7
    )
    assert path.getClosestPositionTo(Vector3(1, 0.5, 0.2)) == pytest.approx(0.2864745084375789)


def test_curve_builders() -> None:
    arc = Curve3.ArcThru3Points(Vector3(1, 0, 0), Vector3(0, 1, 0), Vector3(-1, 0, 0), 8)
    assert arc.length() == pytest.approx(3.139558355366728)
    assert len(arc.getPoints()) == 27
    assert (
        Curve3.ArcThru3Points(Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(2, 0, 0)).getPoints()
        == []
    )
    quad = Curve3.CreateQuadraticBezier(Vector3.Zero(), Vector3(1, 2, 0), Vector3(3, 0, 1), 2)
    assert len(quad.getPoints()) == 4  # at least 3 segments
    joined = quad.continue_(Curve3([Vector3(5, 5, 5), Vector3(6, 5, 5)]))
    last = joined.getPoints()[-1]
    assert (last.x, last.y, last.z) == (4, 0, 1)
    assert getattr(quad, "continue") == quad.continue_


def test_points_must_be_vectors() -> None:
    with pytest.raises(LiteError) as info:
        Path3D([Vector3(0, 0, 0), [1, 0, 0]])  # type: ignore[list-item]
    assert info.value.code == "LITE-COMPAT-120"
    assert "path[1]" in str(info.value)
    with pytest.raises(LiteError):
        Curve3("abc")  # type: ignore[arg-type]
