"""The fixtures of Babylon.js's own root-motion unit tests, in our words.

Babylon.js ``packages/dev/core/test/unit/Animations/babylon.rootMotion.test.ts`` builds every
case from one walking character: a character node, an FBX-shaped armature (scaled by a half,
turned a quarter about +Y), hips and two feet, keyed over a 60-frame cycle at 60 frames per
second. These helpers build the same rig with the same numbers (the hips' keys, the feet's
plant-and-swing, the sway, veer, turn, twist and offset options), and the same measuring
helpers (the hips in character space, the expected world pose after whole cycles).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from lite_compat import (
    Animation,
    AnimationGroup,
    Matrix,
    Quaternion,
    RootMotionClip,
    RootMotionController,
    Scene,
    TransformNode,
    Vector3,
)

FPS = 60
CYCLE_FRAMES = 60
SPEED = 1.2
HIP_HEIGHT = 1.0
SWAY_AMPLITUDE = 0.03
#: Frames of animation per 16 ms tick at 60 frames per second.
FRAMES_PER_TICK = 0.96


@dataclass
class Rig:
    """A skeleton, and (once a gait is added) its group and hips animations."""

    character: TransformNode
    armature: TransformNode
    hips: TransformNode
    leftFoot: TransformNode
    rightFoot: TransformNode
    head: TransformNode
    group: Any = None
    hipsAnimation: Any = None
    hipsRotationAnimation: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


def close(actual: float, expected: float, digits: int = 2) -> bool:
    """Vitest's ``toBeCloseTo(expected, digits)``: within half of 10**-digits."""
    return abs(actual - expected) < 10.0 ** (-digits) / 2


def foot_in_walk(time: float, side: int, speed: float) -> Vector3:
    """Where a foot is in character space, walking along +Z: planted half the cycle, swinging
    (raised) the other half."""
    half = CYCLE_FRAMES / FPS / 2
    shifted = time if side == 1 else time + half
    phase = shifted % (half * 2)
    planted_at = 0.3 if side == 1 else -0.3 + speed * half
    cycle_start = math.floor(shifted / (half * 2)) * speed * half * 2 - (
        0 if side == 1 else speed * half
    )
    if phase <= half:
        return Vector3(0.1 * side, 0, cycle_start + planted_at)
    swing = (phase - half) / half
    return Vector3(
        0.1 * side,
        0.15 * math.sin(math.pi * swing),
        cycle_start + planted_at + speed * half * 2 * swing,
    )


def build_skeleton(scene: Scene) -> Rig:
    """character > armature (scale 0.5, a quarter turn about +Y) > hips > feet, head."""
    character = TransformNode("character", scene)
    armature = TransformNode("armature", scene)
    armature.parent = character
    armature.scaling.setAll(0.5)
    armature.rotationQuaternion = Quaternion.RotationAxis(Vector3.Up(), math.pi / 2)
    hips = TransformNode("hips", scene)
    hips.parent = armature
    left = TransformNode("leftFoot", scene)
    left.parent = hips
    right = TransformNode("rightFoot", scene)
    right.parent = hips
    head = TransformNode("head", scene)
    head.parent = hips
    head.position.set(0, 1.4, 0)
    return Rig(character, armature, hips, left, right, head)


def vector_animation(
    name: str, prop: str, keys: Sequence[tuple[float, Any]], fps: float = FPS
) -> Any:
    """A cycling Vector3 animation of ``prop`` with ``(frame, value)`` keys."""
    animation = Animation(
        name, prop, fps, Animation.ANIMATIONTYPE_VECTOR3, Animation.ANIMATIONLOOPMODE_CYCLE
    )
    animation.setKeys([{"frame": f, "value": v} for f, v in keys])
    return animation


def add_gait(
    skeleton: Rig,
    gait: str,
    *,
    surge: float = 0.0,
    turn: float = 0.0,
    twist: float = 0.0,
    veer: float = 0.0,
    baseYaw: float = 0.0,
    euler: bool = False,
    speed: float = 1.0,
    offset: float = 0.0,
    name: str | None = None,
) -> Rig:
    """A group whose hips and feet walk (``rootMotion``), slide under still hips
    (``inPlace``) or stand (``idle``)."""
    velocity = SPEED * speed
    scene: Any = skeleton.character.getScene()
    veering = Matrix.RotationY(veer)
    to_armature = skeleton.armature.computeWorldMatrix(True).clone().invert()
    hips_keys: list[tuple[float, Any]] = []
    rotation_keys: list[tuple[float, Any]] = []
    left_keys: list[tuple[float, Any]] = []
    right_keys: list[tuple[float, Any]] = []
    cycle_seconds = CYCLE_FRAMES / FPS
    for frame in range(CYCLE_FRAMES + 1):
        time = frame / FPS
        heading = turn * frame / CYCLE_FRAMES
        path_x = 0.0
        path_z = velocity * time if gait == "rootMotion" else 0.0
        if gait == "rootMotion" and turn != 0:
            radius = velocity * cycle_seconds / turn
            path_x = radius * (1 - math.cos(heading))
            path_z = radius * math.sin(heading)
        phase = 2 * math.pi * frame / CYCLE_FRAMES
        hips_in_character = Vector3(
            path_x + offset + SWAY_AMPLITUDE * math.sin(phase),
            HIP_HEIGHT,
            path_z + surge * math.sin(2 * phase),
        )
        yaw = baseYaw + heading + twist * math.sin(phase)
        rotation_keys.append(
            (frame, Vector3(0, yaw, 0) if euler else Quaternion.RotationAxis(Vector3.Up(), yaw))
        )
        left = Vector3(0.1, 0, 0)
        right = Vector3(-0.1, 0, 0)
        if gait != "idle":
            shift = 0.0 if gait == "rootMotion" else velocity * time
            left = foot_in_walk(time, 1, velocity).subtractInPlace(Vector3(0, 0, shift))
            right = foot_in_walk(time, -1, velocity).subtractInPlace(Vector3(0, 0, shift))
        Vector3.TransformCoordinatesToRef(hips_in_character, veering, hips_in_character)
        Vector3.TransformCoordinatesToRef(left, veering, left)
        Vector3.TransformCoordinatesToRef(right, veering, right)
        hips_keys.append((frame, Vector3.TransformCoordinates(hips_in_character, to_armature)))
        left_keys.append(
            (frame, Vector3.TransformNormal(left.subtract(hips_in_character), to_armature))
        )
        right_keys.append(
            (frame, Vector3.TransformNormal(right.subtract(hips_in_character), to_armature))
        )
    group = AnimationGroup(name if name is not None else gait, scene)
    hips_animation = vector_animation("hips", "position", hips_keys)
    group.addTargetedAnimation(hips_animation, skeleton.hips)
    rotation_animation = None
    if turn != 0 or twist != 0 or baseYaw != 0:
        if euler:
            rotation_animation = Animation(
                "hipsRotation",
                "rotation",
                FPS,
                Animation.ANIMATIONTYPE_VECTOR3,
                Animation.ANIMATIONLOOPMODE_CYCLE,
            )
        else:
            rotation_animation = Animation(
                "hipsRotation",
                "rotationQuaternion",
                FPS,
                Animation.ANIMATIONTYPE_QUATERNION,
                Animation.ANIMATIONLOOPMODE_CYCLE,
            )
        rotation_animation.setKeys([{"frame": f, "value": v} for f, v in rotation_keys])
        group.addTargetedAnimation(rotation_animation, skeleton.hips)
    group.addTargetedAnimation(vector_animation("left", "position", left_keys), skeleton.leftFoot)
    group.addTargetedAnimation(
        vector_animation("right", "position", right_keys), skeleton.rightFoot
    )
    group.normalize(0, CYCLE_FRAMES)
    return Rig(
        skeleton.character,
        skeleton.armature,
        skeleton.hips,
        skeleton.leftFoot,
        skeleton.rightFoot,
        skeleton.head,
        group,
        hips_animation,
        rotation_animation,
    )


def build_rig(scene: Scene, gait: str, **options: Any) -> Rig:
    """A skeleton with one gait."""
    return add_gait(build_skeleton(scene), gait, **options)


def extract(rig: Rig, **options: Any) -> tuple[Any, Any, Any]:
    """``(clip, controller, in-place group)`` of a rig's group."""
    clip = RootMotionClip(rig.group, options) if options else RootMotionClip(rig.group)
    controller = RootMotionController(rig.character, [clip])
    return clip, controller, clip.animationGroup


def channel_of(group: Any, target: Any, prop: str) -> Any:
    """The animation of ``group`` that animates ``prop`` of ``target``."""
    for targeted in group.targetedAnimations:
        if targeted.target is target and targeted.animation.targetProperty == prop:
            return targeted.animation
    raise AssertionError(f"no {prop} channel on {target.name}")


def hips_in_character(rig: Rig, frame: float, animation: Any = None) -> Vector3:
    """The hips position in character space at a frame, straight from a position animation."""
    to_character = (
        rig.armature.computeWorldMatrix(True)
        .clone()
        .multiply(Matrix.Invert(rig.character.computeWorldMatrix(True)))
    )
    source = animation if animation is not None else rig.hipsAnimation
    return Vector3.TransformCoordinates(source.evaluate(frame), to_character)


def original_hips_in_character(rig: Rig, frame: float) -> Matrix:
    """The hips transform in character space at a frame of an untouched rig."""
    if rig.hipsRotationAnimation is not None:
        evaluated = rig.hipsRotationAnimation.evaluate(frame)
    else:
        evaluated = Quaternion.Identity()
    rotation = (
        Quaternion.FromEulerVector(evaluated) if isinstance(evaluated, Vector3) else evaluated
    )
    local = Matrix.Compose(Vector3.One(), rotation, rig.hipsAnimation.evaluate(frame))
    armature_rotation = rig.armature.rotationQuaternion
    assert armature_rotation is not None
    return local.multiply(
        Matrix.Compose(rig.armature.scaling, armature_rotation, rig.armature.position)
    )


def expected_world(
    local_at: Callable[[float], Matrix], frame: float, cycles: int, character: Matrix
) -> Matrix:
    """Where a node of the original clip is after ``cycles`` whole cycles and then ``frame``."""
    cycle = Matrix.Invert(local_at(0)).multiply(local_at(CYCLE_FRAMES))
    result = local_at(frame)
    for _ in range(cycles):
        result = result.multiply(cycle)
    return result.multiply(character)


def expected_hips_world(rig: Rig, frame: float, cycles: int, character: Matrix) -> Matrix:
    """Where the hips of the untouched rig are after whole cycles and then a frame."""
    return expected_world(lambda at: original_hips_in_character(rig, at), frame, cycles, character)


def fresh_world_matrix(node: Any) -> Matrix:
    """A node's world matrix with every ancestor recomputed first."""
    chain: list[Any] = []
    current = node
    while current is not None:
        chain.insert(0, current)
        current = current.parent
    for link in chain:
        link.computeWorldMatrix(True)
    world: Matrix = node.getWorldMatrix()
    return world


def assert_same_pose(actual: Matrix, expected: Matrix, tolerance: float) -> None:
    """Both transforms put a node at the same place, facing the same way."""
    assert Vector3.Distance(actual.getTranslation(), expected.getTranslation()) < tolerance

    def forward(matrix: Matrix) -> Vector3:
        return Vector3.TransformNormal(Vector3.Forward(), matrix).normalize()

    def right(matrix: Matrix) -> Vector3:
        return Vector3.TransformNormal(Vector3.Right(), matrix).normalize()

    assert Vector3.Distance(forward(actual), forward(expected)) < tolerance
    assert Vector3.Distance(right(actual), right(expected)) < tolerance


def run(scene: Scene, ticks: int) -> None:
    """``ticks`` animation steps of 16 ms (``scene.animate()``)."""
    for _ in range(ticks):
        scene.animate()


def walked(ticks: int, speed_ratio: float = 1.0) -> float:
    """How far a walk travels in ``ticks`` ticks (the first only establishes the start)."""
    return SPEED * speed_ratio * (ticks - 1) * 0.016


def set_loop_mode(group: Any, loop_mode: int) -> None:
    """Set ``loop_mode`` on every animation of ``group``."""
    for targeted in group.targetedAnimations:
        targeted.animation.loopMode = loop_mode
