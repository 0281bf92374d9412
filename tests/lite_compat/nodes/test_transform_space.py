"""TransformNode lookAt, addRotation, rotateAround, pivots, pose matrix, bone attachment,
camera queries, clone/instantiateHierarchy, serialize/Parse and the physics-body slot.

Expected values measured from Babylon.js 9.31 by
parity/scenarios/compat_surface_rig_transforms.mjs (same generated hierarchy).
"""

from __future__ import annotations

import pytest
from numpy.testing import assert_allclose

from lite.errors import AnimationStateError
from lite_compat import Bone, Matrix, Quaternion, Scene, Skeleton, Space, TransformNode, Vector3

TOL = {"rtol": 1e-6, "atol": 1e-6}


def rig(scene: Scene, use_quat: bool) -> tuple[TransformNode, TransformNode, TransformNode]:
    grand = TransformNode("grand", scene)
    grand.position = Vector3(1, -2, 0.5)
    grand.rotation = Vector3(0.3, -0.4, 0.2)
    grand.scaling = Vector3(2, 1, 0.5)
    parent = TransformNode("parent", scene)
    parent.parent = grand
    parent.position = Vector3(0, 3, -1)
    parent.rotation = Vector3(-0.6, 0.9, 0.1)
    parent.scaling = Vector3(1, 1.5, 1)
    node = TransformNode("node", scene)
    node.parent = parent
    node.position = Vector3(0.5, 0.25, 2)
    node.rotation = Vector3(0.1, 0.2, 0.3)
    if use_quat:
        node.rotationQuaternion = Quaternion.RotationYawPitchRoll(0.5, -0.3, 0.8)
    node.scaling = Vector3(1, 2, 3)
    for n in (grand, parent, node):
        n.computeWorldMatrix(True)
    return grand, parent, node


def v(p: Vector3) -> list[float]:
    return [p.x, p.y, p.z]


def test_look_at_in_world_space_corrects_for_the_parent(scene: Scene) -> None:
    _, _, node = rig(scene, False)
    node.lookAt(Vector3(-2, 5, 1), 0, 0, 0, Space.WORLD)
    assert_allclose(
        v(node.rotation), [-0.9433788184435947, -2.1657701431673884, -0.12377065869814873], **TOL
    )
    _, _, qnode = rig(scene, True)
    qnode.lookAt(Vector3(-2, 5, 1), 0, 0, 0, Space.WORLD)
    rq = qnode.rotationQuaternion
    assert rq is not None
    assert_allclose(
        [rq.x, rq.y, rq.z, rq.w],
        [0.12115668163834961, 0.9440450412604771, 0.3679028420490777, -0.47423123763238023],
        **TOL,
    )


def test_add_rotation_and_rotate_around(scene: Scene) -> None:
    _, _, node = rig(scene, False)
    node.addRotation(0.4, -0.2, 0.6)
    assert_allclose(
        v(node.rotation), [0.5399496226344208, 0.1303034434356296, 0.9182000778709055], **TOL
    )
    _, _, other = rig(scene, False)
    other.rotateAround(Vector3(1, 1, 1), Vector3(0, 0, 2), 1.1)
    assert_allclose(v(other.position), [1.4416074752807617, 0.2141992449760437, 2], **TOL)
    assert_allclose(
        v(other.computeWorldMatrix(True).getTranslation()),
        [3.3436105251312256, 3.15085768699646, 2.5189261436462402],
        **TOL,
    )


def test_world_pivot_and_absolute_pivot(scene: Scene) -> None:
    _, _, node = rig(scene, False)
    node.setPivotPoint(Vector3(1, 2, 3), Space.WORLD)
    node.computeWorldMatrix(True)  # a pivot change alone does not refresh the cached matrix
    assert_allclose(
        v(node.getPivotPoint()),
        [-2.470759630203247, 0.17152270674705505, 0.13442100584506989],
        **TOL,
    )
    assert_allclose(
        v(node.getAbsolutePivotPoint()),
        [-0.7559675069519614, 2.0191442382970166, 1.9760989782562408],
        **TOL,
    )


def test_pose_matrix_is_the_first_inverse_world(scene: Scene) -> None:
    fresh = TransformNode("pose", scene)
    assert fresh.getPoseMatrix().isIdentity()
    node = TransformNode("pose2", scene)
    node.position = Vector3(1, 2, 3)
    node.rotation = Vector3(0, 0.5, 0)
    node.computeWorldMatrix(True)
    first = list(node.getPoseMatrix().m)
    node.position.x = 10
    node.computeWorldMatrix(True)
    assert list(node.getPoseMatrix().m) == first
    assert_allclose(first[12:15], [0.5606940984725952, -2, -3.112173318862915], **TOL)


def test_attach_to_bone_follows_bone_and_mesh(scene: Scene) -> None:
    skeleton = Skeleton("sk", "sk", scene)
    b0 = Bone(
        "b0",
        skeleton,
        None,
        Matrix.Compose(
            Vector3(1, 1, 1), Quaternion.RotationAxis(Vector3(0, 0, 1), 0.5), Vector3(0, 1, 0)
        ),
    )
    b1 = Bone("b1", skeleton, b0, Matrix.Translation(0, 2, 0))
    mesh = TransformNode("skinned", scene)
    mesh.position = Vector3(2, 0, 0)
    mesh.rotation = Vector3(0, 1, 0)
    mesh.computeWorldMatrix(True)
    prop = TransformNode("prop", scene)
    prop.position = Vector3(0, 0.5, 0)
    prop.attachToBone(b1, mesh)
    assert_allclose(
        v(prop.getAbsolutePosition()),
        [1.352413296699524, 3.1939563751220703, 1.008556604385376],
        **TOL,
    )
    b1.setRotation(Vector3(0.3, 0, 0))
    skeleton.prepare(True)
    prop.computeWorldMatrix(True)
    assert_allclose(
        v(prop.getAbsolutePosition()),
        [1.4825336933135986, 3.174358367919922, 1.0793826580047607],
        **TOL,
    )
    prop.detachFromBone()
    assert prop.parent is None
    assert_allclose(v(prop.computeWorldMatrix(True).getTranslation()), [0, 0.5, 0], **TOL)


def test_clone_and_instantiate_hierarchy_names(scene: Scene) -> None:
    _, parent, node = rig(scene, True)
    leaf = TransformNode("leaf", scene)
    leaf.parent = node
    copy = parent.clone("pc", None)
    assert copy.parent is None
    assert [k.name for k in copy.getChildren()] == ["pc.node"]
    assert [k.name for k in copy.getChildren()[0].getChildren()] == ["pc.node.leaf"]
    log: list[list[str]] = []
    inst = parent.instantiateHierarchy(None, None, lambda s, d: log.append([s.name, d.name]))
    assert inst.name == "Clone of parent" and inst.parent is parent.parent
    assert log == [
        ["parent", "Clone of parent"],
        ["node", "Clone of node"],
        ["leaf", "Clone of leaf"],
    ]


def test_serialize_parse_round_trip(scene: Scene) -> None:
    _, _, node = rig(scene, True)
    node.setPivotMatrix(Matrix.Translation(0.5, 0, 0))
    node.createAnimationRange("walk", 0, 30)
    data = node.serialize()
    assert data["type"] == "TransformNode" and data["ranges"] == [
        {"name": "walk", "from": 0, "to": 30}
    ]
    parsed = TransformNode.Parse(data, scene, "")
    assert v(parsed.position) == [0.5, 0.25, 2] and v(parsed.scaling) == [1, 2, 3]
    walk = parsed.getAnimationRange("walk")
    assert walk is not None and [walk.from_, walk.to] == [0, 30]
    with pytest.raises(AnimationStateError) as exc:
        TransformNode.Parse("not a node", scene)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-COMPAT-161"


def test_camera_queries_need_a_camera(scene: Scene) -> None:
    node = TransformNode("n", scene)
    with pytest.raises(AnimationStateError) as exc:
        node.getDistanceToCamera()
    assert exc.value.code == "LITE-COMPAT-162"


class Body:
    def __init__(self) -> None:
        self.calls: list[str] = []

    def applyImpulse(self, force: Vector3, point: Vector3) -> None:
        self.calls.append("impulse")

    def applyAngularImpulse(self, impulse: Vector3) -> None:
        self.calls.append("angular")

    def applyTorque(self, torque: Vector3) -> None:
        self.calls.append("torque")

    def dispose(self) -> None:
        self.calls.append("dispose")


def test_physics_body_slot(scene: Scene) -> None:
    node = TransformNode("n", scene)
    assert node.physicsBody is None and node.getPhysicsBody() is None
    with pytest.raises(AnimationStateError) as exc:
        node.applyImpulse(Vector3(1, 0, 0), Vector3.Zero())
    assert exc.value.code == "LITE-COMPAT-163"
    body = Body()
    node.physicsBody = body
    node.applyImpulse(Vector3(1, 0, 0), Vector3.Zero())
    node.applyAngularImpulse(Vector3(0, 1, 0))
    node.applyTorque(Vector3(0, 0, 1))
    node.dispose()
    assert body.calls == ["impulse", "angular", "torque", "dispose"]
    assert node.physicsBody is None
