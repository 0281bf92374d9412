"""``instantiateModelsToScene`` and the group starts after it build the same objects as before
the setup work of issue 24: names, ids, unique ids, classes, parentage, the copied mesh state,
skeletons and their palettes, animation targets, the scene lists' order, the active
animatables' order and the animated values of the first frames.

The expected structures were recorded with the implementation before that work (commit
e170712) and are kept as one SHA-256 per case and part (``tests/fixtures/
instantiate_structure.json``: the scene lists, skeletons, groups, animatables, frames, the
entries returned); ``python tests/lite_compat/scene/test_asset_container_structure.py --write``
records them again (only for a deliberate change of behaviour), and ``--dump CASE`` prints a
case's whole structure to compare by eye. The meshes' part was recorded again with commit
7711548's implementation when the picture of a mesh's state stopped listing its observables
(made on first read since; the rest of every part unchanged).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import sys
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from lite.errors import LiteWarning
from lite_compat import FreeCamera, NullEngine, Scene, Vector3
from lite_compat.loading.scene_loader import LoadAssetContainerAsync

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
GOLDEN = FIXTURES / "instantiate_structure.json"

_NUMBERS = (int, float, bool, str, type(None))


def _value(value: Any) -> Any:
    """A JSON-able, exact picture of a state value (floats as repr)."""
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, _NUMBERS):
        return value
    if isinstance(value, list | tuple):
        return [_value(v) for v in value]
    parts = [getattr(value, c, None) for c in ("x", "y", "z", "w", "r", "g", "b", "a")]
    if any(isinstance(p, float | int) for p in parts):
        return [type(value).__name__, *[_value(p) for p in parts if p is not None]]
    return type(value).__name__


class _Ids:
    """Unique ids relative to the first one the scene gave out (the same sequence each run)."""

    def __init__(self, base: int) -> None:
        self.base = base

    def __call__(self, obj: Any) -> Any:
        return None if obj is None else obj.uniqueId - self.base


def _node(node: Any, uid: _Ids) -> dict[str, Any]:
    out: dict[str, Any] = {
        "class": node.getClassName(),
        "name": node.name,
        "id": node.id,
        "uid": uid(node),
        "parent": uid(node.parent),
        "enabled": node.isEnabled(False),
    }
    for attr in ("position", "rotation", "rotationQuaternion", "scaling"):
        out[attr] = _value(getattr(node, attr, None))
    if node.getClassName() in ("Mesh", "InstancedMesh"):
        out["skeleton"] = uid(getattr(node, "skeleton", None))
        material = getattr(node, "material", None)
        out["material"] = None if material is None else [material.name, uid(material)]
        out["source"] = uid(getattr(node, "sourceMesh", None))
        manager = getattr(node, "morphTargetManager", None)
        out["morph"] = None if manager is None else uid(manager)
        # The public state _copy_state copies (and what the clone set itself). Observables
        # are never copied, and which of them a mesh has made yet is not state (they are
        # made on first read: tests/lite_compat/test_lazy_observables.py).
        out["state"] = {
            k: _value(v)
            for k, v in sorted(vars(node).items())
            if not k.startswith("_")
            and not callable(v)
            and k != "uniqueId"
            and not k.endswith("Observable")
        }
        info = node.getBoundingInfo()
        out["bounds"] = [_value(info.minimum), _value(info.maximum)]
        out["world"] = _value(list(node.getWorldMatrix().m))
    return out


def _scene_structure(scene: Any, uid: _Ids, frames: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    out["rootNodes"] = [uid(n) for n in scene.rootNodes]
    for name in ("meshes", "transformNodes", "cameras", "lights"):
        out[name] = [_node(n, uid) for n in getattr(scene, name)]
    out["materials"] = [[m.name, uid(m)] for m in scene.materials]
    out["morphTargetManagers"] = [uid(m) for m in scene.morphTargetManagers]
    out["skeletons"] = [
        {
            "name": s.name,
            "id": s.id,
            "uid": uid(s),
            "bones": [
                [
                    b.name,
                    uid(b),
                    uid(b.getParent()),
                    b.getIndex(),
                    uid(b.getTransformNode()),
                    _value(list(b.getLocalMatrix().m)),
                ]
                for b in s.bones
            ],
            "palette": _value(list(s.getTransformMatrices(None))),
        }
        for s in scene.skeletons
    ]
    out["animationGroups"] = [
        {
            "name": g.name,
            "uid": uid(g),
            "targets": [[t.animation.name, uid(t.target)] for t in g.targetedAnimations],
            "playing": g.isPlaying,
        }
        for g in scene.animationGroups
    ]
    out["animatables"] = [[uid(a.target), a.playOrder] for a in scene.animatables]
    values = []
    for _ in range(frames):
        scene.render()
        values.append([_value(list(s.getTransformMatrices(None))[:32]) for s in scene.skeletons])
        values.append(
            [[_value(n.position), _value(n.rotationQuaternion)] for n in scene.transformNodes]
        )
    out["frames"] = values
    return out


def _prefix(k: int) -> Callable[[str], str]:
    return lambda name: f"c{k}_{name}"


#: case -> (fixture, clones, nameFunction maker, cloneMaterials, options maker, groups started)
CASES: dict[str, tuple[str, int, Any, bool, Any, str]] = {
    "rigged-default": ("rigged_figure.glb", 3, None, False, None, "first"),
    "rigged-named": ("rigged_figure.glb", 4, _prefix, False, lambda: {"doNotInstantiate": True}, "first"),
    "rigged-instances": ("rigged_figure.glb", 2, _prefix, False, lambda: {"doNotInstantiate": False}, "all"),
    "rigged-predicate": (
        "rigged_figure.glb",
        3,
        _prefix,
        True,
        lambda: {"predicate": lambda e: getattr(e, "name", "") != "Wave"},
        "all",
    ),
    "morph-instances": ("morph_figure.glb", 3, _prefix, False, lambda: {"doNotInstantiate": False}, "first"),
    "morph-callable": (
        "morph_figure.glb",
        2,
        None,
        True,
        lambda: {"doNotInstantiate": lambda node: node.name.endswith("primitive1")},
        "all",
    ),
    "two-skeletons": ("two_skeletons.glb", 3, _prefix, False, None, "first"),
}  # fmt: skip


def structure(case: str) -> dict[str, Any]:
    """The structure one case builds (see the module doc)."""
    fixture, count, names, clone_materials, options, started = CASES[case]
    warnings.simplefilter("ignore", LiteWarning)
    scene = Scene(NullEngine())
    scene.useConstantAnimationDeltaTime = True
    FreeCamera("camera", Vector3(0, 1, -10), scene)
    container = asyncio.run(
        LoadAssetContainerAsync(
            (FIXTURES / fixture).read_bytes(), scene, {"pluginExtension": ".glb"}
        )
    )
    uid = _Ids(min(n.uniqueId for n in container.meshes))
    fired: list[Any] = []
    for k in range(count):
        entries = container.instantiateModelsToScene(
            names(k) if names else None, clone_materials, options() if options else None
        )
        fired.append(
            [
                [uid(n) for n in entries.rootNodes],
                [uid(s) for s in entries.skeletons],
                [uid(g) for g in entries.animationGroups],
            ]
        )
        for i, group in enumerate(entries.animationGroups):
            group.stop()
            if started == "all" or i == 0:
                group.playOrder = (k + i) % 3 if started == "all" else 0
                group.start(True, 1.0 + 0.25 * (k % 2))
    out = _scene_structure(scene, uid, 3)
    out["entries"] = fired
    scene.dispose()
    return out


def digests(case: str) -> dict[str, str]:
    """One SHA-256 per part of a case's structure (its JSON, keys sorted)."""
    return {
        key: hashlib.sha256(json.dumps(value, sort_keys=True).encode()).hexdigest()
        for key, value in sorted(json.loads(json.dumps(structure(case))).items())
    }


@pytest.mark.parametrize("case", sorted(CASES))
def test_instantiate_builds_the_recorded_structure(case: str) -> None:
    expected = json.loads(GOLDEN.read_text())[case]
    got = digests(case)
    assert sorted(got) == sorted(expected)
    for key in expected:
        assert got[key] == expected[key], key


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    table = {c: digests(c) for c in sorted(CASES)}
    GOLDEN.write_text(json.dumps(table, indent=1, sort_keys=True) + "\n")
elif __name__ == "__main__" and sys.argv[1:2] == ["--dump"]:
    print(json.dumps(structure(sys.argv[2]), indent=1))
