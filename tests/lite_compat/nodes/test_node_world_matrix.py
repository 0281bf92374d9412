"""World-matrix caching per render id, as Babylon.js 9.31 does it.

The expected values are measured from Babylon.js 9.31 under Node
(parity/scenarios/compat_quirks_world_matrix.mjs).
"""

from __future__ import annotations

from lite_compat import FreeCamera, MeshBuilder, NullEngine, Scene, TransformNode, Vector3


def _scene() -> Scene:
    scene = Scene(NullEngine())
    FreeCamera("camera", Vector3(0, 0, -10), scene)
    return scene


def _t(node: TransformNode, how: str = "get") -> list[float]:
    if how == "get":
        m = node.getWorldMatrix()
    elif how == "compute":
        m = node.computeWorldMatrix()
    else:
        m = node.computeWorldMatrix(True)
    return list(m.m[12:15])


def test_a_node_moved_in_the_same_render_id_reads_the_cached_matrix() -> None:
    scene = _scene()
    node = TransformNode("node", scene)
    node.position.set(1, 2, 3)
    assert _t(node) == [1, 2, 3]
    node.position.x = 5
    assert _t(node) == [1, 2, 3]
    assert _t(node, "compute") == [1, 2, 3]
    assert node.absolutePosition.asArray() == [1, 2, 3]
    assert _t(node, "force") == [5, 2, 3]
    node.position = Vector3(7, 8, 9)  # marks the node dirty, keeps the render id
    assert _t(node) == [5, 2, 3]
    assert node.absolutePosition.asArray() == [7, 8, 9]
    node.position.x = 4
    scene.render()
    assert _t(node) == [4, 8, 9]


def test_a_mesh_is_computed_at_creation_and_by_render() -> None:
    scene = _scene()
    mesh = MeshBuilder.CreateBox("mesh", {"size": 1}, scene)
    mesh.position.set(1, 1, 1)
    assert _t(mesh) == [0, 0, 0]
    scene.render()
    assert list(mesh.worldMatrixFromCache.m[12:15]) == [1, 1, 1]
    mesh.position.y = 3
    assert _t(mesh) == [1, 1, 1]
    scene.render()
    assert list(mesh.worldMatrixFromCache.m[12:15]) == [1, 3, 1]


def test_a_child_follows_its_moved_parent_in_a_later_render_id() -> None:
    scene = _scene()
    parent = TransformNode("parent", scene)
    child = TransformNode("child", scene)
    child.parent = parent
    parent.position.set(10, 0, 0)
    child.position.set(0, 10, 0)
    assert _t(child) == [10, 10, 0]
    parent.position.x = 20
    assert _t(child) == [10, 10, 0]
    scene.render()
    assert _t(child) == [20, 10, 0]
