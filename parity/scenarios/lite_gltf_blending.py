# parity: {"atol": 1e-5, "rtol": 1e-5, "ignore": ["$.cases[*].frames[0].palettes"]}
"""Port of lite_gltf_blending.mjs against lite (load_gltf, manager, lite.skeleton.weighted_gltf_mixer).

Same cases and frames; palettes are read from ``skeleton.joint_matrices`` (what the blend pass
uploads). The first frame's palettes are ignored: Babylon Lite 1.10 blends its very first
update from an all-zero TRS instead of the rest pose (see the .mjs).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import lite
from lite.loader_gltf import load_gltf
from lite.skeleton.weighted_gltf_mixer import enable_animation_blending, set_animation_additive

FIXTURES = Path(__file__).resolve().parents[2] / "tests" / "fixtures"
DELTAS = [0, 1000 / 60, 1000 / 60, 33.25, 7.5, 100, 250, 1000 / 60, 420, 16, 333.3]
CASES: list[tuple[str, str, list[tuple[Any, ...]]]] = [
    ("rigged_figure", "walk_wave_half", [(0, "play", 0.5), (1, "play", 0.5)]),
    ("rigged_figure", "walk_partial", [(0, "play", 0.3)]),
    (
        "rigged_figure",
        "additive_layers",
        [(0, "play", 1.0), (2, "additive_paused", 0.6, 0, 0.75), (1, "additive", 0.4, 12)],
    ),
    ("two_skeletons", "three_weights", [(0, "play", 0.7), (1, "play", 1.0), (2, "play", 0.5)]),
]

cases = []
for name, label, setup in CASES:
    asset = load_gltf(FIXTURES / f"{name}.glb")
    manager = lite.create_animation_manager()
    groups = asset.animation_groups
    for g in groups:
        lite.stop_animation(g)
    for index, mode, weight, *rest in setup:
        g = groups[index]
        lite.play_animation(g)
        if mode in ("additive", "additive_paused"):
            set_animation_additive(g, reference_frame=rest[0])
        if mode == "additive_paused":
            g.current_time = rest[1]
            lite.pause_animation(g)
        lite.set_animation_weight(g, weight)
    lite.add_animation_groups(manager, groups)
    enable_animation_blending(manager)
    frames = []
    for d in DELTAS:
        lite.update_animation_manager(manager, d)
        frames.append(
            {
                "times": [g.current_time for g in groups],
                "palettes": {
                    str(i): s.joint_matrices.reshape(-1).tolist()
                    for i, s in enumerate(asset.skeletons)
                },
            }
        )
    cases.append({"asset": name, "label": label, "frames": frames})
print(json.dumps({"deltas": DELTAS, "cases": cases}))
