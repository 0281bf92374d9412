# parity: {"atol": 1e-6, "rtol": 1e-6}
# Babylon Lite 1.10 manual weighted blending: weighted sums per (target, property), no
# normalisation, quaternion hemisphere correction, uncontested direct writes, fades, cross-fades.
import json

from lite import (
    create_animation_manager,
    create_property_animation_clip,
    create_property_animation_group,
    cross_fade_animation_groups,
    enable_property_animation_blending,
    fade_animation_weight,
    pause_animation,
    play_animation,
    set_animation_weight,
    stop_animation,
    update_animation_manager,
)


class Vec3:
    def __init__(self): self.x = 0; self.y = 0; self.z = 0  # noqa: E702
    def set(self, x, y, z): self.x = x; self.y = y; self.z = z  # noqa: E702


class Quat:
    def __init__(self): self.x = 0; self.y = 0; self.z = 0; self.w = 1  # noqa: E702
    def set(self, x, y, z, w): self.x = x; self.y = y; self.z = z; self.w = w  # noqa: E702


make_target = lambda: {"alpha": 0, "position": Vec3(), "rotationQuaternion": Quat(), "other": {"x": 0}}  # noqa: E731
snap = lambda t, groups: {  # noqa: E731
    "alpha": t["alpha"], "p": [t["position"].x, t["position"].y, t["position"].z],
    "q": [t["rotationQuaternion"].x, t["rotationQuaternion"].y, t["rotationQuaternion"].z, t["rotationQuaternion"].w],
    "other": t["other"]["x"], "w": [g.weight for g in groups], "t": [g.current_time for g in groups],
}
clips = {
    "walk": create_property_animation_clip("walk", [
        {"path": "alpha", "keys": [{"time": 0, "value": 0}, {"time": 1, "value": 10}]},
        {"path": "position", "keys": [{"time": 0, "value": [0, 0, 0]}, {"time": 0.5, "value": [1, 2, 3]}, {"time": 1, "value": [0, 0, 0]}]},
        {"path": "rotationQuaternion", "keys": [{"time": 0, "value": [0, 0, 0, 1]}, {"time": 1, "value": [0, 0.7071068, 0, 0.7071068]}]},
    ]),
    "run": create_property_animation_clip("run", [
        {"path": "alpha", "keys": [{"time": 0, "value": 5}, {"time": 0.6, "value": -5}]},
        {"path": "position", "keys": [{"time": 0, "value": [2, 0, -2]}, {"time": 0.6, "value": [4, 4, 4]}]},
        {"path": "rotationQuaternion", "keys": [{"time": 0, "value": [0, 0, -0.3826834, -0.9238795]}, {"time": 0.6, "value": [0.5, 0.5, 0.5, -0.5]}]},
    ]),
    "side": create_property_animation_clip("side", [{"path": "other.x", "keys": [{"time": 0, "value": 1}, {"time": 0.4, "value": 3}]}]),
}
cases = {
    "fixed_weights": {"groups": ["walk", "run"], "setup": [["weight", 0, 0.3], ["weight", 1, 0.7]], "ops": [["tick", 33]] * 30},
    "fixed_weights_swapped": {"groups": ["run", "walk"], "setup": [["weight", 1, 0.3], ["weight", 0, 0.7]], "ops": [["tick", 33]] * 30},
    "under_sum": {"groups": ["walk", "run"], "setup": [["weight", 0, 0.5], ["weight", 1, 0.25]], "ops": [["tick", 50]] * 20},
    "full_and_half": {"groups": ["walk", "run"], "setup": [["weight", 1, 0.5]], "ops": [["tick", 50]] * 20},
    "zero_weight": {"groups": ["walk", "run", "side"], "setup": [["weight", 0, 0], ["weight", 1, 0.6]], "ops": [["tick", 45]] * 20},
    "uncontested_side": {"groups": ["walk", "side"], "setup": [["weight", 0, 0.4]], "ops": [["tick", 45]] * 20},
    "fade_out": {"groups": ["walk", "run"], "setup": [["weight", 1, 0.5], ["fade", 0, 0.2, 500]], "ops": [["tick", 33]] * 30},
    "fade_from": {"groups": ["walk", "run"], "setup": [["fadeFrom", 1, 0.9, 0.1, 400]], "ops": [["tick", 33]] * 20},
    "cross_fade": {"groups": ["walk", "run"], "setup": [["weight", 1, 0], ["cross", 0, 1, 300, 1]], "ops": [["tick", 33]] * 20},
    "cross_fade_to_weight": {"groups": ["walk", "run"], "setup": [["weight", 1, 0], ["cross", 0, 1, 250, 0.8]], "ops": [["tick", 33]] * 20},
    "fade_replaced": {"groups": ["walk", "run"], "setup": [["weight", 1, 0.5], ["fade", 1, 1, 1000]], "ops": [["tick", 100], ["tick", 100], ["fade", 1, 0, 200], ["tick", 50], ["tick", 50], ["tick", 50], ["tick", 50], ["tick", 50], ["tick", 50]]},
    "pause_stop_in_blend": {"groups": ["walk", "run"], "setup": [["weight", 0, 0.5], ["weight", 1, 0.5]], "ops": [["tick", 100], ["pause", 1], ["tick", 100], ["tick", 100], ["play", 1], ["tick", 100], ["stop", 0], ["tick", 100], ["tick", 100], ["play", 0], ["tick", 100]]},
    "uneven_long": {"groups": ["walk", "run"], "setup": [["weight", 0, 0.35], ["weight", 1, 0.65]], "ops": [["tick", 3 + ((i * 104729) % 41) * 0.913] for i in range(300)]},
}
doc = {}
for name, c in cases.items():
    manager = create_animation_manager()
    target = make_target()
    groups = [create_property_animation_group(manager, target, clips[clip_name]) for clip_name in c["groups"]]
    enable_property_animation_blending(manager)

    def apply(op):
        if op[0] == "weight": set_animation_weight(groups[op[1]], op[2])  # noqa: E701
        elif op[0] == "fade": fade_animation_weight(manager, groups[op[1]], to=op[2], duration_ms=op[3])  # noqa: E701
        elif op[0] == "fadeFrom": fade_animation_weight(manager, groups[op[1]], from_=op[2], to=op[3], duration_ms=op[4])  # noqa: E701
        elif op[0] == "cross": cross_fade_animation_groups(manager, groups[op[1]], groups[op[2]], duration_ms=op[3], to_weight=op[4])  # noqa: E701
        elif op[0] == "tick": update_animation_manager(manager, op[1])  # noqa: E701
        elif op[0] == "pause": pause_animation(groups[op[1]])  # noqa: E701
        elif op[0] == "play": play_animation(groups[op[1]])  # noqa: E701
        elif op[0] == "stop": stop_animation(groups[op[1]])  # noqa: E701

    for op in c["setup"]:
        apply(op)
    steps = []
    for op in c["ops"]:
        apply(op)
        steps.append(snap(target, groups))
    doc[name] = steps
print(json.dumps(doc))
