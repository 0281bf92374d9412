"""Batch plans are linear in the hierarchy's depth (issue 15, finding 6).

The structure plan computed every node's depth by walking its ancestor chain and collected
each depth level by scanning every node: quadratic in the depth, so the first batched update
of a 20k-node chain (a 430 KB file) took 12.2 s under the manager lock, against 0.025 s for
the per-group path. The work is counted here (parent reads of the depth walk), never timed,
so a slow or busy runner cannot flake it.
"""

from __future__ import annotations

import base64
import json
from functools import cache

import numpy as np
import pytest

import lite
from lite.batch.plans import _depths
from lite.loader_gltf import load_gltf


@cache
def _chain_bytes(n: int) -> bytes:
    """A chain of ``n`` nodes with one LINEAR translation clip on its leaf."""
    keys = 4
    times = np.arange(keys, dtype=np.float32) / 30
    values = np.zeros((keys, 3), np.float32)
    values[:, 0] = np.sin(np.arange(keys))
    blob = times.tobytes() + values.tobytes()
    uri = "data:application/octet-stream;base64," + base64.b64encode(blob).decode()
    doc = {
        "asset": {"version": "2.0"},
        "buffers": [{"byteLength": len(blob), "uri": uri}],
        "bufferViews": [
            {"buffer": 0, "byteOffset": 0, "byteLength": 4 * keys},
            {"buffer": 0, "byteOffset": 4 * keys, "byteLength": 12 * keys},
        ],
        "accessors": [
            {"bufferView": 0, "componentType": 5126, "count": keys, "type": "SCALAR"},
            {"bufferView": 1, "componentType": 5126, "count": keys, "type": "VEC3"},
        ],
        "nodes": [{"children": [i + 1]} if i < n - 1 else {} for i in range(n)],
        "scenes": [{"nodes": [0]}],
        "animations": [
            {
                "channels": [{"sampler": 0, "target": {"node": n - 1, "path": "translation"}}],
                "samplers": [{"input": 0, "output": 1}],
            }
        ],
    }
    return json.dumps(doc).encode()


def test_depths_are_right_whatever_the_node_order() -> None:
    # 0 <- 2 <- 1 (a parent after its child), 3 a root, 4 under 1.
    assert _depths([-1, 2, 0, -1, 1]) == [0, 2, 1, 0, 3]
    assert _depths([]) == []
    assert _depths(list(range(-1, 9))) == list(range(10))


class _CountingParents(list[int]):
    """A parent list that counts how often the depth walk reads it."""

    reads = 0

    def __getitem__(self, index):  # type: ignore[no-untyped-def, override]
        type(self).reads += 1
        return super().__getitem__(index)


@pytest.mark.parametrize("order", ["parents first", "children first"])
def test_depths_read_each_parent_once_so_the_plan_is_linear(order: str) -> None:
    # The old plan walked every node's whole ancestor chain (and scanned every node once per
    # depth level): n^2 / 2 reads for an n-node chain, 12 s at 20k nodes. Counted, not timed.
    n = 20_000
    chain = (
        [i - 1 for i in range(n)]
        if order == "parents first"
        else [i + 1 if i < n - 1 else -1 for i in range(n)]
    )
    _CountingParents.reads = 0
    depth = _depths(_CountingParents(chain))
    assert _CountingParents.reads == n
    assert sorted(depth) == list(range(n))


def test_a_deep_chains_first_batched_update_gives_the_per_group_pose() -> None:
    # The linear plan still builds the right levels: a 5,000-node chain, batched vs per-group.
    batched, single = load_gltf(_chain_bytes(5_000)), load_gltf(_chain_bytes(5_000))
    for asset, flag in ((batched, True), (single, False)):
        m = lite.create_animation_manager(batched=flag)
        lite.add_animation_groups(m, asset.animation_groups)
        lite.update_animation_manager(m, 16.0)
    np.testing.assert_allclose(batched.pose.world, single.pose.world, rtol=1e-6, atol=1e-6)
