"""The plain-mesh pass of ``_evaluateActiveMeshes`` (``scene_render.FAST_MESHES``) against the
generic loop it replaces (every check through the mesh's methods and properties).

Two copies of one seeded random scene (plain meshes, subclasses overriding a member, instances
holding their own ``isReady``/``getLOD``, LOD levels, skeletons, disabled, invisible, zero-scaled,
frozen and parented meshes, layer masks) run the same seeded script, one with the pass on and
one with it off: after every render the active meshes (order included), the active skeletons,
the bone counter, the software-skinned list, every mesh's world matrix, render id and dirty
flag, and the default material's existence are identical. The script changes things between
renders and during them (an observer of a mesh's world-matrix update edits other meshes).
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import lite_compat.scene.scene_render as scene_render
from lite_compat import (
    Bone,
    FreeCamera,
    Matrix,
    Mesh,
    MeshBuilder,
    NullEngine,
    Quaternion,
    Scene,
    Skeleton,
    StandardMaterial,
    TransformNode,
    Vector3,
)


class _NeverReadyMesh(Mesh):
    """Overrides ``isReady``: the generic path for its instances."""

    def isReady(self, completeCheck: bool = False) -> bool:  # noqa: N802 - Babylon's name
        return self.position.y < 3


class _OwnLodMesh(Mesh):
    """Overrides ``getLOD``: hides itself on the far side."""

    def getLOD(self, camera: object = None, boundingSphere: Any = None) -> object:  # noqa: N802
        return None if self.position.x > 10 else self


def _build(seed: int) -> tuple[Scene, list[Any], list[Skeleton], random.Random]:
    rng = random.Random(seed)
    scene = Scene(NullEngine())
    camera = FreeCamera("camera", Vector3(0, 1, -10), scene)
    camera.setTarget(Vector3.Zero())
    parents = [TransformNode(f"p{i}", scene) for i in range(3)]
    skeletons = []
    for s in range(3):
        skeleton = Skeleton(f"s{s}", f"s{s}", scene)
        root = Bone("root", skeleton, None, Matrix.Identity())
        child = Bone("child", skeleton, root, Matrix.Translation(0, 1, 0))
        node = TransformNode(f"bn{s}", scene)
        node.rotationQuaternion = Quaternion.Identity()
        child.linkTransformNode(node)
        skeletons.append(skeleton)
    meshes: list[Any] = []
    for i in range(40):
        kind = rng.random()
        mesh: Any
        if kind < 0.08:
            mesh = _NeverReadyMesh(f"nr{i}", scene)
        elif kind < 0.16:
            mesh = _OwnLodMesh(f"lod{i}", scene)
        elif kind < 0.3:
            mesh = Mesh(f"empty{i}", scene)  # no geometry, no sub-meshes
        else:
            mesh = MeshBuilder.CreateBox(f"box{i}", {"size": rng.uniform(0.2, 3)}, scene)
        meshes.append(mesh)
    for mesh in meshes:
        if rng.random() < 0.3:
            mesh.skeleton = rng.choice(skeletons)
        if rng.random() < 0.3:
            mesh.parent = rng.choice(parents)
            mesh.inheritVisibility = rng.random() < 0.6
        if rng.random() < 0.2:
            mesh.material = StandardMaterial(f"m{mesh.name}", scene)
        if rng.random() < 0.1:
            level = MeshBuilder.CreateBox(f"lvl{mesh.name}", {"size": 0.5}, scene)
            if isinstance(mesh, Mesh) and type(mesh) is Mesh:
                mesh.addLODLevel(rng.uniform(5, 30), level if rng.random() < 0.7 else None)
    _script(rng, meshes, parents, skeletons)
    return scene, meshes + parents, skeletons, rng


def _constant(value: object) -> Any:
    """An instance-level override returning ``value`` (shadows the class's method)."""
    return lambda *_args: value


def _script(
    rng: random.Random, meshes: list[Any], parents: list[Any], skeletons: list[Skeleton]
) -> None:
    """One round of edits a script makes between renders."""
    for mesh in rng.sample(meshes, min(len(meshes), 12)):
        r = rng.random()
        if r < 0.25:
            mesh.position = Vector3(rng.uniform(-20, 20), rng.uniform(-6, 6), rng.uniform(-5, 40))
        elif r < 0.35:
            mesh.position.x = rng.uniform(-20, 20)  # in place: no dirty flag
        elif r < 0.42:
            mesh.scaling = Vector3(rng.choice([0, 1, 2]), 1, 1)
        elif r < 0.48:
            mesh.setEnabled(rng.random() < 0.6)
        elif r < 0.54:
            mesh.isVisible = rng.random() < 0.6
        elif r < 0.58:
            mesh.inheritVisibility = rng.random() < 0.5
        elif r < 0.62:
            mesh.visibility = rng.choice([0, 0.5, 1])
        elif r < 0.66:
            mesh.layerMask = rng.choice([0, 0x0FFFFFFF, 0x10000000])
        elif r < 0.7:
            # Parents come earlier in the mesh list: no cycles.
            earlier = [m for m in meshes if m.uniqueId < mesh.uniqueId]
            mesh.parent = rng.choice([None, *parents, *earlier])
        elif r < 0.74:
            if rng.random() < 0.5:
                mesh.freezeWorldMatrix()
            else:
                mesh.unfreezeWorldMatrix()
        elif r < 0.78:
            mesh.computeBonesUsingShaders = rng.random() < 0.7
        elif r < 0.82:
            mesh.alwaysSelectAsActiveMesh = rng.random() < 0.5
        elif r < 0.85:
            mesh.isReady = _constant(rng.random() < 0.5)
        elif r < 0.88:
            mesh.getLOD = _constant(mesh if rng.random() < 0.5 else None)
        elif r < 0.9 and "isReady" in mesh.__dict__:
            del mesh.isReady
        elif r < 0.93:
            mesh.cullingStrategy = rng.choice([0, 1, 2, 3])
        elif r < 0.96:
            mesh.skeleton = rng.choice([None, *skeletons])
        else:
            mesh.rotation.y = rng.uniform(-3, 3)
    for parent in parents:
        if rng.random() < 0.4:
            parent.position.x = rng.uniform(-4, 4)
        if rng.random() < 0.2:
            parent.setEnabled(rng.random() < 0.7)
        if rng.random() < 0.2:
            parent.isVisible = rng.random() < 0.5


def _digest(scene: Scene, nodes: list[Any]) -> tuple[Any, ...]:
    active = scene.getActiveMeshes()
    skeletons = scene._activeSkeletons
    software = scene._softwareSkinnedMeshes
    return (
        [active.data[i].name for i in range(active.length)],
        [skeletons.data[i].name for i in range(skeletons.length)],
        [software.data[i].name for i in range(software.length)],
        scene.getActiveBones(),
        scene._defaultMaterial is not None,
        [
            (n.name, list(n._worldMatrix._m), n._currentRenderId, n._isDirty, n._childUpdateId)
            for n in nodes
        ],
    )


def _run(seed: int, fast: bool, monkeypatch: pytest.MonkeyPatch) -> list[tuple[Any, ...]]:
    monkeypatch.setattr(scene_render, "FAST_MESHES", fast)
    scene, nodes, skeletons, rng = _build(seed)
    meshes = [n for n in nodes if isinstance(n, Mesh)]
    watcher = meshes[rng.randrange(len(meshes))]
    victims = rng.sample(meshes, 3)

    def during(_node: Any, _state: Any) -> None:
        # An observer edits other meshes in the middle of the pass.
        for victim in victims:
            victim.position.y = rng.uniform(-3, 3)
        victims[0].isVisible = not victims[0].isVisible

    watcher.onAfterWorldMatrixUpdateObservable.add(during)
    out = []
    for _ in range(8):
        scene.render()
        out.append(_digest(scene, nodes))
        _script(rng, meshes, [n for n in nodes if not isinstance(n, Mesh)], skeletons)
    scene.getEngine().dispose()
    return out


@pytest.mark.parametrize("seed", range(10))
def test_plain_mesh_pass_matches_generic_loop(seed: int, monkeypatch: pytest.MonkeyPatch) -> None:
    fast = _run(seed, True, monkeypatch)
    slow = _run(seed, False, monkeypatch)
    assert len(fast) == len(slow)
    for step, (a, b) in enumerate(zip(fast, slow, strict=True)):
        assert a == b, (seed, step)
    # the scenes exercise the pass: some meshes active, some not, skeletons collected
    assert any(len(d[0]) > 0 for d in fast)
    assert any(d[1] for d in fast)


def test_plain_mesh_pass_is_taken_and_detects_a_broken_check(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The pass runs for plain meshes, and a broken inline check changes the digest (the
    differential test above would catch it)."""
    calls = []
    original = scene_render.SceneRenderPipeline._evaluatePlainMesh

    def counting(self: Any, mesh: Any, *args: Any) -> None:
        calls.append(mesh.name)
        original(self, mesh, *args)

    monkeypatch.setattr(scene_render.SceneRenderPipeline, "_evaluatePlainMesh", counting)
    fast = _run(3, True, monkeypatch)
    assert calls
    monkeypatch.setattr(scene_render.SceneRenderPipeline, "_evaluatePlainMesh", original)

    def broken(self: Any, mesh: Any, *args: Any) -> None:
        # Forgets the visibility check.
        before = self._activeMeshes.length
        original(self, mesh, *args)
        if self._activeMeshes.length == before and not mesh._isVisible:
            self._activeMeshes.push(mesh)

    monkeypatch.setattr(scene_render.SceneRenderPipeline, "_evaluatePlainMesh", broken)
    assert _run(3, True, monkeypatch) != fast


@pytest.mark.parametrize("member", ["isReady", "getLOD", "isInFrustum", "isSynchronized"])
def test_a_class_patched_between_renders_is_called(
    member: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A script patching a mesh class's member after a render (as a JS script patches a
    prototype) is seen by the next render's pass, as by the generic loop."""

    class Patched(Mesh):
        pass

    scene = Scene(NullEngine())
    camera = FreeCamera("camera", Vector3(0, 1, -10), scene)
    camera.setTarget(Vector3.Zero())
    parent = Patched("parent", scene)
    box = Patched("box", scene)
    MeshBuilder.CreateBox("src", {"size": 1}, scene).geometry.applyToMesh(box)
    box.parent = parent
    scene.render()
    assert scene.isActiveMesh(box)
    calls: list[str] = []

    def patched(self: Any, *args: Any) -> Any:
        calls.append(self.name)
        return False if member != "getLOD" else None

    monkeypatch.setattr(Patched, member, patched, raising=False)
    box.position.x = 0.5  # in place: the synchronization check runs
    scene.render()
    assert calls
    if member != "isSynchronized":
        assert not scene.isActiveMesh(box)
    scene.getEngine().dispose()


@pytest.mark.parametrize("fast", [True, False])
def test_a_class_own_trs_snapshot_is_called(fast: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """A node class with its own ``_trsSnapshot`` (the synchronization check's values) is
    asked through it by the plain pass, as by ``isSynchronized``: here it claims nothing
    moved, so an in-place move is not composed in either pass."""

    class Frozen(Mesh):
        def _trsSnapshot(self) -> Any:
            return self._cacheTRS

    monkeypatch.setattr(scene_render, "FAST_MESHES", fast)
    scene = Scene(NullEngine())
    camera = FreeCamera("camera", Vector3(0, 1, -10), scene)
    camera.setTarget(Vector3.Zero())
    box = Frozen("box", scene)
    geometry = MeshBuilder.CreateBox("src", {"size": 1}, scene).geometry
    assert geometry is not None
    geometry.applyToMesh(box)
    scene.render()
    before = list(box.getWorldMatrix().m)
    box.position.x = 0.5  # in place: only the synchronization check can see it
    scene.render()
    assert list(box.getWorldMatrix().m) == before
    scene.getEngine().dispose()
