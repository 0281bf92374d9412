"""RootMotionClip's options, read and checked once, and the constants and helpers it shares.

Port of the option handling of ``@babylonjs/core`` 9.31 ``Animations/rootMotion.js``
(``IRootMotionClipOptions``): every option is checked before anything is built
(``LITE-COMPAT-208`` names the option). The analysis constants are Babylon's.
"""

from __future__ import annotations

import array
import math
import re
from collections.abc import Mapping
from typing import Any

from lite.errors import AnimationStateError
from lite_compat._js import js_floor, js_number
from lite_compat.bones.bone import Bone
from lite_compat.math import Vector3
from lite_compat.meshes.abstract_mesh import AbstractMesh
from lite_compat.nodes.node import Node
from lite_compat.nodes.transform_node import TransformNode

_NONE = 0
_ROOT = 1
_FOOT = 2

_CONTACT_HEIGHT_BAND = 0.1
_PLANTED_HEIGHT_BAND = 0.05
_TRACK_STRIDE = 4
_MINIMUM_STRAIGHTNESS = 0.8
_DEDUCED_SNAP = math.pi / 18
_TANGENT_DELTA = 1e-3
_TWO_PI = 2 * math.pi
_MAX_SAMPLES = 10_000_000  # a float32 track of 160 MB: anything larger is a mistake
_RECEIVER = re.compile(r"^(position|rotationQuaternion|rotation)(\.|$)")


def _f32(n: int) -> array.array[float]:
    """A zeroed float32 array of ``n`` values (Babylon's ``new Float32Array(n)``)."""
    return array.array("f", bytes(4 * n))


def _wrap_angle(angle: float) -> float:
    return angle - _TWO_PI * js_floor((angle + math.pi) / _TWO_PI)


def _is_joint(node: Node) -> bool:
    return isinstance(node, TransformNode) and not isinstance(node, AbstractMesh)


def _option(options: object, name: str) -> Any:
    if options is None:
        return None
    if isinstance(options, Mapping):
        return options.get(name)
    return getattr(options, name, None)


def _fail(code: str, message: str, hint: str, input_name: str | None = None) -> AnimationStateError:
    return AnimationStateError(code, message, hint=hint, input_name=input_name)


def _js_round(x: float) -> float:
    """``Math.round`` (halves round up)."""
    return js_floor(x + 0.5)


def _key_get(key: Any, name: str) -> Any:
    if isinstance(key, Mapping):
        return key.get(name)
    return getattr(key, name, None)


class _Options:
    """The validated options of a :class:`RootMotionClip` (checked before anything is built)."""

    def __init__(self, options: object) -> None:
        if options is not None and isinstance(options, str | int | float | list | tuple):
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: options must be a dict (or an object with attributes), got "
                f"{type(options).__name__}",
                "pass the options as a dict, e.g. {'extractRotation': True}",
                "options",
            )
        self.upAxis: Vector3 | None = self._of(options, "upAxis", Vector3)
        self.rootNode: object = self._node(options, "rootNode")
        self.characterNode: TransformNode | None = self._of(options, "characterNode", TransformNode)
        self.extractLateralMotion = _option(options, "extractLateralMotion")
        self.directionSnapAngle = self._number(options, "directionSnapAngle")
        self.minimumTravel = self._number(options, "minimumTravel")
        self.minimumTurn = self._number(options, "minimumTurn")
        self.samplesPerSecond = self._number(options, "samplesPerSecond")
        self.cloneAnimations = _option(options, "cloneAnimations")
        name = _option(options, "name")
        self.name: str | None = None if name is None else str(name)
        source = self._number(options, "source")
        if source is not None and source not in (_NONE, _ROOT, _FOOT):
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: option source must be a RootMotionSource, got {source!r}",
                "pass RootMotionSource.Root or RootMotionSource.FootContact, or leave it out",
                "source",
            )
        self.source: int | None = None if source is None else int(source)
        extract = _option(options, "extractRotation")
        self.extractRotation: bool | None = None if extract is None else bool(extract)
        contacts = _option(options, "contactNodes")
        if contacts is not None:
            if not isinstance(contacts, list | tuple):
                raise _fail(
                    "LITE-COMPAT-208",
                    f"RootMotionClip: option contactNodes must be a list of nodes, got "
                    f"{type(contacts).__name__}",
                    "pass the contact nodes (the feet) as a list",
                    "contactNodes",
                )
            for node in contacts:
                if not isinstance(node, TransformNode | Bone):
                    raise _fail(
                        "LITE-COMPAT-208",
                        f"RootMotionClip: contactNodes holds a {type(node).__name__}, not a "
                        "TransformNode or Bone",
                        "pass the contact nodes themselves",
                        "contactNodes",
                    )
        self.contactNodes: list[Node] | None = None if contacts is None else list(contacts)

    @staticmethod
    def _of(options: object, name: str, kind: type) -> Any:
        value = _option(options, name)
        if value is not None and not isinstance(value, kind):
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: option {name} must be a {kind.__name__}, got "
                f"{type(value).__name__}",
                f"pass a {kind.__name__} as {name}, or leave it out",
                name,
            )
        return value

    @staticmethod
    def _node(options: object, name: str) -> object:
        value = _option(options, name)
        if value is not None and not isinstance(value, TransformNode | Bone):
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: option {name} must be a TransformNode or a Bone, got "
                f"{type(value).__name__}",
                "pass the node itself, not its name",
                name,
            )
        return value

    @staticmethod
    def _number(options: object, name: str) -> float | None:
        value = _option(options, name)
        if value is None:
            return None
        number = js_number(value)
        if number is None or number != number:
            raise _fail(
                "LITE-COMPAT-208",
                f"RootMotionClip: option {name} must be a number, got {value!r}",
                f"pass {name} as an int or float, or leave it out",
                name,
            )
        return number
