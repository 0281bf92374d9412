"""Port of lite_animation_controller.mjs against lite (load_gltf + create_animation_controller).

Same runs and frames. Lite's parser hands the controller its nodes, skeletons and morph bindings
(``animData``); here they come from ``asset.animation_data``, and the pointer channels are
resolved through its ``pointers`` (Lite's channels carry their writers). Lite's palettes are
read from ``boneMatrices``, here from ``joint_matrices``. The asset's excluded set (Lite's
``excludedNodeIndices``: skin joints, skinned mesh nodes and their ancestors) is computed as
lite_gltf_playback.py does. Groups are built on the controller as the JS builds its group
literal, and driven by a manager without an engine (the CPU state is what is compared).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lite
from lite.loader_gltf import GltfAsset, load_gltf

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
DELTAS = [0, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 420, 16, 333.3, 48.1, 5]


class Setter:
    def __init__(self, rec: dict[str, list[float]], key: str) -> None:
        self.rec = rec
        self.key = key

    def set(self, *values: float) -> None:
        self.rec[self.key] = list(values)


class Target:
    def __init__(self, name: str) -> None:
        self.name = name
        self.rec: dict[str, list[float]] = {}
        self.position = Setter(self.rec, "t")
        self.rotationQuaternion = Setter(self.rec, "r")
        self.scaling = Setter(self.rec, "s")


def make_targets(asset: GltfAsset, holes: list[int]) -> list[Target | None]:
    return [
        None if node.index in holes else Target(node.name or f"node_{node.index}")
        for node in asset.nodes
    ]


def clear_targets(targets: list[Target | None]) -> None:
    for t in targets:
        if t is not None:
            t.rec.clear()


def snapshot(
    asset: GltfAsset, targets: list[Target | None], time: float, extra: dict[str, Any]
) -> dict[str, Any]:
    written = {t.name: dict(t.rec) for t in targets if t is not None and t.rec}
    data = asset.animation_data
    out: dict[str, Any] = {
        "time": time,
        "written": written,
        "palettes": [s.joint_matrices.reshape(-1).tolist() for s in data.skeletons],
        "morphs": {str(m.node_idx): m.weights.tolist() for m in data.morph_bindings},
        **extra,
    }
    if asset.materials:
        out["base_color"] = asset.materials[0].base_color_factor.tolist()
    if asset.lights:
        out["light_intensity"] = [light.intensity for light in asset.lights]
    return out


def asset_excluded(asset: GltfAsset) -> set[int]:
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


def excluded_set(asset: GltfAsset, spec: str | list[int] | None) -> set[int] | None:
    if spec == "asset":
        return asset_excluded(asset)
    return None if spec is None else set(spec)


CTRL_FIELDS = {"time": "time", "playing": "playing", "speedRatio": "speed_ratio", "loop": "loop"}
GROUP_FIELDS = {
    "speedRatio": "speed_ratio",
    "currentTime": "current_time",
    "loopAnimation": "loop_animation",
    "isPlaying": "is_playing",
}


def run_controller(
    name: str,
    asset_name: str,
    clip: int,
    excluded: str | list[int] | None,
    holes: list[int] | None = None,
    skins: bool = True,
    ops: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    asset = load_gltf(FIXTURES / f"{asset_name}.glb")
    data = asset.animation_data
    targets = make_targets(asset, holes or [])
    ex = excluded_set(asset, excluded)
    ctrl = lite.create_animation_controller(
        data.clips[clip],
        data.nodes,
        data.skeletons if skins else [],
        data.morph_bindings if skins else [],
        targets,
        ex,
        pointers=data.pointers,
    )
    frames = []
    for i, d in enumerate(DELTAS):
        for key, value in (ops or {}).get(i, {}).items():
            setattr(ctrl, CTRL_FIELDS[key], value)
        clear_targets(targets)
        ctrl.tick(d)
        frames.append(snapshot(asset, targets, ctrl.time, {}))
    return {
        "name": name,
        "asset": asset_name,
        "clip": data.clips[clip].name,
        "excluded": sorted(ex) if ex is not None else None,
        "frames": frames,
    }


def run_group(
    name: str,
    asset_name: str,
    clip: int,
    excluded: str | list[int] | None,
    with_names: bool,
    mask: list[str] | None = None,
    ops: dict[int, dict[str, Any]] | None = None,
) -> dict[str, Any]:
    asset = load_gltf(FIXTURES / f"{asset_name}.glb")
    data = asset.animation_data
    targets = make_targets(asset, [])
    ex = excluded_set(asset, excluded)
    c = data.clips[clip]
    ctrl = lite.create_animation_controller(
        c,
        data.nodes,
        data.skeletons,
        data.morph_bindings,
        targets,
        ex,
        node_names=data.node_names if with_names else None,
        pointers=data.pointers,
    )
    group = lite.AnimationGroup(name=name, duration=c.duration, is_playing=True, _ctrl=ctrl)
    if mask:
        group.mask = lite.create_animation_group_mask(mask, lite.AnimationGroupMaskMode.EXCLUDE)
    manager = lite.create_animation_manager()
    lite.add_animation_group(manager, group)
    frames = []
    for i, d in enumerate(DELTAS):
        for key, value in (ops or {}).get(i, {}).items():
            setattr(group, GROUP_FIELDS[key], value)
        clear_targets(targets)
        lite.update_animation_manager(manager, d)
        frames.append(snapshot(asset, targets, group.current_time, {"ctrl_time": ctrl.time}))
    return {
        "name": name,
        "asset": asset_name,
        "clip": c.name,
        "excluded": sorted(ex) if ex is not None else None,
        "mask": mask,
        "with_names": with_names,
        "frames": frames,
    }


runs = [
    run_controller("walk_asset_excluded", "rigged_figure", 0, "asset"),
    run_controller(
        "wave_custom_excluded",
        "rigged_figure",
        1,
        [9, 10],
        ops={6: {"time": 3.7}, 9: {"playing": False}, 10: {"playing": True, "speedRatio": 1.75}},
    ),
    run_controller(
        "pose_nothing_excluded",
        "rigged_figure",
        2,
        None,
        ops={0: {"speedRatio": 1.75}, 8: {"loop": False}},
    ),
    run_controller(
        "both_target_hole", "two_skeletons", 2, None, holes=[1], ops={5: {"speedRatio": -0.75}}
    ),
    run_controller("swing_b_asset_excluded", "two_skeletons", 1, "asset"),
    run_controller("expressions", "morph_figure", 0, [0]),
    run_controller(
        "talk_clamped", "morph_figure", 1, [0], ops={0: {"loop": False, "speedRatio": 1.3}}
    ),
    run_controller("pulse", "pointer_material", 0, None, skins=False),
    run_group(
        "group_wave",
        "rigged_figure",
        1,
        "asset",
        False,
        ops={
            3: {"speedRatio": 2},
            6: {"currentTime": 5.25},
            8: {"loopAnimation": False},
            10: {"isPlaying": False},
        },
    ),
    run_group("group_wave_mask_names", "rigged_figure", 1, [9, 10], True, mask=["Head"]),
    run_group("group_wave_mask_no_names", "rigged_figure", 1, [9, 10], False, mask=["Head"]),
    run_group(
        "group_pulse",
        "pointer_material",
        0,
        [3],
        False,
        ops={4: {"speedRatio": -1.5}, 9: {"currentTime": -0.4}},
    ),
]
print(json.dumps({"deltas": DELTAS, "runs": runs}))
