"""Bone getters and setters in Space.LOCAL and Space.WORLD, with and without a mesh.

Values measured from Babylon.js 9.31 by parity/scenarios/compat_surface_rig_bones.mjs (the same
generated rig: a rotated, non-uniformly scaled root, a chain, a rotated/scaled mesh as tNode).
"""

from __future__ import annotations

import pytest
from numpy.testing import assert_allclose

from lite.errors import AnimationStateError
from lite_compat import Bone, Matrix, Quaternion, Scene, Skeleton, Space, TransformNode, Vector3

TOL = {"rtol": 1e-6, "atol": 1e-6}


def build(scene: Scene) -> dict[str, object]:
    skeleton = Skeleton("rig", "rig", scene)
    root = Bone(
        "root",
        skeleton,
        None,
        Matrix.Compose(
            Vector3(1, 2, 1.5), Quaternion.RotationYawPitchRoll(0.3, -0.2, 0.1), Vector3(0.5, 1, 2)
        ),
    )
    arm = Bone(
        "arm",
        skeleton,
        root,
        Matrix.Compose(
            Vector3(1, 1, 1), Quaternion.RotationAxis(Vector3(0, 0, 1), 0.7), Vector3(0, 2, 0)
        ),
    )
    hand = Bone(
        "hand",
        skeleton,
        arm,
        Matrix.Compose(
            Vector3(1.5, 1.5, 1.5),
            Quaternion.RotationAxis(Vector3(1, 0, 0), -0.4),
            Vector3(0.5, 1, 0),
        ),
    )
    tip = Bone("tip", skeleton, hand, Matrix.Translation(0, 0.5, 0.25))
    mesh = TransformNode("mesh", scene)
    mesh.position = Vector3(3, -1, 2)
    mesh.rotation = Vector3(0.2, 1.1, -0.3)
    mesh.scaling = Vector3(2, 2, 2)
    mesh.computeWorldMatrix(True)
    return {"skeleton": skeleton, "root": root, "arm": arm, "hand": hand, "tip": tip, "mesh": mesh}


def v(p: Vector3) -> list[float]:
    return [p.x, p.y, p.z]


def q(p: Quaternion) -> list[float]:
    return [p.x, p.y, p.z, p.w]


def test_position_getters_in_both_spaces(scene: Scene) -> None:
    rig = build(scene)
    hand, mesh = rig["hand"], rig["mesh"]
    assert isinstance(hand, Bone)
    assert_allclose(v(hand.getPosition()), [0.5, 1, 0], **TOL)
    assert_allclose(
        v(hand.getPosition(Space.WORLD)),
        [-0.6968165636062622, 6.994991302490234, 1.0981591939926147],
        **TOL,
    )
    assert_allclose(
        v(hand.getAbsolutePosition(mesh)),
        [8.629050254821777, 12.066023826599121, 1.7199095487594604],
        **TOL,
    )


def test_rotation_direction_and_point_getters(scene: Scene) -> None:
    rig = build(scene)
    hand, mesh = rig["hand"], rig["mesh"]
    assert isinstance(hand, Bone)
    assert_allclose(
        v(hand.getRotation(Space.WORLD)),
        [-0.5675868120859301, -0.06559440271658554, 0.9501598821815889],
        **TOL,
    )
    assert_allclose(
        q(hand.getRotationQuaternion(Space.WORLD, mesh)),
        [-0.036694083502139124, 0.4978740736787246, 0.3624650430748312, 0.7587860185913146],
        **TOL,
    )
    assert_allclose(
        v(hand.getDirection(Vector3(0, 0, 1))),
        [0.046901919101194796, 0.5446956066266986, 0.8373212681558959],
        **TOL,
    )
    assert_allclose(
        v(hand.getAbsolutePositionFromLocal(Vector3(0.5, 1, -1), mesh)),
        [3.2423175871372223, 16.871720552444458, 0.37939321994781494],
        **TOL,
    )
    assert_allclose(
        v(hand.getLocalPositionFromAbsolute(Vector3(2, 3, 4))),
        [-0.3883066475391388, -2.0827476382255554, 0.4243823066353798],
        **TOL,
    )


@pytest.mark.parametrize(
    ("name", "space", "use_mesh", "expected_quat", "expected_tip"),
    [
        (
            "setRotation",
            Space.WORLD,
            False,
            [0.044922456307530015, -0.3433507568348442, 0.46012131743320683, 0.8175454701383014],
            [8.466291427612305, 12.694601058959961, 2.6300747394561768],
        ),
        (
            "setRotation",
            Space.WORLD,
            True,
            [0.14915684565313753, 0.705140786675514, -0.5540325811022173, -0.41662522687027564],
            [7.585826873779297, 12.443856239318848, 1.8574881553649902],
        ),
        (
            "rotate",
            Space.WORLD,
            False,
            [-0.3141735780156108, -0.04316175259430129, 0.7542330385863889, 0.583444463368923],
            [7.783909320831299, 13.254190444946289, 4.0898356437683105],
        ),
        (
            "setAxisAngle",
            Space.WORLD,
            False,
            [0, 0.42793141370344623, 0.42793141370344623, 0.7960838195585725],
            [9.34359359741211, 12.79380989074707, 2.1779003143310547],
        ),
        (
            "setYawPitchRoll",
            Space.LOCAL,
            False,
            [-0.26621037473168296, 0.4362403989572674, 0.14410687941928246, 0.834788731892029],
            [9.389610290527344, 15.297837257385254, 1.4776685237884521],
        ),
    ],
)
def test_rotation_setters_match_babylon(
    scene: Scene,
    name: str,
    space: int,
    use_mesh: bool,
    expected_quat: list[float],
    expected_tip: list[float],
) -> None:
    rig = build(scene)
    hand, mesh, tip = rig["hand"], rig["mesh"], rig["tip"]
    assert isinstance(hand, Bone) and isinstance(tip, Bone)
    tnode = mesh if use_mesh else None
    if name == "setRotation":
        hand.setRotation(Vector3(0.4, -0.6, 0.9), space, tnode)
    elif name == "rotate":
        hand.rotate(Vector3(0, 0, 1), 0.9, space, tnode)
    elif name == "setAxisAngle":
        hand.setAxisAngle(Vector3(0, 1, 1).normalize(), 1.3, space, tnode)
    else:
        hand.setYawPitchRoll(0.7, 0.1, -0.4, space, tnode)
    # The bone keeps its place; its world rotation and its child's position follow Babylon.
    assert_allclose(
        v(hand.getPosition(Space.WORLD, mesh)),
        [8.629050254821777, 12.066023826599121, 1.7199095487594604],
        **TOL,
    )
    assert_allclose(q(hand.getRotationQuaternion(Space.WORLD)), expected_quat, **TOL)
    assert_allclose(v(tip.getAbsolutePosition(mesh)), expected_tip, **TOL)


def test_set_absolute_position_with_a_mesh_lands_there(scene: Scene) -> None:
    rig = build(scene)
    hand, mesh, tip = rig["hand"], rig["mesh"], rig["tip"]
    assert isinstance(hand, Bone) and isinstance(tip, Bone)
    hand.setAbsolutePosition(Vector3(4, 1, -2), mesh)
    assert_allclose(
        v(hand.getAbsolutePosition(mesh)), [4.000000476837158, 0.9999999403953552, -2], **TOL
    )
    assert_allclose(
        v(tip.getAbsolutePosition(mesh)),
        [4.283442497253418, 3.648399591445923, -1.1948962211608887],
        **TOL,
    )


def test_scale_compensates_children_unless_asked(scene: Scene) -> None:
    tips = []
    for children in (False, True):
        rig = build(scene)
        arm, tip = rig["arm"], rig["tip"]
        assert isinstance(arm, Bone) and isinstance(tip, Bone)
        arm.scale(2, 0.5, 1.5, children)
        tips.append(v(tip.getAbsolutePosition()))
    assert_allclose(tips[0], [-0.6956782937049866, 8.157739639282227, 0.9365314245223999], **TOL)
    assert_allclose(tips[1], [-0.32735878229141235, 7.863578796386719, 1.3956406116485596], **TOL)


def test_return_to_rest_and_clone(scene: Scene) -> None:
    rig = build(scene)
    hand, tip, skeleton = rig["hand"], rig["tip"], rig["skeleton"]
    assert isinstance(hand, Bone) and isinstance(tip, Bone) and isinstance(skeleton, Skeleton)
    hand.rotate(Vector3(0, 1, 0), 1.0)
    hand.position = Vector3(9, 9, 9)
    skeleton.returnToRest()
    assert_allclose(
        v(tip.getAbsolutePosition()),
        [-1.37980055809021, 8.206436157226562, 1.1378226280212402],
        **TOL,
    )
    # Babylon's Bone inherits Node.clone: a plain Node that keeps the source's name.
    copy = hand.clone("handCopy")
    assert [copy.name, copy.getClassName(), copy.id, len(copy.getChildren())] == [
        "hand",
        "Node",
        "hand",
        0,
    ]


def test_bad_arguments_raise_coded_errors(scene: Scene) -> None:
    rig = build(scene)
    hand = rig["hand"]
    assert isinstance(hand, Bone)
    before = list(hand.getLocalMatrix().m)
    with pytest.raises(AnimationStateError) as exc:
        hand.setPosition(None, Space.WORLD)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-COMPAT-160"
    with pytest.raises(AnimationStateError) as exc:
        hand.setRotationMatrix([1, 0, 0], Space.WORLD)  # type: ignore[arg-type]
    assert exc.value.code == "LITE-COMPAT-160"
    with pytest.raises(AnimationStateError) as exc:
        hand.getRotationToRef(Space.WORLD, None, None)
    assert exc.value.code == "LITE-COMPAT-024"
    assert list(hand.getLocalMatrix().m) == before
