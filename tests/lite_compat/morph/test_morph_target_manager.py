"""MorphTarget.FromMesh/serialize/Parse/clone and the manager's flags, clone, serialize/Parse.

Expected values measured from Babylon.js 9.31 by
parity/scenarios/compat_surface_rig_morph_skeleton.mjs.
"""

from __future__ import annotations

import pytest

from lite.errors import AnimationStateError
from lite_compat import Mesh, MorphTarget, MorphTargetManager, Scene


def flags(m: MorphTargetManager) -> list[object]:
    return [
        m.hasPositions,
        m.hasNormals,
        m.hasTangents,
        m.hasUVs,
        m.hasUV2s,
        m.hasColors,
        m.supportsPositions,
        m.supportsNormals,
        m.supportsUVs,
        m.vertexCount,
        m.numTargets,
        m.numInfluencers,
    ]


def meshes(scene: Scene) -> tuple[Mesh, Mesh]:
    base = Mesh("base", scene)
    base.setVerticesData("position", [0, 0, 0, 1, 0, 0, 0, 1, 0])
    base.setVerticesData("normal", [0, 0, 1, 0, 0, 1, 0, 0, 1])
    base.setVerticesData("uv", [0, 0, 1, 0, 0, 1])
    plain = Mesh("plain", scene)
    plain.setVerticesData("position", [0, 0, 1, 1, 0, 1, 0, 1, 1])
    return base, plain


def test_from_mesh_copies_the_kinds_present(scene: Scene) -> None:
    base, plain = meshes(scene)
    t1 = MorphTarget.FromMesh(base)
    t3 = MorphTarget.FromMesh(plain, "", 0.7)
    assert [t1.name, t1.influence, t1.hasNormals, t1.hasUVs, t1.hasTangents, t1.vertexCount] == [
        "base",
        0,
        True,
        True,
        False,
        3,
    ]
    assert [t3.name, t3.influence, t3.hasNormals, t3.hasUVs] == ["plain", 0.7, False, False]
    assert list(t1.getUVs() or []) == [0, 0, 1, 0, 0, 1]
    with pytest.raises(AnimationStateError) as exc:
        MorphTarget.FromMesh(None)
    assert exc.value.code == "LITE-COMPAT-164"


def test_manager_has_and_supports_flags_follow_babylon(scene: Scene) -> None:
    base, plain = meshes(scene)
    t1 = MorphTarget.FromMesh(base)
    t2 = MorphTarget.FromMesh(base, "named", 0.4)
    t3 = MorphTarget.FromMesh(plain, "", 0.7)
    manager = MorphTargetManager(scene)
    seen = [flags(manager)]
    manager.addTarget(t1)
    seen.append(flags(manager))
    manager.addTarget(t2)
    manager.enableNormalMorphing = False
    seen.append(flags(manager))
    manager.addTarget(t3)
    seen.append(flags(manager))
    for target in (t3, t2, t1):
        manager.removeTarget(target)
    seen.append(flags(manager))
    assert seen == [
        [False, False, False, False, False, False, False, False, False, 0, 0, 0],
        [True, True, False, True, False, False, True, True, True, 3, 1, 0],
        [True, True, False, True, False, False, True, False, True, 3, 2, 1],
        [True, False, False, False, False, False, True, False, False, 3, 3, 2],
        [True, True, True, True, True, True, True, False, True, 0, 0, 0],
    ]


def test_serialize_parse_and_clone(scene: Scene) -> None:
    base, _ = meshes(scene)
    target = MorphTarget.FromMesh(base, "named", 0.4)
    data = target.serialize()
    assert sorted(data) == [
        "animations",
        "id",
        "influence",
        "name",
        "normals",
        "positions",
        "uniqueId",
        "uvs",
    ]
    parsed = MorphTarget.Parse(data, scene)
    assert [parsed.name, parsed.influence, parsed.hasNormals, parsed.vertexCount] == [
        "named",
        0.4,
        True,
        3,
    ]
    clone = target.clone()
    assert clone.getPositions() is target.getPositions() and clone.id == "named"
    manager = MorphTargetManager(scene)
    manager.addTarget(target)
    manager.metadata = {"owner": "base"}
    back = MorphTargetManager.Parse(manager.serialize(), scene)
    t = back.getTarget(0)
    assert t is not None and t.name == "named" and t.morphTargetManager is back
    assert back.metadata == {"owner": "base"}
    copy = manager.clone()
    assert copy.getTarget(0) is not manager.getTarget(0) and copy.metadata is manager.metadata
    with pytest.raises(AnimationStateError) as exc:
        MorphTargetManager.Parse({"targets": 3}, scene)
    assert exc.value.code == "LITE-COMPAT-161"
