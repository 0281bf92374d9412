# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.runs[*].frames[*].nodes.*.r"], "ignore": ["$.runs[1].frames[*].nodes.LeftForeArm.s"]}
"""Port of gltf_babylonjs_sampling.mjs against lite (load_gltf, groups, go_to_frame).

Each fixture is loaded once per clip; every group is stopped, the clip is played and sought
with ``go_to_frame`` to each frame (60 fps). Recorded: the local TRS of every node animated by
any clip, morph weights per morph node, and for pointer_material the material base color,
emissive, light intensity and camera yfov, the values Babylon.js shows as ``albedoColor`` +
``alpha``, ``emissiveColor``, ``light.intensity`` and ``camera.fov``.

Babylon.js interpolates quaternions with its own slerp (lerp above a dot of 0.999999) where
lite, like Babylon Lite, nlerps above 0.9995; the difference stays far below the 1e-5 tolerance
on these clips.

Ignored: rigged_figure/Wave's LeftForeArm scale after its last key (1 s; the clip runs to
1.5 s). It is CUBICSPLINE, and Babylon.js's AnimationGroup.normalize appends a copy of the last
key, tangents included, at the group's last frame, so Babylon.js keeps interpolating (and
overshoots) where glTF and Babylon Lite hold the last key.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lite
from lite.animation.constants import PATH_ROTATION, PATH_SCALE, PATH_TRANSLATION
from lite.loader_gltf import GltfAsset, load_gltf

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
ASSETS = ["rigged_figure", "morph_figure", "pointer_material", "two_skeletons"]
FRAMES = [0, 2.5, 7, 13.75, 21.3, 29, 36.6, 44.9, 52.5, 59.9, 67.2, 75, 83.3, 95.5, 108, 119.9]


def animated_node_names(asset: GltfAsset) -> list[str]:
    names = set()
    for clip in asset.animation_data.clips:
        for ch in clip.channels:
            if ch.path in (PATH_TRANSLATION, PATH_ROTATION, PATH_SCALE):
                names.add(asset.nodes[ch.node_idx].name or "")
    return sorted(names)


def snapshot(asset: GltfAsset, node_names: list[str]) -> dict[str, Any]:
    nodes = {}
    for name in node_names:
        node = asset.find_node(name)
        assert node is not None
        nodes[name] = {
            "t": node.translation.tolist(),
            "r": node.rotation.tolist(),
            "s": node.scale.tolist(),
        }
    out: dict[str, Any] = {
        "nodes": nodes,
        "morphs": {
            asset.nodes[m.node_idx].name or "": m.weights.tolist() for m in asset.morph_targets
        },
    }
    if asset.materials:
        mat = asset.materials[0]
        out["base_color"] = mat.base_color_factor.tolist()
        out["emissive"] = mat.emissive_factor.tolist()
        out["light_intensity"] = [light.intensity for light in asset.lights]
        out["camera_fov"] = [camera.yfov for camera in asset.cameras]
    return out


runs = []
for name in ASSETS:
    count = len(load_gltf(FIXTURES / f"{name}.glb").animation_groups)
    for k in range(count):
        asset = load_gltf(FIXTURES / f"{name}.glb")
        node_names = animated_node_names(asset)
        for g in asset.animation_groups:
            lite.stop_animation(g)
        group = asset.animation_groups[k]
        lite.play_animation(group)
        to_frame = group.duration * 60.0
        frames = []
        for f in FRAMES:
            if f > to_frame:
                break
            lite.go_to_frame(group, f)
            frames.append({"frame": f, **snapshot(asset, node_names)})
        runs.append({"asset": name, "clip": group.name, "to_frame": to_frame, "frames": frames})
print(json.dumps({"runs": runs}))
