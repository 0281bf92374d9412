"""A batch kind's per-row key tables (``BatchKind._tables``) when rows share their specs (the
clones of one glTF character play their bones' shared animations): each distinct spec is
converted once and taken per row, giving the tables a conversion row by row gives, and the
same values as the scalar path frame after frame."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations.batch import set_batched_evaluation


def _animation(rng: random.Random, name: str) -> BABYLON.Animation:
    animation = BABYLON.Animation(name, "position", 60, BABYLON.Animation.ANIMATIONTYPE_VECTOR3, 1)
    frames = [0, rng.randint(5, 25), rng.randint(26, 50), 60]
    animation.setKeys(
        [
            {"frame": f, "value": BABYLON.Vector3(*(rng.uniform(-5, 5) for _ in range(3)))}
            for f in frames
        ]
    )
    return animation


def _run(seed: int, batched: bool) -> tuple[list[Any], list[Any]]:
    rng = random.Random(seed)
    set_batched_evaluation(batched)
    try:
        scene = BABYLON.Scene(BABYLON.NullEngine())
        pool = [_animation(rng, f"shared{i}") for i in range(3)]
        nodes = []
        for i in range(48):
            node = BABYLON.TransformNode(f"n{i}", scene)
            # Rows sharing an animation (in any order) and rows with their own, one shape.
            animation = pool[rng.randrange(3)] if i % 4 else _animation(rng, f"own{i}")
            scene.beginDirectAnimation(node, [animation], 0, 60, True)
            nodes.append(node)
        values = []
        for _ in range(6):
            scene._animate(16)
            values.append([(n.position.x, n.position.y, n.position.z) for n in nodes])
        tables: list[Any] = []
        for kind in getattr(scene, "_compatBatchKinds", {}).values():
            for run in kind._runs.values() if isinstance(kind._runs, dict) else []:
                if run.tables is not None:
                    tables.append((kind, run))
        return values, tables
    finally:
        set_batched_evaluation(True)


@pytest.mark.parametrize("seed", range(4))
def test_shared_specs_give_the_row_by_row_tables_and_values(seed: int) -> None:
    batched, tables = _run(seed, True)
    scalar, _ = _run(seed, False)
    assert batched == scalar
    checked = 0
    for kind, run in tables:
        row_specs = [kind.row_specs[a._batchRow[1]] for a in run.animatables]
        for j, (frames, values, _, _, _) in enumerate(run.tables):
            specs = [own[j] for own in row_specs]
            want_frames = np.array([s.frame_list for s in specs], dtype=np.float64)
            want_values = np.array([s.value_rows for s in specs], dtype=np.float64)
            want_values = want_values.reshape(len(specs), -1, specs[0].stride)
            assert frames.tobytes() == want_frames.tobytes()
            assert values.tobytes() == want_values.tobytes()
            # Rows whose keys sit at the same frames share one broadcast row.
            same = bool((want_frames == want_frames[0]).all())
            assert (frames.strides[0] == 0) == same
            checked += 1
    assert checked > 0


def _same_frames_run(batched: bool) -> tuple[list[Any], list[Any]]:
    rng = random.Random(5)
    set_batched_evaluation(batched)
    try:
        scene = BABYLON.Scene(BABYLON.NullEngine())
        nodes = []
        for i in range(32):
            node = BABYLON.TransformNode(f"n{i}", scene)
            animation = BABYLON.Animation(
                f"a{i}", "position", 60, BABYLON.Animation.ANIMATIONTYPE_VECTOR3, 1
            )
            # Every row's keys at the same frames, their values its own (a glTF crowd's
            # bones: one sampler input per clip).
            animation.setKeys(
                [
                    {"frame": f, "value": BABYLON.Vector3(*(rng.uniform(-5, 5) for _ in range(3)))}
                    for f in (0, 10, 35, 60)
                ]
            )
            scene.beginDirectAnimation(node, [animation], 0, 60, True, 1.0 + (i % 2) * 0.37)
            nodes.append(node)
        values = []
        for frame in range(70):
            if frame == 40:
                nodes[3].position.y = 99.0  # a script's edit between frames
            scene._animate(16)
            values.append([(n.position.x, n.position.y, n.position.z) for n in nodes])
        # The two speeds are one kind (each row at its own speed): its runs hold the tables.
        kinds = getattr(scene, "_compatBatchKinds", None) or {}
        runs = [run for kind in kinds.values() for run in kind._runs.values()]
        tables = [run.tables for run in runs if run.tables is not None]
        return values, tables
    finally:
        set_batched_evaluation(True)


def test_rows_keyed_at_the_same_frames_share_one_broadcast_row() -> None:
    batched, tables = _same_frames_run(True)
    scalar, _ = _same_frames_run(False)
    assert batched == scalar
    assert tables and all(t[0].strides[0] == 0 for run in tables for t in run)
