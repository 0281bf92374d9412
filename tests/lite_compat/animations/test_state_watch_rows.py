"""state.watch_rows against the (animation, version) pairs it replaces: the same animations
in the same order at the same versions, and None where an animation is listed at two
versions, over seeded random rows sharing and not sharing animations."""

from __future__ import annotations

import random
from types import SimpleNamespace
from typing import Any

import lite_compat as BABYLON  # noqa: N812
from lite_compat.animations import state

A = BABYLON.Animation


def _pairs(runtimes: list[list[Any]], versions: list[list[int]]) -> tuple[list[Any], list[int]]:
    # The previous code in BatchKind.first_stale.
    pairs: dict[tuple[int, int], Any] = {}
    for row, row_versions in zip(runtimes, versions, strict=True):
        for r, v in zip(row, row_versions, strict=True):
            pairs.setdefault((id(r._animation), v), r._animation)
    return list(pairs.values()), [v for _, v in pairs]


def test_watch_rows_is_the_pairs_watch() -> None:
    made: list[Any] = []
    built: list[tuple[list[Any], list[int]]] = []
    build = state.KeyStateWatch.build

    def recording(animations: list[Any], versions: list[int]) -> Any:
        built.append((list(animations), list(versions)))
        return build(animations, versions)

    state.KeyStateWatch.build = recording  # type: ignore[method-assign]
    try:
        for seed in range(40):
            rng = random.Random(seed)
            pool = []
            for i in range(rng.randint(1, 6)):
                a = A(f"a{i}", "position.x", 60, A.ANIMATIONTYPE_FLOAT, 1)
                a.setKeys([{"frame": 0, "value": 0.0}, {"frame": 60, "value": rng.random()}])
                pool.append(a)
            made += pool
            current = {id(a): state.state_version(a) for a in pool}
            runtimes: list[list[Any]] = []
            versions: list[list[int]] = []
            mixed = rng.random() < 0.3
            for _ in range(rng.randint(1, 8)):
                row = [SimpleNamespace(_animation=rng.choice(pool)) for _ in range(3)]
                runtimes.append(row)
                versions.append(
                    [
                        current[id(r._animation)] + (1 if mixed and rng.random() < 0.2 else 0)
                        for r in row
                    ]
                )
            expected_animations, expected_versions = _pairs(runtimes, versions)
            two = len({id(a) for a in expected_animations}) != len(expected_animations)
            built.clear()
            watch = state.watch_rows(runtimes, versions)
            if two:
                assert watch is None
            else:
                assert built == [(expected_animations, expected_versions)]
                stale = any(
                    v != current[id(a)]
                    for a, v in zip(expected_animations, expected_versions, strict=True)
                )
                assert (watch is None) == stale
    finally:
        state.KeyStateWatch.build = build  # type: ignore[method-assign]
