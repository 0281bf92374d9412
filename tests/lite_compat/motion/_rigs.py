"""Generated rigs of the root-motion tests, as built by parity/scenarios/compat_motion_root_motion.mjs."""

from __future__ import annotations

import math

from lite_compat import Animation, AnimationGroup, Quaternion, Scene, TransformNode, Vector3

N = 30


def vec_anim(name: str, prop: str, keys: list[list[float]]) -> Animation:
    a = Animation(
        name, prop, 30, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE
    )
    a.setKeys([{"frame": f, "value": Vector3(x, y, z)} for f, x, y, z in keys])
    return a


def quat_anim(name: str, keys: list[list[float]]) -> Animation:
    a = Animation(
        name,
        "rotationQuaternion",
        30,
        Animation.ANIMATIONTYPE_QUATERNION,
        Animation.ANIMATIONLOOPMODE_CYCLE,
    )
    a.setKeys([{"frame": f, "value": Quaternion.RotationYawPitchRoll(y, p, 0)} for f, y, p in keys])
    return a


def rig(scene: Scene, name: str) -> dict[str, TransformNode]:
    """character > hips > (legL > footL, legR > footR)."""
    character = TransformNode(name, scene)
    hips = TransformNode(name + "_hips", scene)
    hips.parent = character
    hips.position = Vector3(0, 1, 0)
    hips.rotationQuaternion = Quaternion.Identity()
    nodes = {"character": character, "hips": hips}
    for side, x in (("L", 0.2), ("R", -0.2)):
        leg = TransformNode(name + "_leg" + side, scene)
        leg.parent = hips
        leg.position = Vector3(x, -0.5, 0)
        foot = TransformNode(name + "_foot" + side, scene)
        foot.parent = leg
        foot.position = Vector3(0, -0.5, 0)
        nodes["leg" + side] = leg
        nodes["foot" + side] = foot
    return nodes


def frames(fn: object) -> list[list[float]]:
    return [[i * 5, *fn(i * 5)] for i in range(N // 5 + 1)]  # type: ignore[operator]


def walk_group(
    scene: Scene, r: dict[str, TransformNode], name: str, stride: float, turn: float
) -> AnimationGroup:
    """The scenario's walk: the hips travel ``stride`` and turn ``turn`` per 1 s cycle."""
    g = AnimationGroup(name, scene)
    tau = 2 * math.pi
    g.addTargetedAnimation(
        vec_anim(
            name + "P",
            "position",
            frames(
                lambda f: [
                    0.03 * math.sin(f / N * tau),
                    1 + 0.05 * math.cos(f / N * 2 * tau),
                    stride * f / N,
                ]
            ),
        ),
        r["hips"],
    )
    g.addTargetedAnimation(
        quat_anim(name + "Q", frames(lambda f: [turn * f / N, 0.05 * math.sin(f / N * tau)])),
        r["hips"],
    )
    g.addTargetedAnimation(
        vec_anim(
            name + "L", "position", frames(lambda f: [0.2, -0.5, 0.3 * math.sin(f / N * tau)])
        ),
        r["legL"],
    )
    g.addTargetedAnimation(
        vec_anim(
            name + "R", "position", frames(lambda f: [-0.2, -0.5, -0.3 * math.sin(f / N * tau)])
        ),
        r["legR"],
    )
    return g


def step(scene: Scene, n: int, dt: float) -> None:
    """``n`` animation steps of ``dt`` ms, each followed by onAfterAnimationsObservable."""
    for _ in range(n):
        scene._animate(dt)
        scene.onAfterAnimationsObservable.notifyObservers(scene)
