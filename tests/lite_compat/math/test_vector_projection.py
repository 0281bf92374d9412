"""Vector3 projections and Matrix reflection/oblique projections (Babylon.js 9.31 numbers,
compat_surface_scene_graph)."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from lite_compat import Matrix, Vector3


def test_project_and_unproject() -> None:
    world = Matrix.RotationY(0.3)
    view = Matrix.LookAtLH(Vector3(0, 1, -10), Vector3.Zero(), Vector3.Up())
    proj = Matrix.PerspectiveFovLH(0.8, 800 / 600, 0.1, 100)
    viewport = SimpleNamespace(x=10, y=20, width=800, height=600)
    p = Vector3.Project(Vector3(1, 2, 3), world, view.multiply(proj), viewport)
    assert (p.x, p.y, p.z) == pytest.approx(
        (515.3260454160832, 191.57463794863315, 0.9929340005978166), rel=1e-6
    )
    u = Vector3.Unproject(Vector3(400, 300, 0.5), 800, 600, world, view, proj)
    assert (u.x, u.y, u.z) == pytest.approx(
        (2.896449697377116, 0.9801189607851656, -9.363434802127088), rel=1e-5
    )


def test_project_on_triangle() -> None:
    ref = Vector3()
    d = Vector3.ProjectOnTriangleToRef(
        Vector3(2, 1, 2), Vector3(0, 0, 0), Vector3(1, 0, 0), Vector3(0, 0, 1), ref
    )
    assert d == pytest.approx(2.345207879911715)
    assert (ref.x, ref.y, ref.z) == pytest.approx((0.5, 0, 0.5))


def test_project_on_plane_parallel_is_infinite() -> None:
    plane = SimpleNamespace(normal=Vector3(0, 2, 0), d=-2)
    hit = Vector3(1, 0, 1).projectOnPlane(plane, Vector3(0, 5, 0))
    assert (hit.x, hit.y, hit.z) == pytest.approx((0.8, 1, 0.8))
    miss = Vector3(1, 5, 0).projectOnPlane(plane, Vector3(0, 5, 0))
    assert miss.x == miss.y == miss.z == float("inf")


def test_oblique_projections_mirror_each_other() -> None:
    lh, rh = Matrix(), Matrix()
    Matrix.ObliqueOffCenterLHToRef(-2, 2, -1, 1, 0.1, 50, 0.5, 0.3, 4, lh)
    Matrix.ObliqueOffCenterRHToRef(-2, 2, -1, 1, 0.1, 50, 0.5, 0.3, 4, rh)
    assert list(lh.m)[8:11] == pytest.approx(
        [-0.23883412778377533, -0.14776010811328888, 0.04008015990257263]
    )
    assert list(rh.m)[8:11] == pytest.approx(
        [0.23883412778377533, 0.14776010811328888, -0.04008015990257263]
    )
