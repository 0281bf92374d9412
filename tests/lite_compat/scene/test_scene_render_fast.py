"""The inline frustum test of ``_evaluateActiveMeshes`` (``scene_render.FAST_FRUSTUM``)
against ``mesh.isInFrustum(planes)``, the path it replaces: over seeded random scenes (meshes
near and across every plane, every culling strategy, scaled, parented, LOD-free and with
overridden classes) and scripts that move meshes and the camera between renders, the active
mesh lists (order included) and each mesh's verdict are identical."""

from __future__ import annotations

import random
from typing import Any

import pytest

import lite_compat.scene.scene_render as scene_render
from lite_compat import FreeCamera, Mesh, MeshBuilder, NullEngine, Scene, TransformNode, Vector3


class _OwnFrustumMesh(Mesh):
    """A mesh class with its own frustum test: always takes the slow path."""

    def isInFrustum(self, frustumPlanes: Any) -> bool:  # noqa: N802 - Babylon's name
        return bool(super().isInFrustum(frustumPlanes)) and self.position.x < 2


def _build(seed: int) -> tuple[Scene, Any, list[Any], random.Random]:
    rng = random.Random(seed)
    engine = NullEngine()
    scene = Scene(engine)
    camera = FreeCamera("camera", Vector3(0, 1, -10), scene)
    camera.setTarget(Vector3.Zero())
    parents = [TransformNode(f"p{i}", scene) for i in range(3)]
    meshes: list[Any] = []
    for i in range(60):
        kind = rng.random()
        if kind < 0.1:
            mesh: Any = _OwnFrustumMesh(f"own{i}", scene)
            MeshBuilder.CreateBox(f"src{i}", {"size": 1}, scene).geometry.applyToMesh(mesh)
        elif kind < 0.55:
            mesh = MeshBuilder.CreateBox(f"box{i}", {"size": rng.uniform(0.1, 3)}, scene)
        else:
            mesh = MeshBuilder.CreateSphere(f"sph{i}", {"diameter": rng.uniform(0.1, 4)}, scene)
        mesh.cullingStrategy = rng.choice([1, 1, 1, 0, 2, 3])
        meshes.append(mesh)
    _shuffle(rng, meshes, parents)
    return scene, camera, meshes + parents, rng


def _shuffle(rng: random.Random, meshes: list[Any], parents: list[Any]) -> None:
    for mesh in meshes:
        mesh.position = Vector3(rng.uniform(-25, 25), rng.uniform(-15, 15), rng.uniform(-20, 60))
        if rng.random() < 0.2:
            mesh.scaling = Vector3(rng.uniform(0.2, 3), rng.uniform(0.2, 3), rng.uniform(0.2, 3))
        if rng.random() < 0.15:
            mesh.parent = rng.choice(parents)
        if rng.random() < 0.05:
            mesh.alwaysSelectAsActiveMesh = rng.random() < 0.5
        if rng.random() < 0.1:
            mesh.cullingStrategy = rng.choice([0, 1, 2, 3])
    for parent in parents:
        parent.position = Vector3(rng.uniform(-5, 5), rng.uniform(-5, 5), rng.uniform(-5, 5))
        parent.rotation.y = rng.uniform(-3, 3)


def _active(scene: Scene, fast: bool, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    monkeypatch.setattr(scene_render, "FAST_FRUSTUM", fast)
    scene.render()
    active = scene.getActiveMeshes()
    return [active.data[i].name for i in range(active.length)]


@pytest.mark.parametrize("seed", range(12))
def test_fast_frustum_matches_is_in_frustum(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    scene, camera, nodes, rng = _build(seed)
    meshes = [n for n in nodes if isinstance(n, Mesh)]
    parents = [n for n in nodes if not isinstance(n, Mesh)]
    for step in range(6):
        fast = _active(scene, True, monkeypatch)
        slow = _active(scene, False, monkeypatch)
        assert fast == slow, (seed, step)
        planes = camera._updateFrustumPlanes()
        coeffs = scene_render._plane_coefficients(planes)
        assert coeffs is not None
        verdicts = [scene._inFrustum(m, planes, coeffs) for m in meshes]
        assert verdicts == [bool(m.isInFrustum(planes)) for m in meshes], (seed, step)
        assert 0 < len(fast) < len(meshes)  # the scene straddles the frustum
        # the script moves things between renders
        _shuffle(rng, rng.sample(meshes, 10), parents)
        camera.position = Vector3(rng.uniform(-5, 5), rng.uniform(-2, 4), rng.uniform(-15, -5))
        camera.setTarget(Vector3(rng.uniform(-2, 2), rng.uniform(-1, 1), rng.uniform(-2, 2)))
    scene.getEngine().dispose()


def test_boundary_sphere_is_rejected_like_is_in_frustum() -> None:
    """A sphere whose distance to the near plane is exactly -radius is outside (``>``), one
    a hair closer is inside: the inline test and ``isInFrustum`` agree on both."""
    engine = NullEngine()
    scene = Scene(engine)
    camera = FreeCamera("camera", Vector3(0, 0, -10), scene)
    camera.setTarget(Vector3.Zero())
    box = MeshBuilder.CreateBox("box", {"size": 2}, scene)
    scene.render()
    planes = camera._updateFrustumPlanes()
    coeffs = scene_render._plane_coefficients(planes)
    assert coeffs is not None
    sphere = box.getBoundingInfo().boundingSphere
    z = -10 + camera.minZ - 0.5
    seen = []
    for bump in (0.0, 1e-6):
        sphere.centerWorld.copyFromFloats(0.0, 0.0, z)
        sphere.radiusWorld = -planes[0].dotCoordinate(sphere.centerWorld) + bump
        verdict = scene._inFrustum(box, planes, coeffs)
        assert verdict == bool(box.isInFrustum(planes))
        seen.append(verdict)
    assert seen == [False, True]
    engine.dispose()
