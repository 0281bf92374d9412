# parity: {"atol": 1e-5, "rtol": 1e-5, "quaternion_paths": ["$.runs[*].frames[*].nodes.*.r"], "ignore": ["$.runs[*].frames[*].nodes.MorphRoot", "$.runs[3].frames[*].world"]}
"""Port of lite_gltf_playback.mjs against lite (load_gltf + create_animation_groups + manager).

Same runs and frames. Where Babylon Lite reads its GPU uploads and scene-node writebacks, this
reads the CPU state they come from: ``skeleton.joint_matrices`` (every skeleton, as Lite 1.10
uploads every skeleton of the asset each tick), the weights of the morph sets the clip animates,
and the local TRS of the nodes Lite writes back (non-skinned nodes: not a joint, not a skinned
mesh node or one of its ancestors), component by component. World matrices get Lite's RH->LH
root flip (negate row 0 of each column-major matrix).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lite
from lite.animation.constants import PATH_ROTATION, PATH_SCALE, PATH_TRANSLATION, PATH_WEIGHTS
from lite.loader_gltf import GltfAsset, load_gltf

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
ASSETS = ["rigged_figure", "morph_figure", "pointer_material", "two_skeletons"]
DELTAS = [
    0,
    1000 / 60,
    1000 / 60,
    1000 / 60,
    33.25,
    7.5,
    100,
    250,
    1000 / 60,
    1000 / 60,
    420,
    16,
    333.3,
]
SEEK_FRAME = 37
COMPONENT = {PATH_TRANSLATION: "t", PATH_ROTATION: "r", PATH_SCALE: "s"}


def load(name: str) -> GltfAsset:
    return load_gltf(FIXTURES / f"{name}.glb")


def excluded_nodes(asset: GltfAsset) -> set[int]:
    # Babylon Lite does not write TRS back to skin joints, skinned mesh nodes or their ancestors.
    out: set[int] = set()
    for skin in asset.skins:
        out.update(skin.joints)
    for node in asset.nodes:
        if node.skin is None:
            continue
        i = node.index
        while i >= 0 and i not in out:
            out.add(i)
            i = asset.nodes[i].parent
    return out


def snapshot(
    asset: GltfAsset,
    group: lite.AnimationGroup,
    written: dict[int, list[int]],
    morph_nodes: list[int],
    with_world: bool,
) -> dict[str, Any]:
    nodes: dict[str, Any] = {}
    for index, paths in written.items():
        node = asset.nodes[index]
        rec: dict[str, Any] = {}
        for path in paths:
            rec[COMPONENT[path]] = {
                PATH_TRANSLATION: node.translation,
                PATH_ROTATION: node.rotation,
                PATH_SCALE: node.scale,
            }[path].tolist()
        nodes[node.name or f"node_{index}"] = rec
    morphs = {}
    for m in asset.morph_targets:
        if m.node_idx in morph_nodes:
            morphs[str(m.node_idx)] = m.weights.tolist()
    out: dict[str, Any] = {
        "time": group.current_time,
        "playing": group.is_playing,
        "palettes": {
            str(i): s.joint_matrices.reshape(-1).tolist() for i, s in enumerate(asset.skeletons)
        },
        "morphs": morphs,
        "nodes": nodes,
    }
    if asset.materials:
        mat = asset.materials[0]
        out["base_color"] = mat.base_color_factor.tolist()
        out["emissive"] = (mat.emissive_factor * mat.emissive_strength).tolist()
    if asset.lights:
        out["light_intensity"] = [light.intensity for light in asset.lights]
    if with_world:
        world = asset.pose.world.reshape(-1, 16).copy()
        world[:, [0, 4, 8, 12]] *= -1.0
        out["world"] = world.reshape(-1).tolist()
    return out


def run(name: str, clip_index: int, mask: list[str] | None) -> dict[str, Any]:
    asset = load(name)
    manager = lite.create_animation_manager()
    groups = asset.animation_groups
    for g in groups:
        lite.stop_animation(g)
    group = groups[clip_index]
    if mask:
        group.mask = lite.create_animation_group_mask(mask, lite.AnimationGroupMaskMode.EXCLUDE)
    lite.play_animation(group)
    lite.add_animation_groups(manager, groups)
    excluded = excluded_nodes(asset)
    clip = asset.animation_data.clips[clip_index]
    written: dict[int, list[int]] = {}
    morph_nodes: list[int] = []
    for ch in clip.channels:
        if ch.path == PATH_WEIGHTS:
            morph_nodes.append(ch.node_idx)
        elif ch.path in COMPONENT and ch.node_idx not in excluded:
            written.setdefault(ch.node_idx, [])
            if ch.path not in written[ch.node_idx]:
                written[ch.node_idx].append(ch.path)
    frames = []
    for i, d in enumerate(DELTAS):
        lite.update_animation_manager(manager, d)
        frames.append(snapshot(asset, group, written, morph_nodes, i == len(DELTAS) - 1))
    lite.go_to_frame(group, SEEK_FRAME)
    frames.append(snapshot(asset, group, written, morph_nodes, True))
    return {"asset": name, "clip": group.name, "mask": mask, "frames": frames}


runs = []
for name in ASSETS:
    for k in range(len(load(name).animation_groups)):
        runs.append(run(name, k, None))
runs.append(run("rigged_figure", 0, ["LeftUpLeg", "Spine"]))
print(json.dumps({"deltas": DELTAS, "seek_frame": SEEK_FRAME, "runs": runs}))
