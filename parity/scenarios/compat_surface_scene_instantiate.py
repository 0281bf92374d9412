# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.*.runs[*].nodes.*.r"]}
"""Port of compat_surface_scene_instantiate.mjs: AssetContainer.instantiateModelsToScene on
glTF containers, twice (renamed clones with doNotInstantiate, then instances), and the cloned
animation groups playing (see the .mjs for what is recorded)."""

from __future__ import annotations

import asyncio
import json
import warnings
from pathlib import Path
from typing import Any

from lite.errors import LiteWarning
from lite_compat import NullEngine, Scene
from lite_compat.loading.scene_loader import LoadAssetContainerAsync

warnings.simplefilter("ignore", LiteWarning)

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
ASSETS = ["rigged_figure", "morph_figure"]
engine = NullEngine()


def arr(v: Any) -> list[float]:
    return list(v.asArray())


def key(n: Any) -> str:
    return f"{n.getClassName()}:{n.name}"


def describe(entries: Any) -> dict[str, Any]:
    return {
        "roots": [key(n) for n in entries.rootNodes],
        "skeletons": [[s.name, len(s.bones)] for s in entries.skeletons],
        "groups": [
            {
                "name": g.name,
                "from": g.from_,
                "to": g.to,
                "targets": [
                    f"{ta.target.name}.{ta.animation.targetProperty}" for ta in g.targetedAnimations
                ],
            }
            for g in entries.animationGroups
        ],
    }


def nodes_of(entries: Any) -> dict[str, Any]:
    out: dict[str, Any] = {}
    seen: set[int] = set()

    def visit(n: Any) -> None:
        if id(n) in seen:
            return
        seen.add(id(n))
        if getattr(n, "position", None) is not None:
            out[key(n)] = {
                "t": arr(n.position),
                "r": arr(n.rotationQuaternion) if n.rotationQuaternion is not None else None,
                "s": arr(n.scaling),
            }
        for c in n.getChildren():
            visit(c)

    for root in entries.rootNodes:
        visit(root)
    return out


async def main() -> None:
    result: dict[str, Any] = {}
    for name in ASSETS:
        scene = Scene(engine)
        data = (FIXTURES / f"{name}.glb").read_bytes()
        container = await LoadAssetContainerAsync(data, scene, {"pluginExtension": ".glb"})
        a = container.instantiateModelsToScene(lambda n: f"A_{n}", False, {"doNotInstantiate": True})
        b = container.instantiateModelsToScene()
        doc: dict[str, Any] = {
            "a": describe(a),
            "b": describe(b),
            "scene": {
                "meshes": [[key(m), m.getClassName()] for m in scene.meshes],
                "transform_nodes": [key(n) for n in scene.transformNodes],
                "skeletons": [s.name for s in scene.skeletons],
                "groups": [g.name for g in scene.animationGroups],
            },
            "runs": [],
        }
        for g in scene.animationGroups:
            g.stop()
        if a.animationGroups:
            a.animationGroups[0].start(True)
        if b.animationGroups:
            b.animationGroups[-1].start(True, 1.5)
        for step in range(1, 13):
            scene._animate(70)
            if step % 2 == 0:
                palettes = {}
                for s in scene.skeletons:
                    s.prepare(True)
                    palettes[s.name] = list(s.getTransformMatrices(None))
                doc["runs"].append({"a": nodes_of(a), "b": nodes_of(b), "palettes": palettes})
        result[name] = doc
    print(json.dumps(result))


asyncio.run(main())
