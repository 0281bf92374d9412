"""Crowd two-bone IK (lite.batch.ik_batch): array operations over a slab equal the scalar
``solve_two_bone_ik`` row by row, palettes included; bad input is refused before any write."""

from __future__ import annotations

import math
from collections.abc import Iterator
from functools import cache

import numpy as np
import pytest

import lite
from lite.errors import AnimationStateError
from lite.loader_gltf import GltfAsset, load_gltf
from lite.loader_gltf.instancing import instantiate_many
from lite.tools.crowd_asset import CROWD_PHASE, crowd_asset_glb

M = 12


@cache
def _asset() -> GltfAsset:
    return load_gltf(crowd_asset_glb())


def _index(asset: GltfAsset, name: str) -> int:
    return next(nd.index for nd in asset.nodes if nd.name == name)


#: The tip of the chains solved: c0_j2 (bones of 0.15 and 0.15) or c0_j3 (0.15 and 0.30,
#: so a target closer than 0.15 to the root is too close). Tests set it through ``_tip``.
TIP = ["c0_j3"]


def _chain(asset: GltfAsset) -> tuple[int, int, int, int]:
    names = ("root", "c0_j0", "c0_j1", TIP[0])
    idx = [_index(asset, n) for n in names]
    return idx[0], idx[1], idx[2], idx[3]


def _crowd(m: int = M) -> tuple[list[GltfAsset], list[GltfAsset]]:
    """Two identical crowds whose root joints are rotated and scaled row by row, posed by a
    few frames of the clip (batched), with current world matrices."""
    out = []
    for _ in range(2):
        insts = instantiate_many(_asset(), m)
        manager = lite.create_animation_manager()
        for k, inst in enumerate(insts):
            inst.animation_groups[0].current_time = (k * CROWD_PHASE) % 1.0
            lite.add_animation_groups(manager, inst.animation_groups)
        for _ in range(3):
            lite.update_animation_manager(manager, 1000.0 / 60.0)
        lite.stop_animation_manager(manager) if manager.running else None
        for g in (inst.animation_groups[0] for inst in insts):
            lite.stop_animation(g)
        root = _chain(_asset())[0]
        for k, inst in enumerate(insts):
            half = 0.5 * (0.3 * k - 1.0)
            axis = np.array([0.3, 1.0, -0.2 * k])
            axis /= np.linalg.norm(axis)
            inst.pose.local[root, 3:7] = (*(axis * math.sin(half)), math.cos(half))
            inst.pose.local[root, 7:10] = 0.5 + 0.25 * (k % 3)
            lite.update_world_matrices(inst.pose)
            for skel in inst.skeletons:
                lite.update_joint_matrices(inst.pose, skel)
        out.append(insts)
    return out[0], out[1]


def _targets(insts: list[GltfAsset]) -> tuple[np.ndarray, np.ndarray]:
    _, r, m, t = _chain(_asset())
    targets = np.zeros((len(insts), 3))
    poles = np.zeros((len(insts), 3))
    for k, inst in enumerate(insts):
        a = inst.pose.world[r, 3, :3]
        b = inst.pose.world[m, 3, :3]
        c = inst.pose.world[t, 3, :3]
        length = np.linalg.norm(b - a) + np.linalg.norm(c - b)
        direction = np.array([math.cos(k), -1.0, math.sin(0.7 * k)])
        direction /= np.linalg.norm(direction)
        kind = k % 4
        scale = (0.6, 1.8, 0.0, 0.05)[kind]  # reachable, unreachable, at the root, too close
        targets[k] = a + direction * length * scale
        poles[k] = a + np.array([1.0, 0.2 * k, 2.0])
    return targets, poles


def _scalar(
    insts: list[GltfAsset], targets: np.ndarray, poles: np.ndarray | None, w: np.ndarray
) -> np.ndarray:
    _, r, m, t = _chain(_asset())
    reached = np.zeros(len(insts), dtype=bool)
    for k, inst in enumerate(insts):
        pole = None if poles is None else poles[k]
        reached[k] = lite.solve_two_bone_ik(
            inst.pose, r, m, t, targets[k], pole=pole, weight=float(w[k])
        )
        for skel in inst.skeletons:
            lite.update_joint_matrices(inst.pose, skel)
    return reached


def _assert_same(a: list[GltfAsset], b: list[GltfAsset]) -> None:
    for x, y in zip(a, b, strict=True):
        np.testing.assert_allclose(x.pose.local, y.pose.local, rtol=0, atol=2e-7)
        np.testing.assert_allclose(x.pose.world, y.pose.world, rtol=0, atol=1e-6)
        for sx, sy in zip(x.skeletons, y.skeletons, strict=True):
            np.testing.assert_allclose(sx.joint_matrices, sy.joint_matrices, rtol=0, atol=1e-6)


@pytest.fixture(params=["c0_j2", "c0_j3"])
def tip(request: pytest.FixtureRequest) -> Iterator[None]:
    TIP[0] = request.param
    yield
    TIP[0] = "c0_j3"


@pytest.mark.usefixtures("tip")
@pytest.mark.parametrize("with_poles", [False, True])
def test_the_crowd_solve_equals_the_scalar_solve_row_by_row(with_poles: bool) -> None:
    crowd, scalar = _crowd()
    targets, poles = _targets(crowd)
    use = poles if with_poles else None
    w = np.array([(0.0, 0.5, 1.0)[k % 3] for k in range(M)])
    _, r, m, t = _chain(_asset())
    before = [inst.pose.local.copy() for inst in crowd]
    expected = _scalar(scalar, targets, use, w)
    reached = lite.solve_crowd_two_bone_ik(
        [inst.pose for inst in crowd], r, m, t, targets, poles=use, weight=w
    )
    np.testing.assert_array_equal(reached, expected)
    assert expected.any() and not expected.all()
    _assert_same(crowd, scalar)
    # Rows with the target on the root are untouched, weight-0 rows keep their rotations (to
    # the float32 rounding of renormalising them), the others turn.
    for k, inst in enumerate(crowd):
        change = float(np.abs(inst.pose.local - before[k]).max())
        if k % 4 == 2:
            assert change == 0.0
        elif w[k] == 0.0:
            assert change <= 2.0**-23  # one float32 ulp of a component near 1
        else:
            assert change > 1e-3


def test_a_full_weight_reaches_reachable_targets_exactly() -> None:
    crowd, _ = _crowd()
    _, r, m, t = _chain(_asset())
    for inst in crowd:  # the clip scales joints unevenly: the swings are exact under uniform
        inst.pose.local[r : t + 1, 7:10] = 1.0
        lite.update_world_matrices(inst.pose)
    targets, poles = _targets(crowd)
    out = np.zeros(M, dtype=bool)
    res = lite.solve_crowd_two_bone_ik(
        [inst.pose for inst in crowd], r, m, t, targets, poles=poles, out=out
    )
    assert res is out
    np.testing.assert_array_equal(out, [k % 4 == 0 for k in range(M)])
    for k in range(0, M, 4):
        np.testing.assert_allclose(crowd[k].pose.world[t, 3, :3], targets[k], atol=1e-5)


def test_reordered_rows_and_a_subset_of_the_slab() -> None:
    crowd, scalar = _crowd()
    targets, poles = _targets(crowd)
    order = [7, 2, 9, 0, 5]
    _, r, m, t = _chain(_asset())
    w = np.full(M, 0.5)
    _scalar([scalar[i] for i in order], targets[order], poles[order], w[order])
    lite.solve_crowd_two_bone_ik(
        [crowd[i].pose for i in order], r, m, t, targets[order], poles=poles[order], weight=0.5
    )
    _assert_same(crowd, scalar)


def test_poses_outside_one_slab_take_the_per_pose_path() -> None:
    _, r, m, t = _chain(_asset())
    loaded = [load_gltf(crowd_asset_glb()) for _ in range(2)]
    twins = [load_gltf(crowd_asset_glb()) for _ in range(2)]
    targets = np.array([[0.5, 0.2, 0.3], [-0.4, 0.1, 0.6]])
    expected = _scalar(twins, targets, None, np.ones(2))
    got = lite.solve_crowd_two_bone_ik([a.pose for a in loaded], r, m, t, targets)
    np.testing.assert_array_equal(got, expected)
    for x, y in zip(loaded, twins, strict=True):
        np.testing.assert_allclose(x.pose.local, y.pose.local, atol=2e-7)
        np.testing.assert_allclose(x.pose.world, y.pose.world, atol=1e-6)
    # A pose twice is solved twice, in order, as the scalar calls would.
    crowd, scalar = _crowd(4)
    two = np.array([[0.5, 0.2, 0.3], [0.2, 0.9, 0.1]])
    lite.solve_crowd_two_bone_ik([crowd[1].pose, crowd[1].pose], r, m, t, two, weight=0.5)
    _scalar([scalar[1], scalar[1]], two, None, np.full(2, 0.5))
    _assert_same(crowd, scalar)


def _bad(**change: object) -> tuple[list[lite.NodePose], dict[str, object]]:
    crowd, _ = _crowd(4)
    _, r, m, t = _chain(_asset())
    args: dict[str, object] = {
        "poses": [inst.pose for inst in crowd],
        "root": r,
        "mid": m,
        "tip": t,
        "targets": np.zeros((4, 3)) + 0.5,
    }
    args.update(change)
    return [inst.pose for inst in crowd], args


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"poses": []}, "LITE-MOTION-040"),
        ({"poses": "abc"}, "LITE-MOTION-040"),
        ({"root": 999}, "LITE-MOTION-021"),
        ({"targets": np.zeros((3, 3))}, "LITE-MOTION-041"),
        ({"targets": np.full((4, 3), np.nan)}, "LITE-MOTION-041"),
        ({"poles": np.zeros((4, 2))}, "LITE-MOTION-041"),
        ({"weight": 1.5}, "LITE-MOTION-023"),
        ({"weight": np.array([0.5, 0.5, 2.0, 0.5])}, "LITE-MOTION-042"),
        ({"weight": np.ones(3)}, "LITE-MOTION-042"),
        ({"out": np.zeros(4)}, "LITE-MOTION-043"),
        ({"out": np.zeros(3, dtype=bool)}, "LITE-MOTION-043"),
        ({"mid": 0}, "LITE-MOTION-024"),
    ],
)
def test_bad_input_is_refused_with_a_code_and_nothing_written(
    change: dict[str, object], code: str
) -> None:
    poses, args = _bad(**change)
    before = [(p.local.copy(), p.world.copy()) for p in poses]
    with pytest.raises(AnimationStateError) as exc:
        lite.solve_crowd_two_bone_ik(**args)  # type: ignore[arg-type]
    assert exc.value.code == code
    assert exc.value.hint
    for p, (loc, wor) in zip(poses, before, strict=True):
        np.testing.assert_array_equal(p.local, loc)
        np.testing.assert_array_equal(p.world, wor)


def test_a_pole_on_the_line_in_one_row_refuses_the_whole_crowd() -> None:
    poses, args = _bad()
    _, r, _, _ = _chain(_asset())
    targets = np.array(args["targets"])
    poles = targets + 1.0
    a = poses[2].world[r, 3, :3]
    poles[2] = a + 2.0 * (targets[2] - a)  # on the line from the root through the target
    before = [p.local.copy() for p in poses]
    with pytest.raises(AnimationStateError) as exc:
        lite.solve_crowd_two_bone_ik(**{**args, "poles": poles})  # type: ignore[arg-type]
    assert exc.value.code == "LITE-MOTION-024"
    assert "row 2" in str(exc.value)
    for p, loc in zip(poses, before, strict=True):
        np.testing.assert_array_equal(p.local, loc)


def test_a_chain_from_the_skeleton_root_moves_the_whole_hierarchy() -> None:
    """Root joint (no parent) -> c0_j0 -> c0_j1: the subtree is every joint (not one run of
    node indices), the root's parent is the identity, rows in another order."""
    crowd, scalar = _crowd()
    asset = _asset()
    r, m, t = (_index(asset, n) for n in ("root", "c0_j0", "c0_j1"))
    order = [3, 1, 10, 6, 8, 0]
    a = np.array([crowd[i].pose.world[r, 3, :3] for i in order])
    targets = a + np.array([0.3, -0.4, 0.5])
    poles = a + np.array([0.0, 0.0, 2.0])
    expected = [
        lite.solve_two_bone_ik(scalar[i].pose, r, m, t, targets[k], pole=poles[k], weight=0.5)
        for k, i in enumerate(order)
    ]
    for i in order:
        for skel in scalar[i].skeletons:
            lite.update_joint_matrices(scalar[i].pose, skel)
    got = lite.solve_crowd_two_bone_ik(
        [crowd[i].pose for i in order], r, m, t, targets, poles=poles, weight=0.5
    )
    np.testing.assert_array_equal(got, expected)
    _assert_same(crowd, scalar)
