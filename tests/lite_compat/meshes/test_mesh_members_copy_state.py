"""``_copy_state``'s instance-only public names (a set difference) vs the replaced scan."""

from __future__ import annotations

import random

import pytest

import lite_compat as BABYLON  # noqa: N812
from lite_compat.meshes import mesh_members
from lite_compat.meshes.mesh_members import _class_names, _copied


@pytest.mark.parametrize("seed", range(10))
def test_clone_copies_the_extra_names_the_scan_found(seed: int) -> None:
    rng = random.Random(seed)
    scene = BABYLON.Scene(BABYLON.NullEngine())
    source = BABYLON.MeshBuilder.CreateBox("b", {}, scene)
    pool = ["custom", "zeta", "alpha", "_hidden", "MAX", "fooObservable", "tag2", "isVisible"]
    for name in rng.sample(pool, rng.randint(1, len(pool))):
        setattr(source, name, rng.random())
    table = _class_names(type(source))
    # The replaced scan, in its order.
    expected = [n for n in vars(source) if n not in table and n[:1] != "_" and _copied(n)]
    seen: list[str] = []
    real = mesh_members._copy_state

    class Spy:
        def __setattr__(self, name: str, value: object) -> None:
            seen.append(name)

    real(source, Spy())
    names = mesh_members._COPIED_NAMES[type(source)]
    assert seen == (sorted(names + expected) if expected else names)
    clone = source.clone("c")
    for name in expected:
        if name in pool:
            assert getattr(clone, name) == getattr(source, name)
